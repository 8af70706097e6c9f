"""Players for the arena's tests: module-level factories, so they reach worker processes.

Not a test module (no ``test_`` prefix): the tests import it, the workers unpickle its
factories, and ``pinochle arena --a arena_players:NAME`` names them (with the tests folder
on PYTHONPATH).
"""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Callable

from pinochle import Action, NameTrump, Observation, Suit

Player = Callable[[Observation], Action]


def global_random() -> Player:
    """A player that draws every choice from Python's global `random` as it plays."""

    def choose(view: Observation) -> Action:
        return random.choice(view.legal_actions)

    return choose


def seeded_easy() -> Player:
    """The Easy level with a seed drawn from the global `random` (seeded by the arena)."""
    from pinochle.bots import make_bot

    return make_bot("easy", random.getrandbits(32))


def dying_once(marker: str) -> Player:
    """`seeded_easy`, but the first call anywhere kills its process (a lost worker)."""
    try:
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return seeded_easy()
    os._exit(1)


def broken() -> Player:
    """A player whose code fails."""

    def choose(view: Observation) -> Action:
        raise ValueError("my bot broke")

    return choose


def illegal() -> Player:
    """A player that names trump during the auction."""

    def choose(view: Observation) -> Action:
        return NameTrump(Suit.SPADES)

    return choose


def interrupting() -> Player:
    """`seeded_easy`; its ``ARENA_INTERRUPT_AT``-th creation presses Ctrl-C.

    The calls are counted in the file ``ARENA_COUNTER`` (appends are atomic, so each call
    gets its own count across processes). Like a terminal's Ctrl-C, SIGINT goes to the
    whole process group: the driver and its worker processes.
    """
    fd = os.open(os.environ["ARENA_COUNTER"], os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    try:
        os.write(fd, b".")
        count = os.lseek(fd, 0, os.SEEK_CUR)
    finally:
        os.close(fd)
    if count == int(os.environ["ARENA_INTERRUPT_AT"]):
        os.killpg(os.getpgid(0), signal.SIGINT)
    return seeded_easy()
