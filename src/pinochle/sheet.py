"""The score keeper: a sheet of settled hands and running totals (rules/settlement, rules/game-end).

A `ScoreSheet` records what the people at a table know about each hand (who bid, the bid,
each side's meld and trick points), settles it with `settle_hand`, keeps the running totals
and says when the game is won (`game_end`). It is immutable: `ScoreSheet.record` and
`ScoreSheet.undo` return new sheets. Its JSON form stores only the recorded facts; loading
replays them, so totals are always recomputed and a hand-edited file is checked hand by hand.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from pinochle import _files
from pinochle.auction import bid_problem
from pinochle.cards import Suit, parse_suit
from pinochle.documents import check_path, parse_json, read_text
from pinochle.errors import (
    VARIANT_EXPECTED,
    ArgumentError,
    SettlementError,
    SheetError,
    VariantError,
)
from pinochle.scoring import GameEnd, HandResult, game_end, settle_hand
from pinochle.variant import GameScoring, Variant, WhoMelds

__all__ = [
    "FORMAT",
    "MAX_NUMBER",
    "MAX_PROBLEMS",
    "VERSION",
    "HandRecord",
    "ScoreSheet",
    "SheetError",
    "SheetHand",
    "update_file",
]

FORMAT = "pinochle.sheet"
_EARLIER_FORMATS = ("pinochle-score-sheet",)  # the tag before 0.1: still read
"""The ``format`` tag of a score sheet's JSON document."""
VERSION = 1
"""The version of the JSON document this library writes and reads."""
MAX_NUMBER = 10**9
"""The largest size of any number on a sheet (scores, bids, meld, points, tricks)."""
MAX_PROBLEMS = 20
"""How many problems of a sheet document a `SheetError` lists at most."""


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
        conceded: The opponents conceded after meld (``settlement.opponents_concede``).
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
    conceded: bool = False


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


