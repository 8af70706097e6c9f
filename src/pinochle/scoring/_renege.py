"""Settling a hand that ended on a called renege (rules/reneges): one function per table.

A renege is a card played against the trick duty (not following suit, not beating, not
trumping). When another side calls it, play stops and the profile's renege table
(``renege.penalty``) settles the hand from the bid and the meld shown; the trick points
taken so far do not count. A call that is not proven is the caller's own renege (NPA and
Chapman say so; Spokane's and Wikipedia's pages are silent and are read the same way), and
a side never calls its own renege (NPA: "only an opponent may call").

Each table is one function of the facts below, chosen by the key:

* ``"npa"``: every side but the offender's scores the bid plus its meld; the offender
  scores nothing, or, when the bidders reneged, minus the bid (``renege.npa_bidders``; NPA
  does not say).
* ``"spokane"``: a renege is a set: the bidders who renege are set as the table sets them
  (``settlement.set``), a defender who reneges scores nothing; the other side scores every
  trick point plus its meld if it is over ``renege.meld_over``.
* ``"chapman"``: the bidders' renege ends the hand as the table's set (``settlement.set``),
  the defenders scoring their meld; a defender's renege (the text is cut off there) gives
  the bidders the bid or every trick point, plus their meld (``renege.chapman_defenders``).
* ``"wikipedia-three-hand"``: the bidder's renege is a double set (minus twice the bid;
  ``renege.double_set`` reads it otherwise), every opponent scoring its meld; an
  opponent's renege makes the bid for the bidder (bid plus meld), costs the offender its
  meld and a single set (minus the bid), and the third player scores its meld only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from pinochle.errors import VARIANT_EXPECTED, ArgumentError, SettlementError
from pinochle.scoring._results import HandResult, MeldStatus, Outcome, SideResult
from pinochle.scoring._saving import counted_meld
from pinochle.scoring._settle import SET_RULES
from pinochle.tricks import deck_points
from pinochle.variant import ChapmanDefenders, NpaBidders, RenegePenalty, Variant


@attrs.frozen
class _Facts:
    """A called renege, checked: who bid, who reneged, and each side's counted meld."""

    variant: Variant
    bidder: int
    bid: int
    meld: tuple[int, ...]
    offender: int
    counted: tuple[int, ...]

    @property
    def sides(self) -> range:
        """Every side, by number."""
        return range(len(self.meld))


# A table gives each side's (score, trick points credited, whether its meld counted) and
# the reason's tail.
_Scores = list[tuple[int, int, bool]]
_Table = Callable[[_Facts], tuple[_Scores, str]]


def _npa(f: _Facts) -> tuple[_Scores, str]:
    """NPA: "the opposing team gets the bid plus its meld"."""
    minus = f.offender == f.bidder and f.variant.renege.npa_bidders is NpaBidders.MINUS_BID
    scores = [
        ((-f.bid if minus else 0), 0, False) if i == f.offender else (f.bid + f.counted[i], 0, True)
        for i in f.sides
    ]
    return scores, f"every other side scores the bid {f.bid} plus its meld"


def _spokane(f: _Facts) -> tuple[_Scores, str]:
    """Spokane: "renege = set"; the opponents get all trick points plus meld over 20."""
    total = deck_points(f.variant)
    over = f.variant.renege.meld_over
    offender_score, bonus = 0, 0
    if f.offender == f.bidder:
        offender_score, bonus = SET_RULES[f.variant.settlement.set](f.bid)
    scores = [
        (offender_score, 0, False)
        if i == f.offender
        else (
            total + (f.counted[i] if f.counted[i] > over else 0) + bonus,
            total,
            f.counted[i] > over,
        )
        for i in f.sides
    ]
    return scores, f"a set: every other side scores all {total} trick points, meld over {over}"


def _chapman(f: _Facts) -> tuple[_Scores, str]:
    """Chapman: the bidders' renege stops the hand as the table's set."""
    if f.offender == f.bidder:
        bidder_score, bonus = SET_RULES[f.variant.settlement.set](f.bid)
        scores = [
            (bidder_score, 0, False) if i == f.bidder else (f.counted[i] + bonus, 0, True)
            for i in f.sides
        ]
        return scores, "the bidders are set; the others score their meld"
    total = deck_points(f.variant)
    all_points = f.variant.renege.chapman_defenders is ChapmanDefenders.ALL_POINTS
    made = (total, total) if all_points else (f.bid, 0)
    scores = []
    for i in f.sides:
        if i == f.bidder:
            scores.append((made[0] + f.counted[i], made[1], True))
        else:
            scores.append((0, 0, False) if i == f.offender else (f.counted[i], 0, True))
    what = f"all {total} trick points" if all_points else f"the bid {f.bid}"
    return scores, f"the bidders score {what} plus their meld"


