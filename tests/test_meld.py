"""The meld scorer against rules/meld (combination rules, tables, worked examples).

Profiles are built from `Variant()` (the ones-scale single deck with special doubles) with
`override` / `with_scale`, so these tests do not depend on the shipped TOML files.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.cards import Card, Rank, Suit, make_deck, parse_cards
from pinochle.errors import CardParseError, DeckError
from pinochle.meld import (
    Meld,
    MeldItem,
    MeldType,
    meld_by_trump,
    meld_total,
    meld_totals,
    meld_values,
    score_meld,
)
from pinochle.variant import Variant, load_variant

ONES = Variant()
TENS = ONES.with_scale(10)
DAILEY = TENS.override({"meld": {"run_extras": True}})
ADDITIVE = ONES.override({"meld": {"doubles": "additive"}})
NO_ABSORB = TENS.override({"meld": {"run_absorbs_royal_marriage": False}})
DOUBLE = Variant().override(
    {
        "deal": {"deck": "double", "hand": 20, "packet": 5},
        "trump": {"rule": "marriage"},
        "meld": {"table": "double-pagat"},
        "counting": {"last_trick": 2},
    }
)
NPA = DOUBLE.override({"meld": {"table": "double-npa"}})
MANY_BOOKS = DOUBLE.override({"meld": {"table": "double-many-books"}})
DOUBLE_ADDITIVE = DOUBLE.override({"meld": {"doubles": "additive"}})

RUN = MeldType.RUNS_AND_MARRIAGES
PINOCHLES = MeldType.PINOCHLES
AROUNDS = MeldType.AROUNDS

# rules/meld#examples (seed S2)
SINGLE_EXAMPLE = "AH TH KH KH QH QH JH 9H QS JD KD KC"
DOUBLE_EXAMPLE = "AH TH KH KH KH QH QH JH QD QD JD QC QC AS KS KS QS QS JS JS"
ROUNDHOUSE = "KH QH KS QS KD QD KC QC"


def breakdown(meld: Meld) -> list[tuple[str, str, int]]:
    """Items as (name, cards as text, points), cards in any order within an item."""
    return [(i.name, " ".join(sorted(c.ascii for c in i.cards)), i.points) for i in meld.items]


def cards_text(text: str) -> str:
    return " ".join(sorted(c.ascii for c in parse_cards(text)))


# --- Worked examples (rules/meld#examples) -----------------------------------------


def test_single_deck_example_is_240_on_tens() -> None:
    meld = score_meld(SINGLE_EXAMPLE, Suit.HEARTS, TENS)
    assert meld.total == 240
    assert meld.trump is Suit.HEARTS
    assert breakdown(meld) == [
        ("run", cards_text("AH TH KH QH JH"), 150),
        ("royal marriage", cards_text("KH QH"), 40),  # the spare K♥ and Q♥
        ("dix", "9H", 10),
        ("pinochle", cards_text("QS JD"), 40),
    ]


def test_single_deck_example_is_24_on_ones() -> None:
    assert score_meld(SINGLE_EXAMPLE, "H", ONES).total == 24


def test_single_deck_example_with_dailey_extras_is_280() -> None:
    meld = score_meld(SINGLE_EXAMPLE, "H", DAILEY)
    assert meld.total == 280
    assert breakdown(meld) == [
        ("run with extra king and queen", cards_text("AH TH KH KH QH QH JH"), 230),
        ("dix", "9H", 10),
        ("pinochle", cards_text("QS JD"), 40),
    ]


def test_double_deck_example_is_87_on_pagat_table() -> None:
    meld = score_meld(DOUBLE_EXAMPLE, "H", DOUBLE)
    assert meld.total == 87
    assert breakdown(meld) == [
        ("run", cards_text("AH TH KH QH JH"), 15),
        ("royal marriage", cards_text("KH QH"), 4),  # the third K♥ stays unpaired
        ("marriage", cards_text("KS QS"), 2),  # double marriage: additive, one item per copy
        ("marriage", cards_text("KS QS"), 2),
        ("pinochle", cards_text("QS JD"), 4),  # only one J♦
        ("double queens around", cards_text("QH QH QD QD QC QC QS QS"), 60),
    ]


def test_double_deck_example_is_108_on_npa_table() -> None:
    assert score_meld(DOUBLE_EXAMPLE, "H", NPA).total == 108  # run 25, pinochle 15


def test_roundhouse_is_emergent_24() -> None:
    meld = score_meld(ROUNDHOUSE, "H", ONES)
    assert meld.total == 24
    assert [i.name for i in meld.items] == [
        "royal marriage",
        "marriage",
        "marriage",
        "marriage",
        "kings around",
        "queens around",
    ]


def test_run_and_roundhouse_is_35() -> None:
    assert score_meld(ROUNDHOUSE + " AH TH JH", "H", ONES).total == 35


def test_double_deck_double_roundhouse_is_160() -> None:
    meld = score_meld(ROUNDHOUSE + " " + ROUNDHOUSE, "H", DOUBLE)
    assert meld.total == 160  # 8 + 4 + 4 + 4 + 80 + 60 (rules/meld#choice-double-roundhouse)
    assert [i.points for i in meld.items] == [4, 4, 2, 2, 2, 2, 2, 2, 80, 60]


# --- Combination rules (rules/meld#combining) --------------------------------------------------


def test_a_card_serves_once_per_type_but_in_every_type() -> None:
    # Q♠ in a spade marriage (I), the pinochle (II) and queens around (III).
    meld = score_meld("KS QS JD QH QD QC", "H", ONES)
    assert meld.total == 2 + 4 + 6
    assert {i.type for i in meld.items} == {RUN, PINOCHLES, AROUNDS}


def test_one_king_with_two_queens_is_one_marriage() -> None:
    assert breakdown(score_meld("KS QS QS", "H", ONES)) == [("marriage", "KS QS", 2)]


def test_two_disjoint_marriages_both_score() -> None:
    assert score_meld("KS QS KS QS", "H", ONES).total == 4


def test_run_absorbs_its_royal_marriage() -> None:
    assert score_meld("AH TH KH QH JH", "H", TENS).total == 150


def test_run_in_a_plain_suit_is_only_a_marriage() -> None:
    assert breakdown(score_meld("AS TS KS QS JS", "H", TENS)) == [("marriage", "KS QS", 20)]


def test_maximises_runs_against_royal_marriages() -> None:
    # Two runs (150) beat one run + one royal marriage (19) in the single deck.
    assert score_meld("AH TH KH QH JH " * 2, "H", ONES).total == 150
    # With additive doubles 2 runs are 30, still more than run + royal marriage.
    assert score_meld("AH TH KH QH JH " * 2, "H", ADDITIVE).total == 30


def test_tens_and_nines_around_score_nothing() -> None:
    assert score_meld("TS TH TD TC 9S 9H 9D 9C", None, TENS).total == 0
    assert score_meld("TS TH TD TC", "H", TENS).items == ()


def test_dix_counts_each() -> None:
    assert breakdown(score_meld("9H 9H", "H", TENS)) == [("dix", "9H", 10), ("dix", "9H", 10)]
    assert score_meld("9H 9H", "S", TENS).total == 0


def test_before_trump_every_marriage_is_plain_and_there_is_no_run_or_dix() -> None:
    meld = score_meld("AH TH KH QH JH 9H KS QS", None, TENS)
    assert meld.trump is None
    assert meld.total == 40
    assert breakdown(meld) == [("marriage", "KS QS", 20), ("marriage", "KH QH", 20)]


def test_aces_around_needs_one_of_each_suit() -> None:
    assert score_meld("AS AH AD AC", "H", TENS).total == 100
    assert score_meld("AS AH AD AD", "H", TENS).total == 0


# --- Doubles (rules/meld#doubles, rules/meld#double-deck-tables) ----------------------------------


@pytest.mark.parametrize(
    ("cards", "special", "additive"),
    [
        ("AH TH KH QH JH " * 2, 150, 30),
        ("AS AH AD AC " * 2, 100, 20),
        ("KS KH KD KC " * 2, 80, 16),
        ("QS QH QD QC " * 2, 60, 12),
        ("JS JH JD JC " * 2, 40, 8),
        ("QS JD QS JD", 30, 8),
    ],
)
def test_single_deck_doubles(cards: str, special: int, additive: int) -> None:
    assert score_meld(cards, "H", ONES).total == special
    assert score_meld(cards, "H", ADDITIVE).total == additive


def test_double_melds_are_named_double() -> None:
    names = [i.name for i in score_meld("AH TH KH QH JH " * 2 + "AS AD AC " * 2, "H", ONES).items]
    assert names == ["double run", "double aces around"]
    assert [i.name for i in score_meld("QS JD QS JD", "H", ADDITIVE).items] == ["double pinochle"]


def test_double_deck_multiples_take_their_own_value() -> None:
    assert score_meld("AS AH AD AC " * 3, "H", DOUBLE).total == 150  # not 100 + 10
    assert score_meld("AH TH KH QH JH " * 3, "H", DOUBLE).total == 225
    assert score_meld("AH TH KH QH JH " * 4, "H", DOUBLE).total == 300
    assert score_meld("QS JD " * 3, "H", DOUBLE).total == 60
    assert score_meld("QS JD " * 3, "H", MANY_BOOKS).total == 45
    assert score_meld("QS JD " * 4, "H", MANY_BOOKS).total == 300
    assert score_meld("QS JD " * 4, "H", DOUBLE_ADDITIVE).total == 16
    names = [i.name for i in score_meld("JS JH JD JC " * 4, "H", DOUBLE).items]
    assert names == ["quadruple jacks around"]


def test_a_player_may_meld_fewer_copies() -> None:
    # A house table where two aces around score less than one: the hand keeps the 10.
    house = ONES.override({"meld": {"values": {"aces": [10, 5]}}})
    meld = score_meld("AS AH AD AC " * 2, "H", house)
    assert meld.total == 10
    assert breakdown(meld) == [("aces around", "AC AD AH AS", 10)]


def test_non_additive_marriages_are_one_double_item() -> None:
    house = ONES.override({"meld": {"values": {"marriage": [2, 5]}}})
    meld = score_meld("KS QS KS QS", "H", house)
    assert breakdown(meld) == [("double marriage", "KS KS QS QS", 5)]


# --- Options (rules/meld#run-extras, meld keys) -------------------------------------------------


def test_run_keeps_its_royal_marriage_when_it_does_not_absorb_it() -> None:
    meld = score_meld("AH TH KH QH JH", "H", NO_ABSORB)
    assert breakdown(meld) == [("run with royal marriage", cards_text("AH TH KH QH JH"), 190)]
    assert score_meld("AH TH KH QH JH KH QH", "H", NO_ABSORB).total == 230


def test_dailey_extras_single_extra_card() -> None:
    assert breakdown(score_meld("AH TH KH KH QH JH", "H", DAILEY)) == [
        ("run with extra king", cards_text("AH TH KH KH QH JH"), 190)
    ]
    assert breakdown(score_meld("AH TH KH QH QH JH", "H", DAILEY)) == [
        ("run with extra queen", cards_text("AH TH KH QH QH JH"), 190)
    ]


def test_usual_rule_gives_nothing_for_a_lone_extra_card() -> None:
    assert score_meld("AH TH KH KH QH JH", "H", TENS).total == 150


def test_values_overrides_are_on_the_profile_scale() -> None:
    house = TENS.override({"meld": {"values": {"pinochle": [40, 400]}}})
    assert score_meld("QS JD QS JD", "H", house).total == 400
    assert meld_values(house)["pinochle"] == (40, 400)


def test_meld_values_single_table() -> None:
    # rules/meld#single-deck-table and rules/meld#doubles, ones and tens
    assert meld_values(ONES) == REFERENCE_ONES["single"]
    assert meld_values(TENS)["run"] == (150, 1500)
    assert meld_values(DAILEY)["run_extra_one"] == (190,)
    assert meld_values(DAILEY)["run_extra_both"] == (230,)
    assert meld_values(ADDITIVE)["aces"] == (10, 20)


def test_meld_values_double_tables() -> None:
    # rules/meld#double-deck-tables
    expected = {k: v for k, v in REFERENCE_ONES["double-pagat"].items() if k != "dix"}
    assert meld_values(DOUBLE) == expected  # no nines, so no dix row
    assert meld_values(NPA)["run"] == (25, 150, 225, 300)
    assert meld_values(NPA)["pinochle"] == (15, 30, 60, 90)
    assert meld_values(MANY_BOOKS)["pinochle"] == (4, 30, 45, 300)
    assert meld_values(DOUBLE_ADDITIVE)["run"] == (15, 30, 45, 60)
    assert meld_values(DOUBLE_ADDITIVE)["marriage"] == (2, 4, 6, 8)


# --- Input -----------------------------------------------------------------------------


@pytest.mark.parametrize("trump", [Suit.HEARTS, "H", "h", "♥", "hearts"])
def test_trump_forms(trump: Suit | str) -> None:
    assert score_meld(SINGLE_EXAMPLE, trump, TENS) == score_meld(SINGLE_EXAMPLE, "H", TENS)


def test_cards_as_text_cards_or_names() -> None:
    cards = parse_cards(SINGLE_EXAMPLE)
    expected = score_meld(cards, "H", ONES)
    assert score_meld(SINGLE_EXAMPLE, "H", ONES) == expected
    assert score_meld(iter(cards), "H", ONES) == expected
    assert score_meld(SINGLE_EXAMPLE.split(), "H", ONES) == expected  # type: ignore[arg-type]


def test_bad_input_raises_typed_errors() -> None:
    with pytest.raises(ValueError, match="not a suit"):
        score_meld(SINGLE_EXAMPLE, "X", ONES)
    with pytest.raises(CardParseError, match="position 2"):
        score_meld("AH XH", "H", ONES)
    with pytest.raises(TypeError, match=r"cards\[1\]: expected a Card"):
        score_meld([Card(Suit.HEARTS, Rank.ACE), 7], "H", ONES)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="trump"):
        score_meld(SINGLE_EXAMPLE, 2, ONES)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "variant", "message"),
    [
        ("AS AS AS", ONES, "3 × A♠"),
        ("AS " * 8 + "KH", ONES, "8 × A♠"),
        ("9C 9C 9C 9C", ONES, "4 × 9♣"),  # a count that carries into the next card's count
        ("JC " * 8, DOUBLE, "8 × J♣"),
        ("QS " * 300, ONES, "300 × Q♠"),
        ("AS " * 5, DOUBLE, "5 × A♠"),
        ("AH TH 9H", DOUBLE, "no nines"),
    ],
)
def test_cards_outside_the_deck_raise_deck_error(
    cards: str, variant: Variant, message: str
) -> None:
    with pytest.raises(DeckError, match=message):
        score_meld(cards, "H", variant)
    with pytest.raises(DeckError, match=message):
        meld_by_trump(cards, variant)


def test_any_number_of_cards() -> None:
    assert score_meld("", "H", ONES) == Meld(0, (), Suit.HEARTS)
    whole = score_meld(make_deck("single"), "H", ONES)
    # rules/meld#doubles: double run 150, double royal marriage is absorbed, 2 dixes, 3 × 2 × 2
    # marriages, double arounds 100 + 80 + 60 + 40, double pinochle 30.
    assert whole.total == 150 + 2 + 12 + 280 + 30


def test_item_text() -> None:
    item = score_meld("AH TH KH QH JH", "H", ONES).items[0]
    assert str(item) == "run A♥ 10♥ K♥ Q♥ J♥: 15"
    assert item == MeldItem("run", RUN, parse_cards("AH TH KH QH JH"), 15)


def test_item_order_trump_first_then_pinochles_then_arounds() -> None:
    meld = score_meld("KC QC KS QS KH QH KD QD AS AH AD AC JD JS JH JC", "D", ONES)
    assert [(i.name, {c.suit for c in i.cards}) for i in meld.items][:4] == [
        ("royal marriage", {Suit.DIAMONDS}),
        ("marriage", {Suit.SPADES}),
        ("marriage", {Suit.HEARTS}),
        ("marriage", {Suit.CLUBS}),
    ]
    assert [i.name for i in meld.items][4:] == [
        "pinochle",
        "aces around",
        "kings around",
        "queens around",
        "jacks around",
    ]


# --- A brute-force reference, written from the rules text ------------------------------
#
# Each meld kind (a run, the royal marriage, the marriage of a suit, the dix, each around,
# the pinochle, Dailey's run-with-extras) may be melded with k copies for the table's
# value of k copies. Within a type every card serves once; the best choice of k over all
# kinds at once is searched exhaustively, with no per-suit decomposition.

REFERENCE_ONES: dict[str, dict[str, tuple[int, ...]]] = {
    "single": {
        "run": (15, 150),
        "royal_marriage": (4, 8),
        "marriage": (2, 4),
        "dix": (1, 2),
        "aces": (10, 100),
        "kings": (8, 80),
        "queens": (6, 60),
        "jacks": (4, 40),
        "pinochle": (4, 30),
    },
    "double-pagat": {
        "run": (15, 150, 225, 300),
        "royal_marriage": (4, 8, 12, 16),
        "marriage": (2, 4, 6, 8),
        "dix": (0, 0, 0, 0),
        "aces": (10, 100, 150, 200),
        "kings": (8, 80, 120, 160),
        "queens": (6, 60, 90, 120),
        "jacks": (4, 40, 60, 80),
        "pinochle": (4, 30, 60, 90),
    },
}
REFERENCE_ONES["double-npa"] = REFERENCE_ONES["double-pagat"] | {
    "run": (25, 150, 225, 300),
    "pinochle": (15, 30, 60, 90),
}
REFERENCE_ONES["double-many-books"] = REFERENCE_ONES["double-pagat"] | {
    "pinochle": (4, 30, 45, 300)
}


Row = tuple[int, ...]


def reference_row(variant: Variant, key: str) -> Row:
    """The value of 0, 1, 2, ... copies, straight from rules/meld#combining and the
    profile's keys."""
    override = getattr(variant.meld.values, key)
    if override is not None:
        return (0, *override)
    row = REFERENCE_ONES[variant.meld.table.value][key]
    if variant.meld.doubles.value == "additive" and key not in ("marriage", "royal_marriage"):
        row = tuple(n * row[0] for n in range(1, len(row) + 1))
    return (0, *(x * variant.scale for x in row))


