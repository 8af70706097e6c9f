"""Small helpers for the text the library writes for people."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """A count and its noun, singular only for exactly one: ``1 hand``, ``2 hands``, ``0 hands``.

    Args:
        n: The count.
        noun: The singular noun.
        plural: The plural, when it is not ``noun`` + ``s``.
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
