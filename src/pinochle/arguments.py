"""Checks for the values that enter the public API, so a bad one fails where it enters.

Each check returns the value (converted where the API documents a conversion) or raises
`ArgumentError` naming the argument, what it must be and what was given. They run at the
entry of `new_game`, `observe` and the like, never inside the engine's inner loop.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pinochle.cards import Card, parse_cards
from pinochle.errors import VARIANT_EXPECTED, ArgumentError
from pinochle.variant import Variant

__all__ = ["LIMIT", "SEED_LIMIT", "cards", "number", "numbers", "seat", "variant"]

LIMIT = 10**9
"""The largest score, bid or point count the API takes, either sign (no table comes near)."""

SEED_LIMIT = 2**64
"""Seeds are whole numbers from 0 up to (not including) this."""


def number(name: str, value: object, low: int = -LIMIT, high: int = LIMIT) -> int:
    """``value`` if it is an `int` (not a `bool`) from ``low`` to ``high``."""
    if type(value) is not int or not low <= value <= high:
        raise ArgumentError(name, f"a whole number from {low} to {high}", value)
    return value


def numbers(name: str, values: object, count: int) -> tuple[int, ...]:
    """``count`` whole numbers in ±`LIMIT`, as a tuple."""
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise ArgumentError(name, f"{count} whole numbers", values)
    found = tuple(values)
    if len(found) != count:
        raise ArgumentError(name, f"{count} whole numbers, one per side", values)
    return tuple(number(f"{name}[{i}]", v) for i, v in enumerate(found))


def seat(name: str, value: object, seats: int) -> int:
    """``value`` if it is a seat number from 0 to ``seats - 1``."""
    return number(name, value, 0, seats - 1)


def variant(value: object) -> Variant:
    """``value`` if it is a `Variant`."""
    if not isinstance(value, Variant):
        raise ArgumentError("variant", VARIANT_EXPECTED, value)
    return value


def cards(name: str, value: object) -> tuple[Card, ...]:
    """Cards given as cards or as text that `parse_cards` reads."""
    if not isinstance(value, str | Sequence | Iterable) or isinstance(value, bytes):
        raise ArgumentError(name, "card text or a sequence of cards", value)
    try:
        return parse_cards(value)
    except ArgumentError as exc:  # name the argument, not parse_cards' own
        raise ArgumentError(
            name + exc.name.removeprefix("cards"), exc.expected, exc.found
        ) from None
