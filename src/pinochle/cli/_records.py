"""``pinochle replay`` and ``pinochle record check``: a game record narrated or checked.

A file that cannot be read is bad input (status 2); one that reads but is not a sound
record, or does not replay, fails its check (status 1), one line a problem.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from pinochle._text import printable
from pinochle.cli._common import EXIT_OK, CommandError, bad_record, read_record
from pinochle.demo import narrate, side_name
from pinochle.records import GameRecord, RecordError, replay_states
from pinochle.state import State

__all__ = ["run_check", "run_replay"]


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
