"""The facts of a hand as the table reports them, and the checks the keeper makes on them.

`HandRecord` holds the facts (the arguments of `ScoreSheet.record`). They enter as the
table gives them and are checked in two steps before `settle_hand` sees them:

* **Their form.** Every number is a whole number of at most `MAX_NUMBER` in size (never a
  bool); a list gives one value per side (never a string); a flag is true or false; the
  trump suit is a `Suit` or a suit's text (``"H"``, ``"♥"``, ``"hearts"``).
* **What the table could get wrong** (`check_record`; `settle_hand` checks the rest of
  rules/settlement). A game with an auction needs the side that bid, from 0 to sides - 1;
  a game without one (two-hand) takes no bidder, bid, throw-in, surrender or concession.
  Where only the bidder melds (``meld.who = "bidder"``) the other sides show none. Meld is
  never negative, and a side whose meld is "only nines" has some. A chip game whose
  payments depend on the trump suit needs the suit.
* **The bid.** Like a paper sheet, the keeper does not enforce the profile's minimum (seed
  002: "The keeper does not enforce a minimum"; tables often open lower by agreement): a
  bid is any positive amount on the profile's step grid, extended below the minimum
  (``minimum - k × step``), with no maximum. With ``strict_bids`` it is checked as the
  auction does (minimum, steps, maximum), except that any bid on the grid can win an
  auction, even where a raise may not jump (``bidding.jumps``).
* **A renege.** A hand that ended on a called renege names the side called on
  (``renege``) and the side that called (``called_by``), and nothing of the play: no
  points, tricks, counters, throw-in or concession (play stopped; the profile's renege
  table settles it from the bid and the meld).

A problem is a `SheetError` whose message names the fact (``"bid 27 is not a legal bid in
..."``); `ScoreSheet.record` adds the hand's number.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from pinochle._pickles import fills_new_fields
from pinochle.auction import bid_problem
from pinochle.cards import Suit, parse_suit
from pinochle.errors import SheetError
from pinochle.variant import GameScoring, Partner, RenegePenalty, Variant, WhoMelds

MAX_NUMBER = 10**9
"""The largest size of any number on a sheet (scores, bids, meld, points, tricks)."""


@fills_new_fields
@attrs.frozen
class HandRecord:
    """The facts of one hand as the table knows them (the arguments of `ScoreSheet.record`).

    Attributes:
        bidder: The side that won the auction, or None in a game without one.
        bid: The winning bid (0 without an auction).
        meld: Each side's meld.
        points: Each side's trick points, or None when the hand was not played.
        tricks: Tricks won by each side, when the profile's saving rule needs them.
        counters: Whether each side took a counter or the last trick, when not implied.
        nines_only: Whether each side's meld is only dixes.
        thrown_in: The bidder conceded after meld.
        no_marriage: The bidder surrendered for want of a marriage.
        trump: The trump suit, when known (chip games may pay by suit).
        conceded: The opponents conceded after meld (``settlement.opponents_concede``).
        renege: The side called on for a renege, when a called renege ended the hand
            (settled by ``renege.penalty``, rules/reneges); None otherwise.
        called_by: The side that called the renege (with ``renege``).
        proven: Whether the renege was proven; a call that is not is the caller's renege.
        checks: Check pinochle (``[checks]``): each side's checks for its meld, as counted
            at the table (None: none).
        outright: The side that melded a quadruple that wins the game outright
            (``meld.quadruple_wins``), or None.
        moon: The bidder shot the moon (``settlement.shoot_the_moon``); ``tricks`` say
            whether the bidders took every trick.
        partner: Five hands (``deal.partner = "called"``): the side of the bidder's called
            partner, who scores what the bidder scores; None for a lone bidder.
    """

    bidder: int | None
    bid: int
    meld: tuple[int, ...]
    points: tuple[int, ...] | None = None
    tricks: tuple[int, ...] | None = None
    counters: tuple[bool, ...] | None = None
    nines_only: tuple[bool, ...] | None = None
    thrown_in: bool = False
    no_marriage: bool = False
    trump: Suit | None = None
    conceded: bool = False
    renege: int | None = None
    called_by: int | None = None
    proven: bool = True
    checks: tuple[int, ...] | None = None
    outright: int | None = None
    moon: bool = False
    partner: int | None = None


FACT_KEYS = tuple(field.name for field in attrs.fields(HandRecord))
"""The names of a hand's facts: the keys of a hand in the JSON document."""


