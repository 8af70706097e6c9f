"""``pinochle replay``, ``record check`` and ``record convert``: a record told, checked, converted.

``convert`` writes a JSON record as a game in the notation (`pinochle.notation`), or back.
A file that cannot be read is bad input (status 2); one that reads but is not a sound
record, or does not replay, fails its check (status 1), one line a problem. ``convert``
can only convert what it reads: any problem with its input is bad input (status 2).
"""

from __future__ import annotations

import argparse
import re
import stat
from collections.abc import Iterator

from pinochle import _files
from pinochle._text import printable, printable_document
from pinochle.cli._common import (
    EXIT_OK,
    CommandError,
    bad_record,
    file_error,
    file_problem,
    label,
    read_record,
)
from pinochle.demo import narrate, side_name
from pinochle.records import GameRecord, RecordError, replay_states
from pinochle.state import State

__all__ = ["run_check", "run_convert", "run_replay"]


def run_replay(args: argparse.Namespace) -> int:
    """``pinochle replay``: the record narrated, all of it or one seat's or one hand's view."""
    record = read_record(args.file)
    hands, _ = _replay_summary(args.file, record)
    players = record.variant.deal.players
    if args.seat is not None and not 0 <= args.seat < players:
        raise CommandError(f"--seat: expected a seat from 0 to {players - 1}, found {args.seat}")
    if args.hand is not None and not 1 <= args.hand <= hands:
        told = f"hands 1 to {hands}" if hands else "no hand"
        raise CommandError(f"--hand: the record has {told}, not {args.hand}")
    for line in narrate(replay_states(record), seat=args.seat, hand=args.hand):
        print(printable(line))
    return EXIT_OK


def run_check(args: argparse.Namespace) -> int:
    """``pinochle record check``: every step replayed; the hands, actions and scores."""
    record = read_record(args.file)
    hands, last = _replay_summary(args.file, record)
    variant = record.variant
    totals = "  ".join(f"{side_name(variant, i)} {s}" for i, s in enumerate(last.scores))
    if last.is_over and last.winner is not None:
        end = f"game over, {side_name(variant, last.winner)} won"
    else:
        end = "game not over"
    actions = len(record.actions)
    print(
        f"ok: {hands} hand{'s' * (hands != 1)}, {actions} action{'s' * (actions != 1)}, "
        f"scores {totals} ({printable(variant.name)}; {end})"
    )
    return EXIT_OK


def run_convert(args: argparse.Namespace) -> int:
    """``pinochle record convert``: a JSON record as a game in the notation, or back."""
    from pinochle import notation
    from pinochle.documents import check_path, read_text
    from pinochle.errors import NotationError

    text = read_text(args.file, file_error(args.file))
    is_json = _JSON_START.match(text) is not None
    try:
        record = GameRecord.from_json(text) if is_json else notation.read_game(text)
    except RecordError as exc:
        raise CommandError(*(f"{label(args.file)}: {p}" for p in exc.problems)) from None
    except NotationError as exc:
        raise file_problem(args.file, str(exc)) from None
    if (args.to or ("notation" if is_json else "json")) == "json":
        out = record.to_json() + "\n"
    else:
        try:
            out = notation.write_game(record)
        except RecordError as exc:  # the notation lays the moves out by replaying them
            raise CommandError(*(f"{label(args.file)}: {p}" for p in exc.problems)) from None
    if args.out is None:  # a record's text escaped, as JSON's or the notation's strings read it
        print(printable_document(out, "json"), end="")
        return EXIT_OK
    path = _files.resolve(check_path(args.out, file_error(args.out)))
    if path.is_dir():
        raise file_problem(args.out, "is a folder, not a file")
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = _files.new_mode()
    _files.replace(path, out, mode, file_error(args.out))  # atomic: all of it, or as it was
    return EXIT_OK


_JSON_START = re.compile(r'\s*\{\s*"')
"""A JSON record starts with an object's first key; a game in the notation, with a tag."""


def _replay_summary(file: str, record: GameRecord) -> tuple[int, State]:
    """Replay every step: the number of hands with an action, and the last state.

    Raises:
        CommandError: A step is illegal (status 1); the message names the first one.
    """
    hands: set[int] = set()
    states: Iterator[State] = replay_states(record)
    try:
        last = next(states)
        for state in states:
            hands.add(last.hand.number)
            last = state
    except RecordError as exc:
        raise bad_record(file, exc) from None
    return len(hands), last
