"""The exact solver's CPU time (`pinochle.analysis.solve`) against issue 28's goals and best_line.

The positions: seeded games with Hard in every seat (``make_bot("hard", seed=...)``),
played through trump, passing and meld into trick play; a position is taken at a trick's
start (the stock gone) once every hand holds the size asked: ``--cards 4,6,8`` (a hand
played on by Hard's cards until that many are left) or ``hand`` (the first trick of
trick play: the whole hand; two-hand: the last 12 tricks, the stock gone). One position a
game, the games seeded from ``--seed`` on.

Each position is timed in CPU time (``time.process_time``) three ways: ``solve`` (the
value and a best line), ``exact`` (the value alone: ``search_of(state).exact()``) and,
where every hand holds at most ``--best-line-cards``, the Expert's exact endgame search
``pinochle.bots.search.best_line`` on the same position. Each run has a CPU time limit
(``--limit`` seconds, a profiling timer's signal): a position over it is counted as over,
not waited for, and a percentile that lands on one prints as ``>limit``. The values must
agree (solve's, exact's and best_line's, for the bidder's side): a disagreement is a bug,
printed, and the script exits 1.

Printed per profile and size: positions, the median, 95th percentile (nearest rank) and
maximum of ``solve`` and of ``exact``, how many were over the limit, issue 28's target
beside them; and, where best_line finished, its median, exact's median on the same
positions and the speed-up (the ratio of the medians, and the median of the ratios).

Run: ``python benchmarks/solve.py [--profile a,b] [--cards 4,6,8] [--positions K]
[--limit SECONDS] [--seed S] [--best-line-cards N] [--full]``. The default run (small
sizes, a few minutes on 2 cores) shows progress; ``--full`` adds the issue's whole-hand
figures (four-hand 12 cards, three-hand 15/16, two-hand's last 12, double deck 12 and 20)
with 20 positions each. Run it alone on the machine: the figures are CPU time, but a
loaded machine still slows the caches.
"""

from __future__ import annotations

import argparse
import functools
import gc
import math
import os
import platform
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import TypeVar

import pinochle as pn
from pinochle.analysis import solve
from pinochle.analysis._position import search_of, teams_of
from pinochle.bots import make_bot
from pinochle.bots.search import Tricks, best_line

PROFILES = "pinochlerun,cutthroat-3,parlett-three-hand,bicycle-two-handed,pinochlerun-double-deck"

# Issue 28's goal 2: (profile, cards a hand) -> (median, 95th percentile) in seconds.
# None: no target, measured and reported (the whole double-deck hand).
TARGETS: dict[tuple[str, int], tuple[float | None, float | None]] = {
    ("pinochlerun", 12): (1.0, 10.0),
    ("cutthroat-3", 15): (2.0, None),
    ("parlett-three-hand", 16): (2.0, None),
    ("bicycle-two-handed", 12): (0.1, None),
    ("pinochlerun-double-deck", 12): (2.0, None),
    ("pagat-double-deck", 12): (2.0, None),
    ("pinochlerun-double-deck", 20): (None, None),
    ("pagat-double-deck", 20): (None, None),
}
# --full: the sizes of the targets (``hand``: the first trick of trick play).
FULL = (
    ("pinochlerun", "12"),
    ("cutthroat-3", "hand"),
    ("parlett-three-hand", "hand"),
    ("bicycle-two-handed", "hand"),
    ("pinochlerun-double-deck", "12"),
    ("pinochlerun-double-deck", "hand"),
)

T = TypeVar("T")
OVER = math.inf
"""A run over the limit, in the lists of times."""


class _OverLimitError(Exception):
    """The watchdog's signal: the timed call passed its CPU time limit."""


