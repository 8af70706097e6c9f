"""Turned trump without a stock or an auction: Parlett's three-hand game
(rules/three-hand#everyone-melds, rules/deck-and-deal#hands, rules/trump#options)."""

from __future__ import annotations

import random

import pinochle as pn
from pinochle import Phase, apply, legal_actions, new_game, score_meld

PARLETT = pn.load_variant("parlett-three-hand")


def test_the_dealers_last_card_is_turned_for_trump_and_everyone_melds() -> None:
    # rules/deck-and-deal#hands and rules/three-hand#everyone-melds: 16 each in fours, the dealer's
    # last card turned for trump.
    state = new_game(PARLETT, seed=3, dealer=1)
    hand = state.hand
    assert [len(h) for h in state.hands] == [16, 16, 16]
    assert hand.turned_up is not None
    assert hand.trump is hand.turned_up.suit
    assert hand.turned_up in state.hands[1]  # it stays in the dealer's hand
    assert hand.bidder is None
    assert hand.auction == ()
    # All three meld for the turned trump, then the dealer's left leads.
    for seat, meld in enumerate(hand.melds):
        assert meld == score_meld(state.hands[seat], hand.trump, PARLETT)
    assert (state.phase, state.to_act) == (Phase.TRICKS, 2)


def test_given_hands_turn_the_dealers_last_card() -> None:
    dealt = new_game(PARLETT, seed=5).hands
    state = new_game(PARLETT, seed=9, dealer=0, hands=dealt)
    assert state.hand.turned_up == dealt[0][-1]


def test_a_hand_settles_as_no_bid_with_each_players_meld_and_points() -> None:
    rng = random.Random(2)
    state = new_game(PARLETT, seed=4)
    while not state.results:
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
    result = state.results[0]
    assert result.outcome is pn.Outcome.NO_BID
    # rules/counting#methods: counters, tens
    assert sum(side.points for side in result.sides) == 250
    for side in result.sides:
        counted = side.meld if side.meld_status is pn.MeldStatus.SAVED else 0
        expected = 0 if side.meld_status is pn.MeldStatus.LOST else counted + side.points
        assert side.score == expected


def test_two_players_over_1000_raise_the_target_by_250() -> None:
    # rules/game-end#both-reach (PAR three-hand): +250 each time two reach the target together.
    end = pn.game_end(PARLETT, (1020, 1100, 300), bidder=None)
    assert end.winner is None
    assert end.target == 1250
    assert pn.game_end(PARLETT, (1020, 900, 300), bidder=None).winner == 0