def _wikipedia_three_hand(f: _Facts) -> tuple[_Scores, str]:
    """Wikipedia three-hand: a bidder's renege is a double set; an opponent's makes the bid."""
    if f.offender == f.bidder:
        loss = f.variant.renege.double_set * f.bid
        scores = [(-loss, 0, False) if i == f.bidder else (f.counted[i], 0, True) for i in f.sides]
        return scores, f"a double set: the bidder loses {loss}, the others score meld"
    scores = []
    for i in f.sides:
        if i == f.bidder:
            scores.append((f.bid + f.counted[i], 0, True))
        else:
            scores.append((-f.bid, 0, False) if i == f.offender else (f.counted[i], 0, True))
    return scores, f"the bidder makes the bid {f.bid}; the offender loses its meld and {f.bid}"


_TABLES: dict[RenegePenalty, _Table] = {
    RenegePenalty.NPA: _npa,
    RenegePenalty.SPOKANE: _spokane,
    RenegePenalty.CHAPMAN: _chapman,
    RenegePenalty.WIKIPEDIA_THREE_HAND: _wikipedia_three_hand,
}


def settle_renege(
    variant: Variant,
    *,
    bidder: int,
    bid: int,
    meld: Sequence[int],
    offender: int,
    caller: int,
    proven: bool = True,
) -> HandResult:
    """Settle a hand that ended on a called renege by the profile's table (rules/reneges).

    Args:
        variant: The rules; ``renege.penalty`` names the table.
        bidder: The side that won the auction.
        bid: The winning bid.
        meld: Each side's meld as shown.
        offender: The side called on: the one said to have reneged.
        caller: The side that called the renege (never the offender's own).
        proven: Whether the renege was proven. A call that is not is the caller's renege:
            the caller's side is then the offending side.

    Returns:
        The result, outcome `Outcome.RENEGE`: each side's score, its meld (the offender's
        lost) and the trick points the table credits it, and a one-line reason.

    Raises:
        SettlementError: The profile has no renege table, or the facts are impossible (a
            side out of range, a side calling its own renege, a negative bid or meld).
        ArgumentError: A value of the wrong type.
    """
    if not isinstance(variant, Variant):
        raise ArgumentError("variant", VARIANT_EXPECTED, variant)
    for name, value in (("bidder", bidder), ("bid", bid), ("offender", offender)):
        if type(value) is not int:
            raise ArgumentError(name, "a whole number (int)", value)
    if type(caller) is not int:
        raise ArgumentError("caller", "a whole number (int)", caller)
    if type(proven) is not bool:
        raise ArgumentError("proven", "true or false (bool)", proven)
    if (
        not isinstance(meld, Sequence)
        or isinstance(meld, str)
        or not all(type(m) is int for m in meld)
    ):
        raise ArgumentError("meld", "a sequence of whole numbers (int), one per side", meld)
    table = _TABLES.get(variant.renege.penalty)
    if table is None:
        raise SettlementError(
            f"{variant.name} has no renege table (renege.penalty = 'none'): a renege cannot "
            "be settled; choose 'npa', 'spokane', 'chapman' or 'wikipedia-three-hand'"
        )
    n = variant.sides
    if len(meld) != n:
        raise SettlementError(f"meld: expected {n} values (one per side), found {len(meld)}")
    if any(m < 0 for m in meld):
        raise SettlementError(f"meld cannot be negative, found {list(meld)}")
    if bid < 0:
        raise SettlementError(f"bid cannot be negative, found {bid}")
    for name, side in (("bidder", bidder), ("renege", offender), ("called_by", caller)):
        if not 0 <= side < n:
            raise SettlementError(f"{name}: expected a side from 0 to {n - 1}, found {side}")
    if caller == offender:
        raise SettlementError(
            f"called_by: side {caller} cannot call its own renege (only an opponent may call)"
        )
    side = offender if proven else caller
    counted = tuple(counted_meld(variant, m) for m in meld)
    facts = _Facts(variant, bidder, bid, tuple(meld), side, counted)
    scores, tail = table(facts)
    sides = []
    for i, ((score, points, counts), m) in enumerate(zip(scores, meld, strict=True)):
        if not m:
            status = MeldStatus.NONE
        elif i == side:
            status = MeldStatus.SET  # the offender's meld is lost under every table
        else:
            status = MeldStatus.SAVED if counts and counted[i] else MeldStatus.BELOW_MINIMUM
        sides.append(SideResult(m, status, points, score))
    who = (
        f"side {side} reneged (called by side {caller})"
        if proven
        else f"side {caller}'s call on side {offender} was not proven: side {caller} reneged"
    )
    return HandResult(Outcome.RENEGE, bidder, bid, tuple(sides), f"renege: {who}; {tail}")
