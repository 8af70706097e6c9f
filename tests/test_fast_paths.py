"""The engine's fast paths agree with the plain code they stand in for.

The engine finds legal cards to follow with a leaner copy of the rules (`_legal_follow`)
and builds its states, hands and games through the builders of `pinochle.state`
(`build_state`, `_hand_with`, `_game_with`) instead of through `attrs.evolve`. Each fast
path must give exactly what the plain one gives, on any input the engine can meet;
tests/test_engine_games.py pins whole games on top of that.
"""

from __future__ import annotations

import inspect
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pinochle as pn
from pinochle import meld
from pinochle.cards import CARDS, Card, Suit
from pinochle.engine import _common as engine
from pinochle.state import Game, Hand, State, _game_with, _hand_with, build_state
from pinochle.tricks import _legal_follow, legal_plays, play_rule
from pinochle.variant import Beat, Play

play_rules = st.builds(
    Play,
    beat=st.sampled_from(Beat),
    beat_after_trump=st.booleans(),
    must_trump=st.booleans(),
    must_overtrump=st.booleans(),
    trump_when_cannot_overtrump=st.booleans(),
)
trumps = st.none() | st.sampled_from(Suit)


def _in_index_order(cards: list[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


@given(
    st.lists(st.sampled_from(CARDS), max_size=20),
    st.lists(st.sampled_from(CARDS), min_size=1, max_size=4),
    trumps,
    play_rules,
)
def test_the_engines_follow_finds_the_cards_legal_plays_finds(
    hand: list[Card], plays: list[Card], trump: Suit | None, rules: Play
) -> None:
    held = _in_index_order(hand)
    trick = [(seat, card) for seat, card in enumerate(plays)]
    assert list(_legal_follow(held, trick, trump, rules)) == list(
        legal_plays(held, plays, trump, rules)
    )


def test_a_scanned_hand_keeps_its_own_order() -> None:
    # legal_plays takes a hand in any order and answers in that order (no slicing there).
    hand = pn.parse_cards("KH 9C AH TH")
    rules = Play(beat=Beat.NEVER)
    assert legal_plays(hand, pn.parse_cards("QH"), None, rules) == list(pn.parse_cards("KH AH TH"))
    assert play_rule(hand, pn.parse_cards("QH"), None, rules) == "must follow hearts"


def _state() -> State:
    state = pn.new_game(pn.load_variant("pinochlerun"), seed=3)
    return pn.apply(state, pn.legal_actions(state)[1])


def _names(cls: type) -> list[str]:
    return [field.name for field in attrs.fields(cls)]


def test_build_state_builds_what_the_constructor_builds() -> None:
    # A distinct value for every field: a field set from the wrong argument shows.
    values: dict[str, Any] = {name: object() for name in _names(State) if name != "legal_cache"}
    built = build_state(**values)
    assert type(built) is State
    for name, value in values.items():
        assert getattr(built, name) is value, name
    assert built.legal_cache is None  # the cache starts empty
    assert built == State(**values)
    # Every field but the cache is a keyword of it (a new field of State is added there).
    assert list(inspect.signature(build_state).parameters) == _names(State)[:-1]
    assert build_state(**{**values, "history": None}).history is None  # history may be left out
    del values["history"]
    assert build_state(**values).history is None


@pytest.mark.parametrize(("cls", "changed"), [(Hand, _hand_with), (Game, _game_with)])
def test_the_with_builders_are_attrs_evolve(cls: type, changed: Any) -> None:
    # Every field is a keyword of the builder, and each one lands in its own field.
    names = _names(cls)
    assert list(inspect.signature(changed).parameters)[1:] == names
    old = _state().hand if cls is Hand else _state().game
    rng = random.Random(5)
    for size in (0, 1, 2, 4, len(names)):
        for _ in range(5):
            changes: dict[str, Any] = {n: object() for n in rng.sample(names, size)}
            new = changed(old, **changes)
            assert type(new) is cls
            for name in names:
                assert getattr(new, name) is changes.get(name, getattr(old, name)), name


def test_a_pickled_state_comes_back_whole() -> None:
    state = _state()
    for _ in range(30):
        state = pn.apply(state, pn.legal_actions(state)[0])
    back = pickle.loads(pickle.dumps(state))
    assert back == state
    assert back.actions == state.actions
    assert back.legal_cache is None
    assert pn.legal_actions(back) == pn.legal_actions(state)


def test_with_changes_only_what_it_is_given_and_records_the_action() -> None:
    state = _state()
    hand = attrs.evolve(state.hand, bid=31)
    new = engine._with(state, pn.Pass(), to_act=2, hand=hand)
    assert new == attrs.evolve(state, to_act=2, hand=hand)
    assert new.actions == (*state.actions, pn.Pass())
    assert new.legal_cache is None
    assert engine._with(state).actions == state.actions


@given(
    st.sampled_from(["pinochlerun", "pagat-partnership", "npa-double-deck", "bicycle-two-handed"]),
    st.randoms(use_true_random=False),
    st.integers(0, 20),
    trumps,
)
def test_the_engines_meld_scoring_is_score_meld(
    name: str, rng: random.Random, size: int, trump: Suit | None
) -> None:
    variant = pn.load_variant(name)
    hand = rng.sample(pn.make_deck(variant.deal.deck), size)
    tables = meld._tables(variant)
    assert meld._held_meld(hand, trump, tables) == pn.score_meld(hand, trump, variant)
