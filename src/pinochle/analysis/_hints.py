"""`hint`: each legal action of a seat valued over the deals it cannot tell apart.

Perfect-information Monte Carlo: the cards the seat cannot see are dealt many times
consistently with its observation (`pinochle.sample_states`), each action is tried in every
imagined deal, the deal is played to the end of the hand with every hand in view, and the
action's value is the mean over the deals. The same deals serve every action, so luck in
the sampling does not blur the comparison.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

import attrs

from pinochle import arguments
from pinochle.actions import Action, Play
from pinochle.analysis._completion import card_order, finish_hand, ranked
from pinochle.analysis._position import search_of
from pinochle.cards import Card, DeckKind
from pinochle.choices import CardChoices
from pinochle.engine import apply, legal_actions
from pinochle.errors import ArgumentError
from pinochle.sampling import sample_states
from pinochle.state import Observation, Phase, State

__all__ = [
    "BIDS",
    "EXACT_FROM",
    "MARGIN",
    "POINTS",
    "TRIES",
    "WORLDS",
    "ActionValue",
    "Hint",
    "hint",
    "hintable",
    "valued",
]

WORLDS: Final[Mapping[DeckKind, int]] = MappingProxyType(
    {
        DeckKind.SINGLE: 16,
        DeckKind.DOUBLE: 12,
        DeckKind.DOUBLE_NINES: 12,
        DeckKind.TRIPLE: 12,
        DeckKind.ONE_AND_A_HALF: 12,
        DeckKind.ONE_AND_A_HALF_NINES: 12,
    }
)
"""Deals imagined per hint, by deck, unless ``worlds`` says otherwise."""

EXACT_FROM: Final[Mapping[DeckKind, int]] = MappingProxyType(
    {
        DeckKind.SINGLE: 5,
        DeckKind.DOUBLE: 4,
        DeckKind.DOUBLE_NINES: 4,
        DeckKind.TRIPLE: 4,
        DeckKind.ONE_AND_A_HALF: 4,
        DeckKind.ONE_AND_A_HALF_NINES: 4,
    }
)
"""From how many cards a hand on an imagined deal is solved exactly, by deck.

Before that, each seat plays the card the solver tries first (winners first for the side on
lead, the cheapest card that does the job after) until the hands are down to this size.
"""

BIDS: Final = 8
"""The bids a hint values: the lowest legal amounts, up to this many (and pass)."""

TRIES: Final = 3
"""Sets of cards a hint values for each order it tries (passing, returning, burying)."""

_Z95 = 1.96

POINTS: Final = "trick points"
"""`Hint.measure` of card play: the side's trick points from here."""

MARGIN: Final = "score margin"
"""`Hint.measure` of a decision before play: the side's hand score minus the best other's."""

_PHASES = frozenset({Phase.AUCTION, Phase.TRUMP, Phase.PASS, Phase.RETURN, Phase.BURY})


@attrs.frozen
class ActionValue:
    """One action of a `Hint` with what it is expected to bring.

    Attributes:
        action: The action.
        value: Its expected value for the seat's side, the mean over the imagined deals:
            trick points from here for a card, the hand's score margin for a decision
            before play (see `Hint.measure`).
        low: The lower end of a 95% interval for that mean (normal approximation).
        high: The upper end.
    """

    action: Action
    value: float
    low: float
    high: float


@attrs.frozen
class Hint:
    """Every valued action of a seat, best first (`hint`).

    Attributes:
        seat: The seat the hint is for.
        phase: The decision's phase.
        measure: What the values count: ``"trick points"`` (card play: the trick points
            the seat's side takes from here, this trick included) or ``"score margin"``
            (decisions before play: the side's score for the hand minus the best other
            side's, the bid made or set, the meld saved or lost).
        worlds: How many deals were imagined.
        actions: The valued actions, highest value first (equal values in legal order).
    """

    seat: int
    phase: Phase
    measure: str
    worlds: int
    actions: tuple[ActionValue, ...]

    @property
    def best(self) -> ActionValue:
        """The suggested action: the highest expected value."""
        return self.actions[0]

    def value_of(self, action: Action) -> ActionValue:
        """The valued entry of ``action`` (the two copies of a card are one action).

        Raises:
            ArgumentError: The hint did not value ``action``.
        """
        for entry in self.actions:
            if entry.action == action:
                return entry
        valued = ", ".join(str(entry.action) for entry in self.actions)
        raise ArgumentError("action", f"an action the hint valued ({valued})", action)


