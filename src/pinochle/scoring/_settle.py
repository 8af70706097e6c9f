"""Settling a hand (rules/settlement): from the facts of the hand to a `HandResult`.

The facts are checked first: their types where they enter (an `ArgumentError`), then that
they are possible (a `SettlementError`): one value per side, no negative meld, trick
points that add up to the hand's total (less, with a widow buried uncounted), tricks that
add up to the hand's tricks, and no trick points without a trick except the buried widow.

Then the hand ends one of these ways, each a profile's rule:

* **No auction** (two-hand): every side scores its meld, if saved, and its trick points.
* **Won without play** (chip games): the opponents concede, or the bidder's meld alone
  reaches the bid (see `pinochle.scoring._chips`).
* **Ended after meld**: no marriage to name trump (``trump.without_marriage =
  "surrender"``), thrown in (``settlement.throw_in``), or not on the board
  (``settlement.out_of_reach = "no-play"``: meld plus every trick point is under the bid).
  The bidders lose as if set; the defenders score their meld (not under
  ``settlement.surrender_defenders_score = "nothing"``) plus ``settlement.surrender_bonus``.
* **Played**: the bidders make the bid when their counted meld plus trick points reaches
  it (and they are not under ``settlement.min_trick_points``). Made, they score it all or
  just the bid (``settlement.made``); set, ``settlement.set`` decides (minus the bid, the
  opponents score the bid, both, or nothing). The defenders score their saved meld and
  their trick points; an unsaved meld is lost but the points still count.
* **A called partner** (five hands, ``deal.partner = "called"``): the partner's meld,
  trick points, tricks and counters count with the bidder's, the pair settles as one
  bidding side, and the partner scores what the bidder scores; each defender settles alone
  (`_with_partner`, rules/settlement#called-partner). Under
  ``settlement.defenders_pool_tricks`` each defender scores its own meld plus every
  defender's trick points, its meld saved by what they took together (`_pooled`).
* **Shot the moon** (``settlement.shoot_the_moon``): bidders who promised every trick and
  took every trick, making the bid, score as made plus ``settlement.moon_bonus``; else they
  are set for the moon: ``settlement.moon_penalty`` off, meld and trick points lost, and
  the defenders score as in a made hand (`_moon`).

Which meld counts is `pinochle.scoring._saving`; the scores of a chip game are
`pinochle.scoring._chips`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from pinochle.cards import Suit
from pinochle.errors import VARIANT_EXPECTED, ArgumentError, SettlementError
from pinochle.scoring._checks import with_checks
from pinochle.scoring._chips import chip_result, settle_chips, settle_won_unplayed
from pinochle.scoring._results import HandResult, MeldStatus, Outcome, SideResult
from pinochle.scoring._saving import (
    Take,
    counted_meld,
    meld_status,
    short_of_trick_points,
    short_status,
)
from pinochle.tricks import deck_points, round_trick_points
from pinochle.variant import (
    GameScoring,
    MadeRule,
    OutOfReach,
    Partner,
    SaveApplies,
    SetRule,
    SurrenderScore,
    TrumpRule,
    Variant,
    WithoutMarriage,
)

_T = TypeVar("_T")

# --- Set rules (rules/settlement#set): (bidders' score, bonus to each other side) --------

SET_RULES: dict[SetRule, Callable[[int], tuple[int, int]]] = {
    SetRule.MINUS_BID: lambda bid: (-bid, 0),
    SetRule.OPPONENTS_SCORE_BID: lambda bid: (0, bid),
    SetRule.NPA: lambda bid: (-bid, bid),
    SetRule.ZERO: lambda bid: (0, 0),
}


# --- Settlement ------------------------------------------------------------------------


@attrs.frozen
class HandFacts:
    """The facts of a hand that `settle_hand` settles, one field per keyword of it.

    The one list of them: the score keeper (from a `HandRecord`), the engine (from the
    state) and the check kit (from the tricks as played) each build one and settle it by
    `settle_facts`, so a fact a new rule needs is added here, to `settle_hand`, and to where
    each reads it, never to three argument lists. Each field is as `settle_hand` documents.
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
    # The house rules' facts: left out of `keywords` when unused (see there).
    checks: tuple[int, ...] | None = attrs.field(default=None, metadata={"house": True})
    moon: bool = attrs.field(default=False, metadata={"house": True})
    partner: int | None = attrs.field(default=None, metadata={"house": True})

    @classmethod
    def of(cls, source: object) -> HandFacts:
        """The facts read by name from an object that holds them (a sheet's `HandRecord`)."""
        return cls(**{f.name: getattr(source, f.name) for f in attrs.fields(cls)})

    def keywords(self) -> dict[str, Any]:
        """The facts as `settle_hand`'s keywords.

        A house rule's fact at its default is left out: a replacement rule written with
        `settle_hand`'s signature from before that rule (`CheckHooks.settle`) still takes
        the facts of every hand that does not use it.
        """
        keywords: dict[str, Any] = {}
        for f in attrs.fields(HandFacts):
            value = getattr(self, f.name)
            if not (f.metadata.get("house") and value == f.default):
                keywords[f.name] = value
        return keywords


