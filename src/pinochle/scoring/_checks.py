"""Check pinochle's side payments (rules/settlement#checks): the checks each side gains.

Wikipedia's check pinochle (a gambling three-hand game) keeps "checks" beside the score:
checks for meld, which any player earns and keeps "even if the bid is not made", a check
lost by a bidder who looked at the talon and lost the hand, one more for playing it and
losing, and checks for winning the game. The meld's checks come from the meld tables
(`Meld.checks`, or the table's count on a score sheet); the rest follow from the hand's
outcome here. Every count is a key of ``[checks]``; a profile with all 0 plays none, and
its results carry no checks.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from pinochle.scoring._results import GameEnd, HandResult, Outcome
from pinochle.variant import Variant

_LOST = frozenset({Outcome.SET, Outcome.THROWN_IN, Outcome.NOT_ON_BOARD, Outcome.NO_MARRIAGE})
"""The bidders lost the hand: conceded (thrown in, out of reach, no marriage) or set."""


def with_checks(variant: Variant, result: HandResult, meld: Sequence[int] | None) -> HandResult:
    """The result with each side's checks for the hand (the profile plays checks).

    Args:
        variant: The rules (``[checks]``).
        result: The hand's settlement.
        meld: Each side's checks for its meld (and seven nines), or None for none.
    """
    c = variant.checks
    checks = list(meld) if meld is not None else [0] * len(result.sides)
    bidder = result.bidder
    if bidder is not None and result.outcome in _LOST:
        # The bidder looks at the talon when the profile deals one (WP: "Looking at the
        # 'talon' and losing the hand (either by conceding or playing)").
        if variant.deal.kitty:
            checks[bidder] += c.lost_after_talon
        if result.outcome is Outcome.SET:  # "Playing the hand and losing -1 additional"
            checks[bidder] += c.lost_playing
    return attrs.evolve(result, checks=tuple(checks))


def with_game_checks(variant: Variant, result: HandResult, end: GameEnd) -> HandResult:
    """The result of the hand that ended the game, its winner's ``checks.game`` added.

    Unchanged when the game goes on or the profile plays no checks.
    """
    if end.winner is None or not variant.checks.played:
        return result
    checks = list(result.checks or (0,) * len(result.sides))
    checks[end.winner] += variant.checks.game
    return attrs.evolve(result, checks=tuple(checks))
