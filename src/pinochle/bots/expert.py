"""Expert: tries every legal card on sampled deals of the unseen cards (S1's Expert).

Before each card it deals the cards it cannot see 48 times with `pinochle.sample_states`
(consistent with everything its seat knows: its hand, the meld shown, the cards passed to
it, the cards played, the voids and ceilings revealed by play), plays each legal card in
each imagined deal, finishes the hand with a quick full-information policy, and plays the
card whose settled hand scores best on average for its side. The same deals are used for
every card, so the comparison is not blurred by the luck of the sampling.

In the auction of a single-deck game it bids with the same sampling: in each imagined deal
it takes the contract at the lowest legal bid, lets Hard name trump, pass, return and bury
for every seat, plays the tricks out, and counts its side's meld and trick points; it bids
while the lowest legal bid is at most the median of those values. (In double-deck games
the sampled estimate bid worse than Hard's judgement in the arena, so there it bids as Hard
does; see docs/bots.md.) Its other decisions are Hard's.
"""

from __future__ import annotations

import math
import random
import statistics

import attrs

from pinochle import (
    Action,
    Bid,
    DeckKind,
    Observation,
    Outcome,
    Pass,
    Phase,
    Play,
    PlayOn,
    State,
    apply,
    card_points,
    deck_points,
    legal_actions,
    observe,
    sample_states,
    settle_play,
)
from pinochle.bots.base import Bot
from pinochle.bots.bidding import MARGIN, estimates, lowest_bid
from pinochle.bots.heuristic import HardBot
from pinochle.bots.rollout import Settlements, _list_tricks, margin, sides

__all__ = [
    "AUCTION_SPREAD",
    "BID_QUANTILE",
    "PASSING_QUANTILE",
    "REACH",
    "SAMPLES",
    "Contract",
    "ExpertBot",
    "auction_weight",
    "contract_values",
    "contracts",
]

SAMPLES = 48
"""Deals imagined per decision.

S1's Expert imagines 24; once the play-outs and the sampler became faster, 48 deals cost
less time than 24 did before, and beat the 24-deal Expert in the arena (docs/bots.md).
"""

BID_QUANTILE = 0.5
"""Without passing, Expert bids while the lowest legal bid is at most this quantile of its
sampled values."""

PASSING_QUANTILE = 0.5
"""With passing, the weighted quantile of the sampled values the lowest bid must not exceed."""

REACH = 0.9
"""With passing, the weighted share of sampled deals in which the bid must be within reach:
at most the side's meld after the pass plus every trick point."""

COMPARE = True
"""With passing, over the other side's bid: compare taking the contract with passing."""

AUCTION_SPREAD = 0.1
"""How softly the auction weighs a sampled deal, as a share of the deck's trick points
(`auction_weight`)."""


