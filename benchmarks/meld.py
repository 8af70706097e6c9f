"""Meld scoring speed: hands per second for `score_meld` (run: python3 benchmarks/meld.py).

Random 12-card single-deck hands (the default profile) and random 20-card double-deck hands
(Pagat's double-deck table), each with a random trump suit. The first pass over the hands is
timed separately: it includes building the profile's tables and the first use of each holding.
"""

from __future__ import annotations

import os
import platform
import random
import time
from collections.abc import Callable

from pinochle.cards import Card, Suit, make_deck
from pinochle.meld import score_meld
from pinochle.variant import Variant

HANDS = 20_000
SEED = 2024

SINGLE = Variant()
DOUBLE = Variant().override(
    {
        "deal": {"deck": "double", "hand": 20, "packet": 5},
        "trump": {"rule": "marriage"},
        "meld": {"table": "double-pagat"},
        "counting": {"last_trick": 2},
    }
)


Hands = list[tuple[tuple[Card, ...], Suit]]


def deal_hands(variant: Variant, rng: random.Random) -> Hands:
    deck = list(make_deck(variant.deal.deck))
    hands = []
    for _ in range(HANDS):
        rng.shuffle(deck)
        hands.append((tuple(deck[: variant.deal.hand]), rng.choice(list(Suit))))
    return hands


def totals(hands: Hands, variant: Variant) -> None:
    for cards, trump in hands:
        score_meld(cards, trump, variant).total  # noqa: B018 - the measured work


def items(hands: Hands, variant: Variant) -> None:
    for cards, trump in hands:
        for item in score_meld(cards, trump, variant).items:
            item.points  # noqa: B018 - the measured work


def rate(run: Callable[[Hands, Variant], None], hands: Hands, variant: Variant) -> float:
    """Hands per second of one pass over the hands (best of five)."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        run(hands, variant)
        best = min(best, time.perf_counter() - start)
    return HANDS / best


def main() -> None:
    print(f"python {platform.python_version()}, {os.cpu_count()} cores, {HANDS} hands per pass")
    rng = random.Random(SEED)
    for label, variant in (("single deck, 12 cards", SINGLE), ("double deck, 20 cards", DOUBLE)):
        hands = deal_hands(variant, rng)
        start = time.perf_counter()
        totals(hands, variant)
        cold = HANDS / (time.perf_counter() - start)
        print(f"{label}: first pass {cold:,.0f} hands/s (builds the tables)")
        print(f"{label}: .total     {rate(totals, hands, variant):,.0f} hands/s")
        print(f"{label}: .items     {rate(items, hands, variant):,.0f} hands/s")


if __name__ == "__main__":
    main()
