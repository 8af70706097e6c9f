"""Passing cards between partners and burying from the kitty (rules/passing-and-kitty)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pinochle._words import counted
from pinochle.actions import Action, Bury, PassCards
from pinochle.cards import Card, Rank, Suit
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
from pinochle.variant import PassingOrder, Variant


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
    cards, n = _bury_candidates(state), len(state.hand.kitty)
    if state.variant.kitty.bury_trump_aces:
        return CardChoices(cards, n, Bury, _bury_cards_of)
    return _plain_first_burials(cards, n, state.hand.trump)


def _announced(buried: Sequence[Card], trump: Suit | None, variant: Variant) -> tuple[Card, ...]:
    """The buried cards announced to every seat: the trump and aces, where forced.

    Clubs (rules/passing-and-kitty#kitty): trump and aces may be buried only when forced,
    "and must announce it" (``kitty.bury_trump_aces = false``); otherwise nothing is.
    """
    if variant.kitty.bury_trump_aces:
        return ()
    return tuple(c for c in buried if c.suit is trump or c.rank is Rank.ACE)


def _plain_cards(cards: Sequence[Card], trump: Suit | None) -> tuple[Card, ...]:
    """The cards that are neither trump nor an ace."""
    return tuple(c for c in cards if c.suit is not trump and c.rank is not Rank.ACE)


def _plain_first_burials(cards: tuple[Card, ...], n: int, trump: Suit | None) -> Sequence[Action]:
    """``kitty.bury_trump_aces = false``: the burials that take trump or aces only if forced.

    Clubs (rules/passing-and-kitty#kitty): the bidder "may not discard trump or aces unless
    forced, and must announce it". With ``n`` cards that are neither among those the
    bidder may bury, the burial is any ``n`` of them; with fewer, every one of them is
    buried and the rest is made up of trump and aces (announced: `Observation.buried_announced`).
    """
    plain = _plain_cards(cards, trump)
    if len(plain) >= n:
        return CardChoices(plain, n, Bury, _bury_cards_of)
    rest = tuple((Counter(cards) - Counter(plain)).elements())
    return tuple(
        Bury(_sorted((*plain, *extra.cards)))
        for extra in CardChoices(rest, n - len(plain), Bury, _bury_cards_of)
    )


def _apply_bury(state: State, action: Action) -> State:
    if not isinstance(action, Bury):
        raise _wrong_phase(state, action)
    if action not in legal_actions(state):
        raise IllegalActionError(str(action), _bury_problem(state, action))
    seat = _seat(state)
    buried = _sorted(action.cards)
    hands = list(state.hands)
    hands[seat] = _remove(hands[seat], buried)
    hand = _hand_with(state.hand, buried=buried)
    return _after_meld(_with(state, action, hands=tuple(hands), hand=hand))


def _bury_problem(state: State, action: Bury) -> str:
    """Why ``action`` is not a legal burial, in a player's words."""
    n = len(state.hand.kitty)
    if len(action.cards) != n:
        return f"bury exactly {counted(n, 'card')}"
    candidates = _bury_candidates(state)
    missing = Counter(action.cards) - Counter(candidates)
    if missing:
        return f"you may not bury {', '.join(map(str, missing))} (held and not melded)"
    plain = _plain_cards(candidates, state.hand.trump)
    kept = Counter(plain) - Counter(action.cards)
    return (
        f"you may bury trump or aces only when forced: bury {', '.join(map(str, plain))} "
        f"first (keeping {', '.join(map(str, kept.elements()))})"
    )
