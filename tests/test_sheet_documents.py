"""Score sheet documents from anywhere: any bytes or text end in a sheet or a `SheetError`.

The contract (docs/score-keeper.md, "The JSON file"): `ScoreSheet.from_json` takes text or
UTF-8 bytes; a document that is not a valid sheet raises `SheetError` naming every problem
(up to 20) with its hand and key; it never reads another file, and no number on a sheet is
larger than `MAX_NUMBER` in size.
"""

from __future__ import annotations

import builtins
import copy
import io
import json
import pathlib
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle import Variant, load_variant
from pinochle.sheet import MAX_NUMBER, MAX_PROBLEMS, ScoreSheet, SheetError

RUN = load_variant("pinochlerun")
GOOD = {"bidder": 0, "bid": 25, "meld": [10, 5], "points": [15, 10]}  # side 0 +25, side 1 +15


def sheet_of(hands: int = 3) -> ScoreSheet:
    sheet = ScoreSheet(RUN)
    for _ in range(hands):
        sheet = sheet.record(bidder=0, bid=25, meld=(10, 5), points=(15, 10))
    return sheet


def document(hands: list[Any] | None = None, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ScoreSheet(RUN).to_json())
    data["hands"] = [dict(GOOD) for _ in range(3)] if hands is None else hands
    data.update(changes)
    return data


def text_of(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def problem_of(text: str | bytes) -> SheetError:
    with pytest.raises(SheetError) as info:
        ScoreSheet.from_json(text)
    error = info.value
    assert "\n" not in str(error)  # one line, whatever the document held
    assert len(str(error)) < 4000  # and never the document itself
    return error


# --- Text and bytes -------------------------------------------------------------------------


def test_bytes_are_read_as_utf8_and_a_bom_is_allowed() -> None:
    sheet = sheet_of()
    text = sheet.to_json()
    assert ScoreSheet.from_json(text.encode("utf-8")) == sheet
    assert ScoreSheet.from_json(b"\xef\xbb\xbf" + text.encode("utf-8")) == sheet
    assert ScoreSheet.from_json("\ufeff" + text) == sheet


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(sheet_of().to_json().encode("utf-16"), "UTF-16", id="utf-16"),
        pytest.param(
            text_of(document(variant=RUN.to_dict() | {"title": "Café"})).encode("latin-1"),
            r"not UTF-8 text: byte 0xe9",
            id="latin-1",
        ),
        pytest.param(sheet_of().to_json().encode() + b"\0", "null character", id="null byte"),
        pytest.param("[" * 100_000 + "]" * 100_000, "nested", id="deep nesting"),
        pytest.param(
            '{"format": "pinochle-score-sheet", "version": 1, "x": ' + "[" * 40 + "]" * 40 + "}",
            "nested more than",
            id="nested under the limit of the parser",
        ),
        pytest.param(
            text_of(document()).replace('"bid": 25', '"bid": 1' + "0" * 5000, 1),
            "a number has too many digits to read",
            id="5000-digit integer",
        ),
        pytest.param(b"\x80\x81", "not UTF-8", id="binary"),
        pytest.param(3, "expected the document as text", id="not text"),
    ],
)
def test_other_encodings_and_hostile_text(data: Any, message: str) -> None:
    assert message in str(problem_of(data))


# --- Types and ranges -----------------------------------------------------------------------


def hand(**changes: Any) -> dict[str, Any]:
    return GOOD | changes


