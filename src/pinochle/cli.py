r"""The ``pinochle`` command: play, demo games, meld, counting, profiles and score sheets.

Each verb is one small ``_run_*`` function with its own subparser, so a new verb is one
more pair. Bad input never shows a traceback: it prints one line starting with
``pinochle: error:`` on stderr and exits with status 2 (a profile with several problems
gets one such line per problem). Status 1 means the input was fine but what it describes
fails: ``pinochle check`` found a broken invariant, ``pinochle variants validate`` has a
profile that loads but does not play, or ``pinochle replay`` and ``pinochle record check``
read a file that is not a sound game record.

Text that comes from a file or a file's name (a profile's name and title, keys, a
record's embedded profile, the names themselves, every error message that quotes them)
reaches the terminal through `pinochle._text.printable`: control and format characters are
shown escaped (``\x1b``, ``\r``, ``\u202e``), so a hostile file cannot rewrite the
terminal. The JSON and TOML the verbs print escape them the way those formats read back.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import json
import os
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO, cast

from pinochle import __version__, _files
from pinochle._text import printable, printable_document
from pinochle._words import counted
from pinochle.cards import (
    Card,
    CardStyle,
    Suit,
    check_in_deck,
    format_cards,
    parse_cards,
    parse_suit,
)
from pinochle.demo import narrate, play_demo, side_name
from pinochle.documents import check_path, read_text
from pinochle.errors import PinochleError, VariantError
from pinochle.meld import Meld, meld_by_trump, score_meld
from pinochle.play import DEFAULT_LEVEL, LEVELS, play_game
from pinochle.records import GameRecord, RecordError, record_of, replay_states
from pinochle.scoring import MeldStatus
from pinochle.sheet import ScoreSheet, SheetError, SheetHand, update_file
from pinochle.state import State
from pinochle.terminal import suits_encodable, wants_colour
from pinochle.tricks import card_points, deck_points, round_trick_points
from pinochle.variant import DEFAULT_VARIANT, Rounding, Variant, builtin_variants, load_variant

__all__ = ["main"]

PROG = "pinochle"
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 70  # EX_SOFTWARE: a bug in the library, reported in one line
EXIT_INTERRUPTED = 130  # the shell's code for Ctrl-C
DEMO_LEVEL = "hard"
ASCII_HELP = "write cards as AH TH, without suit symbols (automatic when the output cannot)"


class _InputError(Exception):
    """Bad command-line input that the library's own errors do not cover."""


class _FileError(PinochleError):
    """A file named on the command line cannot be read or written (status 2)."""


