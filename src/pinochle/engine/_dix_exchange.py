"""The turned trump's dix exchange (rules/three-hand#everyone-melds, PAR)."""

from __future__ import annotations

from pinochle.actions import Action, ExchangeDix, KeepDix
from pinochle.cards import CARDS, Rank
from pinochle.engine._common import (
    _push_state,
    _remove,
    _seat,
    _sorted,
    _with,
    _wrong_phase,
)
from pinochle.engine._course import _meld
from pinochle.state import State, _hand_with

_TURNED_DIX_ACTIONS: tuple[Action, ...] = (ExchangeDix(), KeepDix())


def _apply_turned_dix(state: State, action: Action) -> State:
    """PAR: the dix goes to the dealer, the turned card to the exchanger; then meld."""
    if isinstance(action, KeepDix):
        return _meld(_push_state(state, action))
    if not isinstance(action, ExchangeDix):
        raise _wrong_phase(state, action)
    seat, hand = _seat(state), state.hand
    turned = hand.turned_up
    assert turned is not None
    dix = CARDS[turned.suit * 6 + Rank.NINE]
    hands = list(state.hands)
    hands[seat] = _sorted((*_remove(hands[seat], (dix,)), turned))
    hands[hand.dealer] = _sorted((*_remove(hands[hand.dealer], (turned,)), dix))
    hand = _hand_with(hand, dix_exchanger=seat)
    return _meld(_with(state, action, hands=tuple(hands), hand=hand))