@attrs.frozen
class Rules:
    """What `check_record` checks against, worked out once per profile rather than per hand."""

    variant: Variant
    climbing: Variant  # any bid on the grid can win an auction, even without jumps
    open_ended: Variant  # the same grid without a maximum: the lenient check above the minimum
    needs_trump: bool  # chip payments depend on the trump suit

    @classmethod
    def of(cls, variant: Variant) -> Rules:
        """The rules of a profile."""
        climbing = attrs.evolve(variant, bidding=attrs.evolve(variant.bidding, jumps=True))
        open_ended = attrs.evolve(climbing, bidding=attrs.evolve(climbing.bidding, maximum=None))
        multipliers = attrs.astuple(variant.chips.suit_multipliers)
        needs_trump = variant.game.scoring is GameScoring.CHIPS and len(set(multipliers)) > 1
        return cls(variant, climbing, open_ended, needs_trump)


# --- The form of the facts ----------------------------------------------------------------


def show(value: object) -> str:
    """A value for a message, shortened when long (an integer of thousands of digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return f"{'-' if value < 0 else ''}an integer of {len(str(abs(value)))} digits"
    text = repr(value)
    if len(text) > 80:
        return f"{text[:60]}... ({len(text)} characters)"
    return text


def _in_range(value: object) -> bool:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and -MAX_NUMBER <= value <= MAX_NUMBER
    )


def whole(name: str, value: object) -> int:
    """A whole number of at most `MAX_NUMBER` in size."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SheetError(f"{name}: expected a whole number, found {show(value)}")
    if not _in_range(value):
        raise SheetError(
            f"{name}: {show(value)} is out of range (at most {MAX_NUMBER:,} either way)"
        )
    return value


def whole_or_none(name: str, value: object) -> int | None:
    """A whole number (see `whole`), or None."""
    return None if value is None else whole(name, value)


def flag(name: str, value: object) -> bool:
    """True or false (a bool, not a number)."""
    if not isinstance(value, bool):
        raise SheetError(f"{name}: expected true or false, found {show(value)}")
    return value


def _sequence(name: str, value: object) -> Sequence[object]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise SheetError(f"{name}: expected a list (one value per side), found {show(value)}")
    return value


def numbers(name: str, value: object) -> tuple[int, ...]:
    """A list of whole numbers, each of at most `MAX_NUMBER` in size."""
    items = _sequence(name, value)
    found = tuple(v for v in items if isinstance(v, int) and not isinstance(v, bool))
    if len(found) != len(items):
        raise SheetError(f"{name}: expected whole numbers, found {show(list(items))}")
    if not all(-MAX_NUMBER <= v <= MAX_NUMBER for v in found):
        raise SheetError(
            f"{name}: {show(list(items))} is out of range (each at most {MAX_NUMBER:,} either way)"
        )
    return found


def numbers_or_none(name: str, value: object) -> tuple[int, ...] | None:
    """A list of whole numbers (see `numbers`), or None."""
    return None if value is None else numbers(name, value)


def flags_or_none(name: str, value: object) -> tuple[bool, ...] | None:
    """A list of true or false, or None."""
    if value is None:
        return None
    items = _sequence(name, value)
    flags = tuple(v for v in items if isinstance(v, bool))
    if len(flags) != len(items):
        raise SheetError(f"{name}: expected true or false for each side, found {show(list(items))}")
    return flags


def suit(value: object) -> Suit | None:
    """A trump suit (a `Suit` or its text), or None."""
    if value is None or isinstance(value, Suit):
        return value
    if not isinstance(value, str) or len(value) > 20:
        raise SheetError(f"trump: expected a suit such as 'H', found {show(value)}")
    try:
        return parse_suit(value)
    except ValueError as exc:
        raise SheetError(f"trump: {exc}") from None


# --- What the table could get wrong -------------------------------------------------------


