"""Four or five around a three-hand auction game: who sits out, and who pays
(rules/three-hand#auction-pinochle)."""

from __future__ import annotations

import random

import pytest

import pinochle as pn
from pinochle import VariantError, apply, legal_actions, new_game, observe

AUCTION = pn.load_variant("pagat-auction-3")
FOUR = AUCTION.override({"deal": {"seated": 4}})
FIVE = AUCTION.override({"deal": {"seated": 5}})


def test_with_four_the_dealer_sits_out() -> None:
    # BC-A3 (rules/three-hand#auction-pinochle): with 4 at the table the dealer sits out.
    state = new_game(FOUR, seed=1, dealer=2)
    assert state.hand.persons == (3, 0, 1)  # the three after the dealer, from the left
    assert state.hand.dealer_person == 2
    assert state.to_act == 0  # the dealer's left (person 3) bids first
    assert state.scores == (0, 0, 0, 0)
    assert observe(state, 0).persons == (3, 0, 1)


def test_with_five_the_dealer_and_the_second_to_the_left_sit_out() -> None:
    # BC-A3: with 5, the dealer and the player second to his left sit out.
    state = new_game(FIVE, seed=1, dealer=0)
    assert state.hand.persons == (1, 3, 4)
    assert len(state.scores) == 5


def test_the_deal_passes_round_everyone_and_sitters_share_the_settlement() -> None:
    # "inactive players share the settlement": every other person pays or is paid.
    rng = random.Random(3)
    state = new_game(FIVE, seed=2, dealer=0)
    dealers = [state.hand.dealer_person]
    hands = 0
    while hands < 8:
        actions = legal_actions(state)
        first = actions[0]
        if isinstance(first, pn.Pass):
            action = first if rng.random() < 0.5 else actions[1]
        elif isinstance(first, pn.ThrowIn):
            action = actions[1]
        else:
            action = actions[rng.randrange(len(actions))]
        before = state
        state = apply(state, action)
        if state.hand.number != before.hand.number:
            hands += 1
            dealers.append(state.hand.dealer_person)
            if len(state.results) > len(before.results):
                result = state.results[-1]
                assert sum(result.scores) == 0
                bidder = result.bidder
                assert bidder is not None
                others = [s for i, s in enumerate(result.scores) if i != bidder]
                assert len(others) == 4
                assert len(set(others)) == 1  # sitters pay or receive like the defenders
                assert result.scores[bidder] == -4 * others[0]
    assert dealers[:6] == [0, 1, 2, 3, 4, 0]  # the deal passes left round all five


@pytest.mark.parametrize(("players", "seated"), [(4, 5), (3, 6), (2, 3)])
def test_sit_outs_only_around_a_three_hand_game(players: int, seated: int) -> None:
    base = "pinochlerun" if players == 4 else "bicycle-two-handed" if players == 2 else None
    variant = pn.load_variant(base) if base else AUCTION
    with pytest.raises(VariantError) as info:
        variant.override({"deal": {"seated": seated}})
    assert info.value.key == "deal.seated"
