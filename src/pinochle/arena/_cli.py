"""``pinochle arena``: a match, several profiles' matches, the level ladder or a tournament."""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from pinochle._text import printable
from pinochle._words import counted
from pinochle.arena import LADDER, seating_note, seatings
from pinochle.arena._backends import open_backend
from pinochle.arena._match import MatchInterrupted, _checked, _play_match
from pinochle.arena._play import PlayerSpec
from pinochle.arena._results import MatchResult, Timing
from pinochle.arena._tournament import TournamentResult, run_tournament
from pinochle.errors import ArenaError, ArgumentError
from pinochle.state import Phase
from pinochle.variant import Variant, load_variant

__all__ = ["ladder_table", "match_report", "run", "timings_table"]

DEFAULT_DEALS = 200
MAX_FORFEITS_SHOWN = 10
EXIT_FAILED = 1
EXIT_INTERRUPTED = 130


class Bar:
    """A one-line progress bar on a terminal's stderr: done, rate and ETA."""

    WIDTH = 30

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.label = ""
        self.start = time.perf_counter()
        self.shown = False

    def begin(self, label: str) -> None:
        """Start the bar of the next match."""
        self.label = label
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.perf_counter() - self.start
        rate = done / elapsed if done and elapsed > 0 else math.nan
        eta = (total - done) / rate if done else math.nan
        filled = self.WIDTH * done // max(total, 1)
        shown_rate = "-" if math.isnan(rate) else f"{rate:.1f}"
        self.stream.write(
            f"\r{self.label} [{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{total} "
            f"deals  {shown_rate} deals/s  ETA {clock(eta)} \033[K"
        )
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """Clear the line."""
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = False


def clock(seconds: float) -> str:
    """``m:ss``, or ``-:--`` when unknown."""
    if math.isnan(seconds) or math.isinf(seconds):
        return "-:--"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}:{rest:02d}"


def load_player(role: str, text: str) -> PlayerSpec:
    """A level's name or a program (``cmd:PROGRAM ARGS``) as given, or a callable.

    ``MODULE:NAME`` names the callable.
    """
    if ":" not in text or text.startswith("cmd:"):
        return text
    module, _, name = text.partition(":")
    try:
        found: Any = importlib.import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError, ValueError) as exc:
        raise ArgumentError(f"--{role}", "a level, or MODULE:FACTORY that imports", text) from exc
    if not callable(found):
        raise ArgumentError(f"--{role}", "MODULE:FACTORY naming a callable", text)
    factory: PlayerSpec = found
    return factory


def profile_label(name: str) -> str:
    """The profile's name, marked ``(tens)`` when its points are in tens."""
    return f"{name} (tens)" if load_variant(name).scale == 10 else name


def interval(match: MatchResult) -> str:
    """The 95% confidence interval as ``[low, high]`` (n/a with one deal)."""
    if math.isnan(match.half_width):
        return "n/a"
    low, high = match.ci
    return f"[{low:+.1f}, {high:+.1f}]"


