"""A state in trick play as the solver's position: the teams and the search from it."""

from __future__ import annotations

from pinochle.analysis._search import Search
from pinochle.state import State

__all__ = ["search_of", "teams_of"]


def teams_of(state: State) -> tuple[int, ...]:
    """Each seat's team: 0 for the bidder's side (or the seat to act's, with no bidder)."""
    sides = [state.side_of(seat) for seat in state.seats()]
    bidder = state.hand.bidder
    anchor = sides[bidder if bidder is not None else state.to_act]  # type: ignore[index]
    return tuple(0 if side == anchor else 1 for side in sides)


def search_of(state: State) -> Search:
    """The search from a state in trick play (the stock gone): its hands, trick and turn."""
    trump = state.hand.trump
    return Search(
        state.variant,
        -1 if trump is None else int(trump),
        state.hands,
        [(seat, card.index) for seat, card in state.trick],
        state.to_act or 0,
        teams_of(state),
    )
