"""Trick play (rules/trick-play, rules/counting): the legal cards, a card played, a trick won.

Under ``renege.accept`` (rules/reneges) a held card against the duty is accepted as a
renege (it is not among the legal actions: players choose it knowingly), and the seat to
act may call a renege on an opponent, which stops play and settles the hand. Under
``renege.correction`` a seat that reneged in the trick still open may correct it
(`CorrectRenege`): the trick is played again from its corrected card.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Sequence

from pinochle.actions import PLAYS, Action, CallRenege, CorrectRenege, Play
from pinochle.cards import CARDS, Card, Rank
from pinochle.engine._common import (
    _BY_INDEX,
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
from pinochle.engine._course import _renege_result, _settle
from pinochle.errors import IllegalActionError, PinochleError
from pinochle.state import CompletedTrick, History, Phase, State, _hand_with, build_state
from pinochle.tricks import _legal_follow, _opening_lead, card_points, leads_trump, play_rule
from pinochle.variant import Variant


def _trick_actions(state: State) -> Sequence[Action]:
    cards: Sequence[Card] = state.hands[state.to_act]  # type: ignore[index]
    trick = state.trick
    variant = state.game.variant
    if trick:
        hand = state.hand
        if hand.turn_up is None:  # while the stock lasts, any card
            cards = _legal_follow(cards, trick, hand.trump, variant.play)
    elif not state.tricks and _first_lead_trump(state):  # once a hand (play.opening_lead)
        cards = _opening_lead(cards, state.hand.trump)[0]
    # One play per distinct card: the hands are in Card.index order, so twins sit side by
    # side. (A plain loop: on a dozen cards it beats `dict.fromkeys` over `map`s.)
    plays = PLAYS
    actions: list[Action] = []
    previous = -1
    for card in cards:
        index = card.index
        if index != previous:
            actions.append(plays[index])
            previous = index
    if variant.renege.accept:
        actions.extend(_calls(state))
        if variant.renege.correction and trick:
            actions.extend(_corrections(state))
    return tuple(actions)


# --- Reneges (renege.accept, rules/reneges) ---------------------------------------------------


def _calls(state: State) -> list[Action]:
    """The renege calls open to the seat to act: one on each opponent who has played a card.

    Only an opponent may call (NPA); a call names a seat, proven or not, so it is offered
    whether or not that seat reneged: the offer reveals nothing.
    """
    seat: int = state.to_act  # type: ignore[assignment]
    side = state.side_of(seat)
    played = {s for trick in state.tricks for s, _ in trick.plays}
    played.update(s for s, _ in state.trick)
    return [CallRenege(s) for s in sorted(played) if state.side_of(s) != side]


def _allowed_cards(
    state: State, held: Sequence[Card], plays: Sequence[tuple[int, Card]], first: bool
) -> Sequence[Card]:
    """The cards of ``held`` that every duty of `_trick_actions` allows after ``plays``.

    Following (follow, beat, trump, overtrump: `_legal_follow`) and the hand's opening lead
    (``play.opening_lead``; ``first`` says the plays start the hand's first trick). A lead
    has no other duty. One function, so a renege is proven (`reneged`) and corrected
    (`_corrections`) against exactly the duties the legal actions apply.
    """
    hand = state.hand
    if plays:
        return _legal_follow(held, plays, hand.trump, state.variant.play)
    if first and _first_lead_trump(state):
        return _opening_lead(held, hand.trump)[0]
    return held


def reneged(state: State, seat: int) -> bool:
    """Whether ``seat`` played a card against the trick duty in this hand's tricks.

    The seat's hand before each of its plays is rebuilt backwards from its hand now (no card
    enters a hand during trick play without a stock), and each card is checked against every
    duty the engine applies (`_allowed_cards`: following, and the opening lead).
    """
    held = list(state.hands[seat])
    tricks = [trick.plays for trick in state.tricks]
    if state.trick:
        tricks.append(state.trick)
    for number in range(len(tricks) - 1, -1, -1):
        plays = tricks[number]
        for at, (who, card) in enumerate(plays):
            if who != seat:
                continue
            held.append(card)
            held.sort(key=_BY_INDEX)
            if card not in _allowed_cards(state, held, plays[:at], not number):
                return True
    return False


def _corrections(state: State) -> list[Action]:
    """The corrections open in the trick still open (``renege.correction``).

    One for each legal card of each seat whose card in this trick is against its duty,
    from the hand it held then. Each names its seat: `observe` shows a seat only its own.
    """
    trick = state.trick
    first = not state.tricks
    found: list[Action] = []
    for at, (seat, card) in enumerate(trick):
        held = sorted((*state.hands[seat], card), key=_BY_INDEX)
        allowed = _allowed_cards(state, held, trick[:at], first)
        if card in allowed:
            continue
        previous = -1
        for legal in allowed:  # one correction per distinct card (twins sit side by side)
            if legal.index != previous:
                found.append(CorrectRenege(seat, legal))
                previous = legal.index
    return found


def _correct_renege(state: State, action: CorrectRenege) -> State:
    """The renege is taken back: the trick is played again from the corrected card.

    The renege and every card played after it go back to their players' hands (they saw
    the wrong card, and their duty may have changed with it); the corrected card takes the
    renege's place and the next seat plays.
    """
    seat = action.seat
    at = next(i for i, (who, _) in enumerate(state.trick) if who == seat)
    hands = list(state.hands)
    for who, card in state.trick[at:]:
        hands[who] = _sorted((*hands[who], card))
    hands[seat] = _remove(hands[seat], (action.card,))
    return build_state(
        phase=state.phase,
        to_act=(seat + 1) % len(hands),
        hands=tuple(hands),
        trick=(*state.trick[:at], (seat, action.card)),
        tricks=state.tricks,
        points=state.points,
        tricks_won=state.tricks_won,
        counters=state.counters,
        hand=state.hand,
        game=state.game,
        history=(action, state.history),
    )


def _own_actions(state: State, seat: int) -> Sequence[Action]:
    """The legal actions `observe` shows ``seat`` (``renege.correction``: its own only).

    The seat to act sees its plays and calls, not another seat's correction (that would
    tell it of a renege); a seat that reneged in the open trick sees its corrections.
    """
    legal = legal_actions(state)
    if state.to_act == seat:
        return tuple(a for a in legal if type(a) is not CorrectRenege)
    return tuple(a for a in legal if type(a) is CorrectRenege and a.seat == seat)


def _call_renege(state: State, action: CallRenege) -> State:
    """Play stops: the hand is settled by the renege table against the offending side."""
    caller = _seat(state)
    proven = reneged(state, action.seat)
    result = _renege_result(state, action.seat, caller, proven)
    return _settle(_push_state(state, action), result=result)


_IS_COUNTER = tuple(c.rank in (Rank.ACE, Rank.TEN, Rank.KING) for c in CARDS)


@functools.lru_cache(maxsize=256)
def _card_values(variant: Variant) -> tuple[int, ...]:
    """Each card's trick points under the profile, by `Card.index`."""
    return tuple(card_points((card,), variant) for card in CARDS)


