"""The score keeper: a sheet of settled hands and running totals (rules.md 11, 12 and 14.1).

A `ScoreSheet` records what the people at a table know about each hand (who bid, the bid,
each side's meld and trick points), settles it with `settle_hand`, keeps the running totals
and says when the game is won (`game_end`). It is immutable: `ScoreSheet.record` and
`ScoreSheet.undo` return new sheets. Its JSON form stores only the recorded facts; loading
replays them, so totals are always recomputed and a hand-edited file is checked hand by hand.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from pinochle.auction import bid_problem
from pinochle.cards import Suit, parse_suit
from pinochle.errors import SettlementError, SheetError, VariantError
from pinochle.scoring import GameEnd, HandResult, game_end, settle_hand
from pinochle.variant import GameScoring, Variant, WhoMelds

__all__ = ["FORMAT", "VERSION", "HandRecord", "ScoreSheet", "SheetError", "SheetHand"]

FORMAT = "pinochle-score-sheet"
"""The ``format`` tag of a score sheet's JSON document."""
VERSION = 1
"""The version of the JSON document this library writes and reads."""


@attrs.frozen
class HandRecord:
    """The facts of one hand as the table knows them (the arguments of `ScoreSheet.record`).

    Attributes:
        bidder: The side that won the auction, or None in a game without one.
        bid: The winning bid (0 without an auction).
        meld: Each side's meld.
        points: Each side's trick points, or None when the hand was not played.
        tricks: Tricks won by each side, when the profile's saving rule needs them.
        counters: Whether each side took a counter or the last trick, when not implied.
        nines_only: Whether each side's meld is only dixes.
        thrown_in: The bidder conceded after meld.
        no_marriage: The bidder surrendered for want of a marriage.
        trump: The trump suit, when known (chip games may pay by suit).
    """

    bidder: int | None
    bid: int
    meld: tuple[int, ...]
    points: tuple[int, ...] | None = None
    tricks: tuple[int, ...] | None = None
    counters: tuple[bool, ...] | None = None
    nines_only: tuple[bool, ...] | None = None
    thrown_in: bool = False
    no_marriage: bool = False
    trump: Suit | None = None


@attrs.frozen
class SheetHand:
    """One line of the sheet: the facts of a hand, its settlement and the totals after it.

    Attributes:
        record: The facts as recorded.
        result: The settlement: outcome, each side's score and meld status, and the reason.
        totals: Every side's running total after the hand.
        end: Whether the game ended after the hand, who won, and the target from then on.
    """

    record: HandRecord
    result: HandResult
    totals: tuple[int, ...]
    end: GameEnd

    @property
    def target(self) -> int | None:
        """The target in force after this hand (it may have risen); None in a chip game."""
        return self.end.target


