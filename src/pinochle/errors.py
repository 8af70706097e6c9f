"""The library's exceptions: every bad input gets a typed error that says what and where."""

from __future__ import annotations

from collections.abc import Sequence

from pinochle._text import printable

__all__ = [
    "ActionParseError",
    "ArenaError",
    "ArgumentError",
    "BotError",
    "CardParseError",
    "DeckError",
    "ExtraMissingError",
    "IllegalActionError",
    "InvariantError",
    "NotFoundError",
    "NotationError",
    "ObservationError",
    "ParseError",
    "PinochleError",
    "RecordError",
    "ReplyError",
    "RequestError",
    "SettlementError",
    "SheetError",
    "SuitParseError",
    "TooManyTriesError",
    "TurnError",
    "VariantError",
    "WireError",
]

MAX_PROBLEMS = 20
"""The most problems a `VariantError` reports; a loader stops looking after as many."""


VARIANT_EXPECTED = "a Variant (load one with pinochle.load_variant)"
"""What an `ArgumentError` says a ``variant`` argument must be."""


class PinochleError(Exception):
    """Base class of every error the library raises (see the Errors page of the docs)."""


class ArgumentError(PinochleError, TypeError, ValueError):
    """A value given to the library's API has the wrong type or is out of range.

    Raised where the value enters (an action's constructor, `pinochle.new_game`,
    `pinochle.Card`), so that a bad value never travels into a state. It is both a
    `TypeError` and a `ValueError`, so code that caught either before still catches it.

    Attributes:
        name: The argument or field, such as ``"amount"`` or ``"seed"``.
        expected: What it must be, in words.
        found: What was given: its ``repr`` (cut to 60 characters) and its type.
    """

    def __init__(self, name: str, expected: str, found: object) -> None:
        self.name = name
        self.expected = expected
        self.found = found if isinstance(found, _Described) else _Described.of(found)
        super().__init__(f"{name}: expected {expected}, found {self.found}")

    def __reduce__(self) -> tuple[type, tuple[str, str, _Described]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), (self.name, self.expected, self.found)


class _Described(str):
    """A found value already written as text (so a pickled error is not described twice)."""

    __slots__ = ()

    @classmethod
    def of(cls, value: object) -> _Described:
        try:
            text = repr(value)
        except ValueError:  # an integer of more digits than Python will write
            text = f"an integer of {value.bit_length() if isinstance(value, int) else '?'} bits"
        if len(text) > 60:
            text = text[:57] + "..."
        return cls(f"{text} ({type(value).__name__})")


class ParseError(PinochleError, ValueError):
    """Text that should name a card, a suit or an action does not.

    Attributes:
        text: The text that could not be read, as given.
        reason: Why, and what would have been read.
    """

    text: str
    reason: str


class CardParseError(ParseError):
    """A card token could not be read.

    Attributes:
        token: The text that is not a card, as written (also `ParseError.text`).
        position: The token's 1-based position among the tokens of the input.
        reason: Why it is not a card.
    """

    def __init__(self, token: str, position: int, reason: str) -> None:
        self.token = self.text = token
        self.position = position
        self.reason = reason
        super().__init__(f"bad card {token!r} at position {position}: {reason}")

    def __reduce__(self) -> tuple[type, tuple[str, int, str]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), (self.token, self.position, self.reason)


class SuitParseError(ParseError):
    """A suit could not be read (`pinochle.parse_suit`, a ``trump`` argument)."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"{text!r} is not a suit ({reason})")

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), (self.text, self.reason)


class ActionParseError(ParseError):
    """An action's text could not be read (`pinochle.parse_action`)."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"not an action: {text!r} ({reason})")

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), (self.text, self.reason)


class NotationError(ParseError):
    """Text in the pinochle notation (`pinochle.notation`) could not be read.

    The message starts with where: ``line 3, column 17: expected a card such as AH, found
    'ZZ'``. Lines and columns count from 1; a column counts characters, not bytes.

    Attributes:
        line: The line of the problem, from 1.
        column: The column of the problem in that line, from 1.
        reason: What was expected there and what was found.
        text: The piece of text at fault, as found (cut to 40 characters; may be empty at
            the end of the text).
    """

    def __init__(self, line: int, column: int, reason: str, text: str = "") -> None:
        self.line = line
        self.column = column
        self.reason = reason
        self.text = text
        super().__init__(f"line {line}, column {column}: {printable(reason)}")

    def __reduce__(self) -> tuple[type, tuple[int, int, str, str]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), (self.line, self.column, self.reason, self.text)


class DeckError(PinochleError, ValueError):
    """A set of cards cannot exist in the profile's deck (too many copies, or a missing rank)."""


