"""After trump, before the first lead: throwing in, conceding and shooting the moon.

The bidder's throw-in, the opponents' concession and the bidder's shot at the moon: see
rules/settlement#out-of-reach, rules/three-hand#auction-pinochle and
rules/auction#conventions.
"""

from __future__ import annotations

from pinochle.actions import Action, Concede, PlayOn, ShootTheMoon, ThrowIn
from pinochle.engine._common import _push_state, _seat, _with, _wrong_phase
from pinochle.engine._course import (
    _after_trump,
    _melds,
    _offer_concession,
    _offer_moon,
    _opponents,
    _settle,
    _start_tricks,
)
from pinochle.state import State, _hand_with

_THROW_IN_ACTIONS: tuple[Action, ...] = (ThrowIn(), PlayOn())


def _apply_throw_in(state: State, action: Action) -> State:
    before_meld = not any(state.hand.melds)
    if isinstance(action, ThrowIn):
        if before_meld:
            return _concede_after_trump(_push_state(state, action))
        return _settle(_push_state(state, action), surrendered="thrown in")
    if isinstance(action, PlayOn):
        if before_meld:
            return _after_trump(_push_state(state, action))
        return _offer_concession(_push_state(state, action))
    raise _wrong_phase(state, action)


def _concede_after_trump(state: State) -> State:
    """WP three-hand (rules/settlement#throw-in): the bidder concedes having seen the kitty.

    Trump is still named, so every seat melds for it and the others score their meld; the
    bidder loses the bid (its meld is shown and void); nothing is buried and no card is
    played. The hand settles as a throw-in (`Outcome.THROWN_IN`).
    """
    hand = _hand_with(state.hand, melds=_melds(state, state.hand.trump))
    return _settle(_with(state, hand=hand), surrendered="thrown in")


_CONCEDE_ACTIONS: tuple[Action, ...] = (Concede(), PlayOn())


def _apply_concede(state: State, action: Action) -> State:
    if isinstance(action, PlayOn):
        return _offer_moon(_push_state(state, action))
    if not isinstance(action, Concede):
        raise _wrong_phase(state, action)
    opponents = _opponents(state)
    at = opponents.index(_seat(state))
    if at + 1 == len(opponents):
        return _settle(_push_state(state, action), surrendered="conceded")
    return _with(state, action, to_act=opponents[at + 1])


_MOON_ACTIONS: tuple[Action, ...] = (PlayOn(), ShootTheMoon())
"""Playing on first: a player that takes the first legal action does not promise every trick."""


def _apply_moon(state: State, action: Action) -> State:
    if isinstance(action, ShootTheMoon):
        hand = _hand_with(state.hand, moon=True)
        return _start_tricks(_with(state, action, hand=hand))
    if isinstance(action, PlayOn):
        return _start_tricks(_push_state(state, action))
    raise _wrong_phase(state, action)