class _BadRecordError(Exception):
    """A file that reads as text but is not a sound game record (status 1), a line a problem."""

    def __init__(self, *lines: str) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


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
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except (PinochleError, _InputError) as exc:
        for line in _lines(exc):
            print(f"{PROG}: error: {line}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except _BadRecordError as exc:
        for line in _lines(exc):
            print(f"{PROG}: {line}", file=sys.stderr)
        return EXIT_FAILED
    except BrokenPipeError:  # `pinochle demo | head`: the reader left; that is fine
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the exit-time flush
        return EXIT_OK
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as exc:  # a bug of ours: still one line, never a traceback
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
    elif isinstance(exc, _BadRecordError):
        lines = exc.lines
    else:
        lines = [str(exc)]
    shown = [printable(line.strip()) for line in lines]
    return [text if len(text) <= 2000 else text[:1997] + "..." for text in shown]


class _Parser(argparse.ArgumentParser):
    """argparse's parser, its usage errors shown with control characters escaped.

    Its messages quote arguments as given (``unrecognized arguments: ...``), and a file name
    that a shell's wildcard put on the command line can hold anything.
    """

    def error(self, message: str) -> NoReturn:
        """Print the usage and the message on stderr, then exit with status 2."""
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {printable(message)}\n")


# --- Parser ----------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description=(
            "The rules of pinochle, every table's version: play and watch games, score meld "
            "and tricks, keep score sheets, check profiles and records."
        ),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    verbs = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)

    meld = verbs.add_parser("meld", help="score the meld of a hand")
    _add_cards(meld)
    meld.add_argument(
        "-t", "--trump", help="trump suit (H, ♥ or hearts); default: every suit and no trump"
    )
    _add_variant(meld)
    meld.add_argument("--ascii", action="store_true", help="write cards as AH TH, not A♥ 10♥")
    meld.add_argument("--json", action="store_true", help="machine-readable output")
    meld.set_defaults(run=_run_meld)

    count = verbs.add_parser("count", help="count the trick points of captured cards")
    _add_cards(count)
    count.add_argument("--last-trick", action="store_true", help="add the last-trick bonus")
    _add_variant(count)
    count.add_argument("--json", action="store_true", help="machine-readable output")
    count.set_defaults(run=_run_count)

    variants = verbs.add_parser("variants", help="list, show or validate variant profiles")
    variants.set_defaults(run=_run_variants_list)
    actions = variants.add_subparsers(title="actions", metavar="ACTION")
    actions.add_parser("list", help="list the built-in profiles (the default)").set_defaults(
        run=_run_variants_list
    )
    show = actions.add_parser("show", help="print a profile as fully resolved TOML")
    show.add_argument("profile", metavar="NAME_OR_FILE", help="a built-in name or a file")
    show.set_defaults(run=_run_variants_show)
    validate = actions.add_parser(
        "validate",
        help="load a profile (a file or a built-in name) and play a few quick games; "
        "`pinochle check` checks every invariant",
    )
    # `variants check`, the name before 0.1, still works; it is not listed beside `check`.
    for parser_ in (validate, actions.add_parser("check")):
        parser_.add_argument("file", metavar="FILE_OR_NAME", help="a profile file or name")
        parser_.add_argument(
            "--games", type=int, default=3, metavar="N", help="games to play (default: 3)"
        )
        parser_.add_argument(
            "--seed", type=int, default=0, metavar="N", help="first seed (default: 0)"
        )
        parser_.set_defaults(run=_run_variants_check)
    _add_score(verbs)
    _add_serve(verbs)

    house = verbs.add_parser(
        "check", help="play many random games under a profile and check every invariant"
    )
    house.add_argument("profile", metavar="FILE_OR_NAME", help="a profile file or name")
    house.add_argument(
        "--games", type=int, default=200, metavar="N", help="games to play (default: 200)"
    )
    house.add_argument("--seed", type=int, default=0, metavar="N", help="first seed (default: 0)")
    house.set_defaults(run=_run_check)
    _add_arena(verbs)
    return parser


def _add_people(parser: argparse.ArgumentParser, where: str) -> None:
    """``--level`` and ``--players``, as `pinochle play` and `pinochle serve` take them."""
    parser.add_argument(
        "--level",
        choices=LEVELS,
        default=DEFAULT_LEVEL,
        help=f"your opponents' level (default: {DEFAULT_LEVEL}); a partner always plays hard",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(1, 2),
        default=1,
        help=f"people at {where} (default: 1); 2: a cover screen hides each one's cards",
    )


def _add_serve(verbs: argparse._SubParsersAction[_Parser]) -> None:
    # pinochle.serve (and http.server) load only when the verb runs: the defaults are
    # pinochle.serve.DEFAULT_PORT and DEFAULT_HOST (tests/test_serve.py checks the help).
    serve = verbs.add_parser("serve", help="play in a web browser: a local web table")
    _add_variant(serve)
    _add_people(serve, "one device")
    serve.add_argument("--port", type=int, help="default: 8150; 0: any free port")
    serve.add_argument(
        "--host", help="address to listen on (default: 127.0.0.1, this machine only)"
    )
    serve.add_argument(
        "--store",
        metavar="DIR",
        help="folder that keeps the games, so they survive a restart (default: a temporary one)",
    )
    serve.add_argument("--seed", type=int, default=None, help="make the games reproducible")
    serve.add_argument("--open", action="store_true", help="open the page in a web browser")
    serve.set_defaults(run=_run_serve)


