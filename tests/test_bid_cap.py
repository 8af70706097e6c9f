"""The engine's bid ceiling where the rules state none (issue 12; rules/auction#minimum-and-step,
docs/profiles/index.md, rules/auction#choice-s1-step-and-maximum).

Seed S1 asks only that each bid be "more than the last bid", and docs/profiles/index.md gives no
maximum for browser-game or Pagat's partnership game. rules/auction#choice-s1-step-and-maximum lets
an engine cap the auction only where no bid can be made: the highest meld the bidding
side can hold plus every trick point. `pinochle.meld.highest_meld` computes the first part exactly.
"""

from __future__ import annotations

import functools
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle import (
    Bid,
    IllegalActionError,
    Pass,
    Suit,
    Variant,
    apply,
    bid_limit,
    deck_points,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    parse_cards,
    score_meld,
)


def highest_meld(rules: Variant, size: int) -> int:
    from pinochle.meld import highest_meld as exact  # new in issue 12

    return exact(rules, size)


@functools.cache
def _profile(name: str) -> Variant:
    return load_variant(name)


# A double run in spades (150) with both J♦: the two Q♠ J♦ make a double pinochle (30).
BEST_TWELVE = "A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ J♠ J♦ J♦"
# ... and with six more cards, every other ace: double aces around (100).
BEST_EIGHTEEN = BEST_TWELVE + " A♥ A♥ A♦ A♦ A♣ A♣"


def test_browser_game_accepts_a_double_runs_meld_as_a_bid() -> None:
    """S1: a bid must be "more than the last bid", no ceiling; a double run alone melds 150.

    The old cap (the minimum plus three times the 25 trick points: 95) refused it.
    """
    rules = _profile("browser-game")
    state = new_game(rules, seed=3)
    assert Bid(150) in legal_actions(state)
    after = apply(state, Bid(150))
    assert after.hand.bid == 150


def test_browser_game_bound_is_the_sides_best_meld_plus_every_trick_point() -> None:
    rules = _profile("browser-game")
    best = score_meld(parse_cards(BEST_TWELVE), Suit.SPADES, rules).total
    assert best == 180
    assert highest_meld(rules, 12) == best  # no twelve cards meld more
    # Partners both meld: each hand at most 180, and 25 trick points.
    assert bid_limit(rules) == 180 + 180 + deck_points(rules) == 385


def test_a_bid_above_the_bound_is_refused() -> None:
    rules = _profile("browser-game")
    state = new_game(rules, seed=3)
    limit = bid_limit(rules)
    assert legal_actions(state)[-1] == Bid(limit)
    with pytest.raises(IllegalActionError, match=f"at most {limit}"):
        apply(state, Bid(limit + 1))


def test_three_hand_bound_counts_the_kitty_the_bidder_takes() -> None:
    """rules/three-hand#everyone-melds: the bidder melds from 15 cards plus the 3-card
    kitty, alone."""
    rules = _profile("wikipedia-three-hand")
    best = score_meld(parse_cards(BEST_EIGHTEEN), Suit.SPADES, rules).total
    assert best == 150 + 30 + 100
    assert highest_meld(rules, 18) == best
    assert bid_limit(rules) == best + deck_points(rules)


@pytest.mark.parametrize(
    "name", ["pagat-partnership", "cutthroat-3", "pagat-double-deck", "wikipedia-cutthroat"]
)
def test_every_profile_without_a_maximum_allows_its_best_hands_meld(name: str) -> None:
    rules = _profile(name)
    deal = rules.deal
    assert rules.bidding.maximum is None
    top = highest_meld(rules, deal.hand + deal.kitty)
    assert bid_limit(rules) >= top + deck_points(rules)
    state = new_game(rules, seed=1)
    assert Bid(top) in legal_actions(state) or top % rules.bidding.step


def test_double_deck_best_twenty_cards() -> None:
    """A triple run in spades (225) and four Q♠ J♦: a quadruple pinochle (90)."""
    rules = _profile("pagat-double-deck")
    hand = parse_cards("A♠ A♠ A♠ 10♠ 10♠ 10♠ K♠ K♠ K♠ Q♠ Q♠ Q♠ Q♠ J♠ J♠ J♠ J♦ J♦ J♦ J♦")
    assert score_meld(hand, Suit.SPADES, rules).total == 315
    assert highest_meld(rules, 20) == 315


def test_a_maximum_still_rules() -> None:
    assert bid_limit(_profile("pinochlerun")) == 100


def _brute_force(rules: Variant, size: int) -> int:
    """The best meld over every hand of ``size`` cards and every trump, one by one."""
    kinds = sorted(set(make_deck(rules.deal.deck)), key=lambda c: c.index)
    copies = rules.copies

    def hands(i: int, left: int) -> object:
        if not left:
            yield ()
            return
        if i == len(kinds):
            return
        for n in range(min(copies, left), -1, -1):
            for rest in hands(i + 1, left - n):  # type: ignore[attr-defined]
                yield (kinds[i],) * n + rest

    return max(
        score_meld(hand, suit, rules).total
        for hand in hands(0, size)  # type: ignore[attr-defined]
        for suit in Suit
    )


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"meld": {"doubles": "additive"}},
        {"meld": {"values": {"aces": [10, 15], "pinochle": [40, 30], "dix": [9, 10]}}},
    ],
)
def test_highest_meld_is_exact_on_small_hands(changes: dict[str, object]) -> None:
    rules = _profile("pinochlerun").override(changes)
    assert highest_meld(rules, 4) == _brute_force(rules, 4)


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(["browser-game", "wikipedia-three-hand", "pagat-double-deck"]),
    data=st.data(),
)
def test_no_hand_melds_more_than_the_highest_meld(name: str, data: st.DataObject) -> None:
    rules = _profile(name)
    size = rules.deal.hand + rules.deal.kitty
    hand = data.draw(st.permutations(make_deck(rules.deal.deck)))[:size]
    for suit in Suit:
        assert score_meld(hand, suit, rules).total <= highest_meld(rules, size)


def test_bots_still_bid_fast_with_the_wider_range() -> None:
    """Bids beyond 256 are offered lazily; a Hard bot's whole auction stays quick."""
    from pinochle import observe
    from pinochle.bots import make_bot

    rules = _profile("browser-game")
    bot = make_bot("hard", seed=1)
    start = time.perf_counter()
    for seed in range(20):
        state = new_game(rules, seed=seed)
        while state.phase.value == "auction" and state.hand.number == 0:
            seat = state.to_act
            assert seat is not None
            action = bot.choose(observe(state, seat))
            assert isinstance(action, Bid | Pass)
            state = apply(state, action)
    assert time.perf_counter() - start < 20
