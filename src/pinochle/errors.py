"""The library's exceptions: every bad input gets a typed error that says what and where."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "CardParseError",
    "DeckError",
    "IllegalActionError",
    "PinochleError",
    "SettlementError",
    "SheetError",
    "VariantError",
]

MAX_PROBLEMS = 20
"""The most problems a `VariantError` reports; a loader stops looking after as many."""


class PinochleError(Exception):
    """Base class of every error the library raises on purpose."""


class CardParseError(PinochleError, ValueError):
    """A card token could not be read.

    Attributes:
        token: The text that is not a card, as written.
        position: The token's 1-based position among the tokens of the input.
        reason: Why it is not a card.
    """

    def __init__(self, token: str, position: int, reason: str) -> None:
        self.token = token
        self.position = position
        self.reason = reason
        super().__init__(f"bad card {token!r} at position {position}: {reason}")

    def __reduce__(self) -> tuple[type, tuple[str, int, str]]:
        """Errors cross process boundaries (a process pool) intact."""
        return type(self), (self.token, self.position, self.reason)


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
