"""The score sheet: a game's settled hands and running totals (rules/settlement, rules/game-end).

`ScoreSheet.record` takes a hand's facts, checks them (`pinochle.sheet._facts`), settles
them with `settle_hand` and adds the hand's scores to the running totals; `game_end` then
says whether the game is won (and the target from then on, which may rise). Nothing can be
recorded after a won game until its last hand is undone. A chip game never ends: its
totals are chips.

A sheet is immutable: `ScoreSheet.record` and `ScoreSheet.undo` return new sheets.
Recording is amortised constant time: the sheets recorded one on another share one
append-only list of hands, each seeing its first n.

The JSON document and the files (`to_json`, `from_json`, `load`, `save`) build on this
model in `pinochle.sheet._document` and `pinochle.sheet._storage`; the model reaches them
only when one of those methods is called.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import attrs

from pinochle._pickles import fills_new_fields
from pinochle.cards import Suit
from pinochle.errors import VARIANT_EXPECTED, ArgumentError, SettlementError, SheetError
from pinochle.scoring import (
    GameEnd,
    HandResult,
    failed_bids,
    game_end,
    settle_renege,
    with_game_checks,
)
from pinochle.scoring._game_end import swept_by
from pinochle.scoring._settle import HandFacts, settle_facts
from pinochle.sheet._facts import (
    HandRecord,
    Rules,
    check_record,
    flag,
    flags_or_none,
    numbers,
    numbers_or_none,
    suit,
    whole,
    whole_or_none,
)
from pinochle.variant import Variant


@fills_new_fields
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
    _rules: Rules
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
        start = (0,) * variant.sides if scores is None else numbers("scores", scores)
        if len(start) != variant.sides:
            raise SheetError(
                f"scores: expected {variant.sides} values (one per side), found {len(start)}"
            )
        if not isinstance(strict_bids, bool):
            raise ArgumentError("strict_bids", "true or false (bool)", strict_bids)
        self.__attrs_init__(variant, start, strict_bids, [], 0, Rules.of(variant), ())

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
    def checks(self) -> tuple[int, ...]:
        """Every side's checks so far (check pinochle, ``[checks]``); all 0 without checks."""
        totals = [0] * self.variant.sides
        for hand in self.hands:
            for side, count in enumerate(hand.result.checks):
                totals[side] += count
        return tuple(totals)

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
        moon: bool = False,
        strict_bids: bool = False,
        renege: int | None = None,
        called_by: int | None = None,
        proven: bool = True,
        checks: Sequence[int] | None = None,
        outright: int | None = None,
        partner: int | None = None,
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
            moon: The bidder shot the moon (``settlement.shoot_the_moon``): give ``points``
                and ``tricks``; the moon is made when the bidders took every trick.
            strict_bids: Check this hand's bid as the auction does (minimum, steps,
                maximum), even on a sheet that does not (`ScoreSheet.strict_bids`). Not
                stored: a reloaded sheet checks bids as the sheet says.
            renege: The side called on, when a called renege ended the hand: the
                profile's renege table (``renege.penalty``, rules/reneges) settles it from
                the bid and the meld, so give no points, tricks or counters.
            called_by: The side that called the renege (with ``renege``; never the same).
            proven: Whether the renege was proven (default true). A call that is not is the
                caller's own renege.
            checks: Check pinochle (``[checks]``): each side's checks for its meld (and
                seven nines), as counted at the table; the keeper adds the bidder's checks
                for losing and the winner's for the game. None: no checks for meld.
            outright: The side that melded a quadruple that wins the game outright
                (``meld.quadruple_wins``): the game ends with that side the winner.
            partner: Five hands (``deal.partner = "called"``): the side of the bidder's
                called partner; the pair settles as one side and each scores its result
                (rules/settlement#called-partner). None: the bidder played alone.

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
                bidder=whole_or_none("bidder", bidder),
                bid=whole("bid", bid),
                meld=numbers("meld", meld),
                points=numbers_or_none("points", points),
                tricks=numbers_or_none("tricks", tricks),
                counters=flags_or_none("counters", counters),
                nines_only=flags_or_none("nines_only", nines_only),
                thrown_in=flag("thrown_in", thrown_in),
                no_marriage=flag("no_marriage", no_marriage),
                trump=suit(trump),
                conceded=flag("conceded", conceded),
                renege=whole_or_none("renege", renege),
                called_by=whole_or_none("called_by", called_by),
                proven=flag("proven", proven),
                checks=numbers_or_none("checks", checks),
                outright=whole_or_none("outright", outright),
                moon=flag("moon", moon),
                partner=whole_or_none("partner", partner),
            )
            check_record(self._rules, facts, self.strict_bids or flag("strict_bids", strict_bids))
            result = _settle(self.variant, facts)
        except SettlementError as exc:
            raise SheetError(str(exc), hand=number) from None
        except SheetError as exc:
            raise SheetError(exc.problem, hand=number) from None
        totals = tuple(s + d for s, d in zip(self.scores, result.scores, strict=True))
        tricks = facts.tricks if facts.points is not None else None
        swept = swept_by(tricks, facts.bidder, facts.partner)
        failed = None
        if self.variant.game.slide_out is not None:  # each side's failed bids (game.slide_out)
            failed = failed_bids((*(h.result for h in self.hands), result), self.variant.sides)
        end = game_end(
            self.variant,
            totals,
            bidder=facts.bidder,
            target=self.target,
            hands=number,
            swept=swept,
            outright=facts.outright,
            failed=failed,
        )
        result = with_game_checks(self.variant, result, end)
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
        from pinochle.sheet import _document

        return _document.write(self)

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
        from pinochle.sheet import _document

        return _document.read(text, None)

    # --- Files -----------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> ScoreSheet:
        """Read a sheet from a JSON file (see `from_json`).

        Raises:
            SheetError: The file is missing, unreadable, too large, not UTF-8 text or not a
                valid sheet; ``path`` names it.
        """
        from pinochle.sheet import _storage

        return _storage.load(path)

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
        from pinochle.sheet import _storage

        _storage.save(self, path, replace=replace)


def _settle(variant: Variant, facts: HandRecord) -> HandResult:
    """The settlement of checked facts: by the renege table, or as the hand ended."""
    if facts.renege is not None:
        # check_record: a renege table needs an auction, and a renege hand names its caller
        assert facts.bidder is not None
        assert facts.called_by is not None
        return settle_renege(
            variant,
            bidder=facts.bidder,
            bid=facts.bid,
            meld=facts.meld,
            offender=facts.renege,
            caller=facts.called_by,
            proven=facts.proven,
        )
    return settle_facts(variant, HandFacts.of(facts))


def _restore(
    variant: Variant,
    start: tuple[int, ...],
    hands: tuple[SheetHand, ...],
    strict_bids: bool = False,
) -> ScoreSheet:
    """A sheet from its pickled parts (`ScoreSheet.__reduce__`)."""
    sheet = ScoreSheet(variant, start, strict_bids=strict_bids)
    return sheet._derive(list(hands), len(hands))
