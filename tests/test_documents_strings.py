"""`pinochle.documents`: a parsed document holds only text that can be written and printed."""

from __future__ import annotations

import pytest

from pinochle.documents import parse_json, parse_toml
from pinochle.errors import PinochleError


class DocError(PinochleError):
    """The caller's own error type."""


@pytest.mark.parametrize(
    "text",
    [
        '{"title": "\\ud800"}',
        '{"title": "ok \\udfff"}',
        '{"\\ud83d": 1}',
        '{"a": [[{"b": "x\\ud800y"}]]}',
        b'{"title": "\\ud800"}',
    ],
)
def test_a_lone_surrogate_is_refused_in_keys_and_values(text: str | bytes) -> None:
    with pytest.raises(DocError, match="lone surrogate"):
        parse_json(text, DocError)


def test_a_surrogate_pair_is_one_character_and_allowed() -> None:
    assert parse_json('{"title": "\\ud83c\\udccf ♥"}', DocError) == {"title": "🃏 ♥"}


def test_toml_refuses_surrogate_escapes_as_the_callers_error() -> None:
    with pytest.raises(DocError):
        parse_toml('title = "\\ud800"', DocError)


def test_a_byte_order_mark_is_allowed_in_text_as_in_bytes() -> None:
    assert parse_json('\ufeff{"a": 1}', DocError) == {"a": 1}
    assert parse_json(b'\xef\xbb\xbf{"a": 1}', DocError) == {"a": 1}
    assert parse_toml("\ufeffa = 1", DocError) == {"a": 1}
