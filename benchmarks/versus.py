"""The engine's speed against a baseline commit, side by side in one run.

A speed claim is a ratio measured in one run on one machine, never two figures from
different runs: this script checks the baseline out into a temporary git worktree, then
alternates short runs of the same workload on the baseline's ``src/`` and on this tree's,
and prints each profile's decisions per second for both and the median ratio (this tree /
baseline; above 1 is faster).

The workload is the engine benchmark's "played" game (cautious auction, uniform card play,
every hand played to the last trick) through the public ``legal_actions``/``apply``, by CPU
time, with the same seeds on both sides.

Run: ``python benchmarks/versus.py [--baseline REV] [--rounds N] [--seconds S]
[--profiles a,b]``; the default baseline is cffea72 (main before the second round).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WORKLOAD = r"""
import json, random, sys, time
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
seconds = float(sys.argv[2])
rng = random.Random(7)
decisions = seed = 0
start = time.process_time()
while time.process_time() - start < seconds:
    state = pn.new_game(variant, seed=seed)
    seed += 1
    while not state.is_over and len(state.results) < 3:
        state = pn.apply(state, pick(rng, pn.legal_actions(state)))
        decisions += 1
print(json.dumps(decisions / (time.process_time() - start)))
"""


def _run(src: Path, profile: str, seconds: float) -> float:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", WORKLOAD, profile, str(seconds)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    rate: float = json.loads(out.stdout)
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="cffea72", help="git revision (default cffea72)")
    parser.add_argument("--rounds", type=int, default=5, help="alternations (default 5)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a run")
    parser.add_argument("--profiles", default="pinochlerun,bicycle-two-handed,cutthroat-3")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"baseline {args.baseline} vs this tree; {os.cpu_count()} cores, load {load:.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "baseline"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.baseline],
            check=True,
        )
        try:
            print(f"{'profile':<26} {'baseline/s':>12} {'this/s':>12} {'ratio':>7}")
            for profile in args.profiles.split(","):
                ratios, old, new = [], [], []
                for round_ in range(args.rounds):
                    # Alternate which side runs first, so drift favours neither.
                    if round_ % 2:
                        new.append(_run(ROOT / "src", profile, args.seconds))
                        old.append(_run(base / "src", profile, args.seconds))
                    else:
                        old.append(_run(base / "src", profile, args.seconds))
                        new.append(_run(ROOT / "src", profile, args.seconds))
                    ratios.append(new[-1] / old[-1])
                print(
                    f"{profile:<26} {statistics.median(old):>12,.0f} "
                    f"{statistics.median(new):>12,.0f} {statistics.median(ratios):>7.3f}"
                )
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=True
            )


if __name__ == "__main__":
    main()
