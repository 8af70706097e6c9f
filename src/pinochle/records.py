"""Game records: a whole game as data (profile, seed or hands, every action), JSON in and out.

A record holds what is needed to play a game again and nothing derived: the resolved
profile, the seed, the first dealer, the starting scores, the first hand's cards when the
game started from given hands, and every action as text. `replay` plays it through the
engine, so a replayed record reproduces the same states, and a hand-edited record with an
illegal action or an impossible card is rejected with the step and the reason.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import attrs

from pinochle.actions import Action, parse_action
from pinochle.cards import Card, format_cards, parse_cards
from pinochle.engine import apply, new_game
from pinochle.errors import IllegalActionError, PinochleError
from pinochle.state import State
from pinochle.variant import Variant

__all__ = ["FORMAT", "GameRecord", "RecordError", "record_of", "replay", "replay_states"]

FORMAT = "pinochle-game-record"
"""The ``format`` tag of a record's JSON document."""
VERSION = 1


class RecordError(PinochleError, ValueError):
    """A record cannot be read or replayed; the message names the step or field and why."""


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
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record from JSON data.

        Raises:
            RecordError: A field is missing or malformed; the message names it.
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a game record: expected format {FORMAT!r}")
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise RecordError(f"unknown record version {version!r}")
        if not isinstance(data.get("variant"), dict):
            raise RecordError("variant: expected a table of profile keys")
        try:
            variant = Variant.from_dict(data["variant"], source="record variant")
        except PinochleError as exc:
            raise RecordError(f"variant: {exc}") from None
        seed, dealer = data.get("seed"), data.get("dealer", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"seed: expected an integer, found {seed!r}")
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            raise RecordError(f"dealer: expected a seat number, found {dealer!r}")
        scores = data.get("scores")
        if scores is not None and (
            not isinstance(scores, list) or not all(type(s) is int for s in scores)
        ):
            raise RecordError(f"scores: expected a list of integers, found {scores!r}")
        hands = data.get("hands")
        parsed_hands = None
        if hands is not None:
            if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
                raise RecordError("hands: expected a list of card strings, one per seat")
            try:
                parsed_hands = tuple(parse_cards(h) for h in hands)
            except PinochleError as exc:
                raise RecordError(f"hands: {exc}") from None
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("actions: expected a list of action strings")
        parsed: list[Action] = []
        for step, text in enumerate(actions, start=1):
            try:
                parsed.append(parse_action(str(text)))
            except ValueError as exc:
                raise RecordError(f"step {step}: {exc}") from None
        return cls(
            variant,
            seed,
            dealer,
            tuple(scores) if scores is not None else None,
            parsed_hands,
            tuple(parsed),
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record from a JSON document.

        Raises:
            RecordError: The text is not JSON or not a record.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON: {exc}") from None
        return cls.from_dict(data)


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
