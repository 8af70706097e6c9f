"""Game records: a whole game as data (profile, seed or hands, every action), JSON in and out.

A record holds what is needed to play a game again and nothing derived: the resolved
profile, the seed, the first dealer, the starting scores, the first hand's cards when the
game started from given hands, and every action as text. `replay` plays it through the
engine, so a replayed record reproduces the same states, and a hand-edited record with an
illegal action or an impossible card is rejected with the step and the reason.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import attrs

from pinochle._text import printable_document
from pinochle.actions import Action, parse_action
from pinochle.arguments import LIMIT, SEED_LIMIT
from pinochle.cards import Card, format_cards, parse_cards
from pinochle.documents import parse_json
from pinochle.engine import apply, new_game
from pinochle.errors import IllegalActionError, PinochleError, RecordError, VariantError
from pinochle.state import State
from pinochle.variant import Variant

__all__ = [
    "FORMAT",
    "MAX_PROBLEMS",
    "GameRecord",
    "RecordError",
    "record_of",
    "replay",
    "replay_states",
]

FORMAT = "pinochle.record"
"""The ``format`` tag of a record's JSON document."""
VERSION = 1


_EARLIER_FORMATS = ("pinochle-game-record",)  # the tag before 0.1: still read
MAX_PROBLEMS = 20
"""The most problems one `RecordError` lists."""

