"""``pinochle solve``: a recorded position solved exactly, or a recorded hand's play analysed.

The record is read and replayed as ``pinochle replay`` reads it (unreadable: status 2; not
a sound record: status 1). A position that is not in the record, or that the solver does
not value (no trick play, the two-hand stock), is bad input: status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

import attrs

from pinochle._text import printable, printable_document
from pinochle.analysis import PlayAnalysis, analyse_play, card_values, solve
from pinochle.cards import Card, CardStyle, format_cards
from pinochle.cli._common import EXIT_OK, CommandError, bad_record, read_record
from pinochle.demo import person_names, side_name
from pinochle.errors import ArgumentError
from pinochle.records import GameRecord, RecordError, replay_states
from pinochle.state import Phase, State
from pinochle.terminal import suits_encodable

__all__ = ["run_solve"]


@attrs.frozen
class _Hand:
    """One hand of a record: its number (from 1) and its states, in order."""

    number: int
    states: tuple[State, ...]

    def trick_play(self) -> list[State]:
        """The states a card is played to (the last may be where the record stops)."""
        return [s for s in self.states if s.phase is Phase.TRICKS and s.to_act is not None]


def run_solve(args: argparse.Namespace) -> int:
    """``pinochle solve``: each legal card's value and a best line; or ``--analyse``."""
    if args.analyse and args.card is not None:
        raise CommandError("--card: --analyse takes the whole hand (or --trick on), not a card")
    record = read_record(args.file)
    hand = _hand(args.file, record, args.hand)
    style: CardStyle = "ascii" if args.ascii or not suits_encodable(sys.stdout) else "symbols"
    trick = _trick(hand, args.trick)
    if args.analyse:
        return _analyse(args, record, hand, trick, style)
    return _solve(args, _position(hand, trick, args.card), hand.number, style)


# --- Finding the position --------------------------------------------------------------


def _hand(file: str, record: GameRecord, number: int) -> _Hand:
    """The hand ``number`` (from 1) of the record, replayed whole first as ``replay`` does.

    Raises:
        CommandError: The record does not replay (status 1), or has no such hand.
    """
    states: list[State] = []
    numbers: set[int] = set()  # the hands with an action, as `pinochle replay` counts them
    try:
        for state, action in zip(replay_states(record), (*record.actions, None), strict=True):
            if action is not None:
                numbers.add(state.hand.number)
            if state.hand.number == number - 1:
                states.append(state)
    except RecordError as exc:
        raise bad_record(file, exc) from None
    if number - 1 not in numbers:
        told = f"hands 1 to {len(numbers)}" if numbers else "no hand"
        raise CommandError(f"--hand: the record has {told}, not {number}")
    return _Hand(number, tuple(states))


def _trick(hand: _Hand, trick: int | None) -> int:
    """The trick ``--trick`` names (from 1), checked; by default the first the solver values.

    Raises:
        CommandError: The hand has no trick play, or no such trick, or the trick is played
            while the two-hand stock lasts.
    """
    played = hand.trick_play()
    if not played:
        raise CommandError(f"--hand: hand {hand.number} has no trick play in the record")
    solvable = [s for s in played if not s.hand.stock]
    first = len(solvable[0].tricks) + 1 if solvable else None
    last = len(played[-1].tricks) + 1
    number = first if trick is None else trick
    if number is None:
        raise CommandError(
            f"--hand: the record stops in hand {hand.number} while the stock lasts (two-hand); "
            "the solver values trick play once the stock is gone"
        )
    if not 1 <= number <= last:
        raise CommandError(
            f"--trick: hand {hand.number} has tricks 1 to {last} in the record, not {number}"
        )
    if first is None or number < first:
        start = f"at trick {first}" if first is not None else "after the record stops"
        raise CommandError(
            f"--trick: trick {number} of hand {hand.number} is played while the stock lasts "
            f"(two-hand); the solver values trick play once the stock is gone ({start})"
        )
    return number


def _position(hand: _Hand, trick: int, card: int | None) -> State:
    """The state before card ``card`` (from 1; default the lead) of a checked trick.

    Raises:
        CommandError: No such card in a trick, or the record stops before it.
    """
    cards = [s for s in hand.trick_play() if len(s.tricks) == trick - 1]
    position = 1 if card is None else card
    players = len(cards[0].hands)
    if not 1 <= position <= players:
        raise CommandError(f"--card: a trick has cards 1 to {players}, not {position}")
    if position > len(cards):
        raise CommandError(
            f"--card: the record stops before card {position} of trick {trick} "
            f"(it has cards 1 to {len(cards)})"
        )
    return cards[position - 1]


# --- Solving one position --------------------------------------------------------------


