"""Expert with the exact solver: legal cards, the exactly best card, settled as a play-out.

From `pinochle.bots.expert.EXACT` cards a hand on, Expert values each candidate card on
every imagined deal by the exact solver (`pinochle.analysis`) instead of a play-out
(docs/bots.md, "How Expert plays").
"""

from __future__ import annotations

import random

import pytest

from pinochle import (
    DeckKind,
    Observation,
    Phase,
    Play,
    State,
    apply,
    card_points,
    load_variant,
    new_game,
    observe,
    sample_states,
    settle_play,
)
from pinochle.analysis import card_values
from pinochle.bots import ExpertBot, make_bot
from pinochle.bots.expert import EXACT, EXACT_OTHER, ExactSettlements, exact_depth


def _endings(profile: str, cards: int, games: int = 2) -> list[State]:
    """Trick-play states of Hard self-play with at most ``cards`` in the hand to act."""
    variant = load_variant(profile)
    found: list[State] = []
    for seed in range(games):
        bots = [make_bot("hard", seed=seed * 10 + s) for s in range(variant.deal.players)]
        state = new_game(variant, seed=seed)
        settled = len(state.results)
        while len(state.results) == settled and not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = observe(state, seat)
            if (
                state.phase is Phase.TRICKS
                and not state.hand.stock
                and len(view.hand) <= cards
                and len(view.legal_actions) > 1
            ):
                found.append(state)
            state = apply(state, bots[seat].choose(view))
    return found


@pytest.mark.parametrize(
    "profile",
    ["pinochlerun", "pinochlerun-double-deck", "cutthroat-3", "bicycle-two-handed"],
)
def test_solver_expert_chooses_a_legal_card(profile: str) -> None:
    """In every ending of a few hands (three-hand, two-hand, double deck too): legal."""
    states = _endings(profile, 3)
    assert states
    bot = ExpertBot(7, samples=5, endgame=3)
    for state in states:
        view = observe(state, state.to_act or 0)
        assert bot.choose(view) in view.legal_actions


@pytest.mark.parametrize("profile", ["pinochlerun", "cutthroat-3"])
def test_exact_scores_settle_the_solvers_points(profile: str) -> None:
    """Each card's scores are the hand settled on the solver's points (`card_values`).

    The bidder's side takes its exact points from here after the card: where it has
    already taken a trick and a counter, its score is the one `settle_play` gives for
    those points however the others share the rest (in three-hand the defenders' split
    is the solver's line's). In four-hand the other side takes the rest, and every
    side's score is `settle_play`'s.
    """
    checked = 0
    for state in _endings(profile, 3):
        seat = state.to_act
        bidder = state.hand.bidder
        assert seat is not None
        assert bidder is not None
        sides = [state.side_of(s) for s in state.seats()]
        ours = sides[bidder]
        if not (state.tricks_won[ours] and state.counters[ours]):
            continue
        values = card_values(state)
        cards = sorted(values, key=lambda c: c.index)
        left = _left(state)
        for card, got in zip(cards, ExactSettlements().scores_of(state, cards), strict=True):
            taken = values[card] if sides[seat] == ours else left - values[card]
            points = list(state.points)
            points[ours] += taken
            theirs = [side for side in set(sides) if side != ours]
            points[theirs[0]] += left - taken  # the others' split: no part of the contract
            expected = settle_play(state, points, state.tricks_won, state.counters).scores
            assert got[ours] == expected[ours]
            if len(theirs) == 1 and state.tricks_won[theirs[0]] and state.counters[theirs[0]]:
                assert got == expected
            checked += 1
    assert checked


def _left(state: State) -> int:
    """The trick points still to take: the hands', the trick's and the last trick's."""
    cards = [c for hand in state.hands for c in hand] + [c for _, c in state.trick]
    return card_points(cards, state.variant) + state.variant.counting.last_trick


def _two_hand_ending() -> Observation:
    """bicycle-two-handed, game seed 2 (Hard self-play, bots seeded 20 and 21), after 60
    actions: the stock gone, 4 cards in hand, the follower to the last trick but three."""
    variant = load_variant("bicycle-two-handed")
    bots = [make_bot("hard", seed=20 + s) for s in range(2)]
    state = new_game(variant, seed=2)
    while len(state.actions) < 60:
        seat = state.to_act
        assert seat is not None
        state = apply(state, bots[seat].choose(observe(state, seat)))
    view = observe(state, state.to_act or 0)
    assert view.phase is Phase.TRICKS
    assert not state.hand.stock
    assert len(view.hand) == 4
    return view


def test_solver_expert_finds_the_exactly_best_card_a_play_out_misses() -> None:
    """Two-hand once the stock is gone: every card is in view (the seat knows the other
    hand), so the exact value of each card is known. Here one card is best by 6 trick
    points or more; the solver Expert plays it, the Expert finishing its deals by a
    play-out (and `best_line` for the last two cards) does not."""
    view = _two_hand_ending()
    state = _state_of(view)
    values = card_values(state)
    best = max(values.values())
    assert sorted(values.values())[-2] <= best - 6  # one card clearly best
    new = ExpertBot(1, samples=4, endgame=4).choose(view)  # exact from 4 cards
    assert isinstance(new, Play)
    assert values[new.card] == best
    for old in (ExpertBot(1, samples=4, solver=False), ExpertBot(1, samples=4, endgame=0)):
        played = old.choose(view)
        assert isinstance(played, Play)
        assert values[played.card] < best


def _state_of(view: Observation) -> State:
    """The one deal the two-hand view fits (the other hand: every card not seen)."""
    (state,) = {s.hands: s for s in sample_states(view, random.Random(0), 3)}.values()
    return state


def test_exact_depth_by_profile() -> None:
    """The default depth: `EXACT` by deck and players, `EXACT_OTHER` for the others."""
    assert exact_depth(load_variant("pinochlerun")) == EXACT[(DeckKind.SINGLE, 4)]
    assert exact_depth(load_variant("pinochlerun-double-deck")) == EXACT[(DeckKind.DOUBLE, 4)]
    assert all(depth >= 2 for depth in [*EXACT.values(), EXACT_OTHER])