@pytest.mark.parametrize(
    ("data", "where", "message"),
    [
        (document(version=True), None, "version: this library reads version 1, found True"),
        (document(version=1.0), None, "found 1.0"),
        (document(version="1"), None, "found '1'"),
        (document(format=["pinochle-score-sheet"]), None, "not a score sheet"),
        (document(scores=[0.0, 0]), None, "scores: expected whole numbers"),
        (document(scores=[True, 0]), None, "scores: expected whole numbers"),
        (document(scores="00"), None, "scores: expected a list"),
        (document(scores=[10**10, 0]), None, "scores: [10000000000, 0] is out of range"),
        (document(hands=[hand(bid=25.0)]), 1, "bid: expected a whole number, found 25.0"),
        (document(hands=[hand(bid=True)]), 1, "bid: expected a whole number, found True"),
        (document(hands=[hand(bidder=False)]), 1, "bidder: expected a whole number"),
        (document(hands=[hand(bidder=10**20)]), 1, "bidder: 100000000000000000000 is out of"),
        (document(hands=[hand(bid=10**4000)]), 1, "an integer of 4001 digits is out of range"),
        (document(hands=[hand(bid=-(10**10))]), 1, "bid: -10000000000 is out of range"),
        (document(hands=[hand(meld=[10, 5.5])]), 1, "meld: expected whole numbers"),
        (document(hands=[hand(meld=[MAX_NUMBER + 1, 0])]), 1, "meld: [1000000001, 0] is out of"),
        (document(hands=[hand(meld={"0": 1})]), 1, "meld: expected a list"),
        (document(hands=[hand(points=[True, 24])]), 1, "points: expected whole numbers"),
        (document(hands=[hand(tricks="12")]), 1, "tricks: expected a list"),
        (document(hands=[hand(counters=[1, 0])]), 1, "counters: expected true or false"),
        (document(hands=[hand(nines_only=[0, 0])]), 1, "nines_only: expected true or false"),
        (document(hands=[hand(thrown_in=1)]), 1, "thrown_in: expected true or false"),
        (document(hands=[hand(no_marriage="no")]), 1, "no_marriage: expected true or false"),
        (document(hands=[hand(trump=4)]), 1, "trump: expected a suit"),
        (document(hands=[hand(trump="H" * 10_000)]), 1, "trump: expected a suit"),
        (document(hands=[hand(meld=["x"] * 10_000)]), 1, "characters)"),
        (document(hands=["hand"]), 1, "expected an object of facts, found 'hand'"),
        (document(hands=[None]), 1, "expected an object of facts, found None"),
        (document() | {"hands": {"1": GOOD}}, None, "hands: expected a list of hands"),
        (document(variant=[]), None, "variant: expected the profile as an object, found []"),
        (document(variant=None), None, "variant: expected the profile as an object"),
        (document(extra=1), None, "unknown key 'extra' in the sheet"),
        (document(a=1, b=2), None, "unknown keys 'a', 'b' in the sheet"),
        (document(hands=[hand(pionts=1)]), 1, "unknown key 'pionts' in a hand"),
        (document(hands=[{"bid": 25}]), 1, "meld: missing"),
    ],
)
def test_wrong_types_and_sizes_are_named(data: Any, where: int | None, message: str) -> None:
    error = problem_of(text_of(data))
    assert error.hand == where
    assert message in error.problem
    assert error.path is None


def test_a_lone_surrogate_is_refused_before_it_reaches_a_file_or_terminal() -> None:
    data = document(variant=RUN.to_dict() | {"title": "\ud800"})
    error = problem_of(json.dumps(data))  # ASCII JSON spelling the escape "\ud800"
    assert "lone surrogate" in error.problem


def test_control_characters_in_a_document_stay_on_one_line() -> None:
    error = problem_of(text_of(document(variant=RUN.to_dict() | {"a\nb": 1})))
    assert "a\\nb" in str(error)
    error = problem_of(text_of(document(hands=[hand(trump="x\r\ny")])))
    assert error.hand == 1


def test_numbers_on_the_boundary_are_allowed() -> None:
    sheet = ScoreSheet.from_json(text_of(document(scores=[-MAX_NUMBER, MAX_NUMBER], hands=[])))
    assert sheet.scores == (-MAX_NUMBER, MAX_NUMBER)
    with pytest.raises(SheetError, match=r"^hand 1: meld: \[0, 1000000001\] is out of range"):
        ScoreSheet(RUN).record(bidder=0, bid=25, meld=(0, MAX_NUMBER + 1), points=(15, 10))


