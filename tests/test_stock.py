"""Melding in the two-hand stock phase against rules/two-hand#stock-meld (timing and
re-melding), rules/meld#combining (the BC-2 classes) and rules/two-hand#values (the values), with
the bicycle-two-handed profile.

The property tests deal physical cards (each twin has its own identity), keep the history of
which physical card served in which meld, and check every offered meld against the rules
written out here from the rules pages, independently of the module's copy counting.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.cards import CARDS, Card, Rank, Suit, parse_cards
from pinochle.errors import ArgumentError, DeckError
from pinochle.stock import Shown, cards_to_table, dix_in, meld_options
from pinochle.variant import load_variant

BICYCLE = load_variant("bicycle-two-handed")
H, S = Suit.HEARTS, Suit.SPADES


class Player:
    """One two-hand player in the stock phase: a hand, its face-up part and the melds shown."""

    def __init__(self, hand: str, trump: Suit = H) -> None:
        self.hand = list(parse_cards(hand))
        self.table: list[Card] = []
        self.shown: list[Shown] = []
        self.trump = trump

    def options(self) -> list[tuple[str, str, int]]:
        found = meld_options(self.hand, self.table, self.shown, self.trump, BICYCLE)
        return [(m.kind, _text(m.cards), m.points) for m in found]

    def offers(self, kind: str, cards: str) -> bool:
        return any(k == kind and c == _text(parse_cards(cards)) for k, c, _ in self.options())

    def meld(self, kind: str, cards: str) -> Shown:
        """Show the offered meld of this kind and these cards, and lay its new cards face up."""
        found = meld_options(self.hand, self.table, self.shown, self.trump, BICYCLE)
        (meld,) = [
            m for m in found if m.kind == kind and m.cards == tuple(sorted(parse_cards(cards)))
        ]
        self.table += cards_to_table(meld, self.hand, self.table, self.shown)
        self.shown.append(meld)
        return meld

    def play(self, card: str, *, face_up: bool) -> None:
        (played,) = parse_cards(card)
        self.hand.remove(played)
        if face_up:
            self.table.remove(played)


def _text(cards: Sequence[Card]) -> str:
    return " ".join(sorted(card.ascii for card in cards))


# --- rules/two-hand#stock-phase and rules/two-hand#values: the examples ---------------------------


def test_a_full_hand_offers_every_meld_at_its_13_4_value() -> None:
    player = Player("AH TH KH QH JH 9H KS QS JD AS AD AC KD KC QD QC JS JC")
    assert player.options() == [
        ("run", "AH JH KH QH TH", 150),
        ("royal marriage", "KH QH", 40),
        ("marriage", "KS QS", 20),
        ("marriage", "KD QD", 20),
        ("marriage", "KC QC", 20),
        ("dix", "9H", 10),
        ("aces around", "AC AD AH AS", 100),
        ("kings around", "KC KD KH KS", 80),
        ("queens around", "QC QD QH QS", 60),
        ("jacks around", "JC JD JH JS", 40),
        ("pinochle", "JD QS", 40),
    ]


def test_royal_marriage_then_the_run_reusing_its_king_and_queen() -> None:
    # 13.2: meld K-Q of trump as a royal marriage, later add A-10-J for the flush.
    player = Player("AH TH KH QH JH 9S")
    player.meld("royal marriage", "KH QH")
    assert Counter(player.table) == Counter(parse_cards("KH QH"))
    assert player.options() == [("run", "AH JH KH QH TH", 150)]
    player.meld("run", "AH TH KH QH JH")
    assert sorted(player.table) == sorted(parse_cards("AH TH KH QH JH"))  # A 10 J laid down
    assert player.options() == []


def test_run_first_then_its_king_and_queen_are_no_royal_marriage() -> None:
    # 13.2: the reverse (flush first, then its K-Q as a royal marriage) scores nothing. A
    # second Q♥ in the hand is a new card, so only the rule of the class can refuse it.
    player = Player("AH TH KH QH JH QH")
    player.meld("run", "AH TH KH QH JH")
    assert not player.offers("royal marriage", "KH QH")


def test_a_twin_king_and_queen_make_a_royal_marriage_after_the_run() -> None:
    # 7.1: two fully disjoint copies both score; the twins served in no class A meld yet.
    player = Player("AH TH KH QH JH KH QH")
    player.meld("run", "AH TH KH QH JH")
    assert player.options() == [("royal marriage", "KH QH", 40)]


def test_a_royal_marriage_grown_into_a_run_is_one_king_in_class_a() -> None:
    # The run reused the royal marriage's K♥ (13.2), so only one K♥ serves in class A. The
    # second kings around lays the twin K♥ face up (class B only): with the twin Q♥ it still
    # makes a royal marriage.
    player = Player("AH TH KH QH JH KS KD KC KH KS KD KC QH")
    player.meld("royal marriage", "KH QH")
    player.meld("run", "AH TH KH QH JH")
    player.meld("kings around", "KS KH KD KC")
    player.meld("kings around", "KS KH KD KC")
    assert player.table.count(Card(H, Rank.KING)) == 2
    assert player.options() == [("royal marriage", "KH QH", 40)]


def test_marriage_then_kings_around_reusing_its_king() -> None:
    # 13.2 / 7.1: a card on the table may serve again in a different class (A, then B).
    player = Player("KS QS KH KD KC")
    player.meld("marriage", "KS QS")
    assert player.offers("kings around", "KS KH KD KC")
    player.meld("kings around", "KS KH KD KC")
    assert player.table.count(Card(S, Rank.KING)) == 1  # the marriage's king, not a new one


def test_kings_around_needs_the_three_other_kings_in_the_hand() -> None:
    player = Player("KS QS KD KC")
    player.meld("marriage", "KS QS")
    assert not player.offers("kings around", "KS KH KD KC")


def test_a_meld_of_table_cards_only_is_not_offered() -> None:
    # 13.2: each meld must put at least one new card from the hand on the table.
    player = Player("KS QS KH QH KD QD KC QC", trump=H)
    for suit in "SDC":
        player.meld("marriage", f"K{suit} Q{suit}")
    player.meld("royal marriage", "KH QH")
    assert len(player.table) == 8
    assert player.options() == []  # kings and queens around: all of their cards lie face up


def test_pinochle_then_double_pinochle_scores_300() -> None:
    # 13.4: double pinochle 300; it reuses the pinochle's cards (a higher meld of class C).
    player = Player("QS JD QS JD")
    assert player.options() == [("pinochle", "JD QS", 40), ("double pinochle", "JD JD QS QS", 300)]
    player.meld("pinochle", "QS JD")
    assert player.options() == [("pinochle", "JD QS", 40), ("double pinochle", "JD JD QS QS", 300)]
    player.meld("double pinochle", "QS QS JD JD")
    assert player.options() == []


def test_double_pinochle_then_no_pinochle_of_its_cards() -> None:
    player = Player("QS JD QS JD")
    player.meld("double pinochle", "QS QS JD JD")
    assert player.options() == []


def test_a_second_aces_around_needs_four_aces_unused_in_class_b() -> None:
    # Each meld is one copy: the second aces around takes four more aces, not the first's.
    player = Player("AS AH AD AC AS AH AD")
    player.meld("aces around", "AS AH AD AC")
    assert not player.offers("aces around", "AS AH AD AC")  # only one A♣
    player.hand += parse_cards("AC")
    assert player.offers("aces around", "AS AH AD AC")


def test_aces_around_may_use_the_ace_of_a_run() -> None:
    player = Player("AH TH KH QH JH AS AD AC")
    player.meld("run", "AH TH KH QH JH")
    assert player.offers("aces around", "AS AH AD AC")


def test_the_dix_is_offered_in_trump_only() -> None:
    assert Player("9H 9S", trump=H).options() == [("dix", "9H", 10)]
    assert Player("9H 9S", trump=S).options() == [("dix", "9S", 10)]
    assert Player("9D 9C", trump=H).options() == []


def test_twin_dixes_are_one_option_each_turn() -> None:
    player = Player("9H 9H")
    assert player.options() == [("dix", "9H", 10)]
    player.meld("dix", "9H")
    assert player.options() == [("dix", "9H", 10)]  # the twin
    player.meld("dix", "9H")
    assert player.options() == []


def test_twin_marriages_are_one_option() -> None:
    assert Player("KS QS KS QS").options() == [("marriage", "KS QS", 20)]


def test_dix_in_counts_the_nines_of_trump() -> None:
    assert dix_in(parse_cards("9H 9H 9S AH"), H) == 2
    assert dix_in(parse_cards("9H 9S"), S) == 1
    assert dix_in(parse_cards("9D AH"), H) == 0


def test_a_played_meld_card_cannot_serve_again() -> None:
    # 13.2: melded cards may be played; a played card is gone from the hand.
    player = Player("KH QH AH TH JH")
    player.meld("royal marriage", "KH QH")
    player.play("KH", face_up=True)
    assert player.options() == []


def test_a_played_twin_leaves_the_remaining_copy_counted_as_used() -> None:
    # Both Q♠ serve in marriages (class A) and one also in the pinochle (C). One Q♠ is played
    # and nothing tells which: the other is taken as the pinochle's, so the twin J♦ makes no
    # second pinochle (it might break the once-per-class rule of 13.2 / 7.1).
    player = Player("KS QS KS QS JD JD")
    player.meld("marriage", "KS QS")
    player.meld("marriage", "KS QS")
    player.meld("pinochle", "QS JD")
    assert Counter(player.table) == Counter(parse_cards("KS KS QS QS JD"))  # a face-up Q♠ served
    assert player.offers("pinochle", "QS JD")  # the other face-up Q♠ and the twin J♦
    player.play("QS", face_up=True)
    assert not player.offers("pinochle", "QS JD")


# --- Shown, cards_to_table and bad input -----------------------------------------------


def test_shown_sorts_its_cards_and_checks_its_class() -> None:
    meld = Shown("royal marriage", "A", parse_cards("KH QH"), 40)
    assert meld.cards == tuple(sorted(parse_cards("QH KH")))
    assert str(meld) == "royal marriage K♥ Q♥: 40"
    with pytest.raises(ArgumentError, match="cls: expected A, the class of a run, found 'B'"):
        Shown("run", "B", (), 150)
    with pytest.raises(ArgumentError, match=r"kind: expected a meld kind, .* found 'roundhouse'"):
        Shown("roundhouse", "A", (), 240)


def test_cards_to_table_lays_one_hidden_card_when_the_table_would_do() -> None:
    # Kings around over four face-up marriage kings and a hidden twin K♠: one new card.
    player = Player("KS QS KH QH KD QD KC QC KS", trump=H)
    for suit in "SDC":
        player.meld("marriage", f"K{suit} Q{suit}")
    player.meld("royal marriage", "KH QH")
    (kings,) = meld_options(player.hand, player.table, player.shown, H, BICYCLE)
    assert kings.kind == "kings around"
    assert cards_to_table(kings, player.hand, player.table, player.shown) == parse_cards("KS")


def test_cards_to_table_refuses_a_meld_not_allowed_now() -> None:
    run = Shown("run", "A", parse_cards("AH TH KH QH JH"), 150)
    with pytest.raises(ArgumentError, match="meld: expected a meld the player may show now"):
        cards_to_table(run, parse_cards("AH TH KH QH JH"), parse_cards("AH TH KH QH JH"), [run])


def test_a_table_card_missing_from_the_hand_is_an_error() -> None:
    with pytest.raises(ArgumentError, match=r"table: .* found 2 × Q♠, and the hand only 1"):
        meld_options(parse_cards("QS JD"), parse_cards("QS QS"), [], H, BICYCLE)


def test_a_hand_the_deck_cannot_hold_is_a_deck_error() -> None:
    with pytest.raises(DeckError, match="3 × A♠"):
        meld_options(parse_cards("AS AS AS"), [], [], H, BICYCLE)


# --- Properties: physical cards ----------------------------------------------------------

Physical = tuple[Card, int]  # a card and which twin it is


def _melds(trump: Suit) -> list[tuple[str, str, tuple[Card, ...], int]]:
    """Every stock-phase meld (kind, class, cards, points), written from rules/meld#combining and
    rules/two-hand#values."""

    def cards(*names: str) -> tuple[Card, ...]:
        return tuple(sorted(parse_cards(names)))

    t = trump.letter
    melds = [
        ("run", "A", cards(f"A{t}", f"T{t}", f"K{t}", f"Q{t}", f"J{t}"), 150),
        ("royal marriage", "A", cards(f"K{t}", f"Q{t}"), 40),
        ("dix", "A", cards(f"9{t}"), 10),
        ("pinochle", "C", cards("QS", "JD"), 40),
        ("double pinochle", "C", cards("QS", "JD", "QS", "JD"), 300),
    ]
    melds += [("marriage", "A", cards(f"K{s}", f"Q{s}"), 20) for s in "CDHS" if s != t]
    for rank, name, points in zip(
        "AKQJ", ("aces", "kings", "queens", "jacks"), (100, 80, 60, 40), strict=True
    ):
        melds.append((f"{name} around", "B", cards(*(rank + s for s in "CDHS")), points))
    return melds


