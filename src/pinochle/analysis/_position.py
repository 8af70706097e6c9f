"""A state in trick play as the solver's position: the teams and the search from it."""

from __future__ import annotations

from pinochle.analysis._search import Search
from pinochle.cards import CARDS, Card
from pinochle.errors import InvariantError
from pinochle.state import State
from pinochle.tricks import leads_trump

__all__ = ["line_of", "search_of", "teams_of"]


def teams_of(state: State) -> tuple[int, ...]:
    """Each seat's team: 0 for the bidder's side (or the seat to act's, with no bidder).

    At five hands a called partner already revealed is on the bidder's team: the pair's
    points settle together (rules/settlement#called-partner).
    """
    sides = [state.side_of(seat) for seat in state.seats()]
    bidder, partner = state.hand.bidder, state.hand.partner
    if partner is not None and bidder is not None:
        sides[partner] = sides[bidder]
    anchor = sides[bidder if bidder is not None else state.to_act]  # type: ignore[index]
    return tuple(0 if side == anchor else 1 for side in sides)


def search_of(state: State) -> Search:
    """The search from a state in trick play (the stock gone): its hands, trick and turn."""
    trump = state.hand.trump
    search = Search(
        state.variant,
        -1 if trump is None else int(trump),
        state.hands,
        [(seat, card.index) for seat, card in state.trick],
        state.to_act or 0,
        teams_of(state),
    )
    if not state.tricks and not state.trick and leads_trump(state.variant, state.hand.bid):
        search.lead_trump()  # the hand's first lead must be a trump (play.opening_lead)
    return search


def line_of(search: Search, value: int) -> tuple[Card, ...]:
    """A best line from the search's position, whose exact value (units) is ``value``.

    At each card, the first legal card that keeps the value (a null-window search each,
    on the table the exact search filled).
    """
    line: list[Card] = []
    while True:
        moves = search.moves()
        if not moves:
            return tuple(line)
        maximise = search.teams[search.seat] == 0
        for kind in moves:
            gained = search.play(kind)
            rest = value - gained
            if search.at_least(rest) if maximise else not search.at_least(rest + 1):
                break
            search.undo()
        else:  # pragma: no cover - the value is exact, so some card keeps it
            raise InvariantError(f"no card keeps the solved value {value} at {line}")
        line.append(CARDS[kind])
        value = rest
