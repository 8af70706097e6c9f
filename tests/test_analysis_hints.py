"""`hint` and `review`: decisions valued from what the seat could know (docs/analysis.md).

A hint draws the hidden cards many times from the seat's observation and values each
action on every imagined deal; a review replays a game and asks the hint at each decision.
Where the seat's view leaves nothing hidden (the two-hand game once the stock is gone,
every card is accounted for) the hint must equal the open-hand solver, which is itself
checked against plain minimax (tests/test_analysis_exact.py).
"""

from __future__ import annotations

import copy
import functools
import pickle
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinochle as pn
from _minimax import ending, trick_play
from pinochle.analysis import (
    BIDS,
    MARKS,
    ActionValue,
    Hint,
    Review,
    card_values,
    hint,
    hintable,
    review,
)
from pinochle.bots import make_bot
from pinochle.cards import Suit, parse_cards
from pinochle.errors import ArgumentError
from pinochle.records import GameRecord, record_of
from pinochle.state import Phase, State
from pinochle.testing import variants
from pinochle.tricks import deck_points


def _play(name: str, seed: int, until: Callable[[State], bool]) -> State:
    """Hard players from a new game until ``until`` holds."""
    variant = pn.load_variant(name)
    state = pn.new_game(variant, seed)
    bots = [make_bot("hard", seed=seed + person) for person in range(variant.deal.seated)]
    while not until(state):
        assert state.to_act is not None, "the game ended first"
        state = pn.apply(state, bots[state.to_act].choose(pn.observe(state, state.to_act)))
    return state


def _open_play(cards: int) -> Callable[[State], bool]:
    """Trick play without a stock, the seat to act down to ``cards`` and choosing."""
    return lambda state: (
        state.phase is Phase.TRICKS
        and not state.hand.stock
        and len(state.hands[state.to_act or 0]) <= cards
        and len(set(pn.legal_actions(state))) > 1
    )


def _card(action: pn.Action) -> pn.Card:
    assert isinstance(action, pn.Play)
    return action.card


@functools.cache
def _two_hand_ending() -> State:
    return _play("bicycle-two-handed", 3, _open_play(5))


@functools.cache
def _four_hand_middle() -> State:
    return _play("pinochlerun", 11, _open_play(7))


# --- What the seat could know --------------------------------------------------------------


def test_a_hint_with_nothing_hidden_is_the_solver() -> None:
    """Two-hand, the stock gone: every card is accounted for, so each card's expected
    value is its exact open-hand value for the seat's side."""
    state = _two_hand_ending()
    found = hint(pn.observe(state, state.to_act or 0), worlds=3, exact_from=6)
    exact = card_values(state)
    assert {_card(entry.action): entry.value for entry in found.actions} == exact
    assert found.best.value == max(exact.values())
    assert all(entry.low == entry.value == entry.high for entry in found.actions)
    assert found.measure == "trick points"


def test_states_the_seat_cannot_tell_apart_get_the_same_hint() -> None:
    state = _four_hand_middle()
    seat = state.to_act or 0
    view = pn.observe(state, seat)
    other = next(
        s
        for s in pn.sample_states(view, random.Random(5), 50)
        if s.hands != state.hands  # hidden cards placed elsewhere
    )
    assert pn.observe(other, seat) == view
    first = hint(view, worlds=4, seed=9)
    assert hint(pn.observe(other, seat), worlds=4, seed=9) == first
    assert hint(view, worlds=4, seed=9) == first  # and again: the seed decides


def test_a_hint_names_only_the_seats_own_cards() -> None:
    """Every valued action is one of the seat's legal actions: its own cards."""
    state = _play("pinochlerun", 4, lambda s: s.phase is Phase.PASS)
    seat = state.to_act or 0
    found = hint(pn.observe(state, seat), worlds=2)
    held = list(state.hands[seat])
    assert found.phase is Phase.PASS
    for entry in found.actions:
        assert isinstance(entry.action, pn.PassCards)
        cards = list(entry.action.cards)
        assert len(cards) == state.variant.passing.cards
        for card in cards:
            assert card in held
        assert entry.action in pn.legal_actions(state)


# --- Card play -------------------------------------------------------------------------------


def test_card_hints_value_every_legal_card_best_first() -> None:
    state = _four_hand_middle()
    view = pn.observe(state, state.to_act or 0)
    found = hint(view, worlds=4)
    legal = {_card(action) for action in view.legal_actions}
    assert {_card(entry.action) for entry in found.actions} == legal
    values = [entry.value for entry in found.actions]
    assert values == sorted(values, reverse=True)
    left = pn.deck_points(state.variant) - sum(state.points)
    for entry in found.actions:
        assert 0 <= entry.low <= entry.value <= entry.high
        assert entry.value <= left
    assert found.best is found.actions[0]
    assert found.value_of(found.best.action) is found.best