def _apply_play(state: State, action: Action) -> State:
    legal = state.legal_cache
    if legal is None:
        legal = legal_actions(state)
    if action not in legal:  # Play objects are shared, so this is an identity scan
        if not _renege_accepted(state, action):
            raise _illegal_play(state, action)
    elif type(action) is CallRenege:
        return _call_renege(state, action)
    elif type(action) is CorrectRenege:
        return _correct_renege(state, action)
    seat: int = state.to_act  # type: ignore[assignment]  # a trick always has a player to act
    card = action.card  # type: ignore[union-attr]  # a legal action here is a shared Play
    called = state.hand.called  # five hands: None in every other profile
    if (
        called is not None
        and called.index == card.index
        and state.hand.partner is None
        and seat != state.hand.bidder  # the first other player of the called card
    ):
        # rules/deck-and-deal#five-hands: the bidder's partner from now on
        state = _with(state, hand=_hand_with(state.hand, partner=seat))
    # A list changed in place, then one tuple: cheaper than star-unpacking two slices.
    hands = list(state.hands)
    held = hands[seat]
    at = bisect.bisect_left(held, card.index, key=_BY_INDEX)  # hands are in index order
    hands[seat] = held[:at] + held[at + 1 :]
    if state.hand.table and card in state.hand.table[seat]:
        state = _leave_table(state, seat, card, hands[seat])
    trick = (*state.trick, (seat, card))
    players = len(hands)
    if len(trick) == players:
        return _end_trick(state, tuple(hands), trick, (action, state.history))
    return build_state(
        phase=state.phase,
        to_act=(seat + 1) % players,
        hands=tuple(hands),
        trick=trick,
        tricks=state.tricks,
        points=state.points,
        tricks_won=state.tricks_won,
        counters=state.counters,
        hand=state.hand,
        game=state.game,
        history=(action, state.history),
    )


