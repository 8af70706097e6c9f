"""Card points (stub: being written)."""

from __future__ import annotations

from collections.abc import Iterable

from pinochle.cards import Card
from pinochle.variant import Variant

__all__ = ["card_points", "deck_points"]


def card_points(cards: Iterable[Card], variant: Variant) -> int:
    """Trick points (stub)."""
    raise NotImplementedError


def deck_points(variant: Variant) -> int:
    """Deck total (stub)."""
    raise NotImplementedError
