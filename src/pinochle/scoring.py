"""Hand settlement and game end (rules/settlement, rules/game-end): pure functions of the profile.

`settle_hand` turns what happened in a hand (the bid, each side's meld, trick points and
tricks) into a `HandResult` that says both the numbers and why: `Outcome.MADE`,
`Outcome.SET`, `Outcome.NOT_ON_BOARD`, ... and for each side whether its meld was saved.
`game_end` says whether the running scores end the game and who won.

A *side* is a partnership in the four-hand game and a single player otherwise; sides are
numbered like the scores they own. Every rule difference is one small function chosen by a
profile key (the tables ``_SAVE_RULES``, ``_SET_RULES``), not a scattering of ifs.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from pinochle.cards import Suit
from pinochle.errors import VARIANT_EXPECTED, ArgumentError, SettlementError
from pinochle.tricks import deck_points, round_trick_points
from pinochle.variant import (
    BothReach,
    GameScoring,
    MadeRule,
    OutOfReach,
    SaveApplies,
    SaveMeld,
    SetRule,
    SurrenderScore,
    TrumpRule,
    Variant,
    WithoutMarriage,
)

__all__ = [
    "GameEnd",
    "HandResult",
    "MeldStatus",
    "Outcome",
    "SettlementError",
    "SideResult",
    "chip_payment",
    "game_end",
    "is_out_of_reach",
    "settle_hand",
    "wins_on_meld",
]


class Outcome(enum.StrEnum):
    """How a hand ended, from the bidders' point of view."""

    MADE = "made"
    """The bidders reached their bid with meld plus trick points."""
    SET = "set"
    """The bidders played and fell short."""
    NOT_ON_BOARD = "not on the board"
    """The bid was above the bidders' meld plus every trick point: not played."""
    THROWN_IN = "thrown in"
    """The bidder conceded after meld."""
    NO_MARRIAGE = "no marriage"
    """The bidder held no marriage to name trump with and surrendered."""
    NO_BID = "no bid"
    """A game without an auction (two-hand): each side simply scores."""
    MADE_ON_MELD = "made on meld"
    """The bidder's meld alone reached the bid: won without play (``meld_makes_bid``)."""
    CONCEDED = "conceded"
    """The opponents conceded after meld: the bidder won without play."""


class MeldStatus(enum.StrEnum):
    """What became of a side's meld."""

    SAVED = "saved"
    """It counts: the side met the saving rule (or none applied to it)."""
    NINES = "saved by nines"
    """It counts without a trick: it is only dixes, which save themselves."""
    LOST = "lost"
    """It does not count: the side did not meet the saving rule."""
    BELOW_MINIMUM = "below minimum"
    """It does not count: it is less than ``settlement.minimum_meld``."""
    SET = "set"
    """It does not count: the side bid and was set (or surrendered)."""
    NONE = "none"
    """The side had no meld."""


@attrs.frozen
class SideResult:
    """One side's part of a hand's result.

    Attributes:
        meld: The meld the side showed.
        meld_status: What became of it.
        points: Trick points the side took (after the profile's rounding); 0 if not played.
        score: What the side scores for the hand: points, or chips in a chip game.
    """

    meld: int
    meld_status: MeldStatus
    points: int
    score: int

    @property
    def meld_counted(self) -> bool:
        """Whether the side's meld counts for it."""
        return self.meld_status in (MeldStatus.SAVED, MeldStatus.NINES)


