"""Six- and eight-hand tables (issue 32, point 1): the 96- and 120-card decks, `deal.teams`,
the triple deck's meld, and games that play, settle and observe by teams.

Sources as on docs/rules/deck-and-deal.md#other-tables and docs/rules/meld.md#bigger-tables.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle.cards import CARDS, DeckKind, Rank, check_in_deck, deck_size, make_deck
from pinochle.errors import DeckError, VariantError
from pinochle.testing import check_variant, games

BIGGER = ("six-hand-triple", "six-hand-96", "eight-hand")


# --- The decks ----------------------------------------------------------------------------


def test_the_triple_deck_is_six_of_each_card_without_nines() -> None:
    """WP: "Three pinochle decks (no nines), are mixed together, making a pack of 120 cards"."""
    deck = make_deck("triple")
    assert len(deck) == deck_size("triple") == 120
    assert Counter(deck) == {c: 6 for c in CARDS if c.rank is not Rank.NINE}


def test_the_96_card_deck_is_two_full_packs() -> None:
    """GPC: "played with two 48 card Pinocle packs shuffled together"."""
    deck = make_deck("double-nines")
    assert len(deck) == deck_size(DeckKind.DOUBLE_NINES) == 96
    assert Counter(deck) == {c: 4 for c in CARDS}


def test_a_deck_refuses_cards_it_does_not_hold() -> None:
    with pytest.raises(DeckError, match="triple deck: it has no nines"):
        check_in_deck(pn.parse_cards("9H"), "triple")
    with pytest.raises(DeckError, match="7 × A♥, but the triple deck has only 6"):
        check_in_deck(pn.parse_cards("AH " * 7), "triple")
    check_in_deck(pn.parse_cards("9H 9H 9H 9H"), "double-nines")
    with pytest.raises(DeckError, match="only 4"):
        check_in_deck(pn.parse_cards("9H " * 5), "double-nines")
    with pytest.raises(pn.ArgumentError, match="'triple'"):
        make_deck("quadruple")


# --- Teams ---------------------------------------------------------------------------------


def test_six_hands_play_three_against_three_in_alternate_seats() -> None:
    """WP: "six play in two partnerships of three each; each player has an opponent at his
    right and left"."""
    v = pn.load_variant("six-hand-triple")
    assert v.sides == 2
    assert [v.side_of(p) for p in range(6)] == [0, 1, 0, 1, 0, 1]
    assert v.partners_of(1) == (3, 5)


def test_eight_hands_play_in_four_teams_with_partners_opposite() -> None:
    """WP: eight players in four teams (partners opposite, as at four hands)."""
    v = pn.load_variant("eight-hand")
    assert v.sides == 4
    assert [v.side_of(p) for p in range(8)] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert v.partners_of(6) == (2,)


def test_eight_hands_with_96_cards_play_four_against_four() -> None:
    """GPC: "eight players form two partnerships of four players each sitting alternately"."""
    v = pn.load_variant("six-hand-96").override(
        {"deal": {"players": 8, "seated": 8, "hand": 12, "teams": 2}}
    )
    assert [v.side_of(p) for p in range(8)] == [0, 1, 0, 1, 0, 1, 0, 1]
    assert v.partners_of(0) == (2, 4, 6)


def test_four_hands_keep_their_two_teams() -> None:
    v = pn.load_variant("pinochlerun")
    assert v.deal.teams == 2
    assert [v.side_of(p) for p in range(4)] == [0, 1, 0, 1]
    assert v.partners_of(3) == (1,)
    assert pn.load_variant("cutthroat-3").partners_of(0) == ()


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"deal": {"players": 5, "seated": 5}}, "deal.players"),
        ({"deal": {"players": 7, "seated": 7}}, "deal.players"),
        ({"deal": {"players": 8, "seated": 8, "hand": 10, "teams": 3}}, "deal.teams"),
        ({"deal": {"players": 8, "seated": 8, "hand": 10, "teams": 8}}, "deal.teams"),
        ({"deal": {"teams": 1}}, "deal.teams"),
        ({"deal": {"players": 3, "seated": 3, "hand": 16}}, "deal.partnerships"),
    ],
)
def test_tables_that_do_not_split_into_teams_are_refused(
    changes: dict[str, dict[str, object]], key: str
) -> None:
    base = pn.load_variant("pagat-double-deck")
    with pytest.raises(VariantError) as caught:
        base.override(changes)
    assert key in [where for where, _ in caught.value.problems]


