"""The pure transitions: `new_game`, `legal_actions`, `apply` and `observe`.

Each phase has one function that lists its legal actions and one that applies an action;
the rule choices inside them are the small functions of `pinochle.auction`,
`pinochle.tricks`, `pinochle.meld` and `pinochle.scoring`, chosen by profile keys.
Randomness enters only through the deal: deal ``n`` of a game is a pure function of the
game's seed and ``n``.
"""

from __future__ import annotations

from collections.abc import Callable

from pinochle import arguments
from pinochle.actions import Action
from pinochle.cards import Card
from pinochle.engine._auction import (
    _apply_auction,
    _apply_trump,
    _auction_actions,
    _trump_actions,
    bid_limit,
)
from pinochle.engine._common import _LEGAL, _STATE_EXPECTED, _wrong_phase, legal_actions
from pinochle.engine._course import new_game, settle_play
from pinochle.engine._dix_exchange import _TURNED_DIX_ACTIONS, _apply_turned_dix
from pinochle.engine._misdeal import _apply_misdeal, _misdeal_actions
from pinochle.engine._partner import _apply_call, _call_actions
from pinochle.engine._passing import (
    _announced,
    _apply_bury,
    _apply_passing,
    _bury_actions,
    _passing_actions,
    _passing_shown_to_bidder,
)
from pinochle.engine._share import _apply_share, _share_actions
from pinochle.engine._stock import _apply_meld_turn, _meld_turn_actions
from pinochle.engine._surrender import (
    _CONCEDE_ACTIONS,
    _MOON_ACTIONS,
    _THROW_IN_ACTIONS,
    _apply_concede,
    _apply_moon,
    _apply_throw_in,
)
from pinochle.engine._tricks import _apply_play, _own_actions, _trick_actions
from pinochle.errors import ArgumentError
from pinochle.state import Hand, Observation, Phase, State, _kitty_face_down

__all__ = ["apply", "bid_limit", "legal_actions", "new_game", "observe", "settle_play"]


_LEGAL.update(
    {
        Phase.MISDEAL: _misdeal_actions,
        Phase.AUCTION: _auction_actions,
        Phase.TRUMP: _trump_actions,
        Phase.BURY: _bury_actions,
        Phase.PASS: _passing_actions,
        Phase.RETURN: _passing_actions,
        Phase.THROW_IN: lambda state: _THROW_IN_ACTIONS,
        Phase.CONCEDE: lambda state: _CONCEDE_ACTIONS,
        Phase.MOON: lambda state: _MOON_ACTIONS,
        Phase.CALL: _call_actions,
        Phase.MELD: _meld_turn_actions,
        Phase.DIX_EXCHANGE: lambda state: _TURNED_DIX_ACTIONS,
        Phase.TRICKS: _trick_actions,
        Phase.GAME_OVER: lambda state: (),
        Phase.SHARE: _share_actions,
    }
)


_APPLY: dict[Phase, Callable[[State, Action], State]] = {
    Phase.MISDEAL: _apply_misdeal,
    Phase.AUCTION: _apply_auction,
    Phase.TRUMP: _apply_trump,
    Phase.BURY: _apply_bury,
    Phase.PASS: _apply_passing,
    Phase.RETURN: _apply_passing,
    Phase.THROW_IN: _apply_throw_in,
    Phase.CONCEDE: _apply_concede,
    Phase.MOON: _apply_moon,
    Phase.CALL: _apply_call,
    Phase.MELD: _apply_meld_turn,
    Phase.DIX_EXCHANGE: _apply_turned_dix,
    Phase.TRICKS: _apply_play,
    Phase.SHARE: _apply_share,
}


_GAME_OVER = Phase.GAME_OVER  # a global: reading a member off its enum class is slower


