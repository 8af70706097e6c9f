"""The engine's explicit deal (`engine._course._redeal`): a given deck is dealt as the table deals.

rules/deck-and-deal: packets from the dealer's left, the widow after the first round; the
two-hand stock is the undealt rest with its first card turned up for trump.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import pinochle as pn
from pinochle.engine._course import _redeal


def _deck(rules: pn.Variant, seed: int) -> list[pn.Card]:
    deck = list(pn.make_deck(rules.deal.deck))
    random.Random(seed).shuffle(deck)
    return deck


def test_four_hand_packets_go_round_from_the_dealers_left() -> None:
    rules = pn.load_variant("pinochlerun")  # packets of 3, dealer 0
    deck = _deck(rules, 1)
    state = _redeal(pn.new_game(rules, seed=5), deck)
    packet = rules.deal.packet
    for seat in range(4):
        expected: Counter[pn.Card] = Counter()
        for k, card in enumerate(deck):
            if (k // packet) % 4 == (seat - 1) % 4:
                expected[card] += 1
        assert Counter(state.hands[seat]) == expected
    assert state.to_act == 1  # the dealer's left bids first, as in any deal
    assert state.phase is pn.Phase.AUCTION


@pytest.mark.parametrize("name", ["cutthroat-3", "wikipedia-three-hand", "pagat-auction-3"])
def test_the_widow_comes_after_the_first_round(name: str) -> None:
    rules = pn.load_variant(name)
    deck = _deck(rules, 2)
    state = _redeal(pn.new_game(rules, seed=5), deck)
    first_round = rules.deal.packet * rules.deal.players
    widow = deck[first_round : first_round + rules.deal.kitty]
    assert Counter(state.hand.kitty) == Counter(widow)
    everything = [c for h in state.hands for c in h] + list(state.hand.kitty)
    assert Counter(everything) == Counter(deck)


def test_two_hand_turns_up_the_first_undealt_card_and_stocks_the_rest_in_order() -> None:
    rules = pn.load_variant("bicycle-two-handed")
    deck = _deck(rules, 3)
    state = _redeal(pn.new_game(rules, seed=5), deck)
    dealt = rules.deal.hand * 2
    assert state.hand.turn_up == deck[dealt]
    assert state.hand.trump is deck[dealt].suit
    assert list(state.hand.stock) == deck[dealt + 1 :]


def test_a_later_hand_is_redealt_with_the_game_around_it_kept() -> None:
    rules = pn.load_variant("pinochlerun")
    state = pn.new_game(rules, seed=9)
    while state.hand.number == 0:
        state = pn.apply(state, pn.legal_actions(state)[0])
    before = state
    deck = _deck(rules, 4)
    state = _redeal(state, deck)
    assert state.hand.number == 1
    assert state.game == before.game  # scores, results, target carried on
    assert state.hand.dealer == before.hand.dealer
    assert state.hands != before.hands
    assert Counter(c for h in state.hands for c in h) == Counter(deck)
