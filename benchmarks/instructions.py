"""The engine's work per decision against a baseline commit, in machine instructions.

On a shared machine CPU time swings with the other work (`benchmarks/versus.py` prints the
spread); the instructions a run executes do not. This script plays the same seeded games as
versus.py's workload on the baseline's ``src/`` and on this tree's under valgrind's
callgrind, twice each (a few games, then more), and divides the difference in instructions
by the difference in decisions: the import, the profile's loading and the first games'
table building cancel out. It prints the instructions a decision for both trees and their
ratio (baseline / this tree; above 1 is less work). Needs ``valgrind``; slow (minutes).

Run: ``python benchmarks/instructions.py [--baseline REV] [--profiles a,b] [--games 10,60]``.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

from _baseline import ROOT, baseline_tree

WORKLOAD = r"""
import random, sys
import pinochle as pn

def pick(rng, actions):
    first = actions[0]
    if isinstance(first, pn.Pass):
        return first if rng.random() < 0.75 or len(actions) == 1 else actions[1]
    if isinstance(first, pn.Bid):
        return first
    if isinstance(first, pn.ThrowIn):
        return actions[1]
    return actions[rng.randrange(len(actions))]

variant = pn.load_variant(sys.argv[1])
rng = random.Random(7)
decisions = 0
for seed in range(int(sys.argv[2])):
    state = pn.new_game(variant, seed=seed)
    while not state.is_over and len(state.results) < 3:
        state = pn.apply(state, pick(rng, pn.legal_actions(state)))
        decisions += 1
print(decisions)
"""


def _count(src: Path, profile: str, games: int) -> tuple[int, int]:
    """(instructions, decisions) of one run under callgrind."""
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            WORKLOAD,
            profile,
            str(games),
        ],
        # No bytecode written: both runs of a tree compile the same sources, so compiling
        # cancels out in the difference (a first run that writes the caches for the second
        # would take its compiling off the count a decision).
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"},
        check=True,
        capture_output=True,
        text=True,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from valgrind:\n{out.stderr[-2000:]}")
    return int(found.group(1)), int(out.stdout)


def _per_decision(src: Path, profile: str, few: int, many: int) -> float:
    small, large = _count(src, profile, few), _count(src, profile, many)
    return (large[0] - small[0]) / (large[1] - small[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="cffea72", help="git revision (default cffea72)")
    parser.add_argument("--profiles", default="pinochlerun,bicycle-two-handed")
    parser.add_argument("--games", default="10,60", help="the two run sizes, in games")
    args = parser.parse_args()
    few, many = (int(n) for n in args.games.split(","))
    print(f"baseline {args.baseline} vs this tree; instructions a decision, games {few}->{many}")
    with baseline_tree(args.baseline) as base:
        print(f"{'profile':<26} {'baseline':>12} {'this':>12} {'ratio':>7}")
        for profile in args.profiles.split(","):
            old = _per_decision(base / "src", profile, few, many)
            new = _per_decision(ROOT / "src", profile, few, many)
            print(f"{profile:<26} {old:>12,.0f} {new:>12,.0f} {old / new:>7.3f}")


if __name__ == "__main__":
    main()