def settle_facts(variant: Variant, facts: HandFacts, *, checked: bool = True) -> HandResult:
    """Settle a hand from its facts: `settle_hand` with ``facts`` as its keywords.

    Args:
        variant: The rules.
        facts: The hand's facts.
        checked: Check the facts as `settle_hand` does (False: the engine's facts, sound by
            construction, go straight to `settle_checked`).
    """
    if checked:
        return settle_hand(variant, **facts.keywords())
    result = settle_checked(
        variant,
        facts.bidder,
        facts.bid,
        facts.meld,
        facts.points,
        facts.tricks,
        facts.counters,
        facts.nines_only,
        facts.thrown_in,
        facts.no_marriage,
        facts.trump,
        facts.conceded,
        facts.moon,
        facts.partner,
    )
    return with_checks(variant, result, facts.checks) if variant.checks.played else result


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
    checks: object = None,
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
        ("checks", checks, int),
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
        short = variant.deal.kitty and not variant.kitty.buried_count and not variant.kitty.share
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
    checks: Sequence[int] | None = None,
    moon: bool = False,
    partner: int | None = None,
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
        checks: Check pinochle (``[checks]``): each side's checks for its meld (and seven
            nines), as the table counts them (`Meld.checks`); default none. The bidder's
            checks for losing follow from the outcome.
        moon: The bidder shot the moon (``settlement.shoot_the_moon``): the hand was played
            and ``tricks`` say whether the bidders took every trick.
        partner: Five hands (``deal.partner = "called"``): the side of the bidder's called
            partner, or None (a lone bidder, or no called partner). Its meld, trick points
            and tricks count with the bidder's; it scores what the bidder scores.

    Returns:
        The result: outcome, each side's score and meld status, a one-line reason, and
        each side's checks in a profile that plays them.

    Raises:
        SettlementError: Impossible or missing numbers (trick points that do not add up,
            a negative meld, points for a hand that is not played, ...).
        ArgumentError: A value of the wrong type: ``variant`` not a `Variant`, a number that
            is not an `int` (``26.0`` would make fractional scores), flags that are not
            `bool`, ``trump`` not a `Suit`.
    """
    _check_types(variant, bidder, bid, meld, points, tricks, counters, nines_only, trump, checks)
    meld = tuple(meld)
    _check_facts(variant, bidder, bid, meld, points, tricks, nines_only, counters)
    if checks is not None:
        _check_checks(variant, checks)
    if moon is not False:
        _check_moon(variant, moon, bidder, points, tricks)
    if partner is not None:
        _check_partner(variant, partner, bidder)
    result = settle_checked(
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
        moon,
        partner,
    )
    return with_checks(variant, result, checks) if variant.checks.played else result


def _check_partner(variant: Variant, partner: object, bidder: int | None) -> None:
    """A called partner: a side other than the bidder's, in a profile that calls one."""
    if type(partner) is not int:
        raise ArgumentError("partner", "a side number (int) or None", partner)
    if variant.deal.partner is Partner.NONE:
        raise SettlementError(
            "partner: only a called or asked partner joins the bidder for a hand (deal.partner "
            "is 'none')"
        )
    if bidder is None:
        raise SettlementError("partner: only a bidder calls a partner")
    if not 0 <= partner < variant.sides or partner == bidder:
        raise SettlementError(
            f"partner: expected a side from 0 to {variant.sides - 1} other than the bidder's, "
            f"found {partner}"
        )


