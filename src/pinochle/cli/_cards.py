"""``pinochle meld`` and ``pinochle count``: a hand's meld and a pile's trick points."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from pinochle._text import printable, printable_document
from pinochle.cards import (
    Card,
    CardStyle,
    Suit,
    check_in_deck,
    format_cards,
    parse_cards,
    parse_suit,
)
from pinochle.cli._common import EXIT_OK, CommandError, load_profile, scale_word
from pinochle.meld import Meld, meld_by_trump, score_meld
from pinochle.tricks import card_points, deck_points, round_trick_points
from pinochle.variant import Rounding, Variant

__all__ = ["run_count", "run_meld"]


def run_meld(args: argparse.Namespace) -> int:
    """``pinochle meld``: the hand's meld with one trump, or with each and with none."""
    variant = load_profile(args.variant)
    cards = _read_hand(args.cards, variant)
    style: CardStyle = "ascii" if args.ascii else "symbols"
    if args.trump is not None:
        trump = _read_suit(args.trump)
        blocks: list[tuple[Suit | None, Meld]] = [(trump, score_meld(cards, trump, variant))]
    else:
        blocks = [*meld_by_trump(cards, variant).items(), (None, score_meld(cards, None, variant))]
    if args.json:
        data: dict[str, Any] = {
            "variant": variant.name,
            "scale": variant.scale,
            "cards": [card.ascii for card in cards],
        }
        if args.trump is not None:
            data |= {"trump": trump.letter} | _meld_data(blocks[0][1])
        else:
            data["by_trump"] = {s.letter: _meld_data(m) for s, m in blocks if s is not None}
            data["no_trump"] = _meld_data(blocks[-1][1])
        _print_json(data)
        return EXIT_OK
    print(f"hand     {format_cards(cards, style)}")
    print(f"variant  {printable(variant.name)} ({scale_word(variant)})")
    print("\n".join(_meld_table(blocks, style)))
    if args.trump is None:
        totals = (f"{_suit_heading(suit, style, short=True)} {meld.total}" for suit, meld in blocks)
        print(f"\nsummary  {'   '.join(totals)}")
    return EXIT_OK


def run_count(args: argparse.Namespace) -> int:
    """``pinochle count``: the cards' trick points, with the last trick's if asked."""
    variant = load_profile(args.variant)
    cards = _read_hand(args.cards, variant)
    points = card_points(cards, variant)
    last = variant.counting.last_trick if args.last_trick else 0
    total = round_trick_points(points + last, variant) if args.last_trick else points
    if args.json:
        _print_json(
            {
                "variant": variant.name,
                "scale": variant.scale,
                "cards": [card.ascii for card in cards],
                "card_points": points,
                "last_trick": last,
                "points": total,
                "deck_points": deck_points(variant),
            }
        )
        return EXIT_OK
    rows = [("cards", format_cards(cards) or "(none)")]
    if args.last_trick:
        rows += [("card points", str(points)), ("last trick", str(last))]
        if variant.counting.rounding is not Rounding.NONE:
            rows.append(("before rounding", str(points + last)))
    rows.append(("trick points", str(total)))
    rows.append(
        (
            "deck total",
            f"{deck_points(variant)}  ({printable(variant.name)}: {variant.counting.method.value}, "
            f"last trick {variant.counting.last_trick})",
        )
    )
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    return EXIT_OK


def _read_hand(tokens: Sequence[str], variant: Variant) -> tuple[Card, ...]:
    cards = parse_cards(" ".join(tokens))
    check_in_deck(cards, variant.deal.deck)
    return cards


def _read_suit(text: str) -> Suit:
    try:
        return parse_suit(text)
    except ValueError as exc:
        raise CommandError(f"--trump: {exc}") from None


def _suit_heading(suit: Suit | None, style: CardStyle, *, short: bool = False) -> str:
    if suit is None:
        return "no trump"
    mark = suit.letter if style == "ascii" else suit.symbol
    return mark if short else f"trump {mark} {suit.name.lower()}"


def _meld_table(blocks: Sequence[tuple[Suit | None, Meld]], style: CardStyle) -> list[str]:
    """One block per trump choice: the items and the total, columns aligned across blocks."""
    rows = [
        (item.name, format_cards(item.cards, style), str(item.points))
        for _, meld in blocks
        for item in meld.items
    ]
    totals = [str(meld.total) for _, meld in blocks]
    name_w = max([len("total"), *(len(r[0]) for r in rows)])
    cards_w = max([0, *(len(r[1]) for r in rows)])
    points_w = max(len(p) for p in [*totals, *(r[2] for r in rows)])
    lines = []
    for suit, meld in blocks:
        lines += ["", _suit_heading(suit, style)]
        for item in meld.items:
            cards = format_cards(item.cards, style)
            lines.append(f"  {item.name:<{name_w}}  {cards:<{cards_w}}  {item.points:>{points_w}}")
        if not meld.items:
            lines.append("  (no meld)")
        lines.append(f"  {'total':<{name_w}}  {'':<{cards_w}}  {meld.total:>{points_w}}")
    return lines


def _meld_data(meld: Meld) -> dict[str, Any]:
    items = [
        {
            "name": item.name,
            "type": item.type.name.lower(),
            "cards": [card.ascii for card in item.cards],
            "points": item.points,
        }
        for item in meld.items
    ]
    return {"total": meld.total, "items": items}


def _print_json(data: dict[str, Any]) -> None:
    print(printable_document(json.dumps(data, indent=2, ensure_ascii=False), "json"))
