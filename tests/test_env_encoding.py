"""Observation and state encodings (`pinochle.env.encode_observation`, `encode_state`).

Checked against the documented layout: fixed size per profile, each block holds what its
name says (own cards, meld per seat, cards played per seat, current trick, auction, trump,
passed cards, scores, phase) with seats relative to the observer, values within the layout's
bounds, and nothing a seat may not know (two states the seat cannot tell apart encode alike).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

pytest.importorskip("numpy", reason="extra rl: numpy is not installed")

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle.env import (
    PHASES,
    encode_observation,
    encode_state,
    observation_layout,
    point_scale,
    state_layout,
)
from pinochle.testing import games

BUILTINS = tuple(
    name
    for name in pn.builtin_variants()
    if pn.load_variant(name).deal.partner is pn.variant.Partner.NONE
)
"""The built-in profiles the environments take: five-hand's called partner has no index."""


def counts(cards: object) -> list[float]:
    found = Counter(c.index for c in cards)  # type: ignore[attr-defined]
    return [float(found[i]) for i in range(24)]


def block(vector: np.ndarray, variant: pn.Variant, name: str, *, state: bool = False) -> np.ndarray:
    layout = state_layout(variant) if state else observation_layout(variant)
    b = layout[name]
    return vector[b.slice].reshape(b.shape)


def test_the_layout_covers_the_vector_without_gaps() -> None:
    for name in BUILTINS:
        variant = pn.load_variant(name)
        for layout in (observation_layout(variant), state_layout(variant)):
            at = 0
            for b in layout:
                assert b.start == at
                at = b.stop
            assert at == layout.size
            assert layout.low().shape == layout.high().shape == (layout.size,)
    names = [b.name for b in observation_layout(pn.load_variant("pinochlerun"))]
    for wanted in ("hand", "meld_cards", "played", "trick", "bids", "trump", "scores", "phase"):
        assert wanted in names
    assert observation_layout(pn.load_variant("pinochlerun")).size == 632


