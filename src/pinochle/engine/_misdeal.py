"""Misdeals (rules/deck-and-deal#misdeals): keeping a hand or calling a misdeal."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pinochle.actions import Action, CallMisdeal, KeepHand
from pinochle.cards import Card, Rank
from pinochle.engine._common import _push, _push_state, _seat, _with, _wrong_phase
from pinochle.engine._course import _open_hand, _start_hand
from pinochle.errors import IllegalActionError
from pinochle.state import State
from pinochle.variant import Misdeal


def _misdeal_counts(cards: Sequence[Card]) -> tuple[int, int, int]:
    """Nines, aces and non-counters (Q, J, 9) in a hand."""
    nines = sum(1 for c in cards if c.rank is Rank.NINE)
    aces = sum(1 for c in cards if c.rank is Rank.ACE)
    low = sum(1 for c in cards if c.rank in (Rank.QUEEN, Rank.JACK, Rank.NINE))
    return nines, aces, low


_MISDEALS: dict[Misdeal, Callable[[int, int, int], bool]] = {
    Misdeal.NONE: lambda nines, aces, low: False,
    Misdeal.FIVE_NINES: lambda nines, aces, low: nines >= 5,
    Misdeal.FIVE_NINES_NO_ACE: lambda nines, aces, low: (
        (nines >= 5 and aces == 0) or (nines >= 6 and aces <= 1)
    ),
    Misdeal.SIX_NINES_ONE_ACE: lambda nines, aces, low: nines >= 6 and aces <= 1,
    Misdeal.TECHNICAL: lambda nines, aces, low: low >= 13 and aces == 0,
}
"""``deal.misdeal``: whether a dealt hand (its nines, aces, non-counters) may be thrown in.

WP (rules/deck-and-deal#misdeals): "a player being dealt five nines constitutes a
misdeal"; a variation: five nines and no aces, or six nines and up to one ace; the
double deck's technical misdeal: 13 or more non-counters and no aces.
"""


def _may_call_misdeal(state: State) -> bool:
    variant = state.variant
    return _MISDEALS[variant.deal.misdeal](*_misdeal_counts(state.hands[_seat(state)]))


_KEEP = KeepHand()


_MISDEAL_CALL = CallMisdeal()


def _misdeal_actions(state: State) -> Sequence[Action]:
    """Every seat answers (so that being asked tells nobody anything): keep, or misdeal."""
    return (_KEEP, _MISDEAL_CALL) if _may_call_misdeal(state) else (_KEEP,)


def _apply_misdeal(state: State, action: Action) -> State:
    """A misdeal: the same dealer deals the next deal; all keep: the hand begins."""
    seat, hand = _seat(state), state.hand
    if isinstance(action, CallMisdeal):
        if not _may_call_misdeal(state):
            rule = state.variant.deal.misdeal.value
            raise IllegalActionError(str(action), f"your hand is no misdeal under {rule!r}")
        return _start_hand(state.game, hand.number + 1, hand.dealer_person, _push(state, action))
    if not isinstance(action, KeepHand):
        raise _wrong_phase(state, action)
    if seat == hand.dealer:  # the dealer answers last
        return _open_hand(_push_state(state, action))
    players = state.variant.deal.players
    return _with(state, action, to_act=(seat + 1) % players)
