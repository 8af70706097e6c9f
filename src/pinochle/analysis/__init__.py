"""Exact analysis of trick play: the double-dummy solver and what is built on it.

With every hand in view, what do best play and each card make? `solve` answers for a state
in trick play of any profile (four-hand single and double deck, three-hand, the two-hand
game once the stock is gone, sit-outs): the trick points each side takes from here to the
hand's end with best play by every seat, the last trick's bonus and the profile's
counting included, and one best line. `card_values` values every legal card of the seat
to act, `can_take` asks whether a side can take at least so many points (much faster
than the exact value: the question a bid asks), `trump_table` values each suit as trump
for the bidder before trump is named, and `analyse_play` replays a recorded hand and says
what every card cost against best play.

Who plays against whom: the search has two teams. Where the profile has two sides (two
hands, partnerships) they are the teams. With three or more sides (three-hand cutthroat)
the bidder plays against the others together, the contract question; the points each
defender takes are then those of the best line found (best play does not decide how the
defenders share what the bidder does not take). At five hands a called partner who has
shown plays on the bidder's team; before it shows, it is one of the others.

These are open-hand answers: they see every card, so they are for analysis, for a state a
program imagined (a sampled deal), and for the Expert's search, never advice a player may
use at the table (the hints of ``pinochle.analysis`` that are built for a seat use only
what the seat may know).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from pinochle.analysis._hints import (
    BIDS,
    EXACT_FROM,
    MARGIN,
    POINTS,
    TRIES,
    WORLDS,
    ActionValue,
    Hint,
    hint,
    hintable,
)
from pinochle.analysis._judge import (
    CONFIDENCE,
    MARKS,
    HandReview,
    Review,
    ReviewedDecision,
    review,
    review_decision,
)
from pinochle.analysis._position import line_of, search_of
from pinochle.analysis._review import PlayAnalysis, PlayedCard, analyse_play
from pinochle.analysis._table import trump_table
from pinochle.cards import CARDS, Card
from pinochle.errors import ArgumentError
from pinochle.state import Phase, State
from pinochle.tricks import card_points, trick_winner

__all__ = [
    "BIDS",
    "CONFIDENCE",
    "EXACT_FROM",
    "MARGIN",
    "MARKS",
    "POINTS",
    "TRIES",
    "WORLDS",
    "ActionValue",
    "HandReview",
    "Hint",
    "PlayAnalysis",
    "PlayedCard",
    "Review",
    "ReviewedDecision",
    "Solution",
    "analyse_play",
    "can_take",
    "card_solutions",
    "card_values",
    "hint",
    "hintable",
    "review",
    "review_decision",
    "solve",
    "trump_table",
]


@attrs.frozen
class Solution:
    """The exact value of a position and one best line (`solve`).

    Attributes:
        points: Each side's trick points from here to the hand's end with best play,
            indexed like `State.points` (the trick in progress and the last trick's bonus
            included, the points already taken not).
        line: A best line: the cards played from here to the hand's end, in play order
            (apply each as `pinochle.Play`).
    """

    points: tuple[int, ...]
    line: tuple[Card, ...]


def _check(state: State) -> None:
    """Refuse a state the solver cannot value: it must be in trick play, the stock gone."""
    if not isinstance(state, State):
        raise ArgumentError("state", "a pinochle.State", state)
    if state.phase is not Phase.TRICKS or state.to_act is None:
        raise ArgumentError(
            "state", f"a state in trick play (this one is in the {state.phase} phase)", state
        )
    if state.hand.stock:
        raise ArgumentError(
            "state",
            f"a two-hand state once the stock is gone ({len(state.hand.stock)} cards left in "
            "it: the stock's order is no part of open-hand play)",
            state,
        )


def solve(state: State) -> Solution:
    """The trick points each side takes from here with best play by all, and a best line.

    Args:
        state: A state in trick play (two-hand: once the stock is gone).

    Raises:
        ArgumentError: ``state`` is not in trick play, or the stock is not gone.
    """
    _check(state)
    search = search_of(state)
    line = line_of(search, search.exact())
    return Solution(_line_points(state, line), line)


def _line_points(state: State, line: Sequence[Card]) -> tuple[int, ...]:
    """Each side's trick points along ``line``: by the trick rules, the bonus to the last."""
    variant, trump = state.variant, state.hand.trump
    players = variant.deal.players
    points = [0] * len(state.points)
    trick = list(state.trick)
    seat = state.to_act or 0
    left = sum(len(cards) for cards in state.hands)
    for card in line:
        trick.append((seat, card))
        left -= 1
        seat = (seat + 1) % players
        if len(trick) == players:
            winner = trick[trick_winner([c for _, c in trick], trump)][0]
            taken = card_points([c for _, c in trick], variant)
            if not left:
                taken += variant.counting.last_trick
            points[state.side_of(winner)] += taken
            trick, seat = [], winner
    return tuple(points)