def c(suit: Suit, ranks: str) -> Counter[Card]:
    return Counter(Card(suit, Rank("9JQKTA".index(r))) for r in ranks)


def kinds(trump: Suit | None, variant: Variant) -> Iterator[tuple[MeldType, Counter[Card], Row]]:
    """Every meld kind: its type, the cards of one copy, and its values by copies."""
    royal = reference_row(variant, "royal_marriage")
    for suit in Suit:
        if suit is not trump:
            yield RUN, c(suit, "KQ"), reference_row(variant, "marriage")
    if trump is not None:
        run = reference_row(variant, "run")
        if not variant.meld.run_absorbs_royal_marriage:  # its K Q are also a royal marriage
            run = tuple(r + m for r, m in zip(run, royal, strict=True))
        yield RUN, c(trump, "ATKQJ"), run
        yield RUN, c(trump, "KQ"), royal
        yield RUN, c(trump, "9"), reference_row(variant, "dix")
        # rules/meld#run-extras (single deck: one run with extras at most)
        if variant.meld.run_extras:
            add = 0 if variant.meld.run_absorbs_royal_marriage else royal[1]
            one, both = 19 * variant.scale + add, 23 * variant.scale + add
            yield RUN, c(trump, "ATKQJK"), (0, one)
            yield RUN, c(trump, "ATKQJQ"), (0, one)
            yield RUN, c(trump, "ATKQJKQ"), (0, both)
    yield PINOCHLES, c(Suit.SPADES, "Q") + c(Suit.DIAMONDS, "J"), reference_row(variant, "pinochle")
    for rank, key in zip("AKQJ", ("aces", "kings", "queens", "jacks"), strict=True):
        around = sum((c(suit, rank) for suit in Suit), Counter[Card]())
        yield AROUNDS, around, reference_row(variant, key)


