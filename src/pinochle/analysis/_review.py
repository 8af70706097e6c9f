"""`analyse_play`: a recorded hand replayed card by card against best play (DDS's play analysis)."""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from pinochle import arguments
from pinochle.actions import Play
from pinochle.analysis._position import search_of
from pinochle.cards import Card
from pinochle.errors import ArgumentError, InvariantError
from pinochle.records import GameRecord, replay_states
from pinochle.state import State

__all__ = ["PlayAnalysis", "PlayedCard", "analyse_play", "as_record"]


@attrs.frozen
class PlayedCard:
    """One card of a recorded hand, valued against best play (`analyse_play`).

    Both values are the trick points the team of the seat that played the card takes from
    the position before the card (the trick in progress and the last trick's bonus
    included), every seat playing best after: ``before`` with the seat's best card,
    ``after`` with the card it played.

    Attributes:
        trick: The trick the card was played to, from 1 (as ``pinochle replay`` counts).
        seat: The seat that played it.
        card: The card.
        before: The team's points from here with best play: what the position was worth.
        after: The team's points from here once this card is played, best play after.
    """

    trick: int
    seat: int
    card: Card
    before: int
    after: int

    @property
    def loss(self) -> int:
        """The points the card cost against best play: ``before - after``, never below 0."""
        return self.before - self.after


@attrs.frozen
class PlayAnalysis:
    """A recorded hand's trick play, card by card, against best play (`analyse_play`).

    Attributes:
        hand: The hand, from 1 (as ``pinochle replay --hand`` counts).
        cards: Every card analysed, in play order.
    """

    hand: int
    cards: tuple[PlayedCard, ...] = ()

    @property
    def mistakes(self) -> tuple[PlayedCard, ...]:
        """The cards that lost points against best play (``loss > 0``), in play order."""
        return tuple(card for card in self.cards if card.before != card.after)


def analyse_play(
    record: GameRecord | str | bytes, hand: int, *, from_trick: int | None = None
) -> PlayAnalysis:
    """Every card of a recorded hand's trick play, valued before and after it is played.

    The hand is replayed card by card with all the hands in view (see the module's note:
    this is analysis after the fact, not what a seat could know). For each card, the
    exact value of the position for the team of the seat to play, with its best card and
    with the card it played; the difference is what the card cost. Three-hand: the
    bidder plays against the other two together, so a defender's loss is the defenders'.

    Only trick play without a stock is analysed: the two-hand game's cards from the trick
    after the stock is gone (the stock's order is no part of open-hand play). A hand with
    no trick play (thrown in, conceded, passed out and redealt) has no cards; a record
    that stops in the middle of the hand has the cards played so far.

    Args:
        record: A game record, or its JSON text (`GameRecord.from_json`).
        hand: The hand, from 1, as ``pinochle replay --hand`` counts (a hand everyone
            passed, and so redealt, counts).
        from_trick: The first trick to analyse, from 1 (default: the first without a
            stock): the cards before it are replayed, not valued. Each card is an exact
            search, so a late trick answers sooner.

    Raises:
        ArgumentError: ``record`` is neither; ``hand`` is not a hand of the record;
            ``from_trick`` is not a trick of the hand played without a stock.
        RecordError: The JSON text is not a record, or the record does not replay.
    """
    record = as_record(record)
    number = arguments.number("hand", hand, 1)
    first = None if from_trick is None else arguments.number("from_trick", from_trick, 1)
    plays = list(_plays(record, number))
    solvable = [(state, card) for state, card in plays if not state.hand.stock]
    if first is not None:
        _check_first(first, plays, solvable)
        solvable = [(state, card) for state, card in solvable if len(state.tricks) >= first - 1]
    if not solvable:
        return PlayAnalysis(number)
    return PlayAnalysis(number, tuple(_valued(solvable)))


def as_record(record: object) -> GameRecord:
    """A record given as one, or as its JSON text."""
    if isinstance(record, GameRecord):
        return record
    if isinstance(record, str | bytes):
        return GameRecord.from_json(record)
    raise ArgumentError("record", "a pinochle.records.GameRecord or its JSON text", record)


def _plays(record: GameRecord, hand: int) -> Iterator[tuple[State, Card]]:
    """Each trick-play state of the hand (from 1) and the card played to it.

    Raises:
        ArgumentError: The record has no such hand (it counts those with an action).
    """
    seen: set[int] = set()
    # replay_states yields the start, then the state after each action: the state an
    # action is taken in comes with it.
    for state, action in zip(replay_states(record), record.actions, strict=False):
        number = state.hand.number
        if number > hand - 1:
            return
        seen.add(number)
        if number == hand - 1 and isinstance(action, Play):
            yield state, action.card
    if hand - 1 not in seen:
        told = f"hands 1 to {len(seen)}" if seen else "no hand"
        raise ArgumentError("hand", f"a hand of the record ({told})", hand)


def _check_first(
    first: int, plays: list[tuple[State, Card]], solvable: list[tuple[State, Card]]
) -> None:
    """``from_trick`` must name a trick of the hand played without a stock."""
    tricks = sorted({len(state.tricks) + 1 for state, _ in solvable})
    if first in tricks:
        return
    if any(len(state.tricks) + 1 == first for state, _ in plays):
        where = f"trick {tricks[0]}" if tricks else "no trick"
        raise ArgumentError(
            "from_trick",
            f"a trick played without a stock (trick {first} is played with the stock; the "
            f"analysis starts at {where})",
            first,
        )
    told = f"tricks {tricks[0]} to {tricks[-1]}" if tricks else "no trick played"
    raise ArgumentError("from_trick", f"a trick of the hand ({told})", first)


def _valued(plays: list[tuple[State, Card]]) -> Iterator[PlayedCard]:
    """Each played card's value against the best card, on one search along the hand.

    One `Search` follows the hand card by card, so its table of bounds (the value of a
    trick's start, whoever reached it) serves every later card.
    """
    start = plays[0][0]
    search = search_of(start)
    guess = -1
    for state, card in plays:
        if search.seat != state.to_act:  # pragma: no cover - the search follows the record
            raise InvariantError(f"the search has seat {search.seat} to act, not {state.to_act}")
        team = search.teams[search.seat]
        remaining = search.remaining()
        values: dict[int, int] = {}
        for kind in search.moves():
            units = search.play(kind)
            guess = search.exact(guess)
            units += guess
            search.undo()
            values[kind] = units if team == 0 else remaining - units
        search.play(card.index)
        yield PlayedCard(
            len(state.tricks) + 1,
            state.to_act or 0,
            card,
            max(values.values()) * search.unit,
            values[card.index] * search.unit,
        )