def _check_checks(variant: Variant, checks: Sequence[int]) -> None:
    """Checks for meld: one count per side, in a profile that plays checks."""
    n = variant.sides
    if not variant.checks.played:
        raise SettlementError("checks: the profile plays no checks (every [checks] key is 0)")
    if len(checks) != n:
        raise SettlementError(f"checks: expected {n} values (one per side), found {len(checks)}")


def _check_moon(
    variant: Variant,
    moon: object,
    bidder: int | None,
    points: Sequence[int] | None,
    tricks: Sequence[int] | None,
) -> None:
    """A shot moon needs the rule, a bidder, and a played hand whose tricks are known."""
    if moon is not True:
        raise ArgumentError("moon", "true or false (bool)", moon)
    if not variant.settlement.shoot_the_moon:
        raise SettlementError(
            "nobody may shoot the moon under this profile (settlement.shoot_the_moon is false)"
        )
    if bidder is None:
        raise SettlementError("only a bidder can shoot the moon")
    if points is None or tricks is None:
        raise SettlementError("a shot moon is played out: give each side's trick points and tricks")


def settle_checked(
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
    moon: bool = False,
    partner: int | None = None,
) -> HandResult:
    """`settle_hand` past its checks of the facts' types and sums.

    The engine settles through here: its facts are sound by construction (tuples of ints
    and bools, one per side, totals that add up, as tests/test_engine_games.py pins), and
    the checks cost as much as the settlement itself, once a hand.
    """
    if partner is not None and bidder is not None:
        return _with_partner(
            variant,
            bidder,
            partner,
            bid,
            meld,
            points,
            tricks,
            counters,
            nines_only,
            lambda m, p, t, c, n: settle_checked(
                variant, bidder, bid, m, p, t, c, n, thrown_in, no_marriage, trump, conceded, moon
            ),
        )
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
        return settle_won_unplayed(variant, bidder, bid, meld, won, trump)
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
        Take(
            rounded[i],
            None if tricks is None else tricks[i],
            counters[i] if counters is not None else rounded[i] > 0,
        )
        for i in range(n)
    ]
    scored = rounded  # the trick points each side scores
    if variant.settlement.defenders_pool_tricks:
        scored, takes = _pooled(variant, bidder, points or (), tricks, rounded, takes)
    binds_bidder = variant.settlement.save_meld_applies_to is SaveApplies.BOTH
    statuses = [
        meld_status(variant, meld[i], takes[i], i != bidder or binds_bidder, nines[i])
        for i in range(n)
    ]
    short = short_of_trick_points(variant, scored)
    for i in short:
        statuses[i] = short_status(statuses[i])
    bidder_meld = meld[bidder] if statuses[bidder] in (MeldStatus.SAVED, MeldStatus.NINES) else 0
    earned = bidder_meld + rounded[bidder]
    made = earned >= bid and bidder not in short

    if variant.game.scoring is GameScoring.CHIPS:
        return settle_chips(variant, bidder, bid, meld, statuses, rounded, made, trump)
    if moon:
        return _moon(variant, bidder, bid, meld, statuses, rounded, tricks or (), made, short)

    bonus = 0
    if made:
        outcome = Outcome.MADE
        bidder_score = earned if variant.settlement.made is MadeRule.ALL else bid
        reason = f"made: {_sum_text(bidder_meld, rounded[bidder])} = {earned} ≥ {bid}"
    else:
        outcome = Outcome.SET
        bidder_score, bonus = SET_RULES[variant.settlement.set](bid)
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
            score = scored[i] + bonus
        else:
            counted = meld[i] if statuses[i] in (MeldStatus.SAVED, MeldStatus.NINES) else 0
            score = counted + scored[i] + bonus
        sides.append(SideResult(meld[i], statuses[i], rounded[i], score))
    return HandResult(outcome, bidder, bid, tuple(sides), reason)