def best_choice(options: list[tuple[Counter[Card], Row]], left: Counter[Card]) -> int:
    """The best total of options[0:] from the cards left: k copies of each, cards used once."""
    if not options:
        return 0
    (one, row), rest = options[0], options[1:]
    result, used = 0, Counter[Card]()
    for copies in range(len(row)):
        if not used <= left:
            break
        result = max(result, row[copies] + best_choice(rest, left - used))
        used += one
    return result


def reference_total(cards: tuple[Card, ...], trump: Suit | None, variant: Variant) -> int:
    every = list(kinds(trump, variant))
    hand = Counter(cards)
    return sum(
        best_choice([(one, row) for kind, one, row in every if kind is meld_type], hand)
        for meld_type in MeldType
    )


# --- Properties ------------------------------------------------------------------------

SINGLE_VARIANTS = (ONES, TENS, DAILEY, ADDITIVE, NO_ABSORB)
DOUBLE_VARIANTS = (DOUBLE, NPA, MANY_BOOKS, DOUBLE_ADDITIVE)
# House tables where the greedy choice is wrong: fewer runs or fewer copies score more.
HOUSE = ONES.override(
    {"meld": {"values": {"run": [5, 6], "marriage": [2, 5], "aces": [10, 5], "dix": [0, 3]}}}
)
DOUBLE_HOUSE = DOUBLE.override(
    {
        "meld": {
            "values": {
                "run": [5, 6, 7, 8],
                "royal_marriage": [4, 9, 12, 16],
                "pinochle": [4, 30, 20, 90],
                "kings": [8, 80, 70, 160],
            }
        }
    }
)
ALL_VARIANTS = (*SINGLE_VARIANTS, *DOUBLE_VARIANTS, HOUSE, DOUBLE_HOUSE)