@attrs.frozen(init=False, eq=False, repr=False)
class ScoreSheet:
    """A game's score sheet under one profile: every hand, its settlement and the totals.

    ``ScoreSheet(variant, scores=(112, 96))`` starts a sheet from those scores (default:
    zero for every side). Sides are numbered like the scores: partnerships in the
    four-hand game, single players otherwise.

    Like a paper sheet, it does not enforce the profile's minimum bid (seed 002: "The keeper
    does not enforce a minimum"; tables often open lower by agreement): a bid is any
    positive amount on the profile's step grid, extended below the minimum (``minimum - k
    × step``: under pinochlerun any whole number from 1, under a tens profile bids by 10),
    with no maximum. ``strict_bids=True`` checks every bid as the auction does: minimum,
    steps and maximum.

    Recording is amortised constant time (a sheet shares its hands with the sheet it was
    recorded on), so replaying or loading a sheet of n hands takes time linear in n.

    Attributes:
        variant: The rules.
        start: The scores the sheet started from, one per side.
        strict_bids: Whether every bid must be one the auction allows (minimum, steps,
            maximum); kept in the JSON document.
    """

    variant: Variant
    start: tuple[int, ...]
    strict_bids: bool
    # Hands are kept in an append-only list shared by the sheets recorded one on another:
    # this sheet's hands are the first `_count` of `_log`, which nothing ever changes.
    _log: list[SheetHand]
    _count: int
    _rules: _Rules
    _tuple: tuple[SheetHand, ...] | None

    def __init__(
        self, variant: Variant, scores: Sequence[int] | None = None, *, strict_bids: bool = False
    ) -> None:
        """Start a sheet.

        Args:
            variant: The rules.
            scores: Each side's score to start from (default: all zero).
            strict_bids: Check every bid against the profile's minimum, steps and maximum
                (default: any positive bid on the step grid, below the minimum too).

        Raises:
            SheetError: Not one whole number per side, or a number out of range.
            ArgumentError: ``variant`` is not a `Variant`, or ``strict_bids`` not a bool.
        """
        if not isinstance(variant, Variant):
            raise ArgumentError("variant", VARIANT_EXPECTED, variant)
        start = (0,) * variant.sides if scores is None else _numbers("scores", scores)
        if len(start) != variant.sides:
            raise SheetError(
                f"scores: expected {variant.sides} values (one per side), found {len(start)}"
            )
        if not isinstance(strict_bids, bool):
            raise ArgumentError("strict_bids", "true or false (bool)", strict_bids)
        self.__attrs_init__(variant, start, strict_bids, [], 0, _Rules.of(variant), ())

    def _derive(self, log: list[SheetHand], count: int) -> ScoreSheet:
        # The public constructor takes no hands: only record and undo make them.
        new = object.__new__(type(self))
        new.__attrs_init__(
            self.variant, self.start, self.strict_bids, log, count, self._rules, None
        )
        return new

    @property
    def hands(self) -> tuple[SheetHand, ...]:
        """Every recorded hand, oldest first (`SheetHand`)."""
        hands = self._tuple
        if hands is None:
            hands = tuple(self._log[: self._count])
            object.__setattr__(self, "_tuple", hands)
        return hands

    @property
    def last(self) -> SheetHand | None:
        """The last recorded hand, or None on an empty sheet (without building `hands`)."""
        return self._log[self._count - 1] if self._count else None

    def __len__(self) -> int:
        """The number of recorded hands."""
        return self._count

    def __eq__(self, other: object) -> bool:
        """Sheets are equal when their profile, start scores, bid check and hands are."""
        if not isinstance(other, ScoreSheet):
            return NotImplemented
        if self._count != other._count or self.start != other.start:
            return False
        if self.strict_bids != other.strict_bids:
            return False
        if self.variant != other.variant:
            return False
        if self._log is other._log:
            return True
        return self.hands == other.hands

    def __hash__(self) -> int:
        """A hash consistent with equality."""
        return hash((self.variant, self.start, self.strict_bids, self.hands))

    def __repr__(self) -> str:
        """The sheet's profile, start scores and hands."""
        strict = ", strict_bids=True" if self.strict_bids else ""
        return (
            f"ScoreSheet(variant={self.variant!r}, start={self.start!r}{strict}, "
            f"hands={self.hands!r})"
        )

    def __reduce__(self) -> tuple[object, ...]:
        """Sheets pickle by their profile, start scores and hands."""
        return _restore, (self.variant, self.start, self.hands, self.strict_bids)

    # --- The state of the game -------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Every side's running total now (points, or chips in a chip game)."""
        last = self.last
        return last.totals if last is not None else self.start

    @property
    def winner(self) -> int | None:
        """The side that won the game, or None while it goes on (always None with chips)."""
        last = self.last
        return last.end.winner if last is not None else None

    @property
    def is_over(self) -> bool:
        """Whether the game is won: nothing more can be recorded."""
        return self.winner is not None

    @property
    def target(self) -> int | None:
        """The target in force for the next hand (it may have risen); None in a chip game."""
        last = self.last
        return last.target if last is not None else self.variant.game.target

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
        conceded: bool = False,
        strict_bids: bool = False,
    ) -> ScoreSheet:
        """Record and settle the next hand (rules/settlement, rules/game-end).

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
            conceded: The opponents conceded after meld (chip games whose profile allows
                it, ``settlement.opponents_concede``). A bidder whose meld reaches the bid
                under ``settlement.meld_makes_bid`` is recorded without points.
            strict_bids: Check this hand's bid as the auction does (minimum, steps,
                maximum), even on a sheet that does not (`ScoreSheet.strict_bids`). Not
                stored: a reloaded sheet checks bids as the sheet says.

        Every number is a whole number of at most `MAX_NUMBER` in size.

        Returns:
            A new sheet with the hand added; this sheet is unchanged.

        Raises:
            SheetError: The game is over, or the facts are impossible under the profile (the
                message names the hand and the problem).
        """
        number = self._count + 1
        last = self.last
        if last is not None and last.end.winner is not None:
            raise SheetError(
                f"the game is over: side {last.end.winner} won ({last.end.reason}); undo the "
                "last hand to correct it",
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
                conceded=_flag("conceded", conceded),
            )
            _check_record(self._rules, facts, self.strict_bids or _flag("strict_bids", strict_bids))
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
                conceded=facts.conceded,
            )
        except SettlementError as exc:
            raise SheetError(str(exc), hand=number) from None
        except SheetError as exc:
            raise SheetError(exc.problem, hand=number) from None
        totals = tuple(s + d for s, d in zip(self.scores, result.scores, strict=True))
        end = game_end(self.variant, totals, bidder=facts.bidder, target=self.target)
        return self._append(SheetHand(facts, result, totals, end))

    def _append(self, hand: SheetHand) -> ScoreSheet:
        count = self._count
        log = self._log
        if len(log) == count:
            # This sheet is the newest of its line: extend the shared list in place. Another
            # thread may have extended it at the same moment; then the hand is not ours.
            log.append(hand)
            if log[count] is hand:
                return self._derive(log, count + 1)
        # A sheet recorded on, or undone, before: its own line starts here.
        return self._derive([*log[:count], hand], count + 1)

    def undo(self) -> ScoreSheet:
        """The sheet without its last hand.

        Raises:
            SheetError: The sheet has no hand.
        """
        if not self._count:
            raise SheetError("there is no hand to undo: the sheet is empty")
        return self._derive(self._log, self._count - 1)

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
            **({"strict_bids": True} if self.strict_bids else {}),
            "hands": [_facts_data(hand.record) for hand in self.hands],
        }
        return _dump(document) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> ScoreSheet:
        """Read a sheet written by `ScoreSheet.to_json`, replaying every hand through `record`.

        Args:
            text: The document, as text or as UTF-8 bytes (a byte-order mark is allowed).

        Raises:
            SheetError: The text is not a score sheet, or some hands' facts are impossible.
                Every problem found is in ``problems`` (up to 20): a bad hand is skipped and
                the next ones are checked without it.
        """
        return _read(text, None)

    # --- Files -----------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> ScoreSheet:
        """Read a sheet from a JSON file (see `from_json`).

        Raises:
            SheetError: The file is missing, unreadable, too large, not UTF-8 text or not a
                valid sheet; ``path`` names it.
        """
        error = _file_error(path)
        return _read(read_text(path, error), _label(path))

    def save(self, path: str | os.PathLike[str], *, replace: bool = False) -> None:
        """Write the sheet to a JSON file, atomically: the file is complete or untouched.

        A symlink is written through (its target changes; it stays a symlink). Another
        process reading the file sees the old sheet or the new one, never a part.

        Args:
            path: The file.
            replace: Replace an existing file (under the lock `update_file` takes, and never a
                read-only one). Without it an existing file is refused, even one that appears
                while this sheet is being written.

        Raises:
            SheetError: The file exists (without ``replace``), is read-only, or cannot be
                written; the file is then as it was and no temporary file is left.
        """
        error = _file_error(path)
        file = _files.resolve(check_path(path, error))
        text = self.to_json()
        if not replace:
            _files.create(file, text, error)
            return
        try:
            with _files.locked(file, error) as fd:
                mode = _files.check_writable(fd, file, error)
                _files.replace(file, text, mode, error)
                return
        except SheetError as exc:
            if exc.problem != "no such file":
                raise
        _files.replace(file, text, _files.new_mode(), error)