def _add_arena(verbs: argparse._SubParsersAction[_Parser]) -> None:
    arena = verbs.add_parser(
        "arena", help="measure players against each other over duplicate deals"
    )
    arena.add_argument(
        "--variant",
        "--variants",
        dest="variants",
        metavar="NAMES",
        help=f"built-in profile or .toml file; comma-separated for several "
        f"(default: {DEFAULT_VARIANT}; --ladder: {', '.join(_LADDER_VARIANTS)})",
    )
    arena.add_argument(
        "--a", default="hard", metavar="PLAYER", help="a level, or MODULE:FACTORY (default: hard)"
    )
    arena.add_argument(
        "--b",
        default="medium",
        metavar="PLAYER",
        help="a level, or MODULE:FACTORY (default: medium)",
    )
    arena.add_argument("--deals", type=int, metavar="N", help="deals a match (default: 200)")
    arena.add_argument("--seed", type=int, default=0, metavar="S", help="deal i uses seed S+i")
    arena.add_argument("--games", action="store_true", help="play a whole game a deal")
    arena.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help='where to play: this machine (default) or Ray (pip install "pinochle-rules[ray]")',
    )
    arena.add_argument("--address", metavar="A", help='Ray: "auto" or ray://HOST:10001')
    arena.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="local: processes (default: every core; 1: "
        "in this process); Ray: tasks at once (default: the cluster's CPUs)",
    )
    arena.add_argument("--records", metavar="DIR", help="write every game to DIR (JSON Lines)")
    arena.add_argument("--json", action="store_true", help="machine-readable output")
    mode = arena.add_mutually_exclusive_group()
    mode.add_argument(
        "--ladder",
        action="store_true",
        help="each level against the one below it (the docs' table)",
    )
    mode.add_argument(
        "--tournament", metavar="PLAYERS", help="every pair of these comma-separated players"
    )
    arena.add_argument(
        "--deals-expert",
        type=int,
        metavar="N",
        help="--ladder: deals of expert-hard (default: --deals)",
    )
    arena.set_defaults(run=_run_arena)


_LADDER_VARIANTS = ("pinochlerun", "pagat-partnership", "pinochlerun-double-deck")


def _add_score(verbs: argparse._SubParsersAction[_Parser]) -> None:
    demo = verbs.add_parser("demo", help="play a whole game and print it hand by hand")
    demo.add_argument(
        "--variant",
        default=DEFAULT_VARIANT,
        metavar="NAME_OR_FILE",
        help=f"built-in profile or .toml file (default: {DEFAULT_VARIANT})",
    )
    demo.add_argument("--seed", type=int, default=None, help="make the game reproducible")
    demo.add_argument(
        "--level",
        choices=LEVELS,
        default=DEMO_LEVEL,
        help=f"the computer players' level (default: {DEMO_LEVEL})",
    )
    demo.add_argument(
        "--max-hands",
        type=int,
        default=200,
        metavar="N",
        help="stop after N hands even without a winner (default: 200)",
    )
    demo.add_argument("--ascii", action="store_true", help=ASCII_HELP)
    _add_record(demo)
    demo.set_defaults(run=_run_demo)

    play = verbs.add_parser("play", help="play a game in the terminal against the computer")
    _add_variant(play)
    _add_people(play, "this screen")
    play.add_argument("--seed", type=int, default=None, help="make the game reproducible")
    play.add_argument("--ascii", action="store_true", help=ASCII_HELP)
    _add_record(play, " (also when you quit early: what was played)")
    play.set_defaults(run=_run_play)

    replay = verbs.add_parser("replay", help="narrate a recorded game, hand by hand")
    replay.add_argument("file", metavar="FILE", help="a game record (JSON)")
    replay.add_argument(
        "--seat", type=int, metavar="N", help="only what seat N (from 0) saw: its cards only"
    )
    replay.add_argument("--hand", type=int, metavar="N", help="only hand N (from 1)")
    replay.set_defaults(run=_run_replay)

    record = verbs.add_parser("record", help="work with game records")
    record_actions = record.add_subparsers(title="actions", metavar="ACTION", required=True)
    record_check = record_actions.add_parser(
        "check", help="validate a record and replay every step; say where it goes wrong"
    )
    record_check.add_argument("file", metavar="FILE", help="a game record (JSON)")
    record_check.set_defaults(run=_run_record_check)

    score = verbs.add_parser("score", help="keep a game's score sheet in a JSON file")
    actions = score.add_subparsers(title="actions", metavar="ACTION", required=True)

    new = actions.add_parser("new", help="start a score sheet")
    new.add_argument("file", metavar="FILE", help="the score sheet to create (JSON)")
    _add_variant(new)
    new.add_argument("--scores", nargs="+", type=int, metavar="N", help="starting scores")
    new.add_argument("--force", action="store_true", help="replace an existing file")
    new.add_argument(
        "--strict-bids",
        action="store_true",
        help="check every bid against the profile's minimum, steps and maximum",
    )
    new.set_defaults(run=_run_score_new)

    add = actions.add_parser("add", help="record and settle the next hand")
    add.add_argument("file", metavar="FILE", help="the score sheet (JSON)")
    add.add_argument("--bidder", type=int, metavar="SIDE", help="the bidding side (0, 1, ...)")
    add.add_argument("--bid", type=int, metavar="N", help="the winning bid")
    add.add_argument("--meld", nargs="+", type=int, required=True, metavar="N", help="per side")
    add.add_argument(
        "--points", nargs="+", type=int, metavar="N", help="trick points per side (if played)"
    )
    add.add_argument("--tricks", nargs="+", type=int, metavar="N", help="tricks won per side")
    add.add_argument(
        "--counters",
        nargs="*",
        type=int,
        metavar="SIDE",
        help="the sides that took a counter or the last trick (default: those with points)",
    )
    add.add_argument(
        "--nines-only",
        nargs="+",
        type=int,
        metavar="SIDE",
        help="the sides whose meld is only dixes",
    )
    add.add_argument("--thrown-in", action="store_true", help="the bidder conceded after meld")
    add.add_argument("--no-marriage", action="store_true", help="the bidder had no marriage")
    add.add_argument("--trump", help="trump suit (H, ♥ or hearts)")
    add.add_argument(
        "--conceded", action="store_true", help="the opponents conceded after meld (chips)"
    )
    add.add_argument(
        "--strict-bids",
        action="store_true",
        help="check this bid against the minimum, steps and maximum",
    )
    add.set_defaults(run=_run_score_add)

    show = actions.add_parser("show", help="print the hands, running totals and the winner")
    show.add_argument("file", metavar="FILE", help="the score sheet (JSON)")
    show.set_defaults(run=_run_score_show)

    undo = actions.add_parser("undo", help="remove the last hand")
    undo.add_argument("file", metavar="FILE", help="the score sheet (JSON)")
    undo.set_defaults(run=_run_score_undo)


