"""Issue 31's overhead: what the bot protocol costs a decision over the same bot in process.

Every seat of a game is played twice at each of its decisions, by the level's bot in this
process (``make_bot(level, seed).choose(observation)``) and by ``pinochle engine --level
LEVEL`` through the protocol (`pinochle.protocol.ExternalBot.act`: the host tells the
program what happened since its last move, sends ``go`` and reads its ``move``; the
program rebuilds its seat's observation and asks the same bot). Both must choose the same
action. The figure is the median, over decisions, of the protocol's time minus the
in-process time of the same decision; the first game is left out (the programs start).
Prints the machine's cores and load with it.

Run: ``python benchmarks/protocol_overhead.py [--games 6] [--hands 3] [--profile pinochlerun]
[--level medium]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import pinochle as pn
from pinochle.bots import make_bot
from pinochle.protocol import ExternalBot


def main() -> None:
    """Play, time each decision both ways, print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games, the first a warm-up")
    parser.add_argument("--hands", type=int, default=3, help="hands a game (default 3)")
    parser.add_argument("--profile", default="pinochlerun")
    parser.add_argument("--level", default="medium")
    args = parser.parse_args()
    variant = pn.load_variant(args.profile)
    command = [sys.executable, "-m", "pinochle", "engine", "--level", args.level]
    programs = [ExternalBot(command) for _ in range(variant.deal.seated)]
    inside: list[float] = []
    through: list[float] = []
    try:
        for game in range(args.games):
            state = pn.new_game(variant, seed=game)
            bots = [make_bot(args.level, seed=game * 10 + p) for p in range(variant.deal.seated)]
            for person, program in enumerate(programs):
                program.new_game(game * 10 + person)
            while not state.is_over and len(state.results) < args.hands:
                seat = state.to_act
                assert seat is not None
                person = state.hand.persons[seat]
                start = time.perf_counter()
                action = bots[person].choose(pn.observe(state, seat))
                middle = time.perf_counter()
                answer = programs[person].act(state, seat)
                end = time.perf_counter()
                if answer != action or programs[person].failures:
                    raise SystemExit(f"game {game}: {answer} through the protocol, {action} inside")
                if game:
                    inside.append(middle - start)
                    through.append(end - middle)
                state = pn.apply(state, action)
    finally:
        for program in programs:
            program.close()
    extra = sorted(b - a for a, b in zip(inside, through, strict=True))
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(
        f"{args.profile}, {args.level}: {len(extra)} decisions (after a warm-up game), "
        f"os.cpu_count() = {os.cpu_count()}, load average {load}"
    )
    print(f"in process:          median {statistics.median(inside) * 1e3:.3f} ms")
    print(f"through the protocol: median {statistics.median(through) * 1e3:.3f} ms")
    p95 = extra[int(0.95 * (len(extra) - 1))]
    print(
        f"overhead a decision: median {statistics.median(extra) * 1e3:.3f} ms, "
        f"95th percentile {p95 * 1e3:.3f} ms"
    )


if __name__ == "__main__":
    main()
