"""The bot protocol: a program in any language at the table, over its standard input and output.

Chess engines speak UCI; this is the same for pinochle (the specification is the Bot
protocol page of the docs, "Pinochle bot protocol 1"). The host writes lines to the
program and reads its answers, one a line:

- the handshake: the host's ``pinochle 1``; the program's ``id name``, ``id author``,
  ``option`` lines and ``ready``;
- a game: ``newgame SEED``, ``profile PROFILE``; each deal: ``newhand``, ``seat N``,
  ``deal DEAL`` (the seat's view, in `pinochle.notation`); each action as the seat sees it:
  ``played SEAT TOKEN``, ``seen TOKEN``; its turn: ``go MS LEGAL...``, answered
  ``move TOKEN``; ``quit``.

The host never writes a card the seat may not see. `ExternalBot` seats a program as a
player (the arena, ``pinochle play`` and ``pinochle serve`` take ``cmd:PROGRAM ARGS``
wherever they take a level), and `run_engine` (``pinochle engine``) makes our own bots
speak it, so that any program can use them.
"""

from __future__ import annotations

from pinochle.errors import BotError
from pinochle.protocol._engine import first_legal, run_engine
from pinochle.protocol._host import (
    COMMAND_PREFIX,
    FAILURES,
    START_LIMIT,
    TIME_LIMIT,
    ExternalBot,
    Failure,
    command_of,
)
from pinochle.protocol._messages import MAX_LINE, MAX_OUTPUT, VERSION, legal_words

__all__ = [
    "COMMAND_PREFIX",
    "FAILURES",
    "MAX_LINE",
    "MAX_OUTPUT",
    "START_LIMIT",
    "TIME_LIMIT",
    "VERSION",
    "BotError",
    "ExternalBot",
    "Failure",
    "command_of",
    "first_legal",
    "legal_words",
    "run_engine",
]