def _add_record(parser: argparse.ArgumentParser, when: str = "") -> None:
    parser.add_argument(
        "--record",
        metavar="FILE",
        help=f"save the game as a record (JSON) in FILE, replacing it{when}",
    )


def _add_cards(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "cards", nargs="+", metavar="CARDS", help='cards such as "AH 10H K♥", quoted or not'
    )


def _add_variant(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant",
        default=DEFAULT_VARIANT,
        metavar="NAME_OR_FILE",
        help=f"built-in profile or .toml file (default: {DEFAULT_VARIANT})",
    )


# --- Verbs -----------------------------------------------------------------------------


def _run_meld(args: argparse.Namespace) -> int:
    variant = _load(args.variant)
    cards = _read_hand(args.cards, variant)
    style: CardStyle = "ascii" if args.ascii else "symbols"
    if args.trump is not None:
        trump = _read_suit(args.trump)
        blocks: list[tuple[Suit | None, Meld]] = [(trump, score_meld(cards, trump, variant))]
    else:
        blocks = [*meld_by_trump(cards, variant).items(), (None, score_meld(cards, None, variant))]
    if args.json:
        data: dict[str, Any] = {
            "variant": variant.name,
            "scale": variant.scale,
            "cards": [card.ascii for card in cards],
        }
        if args.trump is not None:
            data |= {"trump": trump.letter} | _meld_data(blocks[0][1])
        else:
            data["by_trump"] = {s.letter: _meld_data(m) for s, m in blocks if s is not None}
            data["no_trump"] = _meld_data(blocks[-1][1])
        _print_json(data)
        return EXIT_OK
    print(f"hand     {format_cards(cards, style)}")
    print(f"variant  {printable(variant.name)} ({_scale_word(variant)})")
    print("\n".join(_meld_table(blocks, style)))
    if args.trump is None:
        totals = (f"{_suit_heading(suit, style, short=True)} {meld.total}" for suit, meld in blocks)
        print(f"\nsummary  {'   '.join(totals)}")
    return EXIT_OK


def _run_count(args: argparse.Namespace) -> int:
    variant = _load(args.variant)
    cards = _read_hand(args.cards, variant)
    points = card_points(cards, variant)
    last = variant.counting.last_trick if args.last_trick else 0
    total = round_trick_points(points + last, variant) if args.last_trick else points
    if args.json:
        _print_json(
            {
                "variant": variant.name,
                "scale": variant.scale,
                "cards": [card.ascii for card in cards],
                "card_points": points,
                "last_trick": last,
                "points": total,
                "deck_points": deck_points(variant),
            }
        )
        return EXIT_OK
    rows = [("cards", format_cards(cards) or "(none)")]
    if args.last_trick:
        rows += [("card points", str(points)), ("last trick", str(last))]
        if variant.counting.rounding is not Rounding.NONE:
            rows.append(("before rounding", str(points + last)))
    rows.append(("trick points", str(total)))
    rows.append(
        (
            "deck total",
            f"{deck_points(variant)}  ({printable(variant.name)}: {variant.counting.method.value}, "
            f"last trick {variant.counting.last_trick})",
        )
    )
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    return EXIT_OK