def check_record(rules: Rules, facts: HandRecord, strict_bids: bool) -> None:
    """What `settle_hand` leaves to the table: the auction, the sides, who may meld."""
    variant = rules.variant
    n = variant.sides
    for name in ("meld", "points", "tricks", "counters", "nines_only", "checks"):
        values = getattr(facts, name)
        if values is not None and len(values) != n:
            raise SheetError(f"{name}: expected {n} values (one per side), found {len(values)}")
    if variant.has_auction:
        _check_auction(rules, facts, strict_bids)
    elif (
        facts.bidder is not None
        or facts.bid
        or facts.thrown_in
        or facts.no_marriage
        or facts.conceded
        or facts.moon
    ):
        raise SheetError(
            f"{variant.name} has no auction: record the hand without a bidder, bid, "
            "throw-in or surrender"
        )
    _check_renege(variant, facts, n)
    if facts.partner is not None:
        if variant.deal.partner is Partner.NONE:
            raise SheetError(
                f"partner: {variant.name} calls no partner (deal.partner is 'none'): the "
                "partners are the profile's teams"
            )
        if facts.bidder is None or not 0 <= facts.partner < n or facts.partner == facts.bidder:
            raise SheetError(
                f"partner: expected a side from 0 to {n - 1} other than the bidder's, found "
                f"{facts.partner}"
            )
    if any(m < 0 for m in facts.meld):
        raise SheetError(f"meld cannot be negative, found {list(facts.meld)}")
    if facts.nines_only is not None:
        for side, (nines, meld) in enumerate(zip(facts.nines_only, facts.meld, strict=True)):
            if nines and not meld:
                raise SheetError(f"nines_only: side {side} has no meld, so it is not only nines")
    if facts.checks is not None and not variant.checks.played:
        raise SheetError(f"checks: {variant.name} plays no checks (every [checks] key is 0)")
    if facts.outright is not None:
        if not variant.meld.quadruple_wins:
            raise SheetError(
                f"outright: no meld wins the game outright in {variant.name} "
                "(meld.quadruple_wins is empty)"
            )
        if not 0 <= facts.outright < n:
            raise SheetError(f"outright: expected a side from 0 to {n - 1}, found {facts.outright}")


def _check_auction(rules: Rules, facts: HandRecord, strict_bids: bool) -> None:
    variant = rules.variant
    n = variant.sides
    if facts.bidder is None:
        raise SheetError(f"{variant.name} has an auction: say which side bid (0 to {n - 1})")
    if not 0 <= facts.bidder < n:
        raise SheetError(f"bidder: expected a side from 0 to {n - 1}, found {facts.bidder}")
    # Any bid on the grid can win an auction, even where a raise may not jump (bidding.jumps).
    if strict_bids:
        problem = bid_problem(rules.climbing, facts.bid)
    else:
        problem = lenient_bid_problem(rules, facts.bid)
    if problem is not None:
        raise SheetError(f"bid {facts.bid} is not a legal bid in {variant.name}: {problem}")
    if variant.meld.who is WhoMelds.BIDDER:
        for side, meld in enumerate(facts.meld):
            if meld and side != facts.bidder:
                raise SheetError(
                    f"meld: only the bidder melds in {variant.name}, but side {side} has {meld}"
                )
    if rules.needs_trump and facts.trump is None:
        raise SheetError(f"trump: payments in {variant.name} depend on the trump suit: give it")


def lenient_bid_problem(rules: Rules, bid: int) -> str | None:
    """Why a bid is not on the profile's grid, minimum and maximum aside (None if it is).

    Seed 002: "The keeper does not enforce a minimum." A bid is a positive amount; below
    the minimum it lies on the grid extended downward (``minimum - k × step``), from the
    minimum up on the auction's grid (``step``, then ``step_above`` from the threshold).
    """
    if bid <= 0:
        return "a bid is a positive amount"
    bidding = rules.variant.bidding
    if bid < bidding.minimum:
        if (bidding.minimum - bid) % bidding.step:
            return (
                f"bids go by {bidding.step} from {bidding.minimum}, below it too (the "
                "minimum itself is checked with strict_bids)"
            )
        return None
    return bid_problem(rules.open_ended, bid)


def _check_renege(variant: Variant, facts: HandRecord, sides: int) -> None:
    """A renege hand names who reneged and who called, and nothing of the play."""
    if facts.renege is None:
        if facts.called_by is not None or not facts.proven:
            key = "called_by" if facts.called_by is not None else "proven"
            raise SheetError(f"{key}: only a renege hand has it: say which side reneged (renege)")
        return
    if variant.renege.penalty is RenegePenalty.NONE:
        raise SheetError(
            f"renege: {variant.name} has no renege table (renege.penalty = 'none'), so a "
            "renege cannot be settled: choose 'npa', 'spokane', 'chapman' or "
            "'wikipedia-three-hand' (rules/reneges)"
        )
    if facts.called_by is None:
        raise SheetError("called_by: a renege hand says which side called the renege")
    for key, side in (("renege", facts.renege), ("called_by", facts.called_by)):
        if not 0 <= side < sides:
            raise SheetError(f"{key}: expected a side from 0 to {sides - 1}, found {side}")
    given = [
        name
        for name in ("points", "tricks", "counters", "nines_only")
        if getattr(facts, name) is not None
    ]
    given += [name for name in ("thrown_in", "no_marriage", "conceded") if getattr(facts, name)]
    if given:
        raise SheetError(
            f"a called renege stops play and its table settles the hand from the bid and the "
            f"meld: record it without {', '.join(given)}"
        )