@pytest.mark.parametrize("name", BUILTINS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_blocks_hold_what_the_observation_says(name: str, data: st.DataObject) -> None:
    state = data.draw(games(name, max_actions=120))
    variant = state.variant
    p = variant.deal.players
    layout = observation_layout(variant)
    scale = point_scale(variant)
    for seat in range(p):
        view = pn.observe(state, seat)
        vector = encode_observation(view)
        assert vector.dtype == np.float32
        assert vector.shape == (layout.size,)
        assert (vector >= layout.low()).all()
        assert (vector <= layout.high()).all()
        assert block(vector, variant, "hand").tolist() == counts(view.hand)
        phase = block(vector, variant, "phase")
        assert phase.sum() == 1
        assert phase[PHASES.index(view.phase)] == 1
        trump = block(vector, variant, "trump")
        assert trump.tolist() == [float(view.trump == s) for s in pn.Suit]
        # Every seat's block is relative: position k is the seat k places to the left.
        played = block(vector, variant, "played")
        trick = block(vector, variant, "trick")
        meld = block(vector, variant, "meld_cards")
        for k in range(p):
            other = (seat + k) % p
            cards = [c for t in view.tricks for s, c in t.plays if s == other]
            cards += [c for s, c in view.trick if s == other]
            assert played[k].tolist() == counts(cards)
            assert trick[k].tolist() == counts([c for s, c in view.trick if s == other])
            shown = view.melds[other] if view.melds else None
            assert meld[k].tolist() == counts(shown.cards if shown else ())
            last_bid = [a.amount for s, a in view.auction if s == other and isinstance(a, pn.Bid)]
            assert block(vector, variant, "bids")[k] == pytest.approx(
                (last_bid[-1] if last_bid else 0) / scale
            )
            assert block(vector, variant, "hand_sizes")[k] == view.hand_sizes[other]
        assert block(vector, variant, "passed_to_me").tolist() == counts(view.passed_to_me)
        assert block(vector, variant, "passed_by_me").tolist() == counts(view.passed_by_me)
        scores = block(vector, variant, "scores")
        side = variant.side_of(view.persons[seat])
        assert scores[0] == pytest.approx(view.scores[side] / scale)  # own side first


@pytest.mark.parametrize("name", ["pinochlerun", "cutthroat-3", "bicycle-two-handed"])
def test_nothing_hidden_reaches_the_encoding(name: str) -> None:
    """A state the seat cannot tell from the real one (other hidden cards) encodes alike;
    the perfect-information encoding tells them apart."""
    variant = pn.load_variant(name)
    rng = random.Random(name)
    state = pn.new_game(variant, seed=8)
    for _ in range(12):  # early in the hand: much is still hidden
        legal = pn.legal_actions(state)
        state = pn.apply(state, legal[rng.randrange(len(legal))])
    seat = 1
    view = pn.observe(state, seat)
    other = pn.sample_state(view, random.Random(4))
    assert other.hands != state.hands  # the hidden cards differ
    assert np.array_equal(encode_observation(pn.observe(other, seat)), encode_observation(view))
    assert not np.array_equal(encode_state(other, seat), encode_state(state, seat))


def test_the_state_encoding_holds_every_card() -> None:
    for name in BUILTINS:
        variant = pn.load_variant(name)
        state = pn.new_game(variant, seed=2)
        seat = state.to_act
        assert seat is not None
        vector = encode_state(state)
        assert vector.shape == (state_layout(variant).size,)
        head = observation_layout(variant).size
        assert np.array_equal(vector[:head], encode_observation(pn.observe(state, seat)))
        hands = block(vector, variant, "all_hands", state=True)
        p = variant.deal.players
        for k in range(p):
            assert hands[k].tolist() == counts(state.hands[(seat + k) % p])
        total = hands.sum() + block(vector, variant, "all_kitty", state=True).sum()
        total += block(vector, variant, "stock", state=True).sum()
        turn_up = state.hand.turn_up is not None or state.hand.turned_up is not None
        stock = state.variant.deal.stock
        deck = len(pn.make_deck(variant.deal.deck))
        assert total == deck - (1 if stock and turn_up else 0)


def test_picks_so_far_fill_the_picked_block() -> None:
    variant = pn.load_variant("pinochlerun")
    view = pn.observe(pn.new_game(variant, seed=1), 0)
    vector = encode_observation(view, view.hand[:2])
    assert block(vector, variant, "picked").tolist() == counts(view.hand[:2])
    assert block(encode_observation(view), variant, "picked").sum() == 0


def test_a_known_position_encodes_as_documented() -> None:
    variant = pn.load_variant("pinochlerun")
    state = pn.new_game(variant, seed=3, dealer=0)
    state = pn.apply(state, pn.Bid(30))  # seat 1, left of the dealer, opens at 30
    view = pn.observe(state, 3)  # the dealer's right: seat 1 sits two places to its left
    vector = encode_observation(view)
    assert block(vector, variant, "bids").tolist() == [0, 0, pytest.approx(0.3), 0]
    assert block(vector, variant, "bidder").tolist() == [0, 0, 1, 0]
    assert block(vector, variant, "dealer").tolist() == [0, 1, 0, 0]
    assert block(vector, variant, "to_act").tolist() == [0, 0, 0, 1]  # seat 2
    assert block(vector, variant, "target")[0] == pytest.approx(1.5)  # 150 / 100


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(pn.ArgumentError, match="observation"):
        encode_observation("view")  # type: ignore[arg-type]
    with pytest.raises(pn.ArgumentError, match="state"):
        encode_state("state")  # type: ignore[arg-type]
    with pytest.raises(pn.ArgumentError, match="variant"):
        observation_layout("pinochlerun")


def test_the_docs_layout_table_is_the_layout() -> None:
    """The docs' observation table (four-hand positions) and block list match the code."""
    import re
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "docs" / "reinforcement-learning.md"
    text, perfect = page.read_text(encoding="utf-8").split("### Perfect information")
    rows = re.findall(r"^\| `(\w+)` \| (\d+)(?:-(\d+))? \|", text, re.MULTILINE)
    layout = observation_layout(pn.load_variant("pinochlerun"))
    assert [(name, int(a), int(b or a)) for name, a, b in rows] == [
        (blk.name, blk.start, blk.stop - 1) for blk in layout
    ]
    extra = [blk.name for blk in state_layout(pn.load_variant("pinochlerun"))][len(rows) :]
    assert extra == re.findall(r"^\| `(\w+)` \|", perfect, re.MULTILINE)


def test_picked_cards_must_be_cards() -> None:
    view = pn.observe(pn.new_game(pn.load_variant("pinochlerun"), 1), 0)
    for picked in ([5], ["x"], "A♠", [pn.Card(pn.Suit.SPADES, pn.Rank.ACE), None]):
        with pytest.raises(pn.ArgumentError, match="picked"):
            encode_observation(view, picked)  # type: ignore[arg-type]