def _run_variants_list(args: argparse.Namespace) -> int:
    rows = []
    for name in builtin_variants():
        variant = load_variant(name)
        scale, deck = _scale_word(variant), variant.deal.deck.value
        rows.append((printable(name), scale, deck, _players(variant), printable(variant.title)))
    widths = [max((len(row[i]) for row in rows), default=0) for i in range(4)]
    for *cells, title in rows:
        aligned = "  ".join(f"{cell:<{w}}" for cell, w in zip(cells, widths, strict=True))
        print(f"{aligned}  {title}".rstrip())
    return EXIT_OK


def _run_variants_show(args: argparse.Namespace) -> int:
    print(printable_document(_load(args.profile).to_toml(), "toml"), end="")
    return EXIT_OK


def _run_variants_check(args: argparse.Namespace) -> int:
    from pinochle.checking import play_problem  # lazily: the other verbs stay light

    if not 0 <= args.games <= 1000:
        raise _InputError(f"--games: expected 0 to 1000, found {args.games}")
    given: str = args.file
    bare = not given.endswith(".toml") and "/" not in given and "\\" not in given
    if bare and _is_file(given):
        given = "./" + given  # a file of that name comes first; else the built-in profile
    elif bare and given not in builtin_variants():
        known = ", ".join(builtin_variants())
        raise _InputError(f"no profile file or built-in profile {given!r} (known: {known})")
    variant = load_variant(given)
    problem = play_problem(variant, games=args.games, seed=args.seed, max_hands=3)
    if problem is not None:
        print(
            f"{PROG}: {printable(args.file)}: loads but does not play: {printable(problem)}",
            file=sys.stderr,
        )
        return EXIT_FAILED
    played = f"; {counted(args.games, 'random game')} played" if args.games else ""
    print(f"ok: {_named(variant)} ({_summary(variant)}){played}")
    return EXIT_OK


def _is_file(name: str) -> bool:
    """Whether a file of that name is here (a name no file can have is not one)."""
    try:
        return Path(name).is_file()
    except (OSError, ValueError):  # too long, or a null character
        return False


def _run_check(args: argparse.Namespace) -> int:
    from pinochle.checking import check_variant  # lazily: the other verbs stay light

    if args.games < 1:
        raise _InputError(f"--games: expected at least 1, found {args.games}")
    variant = _load(args.profile)
    print(f"{_named(variant)} ({_summary(variant)})", flush=True)

    def bar(done: int, total: int) -> None:
        filled = 30 * done // total
        end = "\n" if done == total else ""
        print(f"\r[{'#' * filled:<30}] {done}/{total} games", end=end, file=sys.stderr, flush=True)

    progress = bar if sys.stderr.isatty() else None
    report = check_variant(variant, games=args.games, seed=args.seed, progress=progress)
    print(printable(report.summary(), keep="\n"))
    if report.ok:
        return EXIT_OK
    builtin = args.profile in builtin_variants()
    folder = Path.cwd() if builtin else Path(args.profile).parent
    stem = variant.name if builtin else Path(args.profile).stem
    try:
        paths = report.write_failures(folder, stem)
    except OSError as exc:
        raise _InputError(f"cannot write the failure records in {folder}: {exc}") from None
    for path in paths:
        print(f"reproducing record: {printable(str(path))}")
    return EXIT_FAILED


def _run_arena(args: argparse.Namespace) -> int:
    from pinochle.arena._cli import run  # lazily: the arena and the bots are optional layers

    return run(args, _LADDER_VARIANTS)


def _run_demo(args: argparse.Namespace) -> int:
    variant = _load(args.variant)
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


def _run_play(args: argparse.Namespace) -> int:
    variant = _load(args.variant)
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
    )
    if target is not None:
        saved = printable(args.record)
        print(f"The game is saved in {saved}: see it again with 'pinochle replay'.")
    return EXIT_OK  # a finished game and one the player left are both a clean exit


class _StopSignalError(Exception):
    """A signal that asks `pinochle serve` to stop (SIGTERM, SIGHUP): a clean exit."""


