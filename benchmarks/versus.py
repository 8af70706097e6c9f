"""The engine's speed against a baseline commit, side by side in one run.

A speed claim is a ratio measured in one run on one machine, never two figures from
different runs: this script checks the baseline out into a temporary git worktree, then
alternates short runs of the same workload on the baseline's ``src/`` and on this tree's,
and prints each profile's decisions per second for both and the median ratio (this tree /
baseline; above 1 is faster).

The workload is the engine benchmark's "played" game (cautious auction, uniform card play,
every hand played to the last trick) through the public ``legal_actions``/``apply``, by CPU
time, with the same seeds on both sides.

It also times ``import pinochle`` in fresh interpreters, alternating the two trees the same
way (median CPU milliseconds; a ratio below 1 means this tree imports faster).

Run: ``python benchmarks/versus.py [--baseline REV] [--rounds N] [--seconds S]
[--profiles a,b] [--imports N]``; the default baseline is cffea72 (main before the second
round), the default profiles the four-hand default (pinochlerun), its tens scale
(pagat-partnership), the two-hand stock game (bicycle-two-handed) and three-hand
(cutthroat-3). The machine's load is printed before and after: on a shared machine only the
ratios, measured side by side, mean anything.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from _baseline import ROOT, baseline_tree

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


IMPORT = r"""
import time
start = time.process_time()
import pinochle
print((time.process_time() - start) * 1000)
"""


def _import_ms(src: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", IMPORT], env=env, check=True, capture_output=True, text=True
    )
    return float(out.stdout)


def _load() -> str:
    if not hasattr(os, "getloadavg"):
        return "unknown"
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


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
    parser.add_argument(
        "--profiles", default="pinochlerun,pagat-partnership,bicycle-two-handed,cutthroat-3"
    )
    parser.add_argument("--imports", type=int, default=15, help="import timings a side")
    args = parser.parse_args()
    print(
        f"baseline {args.baseline} vs this tree; {os.cpu_count()} cores, load {_load()} "
        f"(1, 5, 15 min); {args.rounds} alternations of {args.seconds} CPU s a side"
    )
    with baseline_tree(args.baseline) as base:
        print(f"{'profile':<26} {'baseline/s':>12} {'this/s':>12} {'ratio':>7} {'ratio range':>12}")
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
                f"{statistics.median(new):>12,.0f} {statistics.median(ratios):>7.3f} "
                f"{min(ratios):>6.2f}-{max(ratios):.2f}"
            )
        if args.imports:
            old_ms, new_ms = [], []
            for round_ in range(args.imports):
                if round_ % 2:
                    new_ms.append(_import_ms(ROOT / "src"))
                    old_ms.append(_import_ms(base / "src"))
                else:
                    old_ms.append(_import_ms(base / "src"))
                    new_ms.append(_import_ms(ROOT / "src"))
            print(
                f"{'import pinochle (ms)':<26} {statistics.median(old_ms):>12.1f} "
                f"{statistics.median(new_ms):>12.1f} "
                f"{statistics.median(new_ms) / statistics.median(old_ms):>7.3f}"
            )
        print(f"load after: {_load()}")


if __name__ == "__main__":
    main()