@attrs.frozen
class HandResult:
    """The settlement of one hand: the numbers and why.

    Attributes:
        outcome: How the hand ended.
        bidder: The bidding side, or None (no auction).
        bid: The bid (0 with no auction).
        sides: Each side's meld, meld status, points and score, by side.
        reason: One line that explains the settlement to a player.
    """

    outcome: Outcome
    bidder: int | None
    bid: int
    sides: tuple[SideResult, ...]
    reason: str

    @property
    def scores(self) -> tuple[int, ...]:
        """What each side scores for the hand (negative when set)."""
        return tuple(side.score for side in self.sides)

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready wire document (see `pinochle.wire`)."""
        from pinochle import wire  # on first use: the core stays lean

        return wire.to_dict(self)

    def to_json(self, *, indent: int | None = None) -> str:
        """The result as a JSON wire document."""
        from pinochle import wire

        return wire.to_json(self, indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> HandResult:
        """Read a result document.

        Raises:
            WireError: Not a result document, or a field missing, unknown or malformed.
        """
        from pinochle import wire

        result: HandResult = wire.from_dict("result", data)
        return result

    @classmethod
    def from_json(cls, text: str | bytes) -> HandResult:
        """Read a result from JSON text or UTF-8 bytes."""
        from pinochle import wire

        result: HandResult = wire.from_json("result", text)
        return result


@attrs.frozen
class GameEnd:
    """Whether the game is over after a hand.

    Attributes:
        winner: The winning side, or None while the game goes on.
        target: The target in force for the next hand (it may have risen).
        reason: Why the game ended or went on, when something happened ("" otherwise).
    """

    winner: int | None
    target: int | None
    reason: str = ""


# --- Saving meld (rules/settlement#saving-meld) ----------------------------------------


@attrs.frozen
class _Take:
    """What one side took in tricks, as far as the saving rules need it."""

    points: int
    tricks: int | None  # None: not known
    counter: bool  # a counter (A, 10, K) or the last trick


def _took_trick(take: _Take) -> bool:
    if take.tricks is not None:
        return take.tricks > 0
    if take.points > 0:
        return True
    raise SettlementError(
        "this profile saves meld with any trick: say how many tricks each side won (tricks=...)"
    )


_SAVE_RULES: dict[SaveMeld, Callable[[_Take], bool]] = {
    SaveMeld.COUNTER: lambda take: take.counter,
    SaveMeld.TRICK: _took_trick,
    SaveMeld.SCORING_TRICK: lambda take: take.points > 0,
    SaveMeld.NONE: lambda take: True,
}


def _saves_meld(variant: Variant, take: _Take) -> bool:
    rule = variant.settlement.save_meld
    if isinstance(rule, SaveMeld):
        return _SAVE_RULES[rule](take)
    return take.points >= rule  # double deck: that many trick points


def _meld_status(
    variant: Variant, meld: int, take: _Take | None, bound: bool, nines_only: bool
) -> MeldStatus:
    """Whether a side's meld counts: the minimum meld, then the saving rule if it binds."""
    s = variant.settlement
    if meld == 0:
        return MeldStatus.NONE
    if meld < s.minimum_meld:
        return MeldStatus.BELOW_MINIMUM
    if take is None or not bound:
        return MeldStatus.SAVED
    if _saves_meld(variant, take):
        return MeldStatus.SAVED
    if nines_only and s.nines_save_themselves:
        return MeldStatus.NINES
    return MeldStatus.LOST


def _short_of_trick_points(variant: Variant, points: Sequence[int]) -> frozenset[int]:
    """The sides under ``settlement.min_trick_points``: they score nothing for the hand.

    The double-deck 20-point rule (rules/settlement#defenders, rules/settlement#saving-meld):
    a side with fewer trick points scores nothing, meld included, and bidders under it are
    set.
    """
    least = variant.settlement.min_trick_points
    if not least:
        return frozenset()
    return frozenset(i for i, p in enumerate(points) if p < least)


def _short_status(status: MeldStatus) -> MeldStatus:
    """A meld that would count is lost when its side is short of the trick points."""
    return MeldStatus.LOST if status in (MeldStatus.SAVED, MeldStatus.NINES) else status


# --- Set rules (rules/settlement#set): (bidders' score, bonus to each other side) --------

_SET_RULES: dict[SetRule, Callable[[int], tuple[int, int]]] = {
    SetRule.MINUS_BID: lambda bid: (-bid, 0),
    SetRule.OPPONENTS_SCORE_BID: lambda bid: (0, bid),
    SetRule.NPA: lambda bid: (-bid, bid),
    SetRule.ZERO: lambda bid: (0, 0),
}


