"""``pinochle review`` and ``pinochle stats``: a record's decisions reviewed, players counted.

``review`` asks `pinochle.analysis.review` about each seat (or one) of a record and prints
every reviewed decision with its mark; ``stats`` counts each person's hands, bids, meld and
tricks over any number of records (`player_stats`), and with ``--review`` the expected
points each lost to decisions marked "?" and "??". A file that cannot be read is bad input
(status 2); one that reads but is not a sound record, or does not replay, fails its check
(status 1), one line a problem, as for ``pinochle replay``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TextIO

import attrs

from pinochle._text import printable, printable_document
from pinochle._words import counted
from pinochle.analysis import WORLDS, HandReview, Review, ReviewedDecision, review
from pinochle.arguments import SEED_LIMIT
from pinochle.cli._common import EXIT_OK, CommandError, bad_record, read_record
from pinochle.demo import person_names
from pinochle.records import GameRecord, RecordError, replay_states
from pinochle.scoring import HandResult, MeldStatus, Outcome
from pinochle.state import CompletedTrick, Hand
from pinochle.terminal import suits_encodable, to_ascii
from pinochle.tricks import card_points

__all__ = [
    "MADE",
    "PlayerStats",
    "SettledHand",
    "player_stats",
    "run_review",
    "run_stats",
    "settled_hands",
]

MADE = frozenset({Outcome.MADE, Outcome.MADE_ON_MELD, Outcome.CONCEDED})
"""The outcomes in which the bidder made the bid; every other outcome with a bid is a set."""
_SAVED = frozenset({MeldStatus.SAVED, MeldStatus.NINES})
_LOST = frozenset({MeldStatus.LOST, MeldStatus.BELOW_MINIMUM, MeldStatus.SET})
MAX_WORLDS = 10_000  # as `pinochle.analysis.hint` takes them

Reviewer = Callable[[GameRecord, int, int], Review]
"""Reviews one seat's decisions in one hand (from 1) of a record."""


# --- What the statistics count -----------------------------------------------------------


@attrs.frozen
class SettledHand:
    """One settled hand of a record: its deal, its tricks and its result.

    Attributes:
        number: The hand, from 1, as ``pinochle replay --hand`` counts (a redeal counts).
        hand: The deal: who sat where (`Hand.persons`), the bidder's seat, the bid.
        tricks: The hand's tricks (none when it was not played).
        result: The settlement.
    """

    number: int
    hand: Hand
    tricks: tuple[CompletedTrick, ...]
    result: HandResult


def settled_hands(record: GameRecord) -> tuple[list[SettledHand], dict[int, tuple[int, ...]]]:
    """The record's settled hands, and who sat where in each hand (from 1) with an action.

    The hands with an action are those ``pinochle replay`` counts. A hand everyone passed
    (and so redealt) and a hand the record stops in are not settled; they still have their
    seats, since a review may find decisions in them.

    Raises:
        RecordError: The record does not replay.
    """
    settled: list[SettledHand] = []
    persons: dict[int, tuple[int, ...]] = {}
    results = 0
    for step, state in enumerate(replay_states(record)):
        if step < len(record.actions):  # a hand with an action (not a fresh deal at the end)
            persons.setdefault(state.hand.number + 1, state.hand.persons)
        game = state.game
        if len(game.results) > results:  # the step that settled a hand
            results = len(game.results)
            assert game.last_hand is not None
            number = game.last_hand.number + 1
            settled.append(SettledHand(number, game.last_hand, game.last_tricks, game.results[-1]))
    return settled, persons


