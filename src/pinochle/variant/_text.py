"""Messages about profile values: short, bounded descriptions of what was found."""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import Any

from pinochle._text import printable
from pinochle.variant._model import MAX_NUMBER


def describe(value: Any) -> str:
    kind = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}.get(
        type(value), "a table" if isinstance(value, Mapping) else "a list"
    )
    if value is None:
        return "nothing (None)"
    if isinstance(value, list | tuple | Mapping | str | int | float | bool):
        return f"{_SHORT.repr(value)} ({kind})"
    return f"a {type(value).__name__}"


class _ShortRepr(reprlib.Repr):
    """Bounded reprs for messages: no huge list, string or integer is ever written out."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxlist, self.maxdict, self.maxstring = 3, 6, 4, 60

    def repr_int(self, x: int, level: int) -> str:
        return number(x)


_SHORT = _ShortRepr()


def number(value: int) -> str:
    """An integer as text, or its size when it is too long to read (or even to print)."""
    if abs(value) < 10**15:
        return str(value)
    digits = int(value.bit_length() * 0.30103) + 1
    return f"an integer of about {digits:,} digits"


def key_name(key: object) -> str:
    """A key as written in messages: a long or odd key is shortened, control characters escaped."""
    if isinstance(key, str):
        text = printable(key)
    elif isinstance(key, int) and not isinstance(key, bool):
        text = number(key)
    else:
        text = f"<a {type(key).__name__} key>"
    return text if len(text) <= 60 else f"{text[:57]}..."


def out_of_range(value: int) -> str:
    return f"expected a number from {-MAX_NUMBER:,} to {MAX_NUMBER:,}, found {number(value)}"