def _run_serve(args: argparse.Namespace) -> int:
    import signal
    import threading

    from pinochle.arguments import SEED_LIMIT
    from pinochle.serve import DEFAULT_HOST, DEFAULT_PORT, TableServer, make_server

    variant = _load(args.variant)
    port = DEFAULT_PORT if args.port is None else args.port
    host = DEFAULT_HOST if args.host is None else args.host
    if not 0 <= port <= 65535:
        raise _InputError(f"--port: expected 0 to 65535, found {port}")
    if not host:  # "" is every address of the machine: say so with 0.0.0.0, not by accident
        raise _InputError(
            "--host: expected an address such as 127.0.0.1 (this machine) or 0.0.0.0 "
            "(every address), found ''"
        )
    if args.seed is not None and not 0 <= args.seed < SEED_LIMIT:
        found = str(args.seed) if len(str(args.seed)) <= 40 else str(args.seed)[:37] + "..."
        raise _InputError(
            f"--seed: expected a whole number from 0 to {SEED_LIMIT - 1}, found {found}"
        )
    if args.store is not None:
        if not args.store:  # "" would be the current folder, not a temporary one
            raise _InputError(
                "--store: expected a folder, found ''; leave --store out to keep the games "
                "in a temporary folder until the server stops"
            )
        check_path(args.store, _file_error(args.store))

    def stop(signum: int, frame: object) -> None:
        raise _StopSignalError(signal.Signals(signum).name)

    # SIGTERM (a service manager, `kill`) and SIGHUP (the terminal closed) stop the server
    # as Ctrl-C does: through server_close, which removes a temporary folder of games.
    stops = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    if threading.current_thread() is not threading.main_thread():
        stops = []  # only the main thread may handle signals
    previous = {sig: signal.signal(sig, stop) for sig in stops}
    server: TableServer | None = None
    try:
        try:
            server = make_server(
                variant,
                level=args.level,
                players=args.players,
                host=host,
                port=port,
                folder=args.store,
                seed=args.seed,
            )
        except OSError as exc:
            where = f"{host}:{port}"
            if exc.errno == errno.EADDRINUSE:
                raise _InputError(f"--port: {where} is in use; choose another port") from None
            raise _InputError(f"cannot listen on {where}: {exc.strerror or exc}") from None
        kept = f"games kept in {args.store}" if args.store else "games kept until it stops"
        shown = printable(f"{variant.name} at {server.url} ({kept}; Ctrl-C stops)")
        print(f"pinochle serve: {shown}")
        sys.stdout.flush()
        if args.open:
            import webbrowser

            webbrowser.open(server.url)
        server.serve_forever()
    except _StopSignalError as exc:
        print(f"{PROG} serve: stopped by {exc}", file=sys.stderr)
    finally:
        for sig in stops:  # a second signal waits for the cleanup instead of cutting it short
            signal.signal(sig, signal.SIG_IGN)
        try:
            if server is not None:
                server.server_close()
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
    return EXIT_OK


def _run_replay(args: argparse.Namespace) -> int:
    record = _read_record(args.file)
    hands, _ = _replay_summary(args.file, record)
    players = record.variant.deal.players
    if args.seat is not None and not 0 <= args.seat < players:
        raise _InputError(f"--seat: expected a seat from 0 to {players - 1}, found {args.seat}")
    if args.hand is not None and not 1 <= args.hand <= hands:
        told = f"hands 1 to {hands}" if hands else "no hand"
        raise _InputError(f"--hand: the record has {told}, not {args.hand}")
    for line in narrate(replay_states(record), seat=args.seat, hand=args.hand):
        print(printable(line))
    return EXIT_OK


def _run_record_check(args: argparse.Namespace) -> int:
    record = _read_record(args.file)
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


def _run_score_new(args: argparse.Namespace) -> int:
    sheet = ScoreSheet(_load(args.variant), args.scores, strict_bids=args.strict_bids)
    try:
        sheet.save(args.file, replace=args.force)
    except SheetError as exc:
        if exc.problem == "already exists":
            raise _InputError(f"{exc.path}: already exists (use --force to replace it)") from None
        raise
    strict = "; bids checked as in the auction" if sheet.strict_bids else ""
    named = f"{printable(args.file)}: {printable(sheet.variant.name)}"
    print(f"new score sheet {named} ({_summary(sheet.variant)}){strict}")
    print(_standing(sheet))
    return EXIT_OK


