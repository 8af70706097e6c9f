"""The host's side: a program seated as a player, held to the protocol and its time.

`ExternalBot` runs the program, tells it the game as its seat sees it and asks it for each
decision. Whatever the program does wrong (it crashes, hangs past its time, answers garbage
or an illegal move, writes without end, closes its input) ends in a `Failure` recorded on
the bot, the program is stopped, and a uniformly random stand-in plays the rest of that
deal for it: the host never stops for a program's fault.
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import shlex
import shutil
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs

from pinochle._text import printable
from pinochle.actions import Action, Bury, PassCards
from pinochle.bots.base import Bot, RandomBot
from pinochle.cards import Card
from pinochle.choices import CardChoices
from pinochle.engine import apply, legal_actions, observe
from pinochle.errors import (
    ArgumentError,
    BotError,
    IllegalActionError,
    NotationError,
    PinochleError,
)
from pinochle.notation import read_move
from pinochle.protocol._messages import (
    MAX_LINE,
    MAX_OUTPUT,
    VERSION,
    deal_lines,
    game_lines,
    legal_words,
    step_lines,
)
from pinochle.records import record_of, replay_states
from pinochle.state import Observation, State

__all__ = [
    "COMMAND_PREFIX",
    "FAILURES",
    "START_LIMIT",
    "TIME_LIMIT",
    "ExternalBot",
    "Failure",
    "command_of",
]

COMMAND_PREFIX = "cmd:"
"""Where a level is taken, ``cmd:PROGRAM ARGS`` seats a program instead."""
TIME_LIMIT = 10.0
"""Seconds a program has for each decision, by default."""
START_LIMIT = 30.0
"""Seconds a program has to start and finish its handshake, by default."""
EXIT_WAIT = 3.0
"""Seconds to wait for a program whose output closed to exit (a crash)."""
CLOSED_WAIT = 1.0
"""Seconds to wait for a program whose input closed to exit (a crash) before it counts as
having closed its input: a program that exits closes both at once."""
TAIL = 400
"""Characters of a program's standard error kept to name in a crash's reason."""

FAILURES = ("crash", "timeout", "garbage", "illegal", "flood", "closed-input", "no-start")
"""The kinds of `Failure`, as `pinochle.BotError.kind` names them.

- ``crash``: the program exited, or closed its output;
- ``timeout``: no answer within its time;
- ``garbage``: a line that is no message of the protocol, a move that cannot be read, a
  move when none was asked for, a bad handshake;
- ``illegal``: a move the rules do not allow now;
- ``flood``: a line longer than `MAX_LINE` bytes, or more than `MAX_OUTPUT` bytes before
  its answer;
