"""Expert: tries every legal card on sampled deals of the unseen cards (S1's Expert).

Before each card it deals the cards it cannot see many times (`SAMPLES`: 30 on a single
deck, 52 on a double) with `pinochle.sample_states` (consistent with everything its seat
knows: its hand, the meld shown, the cards passed to it, the cards played, the voids and
ceilings revealed by play), plays each legal card in each imagined deal, finishes the hand
with a full-information policy (`PLAYOUT`: Hard's rules of thumb on a single deck, a
quicker policy on a double), and plays the card whose settled hand scores best on average
for its side. The same deals are used for
every card, so the comparison is not blurred by the luck of the sampling. Once its hand is
down to the profile's `EXACT` cards (3 on the built-in tables), each card is valued on each
imagined deal by the exact solver instead (`pinochle.analysis`: every seat plays its best
card, hands in view), and the hand settled on those trick points (`ExactSettlements`).
With ``solver=False`` it plays as before the solver: the deals are played out and the last
two cards finished along `pinochle.bots.search.best_line`.

In the auction of a single-deck game it bids with the same sampling: in each imagined deal
it takes the contract at the lowest legal bid, lets Hard name trump, pass, return and bury
for every seat, plays the tricks out, and counts its side's meld and trick points; it bids
while the lowest legal bid is at most the median of those values. Where partners pass
cards, a deal whose contract ends out of reach after the pass counts as a lost contract
(its value below the bid), so a bid that only a lucky pass makes is not taken on. (In
double-deck games
the sampled estimate bid worse than Hard's judgement in the arena, so there it bids as Hard
does; see docs/bots.md.) Its other decisions are Hard's.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

import attrs

from pinochle import (
    Action,
    ArgumentError,
    Card,
    DeckKind,
    Observation,
    Outcome,
    Pass,
    Phase,
    Play,
    PlayOn,
    Rank,
    State,
    Variant,
    apply,
    card_points,
    deck_points,
    legal_actions,
    observe,
    sample_states,
    trick_winner,
)
from pinochle.analysis import card_solutions, card_values
from pinochle.bots.base import Bot
from pinochle.bots.bidding import lowest_bid
from pinochle.bots.heuristic import HardBot
from pinochle.bots.rollout import Settlements, _called, margin, played_out, sides
from pinochle.bots.search import PlayoutSettlements

__all__ = [
    "BID_QUANTILE",
    "ENDGAME",
    "EXACT",
    "PLAYOUT",
    "REACH",
    "SAMPLES",
    "Contract",
    "ExpertBot",
    "contract_values",
    "contracts",
    "exact_depth",
]

SAMPLES: Final[Mapping[DeckKind, int]] = MappingProxyType(
    {
        DeckKind.SINGLE: 30,
        DeckKind.DOUBLE: 52,
        DeckKind.DOUBLE_NINES: 24,
        DeckKind.TRIPLE: 24,
        DeckKind.ONE_AND_A_HALF: 24,
        DeckKind.ONE_AND_A_HALF_NINES: 24,
    }
)
"""Deals imagined per decision, by deck, unless a bot is given its own number.

