"""The two-hand stock (rules/two-hand): meld turns, the dix exchange and the draws."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from pinochle.actions import Action, Declare, Draw, ExchangeDix, TakeTurnUp
from pinochle.cards import CARDS, Card, Rank, Suit
from pinochle.engine._common import (
    _add,
    _push_state,
    _put,
    _remove,
    _seat,
    _sorted,
    _with,
    _wrong_phase,
    legal_actions,
)
from pinochle.engine._course import _dix_value
from pinochle.errors import IllegalActionError
from pinochle.state import Phase, State, _hand_with
from pinochle.stock import Shown, _candidates, _offered, cards_to_table
from pinochle.variant import LastDraw, Variant


def _hidden_dix(state: State, seat: int) -> Card | None:
    """A dix the seat holds and has not laid on the table, if any."""
    hand = state.hand
    dix = CARDS[hand.trump * 6 + Rank.NINE] if hand.trump is not None else None
    if dix is None or state.hands[seat].count(dix) <= hand.table[seat].count(dix):
        return None
    return dix


def _meld_choices(state: State) -> tuple[int, ...]:
    """The melds the trick winner may declare now, as positions in `_declarations`."""
    seat, hand = _seat(state), state.hand
    assert hand.trump is not None
    return _offered(
        state.hands[seat], hand.table[seat], hand.shown[seat], hand.trump, state.variant
    )


@functools.lru_cache(maxsize=64)
def _declarations(trump: Suit, variant: Variant) -> tuple[tuple[Shown, Declare], ...]:
    """Every meld of the stock phase with its action, built once per trump and profile."""
    return tuple((meld, Declare(meld.kind, meld.cards)) for meld, _ in _candidates(trump, variant))


def _meld_turn_actions(state: State) -> Sequence[Action]:
    hand = state.hand
    assert hand.trump is not None
    declarations = _declarations(hand.trump, state.variant)
    must_exchange = _first_dix_must_be_exchanged(state)
    melded = hand.turn_melded
    actions: list[Action] = []
    for at in _meld_choices(state):
        meld, declare = declarations[at]
        if (meld.kind == "dix" and not must_exchange) or (meld.kind != "dix" and not melded):
            actions.append(declare)
    turn_up = hand.turn_up
    if (
        state.variant.stock.dix_exchange
        and turn_up is not None
        and (turn_up.rank is not Rank.NINE or must_exchange)
        and _hidden_dix(state, _seat(state)) is not None
    ):
        actions.append(_EXCHANGE)
    if _winner_chooses_last_draw(state):
        actions.append(_TAKE_TURN_UP)
    actions.append(_DRAW)  # always last
    return tuple(actions)


def _first_dix_must_be_exchanged(state: State) -> bool:
    """Whether a dix may be melded now only by exchanging it (``stock.first_dix_exchanged``).

    Familyeducation (rules/two-hand#dix): until a dix has been melded this hand, a dix is melded
    only by exchanging it for the turn-up, even when the turn-up is the other dix.
    """
    if not state.variant.stock.first_dix_exchanged:
        return False
    return not any(m.kind == "dix" for shown in state.hand.shown for m in shown)


def _winner_chooses_last_draw(state: State) -> bool:
    """Whether the winner may take the turn-up instead of the last face-down card.

    ``stock.last_draw = "winner-chooses"`` (dorogaved, rules/two-hand#choice-last-stock-cards).
    """
    return state.variant.stock.last_draw is LastDraw.WINNER_CHOOSES and len(state.hand.stock) == 1


_EXCHANGE = ExchangeDix()


_TAKE_TURN_UP = TakeTurnUp()


_DRAW = Draw()


def _apply_meld_turn(state: State, action: Action) -> State:
    if action not in legal_actions(state):
        if isinstance(action, TakeTurnUp):
            raise IllegalActionError(str(action), "only the last draw may take the turn-up")
        if isinstance(action, Declare | ExchangeDix | Draw):
            raise IllegalActionError(str(action), "not a meld you may declare now")
        raise _wrong_phase(state, action)
    seat, hand = _seat(state), state.hand
    if isinstance(action, Draw):
        return _draw(_push_state(state, action))
    if isinstance(action, TakeTurnUp):
        return _draw(_push_state(state, action), take_turn_up=True)
    if isinstance(action, ExchangeDix):
        dix, turn_up = _hidden_dix(state, seat), hand.turn_up
        assert dix is not None
        assert turn_up is not None
        hands = list(state.hands)
        hands[seat] = _sorted((*_remove(hands[seat], (dix,)), turn_up))
        shown = Shown("dix", "A", (dix,), _dix_value(state.variant))
        hand = _hand_with(
            hand,
            turn_up=dix,
            shown=_put(hand.shown, seat, (*hand.shown[seat], shown)),
            meld_points=_add(hand.meld_points, seat, shown.points),
        )
        return _with(state, action, hands=tuple(hands), hand=hand)
    assert isinstance(action, Declare)
    assert hand.trump is not None
    # The action is legal (checked above), so it is one of the profile's declarations.
    meld = next(m for m, declare in _declarations(hand.trump, state.variant) if declare == action)
    laid = cards_to_table(meld, state.hands[seat], hand.table[seat], hand.shown[seat])
    hand = _hand_with(
        hand,
        table=_put(hand.table, seat, _sorted((*hand.table[seat], *laid))),
        shown=_put(hand.shown, seat, (*hand.shown[seat], meld)),
        meld_points=_add(hand.meld_points, seat, meld.points),
        turn_melded=hand.turn_melded or meld.kind != "dix",
    )
    return _with(state, action, hand=hand)


def _draw(state: State, take_turn_up: bool = False) -> State:
    """Both draw, the trick winner first.

    The last face-down card goes to the winner and the turned-up card to the loser, or the
    other way round when the winner takes the turn-up (``stock.last_draw``); once the stock
    is gone, the melds go back to the hands (rules/two-hand#last-cards, rules/two-hand#final-phase).
    """
    hand = state.hand
    winner = _seat(state)
    loser = (winner + 1) % state.variant.deal.players
    hands = list(state.hands)
    stock, turn_up = hand.stock, hand.turn_up
    if len(stock) >= 2:
        first, second, stock = stock[0], stock[1], stock[2:]
    else:  # rules/two-hand#last-cards: face-down card to the winner, turned card to the loser
        assert turn_up is not None
        taker = winner if take_turn_up else loser
        hand = _hand_with(hand, last_turn_up=(taker, turn_up))
        first, second = (turn_up, stock[0]) if take_turn_up else (stock[0], turn_up)
        stock, turn_up = (), None
    hands[winner] = _sorted((*hands[winner], first))
    hands[loser] = _sorted((*hands[loser], second))
    table = hand.table if turn_up is not None else ((),) * len(hands)
    hand = _hand_with(hand, stock=stock, turn_up=turn_up, table=table, turn_melded=False)
    return _with(state, phase=Phase.TRICKS, hands=tuple(hands), hand=hand)