def update_file(
    path: str | os.PathLike[str], change: Callable[[ScoreSheet], ScoreSheet]
) -> ScoreSheet:
    """Change a sheet file under an exclusive lock: read it, apply ``change``, write it back.

    Several processes (or threads) updating one file take turns, so none loses another's
    hand: ``update_file(path, lambda sheet: sheet.record(bidder=0, bid=25, ...))``. The
    write is atomic and durable as in `ScoreSheet.save`, and through a symlink. The lock is
    ``fcntl.flock`` on the file itself (no lock file); on Windows, which has no ``fcntl``,
    there is no lock (writes stay atomic, but simultaneous writers can lose a change).

    Args:
        path: The sheet file; it must exist and be writable.
        change: Returns the new sheet from the one in the file (``record``, ``undo``, ...).
            Whatever it raises propagates, and the file is left as it was. Returning the
            very same sheet writes nothing.

    Returns:
        The sheet now in the file.

    Raises:
        SheetError: The file is missing, read-only, not a valid sheet (``path`` names it) or
            cannot be written; or ``change`` raised it (a hand that cannot be recorded).
    """
    error = _file_error(path)
    file = _files.resolve(check_path(path, error))
    with _files.locked(file, error) as fd:
        mode = _files.check_writable(fd, file, error)
        sheet = _read(_files.read(fd, error), _label(path))
        changed = change(sheet)
        if not isinstance(changed, ScoreSheet):
            raise TypeError(f"change must return a ScoreSheet, not {type(changed).__name__}")
        if changed is not sheet:
            _files.replace(file, changed.to_json(), mode, error)
    return changed