Deal = tuple[Variant, tuple[Card, ...], Suit | None]


@functools.cache
def deck(variant: Variant) -> tuple[Card, ...]:
    return make_deck(variant.deal.deck)


@st.composite
def deals(draw: st.DrawFn, max_cards: int = 30) -> Deal:
    """A profile, a random hand from its deck (any size) and a trump suit or None."""
    variant = draw(st.sampled_from(ALL_VARIANTS))
    cards = deck(variant)
    picks = draw(st.lists(st.sampled_from(range(len(cards))), unique=True, max_size=max_cards))
    trump = draw(st.none() | st.sampled_from(Suit))
    return variant, tuple(cards[i] for i in picks), trump


SHAPES = (
    *(c(suit, "ATKQJ") for suit in Suit),
    *(c(suit, "KQ") for suit in Suit),
    *(c(suit, rank) for suit in Suit for rank in "KQ9"),
    *(sum((c(suit, rank) for suit in Suit), Counter[Card]()) for rank in "AKQJ"),
    c(Suit.SPADES, "Q") + c(Suit.DIAMONDS, "J"),
)


@st.composite
def meld_built_deals(draw: st.DrawFn) -> Deal:
    """A hand made of meld shapes (runs, marriages, arounds, ...) that overlap, capped at the
    deck's copies: doubles, triples, spare kings and queens come up often."""
    variant = draw(st.sampled_from(ALL_VARIANTS))
    hand = sum(draw(st.lists(st.sampled_from(SHAPES), max_size=8)), Counter[Card]())
    hand &= Counter(deck(variant))
    return variant, tuple(sorted(hand.elements())), draw(st.none() | st.sampled_from(Suit))


