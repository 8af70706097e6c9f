"""Meld scoring speed: hands per second for `score_meld` (run: python3 benchmarks/meld.py).

Random 12-card single-deck hands (the default profile) and random 20-card double-deck hands
(Pagat's double-deck table), each with a random trump suit. The first pass over the hands is
timed separately: it includes building the profile's tables and the first use of each holding.

``--baseline REV`` measures this tree and a git revision side by side instead (each in its
own interpreter, alternating, best of several rounds) and prints the ratio of their rates
(this tree / baseline; 1.00 is as fast). ``--extras`` adds profiles with the extra melds
and checks (grand pinochle, the roundhouse bonus, check pinochle's checks, a winning
quadruple), which a baseline before them cannot load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

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


def profiles(extras: bool) -> list[tuple[str, Variant]]:
    """The profiles measured: the default two, and with ``extras`` the new melds' keys."""
    chosen = [("single deck, 12 cards", SINGLE), ("double deck, 20 cards", DOUBLE)]
    if extras:
        marked = {
            "meld": {"grand_pinochle": True, "roundhouse_bonus": 1},
            "checks": {"run": 1, "aces": 1, "roundhouse": 2, "double_pinochle": 1},
        }
        wins = {"meld": {"quadruple_wins": ["run", "pinochle"], "run_joins_marriages": True}}
        chosen += [
            ("single deck + extras, checks", SINGLE.override(marked)),
            ("double deck + quadruple wins", DOUBLE.override(wins)),
        ]
    return chosen


def measure(extras: bool) -> dict[str, dict[str, float]]:
    """Every profile's rates: hands per second for ``.total`` and ``.items``."""
    rng = random.Random(SEED)
    found = {}
    for label, variant in profiles(extras):
        hands = deal_hands(variant, rng)
        start = time.perf_counter()
        totals(hands, variant)
        cold = HANDS / (time.perf_counter() - start)
        found[label] = {
            "first pass": cold,
            ".total": rate(totals, hands, variant),
            ".items": rate(items, hands, variant),
        }
    return found


def side_by_side(revision: str, rounds: int) -> None:
    """This tree and a baseline revision, alternating in fresh interpreters."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _baseline import ROOT, baseline_tree

    def run(src: Path) -> dict[str, dict[str, float]]:
        env = dict(os.environ, PYTHONPATH=str(src), PYTHONDONTWRITEBYTECODE="1")
        script = str(Path(__file__).resolve())
        out = subprocess.run(
            [sys.executable, script, "--json"], env=env, check=True, capture_output=True, text=True
        )
        rates: dict[str, dict[str, float]] = json.loads(out.stdout)
        return rates

    best: dict[str, dict[str, dict[str, float]]] = {"baseline": {}, "this": {}}
    with baseline_tree(revision) as base:
        for _ in range(rounds):
            for name, src in (("baseline", base / "src"), ("this", ROOT / "src")):
                for label, rates in run(src).items():
                    kept = best[name].setdefault(label, rates)
                    for key, value in rates.items():
                        kept[key] = max(kept[key], value)
    print(f"baseline {revision} vs this tree, best of {rounds} rounds, hands per second")
    print(f"{'profile':<24} {'measure':<8} {'baseline':>10} {'this':>10} {'ratio':>6}")
    for label, rates in best["this"].items():
        for key in (".total", ".items"):
            old = best["baseline"][label][key]
            new = rates[key]
            print(f"{label:<24} {key:<8} {old:>10,.0f} {new:>10,.0f} {new / old:>6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="a git revision to measure side by side")
    parser.add_argument("--rounds", type=int, default=3, help="rounds side by side (3)")
    parser.add_argument("--extras", action="store_true", help="also the extra melds' profiles")
    parser.add_argument("--json", action="store_true", help="print the rates as JSON")
    args = parser.parse_args()
    if args.baseline:
        side_by_side(args.baseline, args.rounds)
        return
    found = measure(args.extras)
    if args.json:
        print(json.dumps(found))
        return
    print(f"python {platform.python_version()}, {os.cpu_count()} cores, {HANDS} hands per pass")
    for label, rates in found.items():
        print(f"{label}: first pass {rates['first pass']:,.0f} hands/s (builds the tables)")
        print(f"{label}: .total     {rates['.total']:,.0f} hands/s")
        print(f"{label}: .items     {rates['.items']:,.0f} hands/s")


if __name__ == "__main__":
    main()
