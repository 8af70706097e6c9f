"""Wire-format speed: to_json / from_json of an observation and of a mid-game state.

Prints documents per second (wall time, best of three runs of N round trips) for three
profiles: an observation in trick play, and the whole game's state at the same moment, read
back with and without replaying its history (``verify``). A server answering requests
needs thousands of these per second.

Run: ``python benchmarks/wire.py [--count N] [--profiles a,b]``.
"""

from __future__ import annotations

import argparse
import functools
import os
import time
from collections.abc import Callable

import pinochle as pn
from pinochle.bots import make_bot


def mid_game(name: str) -> pn.State:
    """A state in the second hand's trick play, reached by Hard bots."""
    variant = pn.load_variant(name)
    bots = [make_bot("hard", seed=seat) for seat in range(variant.deal.players)]
    state = pn.new_game(variant, seed=11)
    while not (
        len(state.results) >= 1 and state.phase is pn.Phase.TRICKS and len(state.tricks) >= 4
    ):
        seat = state.to_act
        assert seat is not None
        state = pn.apply(state, bots[seat].choose(pn.observe(state, seat)))
    return state


def rate(work: Callable[[], object], count: int) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(count):
            work()
        best = min(best, time.perf_counter() - start)
    return count / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument(
        "--profiles", default="pinochlerun,pinochlerun-double-deck,bicycle-two-handed"
    )
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} cores, load {load:.2f}; documents per second (best of 3)")
    header = (
        "profile",
        "obs to",
        "obs from",
        "state to",
        "from (verify)",
        "from (trusted)",
        "bytes",
    )
    print("{:<26} {:>8} {:>9} {:>9} {:>14} {:>15} {:>13}".format(*header))
    for name in args.profiles.split(","):
        state = mid_game(name)
        seat = state.to_act or 0
        view = pn.observe(state, seat)
        view_text, state_text = view.to_json(), state.to_json()
        n = args.count
        figures = (
            rate(view.to_json, n),
            rate(functools.partial(pn.Observation.from_json, view_text), n),
            rate(state.to_json, n),
            rate(functools.partial(pn.State.from_json, state_text), max(n // 10, 10)),
            rate(functools.partial(pn.State.from_json, state_text, verify=False), n),
        )
        size = f"{len(view_text.encode())}/{len(state_text.encode())}"
        cells = "".join(f" {f:>{w},.0f}" for f, w in zip(figures, (8, 9, 9, 14, 15), strict=True))
        print(f"{name:<26}{cells} {size:>13}")


if __name__ == "__main__":
    main()