@settings(max_examples=300, deadline=None)
@given(deals() | meld_built_deals())
def test_items_add_up_and_use_each_card_once_per_type(
    deal: Deal,
) -> None:
    variant, cards, trump = deal
    meld = score_meld(cards, trump, variant)
    assert sum(item.points for item in meld.items) == meld.total
    assert all(item.points > 0 for item in meld.items)
    hand = Counter(cards)
    for meld_type in MeldType:
        used = sum((Counter(i.cards) for i in meld.items if i.type is meld_type), Counter[Card]())
        assert used <= hand


@settings(max_examples=300, deadline=None)
@given(deals() | meld_built_deals(), st.data())
def test_adding_a_card_never_lowers_the_meld(deal: Deal, data: st.DataObject) -> None:
    variant, cards, trump = deal
    rest = list((Counter(deck(variant)) - Counter(cards)).elements())
    if not rest:
        return
    extra = data.draw(st.sampled_from(rest))
    before = score_meld(cards, trump, variant).total
    assert score_meld((*cards, extra), trump, variant).total >= before


@settings(max_examples=200, deadline=None)
@given(deals() | meld_built_deals())
def test_tens_is_ten_times_ones(deal: Deal) -> None:
    variant, cards, trump = deal
    ones = variant.with_scale(1)
    tens = variant.with_scale(10)
    assert score_meld(cards, trump, tens).total == 10 * score_meld(cards, trump, ones).total


