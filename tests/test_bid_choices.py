"""The auction's legal actions: lazy when a profile allows very many bids, always the same."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings

import pinochle as pn
from pinochle.actions import Action, Bid, Pass
from pinochle.auction import bid_amounts, next_bid
from pinochle.bots import LEVELS, make_bot
from pinochle.checking import check_variant, play_random_game
from pinochle.choices import BidChoices
from pinochle.engine import bid_limit
from pinochle.engine._auction import _bids
from pinochle.state import Phase
from pinochle.testing import variants
from pinochle.variant import MAX_NUMBER, Variant


def _reference(variant: Variant, current: int | None, forced: bool) -> list[Action]:
    """The chain of smallest raises, one bid at a time (the engine's former listing)."""
    bids: list[Action] = []
    amount = next_bid(variant, current)
    while amount is not None and amount <= bid_limit(variant):
        bids.append(Bid(amount))
        if not variant.bidding.jumps:
            break
        amount = next_bid(variant, amount)
    return bids if forced else [Pass(), *bids]


def _currents(variant: Variant) -> list[int | None]:
    low = variant.bidding.minimum
    return [None, low - 1, low, low + 1, low + 7 * variant.scale, bid_limit(variant) - 1]


def _grids() -> list[Variant]:
    base = pn.load_variant("pinochlerun")
    return [
        *(pn.load_variant(name) for name in pn.builtin_variants()),
        base.override({"bidding": {"step_threshold": 40, "step_above": 5}}),
        base.override({"bidding": {"step": 3, "step_threshold": 41, "step_above": 4}}),
        base.override({"bidding": {"step_threshold": 25, "step_above": 10}}),
        base.override({"bidding": {"step_threshold": 300, "step_above": 10}}),
        base.override({"bidding": {"jumps": False, "step_threshold": 40, "step_above": 5}}),
    ]


@pytest.mark.parametrize("variant", _grids(), ids=lambda v: v.name + str(v.bidding.step_above))
def test_listed_bids_are_the_chain_of_smallest_raises(variant: Variant) -> None:
    for current in _currents(variant):
        for forced in (False, True):
            assert list(_bids(variant, current, forced)) == _reference(variant, current, forced)


@given(variants())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_listed_bids_match_for_random_profiles(variant: Variant) -> None:
    for current in _currents(variant):
        assert list(_bids(variant, current, False)) == _reference(variant, current, False)


def _huge(**bidding: object) -> Variant:
    return pn.load_variant("pinochlerun").override({"bidding": {"maximum": MAX_NUMBER, **bidding}})


def test_a_million_bids_are_offered_lazily() -> None:
    variant = _huge(step_threshold=50, step_above=5)
    legal = _bids(variant, None, False)
    assert isinstance(legal, BidChoices)
    lower, upper = 50 - 25 + 1, (MAX_NUMBER - 50) // 5
    assert len(legal) == 1 + lower + upper
    assert legal[0] == Pass()
    assert legal[1] == Bid(25)
    assert legal[-1] == Bid(MAX_NUMBER)
    assert legal[lower] == Bid(50)
    assert legal[lower + 1] == Bid(55)
    assert legal[-2] == Bid(MAX_NUMBER - 5)
    assert list(legal[:3]) == [Pass(), Bid(25), Bid(26)]
    assert legal[1:4:2] == (Bid(25), Bid(27))
    assert Bid(50) in legal
    assert Bid(55) in legal
    assert Bid(MAX_NUMBER) in legal
    assert Bid(51) not in legal
    assert Bid(24) not in legal
    assert Bid(MAX_NUMBER + 5) not in legal
    assert Pass() in legal
    assert "pass" not in legal  # type: ignore[comparison-overlap]
    assert Pass() not in _bids(variant, None, True)
    with pytest.raises(IndexError):
        legal[len(legal)]
    with pytest.raises(IndexError):
        legal[-len(legal) - 1]
    first = []
    for action in legal:
        first.append(action)
        if len(first) == 4:
            break
    assert first == [Pass(), Bid(25), Bid(26), Bid(27)]
    assert legal == _bids(variant, None, False)
    assert hash(legal) == hash(_bids(variant, None, False))
    assert legal != _bids(variant, None, True)
    assert "pass or" in repr(legal)
    assert str(MAX_NUMBER) in repr(legal)


def test_every_listed_action_is_accepted_and_nothing_else() -> None:
    variant = _huge()
    state = pn.new_game(variant, seed=3)
    legal = pn.legal_actions(state)
    assert isinstance(legal, BidChoices)
    for index in (0, 1, 2, len(legal) // 2, len(legal) - 1):
        pn.apply(state, legal[index])
    with pytest.raises(pn.IllegalActionError):
        pn.apply(state, Bid(MAX_NUMBER + 1))


def test_a_maximum_bid_still_ends_the_auction() -> None:
    state = pn.new_game(_huge(), seed=1)
    state = pn.apply(state, Bid(MAX_NUMBER))
    assert state.phase is not Phase.AUCTION


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_bot_bids_quickly_under_a_million_bids(level: str) -> None:
    variant = _huge()
    state = pn.new_game(variant, seed=5)
    bot = make_bot(level, seed=1)
    while state.phase is Phase.AUCTION and state.hand.number == 0:
        seat = state.to_act
        assert seat is not None
        view = pn.observe(state, seat)
        action = bot.choose(view)
        assert action in view.legal_actions
        state = pn.apply(state, action)


def test_random_games_and_the_check_kit_run_under_a_million_bids() -> None:
    variant = _huge(all_pass="last-must-bid")
    states = play_random_game(variant, seed=2, max_hands=3)
    assert len(states) > 10
    assert check_variant(variant, games=2, max_hands=2).ok


def test_bid_amounts_is_empty_above_the_limit() -> None:
    variant = pn.load_variant("pinochlerun")
    assert bid_amounts(variant, 100, bid_limit(variant)) == ()
    assert bid_amounts(variant, None, 10) == ()


def _as_list(actions: Sequence[Action]) -> list[Action]:
    return list(actions)


def test_a_small_auction_stays_a_tuple() -> None:
    legal = pn.legal_actions(pn.new_game(pn.load_variant("pinochlerun"), seed=0))
    assert isinstance(legal, tuple)
    assert _as_list(legal)[:2] == [Pass(), Bid(25)]