def test_the_hint_of_a_lone_legal_card_is_that_card() -> None:
    state = _play(
        "pinochlerun",
        2,
        lambda s: s.phase is Phase.TRICKS and len(set(pn.legal_actions(s))) == 1,
    )
    found = hint(pn.observe(state, state.to_act or 0), worlds=2)
    assert [entry.action for entry in found.actions] == [pn.legal_actions(state)[0]]


# --- Decisions before play ----------------------------------------------------------------


def _dealt(name: str, hands: list[str], *, dealer: int = 3) -> State:
    variant = pn.load_variant(name)
    return pn.new_game(variant, 1, dealer=dealer, hands=tuple(parse_cards(hand) for hand in hands))


_RUN_IN_HEARTS = [
    "AH AH TH TH KH KH QH JH 9H 9S 9C 9D",  # North: a run and nine hearts
    "AS TS KS QS JS 9S AC TC KC QC JC 9C",
    "AD TD KD QD JD 9D AS TS KS QS JS QH",
    "AC TC KC QC JC AD TD KD QD JD JH 9H",
]


def test_the_trump_hint_names_the_suit_of_a_run_and_length() -> None:
    state = _dealt("pinochlerun", _RUN_IN_HEARTS)
    while state.phase is Phase.AUCTION:
        legal = pn.legal_actions(state)
        state = pn.apply(state, legal[1] if state.to_act == 0 else legal[0])
    assert state.phase is Phase.TRUMP
    assert state.to_act == 0
    found = hint(pn.observe(state, 0), worlds=4)
    assert found.measure == "score margin"
    assert {entry.action for entry in found.actions} == set(pn.legal_actions(state))
    assert found.best.action == pn.NameTrump(Suit.HEARTS)


def test_bidding_a_run_and_eight_trumps_beats_passing() -> None:
    state = _dealt("pinochlerun", _RUN_IN_HEARTS)
    assert state.to_act == 0
    found = hint(pn.observe(state, 0), worlds=4)
    legal = list(pn.legal_actions(state))
    assert [
        entry.action for entry in sorted(found.actions, key=lambda e: legal.index(e.action))
    ] == (legal[: BIDS + 1])
    assert found.value_of(pn.Pass()).value < found.value_of(legal[1]).value


def test_also_values_an_action_beyond_the_hints_own() -> None:
    state = _dealt("pinochlerun", _RUN_IN_HEARTS)
    far = list(pn.legal_actions(state))[BIDS + 5]
    found = hint(pn.observe(state, 0), worlds=2, also=[far])
    assert found.value_of(far).action == far


# --- Review -----------------------------------------------------------------------------------


def _worst_card_record() -> tuple[GameRecord, pn.Card, int]:
    """The two-hand ending, the seat to act playing its costliest card; and that cost."""
    state = _two_hand_ending()
    exact = card_values(state)
    worst = min(exact, key=exact.__getitem__)
    end = pn.apply(state, pn.Play(worst))
    return record_of(end), worst, max(exact.values()) - exact[worst]


def test_review_finds_the_exact_cost_of_a_card_when_nothing_is_hidden() -> None:
    record, card, cost = _worst_card_record()
    assert cost > 0
    seat = _two_hand_ending().to_act or 0
    number = _two_hand_ending().hand.number + 1
    found = review(record, seat, hand=number, worlds=2, exact_from=6)
    last = found.decisions[-1]
    assert last.action == pn.Play(card)
    assert last.loss == cost
    full = pn.deck_points(record.variant)
    counter = min(
        value
        for card in pn.make_deck(record.variant.deal.deck)
        if (value := pn.card_points([card], record.variant))
    )
    expected = (
        "??"
        if cost >= full * MARKS[1]
        else "?"
        if cost >= full * MARKS[0]
        else "?!"
        if cost >= counter / 2
        else ""
    )
    assert last.mark == expected
    assert (
        last.text
        == f"trick {last.trick}: {card} cost about {cost} points: {_card(last.best)} was best"
    )
    strict = review(record, seat, hand=number, worlds=2, exact_from=6, marks=(0, 0))
    assert strict.decisions[-1].mark == "??"
    assert all(d.mark == "??" for d in strict.decisions if d.loss > 0)
    assert all(d.mark == "" for d in strict.decisions if d.loss == 0)