def _assignments(
    meld: Shown,
    hand: set[Physical],
    table: set[Physical],
    history: list[tuple[Shown, frozenset[Physical]]],
) -> list[frozenset[Physical]]:
    """The sets of physical held cards that could show this meld under rules/two-hand#stock-meld."""
    choices = [[p for p in hand if p[0] == card] for card in meld.cards]
    legal = []
    for pick in itertools.product(*choices):
        chosen = frozenset(pick)
        if len(chosen) < len(pick) or chosen <= table:  # a twin twice, or no new card
            continue
        # Within the class, a card serves again only in a higher-scoring meld.
        if all(
            earlier.points < meld.points
            for earlier, used in history
            if earlier.cls == meld.cls
            for p in chosen & used
        ):
            legal.append(chosen)
    return legal


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_every_option_is_legal_for_physical_cards(data: st.DataObject) -> None:
    trump = data.draw(st.sampled_from(Suit))
    # Only cards that meld (no tens and nines outside trump), often the cards of a few melds
    # only, so that melds, and melds over melds, come up often.
    rich = [c for c in CARDS if c.rank not in (Rank.NINE, Rank.TEN) or c.suit is trump]
    few = st.lists(st.sampled_from(_melds(trump)), min_size=1, max_size=4)
    pool = data.draw(
        st.one_of(st.just(rich), few.map(lambda ms: sorted({c for m in ms for c in m[2]})))
    )
    stock: list[Physical] = data.draw(st.permutations([(c, twin) for c in pool for twin in (0, 1)]))
    size = data.draw(st.integers(8, 20))
    hand, stock = set(stock[:size]), stock[size:]
    table: set[Physical] = set()
    history: list[tuple[Shown, frozenset[Physical]]] = []
    played = False
    for _ in range(data.draw(st.integers(1, 16))):
        cards = [p[0] for p in hand]
        options = meld_options(
            cards, [p[0] for p in table], [m for m, _ in history], trump, BICYCLE
        )
        assert len(set(options)) == len(options)
        expected = set(_melds(trump))
        for option in options:
            assert (option.kind, option.cls, option.cards, option.points) in expected
            assert _assignments(option, hand, table, history), f"{option} is not legal"
            assert all(card in cards for card in option.cards)
            assert any(p[0] in option.cards and p not in table for p in hand)
        if not played:  # nothing ambiguous yet: every legal meld is offered
            for kind, cls, melded, points in _melds(trump):
                meld = Shown(kind, cls, melded, points)
                assert bool(_assignments(meld, hand, table, history)) == (meld in options), meld
        action = data.draw(st.sampled_from(["meld", "meld", "meld", "play", "draw"]))
        if action == "meld" and options:
            meld = data.draw(st.sampled_from(options))
            laid = Counter(
                cards_to_table(meld, cards, [p[0] for p in table], [m for m, _ in history])
            )
            # The engine lays exactly these cards down; the rest come from the table.
            fits = [
                a
                for a in _assignments(meld, hand, table, history)
                if Counter(p[0] for p in a - table) == laid
            ]
            assert fits, f"{meld}: no legal way to lay {laid} down"

            # Twins are indistinguishable, so a player may always count an upgrade as
            # reusing the lower meld's own copies (a run grown from a royal marriage uses
            # that marriage's K and Q): the model in stock.py. Follow it, so the history
            # never spends an extra copy in the class.
            def reused(a: frozenset[Physical], meld: Shown = meld) -> int:
                lower = {
                    p
                    for m, used in history
                    if m.cls == meld.cls and m.points < meld.points
                    for p in used
                }
                return len(a & lower)

            best = max(reused(a) for a in fits)
            chosen = data.draw(st.sampled_from([a for a in fits if reused(a) == best]))
            table |= chosen
            history.append((meld, chosen))
        elif action == "play" and hand:
            gone = data.draw(st.sampled_from(sorted(hand, key=lambda p: (p[0].index, p[1]))))
            hand.discard(gone)
            table.discard(gone)
            played = True
        elif stock:
            hand.add(stock.pop())


@given(st.permutations([c for c in CARDS for _ in (0, 1)]), st.sampled_from(Suit))
def test_options_do_not_depend_on_the_order_of_the_hand(deck: list[Card], trump: Suit) -> None:
    hand = deck[:16]
    options = meld_options(hand, [], [], trump, BICYCLE)
    assert meld_options(sorted(hand), [], [], trump, BICYCLE) == options
    assert meld_options(hand[::-1], [], [], trump, BICYCLE) == options