class ExpertBot(Bot):
    """Expert: the card (and, single deck, the bid) that does best over sampled deals.

    Args:
        seed: Seeds the sampling (and Hard's choices for the other decisions).
        samples: Deals imagined per decision.
    """

    level = "expert"

    def __init__(self, seed: int | None = None, samples: int = SAMPLES) -> None:
        super().__init__(seed)
        self.samples = samples
        self._hard = HardBot(seed)
        self._others = HardBot(seed)  # plays every seat of the imagined deals

    def choose(self, observation: Observation) -> Action:
        """Sample deals for a card or a bid; otherwise decide as Hard does."""
        if observation.phase is Phase.TRICKS:
            return self._card(observation)
        if observation.phase is Phase.AUCTION:
            bid = self._bid(observation)
            if bid is not None:
                return bid
        return self._hard.choose(observation)

    def _card(self, observation: Observation) -> Action:
        actions = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        worlds = list(sample_states(observation, self.rng, self.samples))
        side = sides(worlds[0])[observation.seat]
        outcomes = Settlements()
        best, best_score = actions[0], float("-inf")
        for action in actions:
            assert isinstance(action, Play)
            card = action.card
            score = statistics.fmean(outcomes.play_out(world, card, side) for world in worlds)
            if score > best_score:
                best, best_score = action, score
        return best

    def _bid(self, observation: Observation) -> Action | None:
        """Bid the lowest legal amount if the sampled deals support it, else pass.

        None leaves the decision to Hard: double deck, a forced bid, or a partner holding
        the bid (Hard does not outbid its partner without good reason).
        """
        legal = observation.legal_actions
        lowest = lowest_bid(legal)
        variant = observation.variant
        partner = (observation.seat + 2) % 4 if variant.deal.partnerships else None
        if (
            variant.deal.deck is not DeckKind.SINGLE
            or lowest is None
            or not isinstance(legal[0], Pass)
            or (partner is not None and observation.bidder == partner)
        ):
            return None
        passing = variant.passing.cards > 0
        weigh = passing and AUCTION_SPREAD > 0
        found = contracts(
            observation, self.rng, self.samples, self._others, weigh=weigh, compare=passing
        )
        if not passing:  # as measured before: the contracts lost before play left out
            found = [c for c in found if not c.lost]
        if len(found) < self.samples // 3:
            return None  # the imagined auctions rarely came to it: no judgement
        return lowest if self._supports(observation, found, lowest.amount) else legal[0]

    def _supports(self, observation: Observation, found: list[Contract], amount: int) -> bool:
        """Whether the imagined contracts support bidding ``amount``.

        Without passing: the `BID_QUANTILE` of the values is at least the amount. With
        passing, over the other side's bid: the mean margin of taking the contract (a set
        or a contract out of reach loses the bid) is at least that of passing and letting
        the other side keep its bid, in the same deals. Otherwise (opening) the
        `PASSING_QUANTILE` of the values, counting the contracts out of reach, is at least
        the amount, and the bid is within reach (meld after the pass plus every trick point)
        in `REACH` of the deals.
        """
        variant = observation.variant
        if not variant.passing.cards:
            return _quantile([(c.value, 1.0) for c in found], BID_QUANTILE) >= amount
        weights = [c.weight for c in found]
        if sum(weights) <= 0.0:  # no deal fits the auction: judge them all alike
            weights = [1.0] * len(found)
        pairs = [(c, w) for c, w in zip(found, weights, strict=True) if c.passed is not None]
        if COMPARE and len(pairs) >= self.samples // 3:
            total = sum(w for _, w in pairs)
            taken = sum(c.margin * w for c, w in pairs) / total
            passed = sum((c.passed or 0.0) * w for c, w in pairs) / total
            return taken >= passed
        values = [(c.value, w) for c, w in zip(found, weights, strict=True)]
        if _quantile(values, PASSING_QUANTILE) < amount:
            return False
        points = deck_points(variant)
        reach = sum(w for c, w in zip(found, weights, strict=True) if c.meld + points >= amount)
        return reach >= REACH * sum(weights)


def _quantile(values: list[tuple[float, float]], q: float) -> float:
    """The weighted ``q`` quantile of (value, weight) pairs (the lower one at a tie)."""
    ordered = sorted(values)
    total = sum(w for _, w in ordered)
    below = 0.0
    for value, weight in ordered:
        below += weight
        if below >= q * total - 1e-12:
            return value
    return ordered[-1][0]


@attrs.frozen
class Contract:
    """One imagined deal in which the seat won the bid (see `contracts`).

    Attributes:
        meld: The seat's side's meld after the pass (a hand won on meld: its meld).
        value: The side's meld plus trick points (a hand won on meld: the meld).
        weight: How well the deal fits the auction so far (1 when it is not weighed).
        lost: The contract was lost before play (out of reach, or no marriage): its value
            is below the bid.
        margin: The side's margin for the hand (its score less the other sides' mean).
        passed: The side's margin in the same deal had it passed and the other side kept
            its bid (None when not played: see `contracts`).
    """

    meld: float
    value: float
    weight: float = 1.0
    lost: bool = False
    margin: float = 0.0
    passed: float | None = None


def contract_values(
    observation: Observation, rng: random.Random, samples: int, player: Bot
) -> list[float]:
    """The seat's side's meld plus trick points, in sampled deals where it wins the bid.

    In each deal the seat bids the lowest legal amount and everyone else passes; ``player``
    then makes every other decision (trump, passing, burying) for every seat, the bidder
    plays on (and the opponents too), and the tricks are played out quickly. Deals where the
    auction does not come to the seat (another must bid) or the hand ends before play are
    left out, except a hand won on meld alone (``settlement.meld_makes_bid``): its value
    is the meld.
    """
    found = contracts(observation, rng, samples, player, weigh=False)
    return [c.value for c in found]


def contracts(
    observation: Observation,
    rng: random.Random,
    samples: int,
    player: Bot,
    *,
    weigh: bool = False,
    compare: bool = False,
) -> list[Contract]:
    """As `contract_values`, with each deal's meld after the pass, margins and weight.

    Contracts lost before play (out of reach) are kept, with a value below the bid. With
    ``compare``, when the other side holds the bid, each deal is also played with the seat
    passing and the other side keeping its contract (`Contract.passed`). With ``weigh``
    each deal is weighted by how likely the other seats' hands in it were to make the
    auction so far (`auction_weight`).
    """
    seat = observation.seat
    holder = observation.bidder
    against = compare and holder is not None and not _same_side(observation, holder)
    found: list[Contract] = []
    for world in sample_states(observation, rng, samples):
        weight = auction_weight(observation, world) if weigh else 1.0
        state = _as_bidder(world, seat)
        if state is None:
            continue
        meld, value, mine, lost = _finish(state, player, seat)
        passed = None
        if against:  # everyone passes: the other side keeps its contract
            kept = _as_bidder(world, None)
            if kept is not None:
                passed = _finish(kept, player, seat)[2]
        found.append(Contract(meld, value, weight, lost, mine, passed))
    return found