# --- Settlement ------------------------------------------------------------------------


def _check_types(
    variant: object,
    bidder: object,
    bid: object,
    meld: object,
    points: object,
    tricks: object,
    counters: object,
    nines_only: object,
    trump: object,
) -> None:
    """The facts' types, where they enter (cheap: a few type tests on short tuples)."""
    if not isinstance(variant, Variant):
        raise ArgumentError("variant", VARIANT_EXPECTED, variant)
    if bidder is not None and type(bidder) is not int:
        raise ArgumentError("bidder", "a side number or None", bidder)
    if type(bid) is not int:
        raise ArgumentError("bid", "a whole number (int)", bid)
    if trump is not None and not isinstance(trump, Suit):
        raise ArgumentError("trump", "a Suit or None", trump)
    for name, values, kind in (
        ("meld", meld, int),
        ("points", points, int),
        ("tricks", tricks, int),
        ("counters", counters, bool),
        ("nines_only", nines_only, bool),
    ):
        if values is None and name != "meld":
            continue
        if (
            not isinstance(values, Sequence)
            or isinstance(values, str)
            or not all(type(v) is kind for v in values)
        ):
            what = "whole numbers (int)" if kind is int else "true or false (bool)"
            raise ArgumentError(name, f"a sequence of {what}, one per side", values)


def _check_facts(
    variant: Variant,
    bidder: int | None,
    bid: int,
    meld: Sequence[int],
    points: Sequence[int] | None,
    tricks: Sequence[int] | None,
    nines_only: Sequence[bool] | None,
    counters: Sequence[bool] | None,
) -> None:
    n = variant.sides
    if len(meld) != n:
        raise SettlementError(f"meld: expected {n} values (one per side), found {len(meld)}")
    if any(m < 0 for m in meld):
        raise SettlementError(f"meld cannot be negative, found {list(meld)}")
    if bidder is not None and not 0 <= bidder < n:
        raise SettlementError(f"bidder: expected a side from 0 to {n - 1}, found {bidder}")
    if bid < 0:
        raise SettlementError(f"bid cannot be negative, found {bid}")
    for name, values in (("nines_only", nines_only), ("counters", counters)):
        if values is not None and len(values) != n:
            raise SettlementError(f"{name}: expected {n} values, found {len(values)}")
    if points is not None:
        total = deck_points(variant)
        if len(points) != n:
            raise SettlementError(f"points: expected {n} values, found {len(points)}")
        # Buried widow cards that do not count belong to nobody (``kitty.buried_count``).
        short = variant.deal.kitty and not variant.kitty.buried_count
        if any(p < 0 for p in points):
            raise SettlementError(f"trick points cannot be negative, found {list(points)}")
        if short and sum(points) > total:
            raise SettlementError(
                f"trick points {list(points)} add up to {sum(points)}, but a hand has only "
                f"{total} trick points (last trick included)"
            )
        if sum(points) != total and not short:
            raise SettlementError(
                f"trick points {list(points)} add up to {sum(points)}, but every hand's trick "
                f"points (last trick included) add up to {total}"
            )
    if tricks is not None:
        if len(tricks) != n:
            raise SettlementError(f"tricks: expected {n} values, found {len(tricks)}")
        if any(t < 0 for t in tricks):
            raise SettlementError(f"tricks cannot be negative, found {list(tricks)}")
        if sum(tricks) != variant.tricks_per_hand:
            raise SettlementError(
                f"tricks {list(tricks)} add up to {sum(tricks)}, but a hand has "
                f"{variant.tricks_per_hand} tricks"
            )
        # Every trick point was won in a trick, except the widow cards a bidder buries,
        # which count for the bidder even without a trick (rules/passing-and-kitty#kitty).
        buried = bidder if variant.deal.kitty else None
        for side, (p, t) in enumerate(zip(points or (), tricks, strict=False)):
            if p > 0 and t == 0 and side != buried:
                raise SettlementError(f"side {side} has trick points but won no trick")


