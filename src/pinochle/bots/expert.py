"""Expert: tries every legal card on sampled deals of the unseen cards (rules.md 17).

Before each card it deals the cards it cannot see 24 times with `pinochle.sample_states`
(consistent with everything its seat knows: its hand, the meld shown, the cards passed to
it, the cards played, the voids and ceilings revealed by play), plays each legal card in
each imagined deal, finishes the hand with a quick full-information policy, and plays the
card whose settled hand scores best on average for its side. The same deals are used for
every card, so the comparison is not blurred by the luck of the sampling.

Its other decisions (bids, trump, passing, burying, the two-hand meld turn) are Hard's.
"""

from __future__ import annotations

import statistics

from pinochle import Action, Observation, Phase, Play, sample_states
from pinochle.bots.base import Bot
from pinochle.bots.heuristic import HardBot
from pinochle.bots.rollout import play_out, sides

__all__ = ["ExpertBot"]

SAMPLES = 24
"""Deals imagined per card decision (seed S1: "24 imagined deals")."""


class ExpertBot(Bot):
    """Expert: the card that scores best on average over sampled deals.

    Args:
        seed: Seeds the sampling (and Hard's choices for the other decisions).
        samples: Deals imagined per card decision.
    """

    level = "expert"

    def __init__(self, seed: int | None = None, samples: int = SAMPLES) -> None:
        super().__init__(seed)
        self.samples = samples
        self._hard = HardBot(seed)

    def choose(self, observation: Observation) -> Action:
        """Sample deals for a card to play; otherwise decide as Hard does."""
        actions = observation.legal_actions
        if observation.phase is not Phase.TRICKS:
            return self._hard.choose(observation)
        if len(actions) == 1:
            return actions[0]
        worlds = list(sample_states(observation, self.rng, self.samples))
        side = sides(worlds[0])[observation.seat]
        best, best_score = actions[0], float("-inf")
        for action in actions:
            assert isinstance(action, Play)
            score = statistics.fmean(play_out(world, action.card, side) for world in worlds)
            if score > best_score:
                best, best_score = action, score
        return best
