"""The ``pinochle`` command's arguments: every verb's subparser, its run loaded when it runs.

Each verb names its run as a module of `pinochle.cli` and a function in it (`_Verb`), so
parsing the command line loads none of the verbs' modules: ``pinochle --version`` and
``pinochle variants list`` do not load the terminal game, the demo, the records or the
score sheets. The defaults the help quotes from modules that load later are repeated
here, and tests check that they agree (tests/test_cli_help.py, tests/test_serve.py).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn, TypeAlias

from pinochle import __version__
from pinochle._text import printable
from pinochle.cli._common import EXIT_BAD_INPUT, PROG
from pinochle.variant import DEFAULT_VARIANT

__all__ = ["LADDER_VARIANTS", "parser"]

# pinochle.play.LEVELS and DEFAULT_LEVEL, repeated so that parsing does not load the
# terminal game (tests/test_cli_help.py checks that they agree).
LEVELS = ("easy", "medium", "hard", "expert")
ENGINE_LEVELS = ("random", *LEVELS)  # pinochle.bots.LEVELS
DEFAULT_LEVEL = "medium"
DEMO_LEVEL = "hard"
# pinochle.analysis.WORLDS, repeated for the same reason (tests/test_play_hint.py checks).
HINT_WORLDS, HINT_WORLDS_DOUBLE, MAX_WORLDS = 16, 12, 10_000
ASCII_HELP = "write cards as AH TH, without suit symbols (automatic when the output cannot)"
LADDER_VARIANTS = ("pinochlerun", "pagat-partnership", "pinochlerun-double-deck")


class _Verb:
    """A verb's run, ``pinochle.cli.MODULE.FUNCTION``, imported when the verb runs."""

    def __init__(self, module: str, function: str) -> None:
        self.module = module
        self.function = function

    def __call__(self, args: argparse.Namespace) -> int:
        run = getattr(importlib.import_module(f"pinochle.cli.{self.module}"), self.function)
        status: int = run(args)
        return status

    def __repr__(self) -> str:
        return f"_Verb({self.module!r}, {self.function!r})"


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


def parser() -> argparse.ArgumentParser:
    """The ``pinochle`` command's parser: each verb's ``run`` default is a `_Verb`."""
    top = _Parser(
        prog=PROG,
        description=(
            "The rules of pinochle, every table's version: play and watch games, score meld "
            "and tricks, keep score sheets, check profiles and records."
        ),
    )
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    verbs = top.add_subparsers(title="commands", metavar="COMMAND", required=True)
    # The order of `pinochle --help`.
    for add in (
        _add_meld,
        _add_count,
        _add_variants,
        _add_demo,
        _add_play,
        _add_replay,
        _add_record,
        _add_solve,
        _add_review,
        _add_stats,
        _add_score,
        _add_serve,
        _add_check,
        _add_arena,
        _add_engine,
    ):
        add(verbs)
    return top


_Verbs: TypeAlias = "argparse._SubParsersAction[_Parser]"


def _add_meld(verbs: _Verbs) -> None:
    meld = verbs.add_parser("meld", help="score the meld of a hand")
    _add_cards(meld)
    meld.add_argument(
        "-t", "--trump", help="trump suit (H, ♥ or hearts); default: every suit and no trump"
    )
    _add_variant(meld)
    meld.add_argument("--ascii", action="store_true", help="write cards as AH TH, not A♥ 10♥")
    meld.add_argument("--json", action="store_true", help="machine-readable output")
    meld.set_defaults(run=_Verb("_cards", "run_meld"))


def _add_count(verbs: _Verbs) -> None:
    count = verbs.add_parser("count", help="count the trick points of captured cards")
    _add_cards(count)
    count.add_argument("--last-trick", action="store_true", help="add the last-trick bonus")
    _add_variant(count)
    count.add_argument("--json", action="store_true", help="machine-readable output")
    count.set_defaults(run=_Verb("_cards", "run_count"))