def _counted(variant: Variant, meld: int) -> int:
    return meld if meld >= variant.settlement.minimum_meld else 0


def settle_hand(
    variant: Variant,
    *,
    bidder: int | None,
    bid: int,
    meld: Sequence[int],
    points: Sequence[int] | None = None,
    tricks: Sequence[int] | None = None,
    counters: Sequence[bool] | None = None,
    nines_only: Sequence[bool] | None = None,
    thrown_in: bool = False,
    no_marriage: bool = False,
    trump: Suit | None = None,
    conceded: bool = False,
) -> HandResult:
    """Settle one hand under the profile (rules/settlement; chips: rules/three-hand).

    Args:
        variant: The rules.
        bidder: The side that won the auction, or None in a game without one.
        bid: The winning bid (ignored without a bidder).
        meld: Each side's meld as shown (partners' meld added together).
        points: Each side's trick points, last trick included, before any rounding; they add
            up to the deck total. None when the hand was not played (thrown in, out of reach,
            no marriage).
        tricks: Tricks won by each side; needed only to save meld with a pointless trick.
        counters: Whether each side took a counter (A, 10, K) or the last trick; by default a
            side with trick points did (exact for the counters count).
        nines_only: Whether each side's meld is only dixes (the nines save themselves).
        thrown_in: The bidder conceded after meld.
        no_marriage: The bidder surrendered for want of a marriage to name trump.
        trump: The trump suit (chip games multiply payments by it).
        conceded: The opponents conceded after meld (``settlement.opponents_concede``). A
            bidder whose meld reaches the bid under ``settlement.meld_makes_bid`` wins
            without play too; that follows from the meld and needs no flag.

    Returns:
        The result: outcome, each side's score and meld status, and a one-line reason.

    Raises:
        SettlementError: Impossible or missing numbers (trick points that do not add up,
            a negative meld, points for a hand that is not played, ...).
        ArgumentError: A value of the wrong type: ``variant`` not a `Variant`, a number that
            is not an `int` (``26.0`` would make fractional scores), flags that are not
            `bool`, ``trump`` not a `Suit`.
    """
    _check_types(variant, bidder, bid, meld, points, tricks, counters, nines_only, trump)
    meld = tuple(meld)
    _check_facts(variant, bidder, bid, meld, points, tricks, nines_only, counters)
    return _settle_checked(
        variant,
        bidder,
        bid,
        meld,
        points,
        tricks,
        counters,
        nines_only,
        thrown_in,
        no_marriage,
        trump,
        conceded,
    )


