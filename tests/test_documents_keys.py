"""A document says one thing: repeated keys, NaN and infinite numbers are refused by every reader.

Python's `json` keeps the last of repeated keys, a JSON Schema validator or another language
may keep the first: ``{"version": 2, ...the real document...}`` would be version 1 to the
library and version 2 to a validator. Every reader of the library refuses it, naming the key
and where it is.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
from pinochle.arena import ArenaError, DealResult, MatchResult, Seating
from pinochle.documents import parse_json, parse_toml
from pinochle.errors import PinochleError
from pinochle.records import GameRecord, RecordError

WIRE = Path(__file__).parent.parent / "docs" / "wire"


class DocError(PinochleError):
    """The caller's own error type."""


def _match_json() -> str:
    deals = (DealResult(0, 0, (Seating(("a", "b"), 1, (0, 0), 2.0),)),)
    return MatchResult("pinochlerun", "hard", "medium", 0, 1, "hand", deals).to_json()


def _example(kind: str) -> Callable[[], str]:
    return lambda: (WIRE / f"{kind}.json").read_text("utf-8")


READERS: dict[str, tuple[Callable[[str], Any], type[PinochleError], Callable[[], str]]] = {
    "observation": (pn.Observation.from_json, pn.WireError, _example("observation")),
    "state": (pn.State.from_json, pn.WireError, _example("state")),
    "result": (pn.HandResult.from_json, pn.WireError, _example("result")),
    "record": (GameRecord.from_json, RecordError, _example("record")),
    "sheet": (pn.ScoreSheet.from_json, pn.SheetError, _example("sheet")),
    "match": (MatchResult.from_json, ArenaError, _match_json),
}


@pytest.mark.parametrize("kind", list(READERS))
def test_a_repeated_key_is_refused_not_read_as_the_last(kind: str) -> None:
    read, error, text = READERS[kind]
    document = text()
    read(document)  # the real document reads
    key = "version" if '"version"' in document else "seed"  # a match has no version
    doubled = f'{{"{key}": 2, ' + document.lstrip()[1:]
    with pytest.raises(error, match=f"'{key}' is repeated"):
        read(doubled)


@pytest.mark.parametrize("kind", list(READERS))
def test_nan_and_infinity_are_refused_by_every_reader(kind: str) -> None:
    read, error, text = READERS[kind]
    document = text().lstrip()
    for constant in ("NaN", "Infinity", "-Infinity", "1e400"):
        with pytest.raises(error, match=r"not a number|too large"):
            read('{"x": ' + constant + ", " + document[1:])


def test_a_repeated_key_deep_in_a_document_is_named_with_its_path() -> None:
    text = '{"game": {"hands": [[], {"a": 1, "b": 2, "a": 3}]}}'
    with pytest.raises(DocError, match=r"the key 'a' is repeated in game\.hands\[1\]"):
        parse_json(text, DocError)
    with pytest.raises(DocError, match="the key 'a' is repeated in the top-level object"):
        parse_json(b'{"a": 1, "a": 1}', DocError)


def test_toml_refuses_a_repeated_key_as_the_callers_error() -> None:
    with pytest.raises(DocError):
        parse_toml("a = 1\na = 2\n", DocError)


def test_keys_that_differ_only_in_escapes_are_the_same_key() -> None:
    with pytest.raises(DocError, match="repeated"):
        parse_json('{"seat": 1, "se\\u0061t": 2}', DocError)


def test_ordinary_documents_still_read() -> None:
    assert parse_json('{"a": [1.5, -2e3, {"b": null}], "c": {}}', DocError) == {
        "a": [1.5, -2000.0, {"b": None}],
        "c": {},
    }
