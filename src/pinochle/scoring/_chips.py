"""Chip games (rules/three-hand#auction-pinochle): every hand is paid in chips, by bid.

Under ``game.scoring = "chips"`` each opponent pays the bidder the schedule's payment for
the bid (``chips.schedule``: the row of the highest bid not above it), multiplied by the
trump suit's factor (``chips.suit_multipliers``); a bidder set after play pays each
opponent ``chips.set`` times that, and one who surrenders after meld ``chips.concede``
times. A bidder whose meld alone reaches the bid (``settlement.meld_makes_bid``) or whose
opponents concede (``settlement.opponents_concede``) wins without play and is paid once,
as for a made bid: the payment depends on the bid only, so the tricks never played change
nothing. Meld and trick points decide only whether the bid was made. A chip game never
ends by score.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from pinochle.cards import Suit
from pinochle.errors import SettlementError
from pinochle.scoring._results import HandResult, MeldStatus, Outcome, SideResult
from pinochle.variant import Variant


def chip_payment(variant: Variant, bid: int, trump: Suit | None) -> int:
    """Chips each opponent pays (or receives) for a bid, before the set or concede factor."""
    rows = [row for row in variant.chips.schedule if row.bid <= bid]
    if not rows:
        lowest = variant.chips.schedule[0].bid if variant.chips.schedule else None
        raise SettlementError(f"bid {bid} is below the chip schedule, which starts at {lowest}")
    factor = variant.chips.suit_multipliers.of(trump) if trump is not None else 1
    return rows[-1].pays * factor


def settle_chips(
    variant: Variant,
    bidder: int,
    bid: int,
    meld: tuple[int, ...],
    statuses: list[MeldStatus],
    points: tuple[int, ...],
    made: bool,
    trump: Suit | None,
) -> HandResult:
    """A played chip hand: made pays once, set after play pays ``chips.set`` times back."""
    if not made:
        statuses[bidder] = MeldStatus.SET if meld[bidder] else MeldStatus.NONE
    factor = 1 if made else -variant.chips.set
    outcome = Outcome.MADE if made else Outcome.SET
    return chip_result(variant, bidder, bid, meld, outcome, trump, factor, statuses, points)


def chip_result(
    variant: Variant,
    bidder: int,
    bid: int,
    meld: tuple[int, ...],
    outcome: Outcome,
    trump: Suit | None,
    factor: int,
    statuses: Sequence[MeldStatus] | None = None,
    points: Sequence[int] | None = None,
) -> HandResult:
    """Each opponent pays the bidder the payment times ``factor`` (negative: the bidder pays)."""
    each = chip_payment(variant, bid, trump) * factor
    opponents = variant.sides - 1
    if statuses is None:
        statuses = [
            MeldStatus.SET if i == bidder and m else MeldStatus.SAVED if m else MeldStatus.NONE
            for i, m in enumerate(meld)
        ]
    sides = tuple(
        SideResult(
            m,
            statuses[i],
            points[i] if points is not None else 0,
            each * opponents if i == bidder else -each,
        )
        for i, m in enumerate(meld)
    )
    chips = f"{abs(each)} chip" + ("" if abs(each) == 1 else "s")
    if each >= 0:
        reason = f"{outcome.value}: each opponent pays the bidder {chips}"
    else:
        reason = f"{outcome.value}: the bidder pays each opponent {chips}"
    return HandResult(outcome, bidder, bid, sides, reason)


def settle_won_unplayed(
    variant: Variant,
    bidder: int,
    bid: int,
    meld: tuple[int, ...],
    outcome: Outcome,
    trump: Suit | None,
) -> HandResult:
    """The bidder wins after meld, without play: each opponent pays once, as for a made bid.

    These shortcuts are chip rules (rules/three-hand#auction-pinochle): the payment depends
    on the bid only, so
    the tricks that were never played change nothing (``settlement.meld_makes_bid``,
    ``settlement.opponents_concede`` need ``game.scoring = "chips"``).
    """
    statuses = [MeldStatus.SAVED if m else MeldStatus.NONE for m in meld]
    result = chip_result(variant, bidder, bid, meld, outcome, trump, 1, statuses)
    why = {
        Outcome.MADE_ON_MELD: f"meld {meld[bidder]} ≥ {bid}, won without play",
        Outcome.CONCEDED: "the opponents conceded after meld",
    }[outcome]
    return attrs.evolve(result, reason=f"{result.reason} ({why})")
