"""Trick winner and trick points (rules/deck-and-deal#card-order, rules/index#scale,
rules/trick-play#winner, rules/counting#methods, rules/trick-play#example-trick)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle import (
    CARDS,
    Card,
    CardParseError,
    Rank,
    Suit,
    Variant,
    card_points,
    deck_points,
    load_variant,
    make_deck,
    parse_cards,
)
from pinochle.tricks import round_trick_points, trick_winner

C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES

ONES = Variant()
TENS = ONES.with_scale(10)
CLASSIC = ONES.override({"scale": 10, "counting": {"method": "classic"}})
SIMPLIFIED = ONES.override({"scale": 10, "counting": {"method": "simplified"}})
DOUBLE = ONES.override(
    {
        "deal": {"deck": "double", "hand": 20, "packet": 5},
        "meld": {"table": "double-pagat"},
        "counting": {"last_trick": 2},
    }
)
DOUBLE_TENS = DOUBLE.with_scale(10)
ROUNDING = CLASSIC.override({"counting": {"rounding": "nearest-ten"}})
ALL = [ONES, TENS, CLASSIC, SIMPLIFIED, DOUBLE, DOUBLE_TENS, ROUNDING]


def card(text: str) -> Card:
    (one,) = parse_cards(text)
    return one


# --- rules/counting#methods: the value of every card under every method ---------------------------

# Columns A T K Q J 9 of the rules/counting#methods table.
TABLE = {
    "counters x1": (ONES, (1, 1, 1, 0, 0, 0)),
    "counters x10": (TENS, (10, 10, 10, 0, 0, 0)),
    "classic": (CLASSIC, (11, 10, 4, 3, 2, 0)),
    "A/T 10, K/Q 5": (SIMPLIFIED, (10, 10, 5, 5, 0, 0)),
}


@pytest.mark.parametrize("method", TABLE)
def test_every_card_is_worth_its_rules_table_value(method: str) -> None:
    variant, row = TABLE[method]
    ranks = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
    for suit in Suit:
        for rank, value in zip(ranks, row, strict=True):
            assert card_points([Card(suit, rank)], variant) == value, (method, suit, rank)


@pytest.mark.parametrize(
    ("variant", "total", "last"),
    [
        pytest.param(CLASSIC, 250, 10, id="classic 240 + 10"),
        pytest.param(SIMPLIFIED, 250, 10, id="A/T 10, K/Q 5"),
        pytest.param(TENS, 250, 10, id="counters x10"),
        pytest.param(ONES, 25, 1, id="counters x1: 24 + 1"),
        pytest.param(DOUBLE, 50, 2, id="double deck: 48 + 2"),
        pytest.param(DOUBLE_TENS, 500, 20, id="double deck tens"),
    ],
)
def test_deck_totals_of_rules_10_and_vector_20_4(variant: Variant, total: int, last: int) -> None:
    assert variant.counting.last_trick == last
    assert deck_points(variant) == total
    assert card_points(make_deck(variant.deal.deck), variant) == total - last


@pytest.mark.parametrize(
    ("name", "total"), [("pinochlerun", 25), ("pagat-partnership", 250), ("hoyle-1914", 250)]
)
def test_builtin_profiles_hold_their_rules_18_totals(name: str, total: int) -> None:
    assert deck_points(load_variant(name)) == total


@pytest.mark.parametrize("suit", list(Suit))
def test_classic_count_is_60_per_suit(suit: Suit) -> None:
    # rules/counting#methods: "Per suit with two copies: classic 2x(11+10+4+3+2) = 60".
    both_copies = [c for c in make_deck("single") if c.suit is suit]
    assert card_points(both_copies, CLASSIC) == 60


def test_card_points_reads_card_text_and_excludes_the_last_trick() -> None:
    assert card_points("AS TS KH QD", ONES) == 3
    assert card_points("AS 10S KH QD", CLASSIC) == 11 + 10 + 4 + 3
    assert card_points("", ONES) == 0
    with pytest.raises(CardParseError, match="'ZZ'"):
        card_points("AS ZZ", ONES)


# --- rules/trick-play#winner: the trick winner ----------------------------------------------------


def test_s0_example_trick_is_won_by_the_nine_of_trump_and_holds_two_points() -> None:
    # rules/trick-play#following (S0): spades trump, North leads K♣, East 10♣, South
    # ruffs 9♠, West J♣.
    plays = parse_cards("KC TC 9S JC")
    assert trick_winner(plays, trump=S) == 2
    assert card_points(plays, ONES) == 2  # "trick holds K + T = 2 points"


def test_identical_cards_first_played_wins() -> None:
    # rules/deck-and-deal#identical-cards: "Identical cards in one trick: the one played first
    # beats the later one".
    assert trick_winner(parse_cards("AS AS"), trump=None) == 0
    assert trick_winner(parse_cards("KC AC AC 9C"), trump=H) == 1
    assert trick_winner(parse_cards("9H 9S 9S QH"), trump=S) == 1
    # rules/deck-and-deal#choice-identical-cards: the same with four copies in the double deck.
    assert trick_winner(parse_cards("AC AC AC AC"), trump=C) == 0


def test_off_suit_ace_loses_to_the_suit_led() -> None:
    assert trick_winner(parse_cards("9C AH JC AD"), trump=S) == 2
    assert trick_winner(parse_cards("9C AH AD AS"), trump=None) == 0


def test_highest_trump_wins_over_any_card_of_the_suit_led() -> None:
    assert trick_winner(parse_cards("AC 9S"), trump=S) == 1
    assert trick_winner(parse_cards("KC 9S JS AC"), trump=S) == 2  # over-ruff
    assert trick_winner(parse_cards("KC JS 9S TC"), trump=S) == 1  # under-ruff loses
    assert trick_winner(parse_cards("QS KS AC TS"), trump=S) == 3  # trump led


def test_a_trick_needs_a_card() -> None:
    with pytest.raises(ValueError, match="empty"):
        trick_winner((), trump=S)


TRUMPS = st.sampled_from([None, *Suit])


@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=8), TRUMPS)
def test_winner_is_the_first_copy_of_the_best_card(
    plays: Sequence[Card], trump: Suit | None
) -> None:
    # rules/trick-play#following: "highest trump, else highest card of the suit led;
    # identical cards: first played wins", stated as "the best card by (is trump, follows
    # the lead, rank)".
    led = plays[0].suit

    def strength(c: Card) -> tuple[bool, bool, int]:
        return (c.suit == trump, c.suit == led, c.rank)

    best = max(plays, key=strength)
    assert trick_winner(plays, trump) == plays.index(best)


# --- rules/counting#rounding and rules/counting#choice-two-hand-rounding: rounding ----------------


@pytest.mark.parametrize(
    ("points", "rounded"),
    [(247, 250), (243, 240), (0, 0), (250, 250), (246, 240), (7, 10), (6, 0), (129, 130)],
)
def test_nearest_ten_rounds_seven_to_nine_up_and_one_to_six_down(points: int, rounded: int) -> None:
    assert round_trick_points(points, ROUNDING) == rounded


def test_no_rounding_keeps_the_count() -> None:
    assert round_trick_points(247, CLASSIC) == 247


# --- Invariants -----------------------------------------------------------------------------


@given(st.sampled_from(ALL), st.randoms(use_true_random=False), st.integers(1, 6))
def test_any_split_of_the_deck_sums_to_the_deck_total(
    variant: Variant, rng: random.Random, piles: int
) -> None:
    # rules/counting#methods: the cards of one deck always count the deck total less the last trick.
    deck = list(make_deck(variant.deal.deck))
    rng.shuffle(deck)
    cuts = sorted(rng.randrange(len(deck) + 1) for _ in range(piles - 1))
    bounds = [0, *cuts, len(deck)]
    counted = sum(card_points(deck[a:b], variant) for a, b in itertools.pairwise(bounds))
    assert counted == deck_points(variant) - variant.counting.last_trick


@given(st.lists(st.sampled_from(CARDS), max_size=48))
def test_counters_on_tens_are_ten_times_ones(cards: list[Card]) -> None:
    # rules/index#scale: the tens scale is the ones scale times ten, counters included.
    assert card_points(cards, TENS) == 10 * card_points(cards, ONES)
    assert card_points(cards, DOUBLE_TENS) == 10 * card_points(cards, DOUBLE)
