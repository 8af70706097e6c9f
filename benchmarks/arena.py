"""Bot arena: level A against level B over many duplicate deals, on every core.

Deal ``i`` is dealt from the game seed ``seed_base + i`` and played once for every seating of
the two levels, so the cards cancel out and only the play differs:

- partnerships: A at seats 0 and 2 against B at 1 and 3, then the seats swapped;
- two-hand: A at seat 0 against B at seat 1, then swapped;
- three-hand (one side per person): A alone against two B's, once in each seat; A's points
  minus the mean of the two B's.

One hand is played per deal (after a redeal, until a hand is settled). A deal's score is A's
points minus B's for that hand, in the profile's points (tens or ones), averaged over its
seatings; the report is the mean over deals with a 95% confidence interval
(mean ± 1.96·sd/√n). The ladder mode runs expert-hard, hard-medium, medium-easy and
easy-random for each profile and prints a Markdown table for the docs. Each level's time a
decision in the tricks phase (``time.perf_counter`` around ``choose``) is reported too.

Run::

    python benchmarks/arena.py --variant pinochlerun --a hard --b medium --deals 200
    python benchmarks/arena.py --ladder --variants pinochlerun,pagat-partnership --deals 200 \\
        --deals-expert 100 --json ladder.json
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any, TextIO

import pinochle as pn
from pinochle.bots import LEVELS, make_bot

LADDER = (("expert", "hard"), ("hard", "medium"), ("medium", "easy"), ("easy", "random"))
"""The ladder's rungs, (A, B): each level against the one below it."""

MAX_REDEALS = 100
"""Deals of one game without a settled hand before the arena gives up (bots that never bid)."""

Timings = dict[str, list[float]]
"""Seconds a decision in the tricks phase, by level."""


@dataclass(frozen=True)
class Seating:
    """One play of a deal.

    Attributes:
        levels: The level at each seat.
        hand: The settled hand's number (above 0 after all passed and it was redealt).
        scores: What each side scored for the hand.
        margin: A's points minus B's (minus the mean of the B sides' points, three-hand).
    """

    levels: tuple[str, ...]
    hand: int
    scores: tuple[int, ...]
    margin: float


@dataclass(frozen=True)
class Deal:
    """A deal played in every seating; its score is the mean of their margins."""

    seed: int
    seatings: tuple[Seating, ...]

    @property
    def margin(self) -> float:
        """A's points minus B's a hand, averaged over the seatings."""
        return statistics.fmean(s.margin for s in self.seatings)


@dataclass(frozen=True)
class Match:
    """A against B on one profile: the deals, their statistics and the time it took."""

    variant: str
    a: str
    b: str
    deals: list[Deal]
    seconds: float
    timings: Timings = field(repr=False)

    @property
    def n(self) -> int:
        """Deals played."""
        return len(self.deals)

    @property
    def mean(self) -> float:
        """Mean points a hand, A minus B."""
        return statistics.fmean(d.margin for d in self.deals)

    @property
    def half_width(self) -> float:
        """Half the 95% confidence interval, 1.96·sd/√n (NaN with fewer than two deals)."""
        if self.n < 2:
            return math.nan
        return 1.96 * statistics.stdev(d.margin for d in self.deals) / math.sqrt(self.n)

    @property
    def verdict(self) -> str:
        """Whether the interval excludes zero, and for whom."""
        if not abs(self.mean) > self.half_width:  # NaN compares false: not significant
            return "no"
        return f"yes ({self.a if self.mean > 0 else self.b} better)"


# --- Playing (in the worker processes) ---------------------------------------------------


def seatings(variant: pn.Variant) -> list[tuple[bool, ...]]:
    """Every seating of a deal, as whether each seat is A's."""
    players = variant.deal.players
    if variant.deal.partnerships:
        return [tuple(seat % 2 == k for seat in range(players)) for k in (0, 1)]
    return [tuple(seat == alone for seat in range(players)) for alone in range(players)]