S1's Expert imagines 24. Once the play-outs and the sampler became faster, these numbers
(with the play-out below and the endgame search) cost no more time than 24 did before and
beat S1's Expert in the arena: on pinochlerun with 30 deals played out by Hard's rules,
on the double deck with 52 quick play-outs (docs/bots.md). The six- and eight-hand decks
(96 and 120 cards) and the decks of one and a half packs (60 and 72) imagine 24, S1's
number, with quick play-outs: not measured.
"""

PLAYOUT: Final[Mapping[DeckKind, str]] = MappingProxyType(
    {
        DeckKind.SINGLE: "hard",
        DeckKind.DOUBLE: "quick",
        DeckKind.DOUBLE_NINES: "quick",
        DeckKind.TRIPLE: "quick",
        DeckKind.ONE_AND_A_HALF: "quick",
        DeckKind.ONE_AND_A_HALF_NINES: "quick",
    }
)
"""How the imagined deals are played out, by deck, unless a bot is given its own: "quick"
(`pinochle.bots.rollout.quick_card`, S1's Expert) or "hard"
(`pinochle.bots.search.card_tricks`: Hard's rules of thumb with every hand in view; about
1.7 times the cost of a quick play-out; with 30 deals it beat S1's Expert on pinochlerun
but not on the double deck, where 52 quick play-outs did, docs/bots.md)."""

ENDGAME = 2
"""Without the solver (``solver=False``): from this many cards in hand on, the imagined
deals are finished along a best line (`pinochle.bots.search.best_line`, plain alpha-beta)
instead of by the play-out; 0: never. (The Expert before the exact solver.)"""

EXACT: Final[Mapping[tuple[DeckKind, int], int]] = MappingProxyType(
    {
        (DeckKind.SINGLE, 4): 3,
        (DeckKind.DOUBLE, 4): 3,
        (DeckKind.SINGLE, 3): 3,
        (DeckKind.SINGLE, 2): 3,
    }
)
"""With the solver (the default): from how many cards in hand on each candidate card is
valued by the exact solver (`pinochle.analysis`) on every imagined deal instead of by a
play-out, by deck and players dealt in; a profile not listed uses `EXACT_OTHER`. Chosen
so that Expert's median time a card decision stays at most what it was before the solver
(``benchmarks/expert_decisions.py``, docs/bots.md): from 4 cards it was 1.015-1.036 times
that median on pinochlerun and its double deck, from 3 cards 1.000-1.005. (Three- and
two-hand: 3 as well, not measured.)"""

EXACT_OTHER = 3
"""The exact-search depth of a profile `EXACT` does not list."""

BID_QUANTILE = 0.5
"""Expert bids while the lowest legal bid is at most this quantile of its sampled values."""

REACH = 0.0
"""With passing, the share of sampled deals in which the bid must also be within reach (at
most the side's meld after the pass plus every trick point); 0 asks nothing more than the
quantile. (0.9 and 0.75 were measured: see docs/bots.md.)"""


class ExpertBot(Bot):
    """Expert: the card (and, single deck, the bid) that does best over sampled deals.

    Args:
        seed: Seeds the sampling (and Hard's choices for the other decisions).
        samples: Deals imagined per decision (default: `SAMPLES` for the profile's deck).
        playout: How the imagined deals are played out: "quick" or "hard" (default:
            `PLAYOUT` for the profile's deck).
        endgame: From this many cards in hand on, value each card exactly (default: the
            profile's `EXACT` depth with the solver, `ENDGAME` without); 0 never
            searches. Each card more multiplies the search's cost.
        solver: Search with the exact solver (`pinochle.analysis`): each candidate card
            is valued on each imagined deal by best play from there. False: the former
            search, each imagined deal played out to its last ``endgame`` cards and
            finished along a `pinochle.bots.search.best_line` (the Expert before the
            solver, ``ExpertBot(seed, solver=False)``).

    Raises:
        ArgumentError: ``samples`` is not a whole number of at least 1, ``playout`` is
            neither "quick" nor "hard", ``endgame`` is not a whole number of at least 0,
            or ``solver`` is not a bool.

    ``ExpertBot(seed, samples=24, playout="quick", endgame=0)`` chooses exactly as S1's
    Expert did before this library's speed and strength work (tests/test_bots_frozen.py).
    """

    level = "expert"

    def __init__(
        self,
        seed: int | None = None,
        samples: int | None = None,
        *,
        playout: str | None = None,
        endgame: int | None = None,
        solver: bool = True,
    ) -> None:
        if samples is not None and (type(samples) is not int or samples < 1):
            raise ArgumentError("samples", "a whole number of deals, at least 1", samples)
        if playout is not None and playout not in ("quick", "hard"):
            raise ArgumentError("playout", "'quick' or 'hard'", playout)
        if endgame is not None and (type(endgame) is not int or endgame < 0):
            raise ArgumentError("endgame", "a whole number of cards, at least 0", endgame)
        if type(solver) is not bool:
            raise ArgumentError("solver", "True or False", solver)
        super().__init__(seed)
        self.samples = samples
        self.playout = playout
        self.endgame = endgame
        self.solver = solver
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
        deck = observation.variant.deal.deck
        samples = self.samples or SAMPLES[deck]
        worlds = list(sample_states(observation, self.rng, samples))
        side = sides(worlds[0])[observation.seat]
        depth = self.endgame
        if self.solver:
            if depth is None:
                depth = exact_depth(observation.variant)
            if len(observation.hand) <= depth and all(not w.hand.stock for w in worlds):
                return self._exact_card(actions, worlds, side)
        outcomes: Settlements
        if depth is None:
            depth = ENDGAME
        if len(observation.hand) <= depth:  # the last tricks: searched exactly
            outcomes = PlayoutSettlements(depth)
        elif (self.playout or PLAYOUT[deck]) == "quick":
            outcomes = Settlements()
        else:
            outcomes = PlayoutSettlements()
        best, best_score = actions[0], float("-inf")
        for action in actions:
            assert isinstance(action, Play)
            card = action.card
            score = statistics.fmean(outcomes.play_out(world, card, side) for world in worlds)
            if score > best_score:
                best, best_score = action, score
        return best

    def _exact_card(self, actions: Sequence[Action], worlds: list[State], side: int) -> Action:
        """The card whose exact value, settled, is best on average over the deals.

        One solver search a distinct deal values every candidate card (its table is
        shared); deals that repeat (late in the hand few fit what the seat knows) are
        searched once.
        """
        cards = []
        for action in actions:
            assert isinstance(action, Play)
            cards.append(action.card)
        exact = ExactSettlements()
        totals = [0.0] * len(cards)
        for world in worlds:
            for i, scores in enumerate(exact.scores_of(world, cards)):
                totals[i] += margin(scores, side)
        best = max(range(len(cards)), key=lambda i: (totals[i], -i))  # the first of equals
        return actions[best]

    def _bid(self, observation: Observation) -> Action | None:
        """Bid the lowest legal amount if the sampled deals support it, else pass.

        None leaves the decision to Hard: double deck, a forced bid, or a partner holding
        the bid (Hard does not outbid its partner without good reason).
        """
        legal = observation.legal_actions
        lowest = lowest_bid(legal)
        variant = observation.variant
        bidder, seat = observation.bidder, observation.seat
        partner_bid = (
            variant.deal.partnerships
            and bidder is not None
            and bidder != seat
            and observation.side_of(bidder) == observation.side_of(seat)
        )
        if (
            variant.deal.deck is not DeckKind.SINGLE
            or lowest is None
            or not isinstance(legal[0], Pass)
            or partner_bid
        ):
            return None
        samples = self.samples or SAMPLES[variant.deal.deck]
        found = contracts(observation, self.rng, samples, self._others)
        if not variant.passing.cards:  # as measured before: the contracts lost left out
            found = [c for c in found if not c.lost]
        if len(found) < samples // 3:
            return None  # the imagined auctions rarely came to it: no judgement
        return lowest if self._supports(observation, found, lowest.amount) else legal[0]

    def _supports(self, observation: Observation, found: list[Contract], amount: int) -> bool:
        """Whether the imagined contracts support bidding ``amount``.

        The `BID_QUANTILE` of their values must be at least the amount; with passing, the
        contracts lost before play count (below the bid), and the amount must be within
        reach in `REACH` of the deals.
        """
        values = sorted(c.value for c in found)
        if values[int(BID_QUANTILE * (len(values) - 1))] < amount:
            return False
        variant = observation.variant
        if not variant.passing.cards:
            return True
        points = deck_points(variant)
        reach = sum(c.meld + points >= amount for c in found)
        return reach >= REACH * len(found)


def exact_depth(variant: Variant) -> int:
    """From how many cards in hand on Expert values its cards exactly (`EXACT`)."""
    return EXACT.get((variant.deal.deck, variant.deal.players), EXACT_OTHER)


_COUNTER = Rank.KING  # kings, tens and aces are the counters (and the last trick)


class ExactSettlements(Settlements):
    """Candidate cards valued by the exact solver on sampled deals, settled as a play-out.

    For one deal, `scores_of` plays each candidate card in a solver search
    (`pinochle.analysis`: one search a deal, its table shared by the candidates), takes
    the exact trick points each team takes from there with best play by every seat, and
    settles the hand on them as a play-out's totals are settled (`Settlements.settle`:
    the bid made or set, the meld saved or lost). Use one instance per observation.

    The solver counts points, not tricks or counters, and sees two teams. When every
    side of the hand has already taken a trick and a counter and the hand has two sides
    (two hands, partnerships), the totals are each team's exact points. Otherwise (three
    or more sides, three-hand cutthroat; or a side still without a trick or a counter,
    where saving its meld may turn on it) the solver's best line is played out from
    there: each side's points, tricks and counters are those of that line (the bidder's
    points are exact; how the defenders share theirs is that line's, which best play
    does not decide).
    """

    def __init__(self) -> None:
        super().__init__()
        self._deals: dict[tuple[object, ...], list[tuple[int, ...]]] = {}

    def scores_of(self, state: State, cards: list[Card]) -> list[tuple[int, ...]]:
        """Each side's score for the hand after each of ``cards``, with best play after.

        ``state`` is a sampled deal in trick play (the stock gone), ``cards`` the seat to
        act's legal cards.
        """
        key = (state.hands, state.trick, tuple(cards))
        found = self._deals.get(key)
        if found is None:
            found = self._deals[key] = self._solve(state, cards)
        return found

    def _solve(self, state: State, cards: list[Card]) -> list[tuple[int, ...]]:
        seat = state.to_act
        assert seat is not None
        playing = set(sides(state))
        simple = len(playing) == 2 and all(
            state.tricks_won[s] > 0 and state.counters[s] for s in playing
        )
        found = []
        if simple:
            values = card_values(state)  # the seat's side's points from here
            mine = state.side_of(seat)
            other = next(s for s in playing if s != mine)
            left = _points_left(state)
            for card in cards:
                points = list(state.points)
                points[mine] += values[card]
                points[other] += left - values[card]
                found.append(
                    self.settle(state, points, list(state.tricks_won), list(state.counters))
                )
            return found
        solutions = card_solutions(state)
        for card in cards:
            points, won, counters, partner = _line_totals(state, solutions[card].line)
            found.append(self.settle(state, points, won, counters, partner))
        return found


def _points_left(state: State) -> int:
    """The trick points still to take: the hands', the trick's and the last trick's bonus."""
    variant = state.variant
    cards = [card for hand in state.hands for card in hand] + [card for _, card in state.trick]
    return card_points(cards, variant) + variant.counting.last_trick


def _line_totals(
    state: State, line: tuple[Card, ...]
) -> tuple[list[int], list[int], list[bool], int | None]:
    """Each side's trick points, tricks and counters once ``line`` is played from ``state``.

    Also the called partner the line revealed (five hands: the first seat other than the
    bidder to play the called card while the partner is unknown), else None.
    """
    variant, trump = state.variant, state.hand.trump
    called, bidder = _called(state)
    partner = None
    players = variant.deal.players
    points, won = list(state.points), list(state.tricks_won)
    counters = list(state.counters)
    trick = list(state.trick)
    seat = state.to_act or 0
    left = sum(len(cards) for cards in state.hands)
    for card in line:
        if card.index == called and seat != bidder:  # the partner shows
            partner, called = seat, -1
        trick.append((seat, card))
        left -= 1
        seat = (seat + 1) % players
        if len(trick) == players:
            played = [c for _, c in trick]
            winner = trick[trick_winner(played, trump)][0]
            side = state.side_of(winner)
            points[side] += card_points(played, variant)
            won[side] += 1
            if not left:
                points[side] += variant.counting.last_trick
                counters[side] = True
            elif any(c.rank >= _COUNTER for c in played):
                counters[side] = True
            trick, seat = [], winner
    return points, won, counters, partner


@attrs.frozen
class Contract:
    """One imagined deal in which the seat won the bid (see `contracts`).

    Attributes:
        meld: The seat's side's meld after the pass (a hand won on meld: its meld).
        value: The side's meld plus trick points (a hand won on meld: the meld).
        lost: The contract was lost before play (out of reach after the pass, or no
            marriage): its value is below the bid.
    """

    meld: float
    value: float
    lost: bool = False


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
    return [c.value for c in contracts(observation, rng, samples, player) if not c.lost]


def contracts(
    observation: Observation, rng: random.Random, samples: int, player: Bot
) -> list[Contract]:
    """The seat's contracts at the lowest legal bid in sampled deals, as `contract_values`.

    Each with its side's meld after the pass; a contract lost before play (out of reach:
    the bid above the meld plus every trick point) is kept, marked lost, with a value
    below the bid.
    """
    seat = observation.seat
    found: list[Contract] = []
    for world in sample_states(observation, rng, samples):
        state = _as_bidder(world, seat)
        if state is None:
            continue
        settled = len(state.results)
        while state.phase is not Phase.TRICKS and len(state.results) == settled:
            acting = state.to_act
            assert acting is not None
            if state.phase in (Phase.THROW_IN, Phase.CONCEDE, Phase.MOON):
                state = apply(state, PlayOn())
            else:
                state = apply(state, player.choose(observe(state, acting)))
        if len(state.results) != settled:  # settled before play: won on meld, or lost
            result = state.results[-1]  # the seat's side bid: `result.bidder`
            meld = float(result.sides[result.bidder or 0].meld)
            if result.outcome is Outcome.MADE_ON_MELD:  # the meld alone makes the bid
                found.append(Contract(meld, meld))
            else:  # out of reach (or no marriage): the bid is lost
                found.append(Contract(meld, min(meld, result.bid - 1.0), lost=True))
            continue
        mine = list(sides(state))
        side = mine[seat]
        points, partner = played_out(state)
        tricks = points[side]
        if partner is None:
            partner = state.hand.partner
        if partner is not None:  # five hands: the called partner's meld and points count too
            tricks += points[mine[partner]]
            mine[partner] = side
        meld = sum(
            m.total for s, m in enumerate(state.hand.melds) if m is not None and mine[s] == side
        )
        found.append(Contract(meld, meld + tricks))
    return found


def _as_bidder(world: State, seat: int) -> State | None:
    """The imagined auction: ``seat`` bids the minimum it may, everyone else passes."""
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
    return state if state.hand.bidder == seat and len(state.results) == settled else None
