"""OpenSpiel's IS-MCTS plays pinochle: a whole hand through pyspiel, then against the library.

Needs the openspiel extra: ``pip install "pinochle-rules[openspiel]"``.

1. Three IS-MCTS bots play a whole hand of Parlett's three-hand game (trump turned up, no
   auction, everyone melds, sixteen tricks) through OpenSpiel's own loop: chance deals the
   cards one by one, each bot searches a few simulations a move.
2. `arena_player` seats an IS-MCTS bot (seat 0) against two of the library's Hard bots for a
   hand, in the library's own loop: the bot sees only its seat's observations.
"""

# extra: openspiel (pyspiel)

from __future__ import annotations

import numpy as np
import pyspiel

import pinochle as pn
import pinochle.openspiel as pos
from pinochle.bots import make_bot

SIMULATIONS = 8


def openspiel_hand() -> None:
    game = pyspiel.load_game("pinochle", {"variant": "parlett-three-hand", "hands": 1})
    bots = [
        pos.ismcts_bot(game, simulations=SIMULATIONS, seed=p) for p in range(game.num_players())
    ]
    chance = np.random.RandomState(7)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            faces, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(faces, p=probabilities)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
            decisions += 1
    print(f"OpenSpiel game: {game}")
    print(f"{game.max_chance_outcomes()} card faces a chance node; {decisions} decisions")
    print(f"returns by seat (each its own side): {state.returns()}")


def against_the_library() -> None:
    rules = pn.load_variant("parlett-three-hand")
    ismcts = pos.arena_player(lambda g: pos.ismcts_bot(g, simulations=SIMULATIONS, seed=1))
    players = [ismcts(), make_bot("hard", seed=1).choose, make_bot("hard", seed=2).choose]
    state = pn.new_game(rules, seed=11)
    while not state.results:
        seat = state.to_act
        assert seat is not None
        state = pn.apply(state, players[seat](pn.observe(state, seat)))
    print(f"IS-MCTS (seat 0) against two Hard bots: {state.results[0].reason}")
    print(f"scores by seat: {state.scores}")


if __name__ == "__main__":
    openspiel_hand()
    against_the_library()
