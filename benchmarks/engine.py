"""Engine speed: random legal games through the public legal_actions/apply.

Prints complete hands per second (deal to settlement) and decisions per second for each
profile (every table size), for two random players:

- ``uniform``: every decision uniformly random among the legal actions. Random bids are
  mostly far too high, so most hands end after meld ("not on the board"): few decisions a
  hand.
- ``played``: uniform card play, but the auction of a cautious player (pass three times in
  four, else the lowest legal bid) who never throws in, so nearly every hand is played to
  the last trick: the figure the engine's budget is about (1,000 complete four-hand hands
  per second).

Run: ``python benchmarks/engine.py [--seconds S] [--profiles a,b,...]``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence

import pinochle as pn

Picker = Callable[[random.Random, Sequence[pn.Action]], pn.Action]


def uniform(rng: random.Random, actions: Sequence[pn.Action]) -> pn.Action:
    return actions[rng.randrange(len(actions))]


def played(rng: random.Random, actions: Sequence[pn.Action]) -> pn.Action:
    first = actions[0]
    if isinstance(first, pn.Pass):
        return first if rng.random() < 0.75 or len(actions) == 1 else actions[1]
    if isinstance(first, pn.Bid):
        return first
    if isinstance(first, pn.ThrowIn):
        return actions[1]  # play on
    return actions[rng.randrange(len(actions))]


def measure(variant: pn.Variant, pick: Picker, seconds: float) -> tuple[float, float, float]:
    """Hands per second, decisions per second and decisions per hand, by CPU time."""
    rng = random.Random(7)
    hands = decisions = 0
    start = time.process_time()
    seed = 0
    while time.process_time() - start < seconds:
        state = pn.new_game(variant, seed=seed)
        seed += 1
        number = 0
        while not state.is_over and number < 30:  # random games can wander: cap them
            actions = pn.legal_actions(state)
            before = state.hand.number
            state = pn.apply(state, pick(rng, actions))
            decisions += 1
            if state.hand.number != before or state.is_over:
                number += 1
                hands += 1
    elapsed = time.process_time() - start
    return hands / elapsed, decisions / elapsed, decisions / max(hands, 1)


def openspiel_euchre(seconds: float) -> float | None:
    """Decisions per second of OpenSpiel's C++ euchre from a Python loop, if installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    rng = random.Random(7)
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
    return decisions / (time.process_time() - start)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per run")
    parser.add_argument("--profiles", default="", help="comma-separated profile names")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best counts")
    args = parser.parse_args(argv)
    names = [n for n in args.profiles.split(",") if n] or list(pn.builtin_variants())
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, best of {args.repeat} runs "
        f"of {args.seconds:g} CPU seconds"
    )
    print(f"{'profile':<28}{'player':<9}{'hands/s':>9}{'decisions/s':>13}{'decisions/hand':>16}")
    played_rates = []
    for name in names:
        variant = pn.load_variant(name)
        for label, pick in (("played", played), ("uniform", uniform)):
            runs = [measure(variant, pick, args.seconds) for _ in range(args.repeat)]
            hands, decisions, per_hand = max(runs)  # the least disturbed run
            if label == "played":
                played_rates.append(decisions)
            print(f"{name:<28}{label:<9}{hands:>9,.0f}{decisions:>13,.0f}{per_hand:>16.1f}")
    euchre = openspiel_euchre(args.seconds)
    if euchre is None:
        print("OpenSpiel not installed (pip install open_spiel): no euchre comparison")
        return
    index = names.index("pinochlerun") if "pinochlerun" in names else 0
    ours = played_rates[index]
    print(
        f"OpenSpiel euchre (C++ from a Python loop): {euchre:,.0f} decisions/s; "
        f"{names[index]} played: {ours:,.0f} = {ours / euchre:.2f} × euchre"
    )


if __name__ == "__main__":
    main()
