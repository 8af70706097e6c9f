"""Records as hostile input: any bytes end in a `RecordError`, and a record never reaches outside.

Issue 11, classes 3, 4 and 7: an embedded variant whose ``extends`` named a path made the
library read that file (and show part of it in the error); a misspelt ``score`` replayed
silently from 0-0; booleans passed as numbers; only the first problem was reported.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle.records import MAX_PROBLEMS, GameRecord, RecordError, record_of, replay
from pinochle.testing import play_random_game

STATES = play_random_game("pinochlerun", 4, max_hands=1)
RECORD = record_of(STATES[-1])
DOCUMENT: dict[str, Any] = json.loads(RECORD.to_json())
SECRET = "the-secret-line = 'do not show me'\n"


def _with(**changes: Any) -> str:
    data = json.loads(RECORD.to_json())
    data.update(changes)
    return json.dumps(data)


@pytest.fixture
def secret_profile(tmp_path: Path) -> Path:
    """A readable TOML file on disk that a hostile record names in ``extends``."""
    path = tmp_path / "secret.toml"
    path.write_text('extends = "pinochlerun"\n' + SECRET, encoding="utf-8")
    return path


def _extends_forms(path: Path) -> list[str]:
    relative = Path("..") / ".." / path.relative_to(path.anchor)
    return [str(path), str(relative), path.name, f"./{path.name}", "../" * 12 + "etc/passwd"]


def test_an_embedded_variant_may_not_extend_a_file(
    secret_profile: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(secret_profile.parent)  # relative to the current folder too
    for extends in _extends_forms(secret_profile):
        text = _with(variant={"extends": extends})
        with pytest.raises(RecordError, match="may extend only a built-in profile") as info:
            GameRecord.from_json(text)
        assert "do not show me" not in str(info.value)
        assert "the-secret-line" not in str(info.value)


def test_a_caller_may_allow_files_with_base_dir(secret_profile: Path) -> None:
    text = _with(variant={"extends": secret_profile.name})
    with pytest.raises(RecordError, match="the-secret-line: unknown key"):
        GameRecord.from_json(text, base_dir=secret_profile.parent)
    secret_profile.write_text('extends = "pinochlerun"\n[game]\ntarget = 200\n', encoding="utf-8")
    record = GameRecord.from_json(text, base_dir=secret_profile.parent)
    assert record.variant.game.target == 200


def test_an_embedded_variant_may_extend_a_built_in_profile() -> None:
    record = GameRecord.from_json(_with(variant={"extends": "pinochlerun"}, actions=[]))
    assert record.variant.bidding.minimum == pn.load_variant("pinochlerun").bidding.minimum


def test_a_misspelt_field_is_an_error_not_a_silent_default() -> None:
    data = dict(DOCUMENT)
    data["score"] = data.pop("scores") or [100, 50]
    with pytest.raises(RecordError, match="'score': unknown field; did you mean 'scores'"):
        GameRecord.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seed", True),
        ("seed", 4.0),
        ("seed", -1),
        ("seed", 2**64),
        ("dealer", False),
        ("dealer", 1.0),
        ("scores", [True, 0]),
        ("scores", [1.5, 0]),
        ("scores", [10**12, 0]),
        ("version", True),
        ("version", 1.0),
    ],
)
def test_booleans_floats_and_huge_numbers_are_not_numbers(field: str, value: object) -> None:
    with pytest.raises(RecordError, match=f"^{field}: "):
        GameRecord.from_json(_with(**{field: value}))


def test_every_problem_is_reported_not_only_the_first() -> None:
    text = _with(seed="x", dealer=-1, scores="no", hands=5, actions=["bid 25", "fold", 7])
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(text)
    fields = [problem.split(":")[0] for problem in info.value.problems]
    assert fields == ["seed", "dealer", "scores", "hands", "step 2", "step 3"]
    assert str(info.value) == "; ".join(info.value.problems)


def test_the_list_of_problems_is_bounded() -> None:
    text = _with(actions=["fold"] * 500)
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(text)
    assert len(info.value.problems) == MAX_PROBLEMS


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xff\xfe{\x00}\x00", "UTF-16"),
        ('{"format": "caf\u00e9"}'.encode("latin-1"), "not UTF-8 text: byte 0xe9"),
        (b'{"format": "x\x00"}', "null character"),
        ("[" * 100_000, "nested"),
        ('{"seed": ' + "1" * 5000 + "}", "digits"),
        ('{"a": ' * 40 + "1" + "}" * 40, "nested more than 32 levels"),
        ("", "not valid JSON"),
        ("null", "not a game record"),
        ("[]", "not a game record"),
    ],
)
def test_hostile_bytes_end_in_a_record_error(data: str | bytes, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(data)


def test_a_utf8_byte_order_mark_is_allowed() -> None:
    assert GameRecord.from_json(b"\xef\xbb\xbf" + RECORD.to_json().encode()) == RECORD


def test_from_json_refuses_what_is_not_text() -> None:
    with pytest.raises(RecordError, match="expected the document as text"):
        GameRecord.from_json(5)  # type: ignore[arg-type]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


def _mutated(draw: st.DrawFn) -> str:
    data = json.loads(RECORD.to_json())
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from([*sorted(data), "extra"]))
        data[key] = draw(JSON)
    return json.dumps(data)


mutated_records = st.composite(_mutated)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(max_size=200) | st.text(max_size=200) | JSON.map(json.dumps))
def test_any_document_is_a_record_or_a_record_error(data: str | bytes) -> None:
    with contextlib.suppress(RecordError):
        GameRecord.from_json(data)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=mutated_records())
def test_a_mutated_record_reads_and_replays_or_raises_a_record_error(text: str) -> None:
    with contextlib.suppress(RecordError):
        replay(GameRecord.from_json(text))


def test_errors_of_records_pickle() -> None:
    import pickle

    error = RecordError("seed: bad", "step 2: worse")
    again = pickle.loads(pickle.dumps(error))
    assert again.problems == error.problems
    assert str(again) == str(error)