def play_hand(
    variant: pn.Variant, seed: int, levels: Sequence[str], is_a: Sequence[bool], timings: Timings
) -> Seating:
    """Play the deal of ``seed`` until one hand is settled; add the trick-play times."""
    # A bot seed of its own for every deal, seating (A's first seat) and seat.
    first = is_a.index(True)
    bots = [make_bot(level, (seed * 8 + first) * 8 + seat) for seat, level in enumerate(levels)]
    state = pn.new_game(variant, seed=seed)
    while True:
        seat = state.to_act
        if seat is None or state.hand.number >= MAX_REDEALS:
            raise RuntimeError(f"seed {seed}: no hand settled after {state.hand.number} deals")
        observation = pn.observe(state, seat)
        try:
            start = time.perf_counter()
            action = bots[seat].choose(observation)
            spent = time.perf_counter() - start
            after = pn.apply(state, action)
        except Exception as error:
            # Name the game, so that a bot's author can replay it; a plain RuntimeError also
            # crosses the process boundary, which exceptions with custom arguments may not.
            raise RuntimeError(
                f"{variant.name} seed {seed}, seats {levels}, seat {seat} to act: "
                f"{type(error).__name__}: {error}"
            ) from error
        if state.phase is pn.Phase.TRICKS:
            timings.setdefault(levels[seat], []).append(spent)
        if after.results:
            break
        state = after
    # Sides are read from the settled hand: with sit-outs, who plays changes every hand.
    scores = after.results[0].scores
    a_sides = {state.side_of(s) for s in range(len(levels)) if is_a[s]}
    b_sides = {state.side_of(s) for s in range(len(levels)) if not is_a[s]}
    margin = statistics.fmean(scores[x] for x in a_sides) - statistics.fmean(
        scores[x] for x in b_sides
    )
    return Seating(tuple(levels), state.hand.number, scores, margin)


def play_deals(
    variant_name: str, a: str, b: str, seeds: Sequence[int]
) -> tuple[list[Deal], Timings]:
    """Play each seed's deal in every seating (one chunk of a match, in a worker)."""
    variant = pn.load_variant(variant_name)
    timings: Timings = {}
    deals = []
    for seed in seeds:
        played = []
        for is_a in seatings(variant):
            levels = [a if mine else b for mine in is_a]
            played.append(play_hand(variant, seed, levels, is_a, timings))
        deals.append(Deal(seed, tuple(played)))
    return deals, timings


# --- Running a match -----------------------------------------------------------------------


class Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    WIDTH = 30

    def __init__(self, label: str, total: int, stream: TextIO = sys.stderr) -> None:
        self.label, self.total, self.stream = label, total, stream
        self.done = 0
        self.start = time.perf_counter()
        self.shown = stream.isatty()
        self.draw()

    def advance(self, count: int) -> None:
        """Count ``count`` more deals done."""
        self.done += count
        self.draw()

    def draw(self) -> None:
        """Redraw the bar in place."""
        if not self.shown:
            return
        elapsed = time.perf_counter() - self.start
        filled = self.WIDTH * self.done // self.total
        eta = elapsed / self.done * (self.total - self.done) if self.done else math.nan
        self.stream.write(
            f"\r{self.label} [{'#' * filled}{'.' * (self.WIDTH - filled)}] "
            f"{self.done}/{self.total} deals  elapsed {clock(elapsed)}  ETA {clock(eta)} "
        )
        self.stream.flush()

    def close(self) -> None:
        """Clear the line, leaving the terminal as it was."""
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


def clock(seconds: float) -> str:
    """``m:ss``, or ``-:--`` when unknown."""
    if math.isnan(seconds):
        return "-:--"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}:{rest:02d}"


def chunks(seeds: Sequence[int], size: int) -> Iterator[Sequence[int]]:
    """The seeds in consecutive runs of ``size``."""
    for start in range(0, len(seeds), size):
        yield seeds[start : start + size]