def _settle_checked(
    variant: Variant,
    bidder: int | None,
    bid: int,
    meld: tuple[int, ...],
    points: Sequence[int] | None,
    tricks: Sequence[int] | None,
    counters: Sequence[bool] | None,
    nines_only: Sequence[bool] | None,
    thrown_in: bool,
    no_marriage: bool,
    trump: Suit | None,
    conceded: bool,
) -> HandResult:
    """`settle_hand` past its checks of the facts' types and sums.

    The engine settles through here: its facts are sound by construction (tuples of ints
    and bools, one per side, totals that add up, as tests/test_engine_games.py pins), and
    the checks cost as much as the settlement itself, once a hand.
    """
    n = variant.sides
    played = points is not None
    if bidder is None:
        if not played:
            raise SettlementError("a hand without a bidder is always played: give points")
        if thrown_in or no_marriage:
            raise SettlementError("only a bidder can throw in or surrender")
        return _settle_no_bid(variant, meld, points or (), tricks, counters, nines_only)

    won = _won_without_play(variant, bidder, bid, meld, thrown_in, no_marriage, conceded)
    if won is not None:
        if played:
            raise SettlementError(
                f"the hand was not played ({won.value}): record it without points"
            )
        return _settle_won_unplayed(variant, bidder, bid, meld, won, trump)
    surrender = _surrender(variant, bidder, bid, meld, played, thrown_in, no_marriage)
    if surrender is not None:
        if played:
            raise SettlementError(
                f"the hand was not played ({surrender.value}): record it without points"
            )
        return _settle_surrender(variant, bidder, bid, meld, surrender, trump)
    if not played:
        raise SettlementError("the hand was played: give each side's trick points")

    rounded = tuple(round_trick_points(p, variant) for p in points or ())
    nines = tuple(nines_only) if nines_only is not None else (False,) * n
    takes = [
        _Take(
            rounded[i],
            None if tricks is None else tricks[i],
            counters[i] if counters is not None else rounded[i] > 0,
        )
        for i in range(n)
    ]
    binds_bidder = variant.settlement.save_meld_applies_to is SaveApplies.BOTH
    statuses = [
        _meld_status(variant, meld[i], takes[i], i != bidder or binds_bidder, nines[i])
        for i in range(n)
    ]
    short = _short_of_trick_points(variant, rounded)
    for i in short:
        statuses[i] = _short_status(statuses[i])
    bidder_meld = meld[bidder] if statuses[bidder] in (MeldStatus.SAVED, MeldStatus.NINES) else 0
    earned = bidder_meld + rounded[bidder]
    made = earned >= bid and bidder not in short

    if variant.game.scoring is GameScoring.CHIPS:
        return _settle_chips(variant, bidder, bid, meld, statuses, rounded, made, trump)

    bonus = 0
    if made:
        outcome = Outcome.MADE
        bidder_score = earned if variant.settlement.made is MadeRule.ALL else bid
        reason = f"made: {_sum_text(bidder_meld, rounded[bidder])} = {earned} ≥ {bid}"
    else:
        outcome = Outcome.SET
        bidder_score, bonus = _SET_RULES[variant.settlement.set](bid)
        statuses[bidder] = MeldStatus.SET if meld[bidder] else MeldStatus.NONE
        if bidder in short:
            reason = (
                f"set: {rounded[bidder]} trick points < the "
                f"{variant.settlement.min_trick_points} a side needs"
            )
        else:
            reason = f"set: {_sum_text(bidder_meld, rounded[bidder])} = {earned} < {bid}"
    sides = []
    for i in range(n):
        if i == bidder:
            score = bidder_score
        elif i in short:
            score = bonus  # under min_trick_points: nothing for the hand (rules/settlement)
        elif not made and variant.settlement.set is SetRule.NPA:
            # NPA: the opponents receive the bid plus their meld (rules/settlement#choice-npa-set).
            score = bonus + (meld[i] if statuses[i] in (MeldStatus.SAVED, MeldStatus.NINES) else 0)
        elif statuses[i] is MeldStatus.LOST:
            # the saving rule loses the meld; the trick points still count
            # (rules/settlement#choice-unsaved-trick-points)
            score = rounded[i] + bonus
        else:
            counted = meld[i] if statuses[i] in (MeldStatus.SAVED, MeldStatus.NINES) else 0
            score = counted + rounded[i] + bonus
        sides.append(SideResult(meld[i], statuses[i], rounded[i], score))
    return HandResult(outcome, bidder, bid, tuple(sides), reason)


def _sum_text(meld: int, points: int) -> str:
    return f"meld {meld} + points {points}"


def _surrender(
    variant: Variant,
    bidder: int,
    bid: int,
    meld: tuple[int, ...],
    played: bool,
    thrown_in: bool,
    no_marriage: bool,
) -> Outcome | None:
    """Whether the hand ends after meld, and why."""
    if no_marriage:
        if (
            variant.trump.rule is not TrumpRule.MARRIAGE
            or variant.trump.without_marriage is not WithoutMarriage.SURRENDER
        ):
            raise SettlementError(
                "only a profile whose trump needs a marriage, and whose bidder surrenders "
                "without one, ends a hand for want of a marriage"
            )
        return Outcome.NO_MARRIAGE
    if thrown_in:
        if not variant.settlement.throw_in:
            raise SettlementError("this profile does not let the bidder throw in")
        return Outcome.THROWN_IN
    if is_out_of_reach(variant, meld[bidder], bid):
        return Outcome.NOT_ON_BOARD
    return None


