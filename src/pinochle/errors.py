"""The library's exceptions: every bad input gets a typed error that says what and where."""

from __future__ import annotations

__all__ = [
    "ActionParseError",
    "ArgumentError",
    "CardParseError",
    "DeckError",
    "IllegalActionError",
    "ObservationError",
    "ParseError",
    "PinochleError",
    "SettlementError",
    "SheetError",
    "SuitParseError",
    "VariantError",
]


VARIANT_EXPECTED = "a Variant (load one with pinochle.load_variant)"
"""What an `ArgumentError` says a ``variant`` argument must be."""


class PinochleError(Exception):
    """Base class of every error the library raises on purpose."""


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


class DeckError(PinochleError, ValueError):
    """A set of cards cannot exist in the profile's deck (too many copies, or a missing rank)."""


class VariantError(PinochleError, ValueError):
    """A variant profile is invalid.

    Attributes:
        source: The file or built-in profile name the error is in ("<string>" for text).
        key: The dotted key path (``bidding.minimum``), or "" for the whole profile.
        problem: What was expected and what was found.
    """

    def __init__(self, source: str, key: str, problem: str) -> None:
        self.source = source
        self.key = key
        self.problem = problem
        where = f"{source}: {key}" if key else source
        super().__init__(f"{where}: {problem}")

    def __reduce__(self) -> tuple[type, tuple[str, str, str]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), (self.source, self.key, self.problem)


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


class SheetError(PinochleError, ValueError):
    """A hand cannot be recorded, or a score sheet document is invalid.

    Attributes:
        hand: The 1-based number of the hand at fault, or None for the sheet as a whole.
        problem: What was wrong, without the hand number.
    """

    def __init__(self, problem: str, *, hand: int | None = None) -> None:
        self.hand = hand
        self.problem = problem
        super().__init__(f"hand {hand}: {problem}" if hand is not None else problem)

    def __reduce__(self) -> tuple[object, ...]:
        """Errors cross process boundaries (a process pool) intact."""
        return _sheet_error, (self.problem, self.hand)


def _sheet_error(problem: str, hand: int | None) -> SheetError:
    return SheetError(problem, hand=hand)
