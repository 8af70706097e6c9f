"""Placeholder: Easy, Medium and Hard (being written)."""

from __future__ import annotations

from pinochle.bots.base import RandomBot

__all__ = ["EasyBot", "HardBot", "MediumBot"]


class EasyBot(RandomBot):
    """Easy (placeholder)."""

    level = "easy"


class MediumBot(RandomBot):
    """Medium (placeholder)."""

    level = "medium"


class HardBot(RandomBot):
    """Hard (placeholder)."""

    level = "hard"
