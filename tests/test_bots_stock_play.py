"""Expert's integer play-out of the two-hand stock phase agrees with the engine.

`pinochle.bots.stock_play.through_stock` plays a two-hand hand's stock phase (tricks with
any card, the winner's meld turns, the draws, the dix exchange, the last draw) on counts of
cards. The play-out's moves are fixed (`quick_card`, then the biggest meld, the exchange,
the draw), so stepping the engine with the same moves must reach the same position and the
same settled scores: for random positions of every two-hand profile (the built-in ones and
their stock keys turned), in real games and in deals Expert's sampler imagines.
"""

from __future__ import annotations

import random

import pytest

from pinochle import (
    Draw,
    Phase,
    Play,
    State,
    Variant,
    apply,
    builtin_variants,
    legal_actions,
    load_variant,
    new_game,
    observe,
    sample_state,
)
from pinochle.bots.rollout import (
    Settlements,
    _engine_play_out,
    _engine_until_tricks,
    _list_play_out,
    sides,
)
from pinochle.bots.stock_play import through_stock

_TWO_HAND = [name for name in builtin_variants() if load_variant(name).deal.players == 2]
_BC2 = load_variant("bicycle-two-handed")
_PROFILES: list[tuple[str, Variant]] = [(name, load_variant(name)) for name in _TWO_HAND] + [
    ("winner-chooses", _BC2.override({"stock": {"last_draw": "winner-chooses"}})),
    ("first-dix-exchanged", _BC2.override({"stock": {"first_dix_exchanged": True}})),
    ("no-dix-exchange", _BC2.override({"stock": {"dix_exchange": False}})),
    ("no-dealer-dix", _BC2.override({"stock": {"dealer_dix": False}})),
]


def _stock_positions(variant: Variant, seed: int) -> list[State]:
    """Trick-play positions of one random game's first hand while the stock lasts.

    Random legal moves (declares, exchanges, taking the turn-up and all), so the
    positions carry tables and shown melds of every kind.
    """
    rng = random.Random(seed)
    state = new_game(variant, seed=seed)
    found: list[State] = []
    while not state.results and state.hand.turn_up is not None:
        legal = list(legal_actions(state))
        if state.phase is Phase.TRICKS:
            found.append(state)
            state = apply(state, rng.choice(legal))
        else:  # meld turns: mostly declare or exchange, sometimes draw at once
            others = [a for a in legal if not isinstance(a, Draw)]
            pick = rng.choice(others) if others and rng.random() < 0.8 else legal[-1]
            if len(legal) > 1 and rng.random() < 0.1:
                pick = rng.choice(legal)
            state = apply(state, pick)
    return found


def _check(state: State) -> None:
    """Every legal card: the integer stock phase reaches the engine's position and scores."""
    side = sides(state)[state.to_act or 0]
    for action in legal_actions(state):
        assert isinstance(action, Play)
        mine = through_stock(state, action.card)
        assert mine is not None
        engine = _engine_until_tricks(state, action)
        assert engine.phase is Phase.TRICKS
        assert engine.hand.turn_up is None
        assert mine.to_act == engine.to_act
        assert mine.hands == engine.hands
        assert mine.points == engine.points
        assert mine.tricks_won == engine.tricks_won
        assert mine.counters == engine.counters
        assert mine.hand.meld_points == engine.hand.meld_points
        assert mine.hand.shown == engine.hand.shown
        assert mine.hand.last_turn_up == engine.hand.last_turn_up
        assert mine.hand.table == engine.hand.table
        assert _list_play_out(mine, None) == _list_play_out(engine, None)
        assert Settlements().play_out(state, action.card, side) == _engine_play_out(
            state, action.card, side
        )


@pytest.mark.parametrize(("name", "variant"), _PROFILES, ids=[name for name, _ in _PROFILES])
@pytest.mark.parametrize("seed", range(6))
def test_the_integer_stock_phase_settles_as_the_engine(
    name: str, variant: Variant, seed: int
) -> None:
    rng = random.Random(seed)
    positions = _stock_positions(variant, seed)
    assert positions
    for state in rng.sample(positions, min(6, len(positions))):
        _check(state)
        # A deal Expert's sampler imagines for the seat to act (its own hidden facts).
        world = sample_state(observe(state, state.to_act or 0), rng)
        _check(world)


def test_every_two_hand_profile_is_covered() -> None:
    assert _TWO_HAND == ["bicycle-two-handed"]