class _Watchdog:
    """Interrupts the main thread once its CPU time in a timed call passes the limit.

    A thread that polls the main thread's CPU clock and sends it a signal whose handler
    raises `_OverLimitError`. Not a profiling timer (``setitimer(ITIMER_PROF)``): while one is
    armed, Linux reads the process's CPU clock at the scheduler tick, and runs under a
    millisecond read as 0.
    """

    def __init__(self) -> None:
        main = threading.main_thread().ident
        assert main is not None
        self.main = main
        self.clock = time.pthread_getcpuclockid(main)
        self.lock = threading.Lock()
        self.deadline: float | None = None  # on the main thread's CPU clock
        self.armed = False  # the handler raises only while the call runs
        self.wake = threading.Event()
        signal.signal(signal.SIGUSR1, self._raise)
        threading.Thread(target=self._watch, daemon=True).start()

    def _raise(self, signum: int, frame: FrameType | None) -> None:
        if self.armed:
            raise _OverLimitError

    def _watch(self) -> None:
        while True:
            with self.lock:
                deadline = self.deadline
            if deadline is None:
                self.wake.wait()
                self.wake.clear()
                continue
            left = deadline - time.clock_gettime(self.clock)
            if left > 0:
                time.sleep(min(left, 0.05))
                continue
            with self.lock:
                if self.deadline is not None:
                    self.deadline = None
                    signal.pthread_kill(self.main, signal.SIGUSR1)

    def arm(self, limit: float) -> None:
        with self.lock:
            self.armed = True
            self.deadline = time.clock_gettime(self.clock) + limit
        self.wake.set()

    def disarm(self) -> None:
        with self.lock:
            self.armed = False
            self.deadline = None


_WATCHDOG: list[_Watchdog] = []


def _timed(call: Callable[[], T], limit: float) -> tuple[float, T | None]:
    """``call``'s CPU seconds and result; (OVER, None) when it passes ``limit`` CPU seconds."""
    gc.collect()
    if not _WATCHDOG and hasattr(time, "pthread_getcpuclockid"):  # not on Windows: no limit
        _WATCHDOG.append(_Watchdog())
    try:  # the outer catch: the signal may come between the call's end and the disarming
        start = time.process_time()
        try:
            if _WATCHDOG:
                _WATCHDOG[0].arm(limit)
            result = call()
        finally:
            if _WATCHDOG:
                _WATCHDOG[0].disarm()
        spent = time.process_time() - start
    except _OverLimitError:
        return OVER, None
    return (OVER, None) if spent > limit else (spent, result)


def _positions(profile: str, cards: str, count: int, seed: int) -> Iterator[tuple[int, pn.State]]:
    """``count`` positions of ``profile`` at a trick's start with ``cards`` a hand left.

    Each with the seed of its game (one position a game).
    """
    variant = pn.load_variant(profile)
    found = 0
    for number in range(seed, seed + count * 20):  # a game may never reach the size
        state = pn.new_game(variant, seed=number)
        bots = [make_bot("hard", seed=number * 10 + s) for s in range(variant.deal.players)]
        while not state.results:
            seat = state.to_act
            assert seat is not None
            ready = state.phase is pn.Phase.TRICKS and not state.hand.stock and not state.trick
            if ready and (cards == "hand" or max(len(h) for h in state.hands) == int(cards)):
                yield number, state
                found += 1
                break
            if ready and cards != "hand" and max(len(h) for h in state.hands) < int(cards):
                break  # a hand smaller than the size asked: the next game
            state = pn.apply(state, bots[seat].choose(pn.observe(state, seat)))
        if found == count:
            return


def _exact(state: pn.State) -> int:
    """The exact value alone, in the search's units."""
    return search_of(state).exact()


def _best_line(state: pn.State, side: int) -> int:
    """The Expert's exact endgame search: ``side``'s points from here."""
    return best_line(Tricks(state), side, -1, 1 << 30)


def _team_side(state: pn.State) -> int:
    """The side of team 0 (the bidder's), indexed like `State.points`."""
    teams = teams_of(state)
    return state.side_of(next(seat for seat in state.seats() if teams[seat] == 0))


def _nearest(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (OVER counts as the largest)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _s(seconds: float, limit: float) -> str:
    if seconds == OVER:
        return f">{limit:g} s"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} us"


def _target(profile: str, cards: int, median: float, p95: float) -> str:
    goal = TARGETS.get((profile, cards))
    if goal is None:
        return ""
    most, high = goal
    if most is None:
        return "target: measured"
    text = f"target: median <= {most:g} s" + (f", p95 <= {high:g} s" if high else "")
    met = median <= most and (high is None or p95 <= high)
    return f"{text} ({'met' if met else 'NOT met'})"


def _machine() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{os.cpu_count()} cores, load {load:.2f}"


