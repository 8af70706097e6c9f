"""``pinochle score``: a score sheet in a JSON file, kept a hand at a time, and its tables."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from pinochle._text import printable
from pinochle.cli._common import EXIT_OK, CommandError, load_profile, summary
from pinochle.scoring import MeldStatus
from pinochle.sheet import ScoreSheet, SheetError, SheetHand, update_file

__all__ = ["run_add", "run_new", "run_show", "run_undo"]


def run_new(args: argparse.Namespace) -> int:
    """``pinochle score new``: a sheet with no hand, never over a file unless forced."""
    sheet = ScoreSheet(load_profile(args.variant), args.scores, strict_bids=args.strict_bids)
    try:
        sheet.save(args.file, replace=args.force)
    except SheetError as exc:
        if exc.problem == "already exists":
            raise CommandError(f"{exc.path}: already exists (use --force to replace it)") from None
        raise
    strict = "; bids checked as in the auction" if sheet.strict_bids else ""
    named = f"{printable(args.file)}: {printable(sheet.variant.name)}"
    print(f"new score sheet {named} ({summary(sheet.variant)}){strict}")
    print(_standing(sheet))
    return EXIT_OK


def run_add(args: argparse.Namespace) -> int:
    """``pinochle score add``: the next hand settled and written, under the file's lock."""

    def add(sheet: ScoreSheet) -> ScoreSheet:
        sides = sheet.variant.sides
        return sheet.record(
            bidder=args.bidder,
            bid=0 if args.bid is None else args.bid,
            meld=args.meld,
            points=args.points,
            tricks=args.tricks,
            counters=_side_flags("--counters", args.counters, sides),
            nines_only=_side_flags("--nines-only", args.nines_only, sides),
            thrown_in=args.thrown_in,
            no_marriage=args.no_marriage,
            trump=args.trump,
            conceded=args.conceded,
            moon=args.moon,
            strict_bids=args.strict_bids,
            renege=args.renege,
            called_by=args.called_by,
            proven=not args.unproven,
            checks=args.checks,
            outright=args.outright,
            partner=args.partner,
        )

    sheet = _update_sheet(args.file, add)
    hand = sheet.hands[-1]
    print(f"hand {len(sheet)}  {_reason(hand)}")
    scores = (
        f"side {i} {s:+d} → {t}"
        for i, (s, t) in enumerate(zip(hand.result.scores, hand.totals, strict=True))
    )
    print(f"scores  {'   '.join(scores)}")
    if hand.result.checks:
        checks = (f"side {i} {c:+d}" for i, c in enumerate(hand.result.checks))
        print(f"checks  {'   '.join(checks)}")
    print(_standing(sheet))
    return EXIT_OK


def run_show(args: argparse.Namespace) -> int:
    """``pinochle score show``: the profile, a row a hand, the totals and the standing."""
    sheet = _sheet_file(ScoreSheet.load, args.file)
    print(f"{printable(sheet.variant.name)} ({summary(sheet.variant)})")
    print("\n".join(_sheet_table(sheet)))
    print(_standing(sheet))
    return EXIT_OK


def run_undo(args: argparse.Namespace) -> int:
    """``pinochle score undo``: the last hand taken back."""
    removed: list[SheetHand] = []

    def undo(sheet: ScoreSheet) -> ScoreSheet:
        undone = sheet.undo()
        removed.append(sheet.hands[-1])
        return undone

    undone = _update_sheet(args.file, undo)
    print(f"removed hand {len(undone) + 1}  {_reason(removed[-1])}")
    print(_standing(undone))
    return EXIT_OK


def _update_sheet(file: str, change: Callable[[ScoreSheet], ScoreSheet]) -> ScoreSheet:
    """`update_file` (locked read-modify-write), with the hint for a missing file."""
    return _sheet_file(lambda path: update_file(path, change), file)


