"""Easy, Medium and Hard: rule-of-thumb players (S1's computer levels).

Each level answers every decision of a hand from its observation: the auction, trump,
passing, returning, burying, throwing in, a misdeal and the two-hand meld turn come from
`pinochle.bots.bidding`, the card from `pinochle.bots.play` (with the card memory of
`pinochle.bots.memory`).

- Easy often plays any legal card, and its judgement of a hand is well off when it bids.
- Medium bids on its meld and the strength of its trumps, stops a little short of its
  estimate, and plays sensible cards without remembering which have gone.
- Hard remembers every card played and who is void, never breaks its own meld when it
  gives cards away, and does not outbid its partner without good reason.
"""

from __future__ import annotations

from pinochle import CARDS, Action, Card, Observation, Phase, Play, TurnError, deck_points
from pinochle.bots import bidding
from pinochle.bots.base import Bot
from pinochle.bots.memory import Notes
from pinochle.bots.play import play_card

__all__ = ["EasyBot", "HardBot", "MediumBot"]

_PLAYS = tuple(Play(card) for card in CARDS)  # the shared play of each card, by its index


class _Heuristic(Bot):
    """The decisions every heuristic level shares; the levels set the class attributes."""

    careful: bool = False
    """Hard's judgement in the auction and when giving cards away (see `bidding`)."""
    memory: bool = False
    """Remembers the cards played and the voids they show (Hard)."""
    misjudgement: float = 0.0
    """The spread of the error in the bidding estimate, as a share of the trick points."""
    random_play: float = 0.0
    """How often it plays any legal card instead of a chosen one."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._judged: tuple[int, tuple[Card, ...]] | None = None
        self._judgement = 0.0
        self._notes = Notes() if self.memory else None  # Hard's card memory, this bot's own

    def choose(self, observation: Observation) -> Action:
        """The level's choice among ``observation.legal_actions``.

        Raises:
            TurnError: The seat has nothing to do (it is not its turn).
        """
        legal = observation.legal_actions
        if not legal:
            raise TurnError(f"seat {observation.seat} has nothing to do: it is not its turn")
        if observation.phase is Phase.TRICKS:  # most decisions: no dispatch
            action = self._play(observation)
        else:
            action = self._decide(observation)
        return action if action in legal else legal[0]  # a guard: never an illegal action

    def _decide(self, observation: Observation) -> Action:
        phase, careful = observation.phase, self.careful
        if phase is Phase.TRICKS:
            return self._play(observation)
        if phase is Phase.AUCTION:
            error = self._error(observation)
            return bidding.choose_bid(observation, error=error, careful=careful)
        if phase is Phase.TRUMP:
            return bidding.choose_trump(observation)
        if phase is Phase.PASS:
            return bidding.choose_pass(observation, careful=careful)
        if phase is Phase.RETURN:
            return bidding.choose_return(observation, careful=careful)
        if phase is Phase.BURY:
            return bidding.choose_bury(observation, careful=careful)
        if phase is Phase.THROW_IN:
            return bidding.choose_throw_in(observation)
        if phase is Phase.CONCEDE:
            return bidding.choose_concede(observation)
        if phase is Phase.MOON:
            return bidding.choose_moon(observation)
        if phase is Phase.SHARE:
            return bidding.choose_share(observation)
        if phase is Phase.CALL:
            return bidding.choose_call(observation)
        if phase is Phase.MELD:
            return bidding.choose_meld_turn(observation)
        if phase is Phase.MISDEAL:
            return bidding.choose_misdeal(observation)
        if phase is Phase.DIX_EXCHANGE:
            return bidding.choose_turned_dix(observation)
        return observation.legal_actions[0]

    def _play(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if self.random_play and self.rng.random() < self.random_play:
            return legal[self.rng.randrange(len(legal))]
        return _PLAYS[play_card(observation, self.rng, memory=self.memory, notes=self._notes).index]

    def _error(self, observation: Observation) -> float:
        """This hand's bidding error: drawn once per hand, so the auction stays consistent."""
        if not self.misjudgement:
            return 0.0
        key = (observation.hand_number, observation.hand)
        if self._judged != key:
            spread = self.misjudgement * deck_points(observation.variant)
            self._judged, self._judgement = key, self.rng.gauss(0.0, spread)
        return self._judgement


class EasyBot(_Heuristic):
    """Easy: half its cards are any legal card, and its bidding estimate is well off.

    Otherwise it decides as Medium does. The error in its estimate has a spread of 30% of
    the deck's trick points (7.5 of 25 on the ones scale), drawn once per hand.
    """

    level = "easy"
    misjudgement = 0.3
    random_play = 0.5


class MediumBot(_Heuristic):
    """Medium: bids on its meld and trump strength, a little short; no card memory."""

    level = "medium"


class HardBot(_Heuristic):
    """Hard: card memory and voids, keeps its meld when giving cards, respects its partner."""

    level = "hard"
    careful = True
    memory = True
