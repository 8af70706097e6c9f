"""Five hands with a called partner (``deal.partner = "called"``, rules/deck-and-deal#five-hands).

WP: the bidder "calls a trump card to choose a partner". Right after naming trump the
bidder calls one trump card (`CallPartner`, `Phase.CALL`); every seat hears the call, and
the first player other than the bidder to play a copy of the card becomes the bidder's
partner for the hand (`Hand.partner`, set by the trick play). A bidder who holds every copy
plays alone. Until the card is played nobody is told who the partner is.
"""

from __future__ import annotations

from collections.abc import Sequence

from pinochle.actions import Action, CallPartner
from pinochle.cards import CARDS, Rank, deck_has_nines
from pinochle.engine._common import _with, _wrong_phase
from pinochle.engine._course import _meld
from pinochle.errors import IllegalActionError
from pinochle.state import State, _hand_with

_CALLS = tuple(CallPartner(card) for card in CARDS)
"""One shared `CallPartner` a card, by `Card.index`."""


def _call_actions(state: State) -> Sequence[Action]:
    """Every trump card the deck holds: the bidder may call any, even one it holds."""
    trump = state.hand.trump
    assert trump is not None  # the call follows the naming of trump
    nines = deck_has_nines(state.variant.deal.deck)
    return tuple(_CALLS[trump * 6 + rank] for rank in Rank if nines or rank is not Rank.NINE)


def _apply_call(state: State, action: Action) -> State:
    """The bidder calls a trump card; then everyone lays down meld."""
    if not isinstance(action, CallPartner):
        raise _wrong_phase(state, action)
    if action not in _call_actions(state):
        trump = state.hand.trump
        assert trump is not None
        raise IllegalActionError(
            str(action), f"call a trump card of the deck: {trump.symbol} is trump"
        )
    hand = _hand_with(state.hand, called=CARDS[action.card.index])
    return _meld(_with(state, action, hand=hand))
