"""What every phase of the engine shares.

A changed state (`_with`, built by `pinochle.state.build_state`), the legal-action cache
and the wrong-phase error.
"""

from __future__ import annotations

import operator
import typing
from collections.abc import Callable, Sequence
from typing import TypeVar

from pinochle.actions import Action
from pinochle.cards import CARDS, Card
from pinochle.errors import ArgumentError, IllegalActionError, InvariantError, PinochleError
from pinochle.state import _SAME, Game, Hand, History, Phase, State, _Same, build_state

T = TypeVar("T")


_BY_INDEX = operator.attrgetter("index")


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The shared `CARDS` objects, in index order: the inner loops compare cards by identity."""
    return tuple(map(CARDS.__getitem__, sorted(map(_BY_INDEX, cards))))


def _put(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    changed = list(values)  # in place, then one tuple: cheaper than star-unpacked slices
    changed[index] = value
    return tuple(changed)


def _remove(cards: tuple[Card, ...], gone: Sequence[Card]) -> tuple[Card, ...]:
    """The cards without one copy of each card gone (matched by index: no `Card.__eq__`)."""
    rest = list(cards)
    for card in gone:
        index = card.index
        for at, held in enumerate(rest):
            if held.index == index:
                del rest[at]
                break
        else:
            raise InvariantError(f"{card} is not among the cards")  # apply checked it: a bug
    return tuple(rest)


def _add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    changed = list(values)  # in place, then one tuple: cheaper than star-unpacked slices
    changed[index] += amount
    return tuple(changed)


_STATE_EXPECTED = "a State (start one with pinochle.new_game)"


_ACTION_TYPES = frozenset(typing.get_args(Action))


_LEGAL: dict[Phase, Callable[[State], Sequence[Action]]] = {}
"""Each phase's lister of legal actions (filled by `pinochle.engine`, which knows the phases)."""


def legal_actions(state: State) -> Sequence[Action]:
    """Every legal action for the player to act, each exactly once (twins are one action).

    Returns a tuple, except when choosing cards to pass, where it is a lazy `Sequence` of
    every distinct choice (it can hold over a thousand), and in an auction with more than
    256 legal bids (a huge ``bidding.maximum``), where it is a lazy `BidChoices`; an empty
    sequence once the game is over. In the auction the pass, when allowed, comes first, then
    the bids from the lowest up.
    """
    try:
        cached = state.legal_cache
    except AttributeError:
        raise ArgumentError("state", _STATE_EXPECTED, state) from None
    if cached is None:
        cached = _LEGAL[state.phase](state)
        _set_legal_cache(state, cached)  # a cache, invisible to equality
    return cached


_set_legal_cache: Callable[[State, Sequence[Action]], None] = State.__dict__["legal_cache"].__set__
"""Fill the frozen state's cache slot (its descriptor, without `object.__setattr__`'s look-up)."""


def _seat(state: State) -> int:
    assert state.to_act is not None
    return state.to_act


def _push(state: State, action: Action) -> History:
    return (action, state.history)


def _push_state(state: State, action: Action) -> State:
    return _with(state, action)


def _with(
    state: State,
    action: Action | None = None,
    *,
    phase: Phase | _Same = _SAME,
    to_act: int | _Same | None = _SAME,
    hands: tuple[tuple[Card, ...], ...] | _Same = _SAME,
    hand: Hand | _Same = _SAME,
    game: Game | _Same = _SAME,
) -> State:
    """A new state with these fields changed and the action (if any) recorded.

    The legal-action cache starts empty. The trick's fields change only in `_apply_play`,
    which builds its states itself. (Not `attrs.evolve`: it looks the fields up on every
    call, and this runs for most decisions.)
    """
    return build_state(
        phase=state.phase if phase is _SAME else phase,
        to_act=state.to_act if to_act is _SAME else to_act,
        hands=state.hands if hands is _SAME else hands,
        trick=state.trick,
        tricks=state.tricks,
        points=state.points,
        tricks_won=state.tricks_won,
        counters=state.counters,
        hand=state.hand if hand is _SAME else hand,
        game=state.game if game is _SAME else game,
        history=state.history if action is None else (action, state.history),
    )


_PHASE_WORDS = {
    Phase.MISDEAL: "the players keep their hands or call a misdeal",
    Phase.AUCTION: "it is the auction: bid or pass",
    Phase.TRUMP: "the bidder must name trump",
    Phase.BURY: "the bidder must bury cards",
    Phase.PASS: "the bidder's partner must pass cards",
    Phase.RETURN: "the bidder must return cards",
    Phase.THROW_IN: "the bidder must throw in or play on",
    Phase.CONCEDE: "the bidder's opponents must concede or play on",
    Phase.MOON: "the bidder must shoot the moon or play on",
    Phase.CALL: "the bidder must call a card for a partner",
    Phase.MELD: "the trick winner may declare a meld or draw",
    Phase.DIX_EXCHANGE: "the dix holder must exchange the dix or keep it",
    Phase.TRICKS: "it is trick play: play a card",
    Phase.SHARE: "the bidder must share the kitty",
}


def _wrong_phase(state: State, action: object) -> PinochleError:
    """The error for an action this phase does not take (or for a value that is no action)."""
    if type(action) not in _ACTION_TYPES:
        return ArgumentError("action", "an action such as Bid(30) or Play(card)", action)
    if state.phase is Phase.GAME_OVER:
        return IllegalActionError(str(action), "the game is over")
    return IllegalActionError(str(action), _PHASE_WORDS.get(state.phase, "not now"))