def _pooled(
    variant: Variant,
    bidder: int,
    points: Sequence[int],
    tricks: Sequence[int] | None,
    rounded: tuple[int, ...],
    takes: list[Take],
) -> tuple[tuple[int, ...], list[Take]]:
    """``settlement.defenders_pool_tricks``: every defender scores all the defenders' tricks.

    The house five-hand notes (rules/settlement#defenders-pool): "The three non-bid partners:
    Each gets only their own melt. All three gets all their tricks." The defenders' trick
    points are added (and rounded as one side's), and each defender's meld is saved by what
    the defenders took together: a trick (or counter) any of them took saves every one's
    meld. Behind a called partner the partner's slot is already joined to the bidder's and
    holds nothing, so it adds nothing to the pool.
    """
    defenders = [i for i in range(len(rounded)) if i != bidder]
    pool = round_trick_points(sum(points[i] for i in defenders), variant)
    took = None if tricks is None else sum(tricks[i] for i in defenders)
    take = Take(pool, took, any(takes[i].counter for i in defenders))
    won = tuple(rounded[i] if i == bidder else pool for i in range(len(rounded)))
    return won, [takes[i] if i == bidder else take for i in range(len(takes))]


def _joined(
    values: Sequence[_T], bidder: int, partner: int, zero: _T, join: Callable[[_T, _T], _T]
) -> list[_T]:
    """The values with the partner's joined to the bidder's and the partner's set to zero."""
    joined = list(values)
    joined[bidder] = join(joined[bidder], joined[partner])
    joined[partner] = zero
    return joined


def _with_partner(
    variant: Variant,
    bidder: int,
    partner: int,
    bid: int,
    meld: tuple[int, ...],
    points: Sequence[int] | None,
    tricks: Sequence[int] | None,
    counters: Sequence[bool] | None,
    nines_only: Sequence[bool] | None,
    settle: Callable[..., HandResult],
) -> HandResult:
    """The bidder and the called partner settle as one side (rules/settlement#called-partner).

    WP's five-hand game: the partner joins the bidder for the hand, so their meld, trick
    points, tricks and counters are added together and settled as the bidders'; then each
    of the two gets the side's score (and its status), its own meld and trick points shown.
    Each defender settles alone, as in any game without partnerships.
    """
    add = operator.add
    nines = None
    if nines_only is not None:  # the pair's meld is only dixes if each one's is (or is none)
        nines = list(nines_only)
        nines[bidder] = (nines[bidder] or not meld[bidder]) and (
            nines[partner] or not meld[partner]
        )
        nines[bidder] = nines[bidder] and bool(meld[bidder] or meld[partner])
        nines[partner] = False
    result = settle(
        tuple(_joined(meld, bidder, partner, 0, add)),
        None if points is None else tuple(_joined(points, bidder, partner, 0, add)),
        None if tricks is None else tuple(_joined(tricks, bidder, partner, 0, add)),
        None if counters is None else tuple(_joined(counters, bidder, partner, False, _either)),
        None if nines is None else tuple(nines),
    )
    sides = list(result.sides)
    side = sides[bidder]
    for seat in (bidder, partner):
        status = side.meld_status if meld[seat] else MeldStatus.NONE
        taken = round_trick_points(points[seat], variant) if points is not None else 0
        sides[seat] = SideResult(meld[seat], status, taken, side.score)
    return attrs.evolve(result, sides=tuple(sides), partner=partner)


def _either(a: bool, b: bool) -> bool:
    return a or b