@settings(max_examples=200, deadline=None)
@given(deals() | meld_built_deals())
def test_meld_by_trump_agrees_with_score_meld(deal: Deal) -> None:
    variant, cards, _ = deal
    by_trump = meld_by_trump(cards, variant)
    assert list(by_trump) == list(Suit)
    for suit, meld in by_trump.items():
        assert meld == score_meld(cards, suit, variant)


@settings(max_examples=200, deadline=None)
@given(deals(max_cards=16) | meld_built_deals())
def test_meld_totals_are_the_brute_force_totals_for_every_trump(deal: Deal) -> None:
    """The totals alone, for each suit and before trump, are the rules' maxima."""
    variant, cards, _ = deal
    totals = meld_totals(cards, variant)
    assert list(totals) == [*Suit, None]
    for trump, total in totals.items():
        assert total == reference_total(cards, trump, variant)
        assert total == meld_total(cards, trump, variant) == score_meld(cards, trump, variant).total


def test_meld_total_reads_text_and_rejects_what_score_meld_rejects() -> None:
    variant = load_variant("pinochlerun")
    # A run in hearts (15), a royal marriage on top of it (4), a pinochle (4), a marriage (2).
    assert meld_total("AH TH KH KH QH QH JH QS JD KD QD", "H", variant) == 25
    assert meld_totals("AH TH KH KH QH QH JH QS JD KD QD", variant)[None] == 10
    with pytest.raises(DeckError):
        meld_total("AH AH AH", "H", variant)
    with pytest.raises(DeckError):
        meld_totals("AH AH AH", variant)


@settings(max_examples=400, deadline=None)
@given(deals(max_cards=16) | meld_built_deals())
def test_matches_the_brute_force_reference(deal: Deal) -> None:
    variant, cards, trump = deal
    assert score_meld(cards, trump, variant).total == reference_total(cards, trump, variant)
