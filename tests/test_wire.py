"""The wire format: observations, states and results as JSON, read back exactly (issue 13)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle import schemas, wire
from pinochle.bots import make_bot
from pinochle.records import GameRecord, record_of
from pinochle.testing import games
from seeded_games import decisions

PROFILES = pn.builtin_variants()


@pytest.fixture(scope="module")
def validators() -> dict[str, jsonschema.Draft202012Validator]:
    return {kind: jsonschema.Draft202012Validator(pn.schema(kind)) for kind in schemas.KINDS}


# --- Round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_observations_states_and_results_round_trip_in_every_phase(name: str) -> None:
    phases = set()
    last = None
    for number, state in enumerate(decisions(name, seed=8)):
        phases.add(state.phase)
        for seat in state.seats():
            view = pn.observe(state, seat)
            assert pn.Observation.from_json(view.to_json()) == view
        if number % 5 == 0:
            again = pn.State.from_json(state.to_json())
            assert again == state
            assert again.actions == state.actions
        last = state
    assert last is not None
    for result in last.results:
        assert pn.HandResult.from_json(result.to_json()) == result
    assert pn.Phase.AUCTION in phases or pn.Phase.TRICKS in phases


@pytest.mark.parametrize("name", PROFILES)
def test_a_state_restored_mid_game_plays_on_identically(name: str) -> None:
    states = list(decisions(name, seed=12, max_hands=1))
    middle = states[len(states) // 2]
    restored = pn.State.from_json(middle.to_json())
    left, right = middle, restored
    bot = make_bot("medium", seed=4)
    for _ in range(200):
        if left.is_over or len(left.results) > len(middle.results):
            break
        seat = left.to_act
        assert seat is not None
        assert pn.observe(right, seat) == pn.observe(left, seat)
        assert list(pn.legal_actions(right)) == list(pn.legal_actions(left))
        action = bot.choose(pn.observe(left, seat))
        left, right = pn.apply(left, action), pn.apply(right, action)
        assert right == left
    assert right.results == left.results


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=games(max_actions=150), seat=st.integers(0, 3))
def test_random_games_round_trip(state: pn.State, seat: int) -> None:
    view = pn.observe(state, seat)
    assert pn.Observation.from_dict(json.loads(view.to_json())) == view
    assert pn.State.from_json(state.to_json()) == state
    record = record_of(state)
    assert GameRecord.from_json(record.to_json()) == record


def test_lazy_legal_actions_travel_compactly() -> None:
    variant = pn.load_variant("pinochlerun").override({"bidding": {"maximum": 1_000_000}})
    state = pn.new_game(variant, seed=1)
    view = pn.observe(state, state.to_act or 0)
    text = view.to_json()
    assert len(text) < 5000  # not a million bids
    again = pn.Observation.from_json(text)
    assert again == view
    assert len(again.legal_actions) == len(view.legal_actions)


def test_an_observation_document_names_each_field_once() -> None:
    state = list(decisions("pinochlerun", seed=3, max_hands=1))[30]
    data = pn.observe(state, 1).to_dict()
    # A house rule's field (``moon``) is written only when it is not its default.
    attributes = pn.Observation.__attrs_attrs__
    fields = [f.name for f in attributes if f.metadata.get("wire") != "optional"]
    assert list(data) == ["format", "version", *fields]
    assert data["format"] == "pinochle.observation"
    assert data["version"] == 1
    assert data["variant"] == "pinochlerun"  # a built-in profile travels by name
    assert all(isinstance(card, str) for card in data["hand"])


def test_a_house_profile_travels_as_a_table_and_never_as_a_path() -> None:
    house = pn.load_variant("pinochlerun").override({"game": {"target": 200}})
    state = pn.new_game(house, seed=2)
    data = state.to_dict()
    assert isinstance(data["game"]["variant"], dict)
    assert data["game"]["variant"]["game"]["target"] == 200
    assert pn.State.from_dict(data) == state


# --- The observation's JSON leaks nothing -------------------------------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_an_observation_json_holds_nothing_the_seat_may_not_know(name: str) -> None:
    """Worlds the seat cannot tell apart (other hidden cards) give the very same document."""
    rng = random.Random(5)
    for number, state in enumerate(decisions(name, seed=21, max_hands=1)):
        if state.is_over or number % 6:
            continue
        for seat in state.seats():
            view = pn.observe(state, seat)
            text = view.to_json()
            for other in pn.sample_states(view, rng, 3):
                assert pn.observe(other, seat).to_json() == text


# --- Bad documents -------------------------------------------------------------------------


def _observation_data() -> dict[str, Any]:
    state = list(decisions("pinochlerun", seed=3, max_hands=1))[40]
    return pn.observe(state, state.to_act or 0).to_dict()


MUTATIONS: dict[str, Any] = {
    "format": ("format", "pinochle.state", "not a observation document"),
    "version": ("version", 2, "version: this library reads version 1"),
    "true version": ("version", True, "version: this library reads version 1"),
    "seat as text": ("seat", "1", "seat: expected a whole number"),
    "seat as bool": ("seat", True, "seat: expected a whole number"),
    "phase": ("phase", "dancing", "phase: expected one of"),
    "card": ("hand", ["XX"], r"hand\[0\]: bad card 'XX'"),
    "cards as text": ("hand", "A♠", "hand: expected a list"),
    "trump": ("trump", "X", "trump: 'X' is not a suit"),
    "auction": ("auction", [[1, "play A♠"]], r"auction\[0\]\[1\]: expected one of Bid, Pass"),
    "variant path": ("variant", "/etc/passwd", "no built-in profile"),
    "variant table": ("variant", {"extends": "../x.toml"}, "may extend only a built-in"),
    "legal": ("legal_actions", {"pass": 1, "bids": []}, "legal_actions: expected the bids"),
    "fraction": ("bid", 26.5, "bid: expected a whole number"),
}


@pytest.mark.parametrize("case", list(MUTATIONS))
def test_a_bad_observation_document_names_the_field(
    case: str, validators: dict[str, jsonschema.Draft202012Validator]
) -> None:
    key, value, message = MUTATIONS[case]
    data = _observation_data()
    data[key] = value
    with pytest.raises(pn.WireError, match=message):
        pn.Observation.from_dict(data)
    # The schema rejects what the reader rejects (a path is not a profile's name).
    assert not validators["observation"].is_valid(data)


def test_unknown_and_missing_fields_are_all_reported() -> None:
    data = _observation_data()
    data["secret_hands"] = []
    del data["trick"]
    data["seat"] = "x"
    with pytest.raises(pn.WireError) as info:
        pn.Observation.from_dict(data)
    assert {p.split(":")[0] for p in info.value.problems} == {"secret_hands", "trick", "seat"}


def test_a_state_that_its_history_does_not_lead_to_is_refused() -> None:
    state = list(decisions("pinochlerun", seed=3, max_hands=1))[40]
    data = state.to_dict()
    seat = state.to_act or 0
    data["hands"][seat], data["hands"][(seat + 1) % 4] = (
        data["hands"][(seat + 1) % 4],
        data["hands"][seat],
    )
    with pytest.raises(pn.WireError, match="hands: does not match the state its history"):
        pn.State.from_dict(data)
    tampered = copy.deepcopy(state.to_dict())
    tampered["actions"][3] = "bid 99"
    with pytest.raises(pn.WireError, match=r"actions: step \d+ \(.*\) does not replay"):
        pn.State.from_dict(tampered)


def test_a_sampled_state_without_its_history_reads_back_unverified() -> None:
    state = list(decisions("pinochlerun", seed=3, max_hands=1))[40]
    sampled = pn.sample_state(pn.observe(state, 0), random.Random(1))
    with pytest.raises(pn.WireError):
        pn.State.from_json(sampled.to_json())
    assert pn.State.from_json(sampled.to_json(), verify=False) == sampled


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=st.sampled_from(sorted(_observation_data())),
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
        max_leaves=8,
    ),
)
def test_any_mutation_reads_or_raises_a_wire_error(key: str, value: Any) -> None:
    data = _observation_data()
    data[key] = value
    try:
        view = pn.Observation.from_dict(data)
    except pn.WireError:
        return
    assert pn.Observation.from_json(view.to_json()) == view


@pytest.mark.parametrize(
    "text",
    [b"\xff\xfe{}", "[" * 50_000, '{"seat": ' + "9" * 5000 + "}", "", "null", "[]", b"\x00"],
)
def test_hostile_text_is_a_wire_error(text: str | bytes) -> None:
    with pytest.raises(pn.WireError):
        pn.Observation.from_json(text)
    with pytest.raises(pn.WireError):
        pn.State.from_json(text)


def test_wire_errors_pickle() -> None:
    import pickle

    error = pn.WireError("seat: bad", "trick: worse")
    assert pickle.loads(pickle.dumps(error)).problems == error.problems


# --- Schemas -------------------------------------------------------------------------------


def test_the_shipped_schemas_are_what_the_code_builds() -> None:
    for kind in schemas.KINDS:
        jsonschema.Draft202012Validator.check_schema(pn.schema(kind))
        assert pn.schema(kind) == json.loads(json.dumps(schemas.build(kind))), kind
    folder = Path(schemas.__file__).parent / "schemas"
    assert sorted(p.stem for p in folder.glob("*.json")) == sorted(schemas.KINDS)


@pytest.mark.parametrize("name", PROFILES)
def test_every_document_the_library_writes_validates(
    name: str, validators: dict[str, jsonschema.Draft202012Validator]
) -> None:
    variant = pn.load_variant(name)
    validators["variant"].validate(variant.to_dict())
    states = list(decisions(name, seed=31))
    for number, state in enumerate(states):
        for seat in state.seats():
            validators["observation"].validate(pn.observe(state, seat).to_dict())
        if number % 7 == 0:
            validators["state"].validate(state.to_dict())
    last = states[-1]
    validators["state"].validate(last.to_dict())
    for result in last.results:
        validators["result"].validate(result.to_dict())
    validators["record"].validate(json.loads(record_of(last).to_json()))
    sheet = pn.ScoreSheet(variant)
    validators["sheet"].validate(json.loads(sheet.to_json()))


def test_a_played_score_sheet_validates(
    validators: dict[str, jsonschema.Draft202012Validator],
) -> None:
    sheet = pn.ScoreSheet(pn.load_variant("pinochlerun"), scores=(112, 96))
    sheet = sheet.record(bidder=0, bid=34, meld=(28, 12), points=(15, 10))
    validators["sheet"].validate(json.loads(sheet.to_json()))


def test_an_unknown_schema_is_an_argument_error() -> None:
    with pytest.raises(pn.ArgumentError, match="kind: expected a kind of document"):
        pn.schema("chess")


def test_old_record_and_sheet_tags_still_read() -> None:
    """The versioning promise: documents from before the tags changed still read."""
    record = record_of(list(decisions("pinochlerun", seed=3, max_hands=1))[-1])
    data = json.loads(record.to_json())
    data["format"] = "pinochle-game-record"
    assert GameRecord.from_dict(data) == record
    sheet = pn.ScoreSheet(pn.load_variant("pinochlerun"))
    old = json.loads(sheet.to_json())
    old["format"] = "pinochle-score-sheet"
    assert pn.ScoreSheet.from_json(json.dumps(old)) == sheet


def test_wire_module_is_not_imported_by_import_pinochle() -> None:
    import subprocess
    import sys

    code = (
        "import pinochle, sys; print('pinochle.wire' in sys.modules, 'jsonschema' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
    assert wire.VERSION == 1


def test_every_action_class_has_a_pattern_its_text_matches() -> None:
    import re
    import typing

    from pinochle.actions import Action

    patterns = schemas._ACTION_PATTERNS
    assert {cls.__name__ for cls in typing.get_args(Action)} == set(patterns)
    examples: list[pn.Action] = [
        pn.Bid(30),
        pn.Pass(),
        pn.NameTrump("H"),
        pn.PassCards("AS KS 10S QS"),
        pn.Bury("9C 9C JD"),
        pn.Declare("royal marriage", pn.parse_cards("KH QH")),
        pn.ExchangeDix(),
        pn.Draw(),
        pn.ThrowIn(),
        pn.PlayOn(),
        pn.Play(pn.parse_cards("10C")[0]),
        pn.parse_action("concede"),
        pn.parse_action("misdeal"),
        pn.parse_action("keep"),
        pn.parse_action("keep dix"),
        pn.parse_action("draw turn-up"),
        pn.parse_action("call renege 3"),
        pn.parse_action("shoot the moon"),
        pn.parse_action("share A♠ 10♥ K♣ 9♦"),
        pn.parse_action("call A♥"),
        pn.parse_action("correct renege 2 Q♠"),
    ]
    assert {type(a).__name__ for a in examples} == set(patterns)
    anything = re.compile(pn.schema("state")["$defs"]["action"]["pattern"])
    for action in examples:
        assert re.fullmatch(patterns[type(action).__name__], str(action)), action
        assert anything.match(str(action))