def _sheet_file(run: Callable[[str], ScoreSheet], file: str) -> ScoreSheet:
    """``run(file)``, with the hint for a missing file."""
    try:
        return run(file)
    except SheetError as exc:
        if exc.path is not None and exc.problem == "no such file":
            raise CommandError(f"{exc} (start one with 'pinochle score new')") from None
        raise


def _side_flags(option: str, sides: Sequence[int] | None, count: int) -> tuple[bool, ...] | None:
    """Side numbers from the command line as one flag per side (None: not given)."""
    if sides is None:
        return None
    for side in sides:
        if not 0 <= side < count:
            raise CommandError(f"{option}: expected sides from 0 to {count - 1}, found {side}")
    return tuple(i in sides for i in range(count))


# --- What the verbs print -------------------------------------------------------------


_MELD_NOTES = {
    MeldStatus.LOST: "meld lost",
    MeldStatus.NINES: "meld saved by nines",
    MeldStatus.BELOW_MINIMUM: "meld below minimum",
}


def _reason(hand: SheetHand) -> str:
    """The settlement's reason, what became of unusual meld, and any game event."""
    parts = [hand.result.reason]
    for i, side in enumerate(hand.result.sides):
        note = _MELD_NOTES.get(side.meld_status)
        if note:
            parts.append(f"side {i} {note} ({side.meld})")
    if hand.end.reason:
        parts.append(hand.end.reason)
    return "; ".join(parts)


def _standing(sheet: ScoreSheet) -> str:
    """The totals and who won or leads."""
    scores = sheet.scores
    totals = "   ".join(f"side {i} {s}" for i, s in enumerate(scores))
    if sheet.winner is not None:
        won = f"winner  side {sheet.winner} ({sheet.hands[-1].end.reason})"
        return f"totals  {totals}{_check_totals(sheet)}\n{won}"
    top = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == top]
    if len(leaders) == 1:
        lead = f"side {leaders[0]} leads"
    else:
        lead = "tied: " + ", ".join(f"side {i}" for i in leaders)
    goal = "chips, settled every hand" if sheet.target is None else f"game {sheet.target}"
    return f"totals  {totals}{_check_totals(sheet)}\nstatus  {lead} ({goal})"


def _check_totals(sheet: ScoreSheet) -> str:
    """Check pinochle: every side's checks so far, on a line of their own ("" without)."""
    if not sheet.variant.checks.played:
        return ""
    return "\nchecks  " + "   ".join(f"side {i} {c:+d}" for i, c in enumerate(sheet.checks))


def _sheet_table(sheet: ScoreSheet) -> list[str]:
    """One row per hand: what was bid, each side's score, the running totals and why."""
    n = sheet.variant.sides
    c = n if sheet.variant.checks.played else 0  # check pinochle: a column a side
    header = ["hand", "bidder", "bid", "outcome"]
    header += [f"side {i}" for i in range(n)] + [f"total {i}" for i in range(n)]
    header += [f"checks {i}" for i in range(c)] + ["reason"]
    rows = [["start", "", "", "", *([""] * n), *map(str, sheet.start), *([""] * c), ""]]
    for number, hand in enumerate(sheet.hands, start=1):
        result = hand.result
        rows.append(
            [
                str(number),
                "-" if result.bidder is None else str(result.bidder),
                str(result.bid) if result.bidder is not None else "-",
                result.outcome.value,
                *(f"{s:+d}" for s in result.scores),
                *map(str, hand.totals),
                *(f"{k:+d}" for k in (result.checks or (0,) * n)[:c]),
                _reason(hand),
            ]
        )
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header) - 1)]
    lines = []
    for row in [header, *rows]:
        cells = (
            cell.ljust(w) if i in (1, 3) else cell.rjust(w)  # bidder and outcome read as words
            for i, (cell, w) in enumerate(zip(row, widths, strict=False))
        )
        lines.append(f"{'  '.join(cells)}  {row[-1]}".rstrip())
    return lines