- ``closed-input``: it closed its standard input (the host could not tell it the game);
- ``no-start``: the program could not be run, or does not offer an option it was given.
"""


@attrs.frozen
class Failure:
    """A deal a program lost by breaking the protocol.

    Attributes:
        kind: One of `FAILURES`.
        reason: What happened, in words.
        hand: The deal's number in its game, from 0.
        seat: The seat the program played.
    """

    kind: str
    reason: str
    hand: int
    seat: int

    def __str__(self) -> str:
        return f"{self.kind}: {self.reason}"


def command_of(value: str | Sequence[str]) -> list[str]:
    """A program's command as its words.

    ``cmd:PROGRAM ARGS`` or ``PROGRAM ARGS`` is split as a POSIX shell splits words (quotes
    group); a list is taken as it is.

    Raises:
        ArgumentError: No program named, or a quote left open.
    """
    if isinstance(value, str):
        text = value[len(COMMAND_PREFIX) :] if value.startswith(COMMAND_PREFIX) else value
        try:
            argv = shlex.split(text)
        except ValueError as exc:
            raise ArgumentError("command", f"a command line ({exc})", value) from None
    elif isinstance(value, Sequence) and all(isinstance(a, str) for a in value):
        argv = list(value)
    else:
        raise ArgumentError("command", "a command: 'PROGRAM ARGS' or a list of words", value)
    if not argv or not argv[0]:
        raise ArgumentError("command", "a command that names a program", value)
    return argv


def check_command(value: str | Sequence[str], name: str = "command") -> list[str]:
    """`command_of`, and the program found (on the PATH, or as a file).

    Raises:
        ArgumentError: No such program.
    """
    argv = command_of(value)
    program = argv[0]
    if shutil.which(program) is None and not Path(program).is_file():
        raise ArgumentError(name, f"a program that exists: {program!r} was not found", value)
    return argv


class _Program:
    """A running program: its output read by a thread, its input written by another."""

    def __init__(self, argv: list[str], cwd: str | None) -> None:
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                cwd=cwd,
                start_new_session=os.name == "posix",
            )
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            raise BotError("no-start", f"cannot run {argv[0]!r}: {reason}") from None
        self.events: queue.SimpleQueue[tuple[str, str]] = queue.SimpleQueue()
        self.read = 0  # bytes read since the last `reset`
        self.tail: collections.deque[str] = collections.deque(maxlen=TAIL)
        self.writes: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        process = self.process
        assert process.stdout is not None
        assert process.stderr is not None
        for target, stream in (
            (self._read_output, process.stdout),
            (self._read_errors, process.stderr),
            (self._write_input, process.stdin),
        ):
            threading.Thread(target=target, args=(stream,), daemon=True).start()
        self.closer = weakref.finalize(self, _kill, process)

    # --- The threads ---

    def _read_output(self, stream: object) -> None:
        fd = stream.fileno()  # type: ignore[attr-defined]
        pending = bytearray()
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                self.events.put(("eof", ""))
                return
            self.read += len(chunk)
            if self.read > MAX_OUTPUT:
                self.events.put(("flood", f"more than {MAX_OUTPUT} bytes without an answer"))
                return
            pending += chunk
            while (end := pending.find(b"\n")) >= 0:
                if end > MAX_LINE:
                    break
                line = bytes(pending[:end])
                del pending[: end + 1]
                self.events.put(("line", line.decode("utf-8", "replace").rstrip("\r")))
            if len(pending) > MAX_LINE:
                self.events.put(("flood", f"a line longer than {MAX_LINE} bytes"))
                return

    def _read_errors(self, stream: object) -> None:
        fd = stream.fileno()  # type: ignore[attr-defined]
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.tail.extend(chunk.decode("utf-8", "replace"))

    def _write_input(self, stream: object) -> None:
        fd = stream.fileno()  # type: ignore[attr-defined]
        while True:
            data = self.writes.get()
            if data is None:
                with contextlib.suppress(OSError):
                    stream.close()  # type: ignore[attr-defined]
                return
            try:
                while data:
                    data = data[os.write(fd, data) :]
            except OSError:
                self.events.put(("closed", ""))
                return

    # --- The host's side ---

    def send(self, lines: Sequence[str]) -> None:
        """Write lines to the program (never blocks: a thread writes them)."""
        self.writes.put("".join(line + "\n" for line in lines).encode())

    def reset(self) -> None:
        """Count the program's output afresh (a new question)."""
        self.read = 0

    def line(self, deadline: float, waiting: str) -> str:
        """The program's next line.

        Raises:
            BotError: It crashed, closed its input, wrote too much, or no line came by the
                deadline (``waiting`` says for what).
        """
        remaining = deadline - time.monotonic()
        try:
            kind, text = self.events.get(timeout=max(remaining, 0.0))
        except queue.Empty:
            raise BotError("timeout", f"no {waiting} within its time") from None
        if kind == "line":
            return text
        if kind == "flood":
            raise BotError("flood", text)
        status = self._exit_status(EXIT_WAIT if kind == "eof" else CLOSED_WAIT)
        if status is not None:
            raise BotError("crash", self._exited(status))
        if kind == "eof":
            raise BotError("crash", "it closed its standard output")
        raise BotError("closed-input", "it closed its standard input")

    def _exit_status(self, wait: float) -> int | None:
        try:
            return self.process.wait(wait)
        except subprocess.TimeoutExpired:
            return None

    def _exited(self, status: int) -> str:
        if status < 0:
            with contextlib.suppress(ValueError):
                return f"killed by {signal.Signals(-status).name}{self._errors()}"
        return f"it exited with status {status}{self._errors()}"

    def _errors(self) -> str:
        lines = "".join(self.tail).strip().splitlines()
        return f"; its last error output: {printable(lines[-1][:200])}" if lines else ""

    def stop(self, polite: bool) -> None:
        """End the program: ``quit`` and a moment to go (``polite``), then killed."""
        if polite and self.process.poll() is None:
            self.send(["quit"])
            self.writes.put(None)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(1.0)
        self.writes.put(None)  # the writing thread ends (it may have ended already)
        self.closer()


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill a program and every process it started (its session), and reap it."""
    if process.poll() is None:
        with contextlib.suppress(OSError):
            if os.name == "posix":
                os.killpg(process.pid, signal.SIGKILL)
            else:
                process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired, OSError):
        process.wait(5.0)
    for stream in (process.stdin, process.stdout, process.stderr):
        with contextlib.suppress(OSError):
            if stream is not None:
                stream.close()


class ExternalBot(Bot):
    """A program in any language, playing through the bot protocol (docs: Bot protocol).

    The program is started at its first decision and runs for as many games as it is
    given; each game begins with ``newgame``. It is told its deal and every action as its
    seat sees them, never a card hidden from the seat, and answers ``move TOKEN`` to each
    ``go``. A program that fails (see `FAILURES`) loses the deal: the failure is recorded
    in `failures`, the program is stopped, and a uniformly random player (seeded with the
    bot's seed) makes the seat's decisions until the deal ends; the next deal starts the
    program again.

    A host that seats it calls `act` with the game's state (the bot tells the program
    only what the seat may see), and `close` at the end (or uses it in a ``with``).

    Args:
        command: The program and its arguments: ``"node bot.js"`` (split as a shell splits
            words; a leading ``cmd:`` is dropped) or a list of words.
        seed: Sent with each ``newgame``, for the program's own random choices.
        time_limit: Seconds for each decision (sent with each ``go``).
        start_limit: Seconds to start and finish the handshake.
        options: Values for options the program declares, sent as ``set NAME VALUE``.
        cwd: The program's working folder (default: this process's).

    Raises:
        ArgumentError: A bad command, limit or option.
    """

    level = "cmd"

    def __init__(
        self,
        command: str | Sequence[str],
        seed: int | None = None,
        *,
        time_limit: float = TIME_LIMIT,
        start_limit: float = START_LIMIT,
        options: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
    ) -> None:
        super().__init__(seed)
        self.argv = command_of(command)
        for name, limit in (("time_limit", time_limit), ("start_limit", start_limit)):
            if isinstance(limit, bool) or not isinstance(limit, int | float) or not limit > 0:
                raise ArgumentError(name, "a number of seconds above 0", limit)
        self.time_limit = float(time_limit)
        self.start_limit = float(start_limit)
        self.options = dict(options or {})
        for name, value in self.options.items():
            if not isinstance(name, str) or not name or " " in name or not isinstance(value, str):
                raise ArgumentError("options", "option names (one word) and text values", name)
            if "\n" in value or "\r" in value:
                raise ArgumentError("options", "values on one line", value)
        self.cwd = None if cwd is None else os.fspath(cwd)
        self.name: str | None = None
        """The program's name, from its ``id name`` line."""
        self.author: str | None = None
        """Its author, from its ``id author`` line."""
        self.declared: dict[str, str] = {}
        """The options it declares, with their defaults."""
        self.failures: list[Failure] = []
        """Every deal it lost by breaking the protocol, in order."""
        self._program: _Program | None = None
        self._known: State | None = None  # the state the program has been told up to
        self._person: int | None = None
        self._lost: tuple[int, int] | None = None  # (game seed, deal) the stand-in plays
        self._stand_in = RandomBot(seed)

    def __repr__(self) -> str:
        return f"ExternalBot({' '.join(map(shlex.quote, self.argv))!r}, seed={self.seed!r})"

    def __enter__(self) -> ExternalBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- Playing ---

    def choose(self, observation: Observation) -> Action:
        """Not for a program: it must be told the game as it goes (use `act`).

        Raises:
            ArgumentError: Always.
        """
        raise ArgumentError(
            "observation",
            "the game's state: an ExternalBot is asked with act(state, seat), so that it can "
            "tell its program every action as the seat sees it",
            observation,
        )

    def act(self, state: State, seat: int) -> Action:
        """The program's action for ``seat``, the one to act in ``state``.

        The program is told what happened since it last moved (its seat's view only),
        then asked with ``go``. If it fails, the failure is recorded in `failures` and a
        random stand-in answers, for the rest of the deal.

        Raises:
            ArgumentError: ``seat`` is not the one to act.
        """
        if not isinstance(state, State) or state.to_act != seat or isinstance(seat, bool):
            raise ArgumentError("seat", "the seat to act in the state", seat)
        if self._lost == (state.game.seed, state.hand.number):
            return self._stand_in.choose(observe(state, seat))
        try:
            return self._ask(state, seat)
        except BotError as exc:
            self.failures.append(Failure(exc.kind, exc.reason, state.hand.number, seat))
            self._lost = (state.game.seed, state.hand.number)
            self._stop(polite=False)
            return self._stand_in.choose(observe(state, seat))

    def new_game(self, seed: int | None) -> None:
        """The next game the bot plays is a new one, with this seed for the program."""
        self.seed = seed
        self.rng.seed(seed)
        self._stand_in = RandomBot(seed)
        self._known = None
        self._person = None
        self._lost = None

    def close(self) -> None:
        """Say ``quit`` to the program and stop it (killed if it does not go at once)."""
        self._stop(polite=True)

    def _stop(self, polite: bool) -> None:
        program, self._program = self._program, None
        self._known = None
        if program is not None:
            program.stop(polite)

    # --- The conversation ---

    def _start(self) -> _Program:
        program = _Program(self.argv, self.cwd)
        self._program = program
        program.send([f"pinochle {VERSION}"])
        deadline = time.monotonic() + self.start_limit
        while True:
            line = program.line(deadline, "'ready' (the handshake)")
            verb, _, rest = line.strip().partition(" ")
            if verb == "ready":
                break
            if verb == "id":
                what, _, value = rest.strip().partition(" ")
                if what == "name":
                    self.name = printable(value.strip()[:100])
                elif what == "author":
                    self.author = printable(value.strip()[:100])
                else:
                    raise BotError(
                        "garbage", f"an id line that names neither name nor author: {_quoted(line)}"
                    )
            elif verb == "option":
                name, _, default = rest.strip().partition(" ")
                if not name:
                    raise BotError("garbage", f"an option without a name: {_quoted(line)}")
                self.declared[name] = default.strip()
            elif verb != "info":
                raise BotError(
                    "garbage", f"expected id, option, info or ready, found {_quoted(line)}"
                )
        unknown = sorted(set(self.options) - set(self.declared))
        if unknown:
            raise BotError("no-start", f"it declares no option {unknown[0]!r}")
        program.send([f"set {name} {value}" for name, value in self.options.items()])
        return program

    def _ask(self, state: State, seat: int) -> Action:
        program = self._program
        if program is None:
            program = self._start()
        lines = self._told(state, seat)
        legal = legal_actions(state)
        lines.append(f"go {round(self.time_limit * 1000)} {legal_words(legal)}")
        program.reset()
        program.send(lines)
        deadline = time.monotonic() + self.time_limit
        while True:
            line = program.line(deadline, "move")
            verb, _, rest = line.strip().partition(" ")
            if verb == "move":
                return self._legal(state, legal, rest.strip())
            if verb != "info":
                raise BotError("garbage", f"expected 'move TOKEN' or info, found {_quoted(line)}")

    def _legal(self, state: State, legal: Sequence[Action], token: str) -> Action:
        try:
            action = read_move(token)
        except NotationError as exc:
            raise BotError("garbage", f"not a move: {_quoted(token)} ({exc.reason})") from None
        if action not in legal:
            try:
                apply(state, action)
            except IllegalActionError as exc:
                raise BotError("illegal", f"{_quoted(token)}: {exc.reason}") from None
            except PinochleError as exc:  # any refusal of the engine's
                raise BotError("illegal", f"{_quoted(token)}: {exc}") from None
            raise BotError("illegal", f"{_quoted(token)} is not a legal move now")
        if isinstance(legal, CardChoices) and isinstance(action, PassCards | Bury):
            chosen: Action = legal.make(tuple(sorted(action.cards, key=_index)))
            return chosen
        return action

    def _told(self, state: State, seat: int) -> list[str]:
        """The lines that bring the program from what it was told up to ``state``."""
        person = state.hand.persons[seat]
        known = self._known
        new = None if known is None or person != self._person else _since(known, state)
        lines: list[str] = []
        if known is None or new is None:  # a new game, or a program started afresh:
            self._person = person  # this deal from its start
            known, new = _deal_start(state)
            lines += game_lines(state.variant, self.seed)
            lines += deal_lines(known, seat)
        before = known
        for action in new:
            after = apply(before, action)
            mine = _seat_of(before, person)
            if mine is not None:
                lines += step_lines(before, action, after, mine)
            if after.hand.number != before.hand.number and after.to_act is not None:
                mine = _seat_of(after, person)
                if mine is not None:
                    lines += deal_lines(after, mine)
            before = after
        self._known = state
        return lines


