"""Game records: JSON round trips, replay, and hand-edited or malformed records.

A record must replay to the very states of the game it came from; a record that cannot be
replayed (an illegal action, an impossible deal) or read (bad JSON, a wrong field) raises
`RecordError` naming the step or field and the reason, never a KeyError or TypeError.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle import (
    Phase,
    State,
    Variant,
    apply,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    parse_cards,
)
from pinochle.actions import Play
from pinochle.records import FORMAT, GameRecord, RecordError, record_of, replay, replay_states
from pinochle.testing import play_random_game

PINOCHLERUN = load_variant("pinochlerun")
FOUR_HAND = (
    "pinochlerun",
    "browser-game",
    "pagat-partnership",
    "post-1945-books",
    "hoyle-1914",
    "bicycle-partnership-auction",
    "pinochlerun-double-deck",
    "pagat-double-deck",
    "npa-double-deck",
)


def one_hand(variant: Variant | str = PINOCHLERUN, seed: int = 4) -> list[State]:
    """The states of a game's first deal and the settlement after it."""
    return play_random_game(variant, seed, max_hands=1)


def edited(record: GameRecord, change: Callable[[dict[str, Any]], object]) -> str:
    """The record's JSON after ``change`` has edited its data, as a person would by hand."""
    data = json.loads(record.to_json())
    change(data)
    return json.dumps(data)


def replay_text(text: str) -> State:
    return replay(GameRecord.from_json(text))


# --- Round trips -------------------------------------------------------------------------


@pytest.mark.parametrize("name", FOUR_HAND)
def test_a_record_replays_to_the_same_states(name: str) -> None:
    states = one_hand(name)
    record = record_of(states[-1])
    text = record.to_json()
    again = GameRecord.from_json(text)
    assert again == record
    assert again.to_json() == text
    assert GameRecord.from_dict(record.to_dict()) == record
    assert list(replay_states(again)) == states
    assert replay(again) == states[-1]
    assert replay(again).actions == states[-1].actions


def test_a_record_holds_the_seed_the_dealer_and_the_actions_as_text() -> None:
    state = one_hand()[-1]
    data = json.loads(record_of(state).to_json())
    assert data["format"] == FORMAT == "pinochle.record"
    assert data["version"] == 1
    assert data["seed"] == state.game.seed == 4
    assert data["dealer"] == 0
    assert data["hands"] is None
    assert data["actions"] == [str(action) for action in state.actions]
    assert data["actions"][:4] == ["pass", "pass", "pass", "trump ♦"]
    assert load_variant("pinochlerun").to_dict() == data["variant"]


def test_the_record_of_a_new_game_has_no_actions() -> None:
    state = new_game(PINOCHLERUN, seed=9, dealer=2, scores=(100, -20))
    record = record_of(state)
    assert (record.seed, record.dealer, record.scores, record.actions) == (9, 2, (100, -20), ())
    assert replay(GameRecord.from_json(record.to_json())) == state


def test_a_game_from_given_hands_records_them() -> None:
    """new_game(hands=...): the first deal is the given one; later deals come from the seed."""
    hands = new_game(PINOCHLERUN, seed=1).hands  # any whole deal, dealt by another seed
    start = new_game(PINOCHLERUN, seed=4, hands=hands)
    assert start.hands == hands != new_game(PINOCHLERUN, seed=4).hands
    state = start
    while state.hand.number == 0:
        state = apply(state, legal_actions(state)[-1])
    record = record_of(state)
    assert record.hands == hands
    text = record.to_json()
    assert json.loads(text)["hands"][0] == " ".join(
        f"{c.rank.letter}{c.suit.letter}" for c in hands[0]
    )
    assert replay(GameRecord.from_json(text)) == state
    later = new_game(PINOCHLERUN, seed=4)
    while later.hand.number == 0:
        later = apply(later, legal_actions(later)[-1])
    assert state.hand.dealt == later.hand.dealt


# --- Hand-edited records -----------------------------------------------------------------


def test_an_illegal_bid_names_the_step_and_the_rule() -> None:
    """rules/auction#minimum-and-step: pinochlerun's bidding opens at 25."""
    record = record_of(one_hand()[-1])
    text = edited(record, lambda d: d["actions"].__setitem__(0, "bid 24"))
    with pytest.raises(RecordError, match=r"^step 1 \(bid 24\): bid must be at least 25$"):
        replay_text(text)