def _run_score_add(args: argparse.Namespace) -> int:
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
            strict_bids=args.strict_bids,
        )

    sheet = _update_sheet(args.file, add)
    hand = sheet.hands[-1]
    print(f"hand {len(sheet)}  {_reason(hand)}")
    scores = (
        f"side {i} {s:+d} → {t}"
        for i, (s, t) in enumerate(zip(hand.result.scores, hand.totals, strict=True))
    )
    print(f"scores  {'   '.join(scores)}")
    print(_standing(sheet))
    return EXIT_OK


def _run_score_show(args: argparse.Namespace) -> int:
    sheet = _sheet_file(ScoreSheet.load, args.file)
    print(f"{printable(sheet.variant.name)} ({_summary(sheet.variant)})")
    print("\n".join(_sheet_table(sheet)))
    print(_standing(sheet))
    return EXIT_OK


def _run_score_undo(args: argparse.Namespace) -> int:
    removed: list[SheetHand] = []

    def undo(sheet: ScoreSheet) -> ScoreSheet:
        undone = sheet.undo()
        removed.append(sheet.hands[-1])
        return undone

    undone = _update_sheet(args.file, undo)
    print(f"removed hand {len(undone) + 1}  {_reason(removed[-1])}")
    print(_standing(undone))
    return EXIT_OK


# --- Helpers ---------------------------------------------------------------------------


def _file_error(file: str) -> Callable[[str], PinochleError]:
    """Errors that name the file (a hostile name briefly)."""
    label = _label(file)
    return lambda problem: _FileError(f"{label}: {problem}")


def _label(file: str) -> str:
    """A file's name as errors give it: a long one cut (`main` escapes what it holds)."""
    return file if len(file) <= 200 else file[:100] + "..."


def _bad_record(file: str, exc: RecordError) -> _BadRecordError:
    """The error for a record that is not sound: one line per problem, each naming the file."""
    return _BadRecordError(*(f"{_label(file)}: {problem}" for problem in exc.problems))


def _read_record(file: str) -> GameRecord:
    """The record in a file: unreadable is status 2, not a record status 1."""
    text = read_text(file, _file_error(file))
    try:
        return GameRecord.from_json(text)
    except RecordError as exc:
        raise _bad_record(file, exc) from None


def _replay_summary(file: str, record: GameRecord) -> tuple[int, State]:
    """Replay every step: the number of hands with an action, and the last state.

    Raises:
        _BadRecordError: A step is illegal; the message names the first one.
    """
    hands: set[int] = set()
    states: Iterator[State] = replay_states(record)
    try:
        last = next(states)
        for state in states:
            hands.add(last.hand.number)
            last = state
    except RecordError as exc:
        raise _bad_record(file, exc) from None
    return len(hands), last


def _record_target(file: str) -> Path:
    """Where ``--record`` writes, checked before the game so that no game is played in vain.

    Raises:
        _FileError: The name cannot be a file, is a folder or read-only, or its folder is
            missing or not writable.
    """
    error = _file_error(file)
    try:
        path = _files.resolve(check_path(file, error))
        if path.is_dir():
            raise error("is a folder, not a file")
        if not path.parent.is_dir():
            raise error(f"no such folder: {path.parent}")
        if path.exists() and not os.access(path, os.W_OK):
            raise error("the file is read-only; make it writable to replace it")
        if not os.access(path.parent, os.W_OK):
            raise error("cannot write in its folder")
    except OSError as exc:  # a name too long for the file system, say
        raise error(f"cannot write: {exc.strerror or exc}") from None
    return path


def _save_record(path: Path, file: str, state: State) -> None:
    """Write the game's record atomically: the file is the whole record or as it was."""
    error = _file_error(file)
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


def _sheet_table(sheet: ScoreSheet) -> list[str]:
    """One row per hand: what was bid, each side's score, the running totals and why."""
    n = sheet.variant.sides
    header = ["hand", "bidder", "bid", "outcome"]
    header += [f"side {i}" for i in range(n)] + [f"total {i}" for i in range(n)] + ["reason"]
    rows = [["start", "", "", "", *([""] * n), *map(str, sheet.start), ""]]
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


def _load(name_or_file: str) -> Variant:
    try:
        return load_variant(name_or_file)
    except VariantError as exc:
        if exc.source == name_or_file and not exc.key and not _is_path(name_or_file):
            # An unknown built-in name: the problem text already lists the known names.
            raise _InputError(exc.problem) from None
        raise


