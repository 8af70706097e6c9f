"""The bot interface, and the uniformly random player every level is measured against."""

from __future__ import annotations

import abc
import random

from pinochle import Action, Observation, TurnError

__all__ = ["Bot", "RandomBot"]


class Bot(abc.ABC):
    """A computer player: it sees one seat's `Observation` and returns a legal action.

    A bot never sees the game state, only what its seat may know. Given the same seed and
    the same observations in the same order, it makes the same choices.

    Args:
        seed: Seeds the bot's own random choices (None: the operating system's entropy).
    """

    level: str = ""
    """The level's name, as `make_bot` spells it."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abc.abstractmethod
    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions`` (the seat must be the one to act)."""

    def __call__(self, observation: Observation) -> Action:
        """Bots are players: `pinochle.demo.play_demo` takes them directly."""
        return self.choose(observation)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class RandomBot(Bot):
    """A uniformly random legal player: the floor every level must beat."""

    level = "random"

    def choose(self, observation: Observation) -> Action:
        """Any legal action, uniformly (passing choices included)."""
        actions = observation.legal_actions
        if not actions:
            raise TurnError(f"seat {observation.seat} has nothing to do: it is not its turn")
        return actions[self.rng.randrange(len(actions))]