@attrs.define
class PlayerStats:
    """One person's figures over records (`player_stats`); each person by their seat's name.

    The side's figures (meld, its status) are those of the person's side: partners share
    them. Counts are over the settled hands the person played (a sit-out is not one).

    Attributes:
        name: The person's name as the table gives it (``South``, ``Ann``).
        games: Records the person is in.
        hands: Settled hands the person played.
        bids: Hands the person won the auction (a dealer stuck with the bid included).
        made: Of those, the bid made (made, made on meld, or the opponents conceded).
        set: Of those, the bid not made (set, not on the board, thrown in, no marriage).
        bid_total: The winning bids added up.
        meld_total: The side's meld in each hand played, added up.
        bidder_meld_total: The side's meld in each hand the person won the auction.
        tricks: Tricks the person won.
        counters: Cards worth trick points in them (the profile's counting).
        points: Trick points in them (the last trick's bonus included, before rounding).
        meld_saved: Hands the side's meld counted (saved, or saved by nines).
        meld_saved_points: That meld, added up.
        meld_lost: Hands the side's meld did not count (lost, below the minimum, set).
        meld_lost_points: That meld, added up.
        reviewed: Whether the person's decisions were reviewed (the fields below).
        decisions: Decisions reviewed.
        mistakes: Of those, marked "?".
        blunders: Of those, marked "??".
        marked_loss: Expected points lost to the decisions marked "?" or "??".
    """

    name: str
    games: int = 0
    hands: int = 0
    bids: int = 0
    made: int = 0
    set: int = 0
    bid_total: int = 0
    meld_total: int = 0
    bidder_meld_total: int = 0
    tricks: int = 0
    counters: int = 0
    points: int = 0
    meld_saved: int = 0
    meld_saved_points: int = 0
    meld_lost: int = 0
    meld_lost_points: int = 0
    reviewed: bool = False
    decisions: int = 0
    mistakes: int = 0
    blunders: int = 0
    marked_loss: float = 0.0

    @property
    def average_bid(self) -> float | None:
        """The mean winning bid, or None without one."""
        return self.bid_total / self.bids if self.bids else None

    @property
    def average_meld(self) -> float | None:
        """The side's mean meld per hand played, or None without a hand."""
        return self.meld_total / self.hands if self.hands else None

    @property
    def average_bidder_meld(self) -> float | None:
        """The side's mean meld in the hands the person won the auction, or None."""
        return self.bidder_meld_total / self.bids if self.bids else None

    def to_dict(self) -> dict[str, Any]:
        """The figures as the JSON of ``pinochle stats --json`` gives them (docs/cli.md)."""
        return {
            "name": self.name,
            "games": self.games,
            "hands": self.hands,
            "bids": self.bids,
            "made": self.made,
            "set": self.set,
            "average_bid": _rounded(self.average_bid),
            "average_meld": _rounded(self.average_meld),
            "average_bidder_meld": _rounded(self.average_bidder_meld),
            "tricks": self.tricks,
            "counters": self.counters,
            "points": self.points,
            "meld_saved": {"hands": self.meld_saved, "points": self.meld_saved_points},
            "meld_lost": {"hands": self.meld_lost, "points": self.meld_lost_points},
            "review": (
                {
                    "decisions": self.decisions,
                    "marks": {"?": self.mistakes, "??": self.blunders},
                    "loss": _rounded(self.marked_loss),
                }
                if self.reviewed
                else None
            ),
        }

    def add_hand(self, settled: SettledHand, seat: int, side_index: int) -> None:
        """Count a settled hand the person played at ``seat`` for the side ``side_index``."""
        hand, result = settled.hand, settled.result
        side = result.sides[side_index]
        self.hands += 1
        self.meld_total += side.meld
        if hand.bidder == seat:
            self.bids += 1
            self.bid_total += hand.bid
            self.bidder_meld_total += side.meld
            if result.outcome in MADE:
                self.made += 1
            else:
                self.set += 1
        if not side.meld:  # nothing to save or lose
            return
        if side.meld_status in _SAVED:
            self.meld_saved += 1
            self.meld_saved_points += side.meld
        elif side.meld_status in _LOST:
            self.meld_lost += 1
            self.meld_lost_points += side.meld

    def add_review(self, decisions: Iterable[ReviewedDecision]) -> None:
        """Count reviewed decisions of the person."""
        self.reviewed = True
        for decision in decisions:
            self.decisions += 1
            if decision.mark in ("?", "??"):  # "?!" (a counter or so) is not counted here
                self.mistakes += decision.mark == "?"
                self.blunders += decision.mark == "??"
                self.marked_loss += decision.loss


