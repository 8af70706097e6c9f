"""The lazy card choices against brute force: every distinct choice of k cards, once each."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle import PassCards
from pinochle.cards import CARDS, Card
from pinochle.choices import CardChoices

hands = st.lists(st.sampled_from(CARDS), min_size=0, max_size=16)


def _choices(hand: list[Card], k: int) -> CardChoices[PassCards]:
    return CardChoices(hand, k, PassCards, lambda a: a.cards if isinstance(a, PassCards) else None)


@settings(deadline=None)
@given(hands, st.integers(0, 5))
def test_every_distinct_choice_once(hand: list[Card], k: int) -> None:
    choices = _choices(hand, k)
    expected = {tuple(sorted(c)) for c in itertools.combinations(hand, k)}
    listed = [action.cards for action in choices]
    assert len(choices) == len(expected)
    assert len(listed) == len(set(listed))
    assert set(listed) == expected


@settings(deadline=None)
@given(hands, st.integers(0, 5))
def test_items_come_in_order_of_their_copies(hand: list[Card], k: int) -> None:
    # Unranking lists the choices by how many copies they take of the lowest card (fewest
    # first), then of the next card, and so on: the order the engine's games were recorded in.
    distinct = sorted(set(hand))
    listed = [action.cards for action in _choices(hand, k)]
    copies = [tuple(cards.count(card) for card in distinct) for cards in listed]
    assert copies == sorted(copies)


@settings(deadline=None)
@given(hands, st.lists(st.sampled_from(CARDS), max_size=5))
def test_in_is_a_multiset_test(hand: list[Card], asked: list[Card]) -> None:
    choices = _choices(hand, len(asked))
    held = list(hand)
    possible = True
    for card in asked:
        if card in held:
            held.remove(card)
        else:
            possible = False
    assert (PassCards(asked) in choices) is possible
