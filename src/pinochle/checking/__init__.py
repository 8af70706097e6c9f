"""Check that a profile makes a game that works: `check_variant` and its `CheckReport`.

`check_variant` plays seeded random legal games under a profile and checks, at every
step, every invariant the engine promises (see `CHECKS`); it reports what held and, for
what failed, the shortest prefix of the failing game as a `GameRecord`. It needs no
hypothesis, so the ``pinochle check`` command can run it; `pinochle.testing` re-exports
it for test suites.

The parts, each a private module: ``_players`` (the seeded random players),
``_game`` (one game played and checked step by step), ``_knowledge`` (where the cards are
and what a seat may know, for the observation check) and ``_report`` (the results).
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable

from pinochle.arguments import number
from pinochle.checking._game import GameCheck
from pinochle.checking._players import play_problem, play_random_game
from pinochle.checking._report import CHECKS, CheckHooks, CheckReport, CheckResult, Failure
from pinochle.engine import _course
from pinochle.errors import VariantError
from pinochle.variant import CountingMethod, Variant

__all__ = [
    "CHECKS",
    "CheckHooks",
    "CheckReport",
    "CheckResult",
    "Failure",
    "check_variant",
    "play_problem",
    "play_random_game",
]

_KEPT = 3  # failures kept per check (each holds a record); all are counted


def _scale_note(variant: Variant) -> str:
    """Why the scale switch does not apply to the profile ("" when it does)."""
    if variant.counting.method is not CountingMethod.COUNTERS:
        return f"{variant.counting.method.value} counting exists on the tens scale only"
    try:
        variant.with_scale(10 if variant.scale == 1 else 1)
    except VariantError as exc:
        return f"no other scale: {exc}"
    return ""


def check_variant(
    variant: Variant,
    *,
    games: int = 200,
    seed: int = 0,
    max_hands: int = 20,
    progress: Callable[[int, int], None] | None = None,
    _hooks: CheckHooks | None = None,
) -> CheckReport:
    """Play random legal games under a profile and check every invariant of `CHECKS`.

    Game ``i`` is ``play_random_game(variant, seed + i, max_hands=max_hands)``: dealt from
    its seed and played by seeded random players who bid cautiously, so most hands are
    played. At every step the kit also tries a few other listed actions and a few illegal
    ones, and looks at one seat's observation; at every settlement it counts the deck and
    settles the hand again; at the end it replays the game's record, and (counters profiles)
    plays the same game, action for action, on the other scale. A run is reproducible.

    Args:
        variant: The profile.
        games: How many games to play.
        seed: The first game's seed.
        max_hands: Stop a game after this many deals (chip games never end; random players
            may wander under a profile without a floor). Such games are reported, not failed.
        progress: Called with (games done, games) after each game.
        _hooks: Broken rules, for testing the kit itself (see `CheckHooks`).

    Returns:
        What held and what failed, with a reproducing record for each failure.

    Raises:
        ArgumentError: ``games`` or ``max_hands`` is not a positive whole number.
    """
    number("games", games, 1)
    number("max_hands", max_hands, 1)
    hooks = _hooks or CheckHooks()
    scale_note = _scale_note(variant)
    names = [name for name in CHECKS if name != "scale-switch" or not scale_note]
    tally: dict[str, list[Failure]] = {name: [] for name in CHECKS}
    failed = Counter[str]()
    ended = 0
    rule: contextlib.AbstractContextManager[None] = contextlib.nullcontext()
    if hooks.settle is not None:
        rule = _course._settling_by(hooks.settle)  # this thread's games only
    with rule:
        for i in range(games):
            game = GameCheck(variant, seed + i, max_hands, hooks)
            game.run(names)
            ended += game.states[-1].is_over
            for name, problem in game.failed.items():
                failed[name] += 1
                if len(tally[name]) < _KEPT:
                    tally[name].append(Failure(name, i, seed + i, problem.message, problem.record))
            if progress is not None:
                progress(i + 1, games)
    results = []
    for name, description in CHECKS.items():
        if name not in names:
            results.append(CheckResult(name, description, 0, 0, note=scale_note))
            continue
        note = f"{ended} ended, {games - ended} stopped at the cap" if name == "termination" else ""
        passed = games - failed[name]
        results.append(
            CheckResult(name, description, passed, failed[name], tuple(tally[name]), note)
        )
    return CheckReport(variant, games, seed, max_hands, tuple(results))
