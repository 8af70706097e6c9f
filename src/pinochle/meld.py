"""Meld tables and the meld finder (stub: being written)."""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from pinochle.cards import Card, Suit
from pinochle.variant import Variant

__all__ = ["Meld", "MeldItem", "MeldType", "meld_by_trump", "score_meld"]


class MeldType(enum.Enum):
    """The three meld types; a card serves once within a type."""

    RUNS_AND_MARRIAGES = 1
    PINOCHLES = 2
    AROUNDS = 3


@attrs.frozen
class MeldItem:
    """One scoring combination."""

    name: str
    type: MeldType
    cards: tuple[Card, ...]
    points: int


@attrs.frozen
class Meld:
    """A hand's meld."""

    total: int
    items: tuple[MeldItem, ...]


def score_meld(cards: Iterable[Card], trump: Suit | str | None, variant: Variant) -> Meld:
    """Score meld (stub)."""
    raise NotImplementedError


def meld_by_trump(cards: Iterable[Card], variant: Variant) -> dict[Suit, Meld]:
    """Meld for each trump suit (stub)."""
    raise NotImplementedError