def hintable(observation: Observation) -> bool:
    """Whether `hint` values the decision ``observation`` is waiting for.

    Card play once the stock (two-hand) is gone, and the auction, trump, passing,
    returning and burying; not the two-hand game's meld and draws, nor a seat that is not
    to act.
    """
    if not isinstance(observation, Observation) or observation.to_act != observation.seat:
        return False
    if observation.phase is Phase.TRICKS:
        return not observation.stock_size
    return observation.phase in _PHASES and not observation.stock_size


def hint(
    observation: Observation,
    *,
    worlds: int | None = None,
    seed: int | None = 0,
    exact_from: int | None = None,
    also: Iterable[Action] = (),
) -> Hint:
    """Every legal action of the seat to act, valued on deals it cannot tell apart.

    Uses only what the seat may see: the deals are drawn from its observation, so two
    states the seat cannot tell apart get the same hint for the same seed.

    Card play: each legal card's expected trick points for the seat's side from here
    (three-hand: the bidder's, or the defenders' together), each imagined deal played out
    after the card as `EXACT_FROM` says and solved exactly for its last cards. Decisions
    before play: the auction (pass and the lowest `BIDS` amounts), trump (every suit),
    the cards to pass, return or bury (the sets along a few plain orders, `TRIES` each):
    the expected score margin of the hand, each deal finished with simple open-hand
    choices for the decisions still to come and played as for a card. Passing: the
    contract goes to whoever holds the bid (the others pass); bidding: the seat takes it
    at that amount.

    Args:
        observation: The seat's view, waiting for its decision (`hintable`).
        worlds: Deals to imagine (default `WORLDS` for the deck).
        seed: Seeds the deals: the same observation and seed give the same hint. None
            draws a fresh seed.
        exact_from: Solve each deal exactly from this many cards a hand (default
            `EXACT_FROM` for the deck); more is slower and closer to best play.
        also: Actions to value besides the hint's own (a review adds the action taken).

    Raises:
        ArgumentError: ``observation`` is not one, or waits for no decision of its seat
            that a hint values; a bad ``worlds``, ``seed``, ``exact_from`` or ``also``.
    """
    return valued(observation, worlds=worlds, seed=seed, exact_from=exact_from, also=also)[0]


def valued(
    observation: Observation,
    *,
    worlds: int | None = None,
    seed: int | None = 0,
    exact_from: int | None = None,
    also: Iterable[Action] = (),
) -> tuple[Hint, dict[Action, list[float]]]:
    """`hint`, and each valued action's value on every imagined deal, in deal order.

    The values deal by deal let a review weigh a difference between two actions on the
    same deals (a paired difference), not only their means. Arguments as for `hint`.
    """
    if not isinstance(observation, Observation):
        raise ArgumentError("observation", "a pinochle.Observation", observation)
    if not hintable(observation):
        turn = "its seat" if observation.to_act == observation.seat else "another seat"
        raise ArgumentError(
            "observation",
            "a seat's view waiting for its card (the stock gone), bid, trump, or cards to "
            f"pass, return or bury (this one is in the {observation.phase} phase, {turn} "
            "to act)",
            observation.phase,
        )
    deck = observation.variant.deal.deck
    count = WORLDS[deck] if worlds is None else arguments.number("worlds", worlds, 1, 10_000)
    depth = (
        EXACT_FROM[deck] if exact_from is None else arguments.number("exact_from", exact_from, 1)
    )
    if seed is not None:
        arguments.number("seed", seed, 0, 2**64 - 1)
    extra = tuple(also)
    for action in extra:
        if action not in observation.legal_actions:
            raise ArgumentError("also", "legal actions of the seat", action)
    rng = random.Random(seed)
    deals = list(sample_states(observation, rng, count))
    if observation.phase is Phase.TRICKS:
        actions, values = _cards(observation, deals, depth)
        measure = POINTS
    else:
        actions = _candidates(observation, deals[0], extra)
        values = _decisions(observation, deals, actions, depth)
        measure = MARGIN
    for action in extra:
        if action not in actions:  # pragma: no cover - every candidate list takes ``also``
            raise ArgumentError("also", "an action the hint can value", action)
    entries = [_entry(action, found) for action, found in zip(actions, values, strict=True)]
    order = sorted(range(len(entries)), key=lambda i: (-entries[i].value, i))
    found = Hint(
        observation.seat, observation.phase, measure, count, tuple(entries[i] for i in order)
    )
    return found, dict(zip(actions, values, strict=True))