def test_a_card_not_held_names_the_step_and_the_card() -> None:
    states = one_hand()
    step = next(i for i, s in enumerate(states) if s.phase is Phase.TRICKS)
    seat = states[step].to_act
    assert seat is not None
    missing = next(c for c in make_deck("single") if c not in states[step].hands[seat])
    record = record_of(states[-1])
    text = edited(record, lambda d: d["actions"].__setitem__(step, f"play {missing}"))
    expected = rf"^step {step + 1} \(play {missing}\): you do not hold {missing}$"
    with pytest.raises(RecordError, match=expected):
        replay_text(text)


def test_a_card_the_rules_forbid_names_the_step_and_the_duty() -> None:
    """rules/trick-play#following: a held card that the following duties forbid is refused."""
    states = one_hand()
    step, card = next(
        (i, c)
        for i, s in enumerate(states)
        if s.phase is Phase.TRICKS and s.to_act is not None
        for c in s.hands[s.to_act]
        if Play(c) not in legal_actions(s)
    )
    text = edited(record_of(states[-1]), lambda d: d["actions"].__setitem__(step, f"play {card}"))
    with pytest.raises(RecordError, match=rf"^step {step + 1} \(play {card}\): must "):
        replay_text(text)


def test_an_action_of_the_wrong_phase_names_the_step() -> None:
    record = record_of(one_hand()[-1])
    text = edited(record, lambda d: d["actions"].__setitem__(0, "trump ♠"))
    with pytest.raises(RecordError, match=r"^step 1 \(trump ♠\): it is the auction: bid or pass$"):
        replay_text(text)


def test_replay_yields_every_state_before_the_bad_step() -> None:
    states = one_hand()
    record = GameRecord.from_json(
        edited(record_of(states[-1]), lambda d: d["actions"].__setitem__(9, "throw in"))
    )
    seen: list[State] = []
    with pytest.raises(RecordError, match=r"^step 10 \(throw in\): "):
        seen.extend(replay_states(record))
    assert seen == states[:10]


def test_impossible_starting_hands_are_rejected() -> None:
    """rules/deck-and-deal#deck: the single deck has two of each card."""
    record = record_of(one_hand()[-1])
    text = edited(record, lambda d: d.__setitem__("hands", ["AS " * 12] * 4))
    with pytest.raises(RecordError, match=r"^start: 48 × A♠, but the single deck has only 2"):
        replay_text(text)


def test_a_nine_in_a_double_deck_deal_is_rejected() -> None:
    """rules/deck-and-deal#deck: the double deck has no nines."""
    variant = load_variant("pagat-double-deck")
    hands = [list(h) for h in new_game(variant, seed=2).hands]
    hands[3][0] = parse_cards("9♠")[0]
    record = GameRecord(variant, 2, hands=tuple(tuple(h) for h in hands))
    with pytest.raises(RecordError, match=r"^start: .*9♠"):
        replay(GameRecord.from_json(record.to_json()))


def test_a_short_hand_is_rejected() -> None:
    record = record_of(one_hand()[-1])
    text = edited(record, lambda d: d.__setitem__("hands", ["AS KS"] * 4))
    with pytest.raises(RecordError, match=r"^start: seat 0 holds 2 cards; each hand has 12$"):
        replay_text(text)


# --- Malformed documents -----------------------------------------------------------------

