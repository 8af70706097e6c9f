"""Cards, decks and card text (rules/deck-and-deal#deck)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle import (
    CARDS,
    Card,
    CardParseError,
    DeckError,
    Rank,
    Suit,
    check_in_deck,
    format_cards,
    make_deck,
    parse_cards,
    parse_suit,
    sort_cards,
)

AS = Card(Suit.SPADES, Rank.ACE)
TS = Card(Suit.SPADES, Rank.TEN)
KS = Card(Suit.SPADES, Rank.KING)


def test_trick_order_is_ace_ten_king_queen_jack_nine() -> None:
    # rules/deck-and-deal#card-order: "Rank in every suit, high to low: A, T(10), K, Q, J, 9".
    order = sorted(Rank, reverse=True)
    assert [r.label for r in order] == ["A", "10", "K", "Q", "J", "9"]
    assert Rank.TEN > Rank.KING


def test_single_deck_has_two_of_each_of_24_cards() -> None:
    deck = make_deck("single")
    assert len(deck) == 48
    counts = Counter(deck)
    assert len(counts) == 24
    assert set(counts.values()) == {2}


def test_double_deck_has_four_of_each_and_no_nines() -> None:
    deck = make_deck("double")
    assert len(deck) == 80
    counts = Counter(deck)
    assert len(counts) == 20
    assert set(counts.values()) == {4}
    assert all(card.rank is not Rank.NINE for card in deck)


def test_parse_accepts_every_spelling_of_the_issue() -> None:
    # Issue text: "AS 10S TS A♠ as, ks".
    assert parse_cards("AS 10S TS A♠ as, ks") == (AS, TS, TS, AS, AS, KS)


def test_parse_symbols_outlined_and_mixed_separators() -> None:
    hearts_ace = Card(Suit.HEARTS, Rank.ACE)
    assert parse_cards("A♥;a♡ , AH") == (hearts_ace,) * 3
    assert parse_cards("9♣ J♦ Q♠ K♥") == (
        Card(Suit.CLUBS, Rank.NINE),
        Card(Suit.DIAMONDS, Rank.JACK),
        Card(Suit.SPADES, Rank.QUEEN),
        Card(Suit.HEARTS, Rank.KING),
    )
    assert parse_cards("") == ()
    assert parse_cards(["AS", KS]) == (AS, KS)


@pytest.mark.parametrize(
    ("text", "token", "position", "reason"),
    [
        ("AS 1S", "1S", 2, "no pinochle rank"),
        ("ZH", "ZH", 1, "no pinochle rank"),
        ("AS KS A", "A", 3, "no suit"),
        ("8C", "8C", 1, "no pinochle rank"),
        ("AX", "AX", 1, "not a suit"),
        ("♠", "♠", 1, "no rank"),
    ],
)
def test_bad_card_names_token_and_position(
    text: str, token: str, position: int, reason: str
) -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    assert info.value.token == token
    assert info.value.position == position
    assert reason in str(info.value)
    assert repr(token) in str(info.value)


def test_format_both_styles_round_trip() -> None:
    cards = parse_cards("AH TH 9C QS")
    assert format_cards(cards) == "A♥ 10♥ 9♣ Q♠"
    assert format_cards(cards, "ascii") == "AH TH 9C QS"
    with pytest.raises(ValueError, match="style: expected a card style"):
        format_cards(cards, "fancy")  # type: ignore[arg-type]


@given(st.lists(st.sampled_from(CARDS), max_size=30), st.sampled_from(["symbols", "ascii"]))
def test_format_then_parse_is_identity(cards: list[Card], style: str) -> None:
    assert parse_cards(format_cards(cards, style)) == tuple(cards)  # type: ignore[arg-type]


def test_twins_are_equal_and_hash_alike() -> None:
    assert Card(Suit.SPADES, Rank.ACE) == AS
    assert len({AS, Card(Suit.SPADES, Rank.ACE)}) == 1
    assert [Card.from_index(c.index) for c in CARDS] == list(CARDS)


def test_repr_evaluates_back() -> None:
    assert eval(repr(AS)) == AS


def test_parse_suit_forms() -> None:
    for text in ("H", "h", "♥", "♡", "hearts", "Heart"):
        assert parse_suit(text) is Suit.HEARTS
    assert all(Suit)  # clubs is 0, yet truthy
    assert all(Rank)  # so is the nine
    for suit in Suit:
        assert parse_suit(suit.letter) is suit
        assert parse_suit(suit.symbol) is suit
    assert parse_suit(Suit.CLUBS) is Suit.CLUBS
    with pytest.raises(ValueError, match="not a suit"):
        parse_suit("X")


def test_cards_that_cannot_be_in_the_deck() -> None:
    # Issue: "three A♠ in a single deck, any 9 in a double deck" is an error.
    check_in_deck(parse_cards("AS AS"), "single")
    with pytest.raises(DeckError, match="3 × A♠"):
        check_in_deck(parse_cards("AS AS AS"), "single")
    check_in_deck(parse_cards("AS AS AS AS"), "double")
    with pytest.raises(DeckError, match="no nines"):
        check_in_deck(parse_cards("9H"), "double")


def test_sort_puts_trump_first_and_high_cards_first() -> None:
    hand = parse_cards("9S AH QC AS TH")
    assert format_cards(sort_cards(hand, trump=Suit.HEARTS), "ascii") == "AH TH AS 9S QC"


def test_errors_survive_pickling() -> None:
    """A process pool (benchmarks/arena.py) sends errors between processes intact."""
    import pickle

    from pinochle import CardParseError, IllegalActionError, SheetError, VariantError

    for error in (
        CardParseError("ZZ", 3, "no such rank"),
        VariantError("house.toml", "bidding.minimum", "expected a number"),
        IllegalActionError("play A♠", "must follow clubs"),
        SheetError("no such side", hand=4),
        SheetError("empty sheet"),
    ):
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error)
        assert str(again) == str(error)
        assert vars(again) == vars(error)


@pytest.mark.parametrize(
    "token", ["blah", "xs", "ZH", "1S", "AX", "A10", "zz9H", "10♥x", "hearts", "spade", "♠♠", "10"]
)
def test_bad_card_message_quotes_only_what_was_typed(token: str) -> None:
    # Issue 26: `blah` was answered "'bla' is not a pinochle rank": a piece of the token,
    # read as a rank before the suit letter h. Every quoted text in the message is the
    # token itself, and the message says what a card is.
    with pytest.raises(CardParseError) as info:
        parse_cards(f"AS {token}")
    message = str(info.value)
    assert re.findall(r"'([^']*)'", message) == [token], message
    assert info.value.position == 2