def duration(seconds: float) -> str:
    """A short time in the unit that suits it."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def match_report(match: MatchResult, variant: Variant) -> list[str]:
    """The plain-text report of a match: the results, then how it ran, then the timings."""
    lines = []
    if match.interrupted:
        lines.append(f"interrupted: {match.n} of {counted(match.requested, 'deal')} finished")
    if match.deals:
        seeds = f"seeds {match.deals[0].seed}-{match.deals[-1].seed}"
        if match.n != match.deals[-1].index - match.deals[0].index + 1:
            seeds += ", not all"
    else:
        seeds = "none"
    unit = "a whole game" if match.play == "game" else "one hand"
    deals = counted(match.n, "deal")
    lines.append(
        f"{match.variant}: {match.a} (A) against {match.b} (B), {deals} ({seeds}), "
        f"{unit} in each of {len(seatings(variant))} seatings: {seating_note(variant)}"
    )
    half = "n/a" if math.isnan(match.half_width) else f"{match.half_width:.1f}"
    mean = "n/a" if math.isnan(match.mean) else f"{match.mean:+.1f}"
    lines.append(
        f"mean points a hand, A minus B: {mean} ± {half} (95% CI {interval(match)}), "
        f"n = {match.n}; significant: {match.verdict}"
    )
    if match.wins is not None:
        wins = match.wins
        lines.append(f"games won: A {wins.a}, B {wins.b}, unfinished {wins.unfinished}")
    forfeits = match.forfeits
    if forfeits:
        lines.append(
            f"forfeits (a program broke the bot protocol; its seating counts as lost): "
            f"A {sum(f.role == 'a' for _, _, f in forfeits)}, "
            f"B {sum(f.role == 'b' for _, _, f in forfeits)}"
        )
        for deal, number, forfeit in forfeits[:MAX_FORFEITS_SHOWN]:
            lines.append(f"  deal {deal}, seating {number}: {printable(str(forfeit))}")
        if len(forfeits) > MAX_FORFEITS_SHOWN:
            lines.append(f"  ... and {len(forfeits) - MAX_FORFEITS_SHOWN} more (--json lists them)")
    rate = match.n / match.seconds if match.seconds > 0 else math.nan
    ran = f"{counted(match.workers, 'worker')}, {counted(match.chunks, 'chunk')}"
    lines.append(
        f"wall time {match.seconds:.1f} s, {rate:.2f} deals/s; {match.backend} backend, "
        f"{ran}, {match.retries} retried"
    )
    lines += ["", *timings_table(match)]
    return lines


def timings_table(match: MatchResult) -> list[str]:
    """Each player's time a decision, by phase, as a Markdown table."""
    lines = [
        "| Player | Phase | Decisions | Median | 95th percentile |",
        "|---|---|---:|---:|---:|",
    ]
    order = [phase.value for phase in Phase]
    for role, name in (("a", match.a), ("b", match.b)):
        phases = match.timings.get(role, {})
        for phase in sorted(phases, key=lambda p: order.index(p) if p in order else len(order)):
            t = phases[phase]
            lines.append(
                f"| {name} ({role.upper()}) | {phase} | {t.count:,} | {duration(t.median)} "
                f"| {duration(t.p95)} |"
            )
    return lines


def ladder_table(matches: Sequence[MatchResult]) -> list[str]:
    """The ladder as the bots page shows it: a Markdown table and the seatings."""
    lines = [
        "| Profile | A | B | Deals | Mean (A − B) | 95% CI | Significant? |",
        "|---|---|---|---:|---:|---|---|",
    ]
    for m in matches:
        lines.append(
            f"| {profile_label(m.variant)} | {m.a} | {m.b} | {m.n} | {m.mean:+.1f} "
            f"| {interval(m)} | {m.verdict} |"
        )
    notes = {m.variant: seating_note(load_variant(m.variant)) for m in matches}
    lines += [
        "",
        "Points a hand, in each profile's own points; every deal is played in every seating:",
    ]
    lines += [f"- {name}: {note}." for name, note in notes.items()]
    return lines


def speed_table(matches: Sequence[MatchResult], workers: int) -> list[str]:
    """Each level's time a decision in the tricks phase, per profile (the bots page's Speed)."""
    from pinochle.bots import LEVELS

    pooled: dict[str, dict[str, Timing]] = {}
    for m in matches:
        for role, name in (("a", m.a), ("b", m.b)):
            t = m.timings.get(role, {}).get("tricks")
            if t is not None:
                slot = pooled.setdefault(m.variant, {})
                slot[name] = slot[name].merge(t) if name in slot else t
    lines = [
        f"Time a decision in the tricks phase (`choose`, by time.perf_counter): CPU figures of "
        f"this machine, os.cpu_count() = {os.cpu_count()}, {counted(workers, 'worker')} at once.",
        "",
        "| Profile | Level | Decisions | Median | 95th percentile |",
        "|---|---|---:|---:|---:|",
    ]
    strength = list(LEVELS)
    for variant, levels in pooled.items():
        for level in sorted(
            levels, key=lambda n: strength.index(n) if n in strength else -1, reverse=True
        ):
            t = levels[level]
            lines.append(
                f"| {variant} | {level} | {t.count:,} | {duration(t.median)} | {duration(t.p95)} |"
            )
    return lines


