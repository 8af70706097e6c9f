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
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)
