"""Computer players: Easy, Medium, Hard and Expert (S1's levels).

An optional module: ``import pinochle`` does not import it, and it uses only the library's
public API. A bot sees one seat's `pinochle.Observation` and returns one of its legal
actions, for every decision the engine asks of a player::

    from pinochle import apply, load_variant, new_game, observe
    from pinochle.bots import make_bot

    state = new_game(load_variant("pinochlerun"), seed=1)
    bots = [make_bot("hard", seed=seat) for seat in range(4)]
    while not state.is_over:
        seat = state.to_act
        state = apply(state, bots[seat].choose(observe(state, seat)))
"""

from __future__ import annotations

from pinochle import ArgumentError
from pinochle.bots.base import Bot, RandomBot
from pinochle.bots.expert import ExpertBot
from pinochle.bots.heuristic import EasyBot, HardBot, MediumBot

__all__ = [
    "LEVELS",
    "Bot",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "MediumBot",
    "RandomBot",
    "make_bot",
]

LEVELS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}
"""Every level by name, weakest first (``"random"`` is the uniformly random floor)."""


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A computer player of the named level.

    Args:
        level: ``"easy"``, ``"medium"``, ``"hard"`` or ``"expert"`` (or ``"random"``).
        seed: Makes the bot's choices reproducible.

    Raises:
        ArgumentError: The level is not one of `LEVELS` (a `ValueError` too).
    """
    try:
        kind = LEVELS[level.lower()]
    except (KeyError, AttributeError):
        raise ArgumentError("level", f"a bot level: one of {', '.join(LEVELS)}", level) from None
    return kind(seed)