def _first_lead_trump(state: State) -> bool:
    """Whether the player to act makes the hand's first lead and must lead a trump."""
    return leads_trump(state.game.variant, state.hand.bid)


def _renege_accepted(state: State, action: Action) -> bool:
    """Under ``renege.accept``, a held card against the trick duty is played as a renege."""
    return (
        state.variant.renege.accept
        and type(action) is Play
        and action.card in state.hands[_seat(state)]
    )


def _illegal_play(state: State, action: Action) -> PinochleError:
    """Why this action is no legal play now (not a play, a card not held, or the duty)."""
    if isinstance(action, CorrectRenege):
        return _illegal_correction(state, action)
    if not isinstance(action, Play):
        return _wrong_phase(state, action)
    held = state.hands[_seat(state)]
    if action.card not in held:
        return IllegalActionError(str(action), f"you do not hold {action.card}")
    plays = [card for _, card in state.trick]
    opening = not plays and not state.tricks and _first_lead_trump(state)
    rule = play_rule(held, plays, state.hand.trump, state.variant.play, lead_trump=opening)
    return IllegalActionError(str(action), rule)


def _illegal_correction(state: State, action: CorrectRenege) -> PinochleError:
    """Why this correction is not open: no option, no renege in the open trick, a wrong card."""
    text = str(action)
    if not state.variant.renege.correction:
        return IllegalActionError(text, "this profile has no correction (renege.correction)")
    trick = state.trick
    at = next((i for i, (who, _) in enumerate(trick) if who == action.seat), None)
    if at is None:
        return IllegalActionError(text, f"seat {action.seat} has no card in the open trick")
    played = trick[at][1]
    held = sorted((*state.hands[action.seat], played), key=_BY_INDEX)
    allowed = _allowed_cards(state, held, trick[:at], not state.tricks)
    if played in allowed:
        return IllegalActionError(text, f"{played} of seat {action.seat} was no renege")
    if action.card not in held:
        return IllegalActionError(text, f"seat {action.seat} does not hold {action.card}")
    cards = [card for _, card in trick[:at]]
    opening = not cards and not state.tricks and _first_lead_trump(state)
    rule = play_rule(held, cards, state.hand.trump, state.variant.play, lead_trump=opening)
    return IllegalActionError(text, f"{action.card} is no correction: {rule}")


def _end_trick(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[tuple[int, Card], ...],
    history: History,
) -> State:
    """The trick is full: its winner takes it (and leads, or melds first in the two-hand stock)."""
    hand, variant = state.hand, state.game.variant
    trump = hand.trump
    values = _card_values(variant)
    # One pass over the plays finds the winner (as `trick_winner`: a strictly higher card
    # of the winning card's suit, or a first trump, takes over), the points and whether a
    # counter fell, without lists of the cards or their indexes.
    winner, top = trick[0]
    points = 0
    counter = False
    for seat, card in trick:
        index = card.index
        points += values[index]
        if _IS_COUNTER[index]:
            counter = True
        suit = card.suit
        if suit is top.suit:
            if card.rank > top.rank:
                winner, top = seat, card
        elif suit is trump:
            winner, top = seat, card
    side = variant.side_of(hand.persons[winner])
    last = not hands[winner]
    if last:
        points += variant.counting.last_trick
    counters = state.counters
    if not counters[side] and (last or counter):
        counters = _put(counters, side, True)
    state = build_state(
        phase=Phase.MELD if hand.turn_up is not None else state.phase,  # two-hand: winner melds
        to_act=winner,
        hands=hands,
        trick=(),
        tricks=(*state.tricks, CompletedTrick(trick, winner, points)),
        points=_add(state.points, side, points),
        tricks_won=_add(state.tricks_won, side, 1),
        counters=counters,
        hand=hand,
        game=state.game,
        history=history,
    )
    return _settle(state) if last else state


def _leave_table(state: State, seat: int, card: Card, left: tuple[Card, ...]) -> State:
    """A played card leaves the table when no hidden copy of it is left to play instead."""
    table = state.hand.table[seat]
    if table.count(card) <= left.count(card):
        return state
    hand = _hand_with(state.hand, table=_put(state.hand.table, seat, _remove(table, (card,))))
    return _with(state, hand=hand)