class VariantError(PinochleError, ValueError):
    """A variant profile is invalid.

    A profile can have several problems at once; the loaders report every one they find
    (up to `MAX_PROBLEMS`), the first of them also as `key` and `problem`.

    Attributes:
        source: The file or built-in profile name the error is in ("<string>" for text).
        key: The dotted key path (``bidding.minimum``) of the first problem, or "" for the
            whole profile.
        problem: What was expected and what was found, for the first problem.
        problems: Every problem found, as ``(key, problem)`` pairs, the first one first.
    """

    def __init__(
        self,
        source: str,
        key: str,
        problem: str,
        problems: Sequence[tuple[str, str]] = (),
    ) -> None:
        self.source = source
        self.key = key
        self.problem = problem
        found = tuple((str(k), str(p)) for k, p in problems)
        if not found or found[0] != (key, problem):
            found = ((key, problem), *found)
        self.problems: tuple[tuple[str, str], ...] = found[:MAX_PROBLEMS]
        super().__init__("\n".join(self.lines()))

    @classmethod
    def of(cls, source: str, problems: Sequence[tuple[str, str]]) -> VariantError:
        """The error for several problems of one profile (at least one), the first first."""
        (key, problem), *_ = problems
        return cls(source, key, problem, problems)

    def lines(self) -> tuple[str, ...]:
        """One line per problem: ``source: key: problem`` (or ``source: problem``)."""
        return tuple(
            f"{self.source}: {key}: {problem}" if key else f"{self.source}: {problem}"
            for key, problem in self.problems
        )

    def __reduce__(self) -> tuple[type, tuple[str, str, str, tuple[tuple[str, str], ...]]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), (self.source, self.key, self.problem, self.problems)


class ObservationError(PinochleError, ValueError):
    """An observation is not a position the game can reach (`pinochle.sample_state`).

    The engine's own observations never raise it; one built or edited by hand can.
    """


class SettlementError(PinochleError, ValueError):
    """The facts of a hand are impossible or incomplete under the profile."""


class IllegalActionError(PinochleError, ValueError):
    """An action that the rules do not allow now; the state it was applied to stays valid.

    Attributes:
        action: The rejected action as text.
        reason: Why, in a player's words ("must follow clubs", "bid must be at least 26").
    """

    def __init__(self, action: str, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"{action}: {reason}")

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), (self.action, self.reason)


MAX_WIRE_PROBLEMS = 20
"""The most problems one `WireError` lists."""


class WireError(PinochleError, ValueError):
    """A wire-format document (`pinochle.wire`) cannot be read.

    Attributes:
        problems: Every problem found, each naming its field by path
            (``trick[1][1]: bad card 'XX' ...``); reading stops after `MAX_WIRE_PROBLEMS`.
    """

    def __init__(self, *problems: str) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))

    def __reduce__(self) -> tuple[type, tuple[str, ...]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), self.problems


class SheetError(PinochleError, ValueError):
    """A hand cannot be recorded, or a score sheet document or file is invalid or unusable.

    A sheet document can have several problems at once (hands 3 and 7 both impossible): they
    are all in `problems`, and `problem` and `hand` are the first of them. The message names
    the file (when there is one), then each problem with its hand number; it is always one
    line (control characters in the document are shown escaped).

    Attributes:
        hand: The 1-based number of the hand at fault, or None for the sheet as a whole.
        problem: What was wrong, without the hand number.
        problems: Every problem found, as ``(hand, problem)`` pairs in the order of the
            document; the first is ``(hand, problem)``.
        path: The file the sheet was read from or written to, as given, or None.
        truncated: More problems were found than `problems` lists (it stops at 20).
    """

    def __init__(
        self,
        problem: str,
        *,
        hand: int | None = None,
        path: str | None = None,
        others: Sequence[tuple[int | None, str]] = (),
        truncated: bool = False,
    ) -> None:
        self.hand = hand
        self.problem = problem
        self.problems: tuple[tuple[int | None, str], ...] = ((hand, problem), *others)
        self.path = path
        self.truncated = truncated
        parts = [f"hand {h}: {p}" if h is not None else p for h, p in self.problems]
        text = "; ".join(parts)
        if len(parts) > 1:
            text = f"{len(parts)}{'+' if truncated else ''} problems: {text}"
        if truncated:
            text += "; and more (only the first ones are listed)"
        if path is not None:
            text = f"{path}: {text}"
        super().__init__(_one_line(text))

    def __reduce__(self) -> tuple[object, ...]:
        """Errors cross process boundaries (a process pool) intact."""
        others = self.problems[1:]
        return _sheet_error, (self.problem, self.hand, self.path, others, self.truncated)


