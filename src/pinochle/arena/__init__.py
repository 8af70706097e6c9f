"""The arena: players measured against each other over many duplicate deals.

An optional module beside the bots (``import pinochle`` does not import it). A match
plays A against B over duplicate deals, so the cards cancel out and only the play
differs; a tournament plays every pair and rates the players. The work runs in this
process, in a local process pool (the default: every core), or on a Ray cluster (the
``ray`` extra: ``pip install "pinochle-rules[ray]"``), and the same seed gives equal
results on every backend and worker count::

    from pinochle.arena import run_match

    result = run_match("pinochlerun", "hard", "medium", deals=200)
    print(result.mean, result.ci)

Ray is imported only when ``backend="ray"`` is asked for.
"""

from __future__ import annotations

from pinochle.arena._backends import BACKENDS, MAX_RETRIES, ExtraMissingError
from pinochle.arena._match import MAX_CHUNK, MatchInterrupted, Progress, chunk_size, run_match
from pinochle.arena._play import (
    MAX_HANDS,
    MAX_REDEALS,
    ArenaError,
    PlayedGame,
    PlayerSpec,
    read_records,
    seating_note,
    seatings,
)
from pinochle.arena._results import DealResult, Forfeit, MatchResult, Seating, Timing, Wins
from pinochle.arena._tournament import Rating, TournamentResult, bradley_terry, run_tournament

__all__ = [
    "BACKENDS",
    "LADDER",
    "MAX_CHUNK",
    "MAX_HANDS",
    "MAX_REDEALS",
    "MAX_RETRIES",
    "ArenaError",
    "DealResult",
    "ExtraMissingError",
    "Forfeit",
    "MatchInterrupted",
    "MatchResult",
    "PlayedGame",
    "PlayerSpec",
    "Progress",
    "Rating",
    "Seating",
    "Timing",
    "TournamentResult",
    "Wins",
    "bradley_terry",
    "chunk_size",
    "read_records",
    "run_match",
    "run_tournament",
    "seating_note",
    "seatings",
]

LADDER = (("expert", "hard"), ("hard", "medium"), ("medium", "easy"), ("easy", "random"))
"""The level ladder's rungs, (A, B): each level against the one below it."""