def _restore(
    variant: Variant,
    start: tuple[int, ...],
    hands: tuple[SheetHand, ...],
    strict_bids: bool = False,
) -> ScoreSheet:
    sheet = ScoreSheet(variant, start, strict_bids=strict_bids)
    return sheet._derive(list(hands), len(hands))


@attrs.frozen
class _Rules:
    """What `record` checks against, worked out once per profile rather than per hand."""

    variant: Variant
    climbing: Variant  # any bid on the grid can win an auction, even without jumps
    open_ended: Variant  # the same grid without a maximum: the lenient check above the minimum
    needs_trump: bool  # chip payments depend on the trump suit

    @classmethod
    def of(cls, variant: Variant) -> _Rules:
        climbing = attrs.evolve(variant, bidding=attrs.evolve(variant.bidding, jumps=True))
        open_ended = attrs.evolve(climbing, bidding=attrs.evolve(climbing.bidding, maximum=None))
        multipliers = attrs.astuple(variant.chips.suit_multipliers)
        needs_trump = variant.game.scoring is GameScoring.CHIPS and len(set(multipliers)) > 1
        return cls(variant, climbing, open_ended, needs_trump)


# --- Reading a document -----------------------------------------------------------------


def _label(path: object) -> str:
    try:
        return os.fspath(path)  # type: ignore[call-overload,no-any-return]
    except TypeError:
        return repr(path)


def _file_error(path: object) -> Callable[[str], SheetError]:
    label = _label(path)
    if len(label) > 200 or "\0" in label:  # a message names a malformed path briefly
        label = _show(label)
    return lambda problem: SheetError(problem, path=label)


