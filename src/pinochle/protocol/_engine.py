"""``pinochle engine``: our own bots, speaking the protocol over standard input and output.

The loop reads the host's lines one at a time; `Follower` rebuilds the seat's observation
from them, and the level's bot chooses from it exactly as it does in process.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from pinochle.actions import Action
from pinochle.errors import PinochleError
from pinochle.notation import read_deal, read_move, read_profile, write_move
from pinochle.protocol._follow import Follower
from pinochle.protocol._messages import VERSION

__all__ = ["first_legal", "run_engine"]

AUTHOR = "pinochle-rules"
"""The ``id author`` of our bots."""


def first_legal(words: list[str]) -> str:
    """The first of ``go``'s legal moves as a move's token: what the simplest bot answers.

    A range of bids stands for its first bid (``25..60``: ``25``), a choice of cards for
    its first cards (``pass:4of:AS,TS,KS,QS,JS``: ``pass:AS,TS,KS,QS``).
    """
    word = words[0]
    if ".." in word and word.split("..", 1)[0].isdigit():
        return word.split("..", 1)[0]
    if "of:" in word:
        verb, rest = word.split(":", 1)
        count, _, cards = rest.partition("of:")
        return f"{verb}:{','.join(cards.split(',')[: int(count)])}"
    return word


class _Session:
    """One engine's state between lines: its options, the bot of the game, the follower."""

    def __init__(self, level: str, seed: int | None, out: Callable[[str], None]) -> None:
        self.level = level
        self.seed = seed
        self.out = out
        self.games = 0
        self.bot: Callable[..., Action] | None = None
        self.follower = Follower(seed)
        self.seat = 0

    def new_game(self, seed: int | None) -> None:
        from pinochle.bots import make_bot

        if seed is None and self.seed is not None:
            seed = self.seed + self.games
        self.games += 1
        self.bot = make_bot(self.level, seed)
        self.follower = Follower(seed)

    def handle(self, line: str) -> bool:
        """Act on one line of the host's; False once the host says ``quit``."""
        verb, _, rest = line.strip().partition(" ")
        rest = rest.strip()
        if verb == "quit":
            return False
        if verb == "set":
            name, _, value = rest.partition(" ")
            if name == "level":
                from pinochle.bots import LEVELS

                if value.strip().lower() not in LEVELS:
                    self.out(f"info unknown level {value.strip()[:40]!r}: kept {self.level}")
                else:
                    self.level = value.strip().lower()
            return True
        if verb == "newgame":
            self.new_game(int(rest) if rest else None)
        elif verb == "profile":
            self.follower.new_game(read_profile(rest))
        elif verb == "seat":
            self.seat = int(rest)
        elif verb == "deal":
            self.follower.new_hand(self.seat, read_deal(rest))
        elif verb == "played":
            seat, _, token = rest.partition(" ")
            self.follower.played(int(seat), read_move(token.strip(), view=True))  # type: ignore[arg-type]
        elif verb == "seen":
            self.follower.saw(read_move(rest, view=True))  # type: ignore[arg-type]
        elif verb == "table":
            seat, _, cards = rest.partition(" ")
            from pinochle.cards import parse_cards

            cards = cards.strip()
            self.follower.table(
                int(seat), () if cards == "-" else parse_cards(cards.replace(",", " "))
            )
        elif verb == "go":
            self.out(f"move {self.move(rest.split()[1:])}")
        elif verb in ("newhand", "", "pinochle"):
            pass
        else:
            self.out(f"info unknown command {verb[:40]!r} ignored")
        return True

    def move(self, legal: list[str]) -> str:
        """The bot's move; the first legal one if the seat's view cannot be followed."""
        if self.bot is None:
            self.new_game(None)
        assert self.bot is not None
        try:
            return write_move(self.bot(self.follower.observation()))
        except Exception as exc:  # whatever went wrong, the host still gets a move
            self.out(
                f"info cannot follow the game ({type(exc).__name__}: {exc}): "
                "playing the first legal move"
            )
            return first_legal(legal) if legal else "p"


def run_engine(
    level: str = "medium",
    seed: int | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Speak the protocol on ``stdin`` and ``stdout`` as the level's bot, until ``quit``.

    Args:
        level: The bot's level (`pinochle.bots.LEVELS`); the host may change it with
            ``set level L`` before a game.
        seed: Seeds each game whose ``newgame`` names no seed (game ``i`` uses ``seed + i``).
        stdin: Where the host's lines come from (default: standard input).
        stdout: Where the answers go (default: standard output).

    Returns:
        0 when the host said ``quit`` or closed the input; 1 when its first line was not
        ``pinochle 1``.
    """
    source = stdin or sys.stdin
    sink = stdout or sys.stdout

    def out(line: str) -> None:
        sink.write(line + "\n")
        sink.flush()

    first = source.readline().split()
    if first[:1] != ["pinochle"] or first[1:2] != [str(VERSION)]:
        out(f"info expected 'pinochle {VERSION}' first")
        return 1
    out(f"id name pinochle-rules {level}")
    out(f"id author {AUTHOR}")
    out(f"option level {level}")
    out("ready")
    session = _Session(level, seed, out)
    for line in source:
        try:
            if not session.handle(line):
                break
        except (PinochleError, ValueError) as exc:
            out(f"info cannot read {line.strip()[:60]!r}: {exc}")
    return 0
