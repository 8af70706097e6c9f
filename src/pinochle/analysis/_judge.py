"""`review`: each decision a seat made in a recorded game, against `hint` from what it knew."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

import attrs

from pinochle import arguments
from pinochle._words import counted
from pinochle.actions import Action, Bury, PassCards, Play
from pinochle.analysis._hints import MARGIN, Hint, hintable, valued
from pinochle.analysis._review import as_record
from pinochle.cards import CARDS, format_cards
from pinochle.engine import observe
from pinochle.errors import ArgumentError
from pinochle.records import GameRecord, replay_states
from pinochle.state import Observation, Phase, State
from pinochle.tricks import card_points, deck_points
from pinochle.variant import Variant

__all__ = [
    "CONFIDENCE",
    "MARKS",
    "HandReview",
    "Review",
    "ReviewedDecision",
    "review",
    "review_decision",
]

CONFIDENCE = 1.28
"""How sure a "??" is: the loss less this many standard errors of its mean (the
differences deal by deal) must reach a third, a one-sided 90% bound; a "?" takes the
expected loss as it is."""

MARKS: tuple[float, float] = (0.1, 1 / 3)
"""A decision's loss, as a share of the hand's trick points, that marks it "?" and "??".

Below them, a loss of at least half a counter (the least a counting card is worth) marks
a decision "?!", dubious (as chess annotates an inaccuracy): a counter given away or kept
back is a few hundredths of a hand, under a tenth on every profile, and an expected loss
is a mean over imagined deals, so a counter lost in most of them counts.
"""


@attrs.frozen
class ReviewedDecision:
    """One decision of the reviewed seat, against the hint from what it knew then.

    Attributes:
        hand: The hand, from 1 (as ``pinochle replay --hand`` counts).
        trick: The trick, from 1, for a card; None for a decision before play.
        phase: The decision's phase.
        action: What the seat did.
        hint: The hint at that decision (its observation only), the action taken valued
            too.
        loss: The expected points the action lost against the hint's best (0 when it was
            the best), in the hint's measure.
        mark: ``"??"`` for a loss that reaches the second of the review's marks (a share
            of the hand's trick points; of twice them for a decision before play, whose
            score margin counts each point twice) with `CONFIDENCE`, ``"?"`` for an
            expected loss that reaches the first, ``"?!"`` for one of at least half a
            counter (twice that before play), else ``""``.
    """

    hand: int
    trick: int | None
    phase: Phase
    action: Action
    hint: Hint
    loss: float
    mark: str

    @property
    def best(self) -> Action:
        """The hint's best action."""
        return self.hint.best.action

    @property
    def text(self) -> str:
        """One line: ``trick 7: 10♠ cost about 30 points: A♠ was best``.

        It names the seat's own cards only (what it held, played or passed).
        """
        where = f"trick {self.trick}" if self.trick is not None else _PLACES[self.phase]
        done = describe(self.action)
        points = math.floor(self.loss + 0.5)  # half up, as the marks count: 2.5 is about 3
        if points <= 0:
            return f"{where}: {done} was among the best"
        cost = counted(points, "point")
        return f"{where}: {done} cost about {cost}: {describe(self.best)} was best"


@attrs.frozen
class HandReview:
    """One hand of a `Review`: its decisions and the line that sums it up.

    Attributes:
        hand: The hand, from 1.
        decisions: The seat's reviewed decisions in the hand, in order.
    """

    hand: int
    decisions: tuple[ReviewedDecision, ...]

    @property
    def loss(self) -> float:
        """The expected points the hand's decisions lost, added up."""
        return sum(decision.loss for decision in self.decisions)

    @property
    def summary(self) -> str:
        """The hand's costliest decision in one line, or that none lost a point."""
        worst = max(self.decisions, key=lambda d: d.loss, default=None)
        if worst is None or math.floor(worst.loss + 0.5) <= 0:
            return f"hand {self.hand}: no decision lost a point"
        return f"hand {self.hand}: {worst.text}"


@attrs.frozen
class Review:
    """A seat's decisions in a recorded game, each against `hint` (`review`).

    Attributes:
        seat: The reviewed seat.
        decisions: Every reviewed decision, in play order.
        hands: The decisions hand by hand, each with its summary line.
    """

    seat: int
    decisions: tuple[ReviewedDecision, ...]
    hands: tuple[HandReview, ...]

    @property
    def marked(self) -> tuple[ReviewedDecision, ...]:
        """The decisions with a mark: "?!", "?" or "??"."""
        return tuple(decision for decision in self.decisions if decision.mark)

    @property
    def loss(self) -> float:
        """The expected points all the decisions lost."""
        return sum(decision.loss for decision in self.decisions)


_PLACES = {
    Phase.AUCTION: "auction",
    Phase.TRUMP: "trump",
    Phase.PASS: "passing",
    Phase.RETURN: "returning",
    Phase.BURY: "burying",
}


def describe(action: Action) -> str:
    """An action in a review's words: ``10♠``, ``bid 35``, ``pass``, ``trump ♥``, cards."""
    if isinstance(action, Play):
        return str(action.card)
    if isinstance(action, PassCards | Bury):
        return format_cards(action.cards)
    return str(action)  # a bid, a pass, trump: their own words


