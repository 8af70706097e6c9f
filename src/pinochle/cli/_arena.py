"""``pinochle arena``: the verb's run is `pinochle.arena`'s own, loaded when it runs."""

from __future__ import annotations

import argparse

from pinochle.arena._cli import run
from pinochle.cli._arguments import LADDER_VARIANTS
from pinochle.cli._common import load_profile

__all__ = ["run_arena"]


def run_arena(args: argparse.Namespace) -> int:
    """``pinochle arena``: a match, several profiles' matches, the ladder or a tournament."""
    return run(args, LADDER_VARIANTS, load_profile)
