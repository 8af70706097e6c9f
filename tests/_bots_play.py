"""Every bot level plays a profile: the one loop the house-rule tests share.

Each level of `pinochle.bots.LEVELS` plays a game (or its first hands) of the profile at
every seat, and every action a bot chooses must be among the engine's legal actions. Expert
samples, so only one seat is Expert (the others Hard) to keep the game short. The caller
checks what its rule adds on the games returned (the actions chosen, the final state).
"""

from __future__ import annotations

import attrs

from pinochle.actions import Action
from pinochle.bots import LEVELS, make_bot
from pinochle.engine import apply, legal_actions, new_game, observe
from pinochle.state import State
from pinochle.variant import Variant


@attrs.frozen
class LevelGame:
    """A game the bots of one level played: the level, every action chosen, the last state."""

    level: str
    actions: tuple[Action, ...]
    final: State


def play_every_level(
    variant: Variant, *, hands: int | None = None, seed: int | None = None
) -> list[LevelGame]:
    """A game of ``variant`` at each bot level, every action checked legal.

    Args:
        variant: The profile.
        hands: Stop once this many hands are settled (None: play to the game's end).
        seed: Every game's deal seed (None: the i-th level's game is dealt from seed i).
    """
    players = variant.deal.players
    games = []
    for game, level in enumerate(LEVELS):
        bots = [
            make_bot(level, seed=game * 10 + seat) if level != "expert" else make_bot("hard")
            for seat in range(players)
        ]
        if level == "expert":  # one expert seat: it samples, so keep the game short
            bots[game % players] = make_bot("expert", seed=game)
        state = new_game(variant, seed=game if seed is None else seed)
        actions: list[Action] = []
        while not state.is_over and (hands is None or len(state.results) < hands):
            seat = state.to_act
            assert seat is not None
            action = bots[seat].choose(observe(state, seat))
            assert action in legal_actions(state), (level, state.phase, action)
            actions.append(action)
            state = apply(state, action)
        games.append(LevelGame(level, tuple(actions), state))
    return games