def _entry(action: Action, values: Sequence[float]) -> ActionValue:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return ActionValue(action, mean, mean, mean)
    half = _Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return ActionValue(action, mean, mean - half, mean + half)


# --- Cards ------------------------------------------------------------------------------


def _cards(
    observation: Observation, deals: Sequence[State], depth: int
) -> tuple[list[Action], list[list[float]]]:
    """Each distinct legal card and its trick points for the seat's team, deal by deal."""
    cards: list[Card] = []
    for action in observation.legal_actions:
        if not isinstance(action, Play):
            continue  # a renege call (renege.accept) is a judgement of the table, not ranked
        if action.card not in cards:
            cards.append(action.card)
    values: list[list[float]] = [[] for _ in cards]
    solved: dict[object, list[float]] = {}
    for deal in deals:
        key = (deal.hands, deal.trick)
        found = solved.get(key)
        if found is None:
            found = solved[key] = _card_points(deal, cards, depth)
        for i, points in enumerate(found):
            values[i].append(points)
    return [Play(card) for card in cards], values


def _card_points(deal: State, cards: Sequence[Card], depth: int) -> list[float]:
    """Each card's trick points for the seat's team on one deal: played out, then solved."""
    search = search_of(deal)
    team = search.teams[search.seat]
    remaining = search.remaining()
    found = []
    for card in cards:
        units = search.play(card.index)
        gained, played = search.advance(depth)
        units += gained + search.exact()
        for _ in range(len(played) + 1):
            search.undo()
        found.append(float((units if team == 0 else remaining - units) * search.unit))
    return found


# --- Decisions before play -------------------------------------------------------------------


def _candidates(observation: Observation, deal: State, extra: Sequence[Action]) -> list[Action]:
    """The actions a hint values before play: see `hint`.

    Read from an imagined deal: the seat's legal actions there are its own (they turn on
    its hand and what is public), and the engine's lazy choices know their structure.
    """
    legal = legal_actions(deal)
    found: list[Action] = []
    if observation.phase is Phase.AUCTION:  # pass (unless forced), then the bids, lowest first
        found.extend(itertools.islice(legal, BIDS + 1))
    elif isinstance(legal, CardChoices):
        hand = deal.hands[observation.seat]
        for keep_meld in (False, True):
            order = card_order(deal, hand, keep_meld=keep_meld)
            for cards in ranked(legal, order, TRIES):
                action = legal.make(cards)
                if action not in found:
                    found.append(action)
    else:
        found.extend(legal)
    found.extend(action for action in extra if action not in found)
    return found


def _decisions(
    observation: Observation, deals: Sequence[State], actions: Sequence[Action], depth: int
) -> list[list[float]]:
    """Each action's score margin for the seat's side, deal by deal."""
    values: list[list[float]] = [[] for _ in actions]
    lines: dict[object, tuple[Card, ...]] = {}
    for deal in deals:
        for i, action in enumerate(actions):
            values[i].append(
                _margin(finish_hand(apply(deal, action), depth, lines), deal, observation.seat)
            )
    return values


def _margin(end: State, start: State, seat: int) -> float:
    """The seat's side's score for the hand minus the best other side's (0: no result)."""
    if len(end.results) == len(start.results):
        return 0.0
    scores = end.results[len(start.results)].scores
    side = start.side_of(seat)
    others = [score for s, score in enumerate(scores) if s != side]
    return float(scores[side] - max(others, default=0))
