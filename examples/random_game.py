"""Play a whole game with random legal players and print each hand's settlement."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pinochle as pn


def choose(rng: random.Random, actions: Sequence[pn.Action]) -> pn.Action:
    """A random player that bids cautiously: pass three times in four, else the lowest bid."""
    first = actions[0]
    if isinstance(first, pn.Pass) and len(actions) > 1:
        return first if rng.random() < 0.75 else actions[1]
    if isinstance(first, pn.Bid):
        return first
    return actions[rng.randrange(len(actions))]


def main() -> None:
    rules = pn.load_variant("pinochlerun")
    rng = random.Random(1)
    state = pn.new_game(rules, seed=2026)
    while not state.is_over:
        before = state
        state = pn.apply(state, choose(rng, pn.legal_actions(state)))
        if len(state.results) > len(before.results):
            hand, result = before.hand, state.results[-1]
            print(
                f"hand {hand.number + 1}: seat {hand.bidder} bid {hand.bid}, "
                f"trump {hand.trump or '-'}; {result.reason}; "
                f"hand {result.scores} -> totals {state.scores}"
            )
    print(f"game over after {len(state.results)} hands: side {state.winner} wins {state.scores}")


if __name__ == "__main__":
    main()
