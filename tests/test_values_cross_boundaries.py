"""Every value of the library survives pickle, copy and deepcopy and behaves as the original.

A process pool, a distributed engine, a cache or a web server's session store does this to
states and observations. The engine compares cards by identity, so a copy that brought back
a fresh `Card` object used to play a different card from the hand (issue 11, class 1).
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle.actions import PLAYS
from pinochle.bots import make_bot
from pinochle.records import GameRecord, record_of
from pinochle.testing import games
from seeded_games import decisions

T = TypeVar("T")

PROFILES = pn.builtin_variants()


def _pickler(protocol: int) -> Callable[[Any], Any]:
    def through_pickle(value: Any) -> Any:
        return pickle.loads(pickle.dumps(value, protocol))

    return through_pickle


COPIES: dict[str, Callable[[Any], Any]] = {
    **{f"pickle-{p}": _pickler(p) for p in range(2, pickle.HIGHEST_PROTOCOL + 1)},
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
}


def _through(value: T, how: str) -> T:
    result: T = COPIES[how](value)
    return result


def _assert_interned(state: pn.State) -> None:
    for cards in (*state.hands, *state.hand.dealt, state.hand.kitty, state.hand.stock):
        for card in cards:
            assert card is pn.CARDS[card.index]
    for _, card in state.trick:
        assert card is pn.CARDS[card.index]


def _assert_behaves_alike(original: pn.State, other: pn.State) -> None:
    assert other == original
    assert other.actions == original.actions
    _assert_interned(other)
    legal = pn.legal_actions(original)
    assert list(pn.legal_actions(other)) == list(legal)
    for seat in original.seats():
        assert pn.observe(other, seat) == pn.observe(original, seat)
    # A handful of legal actions (all of them for card play), each applied to both.
    chosen = list(legal) if len(legal) <= 16 else [legal[i] for i in range(0, len(legal), 97)]
    for action in chosen:
        after, after_other = pn.apply(original, action), pn.apply(other, action)
        assert after_other == after
        assert after_other.hands == after.hands


@pytest.mark.parametrize("name", PROFILES)
def test_states_survive_every_copy_at_every_decision(name: str) -> None:
    for state in decisions(name, seed=11):
        for how in COPIES:
            _assert_behaves_alike(state, _through(state, how))


@pytest.mark.parametrize("name", PROFILES)
def test_a_copied_state_plays_on_to_the_same_end(name: str) -> None:
    """Copy once mid-hand, then play both to the end of the hand with the same bots."""
    states = list(decisions(name, seed=5, max_hands=1))
    middle = states[len(states) // 2]
    for how in COPIES:
        left, right = middle, _through(middle, how)
        bots = [make_bot("easy", seed=3) for _ in range(2)]
        while not left.results or len(left.results) == len(middle.results):
            if left.is_over:
                break
            seat = left.to_act
            assert seat is not None
            action = bots[0].choose(pn.observe(left, seat))
            assert bots[1].choose(pn.observe(right, seat)) == action
            left, right = pn.apply(left, action), pn.apply(right, action)
            assert right == left
        assert right.results == left.results
        assert right.scores == left.scores


@pytest.mark.parametrize("name", PROFILES)
def test_observations_survive_every_copy_and_sample_alike(name: str) -> None:
    for number, state in enumerate(decisions(name, seed=23, max_hands=1)):
        if state.is_over or number % 7:
            continue
        for seat in state.seats():
            view = pn.observe(state, seat)
            for how in COPIES:
                other = _through(view, how)
                assert other == view
                assert list(other.legal_actions) == list(view.legal_actions)
                assert pn.sample_state(other, random.Random(number)) == pn.sample_state(
                    view, random.Random(number)
                )
                assert pn.knowledge(other) == pn.knowledge(view)


def test_a_whole_long_game_pickles_and_deep_copies() -> None:
    """The history of a long game is over a thousand actions: no recursion limit is hit."""
    variant = pn.load_variant("pagat-partnership")
    bots = [make_bot("easy", seed=seat) for seat in range(4)]
    state = pn.new_game(variant, seed=3)
    while not state.is_over:
        state = pn.apply(
            state, bots[state.to_act or 0].choose(pn.observe(state, state.to_act or 0))
        )
    assert len(state.actions) > 1000
    for how in COPIES:
        other = _through(state, how)
        assert other == state
        assert other.actions == state.actions
        assert other.results == state.results


def test_cards_and_plays_come_back_as_the_shared_objects() -> None:
    for card in pn.CARDS:
        for how in COPIES:
            assert _through(card, how) is card
    for play in PLAYS:
        for how in COPIES:
            assert _through(play, how) is play
    # A card built by hand is equal to the shared one, and a copy of it is the shared one.
    stranger = pn.Card(pn.Suit.SPADES, pn.Rank.ACE)
    assert stranger == pn.CARDS[stranger.index]
    assert pickle.loads(pickle.dumps(stranger)) is pn.CARDS[stranger.index]


@pytest.mark.parametrize("name", PROFILES)
def test_every_other_value_survives_copies(name: str) -> None:
    variant = pn.load_variant(name)
    states = list(decisions(name, seed=2, max_hands=1))
    last = states[-1]
    values: list[object] = [
        variant,
        pn.Suit.CLUBS,
        pn.Rank.NINE,
        pn.Phase.AUCTION,
        last.game,
        last.hand,
        record_of(last),
        pn.score_meld(last.hand.dealt[0], pn.Suit.CLUBS, variant),
        *last.results,
        *last.tricks,
        *(pn.legal_actions(states[0])[:5]),
        *last.actions[:40],
    ]
    for value in values:
        for how in COPIES:
            other = _through(value, how)
            assert other == value, (how, value)
            assert type(other) is type(value)
    # Variants that went through a copy still play the same game.
    for how in COPIES:
        again = _through(variant, how)
        assert pn.new_game(again, seed=9) == pn.new_game(variant, seed=9)
        assert again.to_toml() == variant.to_toml()


def test_a_record_of_a_copied_state_replays() -> None:
    state = list(decisions("pinochlerun", seed=4, max_hands=1))[-1]
    for how in COPIES:
        record = record_of(_through(state, how))
        assert GameRecord.from_json(record.to_json()) == record_of(state)


ERRORS: list[Exception] = [
    pn.ArgumentError("seed", "a whole number", "abc"),
    pn.CardParseError("1S", 2, "'1' is not a pinochle rank"),
    pn.SuitParseError("X", "use C, D, H, S"),
    pn.ActionParseError("frob", "expected 'bid N'"),
    pn.DeckError("3 × A♠"),
    pn.IllegalActionError("bid 25", "bid must be at least 26"),
    pn.ObservationError("not a position"),
    pn.SettlementError("points do not add up"),
    pn.SheetError("meld cannot be negative", hand=3),
    pn.VariantError("house.toml", "bidding.minimum", "expected a whole number"),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
def test_errors_survive_copies(error: Exception) -> None:
    for how in COPIES:
        other = _through(error, how)
        assert type(other) is type(error)
        assert str(other) == str(error)
        assert other.__dict__ == error.__dict__


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(state=games(max_actions=120), how=st.sampled_from(sorted(COPIES)))
def test_random_games_survive_copies(state: pn.State, how: str) -> None:
    _assert_behaves_alike(state, _through(state, how))


def test_lazy_legal_actions_survive_copies() -> None:
    """A million legal bids (a lazy `BidChoices`) and 1,820 pass choices cross intact."""
    variant = pn.load_variant("pinochlerun").override({"bidding": {"maximum": 1_000_000}})
    state = pn.new_game(variant, seed=1)
    assert len(pn.legal_actions(state)) > 900_000
    passing = pn.new_game(pn.load_variant("pinochlerun"), seed=1)
    while passing.phase is not pn.Phase.RETURN:  # the first bidder wins, names trump, gets 4
        actions = pn.legal_actions(passing)
        bidding = passing.phase is pn.Phase.AUCTION and passing.bidder is None
        passing = pn.apply(passing, actions[1] if bidding else actions[0])
    for value in (state, passing):
        for seat in value.seats():
            view = pn.observe(value, seat)
            for how in COPIES:
                other = _through(view, how)
                assert other == view
                assert hash(other) == hash(view)
                legal = other.legal_actions
                assert len(legal) == len(view.legal_actions)
                if seat == value.to_act:
                    assert legal[-1] == view.legal_actions[-1]
