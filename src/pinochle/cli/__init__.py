r"""The ``pinochle`` command: play, demo games, meld, counting, profiles and score sheets.

Each group of verbs is a private module of this package that loads only when one of its
verbs runs, with the text it prints beside it: ``_cards`` (``meld``, ``count``),
``_profiles`` (``variants``, ``check``), ``_games`` (``demo``, ``play``), ``_records``
(``replay``, ``record``), ``_analysis`` (``solve``), ``_review`` (``review``, ``stats``),
``_score``, ``_serve`` and ``_arena``. ``_arguments`` declares every verb's arguments
and names its run, so ``pinochle --version`` loads no verb's module. A new verb is a
subparser there and a ``run_*`` function in its group's module.

Bad input never shows a traceback: it prints one line starting with
``pinochle: error:`` on stderr and exits with status 2 (a profile with several problems
gets one such line per problem). Status 1 means the input was fine but what it describes
fails: ``pinochle check`` found a broken invariant, ``pinochle variants validate`` has a
profile that loads but does not play, or ``pinochle replay``, ``pinochle record check``
``pinochle solve``, ``pinochle review`` and ``pinochle stats`` read a file that is not a
sound game record.

Text that comes from a file or a file's name (a profile's name and title, keys, a
record's embedded profile, the names themselves, every error message that quotes them)
reaches the terminal through `pinochle._text.printable`: control and format characters are
shown escaped (``\x1b``, ``\r``, ``\u202e``), so a hostile file cannot rewrite the
terminal. The JSON and TOML the verbs print escape them the way those formats read back.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence

from pinochle._text import printable
from pinochle.cli._arguments import parser
from pinochle.cli._common import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    PROG,
    CommandError,
)
from pinochle.errors import InvariantError, PinochleError, VariantError

__all__ = ["main"]

_parser = parser  # the whole command's parser, as the tests read its help


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pinochle`` command.

    Args:
        argv: The arguments after the program name (default: ``sys.argv[1:]``).

    Returns:
        The exit status: 0 on success, 2 on bad input or a usage error (a file that cannot
        be read or written included), 1 when a check fails (``check``, ``variants validate``,
        or a game record that is malformed or does not replay), 130 when interrupted, 70
        on an internal error (a bug: reported in one line, never a traceback).
    """
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except InvariantError as exc:  # a broken promise of the library: a bug, not bad input
        return _internal(exc)
    except PinochleError as exc:  # CommandError included: it carries its own status
        status = exc.status if isinstance(exc, CommandError) else EXIT_BAD_INPUT
        # Bad input is an error; a file that fails its check names itself instead.
        prefix = f"{PROG}: error: " if status == EXIT_BAD_INPUT else f"{PROG}: "
        for line in _lines(exc):
            print(f"{prefix}{line}", file=sys.stderr)
        return status
    except BrokenPipeError:  # `pinochle demo | head`: the reader left; that is fine
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the exit-time flush
        return EXIT_OK
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as exc:  # a bug of ours: still one line, never a traceback
        return _internal(exc)


def _internal(exc: Exception) -> int:
    """Report a bug of the library in one line, never a traceback."""
    print(
        f"{PROG}: internal error: {type(exc).__name__}: {_lines(exc)[0]} "
        "(please report it with the command that caused it)",
        file=sys.stderr,
    )
    return EXIT_INTERNAL


def _lines(exc: BaseException) -> list[str]:
    """The error's lines: one per problem of a profile or a record, else one.

    Each is shown with its control characters escaped (it may quote a hostile file or file
    name) and cut at 2,000 characters.
    """
    if isinstance(exc, VariantError):
        lines: Sequence[str] = exc.lines()
    elif isinstance(exc, CommandError):
        lines = exc.lines
    else:
        lines = [str(exc)]
    shown = [printable(line.strip()) for line in lines]
    return [text if len(text) <= 2000 else text[:1997] + "..." for text in shown]
