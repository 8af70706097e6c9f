"""Issue 31's round trip: arena games over every built-in profile, to the notation and back.

Plays matches of the computer players (``pinochle.arena.run_match``, its records kept),
converts every game's record to the notation (`pinochle.notation.write_game`) and reads it
back (`read_game`); every record must come back identical (``==``). Prints the count per
profile and in all, and the time the conversions took.

Run: ``python benchmarks/notation_roundtrip.py [--games 10000] [--play hand|game]
[--workers N]``. The default plays one settled hand a game (``--play game``: whole games,
about ten times as long, except under a profile whose games have no end: chips).
"""

from __future__ import annotations

import argparse
import math
import tempfile
import time

from pinochle import builtin_variants, load_variant
from pinochle.arena import read_records, run_match
from pinochle.notation import read_game, write_game


def seatings(name: str) -> int:
    """How many games a duplicate deal plays (every seating of A against B)."""
    variant = load_variant(name)
    return 2 if variant.deal.partnerships or variant.deal.players == 2 else variant.deal.players


def main() -> None:
    """Play, convert, read back, count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games in all (default 10000)")
    parser.add_argument("--play", choices=("hand", "game"), default="hand")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--a", default="easy", help="player A's level (default easy)")
    parser.add_argument("--b", default="medium", help="player B's level (default medium)")
    args = parser.parse_args()
    names = builtin_variants()
    quota = math.ceil(args.games / len(names))
    total = same = 0
    spent = 0.0
    for number, name in enumerate(names):
        deals = math.ceil(quota / seatings(name))
        rules = load_variant(name).game
        endless = rules.target is None and rules.lose_at is None  # chips: a hand a game
        play = "hand" if endless else args.play
        with tempfile.TemporaryDirectory() as folder:
            run_match(
                name,
                args.a,
                args.b,
                deals=deals,
                seed=number * 1_000_000,
                workers=args.workers,
                records=folder,
                play=play,
            )
            games = [game.record for game in read_records(folder)]
        start = time.perf_counter()
        equal = sum(read_game(write_game(record)) == record for record in games)
        spent += time.perf_counter() - start
        total += len(games)
        same += equal
        print(f"{name:30} {len(games):6} games, {equal:6} read back identical", flush=True)
        if equal != len(games):
            raise SystemExit(f"{name}: {len(games) - equal} records did not read back identical")
    print(f"all: {same} of {total} games read back identical over {len(names)} profiles")
    print(f"converting took {spent:.1f} s ({1000 * spent / max(total, 1):.2f} ms a game)")


if __name__ == "__main__":
    main()
