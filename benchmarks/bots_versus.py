"""Hard's and Expert's time per decision against a baseline commit, side by side in one run.

A speed claim is a ratio measured in one run on one machine. This script checks the
baseline out into a temporary git worktree and alternates short runs of the same workload
on the baseline's ``src/`` and on this tree's, then prints, per profile and level, the
median and 95th percentile CPU time per decision on both sides and their ratios (this
tree / baseline: below 1 is faster).

The workload: seeded games with Hard in every seat (the same seeds on both sides). Every
Hard decision with a choice is timed as it is made (``time.process_time`` around
``choose``): ``hard`` rows are its card decisions with a choice (what the arena times),
``hard-all`` every decision with a choice (bids, passes, ...). At every card decision
with a choice a fresh Expert (seeded by the decision's number, so both sides draw the
same deals) is timed on the same observation, and the game goes on with Hard's card. The
first hand of each run only warms the caches.

Run: ``python benchmarks/bots_versus.py [--baseline REV] [--rounds N] [--hands H]
[--profiles a,b] [--samples N] [--endgame N] [--playout quick|hard]
[--levels expert,hard]``; the default baseline is cffea72. ``--samples`` sets this tree's
Expert samples (the baseline keeps its default), to see what a setting costs;
``--endgame 0`` turns this tree's exact search of the last tricks off and ``--playout``
picks its play-out, quick or hard (with ``--samples 24 --endgame 0 --playout quick`` it
chooses exactly as the baseline did, which tests/test_bots_frozen.py pins); ``--levels hard``
times Hard alone (a quick run).
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

PROFILES = "pinochlerun,pagat-partnership,pinochlerun-double-deck,bicycle-two-handed,cutthroat-3"

WORKLOAD = r"""
import json, sys, time
import pinochle as pn
from pinochle.bots import ExpertBot, HardBot

profile, first, hands, samples = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
levels = sys.argv[5].split(",")
options = {} if sys.argv[6] == "default" else {"endgame": int(sys.argv[6])}
if sys.argv[7] != "default":
    options["playout"] = sys.argv[7]
variant = pn.load_variant(profile)
clock = time.process_time
hard, hard_all, expert = [], [], []
for number in range(first - 1, first + hands):
    warm = number < first
    bots = [HardBot(seed=number * 10 + s) for s in range(variant.deal.players)]
    state = pn.new_game(variant, seed=number)
    while not state.results:
        seat = state.to_act
        view = pn.observe(state, seat)
        choice = len(view.legal_actions) > 1
        start = clock()
        action = bots[seat].choose(view)
        spent = clock() - start
        if choice and not warm and "hard" in levels:
            hard_all.append(spent)
            if view.phase is pn.Phase.TRICKS:
                hard.append(spent)
        if choice and view.phase is pn.Phase.TRICKS and "expert" in levels:
            seed = len(expert) + number * 1000
            sized = {} if samples == "default" else {"samples": int(samples)}
            bot = ExpertBot(seed, **sized, **options)
            start = clock()
            bot.choose(view)
            spent = clock() - start
            if not warm:
                expert.append(spent)
        state = pn.apply(state, action)
print(json.dumps({"file": pn.__file__, "hard": hard, "hard-all": hard_all, "expert": expert}))
"""


def _run(
    src: Path,
    profile: str,
    first: int,
    hands: int,
    samples: str,
    levels: str,
    endgame: str,
    playout: str,
) -> dict[str, list[float]]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    argv = [profile, str(first), str(hands), samples, levels, endgame, playout]
    out = subprocess.run(
        [sys.executable, "-c", WORKLOAD, *argv],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    data: dict[str, list[float]] = json.loads(out.stdout)
    assert str(data.pop("file")).startswith(str(src)), "the run imported the wrong tree"
    return data


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:.0f} us"


def main() -> None:
    """Alternate the two trees and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="cffea72", help="git revision (default cffea72)")
    parser.add_argument("--rounds", type=int, default=4, help="alternations (default 4)")
    parser.add_argument("--hands", type=int, default=2, help="timed hands a run (default 2)")
    parser.add_argument("--profiles", default=PROFILES)
    parser.add_argument("--samples", default="default", help="this tree's Expert samples")
    parser.add_argument("--levels", default="expert,hard", help="which to time")
    parser.add_argument(
        "--endgame",
        default="default",
        help="this tree's Expert endgame search (cards; 0 plays as the baseline did)",
    )
    parser.add_argument(
        "--playout", default="default", help="this tree's Expert play-out: quick or hard"
    )
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"baseline {args.baseline} vs this tree; {os.cpu_count()} cores, load {load:.2f}")
    with baseline_tree(args.baseline) as base:
        head = f"{'profile':<24} {'level':<8} {'n':>5} {'base median':>12} {'this median':>12}"
        print(f"{head} {'ratio':>6} {'base p95':>10} {'this p95':>10} {'ratio':>6}")
        for profile in args.profiles.split(","):
            old: dict[str, list[float]] = {"hard": [], "hard-all": [], "expert": []}
            new: dict[str, list[float]] = {"hard": [], "hard-all": [], "expert": []}
            for round_ in range(args.rounds):
                first = 1 + round_ * (args.hands + 1)
                runs = [
                    (base, old, "default", "default", "default"),
                    (ROOT, new, args.samples, args.endgame, args.playout),
                ]
                for tree, into, samples, endgame, playout in runs[:: -1 if round_ % 2 else 1]:
                    got = _run(
                        tree / "src",
                        profile,
                        first,
                        args.hands,
                        samples,
                        args.levels,
                        endgame,
                        playout,
                    )
                    for level, times in got.items():
                        into[level] += times
            for level in ("expert", "hard", "hard-all"):
                a, b = old[level], new[level]
                if not a or not b:
                    continue
                ma, mb, pa, pb = statistics.median(a), statistics.median(b), _p95(a), _p95(b)
                print(
                    f"{profile:<24} {level:<8} {len(b):>5} {_ms(ma):>12} {_ms(mb):>12} "
                    f"{mb / ma:>6.3f} {_ms(pa):>10} {_ms(pb):>10} {pb / pa:>6.3f}"
                )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load at the end {load:.2f}")


if __name__ == "__main__":
    main()
