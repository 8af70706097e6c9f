"""``pinochle variants`` and ``pinochle check``: list, show, validate and check profiles."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pinochle._text import printable, printable_document
from pinochle._words import counted
from pinochle.cli._common import (
    EXIT_FAILED,
    EXIT_OK,
    CommandError,
    load_profile,
    named,
    players,
    profile_source,
    scale_word,
    summary,
)
from pinochle.variant import builtin_variants, load_variant

__all__ = ["run_check", "run_list", "run_show", "run_validate"]


def run_list(args: argparse.Namespace) -> int:
    """``pinochle variants`` and ``variants list``: every built-in profile, a line each."""
    rows = []
    for name in builtin_variants():
        variant = load_variant(name)
        scale, deck = scale_word(variant), variant.deal.deck.value
        rows.append((printable(name), scale, deck, players(variant), printable(variant.title)))
    widths = [max((len(row[i]) for row in rows), default=0) for i in range(4)]
    for *cells, title in rows:
        aligned = "  ".join(f"{cell:<{w}}" for cell, w in zip(cells, widths, strict=True))
        print(f"{aligned}  {title}".rstrip())
    return EXIT_OK


def run_show(args: argparse.Namespace) -> int:
    """``pinochle variants show``: the profile as fully resolved TOML."""
    print(printable_document(load_profile(args.profile).to_toml(), "toml"), end="")
    return EXIT_OK


def run_validate(args: argparse.Namespace) -> int:
    """``pinochle variants validate``: load the profile, then play a few quick games."""
    from pinochle import checking  # lazily: the other verbs stay light

    if not 0 <= args.games <= 1000:
        raise CommandError(f"--games: expected 0 to 1000, found {args.games}")
    variant = load_profile(args.file)
    problem = checking.play_problem(variant, games=args.games, seed=args.seed, max_hands=3)
    if problem is not None:
        raise CommandError(f"{args.file}: loads but does not play: {problem}", status=EXIT_FAILED)
    played = f"; {counted(args.games, 'random game')} played" if args.games else ""
    print(f"ok: {named(variant)} ({summary(variant)}){played}")
    return EXIT_OK


def run_check(args: argparse.Namespace) -> int:
    """``pinochle check``: many random games; a failure's records are written to replay."""
    from pinochle.checking import check_variant  # lazily: the other verbs stay light

    if args.games < 1:
        raise CommandError(f"--games: expected at least 1, found {args.games}")
    source = profile_source(args.profile)
    variant = load_variant(source)
    print(f"{named(variant)} ({summary(variant)})", flush=True)

    def bar(done: int, total: int) -> None:
        filled = 30 * done // total
        end = "\n" if done == total else ""
        print(f"\r[{'#' * filled:<30}] {done}/{total} games", end=end, file=sys.stderr, flush=True)

    progress = bar if sys.stderr.isatty() else None
    report = check_variant(variant, games=args.games, seed=args.seed, progress=progress)
    print(printable(report.summary(), keep="\n"))
    if report.ok:
        return EXIT_OK
    # A built-in profile's records go in the current folder; a file's beside the file.
    builtin = isinstance(source, str) and source in builtin_variants()
    folder = Path.cwd() if builtin else Path(source).parent
    stem = variant.name if builtin else Path(source).stem
    try:
        paths = report.write_failures(folder, stem)
    except OSError as exc:
        raise CommandError(f"cannot write the failure records in {folder}: {exc}") from None
    for path in paths:
        print(f"reproducing record: {printable(str(path))}")
    return EXIT_FAILED