def _add_variants(verbs: _Verbs) -> None:
    variants = verbs.add_parser("variants", help="list, show or validate variant profiles")
    variants.set_defaults(run=_Verb("_profiles", "run_list"))
    actions = variants.add_subparsers(title="actions", metavar="ACTION")
    actions.add_parser("list", help="list the built-in profiles (the default)").set_defaults(
        run=_Verb("_profiles", "run_list")
    )
    show = actions.add_parser("show", help="print a profile as fully resolved TOML")
    show.add_argument("profile", metavar="NAME_OR_FILE", help="a built-in name or a file")
    show.set_defaults(run=_Verb("_profiles", "run_show"))
    validate = actions.add_parser(
        "validate",
        help="load a profile (a file or a built-in name) and play a few quick games; "
        "`pinochle check` checks every invariant",
    )
    # `variants check`, the name before 0.1, still works; it is not listed beside `check`.
    for action in (validate, actions.add_parser("check")):
        action.add_argument("file", metavar="FILE_OR_NAME", help="a profile file or name")
        action.add_argument(
            "--games", type=int, default=3, metavar="N", help="games to play (default: 3)"
        )
        action.add_argument(
            "--seed", type=int, default=0, metavar="N", help="first seed (default: 0)"
        )
        action.set_defaults(run=_Verb("_profiles", "run_validate"))


def _add_demo(verbs: _Verbs) -> None:
    demo = verbs.add_parser("demo", help="play a whole game and print it hand by hand")
    _add_variant(demo)
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
    _add_record_file(demo)
    demo.set_defaults(run=_Verb("_games", "run_demo"))


def _add_play(verbs: _Verbs) -> None:
    play = verbs.add_parser("play", help="play a game in the terminal against the computer")
    _add_variant(play)
    _add_people(play, "this screen")
    play.add_argument("--seed", type=int, default=None, help="make the game reproducible")
    play.add_argument("--ascii", action="store_true", help=ASCII_HELP)
    _add_record_file(play, " (also when you quit early: what was played)")
    play.add_argument(
        "--review",
        action="store_true",
        help="after each hand, review your decisions in it: what each cost against the hint",
    )
    play.add_argument(
        "--hint-worlds",
        type=int,
        metavar="N",
        help=f"deals of the unseen cards a hint or review imagines per decision (1 to "
        f"{MAX_WORLDS}; default: {HINT_WORLDS} a single deck, {HINT_WORLDS_DOUBLE} a double); "
        "fewer is faster and rougher",
    )
    play.set_defaults(run=_Verb("_games", "run_play"))


def _add_replay(verbs: _Verbs) -> None:
    replay = verbs.add_parser("replay", help="narrate a recorded game, hand by hand")
    replay.add_argument("file", metavar="FILE", help="a game record (JSON)")
    replay.add_argument(
        "--seat", type=int, metavar="N", help="only what seat N (from 0) saw: its cards only"
    )
    replay.add_argument("--hand", type=int, metavar="N", help="only hand N (from 1)")
    replay.set_defaults(run=_Verb("_records", "run_replay"))


def _add_record(verbs: _Verbs) -> None:
    record = verbs.add_parser("record", help="work with game records")
    record_actions = record.add_subparsers(title="actions", metavar="ACTION", required=True)
    record_check = record_actions.add_parser(
        "check", help="validate a record and replay every step; say where it goes wrong"
    )
    record_check.add_argument("file", metavar="FILE", help="a game record (JSON)")
    record_check.set_defaults(run=_Verb("_records", "run_check"))
    convert = record_actions.add_parser(
        "convert",
        help="convert a game record between JSON and the notation (tag pairs and moves)",
    )
    convert.add_argument(
        "file",
        metavar="FILE",
        help="a game record: JSON, or a game in the notation (told apart by its first characters)",
    )
    convert.add_argument(
        "--to",
        choices=("notation", "json"),
        help="the format to write (default: the other one)",
    )
    convert.add_argument(
        "--out", metavar="FILE", help="write to FILE, replacing it (default: standard output)"
    )
    convert.set_defaults(run=_Verb("_records", "run_convert"))


def _add_solve(verbs: _Verbs) -> None:
    solve = verbs.add_parser(
        "solve",
        help="a recorded position solved exactly, all hands in view: each card's value "
        "and a best line",
    )
    solve.add_argument("file", metavar="FILE", help="a game record (JSON)")
    solve.add_argument(
        "--hand", type=int, default=1, metavar="N", help="the hand, from 1 (default: 1)"
    )
    solve.add_argument(
        "--trick",
        type=int,
        metavar="T",
        help="the trick, from 1 (default: the first; two-hand: the first once the stock is gone)",
    )
    solve.add_argument(
        "--card",
        type=int,
        metavar="K",
        help="before the K-th card of the trick, from 1 (default: 1, the lead)",
    )
    solve.add_argument(
        "--analyse",
        action="store_true",
        help="value every card of the hand (from --trick on) against best play instead",
    )
    solve.add_argument("--ascii", action="store_true", help=ASCII_HELP)
    solve.add_argument("--json", action="store_true", help="machine-readable output")
    solve.set_defaults(run=_Verb("_analysis", "run_solve"))


