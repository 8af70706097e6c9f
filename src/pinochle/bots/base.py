"""The bot interface, and the uniformly random player every level is measured against.

Under ``renege.accept`` (rules/reneges) every bot, the levels here and any subclass of
`Bot`, keeps it simple: it never reneges (it picks from the legal actions, which never hold
a renege), calls a renege on an opponent that has played a card of a suit it earlier
failed to follow, or a first leader bound to lead trump who later plays one
(`visible_renege`: every seat can see it, so the call is proven), and
otherwise chooses among its cards as it always does, never calling at random.
"""

from __future__ import annotations

import abc
import functools
import random
from collections.abc import Callable

import attrs

from pinochle import Action, CallRenege, Observation, Phase, TurnError, leads_trump

__all__ = ["Bot", "RandomBot", "visible_renege"]


def visible_renege(observation: Observation) -> CallRenege | None:
    """A renege call the seat can prove from the cards alone, or None.

    An opponent that failed to follow a suit and later played a card of it held that card
    when it failed to follow (no card enters a hand during trick play), so it reneged: any
    seat can see it. So did a first leader who had to lead a trump (``play.opening_lead``),
    led another suit and later plays a trump. Only a call the seat may make (in its legal
    actions) is returned.
    """
    calls = [a for a in observation.legal_actions if type(a) is CallRenege]
    if not calls:
        return None
    tricks = [trick.plays for trick in observation.tricks]
    if observation.trick:
        tricks.append(observation.trick)
    voids: dict[int, set[object]] = {}
    trump = observation.trump
    if tricks and trump is not None and leads_trump(observation.variant, observation.bid):
        leader, lead = tricks[0][0]
        if lead.suit is not trump:  # play.opening_lead: the leader held no trump then
            voids[leader] = {trump}
    for plays in tricks:
        led = plays[0][1].suit
        for seat, card in plays:
            if card.suit in voids.get(seat, ()):
                call = CallRenege(seat)
                if call in calls:
                    return call
            if card.suit is not led:
                voids.setdefault(seat, set()).add(led)
    return None


def _calling_reneges(
    choose: Callable[[Bot, Observation], Action],
) -> Callable[[Bot, Observation], Action]:
    """``choose`` that first calls a visible renege and never sees a call among its choices."""

    @functools.wraps(choose)
    def wrapper(self: Bot, observation: Observation) -> Action:
        if observation.phase is not Phase.TRICKS or not observation.variant.renege.accept:
            return choose(self, observation)
        call = visible_renege(observation)
        if call is not None:
            return call
        plays = tuple(a for a in observation.legal_actions if type(a) is not CallRenege)
        return choose(self, attrs.evolve(observation, legal_actions=plays))

    return wrapper


class Bot(abc.ABC):
    """A computer player: it sees one seat's `Observation` and returns a legal action.

    A bot never sees the game state, only what its seat may know. Given the same seed and
    the same observations in the same order, it makes the same choices.

    Args:
        seed: Seeds the bot's own random choices (None: the operating system's entropy).
    """

    level: str = ""
    """The level's name, as `make_bot` spells it."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Each bot's `choose` calls a visible renege first, and sees only its cards."""
        super().__init_subclass__(**kwargs)
        if "choose" in cls.__dict__:
            setattr(cls, "choose", _calling_reneges(cls.__dict__["choose"]))  # noqa: B010

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
