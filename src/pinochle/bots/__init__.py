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
    "MAX_SAMPLES",
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

MAX_SAMPLES = 10_000
"""The most deals `make_bot` lets Expert imagine per decision."""


def make_bot(level: str, seed: int | None = None, *, samples: int | None = None) -> Bot:
    """A computer player of the named level.

    Args:
        level: ``"easy"``, ``"medium"``, ``"hard"`` or ``"expert"`` (or ``"random"``).
        seed: Makes the bot's choices reproducible.
        samples: Expert only: the deals it imagines per decision (default: by the
            profile's deck, `pinochle.bots.expert.SAMPLES`); more cost time in proportion
            and play better.

    Raises:
        ArgumentError: The level is not one of `LEVELS`, or ``samples`` is not a positive
            whole number or is given for a level other than Expert (a `ValueError` too).
    """
    try:
        kind = LEVELS[level.lower()]
    except (KeyError, AttributeError):
        raise ArgumentError("level", f"a bot level: one of {', '.join(LEVELS)}", level) from None
    if samples is None:
        return kind(seed)
    if kind is not ExpertBot:
        raise ArgumentError("samples", "no samples: only the expert level samples deals", samples)
    if type(samples) is not int or not 1 <= samples <= MAX_SAMPLES:
        raise ArgumentError("samples", f"a whole number from 1 to {MAX_SAMPLES}", samples)
    return ExpertBot(seed, samples=samples)