_KEYS = ("format", "version", "variant", "seed", "dealer", "scores", "hands", "actions")


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game.

    Attributes:
        variant: The rules.
        seed: The seed of every deal.
        dealer: The first dealer.
        scores: The starting scores.
        hands: The first hand's cards, when the game started from given hands.
        actions: Every action, in order.
    """

    variant: Variant
    seed: int
    dealer: int = 0
    scores: tuple[int, ...] | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    actions: tuple[Action, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "variant": self.variant.to_dict(),
            "seed": self.seed,
            "dealer": self.dealer,
            "scores": list(self.scores) if self.scores is not None else None,
            "hands": [format_cards(h, "ascii") for h in self.hands] if self.hands else None,
            "actions": [str(action) for action in self.actions],
        }

    def to_json(self, indent: int | None = 1) -> str:
        """The record as a JSON document."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any, *, base_dir: Path | str | None = None) -> GameRecord:
        """Read a record from JSON data.

        Args:
            data: The decoded JSON document.
            base_dir: Where the embedded profile may find a file it ``extends``; without one
                it may extend built-in profiles only, so a record never makes the library
                read another file.

        Raises:
            RecordError: A field is missing, unknown or malformed; the error lists every such
                field (up to `MAX_PROBLEMS`).
        """
        if not isinstance(data, dict) or data.get("format") not in (FORMAT, *_EARLIER_FORMATS):
            raise RecordError(f"not a game record: expected an object with format {FORMAT!r}")
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise RecordError(f"version: this library reads version {VERSION}, found {version!r}")
        problems: list[str] = []
        for key in data:
            if key not in _KEYS:
                close = difflib.get_close_matches(str(key), _KEYS, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                problems.append(f"{str(key)[:40]!r}: unknown field{hint}")
        variant = _read(problems, "variant", lambda: _variant(data.get("variant"), base_dir))
        seed = _read(problems, "seed", lambda: _number(data.get("seed"), 0, SEED_LIMIT - 1))
        seats = variant.deal.seated if variant is not None else 5
        dealer = _read(problems, "dealer", lambda: _number(data.get("dealer", 0), 0, seats - 1))
        scores = _read(problems, "scores", lambda: _scores(data.get("scores")))
        hands = _read(problems, "hands", lambda: _hands(data.get("hands")))
        actions = _read(problems, "actions", lambda: _actions(problems, data.get("actions", [])))
        if problems:
            raise RecordError(*problems[:MAX_PROBLEMS])
        assert variant is not None
        assert seed is not None
        assert dealer is not None
        return cls(variant, seed, dealer, scores, hands, actions or ())

    @classmethod
    def from_json(cls, text: str | bytes, *, base_dir: Path | str | None = None) -> GameRecord:
        """Read a record from a JSON document (text, or UTF-8 bytes).

        Raises:
            RecordError: The document is not JSON (or too large, too deep, not UTF-8) or not
                a record.
        """
        return cls.from_dict(parse_json(text, RecordError), base_dir=base_dir)


T = TypeVar("T")


def _read(problems: list[str], field: str, read: Callable[[], T]) -> T | None:
    """Run one field's reader; its problems are noted under the field's name."""
    try:
        return read()
    except _FieldProblem as exc:
        problems.extend(f"{field}: {problem}" for problem in exc.problems)
        return None


class _FieldProblem(Exception):  # noqa: N818 - a note to collect, never raised to the caller
    """One field of a record is malformed (collected, then raised as a `RecordError`)."""

    def __init__(self, *problems: str) -> None:
        super().__init__(*problems)
        self.problems = problems


def _variant(data: object, base_dir: Path | str | None) -> Variant:
    if not isinstance(data, dict):
        raise _FieldProblem("expected a table of profile keys")
    try:
        return Variant.from_dict(data, source="record variant", base_dir=base_dir)
    except VariantError as exc:  # every problem of the profile, each a problem of the record
        raise _FieldProblem(*(f"{k}: {p}" if k else p for k, p in exc.problems)) from None


def _number(value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _FieldProblem(f"expected a whole number from {low} to {high}, found {_short(value)}")
    return value


def _scores(value: object) -> tuple[int, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(type(s) is int and abs(s) <= LIMIT for s in value):
        raise _FieldProblem(
            f"expected a list of whole numbers (within ±{LIMIT}), found {_short(value)}"
        )
    return tuple(value)


def _hands(value: object) -> tuple[tuple[Card, ...], ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(h, str) for h in value):
        raise _FieldProblem("expected a list of card strings, one per seat")
    try:
        return tuple(parse_cards(h) for h in value)
    except PinochleError as exc:
        raise _FieldProblem(str(exc)) from None


def _actions(problems: list[str], value: object) -> tuple[Action, ...]:
    if not isinstance(value, list):
        raise _FieldProblem("expected a list of action strings")
    parsed: list[Action] = []
    for step, text in enumerate(value, start=1):
        if not isinstance(text, str):
            problems.append(f"step {step}: expected an action's text, found {_short(text)}")
            continue
        try:
            parsed.append(parse_action(text))
        except PinochleError as exc:
            problems.append(f"step {step}: {exc}")
        if len(problems) >= MAX_PROBLEMS:
            break
    return tuple(parsed)


def _short(value: object) -> str:
    """A found value as JSON, cut to 60 characters, control and format characters escaped."""
    try:
        text = printable_document(json.dumps(value, ensure_ascii=False), "json")
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def record_of(state: State) -> GameRecord:
    """The record of the game that led to ``state``."""
    game = state.game
    return GameRecord(
        game.variant,
        game.seed,
        game.first_dealer,
        game.start_scores,
        game.start_hands,
        state.actions,
    )


def replay_states(record: GameRecord) -> Iterator[State]:
    """Every state of the recorded game, the starting one first.

    Raises:
        RecordError: The starting hands are impossible, or an action is illegal; the message
            names the step (from 1), the action and the reason.
    """
    try:
        state = new_game(
            record.variant, record.seed, record.dealer, hands=record.hands, scores=record.scores
        )
    except (PinochleError, ValueError) as exc:
        raise RecordError(f"start: {exc}") from None
    yield state
    for step, action in enumerate(record.actions, start=1):
        try:
            state = apply(state, action)
        except IllegalActionError as exc:
            raise RecordError(f"step {step} ({action}): {exc.reason}") from None
        except PinochleError as exc:
            raise RecordError(f"step {step} ({action}): {exc}") from None
        yield state


def replay(record: GameRecord) -> State:
    """The final state of the recorded game (see `replay_states`)."""
    state = None
    for state in replay_states(record):  # noqa: B007 - only the last one is wanted
        pass
    assert state is not None
    return state