def test_passing_stays_a_four_hand_rule() -> None:
    """Passing goes between the bidder and the partner opposite (rules/passing-and-kitty)."""
    with pytest.raises(VariantError, match="four-hand rule") as caught:
        pn.load_variant("pagat-partnership").override(
            {"deal": {"deck": "double", "players": 8, "seated": 8, "hand": 10, "teams": 4}}
        )
    assert "passing.cards" in [where for where, _ in caught.value.problems]


# --- Meld ------------------------------------------------------------------------------------


def test_twenty_aces_in_the_triple_deck_are_double_and_triple_aces() -> None:
    """WP: "if a player should hold twenty aces, five of each suit, the value would be that
    of double aces and triple aces combined" (100 + 150 on the ones scale)."""
    v = pn.load_variant("six-hand-triple")
    meld = pn.score_meld("AS " * 5 + "AH " * 5 + "AD " * 5 + "AC " * 5, None, v)
    assert meld.total == 250
    assert pn.meld_values(v)["aces"] == (10, 100, 150, 200, 250, 300)


def test_the_triple_deck_keeps_the_double_deck_values_up_to_four_copies() -> None:
    """WP: "the rules of double deck pinochle apply"; only the extra copies are new."""
    double = pn.meld_values(pn.load_variant("pagat-double-deck"))
    triple = pn.meld_values(pn.load_variant("six-hand-triple"))
    assert {k: row[:4] for k, row in triple.items()} == double
    assert all(len(row) == 6 for row in triple.values())


def test_the_96_card_deck_counts_every_dix() -> None:
    v = pn.load_variant("six-hand-96")
    assert pn.meld_values(v)["dix"] == (10, 20, 30, 40)
    assert pn.score_meld("9H 9H 9H 9H", "H", v).total == 40


def test_the_triple_deck_has_75_trick_points() -> None:
    """WP: "the minimum bid is 75, and the last trick is worth 3 points": 72 counters + 3."""
    v = pn.load_variant("six-hand-triple")
    assert pn.deck_points(v) == 75
    assert v.bidding.minimum == 75


# --- Games -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BIGGER)
def test_a_new_game_deals_the_whole_deck(name: str) -> None:
    v = pn.load_variant(name)
    state = pn.new_game(v, seed=3)
    hands = [pn.observe(state, seat).hand for seat in range(v.deal.players)]
    assert all(len(h) == v.deal.hand for h in hands)
    assert Counter(c for h in hands for c in h) == Counter(make_deck(v.deal.deck))


@pytest.mark.parametrize("name", BIGGER)
def test_every_invariant_holds_over_random_games(name: str) -> None:
    report = check_variant(pn.load_variant(name), games=3, seed=11)
    assert report.ok, report


@pytest.mark.parametrize("name", BIGGER)
@settings(max_examples=6, deadline=None)
@given(data=st.data())
def test_teammates_share_one_score(name: str, data: st.DataObject) -> None:
    """The sides of the score are the teams; a team's meld is its players' together."""
    v = pn.load_variant(name)
    state = data.draw(games(v, max_actions=160))
    assert len(state.scores) == v.sides
    for seat in range(v.deal.players):
        view = pn.observe(state, seat)
        assert view.side_of(seat) == seat % v.deal.teams
        assert len(view.scores) == v.sides
    if state.hand.melds:
        for side in range(v.sides):
            team = [s for s in range(v.deal.players) if state.side_of(s) == side]
            shown = [state.hand.melds[s] for s in team]
            assert all(m is not None for m in shown) or not any(shown)
    for result in state.results:
        assert len(result.sides) == v.sides


# --- Pictures and names --------------------------------------------------------------------


@pytest.mark.parametrize("name", BIGGER)
def test_the_table_picture_puts_every_seat_in_its_own_place(name: str) -> None:
    import xml.etree.ElementTree as ET

    from pinochle import svg

    v = pn.load_variant(name)
    state = pn.new_game(v, seed=2)
    picture = svg.table(pn.observe(state, 1))
    root = ET.fromstring(picture)
    seats = [e for e in root.iter() if e.get("class") == "seat"]
    assert sorted(int(e.get("data-seat", "-1")) for e in seats) == list(range(v.deal.players))
    places = {svg._anchor(p) for k, p in svg._positions(v.deal.players).items() if k}
    assert len(places) == v.deal.players - 1  # no two seats drawn on top of each other


def test_team_names_list_every_partner() -> None:
    from pinochle.demo import side_name

    six = pn.load_variant("six-hand-triple")
    assert [side_name(six, side) for side in (0, 1)] == ["A-C-E", "B-D-F"]
    eight = pn.load_variant("eight-hand")
    assert [side_name(eight, side) for side in range(4)] == ["A-E", "B-F", "C-G", "D-H"]
    assert [side_name(pn.load_variant("pinochlerun"), s) for s in (0, 1)] == ["N-S", "E-W"]