def review(
    record: GameRecord | str | bytes,
    seat: int,
    *,
    hand: int | None = None,
    worlds: int | None = None,
    seed: int | None = 0,
    marks: Sequence[float] = MARKS,
    exact_from: int | None = None,
) -> Review:
    """Every decision ``seat`` made in a recorded game, against `hint` from what it knew.

    The game is replayed; at each decision of the seat that a hint values (`hintable`)
    and that had more than one legal action, `hint` is asked from the seat's observation
    (never the other hands), with the action taken valued too. Its loss is the best
    action's value minus the action's; the mark says how large that is against the
    hand's trick points (`pinochle.deck_points`: 250 on the tens scale's single deck).

    Args:
        record: A game record, or its JSON text.
        seat: The seat to review.
        hand: Only this hand (from 1); default every hand.
        worlds: Deals imagined per decision, as for `hint`.
        seed: Seeds each decision's hint, as for `hint`.
        exact_from: As for `hint`.
        marks: The shares of the hand's trick points that mark a loss "?" and "??"
            (default `MARKS`: a tenth and a third).

    Raises:
        ArgumentError: A bad argument: ``seat`` not a seat of the record's profile,
            ``hand`` not one of its hands, ``marks`` not two shares, lowest first.
        RecordError: The JSON text is not a record, or the record does not replay.
    """
    game = as_record(record)
    players = game.variant.deal.players
    seat = arguments.seat("seat", seat, players)
    only = None if hand is None else arguments.number("hand", hand, 1)
    shares = _marks(marks)
    found_decisions, numbers = _decisions(game, seat)
    if only is not None and only not in numbers:
        told = f"hands 1 to {max(numbers)}" if numbers else "no hand"
        raise ArgumentError("hand", f"a hand of the record ({told})", hand)
    decisions: list[ReviewedDecision] = []
    for state, action in found_decisions:
        if only is not None and state.hand.number + 1 != only:
            continue
        view = observe(state, seat)
        decisions.append(_judged(view, action, worlds, seed, exact_from, shares))
    hands = sorted({d.hand for d in decisions})
    by_hand = tuple(HandReview(n, tuple(d for d in decisions if d.hand == n)) for n in hands)
    return Review(seat, tuple(decisions), by_hand)


def review_decision(
    observation: Observation,
    action: Action,
    *,
    worlds: int | None = None,
    seed: int | None = 0,
    marks: Sequence[float] = MARKS,
    exact_from: int | None = None,
) -> ReviewedDecision:
    """One decision judged as `review` judges each: ``action`` taken at ``observation``.

    Args:
        observation: The seat's view at the decision (`hintable`).
        action: What the seat did: one of its legal actions.
        worlds: Deals imagined, as for `hint`.
        seed: Seeds the deals, as for `hint`.
        marks: As for `review`.
        exact_from: As for `hint`.

    Raises:
        ArgumentError: As `hint` raises; ``action`` not a legal action of the view;
            ``marks`` not two shares, lowest first.
    """
    shares = _marks(marks)
    if not isinstance(observation, Observation):
        raise ArgumentError("observation", "a pinochle.Observation", observation)
    if hintable(observation) and action not in observation.legal_actions:
        raise ArgumentError("action", "a legal action of the seat", action)
    return _judged(observation, action, worlds, seed, exact_from, shares)


def _judged(
    view: Observation,
    action: Action,
    worlds: int | None,
    seed: int | None,
    exact_from: int | None,
    shares: tuple[float, float],
) -> ReviewedDecision:
    """The decision valued by the hint and marked (see `MARKS` and `CONFIDENCE`)."""
    found, values = valued(view, worlds=worlds, seed=seed, exact_from=exact_from, also=(action,))
    best = values[found.best.action]
    taken = values[action]
    differences = [b - t for b, t in zip(best, taken, strict=True)]
    loss = max(0.0, statistics.fmean(differences))
    spread = statistics.stdev(differences) / math.sqrt(len(differences)) if len(best) > 1 else 0.0
    variant = view.variant
    # A margin counts each trick point twice (one side's gain is the other's loss), so
    # a decision before play is marked against twice the hand's points.
    weight = 2 if found.measure == MARGIN else 1
    full = deck_points(variant) * weight
    sure = loss - CONFIDENCE * spread  # the loss the deals show with 90% confidence
    if loss <= 0:
        mark = ""
    elif sure >= shares[1] * full:  # a blunder must be sure
        mark = "??"
    elif loss >= shares[0] * full:
        mark = "?"
    else:
        mark = "?!" if loss >= _counter(variant) * weight / 2 else ""
    trick = len(view.tricks) + 1 if view.phase is Phase.TRICKS else None
    return ReviewedDecision(view.hand_number + 1, trick, view.phase, action, found, loss, mark)


def _counter(variant: Variant) -> int:
    """The least a counting card is worth ("?!" takes a loss of at least half of it)."""
    return min(value for card in CARDS if (value := card_points([card], variant)) > 0)


def _marks(marks: Sequence[float]) -> tuple[float, float]:
    """The two shares, checked: numbers from 0 to 1, the first at most the second."""
    try:
        low, high = (float(share) for share in marks)
    except (TypeError, ValueError):
        raise ArgumentError(
            "marks", "two shares of the hand's points, such as (0.1, 1/3)", marks
        ) from None
    if not 0 <= low <= high <= 1:
        raise ArgumentError("marks", "two shares from 0 to 1, the first at most the second", marks)
    return low, high


def _decisions(record: GameRecord, seat: int) -> tuple[list[tuple[State, Action]], set[int]]:
    """Each state where ``seat`` chose among actions a hint values, with what it did.

    And the hands (from 1) the record has an action in.
    """
    found: list[tuple[State, Action]] = []
    numbers: set[int] = set()
    for state, action in zip(replay_states(record), record.actions, strict=False):
        numbers.add(state.hand.number + 1)
        if state.to_act != seat:
            continue
        view = observe(state, seat)
        if hintable(view) and len(set(view.legal_actions)) > 1:
            found.append((state, action))
    return found, numbers
