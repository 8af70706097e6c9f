"""Five hands with a called partner (``deal.partner = "called"``, rules/deck-and-deal#five-hands).

WP: the bidder "calls a trump card to choose a partner". Right after naming trump the
bidder calls one trump card (`CallPartner`, `Phase.CALL`); every seat hears the call, and
the first player other than the bidder to play a copy of the card becomes the bidder's
partner for the hand (`Hand.partner`, set by the trick play). A bidder who holds every copy
plays alone. Until the card is played nobody is told who the partner is.

The house game with two bid winners (``deal.partner = "asked"``, rules/deck-and-deal#two-winners)
asks instead: the bidder names any card of the deck, and the first other player holding a
copy, asking round from the bidder's right (seat ``bidder - 1``, then ``bidder - 2``, ...:
seats go clockwise, so the right-hand neighbour is the seat before), is the partner at once,
told to every seat. A bidder holding every copy plays alone. Each way is one rule function
(`_OFFERED` and `_FOUND`), so the engine holds no test of the key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pinochle.actions import Action, CallPartner
from pinochle.cards import CARDS, Card, Rank, deck_has_nines
from pinochle.engine._common import _with, _wrong_phase
from pinochle.engine._course import _meld
from pinochle.errors import IllegalActionError
from pinochle.state import State, _hand_with
from pinochle.variant import Partner

_CALLS = tuple(CallPartner(card) for card in CARDS)
"""One shared `CallPartner` a card, by `Card.index`."""


def _trump_calls(state: State) -> Sequence[Action]:
    """WP: every trump card the deck holds; the bidder may call any, even one it holds."""
    trump = state.hand.trump
    assert trump is not None  # the call follows the naming of trump
    nines = deck_has_nines(state.variant.deal.deck)
    return tuple(_CALLS[trump * 6 + rank] for rank in Rank if nines or rank is not Rank.NINE)


def _any_card_calls(state: State) -> Sequence[Action]:
    """The house notes: the bidder "asks for a card", any card of the deck."""
    nines = deck_has_nines(state.variant.deal.deck)
    return tuple(call for call in _CALLS if nines or call.card.rank is not Rank.NINE)


def _found_on_play(state: State, card: Card) -> int | None:
    """A called card: nobody is the partner until a copy is played (`_tricks._apply_play`)."""
    return None


def _first_holder_from_right(state: State, card: Card) -> int | None:
    """An asked card: the first other seat holding a copy, from the bidder's right round.

    Seats are numbered clockwise and play goes to the left (seat + 1), so the bidder's
    right-hand neighbour is seat ``bidder - 1``; asking goes on round to the right.
    """
    bidder = state.hand.bidder
    assert bidder is not None  # only a bidder asks
    players = len(state.hands)
    for k in range(1, players):
        seat = (bidder - k) % players
        if card in state.hands[seat]:
            return seat
    return None  # the bidder holds every copy: alone


_OFFERED: dict[Partner, Callable[[State], Sequence[Action]]] = {
    Partner.CALLED: _trump_calls,
    Partner.ASKED: _any_card_calls,
}
"""The cards the bidder may call, by ``deal.partner``."""

_FOUND: dict[Partner, Callable[[State, Card], int | None]] = {
    Partner.CALLED: _found_on_play,
    Partner.ASKED: _first_holder_from_right,
}
"""Who is the partner as soon as the card is called, by ``deal.partner``."""


def _call_actions(state: State) -> Sequence[Action]:
    """The cards the bidder may call under ``deal.partner``."""
    return _OFFERED[state.variant.deal.partner](state)


def _apply_call(state: State, action: Action) -> State:
    """The bidder calls a card; then everyone lays down meld."""
    if not isinstance(action, CallPartner):
        raise _wrong_phase(state, action)
    if action not in _call_actions(state):
        if state.variant.deal.partner is Partner.ASKED:
            raise IllegalActionError(str(action), "ask for a card of the deck")
        trump = state.hand.trump
        assert trump is not None
        raise IllegalActionError(
            str(action), f"call a trump card of the deck: {trump.symbol} is trump"
        )
    card = CARDS[action.card.index]
    partner = _FOUND[state.variant.deal.partner](state, card)
    hand = _hand_with(state.hand, called=card, partner=partner)
    return _meld(_with(state, action, hand=hand))