def test_a_review_covers_each_decision_of_the_seat_once() -> None:
    record, _, _ = _worst_card_record()
    seat = _two_hand_ending().to_act or 0
    number = _two_hand_ending().hand.number + 1
    found = review(record, seat, hand=number, worlds=2)
    assert found.seat == seat
    assert [h.hand for h in found.hands] == [number]
    assert found.hands[0].decisions == found.decisions
    for decision in found.decisions:
        assert decision.loss == pytest.approx(
            decision.hint.best.value - decision.hint.value_of(decision.action).value
        )
        assert decision.loss >= 0
        assert decision.hand == number
    assert found.marked == tuple(d for d in found.decisions if d.mark)
    assert found.hands[0].summary.startswith(f"hand {number}: ")


def test_hints_and_reviews_are_values() -> None:
    record, _, _ = _worst_card_record()
    seat = _two_hand_ending().to_act or 0
    found = review(record, seat, hand=_two_hand_ending().hand.number + 1, worlds=2)
    assert isinstance(found, Review)
    assert pickle.loads(pickle.dumps(found)) == found
    assert copy.deepcopy(found) == found
    one = found.decisions[0].hint
    assert isinstance(one, Hint)
    assert isinstance(one.best, ActionValue)


# --- Bad input ---------------------------------------------------------------------------------


def test_a_hint_refuses_what_it_cannot_value() -> None:
    state = _four_hand_middle()
    seat = state.to_act or 0
    waiting = pn.observe(state, (seat + 1) % 4)
    assert not hintable(waiting)
    with pytest.raises(ArgumentError, match="another seat to act"):
        hint(waiting)
    with pytest.raises(ArgumentError, match="observation"):
        hint(state)  # type: ignore[arg-type]
    view = pn.observe(state, seat)
    with pytest.raises(ArgumentError, match="worlds"):
        hint(view, worlds=0)
    with pytest.raises(ArgumentError, match="exact_from"):
        hint(view, exact_from=-1)
    with pytest.raises(ArgumentError, match="also"):
        hint(view, also=[pn.Pass()])


def test_a_review_refuses_a_bad_seat_hand_or_marks() -> None:
    record, _, _ = _worst_card_record()
    with pytest.raises(ArgumentError, match="seat"):
        review(record, 2)
    with pytest.raises(ArgumentError, match="hand"):
        review(record, 0, hand=99)
    with pytest.raises(ArgumentError, match="marks"):
        review(record, 0, marks=(0.5, 0.1))
    with pytest.raises(ArgumentError, match="marks"):
        review(record, 0, marks=("x",))  # type: ignore[arg-type]


# --- Every profile ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", pn.builtin_variants())
def test_every_built_in_profile_gets_a_legal_hint_at_each_kind_of_decision(name: str) -> None:
    """A hand played by Hard players, a hint asked at the first decision of each phase and
    at every fifth card: the suggestion is a legal action, the values best first."""
    variant = pn.load_variant(name)
    state = pn.new_game(variant, 1)
    bots = [make_bot("hard", seed=seat) for seat in range(variant.deal.seated)]
    asked: set[Phase] = set()
    cards = 0
    while not state.is_over and state.hand.number == 0:
        seat = state.to_act
        assert seat is not None
        view = pn.observe(state, seat)
        if hintable(view):
            cards += state.phase is Phase.TRICKS
            if state.phase not in asked or (state.phase is Phase.TRICKS and cards % 5 == 0):
                asked.add(state.phase)
                found = hint(view, worlds=2)
                assert found.best.action in pn.legal_actions(state)
                values = [entry.value for entry in found.actions]
                assert values == sorted(values, reverse=True)
        state = pn.apply(state, bots[seat].choose(view))
    assert Phase.TRICKS in asked


@st.composite
def _house_endings(draw: st.DrawFn) -> State:
    """A random house profile's hand in trick play, a few cards a hand left."""
    variant = draw(variants())
    seed = draw(st.integers(0, 2**31))
    rng = random.Random(seed)
    cards = draw(st.integers(1, 4))
    return ending(trick_play(variant, seed), cards, rng.randrange(variant.deal.players), rng)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_house_endings())
def test_house_profiles_get_hints_within_what_is_left(state: State) -> None:
    seat = state.to_act or 0
    found = hint(pn.observe(state, seat), worlds=2, exact_from=3)
    legal = set(pn.legal_actions(state))
    # What any deal the seat imagines can hold: the cards of the tricks not yet completed
    # (the hidden ones may be placed anywhere, so no finer bound holds for every deal).
    left = deck_points(state.variant) - sum(trick.points for trick in state.tricks)
    for entry in found.actions:
        assert entry.action in legal
        assert 0 <= entry.value <= left