def player_stats(
    records: Iterable[GameRecord], *, reviewer: Reviewer | None = None
) -> tuple[PlayerStats, ...]:
    """Each person's figures over the records, in the order they first sit down.

    People are told apart by their seat's name (`pinochle.demo.person_names`: North, East,
    South, West; South and North at two-hand; Ann, Bob, ... with sit-outs), since a record
    names nobody; the same name in two records is counted as one person.

    Args:
        records: The game records.
        reviewer: When given, every decision of every seat is reviewed with it, hand by
            hand (``reviewer(record, seat, hand)``), and each person's reviewed figures
            are filled in.

    Raises:
        RecordError: A record does not replay.
    """
    people: dict[str, PlayerStats] = {}
    for record in records:
        variant = record.variant
        names = person_names(variant)
        for name in names:
            people.setdefault(name, PlayerStats(name)).games += 1
        settled, persons = settled_hands(record)
        for found in settled:
            for seat, person in enumerate(found.hand.persons):
                stats = people[names[person]]
                stats.add_hand(found, seat, variant.side_of(person))
            for trick in found.tricks:
                stats = people[names[found.hand.persons[trick.winner]]]
                stats.tricks += 1
                stats.points += trick.points
                stats.counters += sum(card_points([c], variant) > 0 for _, c in trick.plays)
        if reviewer is None:
            continue
        for name in names:
            people[name].reviewed = True
        for seat in range(variant.deal.players):
            for number, seated in persons.items():
                decisions = reviewer(record, seat, number).decisions
                people[names[seated[seat]]].add_review(decisions)
    return tuple(people.values())


# --- pinochle review ---------------------------------------------------------------------


def run_review(args: argparse.Namespace) -> int:
    """``pinochle review``: each seat's (or one seat's) decisions against the hint."""
    worlds, seed = _search_options(args)
    record = read_record(args.file)
    numbers = _hand_numbers(args.file, record)
    players = record.variant.deal.players
    if args.seat is not None and not 0 <= args.seat < players:
        raise CommandError(f"--seat: expected a seat from 0 to {players - 1}, found {args.seat}")
    if args.hand is not None and args.hand not in numbers:
        told = f"hands 1 to {len(numbers)}" if numbers else "no hand"
        raise CommandError(f"--hand: the record has {told}, not {args.hand}")
    seats = range(players) if args.seat is None else [args.seat]
    hands = numbers if args.hand is None else [args.hand]
    progress = _Progress(sys.stderr, len(seats) * len(hands))
    with progress:
        reviews = [
            _reviewed(record, seat, hands, _reviewer(worlds, seed, progress)) for seat in seats
        ]
    shown_worlds = worlds if worlds is not None else WORLDS[record.variant.deal.deck]
    if args.json:
        _print_json(
            {
                "variant": record.variant.name,
                "worlds": shown_worlds,
                "seed": seed,
                "reviews": [_review_document(record, r) for r in reviews],
            }
        )
        return EXIT_OK
    ascii = args.ascii or not suits_encodable(sys.stdout)
    lines: list[str] = []
    for r in reviews:
        if lines:
            lines.append("")
        lines += _review_lines(record, r, args.hand, shown_worlds, seed)
    for line in lines:
        print(to_ascii(line) if ascii else line)
    return EXIT_OK


def _search_options(args: argparse.Namespace) -> tuple[int | None, int]:
    """``--worlds`` and ``--seed``, checked before the record is read."""
    worlds: int | None = args.worlds
    if worlds is not None and not 1 <= worlds <= MAX_WORLDS:
        raise CommandError(f"--worlds: expected a number from 1 to {MAX_WORLDS}, found {worlds}")
    seed: int = args.seed
    if not 0 <= seed < SEED_LIMIT:
        raise CommandError(f"--seed: expected a number from 0 to {SEED_LIMIT - 1}, found {seed}")
    return worlds, seed


def _hand_numbers(file: str, record: GameRecord) -> list[int]:
    """The hands (from 1) the record has an action in, as ``pinochle replay`` counts them.

    Raises:
        CommandError: The record does not replay (status 1).
    """
    numbers: set[int] = set()
    try:
        for state, _ in zip(replay_states(record), record.actions, strict=False):
            numbers.add(state.hand.number + 1)
    except RecordError as exc:
        raise bad_record(file, exc) from None
    return sorted(numbers)


