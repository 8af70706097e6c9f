"""Measure your own player against the library's levels: a small arena tournament.

A player is a function from an `Observation` to one of its legal actions; the arena
takes a zero-argument factory, so every game gets a fresh one. With ``workers=1`` the
match runs in this process and any callable plays; for worker processes or a Ray
cluster, define the factory at module level in an importable module.

Run it with more deals (``deals=400``) for intervals narrow enough to tell the levels
apart; four deals only show the shape of the output. The match says whether its points
difference is significant; the tournament rates deals won, not points, and players whose
ratings are equal in whole Elo points share a rank.
"""

from __future__ import annotations

from collections.abc import Callable

from pinochle import Action, Observation, Pass, Play
from pinochle.arena import run_match, run_tournament


def cautious() -> Callable[[Observation], Action]:
    """Never bids when it may pass; otherwise plays its last legal card (its highest)."""

    def choose(view: Observation) -> Action:
        actions = view.legal_actions
        if any(isinstance(a, Pass) for a in actions):
            return next(a for a in actions if isinstance(a, Pass))
        plays = [a for a in actions if isinstance(a, Play)]
        return plays[-1] if plays else actions[0]

    return choose


if __name__ == "__main__":
    match = run_match("pinochlerun", cautious, "easy", deals=4, workers=1)
    low, high = match.ci
    print(
        f"cautious minus easy: {match.mean:+.1f} points a hand, 95% CI [{low:+.1f}, {high:+.1f}]"
        f"; significant: {match.verdict}"
    )
    field = run_tournament(
        "pinochlerun",
        {"cautious": cautious, "random": "random", "easy": "easy"},
        deals=4,
        workers=1,
    )
    print(field.table())