def _won_without_play(
    variant: Variant,
    bidder: int,
    bid: int,
    meld: tuple[int, ...],
    thrown_in: bool,
    no_marriage: bool,
    conceded: bool,
) -> Outcome | None:
    """Whether the bidder wins after meld: the opponents conceded, or the meld is enough."""
    if conceded:
        if not variant.settlement.opponents_concede:
            raise SettlementError("this profile does not let the opponents concede")
        if thrown_in or no_marriage:
            raise SettlementError(
                "a conceded hand was not thrown in or surrendered: one side gives up"
            )
        return Outcome.CONCEDED
    if no_marriage or not wins_on_meld(variant, meld[bidder], bid):
        return None
    if thrown_in:
        raise SettlementError(
            f"the bidder's meld {meld[bidder]} reaches the bid {bid}: the hand is won "
            "without play, not thrown in"
        )
    return Outcome.MADE_ON_MELD


def wins_on_meld(variant: Variant, bidder_meld: int, bid: int) -> bool:
    """Whether the bidder wins without play because the meld alone reaches the bid (14.1).

    True when ``settlement.meld_makes_bid`` is on and the bidder's meld (if it counts, see
    ``minimum_meld``) is at least the bid.
    """
    if not variant.settlement.meld_makes_bid:
        return False
    return _counted(variant, bidder_meld) >= bid


def is_out_of_reach(variant: Variant, bidder_meld: int, bid: int) -> bool:
    """Whether the hand ends after meld as "not on the board" (rules/settlement#out-of-reach).

    True when ``settlement.out_of_reach = "no-play"`` and the bidders' meld (if it counts)
    plus every trick point of the hand is less than the bid.
    """
    if variant.settlement.out_of_reach is not OutOfReach.NO_PLAY:
        return False
    return _counted(variant, bidder_meld) + deck_points(variant) < bid


def _settle_surrender(
    variant: Variant,
    bidder: int,
    bid: int,
    meld: tuple[int, ...],
    outcome: Outcome,
    trump: Suit | None,
) -> HandResult:
    """The hand ends after meld: the bidders lose the bid, the defenders score their meld."""
    s = variant.settlement
    if variant.game.scoring is GameScoring.CHIPS:
        return _chip_result(variant, bidder, bid, meld, outcome, trump, -variant.chips.concede)
    bidder_score, bonus = _SET_RULES[s.set](bid)
    if s.set is SetRule.NPA:
        bonus = 0  # an NPA surrender: the opponents get meld only (rules/settlement#choice-npa-set)
    reach = _counted(variant, meld[bidder]) + deck_points(variant)
    reason = {
        Outcome.NOT_ON_BOARD: f"not on the board: meld {meld[bidder]} + all {deck_points(variant)}"
        f" points = {reach} < {bid}",
        Outcome.THROWN_IN: f"thrown in after meld: the bidders lose {bid}",
        Outcome.NO_MARRIAGE: f"no marriage to name trump: the bidders lose {bid}",
    }[outcome]
    sides = []
    for i, m in enumerate(meld):
        if i == bidder:
            sides.append(SideResult(m, MeldStatus.SET if m else MeldStatus.NONE, 0, bidder_score))
            continue
        status = _meld_status(variant, m, None, False, False)
        counted = m if status is MeldStatus.SAVED else 0
        if s.surrender_defenders_score is SurrenderScore.NOTHING:
            counted = 0
        sides.append(SideResult(m, status, 0, counted + s.surrender_bonus + bonus))
    return HandResult(outcome, bidder, bid, tuple(sides), reason)


