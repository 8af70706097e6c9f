"""What every verb shares: the exit statuses, the one error type, profiles and file names.

Light on purpose: `pinochle.cli` loads it with the parser, before it knows which verb runs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pinochle._text import printable
from pinochle.errors import PinochleError, RecordError
from pinochle.variant import DEFAULT_VARIANT, Variant, builtin_variants, load_variant

if TYPE_CHECKING:
    from pinochle.records import GameRecord

PROG = "pinochle"
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 70  # EX_SOFTWARE: a bug in the library, reported in one line
EXIT_INTERRUPTED = 130  # the shell's code for Ctrl-C


class CommandError(PinochleError):
    """The command stops: bad input (status 2) or a file that fails its check (status 1).

    `pinochle.cli.main` prints each line on stderr, after ``pinochle: error:`` for bad input
    and after ``pinochle:`` for a failed check, and exits with the status.

    Attributes:
        lines: One line a problem, as the command shows them (escaped when printed).
        status: The exit status: `EXIT_BAD_INPUT` or `EXIT_FAILED`.
    """

    def __init__(self, *lines: str, status: int = EXIT_BAD_INPUT) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines
        self.status = status


def file_error(file: str) -> Callable[[str], CommandError]:
    """Errors that name the file (a hostile name briefly): bad input, status 2."""
    named = label(file)
    return lambda problem: CommandError(f"{named}: {problem}")


def file_problem(file: str, problem: str) -> CommandError:
    """The error for a ``problem`` with ``file`` (see `file_error`)."""
    return file_error(file)(problem)


def label(file: str) -> str:
    """A file's name as errors give it: a long one cut (`main` escapes what it holds)."""
    return file if len(file) <= 200 else file[:100] + "..."


# --- Game records ----------------------------------------------------------------------
# The records load with the verbs that read one (``replay``, ``record check``, ``solve``).


def read_record(file: str) -> GameRecord:
    """The record in a file: unreadable is status 2, not a record status 1."""
    from pinochle.documents import read_text
    from pinochle.records import GameRecord

    text = read_text(file, file_error(file))
    try:
        return GameRecord.from_json(text)
    except RecordError as exc:
        raise bad_record(file, exc) from None


def bad_record(file: str, exc: RecordError) -> CommandError:
    """The error for a record that is not sound: one line per problem, each naming the file."""
    lines = (f"{label(file)}: {problem}" for problem in exc.problems)
    return CommandError(*lines, status=EXIT_FAILED)


# --- Profiles --------------------------------------------------------------------------
# One rule for every verb (docs/cli.md, "Profiles"): a name that ends in .toml or holds a
# slash or a backslash is a file; any other name is a file of that name in the current
# folder if there is one, else a built-in profile.


def load_profile(name_or_file: str | None) -> Variant:
    """The profile a verb's argument names; None (the option left out) is the default.

    The default is always the built-in profile, whatever files the current folder holds.

    Raises:
        CommandError: A bare name that is neither a file here nor a built-in profile.
        VariantError: The file is missing, unreadable or not a valid profile.
    """
    if name_or_file is None:
        return load_variant(DEFAULT_VARIANT)
    return load_variant(profile_source(name_or_file))


def profile_source(name_or_file: str) -> str | Path:
    """What `load_variant` reads for a profile named on the command line.

    Returns:
        The argument itself for a built-in name or a name that says it is a file, and a
        `Path` for a bare name that is a file in the current folder (so that its errors
        name the file as it was given).

    Raises:
        CommandError: A bare name that is neither a file here nor a built-in profile.
    """
    if names_a_file(name_or_file):
        return name_or_file
    if _is_file(name_or_file):
        return Path(name_or_file)
    known = builtin_variants()
    if name_or_file not in known:
        import difflib  # only for the error's hint: every verb loads this module

        close = difflib.get_close_matches(name_or_file, known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        shown = name_or_file if len(name_or_file) <= 60 else f"{name_or_file[:57]}..."
        raise CommandError(
            f"no profile file or built-in profile {shown!r}{hint} (known: {', '.join(known)})"
        )
    return name_or_file


def names_a_file(name_or_file: str) -> bool:
    """Whether a profile's name says it is a file: it ends in .toml or holds a separator."""
    return name_or_file.endswith(".toml") or "/" in name_or_file or "\\" in name_or_file


def _is_file(name: str) -> bool:
    """Whether a file of that name is here (a name no file can have is not one)."""
    try:
        return Path(name).is_file()
    except (OSError, ValueError):  # too long, or a null character
        return False


# --- A profile in words ----------------------------------------------------------------


def scale_word(variant: Variant) -> str:
    """``ones`` or ``tens``: the profile's points."""
    return "ones" if variant.scale == 1 else "tens"


def players(variant: Variant) -> str:
    """How many play, and whether as partners."""
    count = variant.deal.players
    return f"{count} players, partners" if variant.deal.partnerships else f"{count} players"


def named(variant: Variant) -> str:
    """A profile's name and title as a line shows them (a file's text: escaped)."""
    title = f": {variant.title}" if variant.title else ""
    return printable(f"{variant.name}{title}")


def summary(variant: Variant) -> str:
    """The profile's scale, deck and players, as the lines about a profile give them."""
    return f"{scale_word(variant)}, {variant.deal.deck.value} deck, {players(variant)}"