def _moon(
    variant: Variant,
    bidder: int,
    bid: int,
    meld: tuple[int, ...],
    statuses: list[MeldStatus],
    points: tuple[int, ...],
    tricks: Sequence[int],
    made: bool,
    short: frozenset[int],
) -> HandResult:
    """A hand the bidder shot the moon on (rules/settlement#set, the fixed penalty).

    A house page: "You'll get a bonus of 25 points at the end if you make it. If you do
    not win each trick, you will be 'set,' which means you lose any points from melds or
    counters, as well as 50 points." The moon is made when the bidders take every trick
    and so make the bid: they score as made (``settlement.made``) plus the bonus. Anything
    less is set for the moon: the penalty instead of ``settlement.set`` (the bid is not
    lost on top), their meld and trick points void. The defenders score their saved meld
    and trick points as in a made hand: the set rule's gift to them does not apply (a side
    under ``settlement.min_trick_points`` still scores nothing).
    """
    s = variant.settlement
    n = variant.tricks_per_hand
    taken = tricks[bidder]
    counted = meld[bidder] if statuses[bidder] in (MeldStatus.SAVED, MeldStatus.NINES) else 0
    earned = counted + points[bidder]
    if taken == n and made:
        outcome = Outcome.MADE
        score = (earned if s.made is MadeRule.ALL else bid) + s.moon_bonus
        reason = (
            f"shot the moon: every trick, {_sum_text(counted, points[bidder])} = {earned} ≥ "
            f"{bid}, + {s.moon_bonus} for the moon"
        )
    else:
        outcome = Outcome.SET
        score = -s.moon_penalty
        statuses[bidder] = MeldStatus.SET if meld[bidder] else MeldStatus.NONE
        why = f"took {taken} of {n} tricks" if taken < n else f"{earned} < {bid}"
        reason = f"the moon failed ({why}): the bidders lose meld, points and {s.moon_penalty}"
    sides = []
    for i, status in enumerate(statuses):
        if i == bidder:
            sides.append(SideResult(meld[i], status, points[i], score))
            continue
        kept = meld[i] if status in (MeldStatus.SAVED, MeldStatus.NINES) else 0
        sides.append(SideResult(meld[i], status, points[i], 0 if i in short else kept + points[i]))
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
            variant.trump.rule not in (TrumpRule.MARRIAGE, TrumpRule.RUN_MARRIAGE_OR_DIX)
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
    return counted_meld(variant, bidder_meld) >= bid


def is_out_of_reach(variant: Variant, bidder_meld: int, bid: int) -> bool:
    """Whether the hand ends after meld as "not on the board" (rules/settlement#out-of-reach).

    True when the bidders' meld is under ``settlement.bidder_minimum_meld`` (Spokane: a
    bidding side with under 20 meld is set without play), or when ``settlement.out_of_reach
    = "no-play"`` and the bidders' meld (if it counts) plus every trick point of the hand
    is less than the bid.
    """
    if bidder_meld < variant.settlement.bidder_minimum_meld:
        return True
    if variant.settlement.out_of_reach is not OutOfReach.NO_PLAY:
        return False
    return counted_meld(variant, bidder_meld) + deck_points(variant) < bid


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
        return chip_result(variant, bidder, bid, meld, outcome, trump, -variant.chips.concede)
    bidder_score, bonus = SET_RULES[s.set](bid)
    if s.set is SetRule.NPA:
        bonus = 0  # an NPA surrender: the opponents get meld only (rules/settlement#choice-npa-set)
    reach = counted_meld(variant, meld[bidder]) + deck_points(variant)
    least = s.bidder_minimum_meld
    reason = {
        Outcome.NOT_ON_BOARD: f"not on the board: meld {meld[bidder]} < the {least} a bidding "
        "side needs"
        if meld[bidder] < least
        else f"not on the board: meld {meld[bidder]} + all {deck_points(variant)}"
        f" points = {reach} < {bid}",
        Outcome.THROWN_IN: f"thrown in after meld: the bidders lose {bid}",
        Outcome.NO_MARRIAGE: f"no marriage to name trump: the bidders lose {bid}",
    }[outcome]
    sides = []
    for i, m in enumerate(meld):
        if i == bidder:
            sides.append(SideResult(m, MeldStatus.SET if m else MeldStatus.NONE, 0, bidder_score))
            continue
        status = meld_status(variant, m, None, False, False)
        counted = m if status is MeldStatus.SAVED else 0
        if s.surrender_defenders_score is SurrenderScore.NOTHING:
            counted = 0
        sides.append(SideResult(m, status, 0, counted + s.surrender_bonus + bonus))
    return HandResult(outcome, bidder, bid, tuple(sides), reason)


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
        take = Take(
            rounded,
            None if tricks is None else tricks[i],
            counters[i] if counters is not None else rounded > 0,
        )
        nines = nines_only[i] if nines_only is not None else False
        status = meld_status(variant, m, take, True, nines)
        counted = m if status in (MeldStatus.SAVED, MeldStatus.NINES) else 0
        score = counted + rounded
        if rounded < variant.settlement.min_trick_points:
            status, score = short_status(status), 0
        sides.append(SideResult(m, status, rounded, score))
    reason = "no bid: " + ", ".join(f"side {i} scores {s.score}" for i, s in enumerate(sides))
    return HandResult(Outcome.NO_BID, None, 0, tuple(sides), reason)
