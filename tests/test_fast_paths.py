"""The engine's fast paths agree with the plain code they stand in for.

The engine finds legal cards to follow with a leaner copy of the rules (`_legal_follow`)
and builds its states and hands positionally instead of through
`attrs.evolve`. Each fast path must give exactly what the plain one gives, on any input the
engine can meet; tests/test_engine_games.py pins whole games on top of that.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pinochle as pn
from pinochle import meld
from pinochle.cards import CARDS, Card, Suit
from pinochle.engine import _common as engine
from pinochle.errors import InvariantError
from pinochle.state import Hand, State
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


@given(st.integers(0, 3), st.integers(0, 40), st.booleans())
def test_replace_is_attrs_evolve(bidder: int, bid: int, melded: bool) -> None:
    hand = _state().hand
    assert engine._replace(hand, bidder=bidder, bid=bid, turn_melded=melded) == attrs.evolve(
        hand, bidder=bidder, bid=bid, turn_melded=melded
    )
    assert engine._replace(hand, bid=bid) == attrs.evolve(hand, bid=bid)


def test_replace_refuses_a_field_the_value_does_not_have() -> None:
    with pytest.raises(InvariantError, match="Hand has no field bidd"):
        engine._replace(_state().hand, bidd=1)


def test_with_changes_only_what_it_is_given_and_records_the_action() -> None:
    state = _state()
    hand = attrs.evolve(state.hand, bid=31)
    new = engine._with(state, pn.Pass(), to_act=2, hand=hand)
    assert new == attrs.evolve(state, to_act=2, hand=hand)
    assert new.actions == (*state.actions, pn.Pass())
    assert new.legal_cache is None
    assert engine._with(state).actions == state.actions


def test_with_passes_every_state_field() -> None:
    # _with names State's fields positionally; a new field must be added there too.
    assert [f.name for f in attrs.fields(State)] == [
        "phase",
        "to_act",
        "hands",
        "trick",
        "tricks",
        "points",
        "tricks_won",
        "counters",
        "hand",
        "game",
        "history",
        "legal_cache",
    ]
    assert "legal_cache" not in attrs.fields_dict(Hand)


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