def run(
    args: argparse.Namespace,
    ladder_variants: Sequence[str],
    load: Callable[[str], Variant] = load_variant,
) -> int:
    """Run ``pinochle arena`` with its parsed arguments; returns the exit status.

    ``load`` reads each profile the command line names (the command's own rule for names
    and files).
    """
    default = ladder_variants if args.ladder else ("pinochlerun",)
    names = [n.strip() for n in (args.variants or ",".join(default)).split(",") if n.strip()]
    if not names:
        raise ArgumentError("--variant", "at least one profile", args.variants)
    variants = [load(name) for name in names]
    deals = args.deals if args.deals is not None else DEFAULT_DEALS
    bar = Bar(sys.stderr) if sys.stderr.isatty() and not args.json else None
    if args.tournament is not None:
        return _tournament(args, variants, deals, bar)
    rungs: Sequence[tuple[str, str]] = LADDER if args.ladder else ((args.a, args.b),)
    plan = [
        (
            v,
            a,
            b,
            args.deals_expert if args.ladder and a == "expert" and args.deals_expert else deals,
        )
        for v in variants
        for a, b in rungs
    ]
    checked = [
        (
            v,
            _checked(
                v,
                load_player("a", a),
                load_player("b", b),
                count,
                args.seed,
                _records(args.records, v, a, b, len(plan)),
                "game" if args.games else "hand",
            ),
        )
        for v, a, b, count in plan
    ]
    matches: list[MatchResult] = []
    start = time.perf_counter()
    try:
        with open_backend(args.backend, args.workers, args.address) as runner:
            for v, (rules, specs, names_ab, count, seed, folder, games) in checked:
                if bar is not None:
                    bar.begin(printable(f"{v.name} {names_ab[0]}-{names_ab[1]}"))
                try:
                    matches.append(
                        _play_match(
                            runner, rules, specs, names_ab, count, seed, folder, games, bar, matches
                        )
                    )
                finally:
                    if bar is not None:
                        bar.close()
            workers = runner.slots
    except MatchInterrupted as stop:
        _print(args, [*stop.finished, stop.result], variants, args.ladder, 0, 0.0)
        print("pinochle: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except ArenaError as exc:
        print(f"pinochle: error: {printable(str(exc))}", file=sys.stderr)
        return EXIT_FAILED
    _print(args, matches, variants, args.ladder, workers, time.perf_counter() - start)
    return 0


def _records(records: str | None, variant: Variant, a: str, b: str, count: int) -> str | None:
    """The records folder of one match: a subfolder each when there are several."""
    if records is None or count == 1:
        return records
    return os.path.join(records, f"{variant.name}-{a}-vs-{b}".replace(":", "_"))


def _print(
    args: argparse.Namespace,
    matches: Sequence[MatchResult],
    variants: Sequence[Variant],
    ladder: bool,
    workers: int,
    seconds: float,
) -> None:
    if args.json:
        data: Any = (
            matches[0].to_dict()
            if len(matches) == 1 and not ladder
            else {"matches": [m.to_dict() for m in matches]}
        )
        print(json.dumps(data, indent=1, allow_nan=False))
        return
    if ladder:
        for line in ladder_table(matches):
            print(printable(line))
        print()
        print(f"wall time: {seconds:.1f} s")
        print()
        for line in speed_table(matches, workers or matches[0].workers):
            print(printable(line))
        return
    by_name = {v.name: v for v in variants}
    for number, match in enumerate(matches):
        if number:
            print()
        for line in match_report(match, by_name[match.variant]):
            print(printable(line))


def _tournament(
    args: argparse.Namespace,
    variants: Sequence[Variant],
    deals: int,
    bar: Callable[[int, int], None] | None,
) -> int:
    players = [p.strip() for p in args.tournament.split(",") if p.strip()]
    specs = {p: load_player("tournament", p) for p in players}
    results: list[TournamentResult] = []
    try:
        for variant in variants:
            results.append(
                run_tournament(
                    variant,
                    specs,
                    deals=deals,
                    seed=args.seed,
                    backend=args.backend,
                    workers=args.workers,
                    address=args.address,
                    records=args.records,
                    play="game" if args.games else "hand",
                    progress=bar,
                )
            )
    except MatchInterrupted as stop:
        by_name = {v.name: v for v in variants}
        for match in [*stop.finished, stop.result]:
            for line in match_report(match, by_name[match.variant]):
                print(printable(line))
        print("pinochle: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except ArenaError as exc:
        print(f"pinochle: error: {printable(str(exc))}", file=sys.stderr)
        return EXIT_FAILED
    finally:
        if isinstance(bar, Bar):
            bar.close()
    if args.json:
        data = [r.to_dict() for r in results]
        print(json.dumps(data[0] if len(data) == 1 else data, indent=1, allow_nan=False))
        return 0
    for number, result in enumerate(results):
        if number:
            print()
        pairs = f"every pair over {counted(deals, 'deal')}"
        print(printable(f"{result.variant}: {len(result.players)} players, {pairs}"))
        print()
        print(printable(result.table(), keep="\n"))
    return 0
