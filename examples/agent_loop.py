"""Your own player: a function from what its seat sees to an action, at a table of bots.

A player never gets the state, only `pinochle.observe(state, seat)`: its own cards, what
is public, and the legal actions. This one bids only with a strong meld, names the suit
that gives it the most meld, passes its lowest cards and plays its highest legal card;
North and South play it against two Hard computer players.
"""

from __future__ import annotations

from collections.abc import Callable

import pinochle as pn
from pinochle.bots import make_bot


def greedy(view: pn.Observation) -> pn.Action:
    """A simple player: it reads the observation and returns one of its legal actions."""
    legal = view.legal_actions
    if view.phase is pn.Phase.AUCTION:
        best = max(m.total for m in pn.meld_by_trump(view.hand, view.variant).values())
        bids = [a for a in legal if isinstance(a, pn.Bid)]
        passes = [a for a in legal if isinstance(a, pn.Pass)]
        if bids and best + 12 >= bids[0].amount:  # meld plus a few points from the tricks
            return bids[0]
        return passes[0] if passes else bids[0]
    if view.phase is pn.Phase.TRUMP:
        melds = pn.meld_by_trump(view.hand, view.variant)
        named = [a for a in legal if isinstance(a, pn.NameTrump)]
        if named:
            return max(named, key=lambda a: melds[a.suit].total)
    plays = [a for a in legal if isinstance(a, pn.Play)]
    if plays:
        return max(plays, key=lambda a: (a.card.suit == view.trump, a.card.rank))
    return legal[0]  # pass the first cards offered, play on, draw, ...


def main() -> None:
    variant = pn.load_variant("pinochlerun")
    hard = [make_bot("hard", seed=seat) for seat in (1, 3)]
    players: list[Callable[[pn.Observation], pn.Action]] = [
        greedy,
        hard[0].choose,
        greedy,
        hard[1].choose,
    ]
    state = pn.new_game(variant, seed=11)
    first = True
    while not state.is_over and len(state.results) < 5:
        seat = state.to_act
        assert seat is not None
        view = pn.observe(state, seat)
        if first and seat in (0, 2):
            print(f"{pn.explain_legal(view)}  (seat {seat}'s first decision)")
            first = False
        state = pn.apply(state, players[seat](view))
    for number, result in enumerate(state.results, start=1):
        print(f"hand {number}: {result.reason}: {result.scores}")
    print(
        f"scores after {len(state.results)} hands: greedy {state.scores[0]}, hard {state.scores[1]}"
    )


if __name__ == "__main__":
    main()