def apply(state: State, action: Action) -> State:
    """Apply the player to act's action and return the new state; the old one is unchanged.

    Raises:
        IllegalActionError: The action is not legal now; the message says why in a player's
            words ("must follow clubs", "must beat K♣ with A♣ or 10♣", "bid must be at least
            26").
        ArgumentError: ``state`` is not a `State`, or ``action`` is not an action (read text
            with `pinochle.parse_action`).
    """
    # No type test on the way in (apply is the inner loop): each phase accepts only its own
    # action types, and `_wrong_phase` tells a value that is no action at all apart.
    try:
        phase = state.phase
    except AttributeError:
        raise ArgumentError("state", _STATE_EXPECTED, state) from None
    if phase is _GAME_OVER:
        raise _wrong_phase(state, action)
    return _APPLY[phase](state, action)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of the state, and nothing more.

    The observation holds the seat's own cards, the public history (auction, trump, shown
    meld, played tricks, scores), the cards it passed or received, and its legal actions
    when it is to act (under ``renege.correction``, also a seat's own corrections of a
    renege in the open trick, whoever is to act). It never holds another seat's hidden
    cards.
    """
    if type(state) is not State:
        raise ArgumentError("state", _STATE_EXPECTED, state)
    seat = arguments.seat("seat", seat, state.variant.deal.players)
    hand = state.hand
    to_me: tuple[Card, ...] = ()
    by_me: tuple[Card, ...] = ()
    if hand.bidder is not None and hand.passed_cards:
        partner = (hand.bidder + 2) % 4
        if seat == hand.bidder:
            to_me, by_me = hand.passed_cards, hand.returned_cards
            if not _passing_shown_to_bidder(state):
                to_me = ()
        elif seat == partner:
            to_me, by_me = hand.returned_cards, hand.passed_cards
    return Observation(
        seat=seat,
        phase=state.phase,
        to_act=state.to_act,
        variant=state.variant,
        hand_number=hand.number,
        dealer=hand.dealer,
        persons=hand.persons,
        hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        auction=hand.auction,
        bidder=hand.bidder,
        bid=hand.bid,
        trump=hand.trump,
        melds=hand.melds,
        kitty=_visible_kitty(state, seat),
        buried=hand.buried if seat == hand.bidder else (),
        turn_up=hand.turn_up,
        stock_size=len(hand.stock),
        table=hand.table,
        shown=hand.shown,
        passed_to_me=to_me,
        passed_by_me=by_me,
        trick=state.trick,
        tricks=state.tricks,
        points=state.points,
        scores=state.scores,
        results=state.results,
        last_tricks=state.game.last_tricks,
        legal_actions=(
            _own_actions(state, seat)
            if state.variant.renege.correction and state.phase is Phase.TRICKS
            else legal_actions(state)
            if state.to_act == seat
            else ()
        ),
        target=state.game.target,
        turned_up=hand.turned_up,
        melded_this_turn=hand.turn_melded,
        winner=state.game.winner,
        last_turn_up=hand.last_turn_up,
        dix_exchanger=hand.dix_exchanger,
        buried_announced=_announced(hand.buried, hand.trump, state.variant) if hand.buried else (),
        moon=hand.moon,
        shared_to_me=_shared_to(hand, seat, state.variant.deal.players),
        shared_by_me=hand.shared[1:] if seat == hand.bidder else (),
        called=hand.called,
        partner=hand.partner,  # set only once the called card is played: public then
    )


def _shared_to(hand: Hand, seat: int, players: int) -> tuple[Card, ...]:
    """The kitty card the bidder gave this seat (``kitty.share``), face down to the others."""
    if not hand.shared or hand.bidder is None or seat == hand.bidder:
        return ()
    return (hand.shared[(seat - hand.bidder) % players],)


def _visible_kitty(state: State, seat: int) -> tuple[Card, ...]:
    """The kitty is public once the bidder has taken it (and shows it), else the bidder's."""
    hand = state.hand
    if not hand.kitty or hand.bidder is None or _kitty_face_down(state.variant, state.phase):
        return ()  # the high bidder takes (and shows) the kitty once the auction is won
    if state.variant.kitty.shown or seat == hand.bidder:
        return hand.kitty
    return ()
