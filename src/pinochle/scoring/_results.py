"""What a settled hand and a finished game look like: what `settle_hand` and `game_end` return.

A `HandResult` gives the numbers and why: the `Outcome` from the bidders' point of view
(made, set, not on the board, thrown in, ...), and for each side (`SideResult`) its meld,
what became of it (`MeldStatus`: saved, lost to the saving rule, below the minimum, set),
its trick points and its score for the hand (points, or chips in a chip game). A
`GameEnd` says whether the game is won after a hand, by whom, and the target from then on.
The wire format (`pinochle.wire`) reads and writes results; it loads on first use.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from pinochle._pickles import fills_new_fields


class Outcome(enum.StrEnum):
    """How a hand ended, from the bidders' point of view."""

    MADE = "made"
    """The bidders reached their bid with meld plus trick points."""
    SET = "set"
    """The bidders played and fell short."""
    NOT_ON_BOARD = "not on the board"
    """The bid was above the bidders' meld plus every trick point: not played."""
    THROWN_IN = "thrown in"
    """The bidder conceded after meld."""
    NO_MARRIAGE = "no marriage"
    """The bidder held no marriage to name trump with and surrendered."""
    NO_BID = "no bid"
    """A game without an auction (two-hand): each side simply scores."""
    MADE_ON_MELD = "made on meld"
    """The bidder's meld alone reached the bid: won without play (``meld_makes_bid``)."""
    CONCEDED = "conceded"
    """The opponents conceded after meld: the bidder won without play."""
    RENEGE = "renege"
    """A called renege ended the hand; the profile's renege table settled it (rules/reneges)."""


class MeldStatus(enum.StrEnum):
    """What became of a side's meld."""

    SAVED = "saved"
    """It counts: the side met the saving rule (or none applied to it)."""
    NINES = "saved by nines"
    """It counts without a trick: it is only dixes, which save themselves."""
    LOST = "lost"
    """It does not count: the side did not meet the saving rule."""
    BELOW_MINIMUM = "below minimum"
    """It does not count: it is less than ``settlement.minimum_meld``."""
    SET = "set"
    """It does not count: the side bid and was set (or surrendered)."""
    NONE = "none"
    """The side had no meld."""


@fills_new_fields
@attrs.frozen
class SideResult:
    """One side's part of a hand's result.

    Attributes:
        meld: The meld the side showed.
        meld_status: What became of it.
        points: Trick points the side took (after the profile's rounding); 0 if not played.
        score: What the side scores for the hand: points, or chips in a chip game.
    """

    meld: int
    meld_status: MeldStatus
    points: int
    score: int

    @property
    def meld_counted(self) -> bool:
        """Whether the side's meld counts for it."""
        return self.meld_status in (MeldStatus.SAVED, MeldStatus.NINES)


@fills_new_fields
@attrs.frozen
class HandResult:
    """The settlement of one hand: the numbers and why.

    Attributes:
        outcome: How the hand ended.
        bidder: The bidding side, or None (no auction).
        bid: The bid (0 with no auction).
        sides: Each side's meld, meld status, points and score, by side.
        reason: One line that explains the settlement to a player.
        checks: Check pinochle (``[checks]``): the checks each side gains this hand (a
            loss is negative), by side; empty in a profile without checks.
        partner: Five hands (``deal.partner = "called"``): the side of the bidder's called
            partner, who scores what the bidder scores; None without one (a lone bidder).
    """

    outcome: Outcome
    bidder: int | None
    bid: int
    sides: tuple[SideResult, ...]
    reason: str
    checks: tuple[int, ...] = attrs.field(default=(), metadata={"wire": "optional"})
    partner: int | None = attrs.field(default=None, metadata={"wire": "optional"})

    @property
    def scores(self) -> tuple[int, ...]:
        """What each side scores for the hand (negative when set)."""
        return tuple(side.score for side in self.sides)

    @property
    def check_payments(self) -> tuple[int, ...]:
        """What each side wins (or pays, negative) for the hand's checks, in stakes.

        Wikipedia's check pinochle: "each check gained means that the other two players owe
        a dollar", so a side gains its checks from every other side and pays theirs: with
        n sides, ``n × checks − every side's checks``. The payments add up to 0; all 0
        without checks.
        """
        checks = self.checks or (0,) * len(self.sides)
        total, n = sum(checks), len(checks)
        return tuple(n * count - total for count in checks)

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready wire document (see `pinochle.wire`)."""
        from pinochle import wire  # on first use: the core stays lean

        return wire.to_dict(self)

    def to_json(self, *, indent: int | None = None) -> str:
        """The result as a JSON wire document."""
        from pinochle import wire

        return wire.to_json(self, indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> HandResult:
        """Read a result document.

        Raises:
            WireError: Not a result document, or a field missing, unknown or malformed, or
                fewer than two sides, or a bidder that is not one of them.
        """
        from pinochle import wire

        result: HandResult = wire.from_dict("result", data)
        return result

    @classmethod
    def from_json(cls, text: str | bytes) -> HandResult:
        """Read a result from JSON text or UTF-8 bytes."""
        from pinochle import wire

        result: HandResult = wire.from_json("result", text)
        return result


@fills_new_fields
@attrs.frozen
class GameEnd:
    """Whether the game is over after a hand.

    Attributes:
        winner: The winning side, or None while the game goes on.
        target: The target in force for the next hand (it may have risen).
        reason: Why the game ended or went on, when something happened ("" otherwise).
    """

    winner: int | None
    target: int | None
    reason: str = ""