def _reviewer(worlds: int | None, seed: int, progress: _Progress) -> Reviewer:
    """A hand's review of a seat with these options, each counted on the progress line."""

    def reviewed(record: GameRecord, seat: int, hand: int) -> Review:
        progress.step(f"seat {seat}, hand {hand}")
        return review(record, seat, hand=hand, worlds=worlds, seed=seed)

    return reviewed


def _reviewed(record: GameRecord, seat: int, hands: Sequence[int], reviewer: Reviewer) -> Review:
    """A seat's review over ``hands``, asked hand by hand (the same as asking at once)."""
    parts = [reviewer(record, seat, number) for number in hands]
    decisions = tuple(d for part in parts for d in part.decisions)
    by_hand = tuple(h for part in parts for h in part.hands)
    return Review(seat, decisions, by_hand)


def _seat_name(record: GameRecord, seat: int) -> str | None:
    """The seat's person's name when everyone plays (with sit-outs seats change hands)."""
    variant = record.variant
    if variant.deal.seated != variant.deal.players:
        return None
    return person_names(variant)[seat]


def _review_lines(
    record: GameRecord, r: Review, hand: int | None, worlds: int, seed: int
) -> list[str]:
    """A seat's review as text: a title, each hand's summary and decisions, a total."""
    name = _seat_name(record, r.seat)
    who = f"seat {r.seat}" + (f" ({name})" if name else "")
    where = f", hand {hand}" if hand is not None else ""
    lines = [
        f"{printable(record.variant.name)}: review of {who}{where}, "
        f"{counted(worlds, 'deal')} imagined a decision, seed {seed}"
    ]
    for found in r.hands:
        lines.append(found.summary)
        lines += [f"  {d.mark:<2}  {d.text}" for d in found.decisions]
    if not r.decisions:
        lines.append("  No decision with a choice that a hint values.")
    dubious = sum(d.mark == "?!" for d in r.decisions)
    mistakes = sum(d.mark == "?" for d in r.decisions)
    blunders = sum(d.mark == "??" for d in r.decisions)
    lines.append(
        f"{who[0].upper()}{who[1:]}: {counted(len(r.decisions), 'decision')}, expected loss "
        f"{r.loss:.1f} points; {dubious} marked ?!, {mistakes} marked ?, {blunders} marked ??"
    )
    return lines


def _review_document(record: GameRecord, r: Review) -> dict[str, Any]:
    """A seat's review as ``--json`` gives it (docs/cli.md)."""
    return {
        "seat": r.seat,
        "name": _seat_name(record, r.seat),
        "loss": _rounded(r.loss),
        "marks": {
            "?!": sum(d.mark == "?!" for d in r.decisions),
            "?": sum(d.mark == "?" for d in r.decisions),
            "??": sum(d.mark == "??" for d in r.decisions),
        },
        "hands": [_hand_document(h) for h in r.hands],
    }


def _hand_document(found: HandReview) -> dict[str, Any]:
    return {
        "hand": found.hand,
        "summary": found.summary,
        "loss": _rounded(found.loss),
        "decisions": [_decision_document(d) for d in found.decisions],
    }


def _decision_document(d: ReviewedDecision) -> dict[str, Any]:
    return {
        "hand": d.hand,
        "trick": d.trick,
        "phase": str(d.phase),
        "action": str(d.action),
        "best": str(d.best),
        "text": d.text,
        "loss": _rounded(d.loss),
        "mark": d.mark,
        "value": _rounded(d.hint.value_of(d.action).value),
        "best_value": _rounded(d.hint.best.value),
        "measure": d.hint.measure,
        "worlds": d.hint.worlds,
    }


# --- pinochle stats ----------------------------------------------------------------------