def _same_side(observation: Observation, seat: int) -> bool:
    if observation.variant.deal.partnerships:
        return seat % 2 == observation.seat % 2
    return seat == observation.seat


def _finish(state: State, player: Bot, seat: int) -> tuple[float, float, float, bool]:
    """Play an imagined hand from its contract to the end.

    Returns the seat's side's meld, its meld plus trick points (below the bid when the
    contract was lost before play), its margin (`pinochle.bots.rollout.margin`), and
    whether its own contract was lost before play.
    """
    settled = len(state.results)
    while state.phase is not Phase.TRICKS and len(state.results) == settled:
        acting = state.to_act
        assert acting is not None
        if state.phase in (Phase.THROW_IN, Phase.CONCEDE):
            state = apply(state, PlayOn())
        else:
            state = apply(state, player.choose(observe(state, acting)))
    side = state.side_of(seat)
    if len(state.results) != settled:  # settled before play: won on meld, or lost
        result = state.results[-1]
        meld = float(result.sides[side].meld)
        made = result.outcome is Outcome.MADE_ON_MELD or result.bidder != side
        value = meld if made else min(meld, result.bid - 1.0)
        return meld, value, margin(result.scores, side), not made
    mine = sides(state)
    meld = sum(m.total for s, m in enumerate(state.hand.melds) if m is not None and mine[s] == side)
    points, won, counters = _list_tricks(state, None)
    scores = settle_play(state, points, won, counters).scores
    hand, variant = state.hand, state.variant
    if hand.bidder is not None and hand.buried and variant.kitty.buried_count:
        points[mine[hand.bidder]] += card_points(hand.buried, variant)
    return meld, meld + points[side], margin(scores, side), False


def auction_weight(observation: Observation, world: State) -> float:
    """How likely the other seats' hands in ``world`` were to bid and pass as they did.

    Each other seat's hand is valued as Hard values a hand in the auction
    (`pinochle.bots.bidding.hand_value`'s estimate less Hard's margin); a pass when the
    lowest bid was L has likelihood ``sigmoid((L - value) / spread)``, a bid of A
    ``sigmoid((value - A) / spread)``, with the spread `AUCTION_SPREAD` of the deck's trick
    points (the other players need not bid as Hard does). A dealer forced to bid tells
    nothing.
    """
    variant = observation.variant
    spread = AUCTION_SPREAD * deck_points(variant)
    margin = MARGIN * deck_points(variant)
    passing = variant.passing.cards > 0
    values: dict[int, float] = {}
    weight, high, passes = 1.0, None, 0
    for seat, action in observation.auction:
        if seat != observation.seat:
            if seat not in values:
                found = estimates(world.hands[seat], variant, before_passing=passing)
                best = max((e.total for e in found.values()), default=0.0)
                values[seat] = best - margin
            if isinstance(action, Bid):
                forced = high is None and passes == variant.deal.players - 1
                if not forced:
                    weight *= _sigmoid((values[seat] - action.amount) / spread)
            else:
                lowest = variant.bidding.minimum if high is None else high + variant.bidding.step
                weight *= _sigmoid((lowest - values[seat]) / spread)
        if isinstance(action, Bid):
            high = action.amount
        else:
            passes += 1
    return weight


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def _as_bidder(world: State, seat: int | None) -> State | None:
    """The imagined auction: ``seat`` bids the minimum it may, everyone else passes.

    With ``seat`` None everyone passes, so the high bidder keeps the bid.
    """
    state, number, settled = world, world.hand.number, len(world.results)
    while state.phase is Phase.AUCTION:
        actions = legal_actions(state)
        bid = lowest_bid(actions)
        if state.to_act == seat and bid is not None:
            action: Action = bid
        elif state.to_act != seat and isinstance(actions[0], Pass):
            action = actions[0]
        else:
            return None  # another seat is forced to bid, or the seat can bid no higher
        state = apply(state, action)
        if state.hand.number != number:
            return None
    if len(state.results) != settled or (seat is not None and state.hand.bidder != seat):
        return None
    return state