def card_values(state: State) -> dict[Card, int]:
    """The value of every legal card of the seat to act, with best play after it.

    A card's value is the trick points the seat's team takes from here (the trick in
    progress included) once it is played and every seat plays best after. Cards of equal
    value are equally good; the others lose the difference. The two copies of a card are
    one key.

    Raises:
        ArgumentError: ``state`` is not in trick play, or the stock is not gone.
    """
    _check(state)
    search = search_of(state)
    team = search.teams[search.seat]
    remaining = search.remaining()
    values: dict[Card, int] = {}
    for kind in reversed(search.moves()):
        units = search.play(kind)
        units += search.exact()
        search.undo()
        values[CARDS[kind]] = (units if team == 0 else remaining - units) * search.unit
    return values


def card_solutions(state: State) -> dict[Card, Solution]:
    """Every legal card of the seat to act solved: `solve` once that card is played.

    Each card's `Solution` gives each side's trick points from here (this card's trick
    included) when the card is played and every seat plays best after, and the line from
    here, starting with the card. One search serves every card (its table is shared), so
    this costs much less than `solve` on each card's state; a program that needs the
    line after each card (the points each side takes in three-hand, the tricks and
    counters a line wins) asks this, one that needs only the values asks `card_values`.

    Raises:
        ArgumentError: ``state`` is not in trick play, or the stock is not gone.
    """
    _check(state)
    search = search_of(state)
    solutions: dict[Card, Solution] = {}
    for kind in reversed(search.moves()):
        card = CARDS[kind]
        search.play(kind)
        line = (card, *line_of(search, search.exact()))
        for _ in line:
            search.undo()
        solutions[card] = Solution(_line_points(state, line), line)
    return solutions


def can_take(state: State, side: int, points: int) -> bool:
    """Whether ``side`` can take at least ``points`` trick points from here, against best play.

    A null-window search: much faster than the exact value. ``side`` is indexed like
    `State.points`; with three or more sides a defender's side counts the defenders'
    points together (see the module's note on teams). Points are those from here on, as
    `solve` counts them.

    Raises:
        ArgumentError: ``state`` is not in trick play, the stock is not gone, or ``side``
            is not one of the state's sides.
    """
    _check(state)
    if type(side) is not int or not 0 <= side < len(state.points):
        raise ArgumentError("side", f"a side 0-{len(state.points) - 1}", side)
    if type(points) is not int:
        raise ArgumentError("points", "an int", points)
    search = search_of(state)
    team = next((search.teams[seat] for seat in state.seats() if state.side_of(seat) == side), None)
    if team is None:
        return points <= 0  # a side with no seat in this hand (a sitting-out person)
    need = -(-points // search.unit)  # whole units: 25 points of a 10-point unit need 3
    if need <= 0:
        return True
    if team == 0:
        return search.at_least(need)
    # The other team takes at least ``need`` when team 0 takes at most ``remaining - need``.
    most = search.remaining() - need
    return most >= 0 and not search.at_least(most + 1)