MALFORMED: dict[str, tuple[Callable[[dict[str, Any]], object], str]] = {
    "wrong format tag": (
        lambda d: d.__setitem__("format", "chess-game"),
        r"not a game record: expected an object with format 'pinochle.record'",
    ),
    "no format tag": (lambda d: d.pop("format"), r"not a game record"),
    "unknown version": (
        lambda d: d.__setitem__("version", 2),
        r"version: this library reads version 1, found 2",
    ),
    "no version": (
        lambda d: d.pop("version"),
        r"version: this library reads version 1, found None",
    ),
    "seed as text": (
        lambda d: d.__setitem__("seed", "12"),
        r"seed: expected a whole number from 0 to 18446744073709551615, found \"12\"",
    ),
    "fractional seed": (lambda d: d.__setitem__("seed", 1.5), r"seed: expected a whole number"),
    "boolean seed": (lambda d: d.__setitem__("seed", True), r"seed: expected a whole number"),
    "no seed": (
        lambda d: d.pop("seed"),
        r"seed: expected a whole number from 0 to \d+, found null",
    ),
    "dealer as text": (
        lambda d: d.__setitem__("dealer", "N"),
        r"dealer: expected a whole number from 0 to 3",
    ),
    "dealer off the table": (
        lambda d: d.__setitem__("dealer", 4),
        r"dealer: expected a whole number from 0 to 3",
    ),
    "scores as text": (lambda d: d.__setitem__("scores", "0 0"), r"scores: expected a list"),
    "three scores": (lambda d: d.__setitem__("scores", [0, 0, 0]), r"start: scores: expected 2"),
    "hands as text": (lambda d: d.__setitem__("hands", "AS KS"), r"hands: expected a list"),
    "garbage card": (lambda d: d.__setitem__("hands", ["XX"] * 4), r"hands: bad card 'XX'"),
    "actions as text": (lambda d: d.__setitem__("actions", "pass"), r"actions: expected a list"),
    "garbage action": (
        lambda d: d["actions"].__setitem__(2, "fold"),
        r"^step 3: not an action: 'fold'",
    ),
    "bid without a number": (
        lambda d: d["actions"].__setitem__(0, "bid lots"),
        r"^step 1: not an action: 'bid lots'",
    ),
    "action not a string": (
        lambda d: d["actions"].__setitem__(0, 25),
        r"^step 1: expected an action's text, found 25",
    ),
    "bad variant key": (
        lambda d: d["variant"]["bidding"].__setitem__("minimum", "low"),
        r"^variant: .*bidding\.minimum",
    ),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_a_malformed_record_says_what_is_wrong(case: str) -> None:
    change, message = MALFORMED[case]
    text = edited(record_of(one_hand()[-1]), change)
    with pytest.raises(RecordError, match=message):
        replay_text(text)


@pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2"])
def test_bad_json_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError, match=r"^not valid JSON: "):
        GameRecord.from_json(text)


@pytest.mark.parametrize("text", ["[]", "null", "42", '"pinochle-game-record"'])
def test_json_that_is_not_an_object_is_not_a_record(text: str) -> None:
    with pytest.raises(RecordError, match=r"^not a game record"):
        GameRecord.from_json(text)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)


def paths(data: Any, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every place in a JSON document (its keys and list items, nested)."""
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += paths(value, (*prefix, i))
    return found


SAMPLE = json.loads(record_of(one_hand()[-1]).to_json())
PLACES = paths(SAMPLE)


@settings(max_examples=200, deadline=None)
@given(place=st.sampled_from(PLACES), value=JSON)
def test_any_edit_gives_a_record_or_a_record_error(
    place: tuple[str | int, ...], value: object
) -> None:
    """Whatever value a hand edit puts anywhere in a record, reading and replaying it either
    works or raises RecordError."""
    data = json.loads(json.dumps(SAMPLE))
    node = data
    for key in place[:-1]:
        node = node[key]
    node[place[-1]] = value
    with contextlib.suppress(RecordError):
        replay(GameRecord.from_dict(data))


@pytest.mark.parametrize("variant", [5, None, "pinochlerun", [], ["deal"]], ids=repr)
def test_a_variant_that_is_not_a_table_is_a_record_error(variant: object) -> None:
    """Not a TypeError from deep inside, nor (for []) the default profile."""
    text = edited(record_of(one_hand()[-1]), lambda d: d.__setitem__("variant", variant))
    with pytest.raises(RecordError, match="variant"):
        replay_text(text)


@pytest.mark.parametrize(
    ("field", "value"), [("version", True), ("scores", [True, False])], ids=["version", "scores"]
)
def test_booleans_are_not_numbers(field: str, value: object) -> None:
    """JSON true is not the integer 1, for the version and the scores as for the seed."""
    text = edited(record_of(one_hand()[-1]), lambda d: d.__setitem__(field, value))
    with pytest.raises(RecordError, match=field):
        replay_text(text)
