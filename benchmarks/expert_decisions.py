"""Expert's time per card decision with the exact solver from D cards, against without it.

Choosing Expert's exact-search depth ``D`` (`pinochle.bots.expert.EXACT`): the rule is that
its median time a card decision stays at most what the Expert before the solver spent. This
script plays seeded games with Hard in every seat and, at every card decision with a
choice, times on the same observation (``time.process_time`` around ``choose``, fresh bots
seeded alike, the two timed one right after the other so both see the same load) the
Expert before the solver (``ExpertBot(seed, solver=False)``: the play-out and the
`best_line` of the last two cards, today's default before the solver) and, when the hand
holds at most the largest D asked for, the Expert with the solver at that hand size. A
solver Expert of depth D spends the exact time at hand sizes up to D and the old time above
(it plays out exactly as before there), so one run prints, per profile and per D, the
median and 95th percentile a decision for old and new, and the median by hand size.

Run: ``python benchmarks/expert_decisions.py [--profiles a,b] [--hands H] [--depths 3,4,5]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import pinochle as pn
from pinochle.bots import ExpertBot, HardBot


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms"


def measure(profile: str, hands: int, most: int) -> list[tuple[int, float, float]]:
    """(hand size, old time, exact time or nan) at every card decision with a choice."""
    variant = pn.load_variant(profile)
    clock = time.process_time
    found: list[tuple[int, float, float]] = []
    for number in range(1, hands + 1):
        bots = [HardBot(seed=number * 10 + s) for s in range(variant.deal.players)]
        state = pn.new_game(variant, seed=number)
        while not state.results:
            seat = state.to_act
            assert seat is not None
            view = pn.observe(state, seat)
            if view.phase is pn.Phase.TRICKS and len(view.legal_actions) > 1:
                seed = len(found) + number * 1000
                size = len(view.hand)
                start = clock()
                ExpertBot(seed, solver=False).choose(view)
                old = clock() - start
                new = float("nan")
                if size <= most:
                    start = clock()
                    ExpertBot(seed, endgame=size).choose(view)
                    new = clock() - start
                found.append((size, old, new))
            state = pn.apply(state, bots[seat].choose(view))
    return found


def main() -> None:
    """Time the decisions and print the medians per depth."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profiles", default="pinochlerun,pinochlerun-double-deck")
    parser.add_argument("--hands", type=int, default=6, help="hands played a profile")
    parser.add_argument("--depths", default="2,3,4,5,6", help="exact-search depths D")
    args = parser.parse_args()
    depths = [int(d) for d in args.depths.split(",")]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} cores, load {load:.2f}; old: ExpertBot(solver=False)")
    for profile in args.profiles.split(","):
        rows = measure(profile, args.hands, max(depths))
        old = [o for _, o, _ in rows]
        print(f"{profile}: {len(rows)} card decisions with a choice, {args.hands} hands")
        print(f"  old          median {_ms(statistics.median(old)):>9}  p95 {_ms(_p95(old)):>9}")
        for depth in depths:
            new = [n if size <= depth else o for size, o, n in rows]
            median, p95 = statistics.median(new), _p95(new)
            ratio = median / statistics.median(old)
            print(f"  exact D={depth}    median {_ms(median):>9}  p95 {_ms(p95):>9}  ({ratio:.3f})")
        sizes = sorted({size for size, _, _ in rows})
        line = []
        for size in sizes:
            olds = [o for s, o, _ in rows if s == size]
            news = [n for s, _, n in rows if s == size and n == n]
            exact = f"/{_ms(statistics.median(news))}" if news else ""
            line.append(f"{size}: {_ms(statistics.median(olds))}{exact}")
        print("  by hand size (old/exact median): " + ", ".join(line))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load at the end {load:.2f}")


if __name__ == "__main__":
    main()