def _index(card: Card) -> int:
    return card.index


def _quoted(text: str) -> str:
    """A program's text in a reason: quoted, cut short, control characters escaped."""
    return repr(printable(text[:80]) + ("..." if len(text) > 80 else ""))


def _seat_of(state: State, person: int) -> int | None:
    """The person's seat in the state's deal (None: sitting out)."""
    persons = state.hand.persons
    return persons.index(person) if person in persons else None


def _since(known: State, state: State) -> list[Action] | None:
    """The actions that led from ``known`` to ``state``, or None if they are no one game."""
    if state.game.seed != known.game.seed or state.variant != known.variant:
        return None
    found: list[Action] = []
    node = state.history
    target = known.history
    while node is not target:
        if node is None:
            return None
        action, node = node
        found.append(action)
    if target is None and (
        state.game.first_dealer != known.game.first_dealer
        or state.game.start_scores != known.game.start_scores
    ):
        return None
    found.reverse()
    return found


def _deal_start(state: State) -> tuple[State, list[Action]]:
    """The state as the current deal was dealt, and the actions of the deal since."""
    record = record_of(state)
    start = state
    since: list[Action] = []
    previous: State | None = None
    for step, now in enumerate(replay_states(record)):
        if previous is None or now.hand.number != previous.hand.number:
            start, since = now, []
        else:
            since.append(record.actions[step - 1])
        previous = now
    return start, since