class _Problems:
    """The problems of one document, up to `MAX_PROBLEMS`."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.found: list[tuple[int | None, str]] = []
        self.truncated = False

    @property
    def full(self) -> bool:
        return len(self.found) >= MAX_PROBLEMS

    def add(self, hand: int | None, problem: str) -> None:
        if self.full:
            self.truncated = True
        else:
            self.found.append((hand, problem))

    def error(self) -> SheetError:
        (hand, problem), *others = self.found
        return SheetError(
            problem, hand=hand, path=self.path, others=others, truncated=self.truncated
        )

    def stop(self, hand: int | None, problem: str) -> SheetError:
        """The error to raise now, with this last problem."""
        self.add(hand, problem)
        return self.error()


def _read(text: str | bytes, path: str | None) -> ScoreSheet:
    problems = _Problems(path)
    data = parse_json(text, lambda problem: SheetError(problem, path=path))
    if not isinstance(data, dict) or data.get("format") not in (FORMAT, *_EARLIER_FORMATS):
        raise problems.stop(None, f"not a score sheet: expected an object with format = {FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise problems.stop(
            None, f"version: this library reads version {VERSION}, found {_show(version)}"
        )
    problem = _keys_problem(data, _DOCUMENT_KEYS, "the sheet")
    if problem is not None:
        problems.add(None, problem)
    variant_data = data.get("variant")
    if not isinstance(variant_data, dict):
        raise problems.stop(
            None, f"variant: expected the profile as an object, found {_show(variant_data)}"
        )
    try:
        # No base_dir: a document may extend a built-in profile, never make us read a file.
        variant = Variant.from_dict(variant_data, source="score sheet")
    except VariantError as exc:  # every problem of the profile, each under "variant"
        for key, problem in exc.problems[:-1]:
            problems.add(None, f"variant: {key or 'profile'}: {problem}")
        key, problem = exc.problems[-1]
        raise problems.stop(None, f"variant: {key or 'profile'}: {problem}") from None
    strict = data.get("strict_bids", False)
    if not isinstance(strict, bool):
        problems.add(None, f"strict_bids: expected true or false, found {_show(strict)}")
        strict = False
    try:
        sheet = ScoreSheet(variant, data.get("scores"), strict_bids=strict)
    except SheetError as exc:
        problems.add(None, exc.problem)
        sheet = ScoreSheet(variant, strict_bids=strict)  # check the hands from zero
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        problems.add(None, f"hands: expected a list of hands, found {_show(hands)}")
        hands = []
    for number, facts in enumerate(hands, start=1):
        if sheet.is_over:
            last = sheet.last
            assert last is not None
            later = "this hand" if number == len(hands) else f"hands {number} to {len(hands)}"
            problems.add(
                number,
                f"the game is over: side {last.end.winner} won ({last.end.reason}); "
                f"{later} cannot be recorded after it",
            )
            break
        if not isinstance(facts, dict):
            problems.add(number, f"expected an object of facts, found {_show(facts)}")
            continue
        problem = _keys_problem(facts, _FACT_KEYS, "a hand")
        if problem is None and "meld" not in facts:
            problem = "meld: missing (give each side's meld)"
        if problem is not None:
            problems.add(number, problem)
            continue
        try:
            sheet = sheet.record(**facts)
        except SheetError as exc:
            problems.add(number, exc.problem)
    if problems.found:
        raise problems.error()
    return sheet


# --- Checking the facts ----------------------------------------------------------------


def _show(value: object) -> str:
    """A value for a message, shortened when long (an integer of thousands of digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return f"{'-' if value < 0 else ''}an integer of {len(str(abs(value)))} digits"
    text = repr(value)
    if len(text) > 80:
        return f"{text[:60]}... ({len(text)} characters)"
    return text


def _in_range(value: object) -> bool:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and -MAX_NUMBER <= value <= MAX_NUMBER
    )


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SheetError(f"{name}: expected a whole number, found {_show(value)}")
    if not _in_range(value):
        raise SheetError(
            f"{name}: {_show(value)} is out of range (at most {MAX_NUMBER:,} either way)"
        )
    return value


def _whole_or_none(name: str, value: object) -> int | None:
    return None if value is None else _whole(name, value)


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise SheetError(f"{name}: expected true or false, found {_show(value)}")
    return value


def _sequence(name: str, value: object) -> Sequence[object]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise SheetError(f"{name}: expected a list (one value per side), found {_show(value)}")
    return value


def _numbers(name: str, value: object) -> tuple[int, ...]:
    items = _sequence(name, value)
    numbers = tuple(v for v in items if isinstance(v, int) and not isinstance(v, bool))
    if len(numbers) != len(items):
        raise SheetError(f"{name}: expected whole numbers, found {_show(list(items))}")
    if not all(-MAX_NUMBER <= v <= MAX_NUMBER for v in numbers):
        raise SheetError(
            f"{name}: {_show(list(items))} is out of range (each at most {MAX_NUMBER:,} either way)"
        )
    return numbers


def _numbers_or_none(name: str, value: object) -> tuple[int, ...] | None:
    return None if value is None else _numbers(name, value)