def _tree() -> str:
    """Which pinochle the run imported, and its commit (``+`` when its tree has changes)."""
    src = Path(pn.__file__).resolve().parents[1]
    try:
        head = subprocess.run(
            ["git", "-C", str(src), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(src), "status", "--porcelain", "--", "."],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return str(src)
    return f"{src} at {head}{'+' if dirty else ''}"


def _measure(
    profile: str, cards: str, count: int, seed: int, limit: float, versus: int
) -> list[str]:
    """Time the positions of one row; print it; return the disagreements found."""
    solved: list[float] = []
    exact: list[float] = []
    pairs: list[tuple[float, float]] = []  # (best_line, exact) where both finished
    bl_over = 0
    problems: list[str] = []
    sizes: set[int] = set()
    for number, state in _positions(profile, cards, count, seed):
        size = max(len(h) for h in state.hands)
        sizes.add(size)
        where = f"{profile}, game seed {number}, {size} cards a hand"
        unit_time, units = _timed(functools.partial(_exact, state), limit)
        exact.append(unit_time)
        solve_time, solution = _timed(functools.partial(solve, state), limit)
        solved.append(solve_time)
        side = _team_side(state)
        value = None if units is None else units * search_of(state).unit
        if value is not None and solution is not None and solution.points[side] != value:
            problems.append(f"{where}: solve {solution.points[side]} != exact {value}")
        if size <= versus:
            line_time, line = _timed(functools.partial(_best_line, state, side), limit)
            if line is None:
                bl_over += 1
            elif value is not None:
                pairs.append((line_time, unit_time))
                if line != value:
                    problems.append(f"{where}: best_line {line} != exact {value}")
    if not exact:
        print(f"{profile:<24} {cards:>5}  no position reached")
        return problems
    shown = "/".join(str(s) for s in sorted(sizes))
    for name, times in (("solve", solved), ("exact", exact)):
        median, p95 = statistics.median(times), _nearest(times, 0.95)
        over = sum(t == OVER for t in times)
        goal = _target(profile, max(sizes), median, p95) if len(sizes) == 1 else ""
        print(
            f"{profile:<24} {shown:>5} {name:<6} {len(times):>4} {_s(median, limit):>10} "
            f"{_s(p95, limit):>10} {_s(max(times), limit):>10} {over:>5}  {goal}"
        )
    if min(sizes) <= versus:
        if pairs:
            line_median = statistics.median(p[0] for p in pairs)
            exact_median = statistics.median(p[1] for p in pairs)
            ratios = statistics.median(p[0] / max(p[1], 1e-6) for p in pairs)
            print(
                f"{'':<24} {shown:>5} best_line {len(pairs)} finished, {bl_over} over: "
                f"median {_s(line_median, limit)} vs exact {_s(exact_median, limit)} on the "
                f"same positions, speed-up {line_median / max(exact_median, 1e-6):.1f}x "
                f"(median of the ratios {ratios:.1f}x)"
            )
        else:
            print(f"{'':<24} {shown:>5} best_line none finished ({bl_over} over)")
    sys.stdout.flush()
    return problems


def main() -> None:
    """Measure every row asked and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default=None, help=f"comma list (default {PROFILES})")
    parser.add_argument("--cards", default="4,6,8", help="sizes: cards a hand, or 'hand'")
    parser.add_argument("--positions", type=int, default=None, help="a row (default 10; 20 full)")
    parser.add_argument("--limit", type=float, default=10.0, help="CPU seconds a run")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument(
        "--best-line-cards", type=int, default=6, help="time best_line up to this size"
    )
    parser.add_argument("--full", action="store_true", help="add the issue's whole-hand rows")
    args = parser.parse_args()
    profiles = (args.profile or PROFILES).split(",")
    count = args.positions or (20 if args.full else 10)
    rows = [(p, c) for p in profiles for c in args.cards.split(",")]
    if args.full:
        rows += [row for row in FULL if args.profile is None or row[0] in profiles]
    print(f"pinochle {_tree()}")
    print(f"{platform.python_implementation()} {platform.python_version()}, {_machine()}")
    print(f"limit {args.limit:g} CPU s a run, {count} positions a row, seeds from {args.seed}")
    print(f"{'profile':<24} {'cards':>5} {'run':<6} {'n':>4} {'median':>10} {'p95':>10} ", end="")
    print(f"{'max':>10} {'over':>5}")
    problems: list[str] = []
    for profile, cards in rows:
        problems += _measure(profile, cards, count, args.seed, args.limit, args.best_line_cards)
    print(f"load at the end: {_machine()}")
    for problem in problems:
        print(f"DISAGREEMENT (a bug): {problem}")
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
