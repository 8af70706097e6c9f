"""What a match returns: the deals, their statistics, the wins and the timings."""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from pinochle.errors import ArenaError

__all__ = ["DealResult", "Forfeit", "MatchResult", "Seating", "Timing", "Wins"]

ROLES = ("a", "b")
"""The two players of a match, as the timings and seatings name them."""

BINS_PER_OCTAVE = 32
"""`Timing` counts a decision in bins of 2**(1/32), about 2.2% wide."""


@attrs.frozen
class Forfeit:
    """A deal a program lost in a seating by breaking the bot protocol.

    Attributes:
        role: ``"a"`` or ``"b"``.
        place: Its place (seat at a partnership table, else person).
        hand: The deal's number within the seating's game, from 0.
        kind: What went wrong (`pinochle.protocol.FAILURES`).
        reason: In words.
    """

    role: str
    place: int
    hand: int
    kind: str
    reason: str

    def __str__(self) -> str:
        where = f"{self.role.upper()} at place {self.place}, hand {self.hand + 1}"
        return f"{where}: {self.kind}: {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        """The forfeit as JSON-ready data."""
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Forfeit:
        """Read `to_dict`'s data back."""
        return cls(data["role"], data["place"], data["hand"], data["kind"], data["reason"])


@attrs.frozen
class Seating:
    """One play of a deal: who sat where and what the hand (or game) scored.

    Attributes:
        roles: ``"a"`` or ``"b"`` for each place: each seat at a partnership table,
            each person (score index) at the others.
        hands: Hands settled (1 when one hand a deal is played).
        scores: What each side scored: the hand's scores, or a whole game's final ones.
        margin: A's points a hand minus B's (minus the mean of the B sides', where A
            plays alone against several B's).
        winner: A whole game's winner, ``"a"`` or ``"b"`` (None for a single hand, or a
            game that did not end within the arena's hand limit).
        forfeits: The deals a program lost by breaking the bot protocol (see the arena
            page: the seating counts as lost for its player).
    """

    roles: tuple[str, ...]
    hands: int
    scores: tuple[int, ...]
    margin: float
    winner: str | None = None
    forfeits: tuple[Forfeit, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The seating as JSON-ready data."""
        data: dict[str, Any] = {
            "roles": list(self.roles),
            "hands": self.hands,
            "scores": list(self.scores),
            "margin": self.margin,
            "winner": self.winner,
        }
        if self.forfeits:
            data["forfeits"] = [f.to_dict() for f in self.forfeits]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Seating:
        """Read `to_dict`'s data back."""
        return cls(
            tuple(data["roles"]),
            data["hands"],
            tuple(data["scores"]),
            float(data["margin"]),
            data.get("winner"),
            tuple(Forfeit.from_dict(f) for f in data.get("forfeits", ())),
        )


@attrs.frozen
class DealResult:
    """A deal played in every seating.

    Attributes:
        index: The deal's number in the match, from 0.
        seed: The game seed it was dealt from (the match's seed plus the index).
        seatings: Its plays, one per seating.
    """

    index: int
    seed: int
    seatings: tuple[Seating, ...]

    @property
    def margin(self) -> float:
        """A's points a hand minus B's, averaged over the seatings: the deal's score."""
        return statistics.fmean(s.margin for s in self.seatings)

    def to_dict(self) -> dict[str, Any]:
        """The deal as JSON-ready data."""
        return {
            "index": self.index,
            "seed": self.seed,
            "margin": self.margin,
            "seatings": [s.to_dict() for s in self.seatings],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealResult:
        """Read `to_dict`'s data back."""
        return cls(
            data["index"], data["seed"], tuple(Seating.from_dict(s) for s in data["seatings"])
        )


@attrs.frozen
class Wins:
    """Whole games won, when a match plays whole games.

    Attributes:
        a: Games A won (three-hand: A alone).
        b: Games a B won.
        unfinished: Games that had no winner within the arena's hand limit.
    """

    a: int
    b: int
    unfinished: int = 0


@attrs.frozen
class Timing:
    """How long one player took a decision in one phase: a mergeable histogram.

    The count, total, fastest and slowest are exact; the median and the 95th percentile
    are read from bins 2**(1/32) wide, so they are within 1.1% of the exact figure. Two
    timings merge exactly (`merge`), so a million deals on a thousand cores need no list
    of every decision.

    Attributes:
        count: Decisions timed.
        total: Their seconds, added up.
        fastest: The quickest decision, in seconds.
        slowest: The slowest decision, in seconds.
        bins: ``(bin, decisions)`` pairs in bin order; bin ``k`` holds times from
            ``2**(k/32)`` to ``2**((k+1)/32)`` seconds.
    """

    count: int
    total: float
    fastest: float
    slowest: float
    bins: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, seconds: Iterable[float]) -> Timing:
        """The timing of these decisions (not empty)."""
        values = list(seconds)
        counts: dict[int, int] = {}
        for value in values:
            key = bin_of(value)
            counts[key] = counts.get(key, 0) + 1
        return cls(len(values), math.fsum(values), min(values), max(values), _sorted(counts))

    def merge(self, other: Timing) -> Timing:
        """Both timings' decisions as one timing."""
        counts = dict(self.bins)
        for key, count in other.bins:
            counts[key] = counts.get(key, 0) + count
        return Timing(
            self.count + other.count,
            self.total + other.total,
            min(self.fastest, other.fastest),
            max(self.slowest, other.slowest),
            _sorted(counts),
        )

    @property
    def mean(self) -> float:
        """Seconds a decision, on average."""
        return self.total / self.count

    @property
    def median(self) -> float:
        """The median decision's seconds (to 1.1%)."""
        return self.percentile(0.5)

    @property
    def p95(self) -> float:
        """The 95th percentile's seconds (to 1.1%)."""
        return self.percentile(0.95)

    def percentile(self, fraction: float) -> float:
        """The nearest-rank percentile: the middle of its bin, within the exact extremes."""
        rank = max(1, math.ceil(fraction * self.count))
        seen = 0
        for key, count in self.bins:
            seen += count
            if seen >= rank:
                middle: float = 2.0 ** ((key + 0.5) / BINS_PER_OCTAVE)
                return min(max(middle, self.fastest), self.slowest)
        return self.slowest

    def to_dict(self) -> dict[str, Any]:
        """The timing as JSON-ready data: the figures, and the bins to merge others into."""
        return {
            "decisions": self.count,
            "mean": self.mean,
            "median": self.median,
            "p95": self.p95,
            "fastest": self.fastest,
            "slowest": self.slowest,
            "total": self.total,
            "bins": [list(pair) for pair in self.bins],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Timing:
        """Read `to_dict`'s data back."""
        return cls(
            data["decisions"],
            float(data["total"]),
            float(data["fastest"]),
            float(data["slowest"]),
            tuple((int(k), int(n)) for k, n in data["bins"]),
        )


def bin_of(seconds: float) -> int:
    """The `Timing` bin of a decision's seconds (a zero reading goes to the lowest bin)."""
    return math.floor(math.log2(max(seconds, 1e-9)) * BINS_PER_OCTAVE)


def _sorted(counts: dict[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(counts.items()))


Timings = dict[str, dict[str, Timing]]
"""Timings by role (``"a"``, ``"b"``), then by phase (``"auction"``, ``"tricks"``, ...)."""


def merge_timings(into: Timings, more: Mapping[str, Mapping[str, Timing]]) -> None:
    """Add ``more``'s timings into ``into``, role by role and phase by phase."""
    for role, phases in more.items():
        mine = into.setdefault(role, {})
        for phase, timing in phases.items():
            mine[phase] = mine[phase].merge(timing) if phase in mine else timing


@attrs.frozen
class MatchResult:
    """A against B over duplicate deals: the deals, their statistics, wins and timings.

    Two results are equal (``==``) when their *results* are: the same profile, players,
    seed, mode and deals, and so the same per-deal points, mean, confidence interval and
    wins. The measurements (``timings``, ``seconds``) and how the match ran (``backend``,
    ``workers``, ``chunks``, ``retries``) are left out of the comparison, because they
    differ from run to run; the same seed gives equal results on every backend and worker
    count.

    Attributes:
        variant: The profile's name.
        a: Player A's name (a level, or a callable's name).
        b: Player B's name.
        seed: Deal ``i`` was dealt from game seed ``seed + i``.
        requested: Deals asked for (more than ``n`` when the match was interrupted).
        play: ``"hand"`` (one settled hand a deal) or ``"game"`` (a whole game a deal).
        deals: The deals played, in order of their index.
        interrupted: Whether the match was stopped (Ctrl-C) before every deal was played.
        timings: Decisions timed by role (``"a"``, ``"b"``) and phase (`Timing`).
        seconds: Wall-clock seconds the match took.
        backend: ``"local"`` or ``"ray"``.
        workers: Worker processes (local) or tasks at once (Ray).
        chunks: Chunks of deals the work was sent in.
        retries: Chunks sent again after a worker or node was lost.
    """

    variant: str
    a: str
    b: str
    seed: int
    requested: int
    play: str
    deals: tuple[DealResult, ...]
    interrupted: bool = False
    timings: Timings = attrs.field(factory=dict, eq=False, repr=False)
    seconds: float = attrs.field(default=0.0, eq=False)
    backend: str = attrs.field(default="local", eq=False)
    workers: int = attrs.field(default=1, eq=False)
    chunks: int = attrs.field(default=0, eq=False)
    retries: int = attrs.field(default=0, eq=False)

    @property
    def n(self) -> int:
        """Deals played."""
        return len(self.deals)

    @property
    def margins(self) -> tuple[float, ...]:
        """Each deal's score (A minus B, points a hand), in deal order."""
        return tuple(d.margin for d in self.deals)

    @property
    def mean(self) -> float:
        """Mean points a hand, A minus B, over the deals (NaN with none)."""
        return statistics.fmean(self.margins) if self.deals else math.nan

    @property
    def half_width(self) -> float:
        """Half the 95% confidence interval, 1.96·sd/√n (NaN with fewer than two deals)."""
        if self.n < 2:
            return math.nan
        return 1.96 * statistics.stdev(self.margins) / math.sqrt(self.n)

    @property
    def ci(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean, ``(low, high)`` (NaN: too few deals)."""
        return (self.mean - self.half_width, self.mean + self.half_width)

    @property
    def significant(self) -> bool:
        """Whether the interval excludes zero."""
        return abs(self.mean) > self.half_width  # NaN compares false

    @property
    def verdict(self) -> str:
        """``"no"``, or ``"yes (NAME better)"`` when the interval excludes zero."""
        if not self.significant:
            return "no"
        return f"yes ({self.a if self.mean > 0 else self.b} better)"

    @property
    def wins(self) -> Wins | None:
        """Whole games won by each player (None when single hands were played)."""
        if self.play != "game":
            return None
        seatings = [s for d in self.deals for s in d.seatings]
        return Wins(
            sum(s.winner == "a" for s in seatings),
            sum(s.winner == "b" for s in seatings),
            sum(s.winner is None for s in seatings),
        )

    @property
    def forfeits(self) -> tuple[tuple[int, int, Forfeit], ...]:
        """Every deal a program lost by breaking the bot protocol: (deal, seating, forfeit)."""
        return tuple(
            (deal.index, number, forfeit)
            for deal in self.deals
            for number, seating in enumerate(deal.seatings)
            for forfeit in seating.forfeits
        )

    def to_dict(self, *, deals: bool = True) -> dict[str, Any]:
        """The match as JSON-ready data (NaN figures as null).

        Args:
            deals: Include every deal and its seatings (the statistics are there either way).
        """
        wins = self.wins
        data: dict[str, Any] = {
            "format": "pinochle.match",
            "variant": self.variant,
            "a": self.a,
            "b": self.b,
            "seed": self.seed,
            "requested": self.requested,
            "play": self.play,
            "n": self.n,
            "mean": _number(self.mean),
            "half_width": _number(self.half_width),
            "ci": [_number(x) for x in self.ci],
            "significant": self.verdict,
            "wins": attrs.asdict(wins) if wins is not None else None,
            "forfeits": {role: sum(f.role == role for _, _, f in self.forfeits) for role in ROLES},
            "interrupted": self.interrupted,
            "seconds": self.seconds,
            "backend": self.backend,
            "workers": self.workers,
            "chunks": self.chunks,
            "retries": self.retries,
            "timings": {
                role: {phase: t.to_dict() for phase, t in phases.items()}
                for role, phases in self.timings.items()
            },
        }
        if deals:
            data["deals"] = [d.to_dict() for d in self.deals]
        return data

    def to_json(self, *, indent: int | None = 1, deals: bool = True) -> str:
        """The match as a JSON document (see `to_dict`)."""
        return json.dumps(self.to_dict(deals=deals), indent=indent, allow_nan=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchResult:
        """Read `to_dict`'s data back (with its deals); the statistics are recomputed."""
        return cls(
            variant=data["variant"],
            a=data["a"],
            b=data["b"],
            seed=data["seed"],
            requested=data["requested"],
            play=data["play"],
            deals=tuple(DealResult.from_dict(d) for d in data["deals"]),
            interrupted=data["interrupted"],
            timings={
                role: {phase: Timing.from_dict(t) for phase, t in phases.items()}
                for role, phases in data["timings"].items()
            },
            seconds=data["seconds"],
            backend=data["backend"],
            workers=data["workers"],
            chunks=data["chunks"],
            retries=data["retries"],
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> MatchResult:
        """Read `to_json`'s document back.

        Raises:
            ArenaError: The text is not JSON (or repeats a key), or not a match's document.
        """
        from pinochle.documents import parse_json

        data = parse_json(text, lambda problem: ArenaError(f"match result: {problem}"))
        try:
            return cls.from_dict(data)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ArenaError(f"match result: not a match's document ({exc!r})") from None


def _number(value: float) -> float | None:
    return None if math.isnan(value) else value