def _settle_won_unplayed(
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
    result = _chip_result(variant, bidder, bid, meld, outcome, trump, 1, statuses)
    why = {
        Outcome.MADE_ON_MELD: f"meld {meld[bidder]} ≥ {bid}, won without play",
        Outcome.CONCEDED: "the opponents conceded after meld",
    }[outcome]
    return attrs.evolve(result, reason=f"{result.reason} ({why})")


def _settle_no_bid(
    variant: Variant,
    meld: tuple[int, ...],
    points: Sequence[int],
    tricks: Sequence[int] | None,
    counters: Sequence[bool] | None,
    nines_only: Sequence[bool] | None,
) -> HandResult:
    """No auction (two-hand): every side scores its saved meld and its points."""
    sides = []
    for i, m in enumerate(meld):
        rounded = round_trick_points(points[i], variant)
        take = _Take(
            rounded,
            None if tricks is None else tricks[i],
            counters[i] if counters is not None else rounded > 0,
        )
        nines = nines_only[i] if nines_only is not None else False
        status = _meld_status(variant, m, take, True, nines)
        counted = m if status in (MeldStatus.SAVED, MeldStatus.NINES) else 0
        score = counted + rounded
        if rounded < variant.settlement.min_trick_points:
            status, score = _short_status(status), 0
        sides.append(SideResult(m, status, rounded, score))
    reason = "no bid: " + ", ".join(f"side {i} scores {s.score}" for i, s in enumerate(sides))
    return HandResult(Outcome.NO_BID, None, 0, tuple(sides), reason)


# --- Chips (rules/three-hand#auction-pinochle) -----------------------------------------


def chip_payment(variant: Variant, bid: int, trump: Suit | None) -> int:
    """Chips each opponent pays (or receives) for a bid, before the set or concede factor."""
    rows = [row for row in variant.chips.schedule if row.bid <= bid]
    if not rows:
        lowest = variant.chips.schedule[0].bid if variant.chips.schedule else None
        raise SettlementError(f"bid {bid} is below the chip schedule, which starts at {lowest}")
    factor = variant.chips.suit_multipliers.of(trump) if trump is not None else 1
    return rows[-1].pays * factor


def _settle_chips(
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
    return _chip_result(variant, bidder, bid, meld, outcome, trump, factor, statuses, points)


def _chip_result(
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


# --- Game end (rules/game-end) ---------------------------------------------------------


def game_end(
    variant: Variant,
    scores: Sequence[int],
    *,
    bidder: int | None,
    target: int | None = None,
) -> GameEnd:
    """Whether the game is over after a hand, and who won.

    Args:
        variant: The rules.
        scores: Every side's running total after the hand.
        bidder: The side that bid this hand (None without an auction).
        target: The target in force (default ``game.target``; it may have risen).

    Returns:
        The winner (or None) and the target for the next hand.
    """
    g = variant.game
    target = g.target if target is None else target
    if g.scoring is GameScoring.CHIPS or target is None:
        return GameEnd(None, target)
    if g.lose_at is not None:
        fallen = [i for i, s in enumerate(scores) if s <= g.lose_at]
        if fallen:
            others = [i for i in range(len(scores)) if i not in fallen]
            best = max(others, key=lambda i: scores[i]) if others else None
            return GameEnd(best, target, f"side {fallen[0]} fell to {g.lose_at} or below")
    reached = [i for i, s in enumerate(scores) if s >= target]
    if g.bid_and_out:
        reached = [i for i in reached if i == bidder]
    if not reached:
        return GameEnd(None, target)
    if len(reached) == 1:
        return GameEnd(reached[0], target, f"side {reached[0]} reached {target}")
    if g.both_reach in (BothReach.BIDDER_WINS, BothReach.BIDDER_FIRST) and bidder in reached:
        return GameEnd(bidder, target, f"several sides reached {target}: the bidders win")
    if g.both_reach is BothReach.RAISE_TARGET:
        raised = target + g.raise_target_by
        return GameEnd(
            None, raised, f"several sides reached {target}: the target rises to {raised}"
        )
    top = max(scores[i] for i in reached)
    leaders = [i for i in reached if scores[i] == top]
    if len(leaders) == 1:
        return GameEnd(leaders[0], target, f"several sides reached {target}: the higher score wins")
    return GameEnd(None, target, f"sides {leaders} tie at {top}: another hand is played")
