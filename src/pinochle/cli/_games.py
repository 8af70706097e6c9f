"""``pinochle demo`` and ``pinochle play``: a game watched or played, and its record saved."""

from __future__ import annotations

import argparse
import io
import os
import stat
import sys
from pathlib import Path
from typing import TextIO, cast

from pinochle import _files
from pinochle._text import printable
from pinochle.cli._common import EXIT_OK, CommandError, file_error, file_problem, load_profile
from pinochle.demo import play_demo
from pinochle.documents import check_path
from pinochle.play import play_game
from pinochle.records import record_of
from pinochle.state import State
from pinochle.terminal import suits_encodable, wants_colour

__all__ = ["run_demo", "run_play"]


def run_demo(args: argparse.Namespace) -> int:
    """``pinochle demo``: a game between computer players, narrated hand by hand."""
    variant = load_profile(args.variant)
    target = _record_target(args.record) if args.record is not None else None
    guard = _Output(sys.stdout)  # with --record a closed output does not stop the game
    out = cast(TextIO, guard) if target is not None else sys.stdout
    ascii = args.ascii or not suits_encodable(sys.stdout)
    colour = wants_colour(sys.stdout)
    state = play_demo(
        variant,
        seed=args.seed,
        out=out,
        max_hands=args.max_hands,
        level=args.level,
        ascii=ascii,
        colour=colour,
    )
    if target is not None:
        _save_record(target, args.record, state)
        if guard.broken:  # `demo --record FILE | head`: the record is whole all the same
            raise BrokenPipeError
    return EXIT_OK


def run_play(args: argparse.Namespace) -> int:
    """``pinochle play``: a game at the terminal; the record saved however it ends."""
    variant = load_profile(args.variant)
    target = _record_target(args.record) if args.record is not None else None

    def save(state: State) -> None:
        if target is not None:
            _save_record(target, args.record, state)

    play_game(
        variant,
        level=args.level,
        seed=args.seed,
        on_end=save,
        players=args.players,
        ascii=args.ascii or None,
        review=args.review,
        hint_worlds=args.hint_worlds,
    )
    if target is not None:
        saved = printable(args.record)
        print(f"The game is saved in {saved}: see it again with 'pinochle replay'.")
    return EXIT_OK  # a finished game and one the player left are both a clean exit


def run_engine(args: argparse.Namespace) -> int:
    """``pinochle engine``: the bot protocol on standard input and output, until ``quit``."""
    from pinochle.arguments import SEED_LIMIT
    from pinochle.protocol import run_engine as speak

    if args.seed is not None and not 0 <= args.seed < SEED_LIMIT:
        raise CommandError(f"--seed: expected a whole number from 0 to {SEED_LIMIT - 1}")
    return speak(args.level, args.seed)


def _record_target(file: str) -> Path:
    """Where ``--record`` writes, checked before the game so that no game is played in vain.

    Raises:
        CommandError: The name cannot be a file, is a folder or read-only, or its folder is
            missing or not writable.
    """
    try:
        path = _files.resolve(check_path(file, file_error(file)))
        if path.is_dir():
            raise file_problem(file, "is a folder, not a file")
        if not path.parent.is_dir():
            raise file_problem(file, f"no such folder: {path.parent}")
        if path.exists() and not os.access(path, os.W_OK):
            raise file_problem(file, "the file is read-only; make it writable to replace it")
        if not os.access(path.parent, os.W_OK):
            raise file_problem(file, "cannot write in its folder")
    except OSError as exc:  # a name too long for the file system, say
        raise file_problem(file, f"cannot write: {exc.strerror or exc}") from None
    return path


def _save_record(path: Path, file: str, state: State) -> None:
    """Write the game's record atomically: the file is the whole record or as it was."""
    error = file_error(file)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = _files.new_mode()
    _files.replace(path, record_of(state).to_json() + "\n", mode, error)


class _Output(io.TextIOBase):
    """Standard output that, once its reader leaves (a broken pipe), swallows the rest.

    With ``--record`` the game goes on to the end, so the record is whole.
    """

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream
        self.broken = False

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                self.stream.write(text)
            except BrokenPipeError:
                self.broken = True
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self.broken = True