# pinochle.analysis.WORLDS, repeated so that parsing does not load the analysis
# (tests/test_cli_review.py checks that they agree).
WORLDS_HELP = "deals imagined a decision (default: 16 for a single deck, 12 for a double)"


def _add_review(verbs: _Verbs) -> None:
    review = verbs.add_parser(
        "review",
        help="each decision of a recorded game against the hint from what the seat knew, "
        'marked "?" and "??"',
    )
    review.add_argument("file", metavar="FILE", help="a game record (JSON)")
    review.add_argument(
        "--seat", type=int, metavar="N", help="only seat N, from 0 (default: every seat)"
    )
    review.add_argument("--hand", type=int, metavar="N", help="only hand N, from 1")
    _add_search(review)
    review.add_argument("--ascii", action="store_true", help=ASCII_HELP)
    review.add_argument("--json", action="store_true", help="machine-readable output")
    review.set_defaults(run=_Verb("_review", "run_review"))


def _add_stats(verbs: _Verbs) -> None:
    stats = verbs.add_parser(
        "stats",
        help="each player's hands, bids, meld and tricks over game records",
    )
    stats.add_argument("files", nargs="+", metavar="FILE", help="game records (JSON)")
    stats.add_argument(
        "--review",
        action="store_true",
        help='also the expected points each lost to decisions marked "?" and "??" '
        "(slow: up to a minute a game for each seat)",
    )
    _add_search(stats, "with --review: ")
    stats.add_argument("--json", action="store_true", help="machine-readable output")
    stats.set_defaults(run=_Verb("_review", "run_stats"))


def _add_search(parser: argparse.ArgumentParser, when: str = "") -> None:
    """``--worlds`` and ``--seed``: how a review's hints are drawn."""
    parser.add_argument("--worlds", type=int, metavar="W", help=when + WORLDS_HELP)
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help=f"{when}seeds every hint's deals (default: 0)",
    )


def _add_score(verbs: _Verbs) -> None:
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
    new.set_defaults(run=_Verb("_score", "run_new"))

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
        "--moon",
        action="store_true",
        help="the bidder shot the moon (give --points and --tricks)",
    )
    add.add_argument(
        "--strict-bids",
        action="store_true",
        help="check this bid against the minimum, steps and maximum",
    )
    add.add_argument(
        "--renege",
        type=int,
        metavar="SIDE",
        help="a called renege ended the hand: the side called on (settled by renege.penalty)",
    )
    add.add_argument("--called-by", type=int, metavar="SIDE", help="the side that called it")
    add.add_argument(
        "--unproven",
        action="store_true",
        help="the call was not proven: it counts as the caller's renege",
    )
    add.add_argument(
        "--checks",
        nargs="+",
        type=int,
        metavar="N",
        help="check pinochle: each side's checks for its meld (profiles with [checks])",
    )
    add.add_argument(
        "--outright",
        type=int,
        metavar="SIDE",
        help="the side that melded a quadruple that wins the game (meld.quadruple_wins)",
    )
    add.add_argument(
        "--partner",
        type=int,
        metavar="SIDE",
        help="five hands: the bidder's called partner, who scores what the bidder scores",
    )
    add.set_defaults(run=_Verb("_score", "run_add"))

    show = actions.add_parser("show", help="print the hands, running totals and the winner")
    show.add_argument("file", metavar="FILE", help="the score sheet (JSON)")
    show.set_defaults(run=_Verb("_score", "run_show"))

    undo = actions.add_parser("undo", help="remove the last hand")
    undo.add_argument("file", metavar="FILE", help="the score sheet (JSON)")
    undo.set_defaults(run=_Verb("_score", "run_undo"))