def run_match(
    pool: Executor | None, workers: int, variant: str, a: str, b: str, deals: int, seed_base: int
) -> Match:
    """Play ``deals`` duplicate deals of A against B, in ``pool`` (None: in this process)."""
    seeds = range(seed_base, seed_base + deals)
    size = max(1, min(20, math.ceil(deals / (workers * 8))))  # small enough to balance the load
    progress = Progress(f"{variant} {a}-{b}", deals)
    start = time.perf_counter()
    done: list[Deal] = []
    timings: Timings = {}

    def gather(results: Iterable[tuple[list[Deal], Timings]]) -> None:
        for played, times in results:
            done.extend(played)
            for level, spent in times.items():
                timings.setdefault(level, []).extend(spent)
            progress.advance(len(played))

    try:
        if pool is None:
            gather(play_deals(variant, a, b, part) for part in chunks(seeds, size))
        else:
            futures: list[Future[tuple[list[Deal], Timings]]] = [
                pool.submit(play_deals, variant, a, b, part) for part in chunks(seeds, size)
            ]
            gather(future.result() for future in as_completed(futures))
    finally:
        progress.close()
    done.sort(key=lambda deal: deal.seed)
    return Match(variant, a, b, done, time.perf_counter() - start, timings)


# --- Reporting -----------------------------------------------------------------------------


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of ``values`` (not empty)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def duration(seconds: float) -> str:
    """A short time in the unit that suits it."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def interval(match: Match) -> str:
    """The 95% confidence interval as ``[low, high]``."""
    if math.isnan(match.half_width):
        return "n/a"
    return f"[{match.mean - match.half_width:+.1f}, {match.mean + match.half_width:+.1f}]"


def seating_note(variant: pn.Variant) -> str:
    """How a deal is seated for this table, in words."""
    if variant.deal.partnerships:
        return "A at seats 0 and 2 against B at 1 and 3, then swapped"
    if variant.deal.players == 2:
        return "A at seat 0 against B at seat 1, then swapped"
    return (
        f"A alone against {variant.deal.players - 1} B's, once in each seat; "
        "points are A's minus the mean of the B's"
    )


def print_match(match: Match) -> None:
    """The plain-text report of one match."""
    variant = pn.load_variant(match.variant)
    first = match.deals[0].seed
    print(
        f"{match.variant}: {match.a} (A) against {match.b} (B), {match.n} deals "
        f"(seeds {first}-{first + match.n - 1}), each in {len(seatings(variant))} seatings: "
        f"{seating_note(variant)}"
    )
    half = "n/a" if math.isnan(match.half_width) else f"{match.half_width:.1f}"
    print(
        f"mean points a hand, A minus B: {match.mean:+.1f} ± {half} "
        f"(95% CI {interval(match)}), n = {match.n}; significant: {match.verdict}"
    )
    print(f"wall time: {match.seconds:.1f} s")


def print_ladder(matches: Sequence[Match]) -> None:
    """The ladder as a Markdown table, and how each profile's deals were seated."""
    print("| Profile | A | B | Deals | Mean (A − B) | 95% CI | Significant? |")
    print("|---|---|---|---:|---:|---|---|")
    for m in matches:
        print(
            f"| {m.variant} | {m.a} | {m.b} | {m.n} | {m.mean:+.1f} | {interval(m)} | {m.verdict} |"
        )
    notes = {m.variant: seating_note(pn.load_variant(m.variant)) for m in matches}
    print()
    print("Points a hand, in each profile's own points; every deal is played in every seating:")
    for name, note in notes.items():
        print(f"- {name}: {note}.")


def print_timings(matches: Sequence[Match], workers: int) -> None:
    """Each level's time a decision in the tricks phase, per profile, as a Markdown table."""
    print()
    print(
        f"Time a decision in the tricks phase (`choose`, by time.perf_counter): CPU figures of "
        f"this machine, os.cpu_count() = {os.cpu_count()}, {workers} worker process(es) at once."
    )
    print()
    print("| Profile | Level | Decisions | Median | 95th percentile |")
    print("|---|---|---:|---:|---:|")
    pooled: dict[str, dict[str, list[float]]] = {}  # profile -> level -> seconds
    for m in matches:
        for level, spent in m.timings.items():
            pooled.setdefault(m.variant, {}).setdefault(level, []).extend(spent)
    strength = list(LEVELS)
    for variant, levels in pooled.items():
        for level in sorted(levels, key=strength.index, reverse=True):
            spent = levels[level]
            print(
                f"| {variant} | {level} | {len(spent):,} | {duration(statistics.median(spent))} "
                f"| {duration(percentile(spent, 0.95))} |"
            )
    if not pooled:
        print("| (no hand reached the tricks phase) | | | | |")