# --- Never reaching outside -----------------------------------------------------------------


@pytest.fixture
def house_file(tmp_path: Path) -> Path:
    """A valid house profile on disk: if the library read it, the sheet would load."""
    folder = tmp_path / "a"
    folder.mkdir()
    path = folder / "house.toml"
    path.write_text('extends = "pinochlerun"\nname = "house"\n[game]\ntarget = 200\n')
    assert Variant.from_dict({"extends": "house.toml"}, base_dir=folder).game.target == 200
    return path


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every file the code under test opens (through open, io.open or pathlib)."""
    names: list[str] = []

    def spy(real: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(file: Any, *args: Any, **kwargs: Any) -> Any:
            names.append(str(file))
            return real(file, *args, **kwargs)

        return wrapper

    monkeypatch.setattr(builtins, "open", spy(builtins.open))
    monkeypatch.setattr(io, "open", spy(io.open))
    for method in ("read_text", "read_bytes", "open"):
        monkeypatch.setattr(pathlib.Path, method, spy(getattr(pathlib.Path, method)))
    return names


@pytest.mark.parametrize("form", ["absolute", "relative", "parent", "bare name"])
def test_an_embedded_variant_never_extends_a_file(
    house_file: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    opened: list[str],
    form: str,
) -> None:
    deep = tmp_path / "a" / "b" / "c"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep if form == "parent" else house_file.parent)
    extends = {
        "absolute": str(house_file),
        "relative": "house.toml",
        "parent": "../../house.toml",
        "bare name": "house",  # a bare name is only ever a built-in profile
    }[form]
    data = document(variant={"extends": extends})
    error = problem_of(text_of(data))
    assert error.problem.startswith("variant: extends: ")
    assert "built-in profile" in error.problem
    assert not [name for name in opened if "house" in name]


def test_an_embedded_variant_may_extend_a_built_in_profile() -> None:
    data = document(variant={"extends": "pinochlerun", "game": {"target": 200}})
    sheet = ScoreSheet.from_json(text_of(data))
    assert sheet.variant.game.target == 200
    assert sheet.scores == (75, 45)


# --- Every problem --------------------------------------------------------------------------


def test_every_bad_hand_is_reported_not_only_the_first() -> None:
    hands = [dict(GOOD) for _ in range(8)]
    hands[2]["points"] = [30, -5]
    hands[6]["bid"] = 0
    error = problem_of(text_of(document(hands=hands)))
    assert error.problems == (
        (3, "trick points cannot be negative, found [30, -5]"),
        (7, "bid 0 is not a legal bid in pinochlerun: a bid is a positive amount"),
    )
    assert (error.hand, error.problem) == error.problems[0]
    assert str(error) == (
        "2 problems: hand 3: trick points cannot be negative, found [30, -5]; "
        "hand 7: bid 0 is not a legal bid in pinochlerun: a bid is a positive amount"
    )
    assert not error.truncated


def test_document_problems_and_hand_problems_together() -> None:
    hands = [dict(GOOD), {"meld": [1, 2], "oops": 1}, "x"]
    error = problem_of(text_of(document(hands=hands, scores=[0], extra=True)))
    assert [where for where, _ in error.problems] == [None, None, 2, 3]
    assert "unknown key 'extra'" in error.problems[0][1]
    assert "scores: expected 2 values" in error.problems[1][1]


def test_a_bad_hand_is_skipped_and_the_next_hands_are_checked_without_it() -> None:
    # Start 100 / 0: hand 2 (bad) would have won; without it hands 3 and 4 are playable.
    hands = [dict(GOOD), hand(points=[15, 11]), dict(GOOD), hand(bid=2)]
    error = problem_of(text_of(document(hands=hands, scores=[100, 0])))
    assert [where for where, _ in error.problems] == [2, 4]


def test_the_listed_problems_stop_at_twenty() -> None:
    hands = [hand(bid=0) for _ in range(MAX_PROBLEMS + 5)]
    error = problem_of(text_of(document(hands=hands)))
    assert len(error.problems) == MAX_PROBLEMS
    assert error.truncated
    assert str(error).startswith(f"{MAX_PROBLEMS}+ problems: hand 1: bid 0")
    assert str(error).endswith("and more (only the first ones are listed)")
    exactly = problem_of(text_of(document(hands=[hand(bid=0)] * MAX_PROBLEMS + [GOOD])))
    assert len(exactly.problems) == MAX_PROBLEMS
    assert not exactly.truncated


def test_hands_after_the_game_was_won_are_one_problem() -> None:
    hands = [dict(GOOD) for _ in range(5)]  # from 120: side 0 reaches 150 in hand 2
    error = problem_of(text_of(document(hands=hands, scores=[120, 0])))
    assert error.problems == (
        (
            3,
            "the game is over: side 0 won (side 0 reached 150); hands 3 to 5 cannot be "
            "recorded after it",
        ),
    )


def test_sheet_errors_pickle_with_every_problem() -> None:
    error = SheetError(
        "first", hand=3, path="game.json", others=[(7, "second"), (None, "third")], truncated=True
    )
    copy_ = pickle.loads(pickle.dumps(error))
    assert type(copy_) is SheetError
    assert copy_.problems == ((3, "first"), (7, "second"), (None, "third"))
    assert (copy_.hand, copy_.problem, copy_.path, copy_.truncated) == (
        3,
        "first",
        "game.json",
        True,
    )
    assert str(copy_) == str(error)
    assert str(error).startswith("game.json: 3+ problems: hand 3: first; hand 7: second; third")
    plain = pickle.loads(pickle.dumps(SheetError("bad", hand=2)))
    assert (str(plain), plain.problems, plain.path) == ("hand 2: bad", ((2, "bad"),), None)


# --- Fuzzing --------------------------------------------------------------------------------


def loads_or_sheet_error(text: str | bytes) -> None:
    """The property: a valid sheet (that round-trips) or a one-line `SheetError`."""
    try:
        sheet = ScoreSheet.from_json(text)
    except SheetError as error:
        failure: SheetError | None = error
    else:
        failure = None
    if failure is not None:
        assert failure.problems
        assert (failure.hand, failure.problem) == failure.problems[0]
        assert "\n" not in str(failure)
        return
    assert isinstance(sheet, ScoreSheet)
    again = sheet.to_json()
    again.encode("utf-8")  # it can be written to a file
    assert ScoreSheet.from_json(again) == sheet


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=10)
    | st.sampled_from(["H", "pinochlerun", "chips", "double", "/etc/passwd", "../x.toml"]),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(
            st.text(max_size=8)
            | st.sampled_from(["format", "version", "variant", "hands", "meld"]),
            children,
            max_size=5,
        )
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_fuzz_bytes(data: bytes) -> None:
    loads_or_sheet_error(data)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_fuzz_json_values(value: Any) -> None:
    loads_or_sheet_error(json.dumps(value))
    sheet_like = {"format": "pinochle-score-sheet", "version": 1, "variant": value}
    loads_or_sheet_error(json.dumps(sheet_like))


SEEDS = [json.loads(sheet_of(3).to_json())] + [
    json.loads(ScoreSheet(load_variant(name)).to_json())
    for name in ("pagat-auction-3", "bicycle-two-handed", "npa-double-deck")
]


def nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON document (the keys or indexes from the top)."""
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found += nodes(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += nodes(child, (*path, index))
    return found


@st.composite
def mutated_documents(draw: st.DrawFn) -> str:
    data = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(nodes(data)[1:]))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=6))] = draw(json_values)
        elif action == "add" and isinstance(parent, list):
            parent.append(draw(json_values))
        else:
            parent[path[-1]] = draw(json_values)
    return json.dumps(data, ensure_ascii=draw(st.booleans()))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_documents())
def test_fuzz_mutations_of_a_valid_sheet(text: str) -> None:
    loads_or_sheet_error(text)
    loads_or_sheet_error(text.encode("utf-8"))