def run_stats(args: argparse.Namespace) -> int:
    """``pinochle stats``: each person's figures over the records."""
    worlds, seed = _search_options(args)
    records = [read_record(file) for file in args.files]
    hands: list[int] = []
    for file, record in zip(args.files, records, strict=True):
        try:
            hands.append(len(settled_hands(record)[0]))
        except RecordError as exc:
            raise bad_record(file, exc) from None
    progress = _Progress(sys.stderr, 0)
    reviewer = None
    if args.review:
        progress.total = sum(
            record.variant.deal.players * len(_hand_numbers(file, record))
            for file, record in zip(args.files, records, strict=True)
        )
        reviewer = _reviewer(worlds, seed, progress)
    with progress:
        people = player_stats(records, reviewer=reviewer)
    if args.json:
        _print_json(
            {
                "records": len(records),
                "hands": sum(hands),
                "variants": sorted({record.variant.name for record in records}),
                "players": [person.to_dict() for person in people],
            }
        )
        return EXIT_OK
    names = sorted({record.variant.name for record in records})
    print(
        f"{counted(len(records), 'record')} ({printable(', '.join(names))}), "
        f"{counted(sum(hands), 'hand')} settled"
    )
    for line in _stats_table(people, reviewed=args.review):
        print(line)
    return EXIT_OK


_ROWS: tuple[tuple[str, Callable[[PlayerStats], float | int | None]], ...] = (
    ("Games", lambda p: p.games),
    ("Hands played", lambda p: p.hands),
    ("Hands bid", lambda p: p.bids),
    ("  made", lambda p: p.made),
    ("  set", lambda p: p.set),
    ("Average bid", lambda p: p.average_bid),
    ("Average meld (side)", lambda p: p.average_meld),
    ("  as bidder", lambda p: p.average_bidder_meld),
    ("Tricks taken", lambda p: p.tricks),
    ("Counters taken", lambda p: p.counters),
    ("Trick points taken", lambda p: p.points),
    ("Meld saved (hands)", lambda p: p.meld_saved),
    ("  points", lambda p: p.meld_saved_points),
    ("Meld lost (hands)", lambda p: p.meld_lost),
    ("  points", lambda p: p.meld_lost_points),
)
_REVIEW_ROWS: tuple[tuple[str, Callable[[PlayerStats], float | int | None]], ...] = (
    ("Decisions reviewed", lambda p: p.decisions),
    ("  marked ?", lambda p: p.mistakes),
    ("  marked ??", lambda p: p.blunders),
    ("Points lost to ?/??", lambda p: p.marked_loss),
)


def _stats_table(people: Sequence[PlayerStats], *, reviewed: bool) -> Iterator[str]:
    """A row a figure, a column a person; averages and expected points to a tenth."""
    rows = _ROWS + (_REVIEW_ROWS if reviewed else ())
    label = max(len(name) for name, _ in rows)
    width = max(7, *(len(p.name) + 1 for p in people))
    yield " " * label + "".join(f"{p.name:>{width}}" for p in people)
    for name, figure in rows:
        yield f"{name:<{label}}" + "".join(f"{_cell(figure(p)):>{width}}" for p in people)


def _cell(value: float | None) -> str:
    if value is None:
        return "-"
    if isinstance(value, int):
        return str(value)
    return f"{value:.1f}"


# --- Shared ------------------------------------------------------------------------------


class _Progress:
    """A progress line on stderr, kept only while stderr is a terminal (cleared at the end)."""

    def __init__(self, stream: TextIO, total: int) -> None:
        self.stream = stream
        self.total = total
        self.done = 0
        self.shown = _isatty(stream)

    def step(self, what: str) -> None:
        """Say which part is under way (a hand of a seat)."""
        self.done += 1
        if self.shown:
            self.stream.write(f"\rreviewing {what} ({self.done} of {self.total})...\x1b[K")
            self.stream.flush()

    def __enter__(self) -> _Progress:
        return self

    def __exit__(self, *_: object) -> None:
        if self.shown and self.done:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or odd stream: no progress
        return False


def _rounded(value: float | None) -> float | None:
    """A float for the JSON: to a hundredth (the estimates are not finer than that)."""
    return None if value is None else round(value, 2)


def _print_json(data: dict[str, Any]) -> None:
    print(printable_document(json.dumps(data, indent=2, ensure_ascii=False), "json"))