def _add_serve(verbs: _Verbs) -> None:
    # pinochle.serve (and http.server) load only when the verb runs: the defaults are
    # pinochle.serve.DEFAULT_PORT and DEFAULT_HOST (tests/test_serve.py checks the help).
    serve = verbs.add_parser("serve", help="play in a web browser: a local web table")
    _add_variant(serve)
    _add_people(serve, "one device")
    serve.add_argument("--port", type=int, help="default: 8150; 0: any free port")
    serve.add_argument(
        "--host",
        metavar="ADDRESS",
        help="address to listen on (default: 127.0.0.1, this machine only); another "
        "address, or 0.0.0.0 for every one, lets a phone on your network play, with a code",
    )
    serve.add_argument(
        "--code",
        nargs="?",
        const=True,
        metavar="CODE",
        help="the access code every device must give: CODE (8 to 64 letters and digits), or "
        "a new random one (default: a random one with a --host other devices reach, none on "
        "127.0.0.1)",
    )
    serve.add_argument(
        "--store",
        metavar="DIR",
        help="folder that keeps the games, so they survive a restart (default: a temporary one)",
    )
    serve.add_argument("--seed", type=int, default=None, help="make the games reproducible")
    serve.add_argument(
        "--hint-worlds",
        type=int,
        metavar="N",
        help="deals imagined per hint and per reviewed decision (default: 16, double deck 12)",
    )
    serve.add_argument("--open", action="store_true", help="open the page in a web browser")
    serve.set_defaults(run=_Verb("_serve", "run_serve"))


def _add_check(verbs: _Verbs) -> None:
    house = verbs.add_parser(
        "check", help="play many random games under a profile and check every invariant"
    )
    house.add_argument("profile", metavar="FILE_OR_NAME", help="a profile file or name")
    house.add_argument(
        "--games", type=int, default=200, metavar="N", help="games to play (default: 200)"
    )
    house.add_argument("--seed", type=int, default=0, metavar="N", help="first seed (default: 0)")
    house.set_defaults(run=_Verb("_profiles", "run_check"))


def _add_arena(verbs: _Verbs) -> None:
    arena = verbs.add_parser(
        "arena", help="measure players against each other over duplicate deals"
    )
    arena.add_argument(
        "--variant",
        "--variants",
        dest="variants",
        metavar="NAMES",
        help=f"built-in profile or .toml file; comma-separated for several "
        f"(default: {DEFAULT_VARIANT}; --ladder: {', '.join(LADDER_VARIANTS)})",
    )
    arena.add_argument(
        "--a",
        default="hard",
        metavar="PLAYER",
        help="a level, cmd:PROGRAM ARGS or MODULE:FACTORY (default: hard)",
    )
    arena.add_argument(
        "--b",
        default="medium",
        metavar="PLAYER",
        help="a level, cmd:PROGRAM ARGS or MODULE:FACTORY (default: medium)",
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
    arena.set_defaults(run=_Verb("_arena", "run_arena"))


def _add_engine(verbs: _Verbs) -> None:
    engine = verbs.add_parser(
        "engine",
        help="be a computer player speaking the bot protocol on standard input and output",
    )
    engine.add_argument(
        "--level",
        choices=ENGINE_LEVELS,
        default=DEFAULT_LEVEL,
        help=f"the bot's level (default: {DEFAULT_LEVEL}); the host may change it with "
        "'set level L'",
    )
    engine.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="S",
        help="seed game i with S+i when the host's newgame names no seed",
    )
    engine.set_defaults(run=_Verb("_games", "run_engine"))


def _add_variant(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant",
        metavar="NAME_OR_FILE",
        help=f"built-in profile or .toml file (default: {DEFAULT_VARIANT})",
    )


def _add_people(parser: argparse.ArgumentParser, where: str) -> None:
    """``--level`` and ``--players``, as `pinochle play` and `pinochle serve` take them."""
    parser.add_argument(
        "--level",
        type=_level,
        default=DEFAULT_LEVEL,
        metavar="LEVEL",
        help=f"your opponents' level: {', '.join(LEVELS)} (default: {DEFAULT_LEVEL}), or "
        "cmd:PROGRAM ARGS, a program speaking the bot protocol; a partner always plays hard",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(1, 2),
        default=1,
        help=f"people at {where} (default: 1); 2: a cover screen hides each one's cards",
    )


def _level(text: str) -> str:
    """A level of ``--level``: one of `LEVELS`, or ``cmd:PROGRAM ARGS`` (a program)."""
    if text in LEVELS or text.startswith("cmd:"):
        return text
    choices = ", ".join(repr(level) for level in LEVELS)
    raise argparse.ArgumentTypeError(
        f"invalid choice: {text!r} (choose from {choices}, or cmd:PROGRAM ARGS)"
    )


def _add_cards(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "cards", nargs="+", metavar="CARDS", help='cards such as "AH 10H K♥", quoted or not'
    )


def _add_record_file(parser: argparse.ArgumentParser, when: str = "") -> None:
    parser.add_argument(
        "--record",
        metavar="FILE",
        help=f"save the game as a record (JSON) in FILE, replacing it{when}",
    )
