"""Seeded games for the tests: every state that waits for a decision, played by easy bots."""

from __future__ import annotations

from collections.abc import Iterator

import pinochle as pn
from pinochle.bots import make_bot


def decisions(name: str, seed: int, max_hands: int = 2) -> Iterator[pn.State]:
    """Every state of a seeded game of easy bots (``max_hands`` hands), then the last one."""
    variant = pn.load_variant(name)
    bots = [make_bot("easy", seed=seed + seat) for seat in range(variant.deal.players)]
    state = pn.new_game(variant, seed=seed)
    while not state.is_over and len(state.results) < max_hands:
        yield state
        seat = state.to_act
        assert seat is not None
        state = pn.apply(state, bots[seat].choose(pn.observe(state, seat)))
    yield state
