"""Expert's sampled bid against the rules of the contract it bids for (issue 18).

Pagat's partnership game (rules/passing-and-kitty#passing): after trump is
named the bidder's partner passes four cards and the bidder returns four. A contract above
the side's meld plus every trick point (250 on the tens scale) is out of reach: "the hand
is not played; bidders lose the bid" (rules/settlement#out-of-reach; S0's
example: bid 40, meld 12 -> 37 < 40 -> -40). Expert's imagined contracts must
count those deals as lost, not leave them out: leaving them out kept only the deals where
the pass brought the missing meld, and Expert bid 350-440 on hands that melded 20-110.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pinochle import (
    Bid,
    Card,
    Pass,
    Phase,
    State,
    apply,
    bid_limit,
    deck_points,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    observe,
    parse_cards,
)
from pinochle.bots import ExpertBot, HardBot
from pinochle.bots.expert import contracts

_PAGAT = load_variant("pagat-partnership")


def _deal(mine: str) -> list[list[Card]]:
    """Seat 2 holds ``mine``; the other 36 cards are shuffled among the other seats."""
    cards = list(parse_cards(mine))
    rest = list((Counter(make_deck("single")) - Counter(cards)).elements())
    random.Random(5).shuffle(rest)
    return [rest[0:12], rest[12:24], cards, rest[24:36]]


def _over(mine: str, bid: int) -> State:
    """Seat 1 (an opponent of seat 2) opens at ``bid``; seat 2 is to speak."""
    state = new_game(_PAGAT, seed=1, hands=_deal(mine))
    assert state.to_act == 1
    return apply(state, Bid(bid))


# Little meld of its own: the pass cannot bring a 250-point meld, so high bids are out
# of reach in most deals.
_WEAK = "9C JC 9D JD QD 9H JH QH 9S 9S JS KC"
# Three cards of a spade run, the other aces and a few counters: a run needs the partner's
# jack of spades.
_RUN_HOPE = "AS TS KS QS AH AD AC 9S TH KD QC 9C"


@pytest.mark.parametrize(("hand", "bid"), [(_WEAK, 400), (_WEAK, 450), (_RUN_HOPE, 450)])
def test_imagined_contracts_out_of_reach_count_as_lost(hand: str, bid: int) -> None:
    """A contract lost before play is one whose amount exceeds the meld plus 250."""
    view = observe(_over(hand, bid), 2)
    found = contracts(view, random.Random(3), 24, HardBot(seed=1))
    assert len(found) == 24  # every imagined auction comes to seat 2: nobody is forced
    amount = bid + _PAGAT.bidding.step
    for contract in found:
        out_of_reach = amount > contract.meld + deck_points(_PAGAT)
        assert contract.lost == out_of_reach
        if contract.lost:
            assert contract.value < amount  # a failure, whatever its meld


@pytest.mark.parametrize(("hand", "bid"), [(_WEAK, 400), (_WEAK, 450), (_RUN_HOPE, 500)])
def test_expert_passes_a_bid_out_of_reach_in_most_deals(hand: str, bid: int) -> None:
    """Over a bid that at least half the passes leave out of reach, Expert passes."""
    view = observe(_over(hand, bid), 2)
    found = contracts(view, random.Random(3), 24, HardBot(seed=1))
    amount = bid + _PAGAT.bidding.step
    reach = sum(c.meld + deck_points(_PAGAT) >= amount for c in found)
    assert reach <= len(found) / 2  # the premise: out of reach in half the deals or more
    assert ExpertBot(seed=2, samples=24).choose(view) == Pass()


def test_the_deals_the_pass_completes_are_no_ground_for_the_bid() -> None:
    """At 510 the run hope needs the partner's jack of spades (a run, 150) or more meld.

    In the deals where the pass brings it, the contract is worth more than 510; leaving the
    other deals out (the former bid) made the median of the rest support the bid.
    """
    view = observe(_over(_RUN_HOPE, 500), 2)
    found = contracts(view, random.Random(3), 24, HardBot(seed=1))
    played = sorted(c.value for c in found if not c.lost)
    assert played[(len(played) - 1) // 2] >= 510  # the median without the lost deals
    assert ExpertBot(seed=2, samples=24).choose(view) == Pass()


@pytest.mark.parametrize("name", ["pagat-partnership", "pinochlerun"])
def test_expert_never_bids_above_the_bid_limit(name: str) -> None:
    """Expert bids only legal amounts: never above `pinochle.bid_limit`
    (rules/auction#choice-s1-step-and-maximum)."""
    variant = load_variant(name)
    for seed in range(3):
        state = new_game(variant, seed=seed)
        bots = [ExpertBot(seed=seat, samples=8) for seat in range(4)]
        while state.phase is Phase.AUCTION:
            seat = state.to_act
            assert seat is not None
            action = bots[seat].choose(observe(state, seat))
            assert action in legal_actions(state)
            if isinstance(action, Bid):
                assert action.amount <= bid_limit(variant)
            state = apply(state, action)
