"""Sharing the kitty: BC-PA's widow variation (``kitty.share``, rules/passing-and-kitty#share).

The high bidder looks at the kitty (one card a seat), keeps one and gives one face down to
each other player, then names trump. Nobody buries.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from pinochle.actions import Action, ShareKitty
from pinochle.engine._common import _seat, _sorted, _with, _wrong_phase, legal_actions
from pinochle.engine._course import _trump_or_surrender
from pinochle.errors import IllegalActionError
from pinochle.state import State, _hand_with


def _share_actions(state: State) -> Sequence[Action]:
    """Every way to share the kitty: which card to keep, then which to give each seat.

    Twin cards make equal shares, listed once (a four-card kitty has at most 24 shares).
    """
    return tuple(dict.fromkeys(map(ShareKitty, itertools.permutations(state.hand.kitty))))


def _apply_share(state: State, action: Action) -> State:
    if not isinstance(action, ShareKitty):
        raise _wrong_phase(state, action)
    if action not in legal_actions(state):
        raise IllegalActionError(str(action), _share_problem(state, action))
    bidder, players = _seat(state), state.variant.deal.players
    hands = list(state.hands)
    for offset, card in enumerate(action.cards):  # the first card stays with the bidder
        seat = (bidder + offset) % players
        hands[seat] = _sorted((*hands[seat], card))
    hand = _hand_with(state.hand, shared=action.cards)
    return _trump_or_surrender(_with(state, action, hands=tuple(hands), hand=hand), bidder)


def _share_problem(state: State, action: ShareKitty) -> str:
    """Why ``action`` is not a legal share, in a player's words."""
    kitty = state.hand.kitty
    if len(action.cards) != len(kitty):
        return (
            f"share all {len(kitty)} kitty cards: the one you keep first, then one for each "
            "other player from your left"
        )
    missing = Counter(action.cards) - Counter(kitty)
    return f"the kitty holds no {', '.join(map(str, missing.elements()))}"