def _is_path(text: str) -> bool:
    return text.endswith(".toml") or "/" in text or "\\" in text


def _read_hand(tokens: Sequence[str], variant: Variant) -> tuple[Card, ...]:
    cards = parse_cards(" ".join(tokens))
    check_in_deck(cards, variant.deal.deck)
    return cards


def _read_suit(text: str) -> Suit:
    try:
        return parse_suit(text)
    except ValueError as exc:
        raise _InputError(f"--trump: {exc}") from None


def _update_sheet(file: str, change: Callable[[ScoreSheet], ScoreSheet]) -> ScoreSheet:
    """`update_file` (locked read-modify-write), with the hint for a missing file."""
    return _sheet_file(lambda path: update_file(path, change), file)


def _sheet_file(run: Callable[[str], ScoreSheet], file: str) -> ScoreSheet:
    try:
        return run(file)
    except SheetError as exc:
        if exc.path is not None and exc.problem == "no such file":
            raise _InputError(f"{exc} (start one with 'pinochle score new')") from None
        raise


def _side_flags(option: str, sides: Sequence[int] | None, count: int) -> tuple[bool, ...] | None:
    """Side numbers from the command line as one flag per side (None: not given)."""
    if sides is None:
        return None
    for side in sides:
        if not 0 <= side < count:
            raise _InputError(f"{option}: expected sides from 0 to {count - 1}, found {side}")
    return tuple(i in sides for i in range(count))


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
        return f"totals  {totals}\nwinner  side {sheet.winner} ({sheet.hands[-1].end.reason})"
    top = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == top]
    if len(leaders) == 1:
        lead = f"side {leaders[0]} leads"
    else:
        lead = "tied: " + ", ".join(f"side {i}" for i in leaders)
    goal = "chips, settled every hand" if sheet.target is None else f"game {sheet.target}"
    return f"totals  {totals}\nstatus  {lead} ({goal})"


def _scale_word(variant: Variant) -> str:
    return "ones" if variant.scale == 1 else "tens"


def _players(variant: Variant) -> str:
    players = variant.deal.players
    return f"{players} players, partners" if variant.deal.partnerships else f"{players} players"


def _named(variant: Variant) -> str:
    """A profile's name and title as a line shows them (a file's text: escaped)."""
    title = f": {variant.title}" if variant.title else ""
    return printable(f"{variant.name}{title}")


def _summary(variant: Variant) -> str:
    return f"{_scale_word(variant)}, {variant.deal.deck.value} deck, {_players(variant)}"


def _suit_heading(suit: Suit | None, style: CardStyle, *, short: bool = False) -> str:
    if suit is None:
        return "no trump"
    mark = suit.letter if style == "ascii" else suit.symbol
    return mark if short else f"trump {mark} {suit.name.lower()}"


def _meld_table(blocks: Sequence[tuple[Suit | None, Meld]], style: CardStyle) -> list[str]:
    """One block per trump choice: the items and the total, columns aligned across blocks."""
    rows = [
        (item.name, format_cards(item.cards, style), str(item.points))
        for _, meld in blocks
        for item in meld.items
    ]
    totals = [str(meld.total) for _, meld in blocks]
    name_w = max([len("total"), *(len(r[0]) for r in rows)])
    cards_w = max([0, *(len(r[1]) for r in rows)])
    points_w = max(len(p) for p in [*totals, *(r[2] for r in rows)])
    lines = []
    for suit, meld in blocks:
        lines += ["", _suit_heading(suit, style)]
        for item in meld.items:
            cards = format_cards(item.cards, style)
            lines.append(f"  {item.name:<{name_w}}  {cards:<{cards_w}}  {item.points:>{points_w}}")
        if not meld.items:
            lines.append("  (no meld)")
        lines.append(f"  {'total':<{name_w}}  {'':<{cards_w}}  {meld.total:>{points_w}}")
    return lines


def _meld_data(meld: Meld) -> dict[str, Any]:
    items = [
        {
            "name": item.name,
            "type": item.type.name.lower(),
            "cards": [card.ascii for card in item.cards],
            "points": item.points,
        }
        for item in meld.items
    ]
    return {"total": meld.total, "items": items}


def _print_json(data: dict[str, Any]) -> None:
    print(printable_document(json.dumps(data, indent=2, ensure_ascii=False), "json"))


if __name__ == "__main__":
    raise SystemExit(main())