@attrs.frozen(init=False)
class ScoreSheet:
    """A game's score sheet under one profile: every hand, its settlement and the totals.

    ``ScoreSheet(variant, scores=(112, 96))`` starts a sheet from those scores (default:
    zero for every side). Sides are numbered like the scores: partnerships in the
    four-hand game, single players otherwise.

    Attributes:
        variant: The rules.
        start: The scores the sheet started from, one per side.
        hands: Every recorded hand, oldest first.
    """

    variant: Variant
    start: tuple[int, ...]
    hands: tuple[SheetHand, ...]

    def __init__(self, variant: Variant, scores: Sequence[int] | None = None) -> None:
        """Start a sheet.

        Args:
            variant: The rules.
            scores: Each side's score to start from (default: all zero).

        Raises:
            SheetError: Not one whole number per side.
        """
        start = (0,) * variant.sides if scores is None else _numbers("scores", scores)
        if len(start) != variant.sides:
            raise SheetError(
                f"scores: expected {variant.sides} values (one per side), found {len(start)}"
            )
        self.__attrs_init__(variant, start, ())

    def _with_hands(self, hands: tuple[SheetHand, ...]) -> ScoreSheet:
        # The public constructor takes no hands: only record and undo make them.
        new = object.__new__(type(self))
        new.__attrs_init__(self.variant, self.start, hands)
        return new

    # --- The state of the game -------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Every side's running total now (points, or chips in a chip game)."""
        return self.hands[-1].totals if self.hands else self.start

    @property
    def winner(self) -> int | None:
        """The side that won the game, or None while it goes on (always None with chips)."""
        return self.hands[-1].end.winner if self.hands else None

    @property
    def is_over(self) -> bool:
        """Whether the game is won: nothing more can be recorded."""
        return self.winner is not None

    @property
    def target(self) -> int | None:
        """The target in force for the next hand (it may have risen); None in a chip game."""
        return self.hands[-1].target if self.hands else self.variant.game.target

    # --- Recording -------------------------------------------------------------------------

    def record(
        self,
        *,
        bidder: int | None = None,
        bid: int = 0,
        meld: Sequence[int],
        points: Sequence[int] | None = None,
        tricks: Sequence[int] | None = None,
        counters: Sequence[bool] | None = None,
        nines_only: Sequence[bool] | None = None,
        thrown_in: bool = False,
        no_marriage: bool = False,
        trump: Suit | str | None = None,
    ) -> ScoreSheet:
        """Record and settle the next hand (rules.md 11; chips 14.1; game end 12).

        Args:
            bidder: The side that won the auction; None in a game without one (two-hand).
            bid: The winning bid; 0 without an auction.
            meld: Each side's meld as shown.
            points: Each side's trick points, last trick included; they add up to the deck
                total. None when the hand was not played (thrown in, out of reach, no marriage).
            tricks: Tricks won by each side; needed when a pointless trick saves meld.
            counters: Whether each side took a counter or the last trick (default: a side
                with trick points did).
            nines_only: Whether each side's meld is only dixes (they may save themselves).
            thrown_in: The bidder conceded after meld.
            no_marriage: The bidder surrendered for want of a marriage to name trump.
            trump: The trump suit (`Suit`, ``"H"``, ``"♥"`` or ``"hearts"``); chip games whose
                payments depend on the suit need it.

        Returns:
            A new sheet with the hand added; this sheet is unchanged.

        Raises:
            SheetError: The game is over, or the facts are impossible under the profile (the
                message names the hand and the problem).
        """
        number = len(self.hands) + 1
        if self.is_over:
            last = self.hands[-1].end
            raise SheetError(
                f"the game is over: side {last.winner} won ({last.reason}); undo the last "
                "hand to correct it",
                hand=number,
            )
        try:
            facts = HandRecord(
                bidder=_whole_or_none("bidder", bidder),
                bid=_whole("bid", bid),
                meld=_numbers("meld", meld),
                points=_numbers_or_none("points", points),
                tricks=_numbers_or_none("tricks", tricks),
                counters=_flags_or_none("counters", counters),
                nines_only=_flags_or_none("nines_only", nines_only),
                thrown_in=_flag("thrown_in", thrown_in),
                no_marriage=_flag("no_marriage", no_marriage),
                trump=_suit(trump),
            )
            _check_record(self.variant, facts)
            result = settle_hand(
                self.variant,
                bidder=facts.bidder,
                bid=facts.bid,
                meld=facts.meld,
                points=facts.points,
                tricks=facts.tricks,
                counters=facts.counters,
                nines_only=facts.nines_only,
                thrown_in=facts.thrown_in,
                no_marriage=facts.no_marriage,
                trump=facts.trump,
            )
        except SettlementError as exc:
            raise SheetError(str(exc), hand=number) from None
        except SheetError as exc:
            raise SheetError(exc.problem, hand=number) from None
        totals = tuple(s + d for s, d in zip(self.scores, result.scores, strict=True))
        end = game_end(self.variant, totals, bidder=facts.bidder, target=self.target)
        return self._with_hands((*self.hands, SheetHand(facts, result, totals, end)))

    def undo(self) -> ScoreSheet:
        """The sheet without its last hand.

        Raises:
            SheetError: The sheet has no hand.
        """
        if not self.hands:
            raise SheetError("there is no hand to undo: the sheet is empty")
        return self._with_hands(self.hands[:-1])

    # --- JSON ------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The sheet as a versioned JSON document of its profile, start scores and hand facts.

        `ScoreSheet.from_json` reads it back equal. Each hand is one line, so the file is easy
        to read and to correct by hand.
        """
        document = {
            "format": FORMAT,
            "version": VERSION,
            "variant": self.variant.to_dict(),
            "scores": list(self.start),
            "hands": [_facts_data(hand.record) for hand in self.hands],
        }
        return _dump(document) + "\n"

    @classmethod
    def from_json(cls, text: str) -> ScoreSheet:
        """Read a sheet written by `ScoreSheet.to_json`, replaying every hand through `record`.

        Raises:
            SheetError: The text is not a score sheet, or a hand's facts are impossible (the
                message names the hand number and the problem).
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SheetError(f"not valid JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SheetError(f"not a score sheet: expected an object with format = {FORMAT!r}")
        if data.get("version") != VERSION:
            raise SheetError(
                f"version: this library reads version {VERSION}, found {data.get('version')!r}"
            )
        problem = _keys_problem(data, _DOCUMENT_KEYS, "the sheet")
        if problem is not None:
            raise SheetError(problem)
        variant_data = data.get("variant")
        if not isinstance(variant_data, dict):
            raise SheetError("variant: expected the profile as an object")
        try:
            variant = Variant.from_dict(variant_data, source="score sheet")
        except VariantError as exc:
            raise SheetError(f"variant: {exc.key or 'profile'}: {exc.problem}") from None
        sheet = cls(variant, data.get("scores"))
        hands = data.get("hands", [])
        if not isinstance(hands, list):
            raise SheetError("hands: expected a list of hands")
        for number, facts in enumerate(hands, start=1):
            if not isinstance(facts, dict):
                raise SheetError("expected an object of facts", hand=number)
            problem = _keys_problem(facts, _FACT_KEYS, "a hand")
            if problem is None and "meld" not in facts:
                problem = "meld: missing (give each side's meld)"
            if problem is not None:
                raise SheetError(problem, hand=number)
            sheet = sheet.record(**facts)
        return sheet


# --- Checking the facts ----------------------------------------------------------------


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SheetError(f"{name}: expected a whole number, found {value!r}")
    return value


def _whole_or_none(name: str, value: object) -> int | None:
    return None if value is None else _whole(name, value)


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise SheetError(f"{name}: expected true or false, found {value!r}")
    return value


def _sequence(name: str, value: object) -> Sequence[object]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise SheetError(f"{name}: expected a list (one value per side), found {value!r}")
    return value


def _numbers(name: str, value: object) -> tuple[int, ...]:
    items = _sequence(name, value)
    numbers = tuple(v for v in items if isinstance(v, int) and not isinstance(v, bool))
    if len(numbers) != len(items):
        raise SheetError(f"{name}: expected whole numbers, found {list(items)!r}")
    return numbers


def _numbers_or_none(name: str, value: object) -> tuple[int, ...] | None:
    return None if value is None else _numbers(name, value)


def _flags_or_none(name: str, value: object) -> tuple[bool, ...] | None:
    if value is None:
        return None
    items = _sequence(name, value)
    flags = tuple(v for v in items if isinstance(v, bool))
    if len(flags) != len(items):
        raise SheetError(f"{name}: expected true or false for each side, found {list(items)!r}")
    return flags


def _suit(value: object) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    if not isinstance(value, str):
        raise SheetError(f"trump: expected a suit such as 'H', found {value!r}")
    try:
        return parse_suit(value)
    except ValueError as exc:
        raise SheetError(f"trump: {exc}") from None


def _check_record(variant: Variant, facts: HandRecord) -> None:
    """What `settle_hand` leaves to the table: the auction, the sides, who may meld."""
    n = variant.sides
    for name in ("meld", "points", "tricks", "counters", "nines_only"):
        values = getattr(facts, name)
        if values is not None and len(values) != n:
            raise SheetError(f"{name}: expected {n} values (one per side), found {len(values)}")
    if variant.has_auction:
        _check_auction(variant, facts)
    elif facts.bidder is not None or facts.bid or facts.thrown_in or facts.no_marriage:
        raise SheetError(
            f"{variant.name} has no auction: record the hand without a bidder, bid, "
            "throw-in or surrender"
        )
    if any(m < 0 for m in facts.meld):
        raise SheetError(f"meld cannot be negative, found {list(facts.meld)}")
    if facts.nines_only is not None:
        for side, (nines, meld) in enumerate(zip(facts.nines_only, facts.meld, strict=True)):
            if nines and not meld:
                raise SheetError(f"nines_only: side {side} has no meld, so it is not only nines")


def _check_auction(variant: Variant, facts: HandRecord) -> None:
    n = variant.sides
    if facts.bidder is None:
        raise SheetError(f"{variant.name} has an auction: say which side bid (0 to {n - 1})")
    if not 0 <= facts.bidder < n:
        raise SheetError(f"bidder: expected a side from 0 to {n - 1}, found {facts.bidder}")
    # Any bid on the grid can win an auction, even where a raise may not jump (bidding.jumps).
    climbing = attrs.evolve(variant, bidding=attrs.evolve(variant.bidding, jumps=True))
    problem = bid_problem(climbing, facts.bid)
    if problem is not None:
        raise SheetError(f"bid {facts.bid} is not a legal bid in {variant.name}: {problem}")
    if variant.meld.who is WhoMelds.BIDDER:
        for side, meld in enumerate(facts.meld):
            if meld and side != facts.bidder:
                raise SheetError(
                    f"meld: only the bidder melds in {variant.name}, but side {side} has {meld}"
                )
    multipliers = attrs.astuple(variant.chips.suit_multipliers)
    if (
        variant.game.scoring is GameScoring.CHIPS
        and len(set(multipliers)) > 1
        and facts.trump is None
    ):
        raise SheetError(f"trump: payments in {variant.name} depend on the trump suit: give it")


# --- The JSON document ------------------------------------------------------------------

_DOCUMENT_KEYS = ("format", "version", "variant", "scores", "hands")
_FACT_KEYS = tuple(field.name for field in attrs.fields(HandRecord))


def _keys_problem(data: Mapping[str, Any], known: Sequence[str], what: str) -> str | None:
    unknown = [key for key in data if key not in known]
    if unknown:
        return f"unknown key {unknown[0]!r} in {what} (known keys: {', '.join(known)})"
    return None


def _facts_data(facts: HandRecord) -> dict[str, Any]:
    """The facts as JSON data: bidder, bid and meld always; the rest only when given."""
    data: dict[str, Any] = {"bidder": facts.bidder, "bid": facts.bid, "meld": list(facts.meld)}
    for name in ("points", "tricks", "counters", "nines_only"):
        values = getattr(facts, name)
        if values is not None:
            data[name] = list(values)
    if facts.thrown_in:
        data["thrown_in"] = True
    if facts.no_marriage:
        data["no_marriage"] = True
    if facts.trump is not None:
        data["trump"] = facts.trump.letter
    return data


def _dump(value: Any, depth: int = 0) -> str:
    """JSON with one key per line, but each list of numbers and each hand on a single line."""
    pad = "  " * (depth + 1)
    if isinstance(value, dict) and value and depth < 3:
        items = [f"{pad}{json.dumps(k)}: {_dump(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    if isinstance(value, list) and any(isinstance(v, dict) for v in value):
        items = [pad + json.dumps(v, ensure_ascii=False) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"
    return json.dumps(value, ensure_ascii=False)