def _flags_or_none(name: str, value: object) -> tuple[bool, ...] | None:
    if value is None:
        return None
    items = _sequence(name, value)
    flags = tuple(v for v in items if isinstance(v, bool))
    if len(flags) != len(items):
        raise SheetError(
            f"{name}: expected true or false for each side, found {_show(list(items))}"
        )
    return flags


def _suit(value: object) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    if not isinstance(value, str) or len(value) > 20:
        raise SheetError(f"trump: expected a suit such as 'H', found {_show(value)}")
    try:
        return parse_suit(value)
    except ValueError as exc:
        raise SheetError(f"trump: {exc}") from None


def _check_record(rules: _Rules, facts: HandRecord, strict_bids: bool) -> None:
    """What `settle_hand` leaves to the table: the auction, the sides, who may meld."""
    variant = rules.variant
    n = variant.sides
    for name in ("meld", "points", "tricks", "counters", "nines_only"):
        values = getattr(facts, name)
        if values is not None and len(values) != n:
            raise SheetError(f"{name}: expected {n} values (one per side), found {len(values)}")
    if variant.has_auction:
        _check_auction(rules, facts, strict_bids)
    elif (
        facts.bidder is not None
        or facts.bid
        or facts.thrown_in
        or facts.no_marriage
        or facts.conceded
    ):
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


def _check_auction(rules: _Rules, facts: HandRecord, strict_bids: bool) -> None:
    variant = rules.variant
    n = variant.sides
    if facts.bidder is None:
        raise SheetError(f"{variant.name} has an auction: say which side bid (0 to {n - 1})")
    if not 0 <= facts.bidder < n:
        raise SheetError(f"bidder: expected a side from 0 to {n - 1}, found {facts.bidder}")
    # Any bid on the grid can win an auction, even where a raise may not jump (bidding.jumps).
    if strict_bids:
        problem = bid_problem(rules.climbing, facts.bid)
    else:
        problem = _lenient_bid_problem(rules, facts.bid)
    if problem is not None:
        raise SheetError(f"bid {facts.bid} is not a legal bid in {variant.name}: {problem}")
    if variant.meld.who is WhoMelds.BIDDER:
        for side, meld in enumerate(facts.meld):
            if meld and side != facts.bidder:
                raise SheetError(
                    f"meld: only the bidder melds in {variant.name}, but side {side} has {meld}"
                )
    if rules.needs_trump and facts.trump is None:
        raise SheetError(f"trump: payments in {variant.name} depend on the trump suit: give it")


def _lenient_bid_problem(rules: _Rules, bid: int) -> str | None:
    """Why a bid is not on the profile's grid, minimum and maximum aside (None if it is).

    Seed 002: "The keeper does not enforce a minimum." A bid is a positive amount; below
    the minimum it lies on the grid extended downward (``minimum - k × step``), from the
    minimum up on the auction's grid (``step``, then ``step_above`` from the threshold).
    """
    if bid <= 0:
        return "a bid is a positive amount"
    bidding = rules.variant.bidding
    if bid < bidding.minimum:
        if (bidding.minimum - bid) % bidding.step:
            return (
                f"bids go by {bidding.step} from {bidding.minimum}, below it too (the "
                "minimum itself is checked with strict_bids)"
            )
        return None
    return bid_problem(rules.open_ended, bid)


# --- The JSON document ------------------------------------------------------------------

_DOCUMENT_KEYS = ("format", "version", "variant", "scores", "strict_bids", "hands")
_FACT_KEYS = tuple(field.name for field in attrs.fields(HandRecord))


def _keys_problem(data: Mapping[str, Any], known: Sequence[str], what: str) -> str | None:
    unknown = [key for key in data if key not in known]
    if not unknown:
        return None
    names = ", ".join(_show(key) for key in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
    keys = "key" if len(unknown) == 1 else "keys"
    return f"unknown {keys} {names} in {what} (known keys: {', '.join(known)})"


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
    if facts.conceded:
        data["conceded"] = True
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