def _solve(args: argparse.Namespace, state: State, hand: int, style: CardStyle) -> int:
    """The position's values, each legal card's and a best line."""
    from pinochle.analysis._position import teams_of  # the bidder's side is team 0

    solution = solve(state)
    values = sorted(card_values(state).items(), key=lambda item: (-item[1], -item[0].index))
    best = values[0][1]
    seat = state.to_act or 0
    team = teams_of(state)[seat]
    team_sides = sorted(
        {state.side_of(s) for s, t in zip(state.seats(), teams_of(state), strict=True) if t == team}
    )
    trick, card = len(state.tricks) + 1, len(state.trick) + 1
    if args.json:
        _print_json(
            {
                "variant": state.variant.name,
                "hand": hand,
                "trick": trick,
                "card": card,
                "to_act": seat,
                "trump": state.hand.trump.letter if state.hand.trump is not None else None,
                "bidder": state.hand.bidder,
                "hands": [[c.ascii for c in cards] for cards in state.hands],
                "played": [{"seat": s, "card": c.ascii} for s, c in state.trick],
                "taken": list(state.points),
                "points": list(solution.points),
                "team": team_sides,
                "cards": [
                    {"card": c.ascii, "value": value, "loss": best - value} for c, value in values
                ],
                "line": [c.ascii for c in solution.line],
            }
        )
        return EXIT_OK
    variant = state.variant
    people = person_names(variant)
    names = [people[person] for person in state.hand.persons]
    suit = state.hand.trump
    trump = "-" if suit is None else suit.letter if style == "ascii" else suit.symbol
    bidder = state.hand.bidder
    bid = f", {names[bidder]} bid {state.hand.bid}" if bidder is not None else ""
    print(
        f"{printable(variant.name)}: hand {hand}, trick {trick}, card {card}: "
        f"{names[seat]} to play, trump {trump}{bid}"
    )
    for s, cards in enumerate(state.hands):
        print(f"  {names[s]:<6} {format_cards(cards, style) or '-'}")
    if state.trick:
        shown = "  ".join(f"{names[s][0]} {format_cards([c], style)}" for s, c in state.trick)
        print(f"  Trick so far: {shown}")
    sides = range(len(state.points))
    taken = "  ".join(f"{side_name(variant, i)} {state.points[i]}" for i in sides)
    ahead = "  ".join(f"{side_name(variant, i)} {solution.points[i]}" for i in sides)
    print(f"  Taken so far: {taken}")
    print(f"  From here, best play: {ahead}")
    who = " and ".join(side_name(variant, i) for i in team_sides)
    print(f"  {names[seat]}'s cards and what each is worth to {who} from here:")
    for c, value in values:
        loss = f"  (loses {best - value})" if value < best else ""
        print(f"    {format_cards([c], style):<4} {value:>4}{loss}")
    print(f"  Best line: {_line(solution.line, len(state.trick), len(state.hands), style)}")
    return EXIT_OK


def _line(line: Sequence[Card], played: int, players: int, style: CardStyle) -> str:
    """A best line, its tricks apart: ``K♠ 9♠ | A♥ 9♥ ...``."""
    groups: list[list[Card]] = [[]]
    room = players - played
    for card in line:
        if not room:
            groups.append([])
            room = players
        groups[-1].append(card)
        room -= 1
    return " | ".join(format_cards(group, style) for group in groups if group)


# --- Analysing a hand ------------------------------------------------------------------


def _analyse(
    args: argparse.Namespace, record: GameRecord, hand: _Hand, trick: int, style: CardStyle
) -> int:
    """Every card of the hand's trick play from ``trick`` against best play, losses marked."""
    try:
        analysis = analyse_play(record, hand.number, from_trick=trick)
    except ArgumentError:  # the record stops at the start of that trick
        raise CommandError(
            f"--trick: the record stops before a card of trick {trick} is played"
        ) from None
    if args.json:
        _print_json(
            {
                "variant": record.variant.name,
                "hand": analysis.hand,
                "cards": [
                    {
                        "trick": c.trick,
                        "seat": c.seat,
                        "card": c.card.ascii,
                        "before": c.before,
                        "after": c.after,
                        "loss": c.loss,
                    }
                    for c in analysis.cards
                ],
            }
        )
        return EXIT_OK
    print("\n".join(_analysis_lines(record, hand, analysis, style)))
    return EXIT_OK


def _analysis_lines(
    record: GameRecord, hand: _Hand, analysis: PlayAnalysis, style: CardStyle
) -> list[str]:
    """The analysis as text: a line a card, its loss beside it, and a summary line."""
    people = person_names(record.variant)
    persons = hand.states[0].hand.persons
    lines = [
        f"{printable(record.variant.name)}: hand {analysis.hand}, every card against best play "
        "(its side's points from there: with the best card, with the card played)"
    ]
    if not analysis.cards:
        lines.append("  No trick play without a stock in this hand.")
        return lines
    for c in analysis.cards:
        loss = f"  loses {c.loss}" if c.loss else ""
        lines.append(
            f"  Trick {c.trick:>2}  {people[persons[c.seat]]:<6} "
            f"{format_cards([c.card], style):<4} {c.before:>4} {c.after:>4}{loss}"
        )
    mistakes = analysis.mistakes
    lost = sum(c.loss for c in mistakes)
    lines.append(
        f"  {len(mistakes)} card{'s' * (len(mistakes) != 1)} lost points against best play"
        + (f" ({lost} in all)" if mistakes else "")
    )
    return lines


def _print_json(data: dict[str, Any]) -> None:
    print(printable_document(json.dumps(data, indent=2, ensure_ascii=False), "json"))