class RecordError(PinochleError, ValueError):
    """A record cannot be read or replayed; the message names the step or field and why.

    Raised by `pinochle.records` (and importable from it).

    Attributes:
        problems: Every problem found, each naming its field or step (the message joins
            them with "; "; the command line shows one a line); each problem of the
            embedded profile is one (``variant: bidding.minimum: ...``). Reading stops
            after `pinochle.records.MAX_PROBLEMS`.
    """

    def __init__(self, *problems: str) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))

    def __reduce__(self) -> tuple[type, tuple[str, ...]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), self.problems


class TurnError(PinochleError, ValueError):
    """A player was asked for an action where it has none to give.

    A bot's ``choose`` (or `pinochle.bots.choose_card`) given the observation of a seat that
    is not to act, or a strategy of `pinochle.testing` given a game that is over: the
    message names the seat and the phase.
    """


class NotFoundError(PinochleError, KeyError):
    """A name looked up is not there; it is a `KeyError`, as a lookup by name in Python is.

    Raised for an invariant a check report does not have, a block an observation encoding
    does not have, or two players that met in no match of a tournament.
    """


class InvariantError(PinochleError, AssertionError):
    """A promise of the library does not hold: a bug, never bad input.

    `pinochle.checking.CheckReport.raise_for_failures` raises it when `check_variant` found
    an invariant broken; the library raises it where code that cannot be reached was
    reached. Please report it, with what caused it. It is an `AssertionError`, as a failed
    check in a test is.
    """


class ExtraMissingError(PinochleError, ImportError):
    """An optional dependency is not installed; the message names the extra to install.

    Raised on first use of the parts that need one: the Ray backend of `pinochle.arena`,
    `pinochle.openspiel` (OpenSpiel), `pinochle.testing` (hypothesis), the
    reinforcement-learning environment (PettingZoo, numpy). It is an `ImportError`.
    """


class ArenaError(PinochleError, RuntimeError):
    """A player failed in a match: the message names the player, the deal and the seat.

    It also names the game's seed, so that a bot's author can replay it. Only a plain
    message crosses the process boundary, so it is the same on every backend. Raised by
    `pinochle.arena` (and importable from it).
    """


class BotError(PinochleError, RuntimeError):
    """A program playing through the bot protocol (`pinochle.protocol`) broke it.

    `pinochle.protocol.ExternalBot` raises it inside, and turns it into the loss of the
    deal (`pinochle.protocol.Failure`): the host never stops for it.

    Attributes:
        kind: What went wrong, one of `pinochle.protocol.FAILURES`: ``"crash"``,
            ``"timeout"``, ``"garbage"``, ``"illegal"``, ``"flood"`` (too much output),
            ``"closed-input"`` or ``"no-start"``.
        reason: In words, with what the program said or did.
    """

    def __init__(self, kind: str, reason: str) -> None:
        self.kind = kind
        self.reason = reason
        super().__init__(f"{kind}: {printable(reason)}")

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), (self.kind, self.reason)


class RequestError(PinochleError):
    """A request to a table (`pinochle.serve.GameStore`) that it refuses; nothing has changed.

    The table's HTTP server answers it with its ``status``; a program that uses the store
    directly can read the same status to tell the kinds of refusal apart. Importable from
    `pinochle.serve` too.

    Attributes:
        status: The HTTP status that says why (400 a bad value, 403 a missing token, 404 no
            such game or person, 409 not now, 412 the game has moved on, 413 too large,
            500 a stored game that cannot be read, 503 the folder is in use, or the server
            is busy with hints and reviews or stopping).
    """

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        super().__init__(message)

    def __reduce__(self) -> tuple[type, tuple[int, str]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), (self.status, str(self))


class TooManyTriesError(RequestError):
    """Too many wrong access codes from one client address (`pinochle serve --host`: 429).

    Attributes:
        seconds: How long the address must wait before it may try a code again.
    """

    def __init__(self, seconds: int) -> None:
        self.seconds = seconds
        super().__init__(
            429, f"too many wrong access codes from this address: try again in {seconds} s"
        )

    def __reduce__(self) -> tuple[type, tuple[int]]:  # type: ignore[override]
        """Errors cross process boundaries intact."""
        return type(self), (self.seconds,)


class ReplyError(PinochleError, ValueError):
    """A reply at the terminal table (`pinochle.play`) that is neither a number nor an action.

    The table shows the message and asks again.
    """


def _sheet_error(
    problem: str,
    hand: int | None,
    path: str | None = None,
    others: Sequence[tuple[int | None, str]] = (),
    truncated: bool = False,
) -> SheetError:
    return SheetError(problem, hand=hand, path=path, others=others, truncated=truncated)


def _one_line(text: str) -> str:
    """The text with line breaks and other control characters escaped, as in a repr."""
    return printable(text)
