"""Placeholder: Expert (being written)."""

from __future__ import annotations

from pinochle.bots.heuristic import HardBot

__all__ = ["ExpertBot"]


class ExpertBot(HardBot):
    """Expert (placeholder)."""

    level = "expert"