def save_json(path: str, matches: Sequence[Match], workers: int) -> None:
    """The raw per-deal results, one entry a match."""
    data: dict[str, Any] = {
        "cpu_count": os.cpu_count(),
        "workers": workers,
        "python": sys.version.split()[0],
        "matches": [
            {
                "variant": m.variant,
                "a": m.a,
                "b": m.b,
                "n": m.n,
                "mean": m.mean,
                "half_width": None if math.isnan(m.half_width) else m.half_width,
                "significant": m.verdict,
                "seconds": m.seconds,
                "timings": {
                    level: {
                        "decisions": len(spent),
                        "median": statistics.median(spent),
                        "p95": percentile(spent, 0.95),
                    }
                    for level, spent in m.timings.items()
                },
                "deals": [{**asdict(d), "margin": d.margin} for d in m.deals],
            }
            for m in matches
        ],
    }
    with open(path, "w", encoding="utf-8") as out:
        json.dump(data, out, indent=1)


# --- Command line --------------------------------------------------------------------------


def positive(text: str) -> int:
    """An argparse type: an integer of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, found {text}")
    return value


def level(text: str) -> str:
    """An argparse type: a bot level's name."""
    if text.lower() not in LEVELS:
        raise argparse.ArgumentTypeError(
            f"unknown bot level {text!r}: expected one of {', '.join(LEVELS)}"
        )
    return text.lower()


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command-line options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--variant",
        "--variants",
        dest="variants",
        default="pinochlerun",
        metavar="NAMES",
        help="profile name or .toml path; comma-separated for several (default pinochlerun)",
    )
    parser.add_argument("--a", type=level, default="hard", help="level A (default hard)")
    parser.add_argument("--b", type=level, default="medium", help="level B (default medium)")
    parser.add_argument("--deals", type=positive, default=200, help="deals a match (200)")
    parser.add_argument(
        "--ladder",
        action="store_true",
        help="run " + ", ".join(f"{a}-{b}" for a, b in LADDER) + " for each profile",
    )
    for name in dict.fromkeys(a for a, _ in LADDER):
        parser.add_argument(
            f"--deals-{name}",
            type=positive,
            metavar="N",
            help=f"ladder: deals of the rung with {name} as A (default --deals)",
        )
    parser.add_argument(
        "--workers",
        type=positive,
        default=os.cpu_count() or 1,
        help="worker processes (default: every core); 1 plays in this process",
    )
    parser.add_argument("--seed-base", type=int, default=0, help="deal i uses seed BASE+i (0)")
    parser.add_argument("--json", metavar="FILE", help="save the raw per-deal results")
    args = parser.parse_args(argv)
    args.variants = [name.strip() for name in args.variants.split(",") if name.strip()]
    if not args.variants:
        parser.error("--variant: name at least one profile")
    for name in args.variants:
        try:
            pn.load_variant(name)
        except pn.VariantError as error:
            parser.error(f"--variant: {error}")
    return args


def main(argv: Sequence[str] | None = None) -> list[Match]:
    """Run the arena; returns the matches played (for tests and notebooks)."""
    args = parse(argv)
    rungs = LADDER if args.ladder else ((args.a, args.b),)
    plan = [
        (name, a, b, (getattr(args, f"deals_{a}") or args.deals) if args.ladder else args.deals)
        for name in args.variants
        for a, b in rungs
    ]
    print(
        f"python {sys.version.split()[0]}, os.cpu_count() = {os.cpu_count()}, "
        f"{args.workers} worker process(es), seeds from {args.seed_base}"
    )
    print()
    start = time.perf_counter()
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else contextlib.nullcontext()
    with pool as executor:
        matches = [
            run_match(executor, args.workers, name, a, b, deals, args.seed_base)
            for name, a, b, deals in plan
        ]
    if args.json:  # first: the raw results outlive a closed pipe
        save_json(args.json, matches, args.workers)
    if args.ladder:
        print_ladder(matches)
        print(f"\nwall time: {time.perf_counter() - start:.1f} s")
    else:
        for match in matches:
            print_match(match)
    print_timings(matches, args.workers)
    return matches


if __name__ == "__main__":
    main()
