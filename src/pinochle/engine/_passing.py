"""Passing cards between partners and burying from the kitty (rules/passing-and-kitty)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pinochle._words import counted
from pinochle.actions import Action, Bury, PassCards
from pinochle.cards import Card
from pinochle.choices import CardChoices
from pinochle.engine._common import (
    _remove,
    _seat,
    _sorted,
    _with,
    _wrong_phase,
    legal_actions,
)
from pinochle.engine._course import _after_meld, _meld
from pinochle.errors import IllegalActionError
from pinochle.state import Phase, State, _hand_with
from pinochle.variant import PassingOrder


def _pass_cards_of(action: object) -> tuple[Card, ...] | None:
    return action.cards if isinstance(action, PassCards) else None


_COPIES = {2: "two", 3: "three", 4: "four", 5: "five"}


def _missing(asked: Sequence[Card], held: Sequence[Card]) -> str:
    """The cards asked for but not held: ``A♠``, or ``two A♠`` when only one is held."""
    wanted, have = Counter(asked), Counter(held)
    parts = []
    for card, count in (wanted - have).items():
        parts.append(
            str(card)
            if have[card] == 0 and count == 1
            else f"{_COPIES.get(wanted[card], wanted[card])} {card}"
        )
    return ", ".join(parts)


def _passing_actions(state: State) -> Sequence[Action]:
    cards = state.hands[_seat(state)]
    return CardChoices(cards, state.variant.passing.cards, PassCards, _pass_cards_of)


def _apply_passing(state: State, action: Action) -> State:
    if not isinstance(action, PassCards):
        raise _wrong_phase(state, action)
    seat = _seat(state)
    n = state.variant.passing.cards
    if action not in legal_actions(state):
        held = state.hands[seat]
        if len(action.cards) != n:
            raise IllegalActionError(str(action), f"pass exactly {counted(n, 'card')}")
        raise IllegalActionError(str(action), f"you do not hold {_missing(action.cards, held)}")
    if state.variant.passing.order is PassingOrder.SIMULTANEOUS:
        return _pass_simultaneously(state, action)
    receiver = (seat + 2) % 4
    hands = list(state.hands)
    passed = _sorted(action.cards)
    hands[seat] = _remove(hands[seat], passed)
    hands[receiver] = _sorted((*hands[receiver], *passed))
    if state.phase is Phase.PASS:
        hand = _hand_with(state.hand, passed_cards=passed)
        return _with(
            state, action, phase=Phase.RETURN, to_act=receiver, hands=tuple(hands), hand=hand
        )
    hand = _hand_with(state.hand, returned_cards=passed)
    return _meld(_with(state, action, hands=tuple(hands), hand=hand))


def _pass_simultaneously(state: State, action: PassCards) -> State:
    """Both pass at once: each chooses from its own dealt hand (rules/passing-and-kitty#passing).

    The partner's choice is set aside (``passed_cards``, still in the partner's hand and
    hidden from the bidder); the bidder then chooses from its own hand, and both packets
    change hands together.
    """
    cards = _sorted(action.cards)
    if state.phase is Phase.PASS:
        hand = _hand_with(state.hand, passed_cards=cards)
        bidder = (_seat(state) + 2) % 4
        return _with(state, action, phase=Phase.RETURN, to_act=bidder, hand=hand)
    bidder = _seat(state)
    partner = (bidder + 2) % 4
    passed = state.hand.passed_cards
    hands = list(state.hands)
    hands[bidder] = _sorted((*_remove(hands[bidder], cards), *passed))
    hands[partner] = _sorted((*_remove(hands[partner], passed), *cards))
    hand = _hand_with(state.hand, returned_cards=cards)
    return _meld(_with(state, action, hands=tuple(hands), hand=hand))


def _passing_shown_to_bidder(state: State) -> bool:
    """Whether the bidder sees the partner's passed cards yet (simultaneous: once both chose)."""
    return not (
        state.phase is Phase.RETURN and state.variant.passing.order is PassingOrder.SIMULTANEOUS
    )


def _bury_candidates(state: State) -> tuple[Card, ...]:
    """The cards the bidder may bury: outside the meld, unless too few are (``bury_meld``)."""
    hand, cards = state.hand, state.hands[_seat(state)]
    meld = hand.melds[_seat(state)]
    if state.variant.kitty.bury_meld or meld is None:
        return cards
    # Physical copies: a jack in both the run and jacks around is one melded card, so its
    # twin stays free (rules/meld#combining; WP three-hand "sets aside 3 non-meld cards").
    spare = tuple((Counter(cards) - Counter(meld.cards)).elements())
    return _sorted(spare) if len(spare) >= len(hand.kitty) else cards


def _bury_cards_of(action: object) -> tuple[Card, ...] | None:
    return action.cards if isinstance(action, Bury) else None


def _bury_actions(state: State) -> Sequence[Action]:
    return CardChoices(_bury_candidates(state), len(state.hand.kitty), Bury, _bury_cards_of)


def _apply_bury(state: State, action: Action) -> State:
    if not isinstance(action, Bury):
        raise _wrong_phase(state, action)
    if action not in legal_actions(state):
        n = len(state.hand.kitty)
        if len(action.cards) != n:
            raise IllegalActionError(str(action), f"bury exactly {counted(n, 'card')}")
        missing = Counter(action.cards) - Counter(_bury_candidates(state))
        raise IllegalActionError(
            str(action), f"you may not bury {', '.join(map(str, missing))} (held and not melded)"
        )
    seat = _seat(state)
    buried = _sorted(action.cards)
    hands = list(state.hands)
    hands[seat] = _remove(hands[seat], buried)
    hand = _hand_with(state.hand, buried=buried)
    return _after_meld(_with(state, action, hands=tuple(hands), hand=hand))
