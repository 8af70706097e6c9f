"""One and a half packs (issue 32, point 1: five hands with "1.5 or 2 decks").

Sources as on docs/rules/deck-and-deal.md#choice-one-and-a-half and
docs/rules/meld.md#bigger-tables: WP gives five players "1.5 or 2 decks" and says of the deck
and a half only that nines are "added or removed to even the deal". The library's readings:
``deal.deck = "one-and-a-half"`` (every nine removed, 60 cards) and
``"one-and-a-half-nines"`` (every nine kept, 72 cards).
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

import pinochle as pn
from _bots_play import play_every_level
from pinochle.analysis import EXACT_FROM, WORLDS
from pinochle.bots import make_bot
from pinochle.bots.expert import PLAYOUT, SAMPLES
from pinochle.bots.memory import _glance
from pinochle.cards import (
    CARDS,
    DeckKind,
    Rank,
    check_in_deck,
    copies_in_deck,
    deck_has_nines,
    deck_size,
    make_deck,
)
from pinochle.errors import DeckError, VariantError
from pinochle.testing import check_variant, variants

PAGE = Path(__file__).resolve().parents[1] / "docs" / "rules" / "deck-and-deal.md"
SIXTY = DeckKind.ONE_AND_A_HALF
SEVENTY_TWO = DeckKind.ONE_AND_A_HALF_NINES


def _snippet() -> pn.Variant:
    """The five-hand house file on the rules page, loaded as a user would."""
    text = PAGE.read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```toml\n(.*?)```", text, re.S) if "one-and-a-half" in b]
    return pn.Variant.from_dict(tomllib.loads(block), source="deck-and-deal.md")


FIVE_60 = _snippet()
FOUR_72 = pn.load_variant("pagat-double-deck").override(
    {"deal": {"deck": "one-and-a-half-nines", "hand": 18}}
)


# --- The decks ----------------------------------------------------------------------------


def test_one_and_a_half_packs_without_nines_are_three_of_each_of_a_ten_king_queen_jack() -> None:
    """WP: "1.5 or 2 decks" for five, nines "added or removed to even the deal". Half a pack
    more is a third copy of every card; with every nine removed, 60 cards."""
    deck = make_deck("one-and-a-half")
    assert len(deck) == deck_size("one-and-a-half") == 60
    assert Counter(deck) == {c: 3 for c in CARDS if c.rank is not Rank.NINE}
    assert copies_in_deck(SIXTY) == 3
    assert not deck_has_nines(SIXTY)


def test_one_and_a_half_packs_with_nines_are_three_of_each_card() -> None:
    """The other reading: every nine kept, three copies of all 24 cards, 72 cards."""
    deck = make_deck(SEVENTY_TWO)
    assert len(deck) == deck_size(SEVENTY_TWO) == 72
    assert Counter(deck) == {c: 3 for c in CARDS}
    assert deck_has_nines(SEVENTY_TWO)


def test_the_decks_refuse_cards_they_do_not_hold() -> None:
    with pytest.raises(DeckError, match="one-and-a-half deck: it has no nines"):
        check_in_deck(pn.parse_cards("9H"), "one-and-a-half")
    with pytest.raises(DeckError, match="4 × A♥, but the one-and-a-half deck has only 3"):
        check_in_deck(pn.parse_cards("AH AH AH AH"), "one-and-a-half")
    check_in_deck(pn.parse_cards("9H 9H 9H"), SEVENTY_TWO)
    with pytest.raises(DeckError, match="one-and-a-half-nines deck has only 3"):
        check_in_deck(pn.parse_cards("9H 9H 9H 9H"), SEVENTY_TWO)


@pytest.mark.parametrize(("players", "hand"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_sixty_cards_deal_evenly(players: int, hand: int) -> None:
    """The five-hand reading: 12 each at five, 15 at four, 20 at three, 10 at six."""
    base = "five-hand" if players == 5 else "pagat-double-deck"
    deal = {"deck": "one-and-a-half", "players": players, "seated": players, "hand": hand}
    if players != 4:
        deal["partnerships"] = players == 6
    v = pn.load_variant(base).override({"deal": deal, "passing": {"cards": 0}})
    state = pn.new_game(v, seed=1)
    assert [len(h) for h in state.hands] == [hand] * players


@pytest.mark.parametrize(("players", "hand"), [(3, 24), (4, 18), (6, 12), (8, 9)])
def test_seventy_two_cards_deal_evenly_at_three_four_six_and_eight(players: int, hand: int) -> None:
    deal = {"deck": "one-and-a-half-nines", "players": players, "seated": players, "hand": hand}
    if players in (6, 8):
        deal.update(partnerships=True, teams=2)
    elif players == 3:
        deal["partnerships"] = False
    v = pn.load_variant("pagat-double-deck").override({"deal": deal, "passing": {"cards": 0}})
    state = pn.new_game(v, seed=2)
    assert [len(h) for h in state.hands] == [hand] * players
    assert Counter(c for h in state.hands for c in h) == Counter(make_deck(SEVENTY_TWO))


def test_seventy_two_cards_do_not_deal_evenly_at_five() -> None:
    with pytest.raises(VariantError, match=r"deal\.hand: 14 cards × 5 players .* 72 cards"):
        pn.load_variant("five-hand").override(
            {"deal": {"deck": "one-and-a-half-nines", "hand": 14}}
        )


# --- Meld ---------------------------------------------------------------------------------


def test_three_copies_score_the_double_deck_tables_triples() -> None:
    """rules/meld#bigger-tables: the first three columns of the double-deck table, so triple
    pinochle and triple aces around score as on the double deck (Pagat: 60 and 150)."""
    double = pn.load_variant("five-hand")
    cards = "QS QS QS JD JD JD " + "AS AH AD AC " * 3
    for v in (FIVE_60, FOUR_72):
        meld = pn.score_meld(cards, "H", v)
        points = {item.name: item.points for item in meld.items}
        on_double = {i.name: i.points for i in pn.score_meld(cards, "H", double).items}
        assert points == on_double == {"triple pinochle": 60, "triple aces around": 150}
    assert pn.meld_values(FIVE_60)["pinochle"] == (4, 30, 60)
    assert all(len(row) == 3 for key, row in pn.meld_values(FIVE_60).items())
    assert pn.meld_values(FOUR_72.with_scale(10))["aces"] == (100, 1000, 1500)


def test_the_72_card_deck_counts_each_dix() -> None:
    """As the 96-card deck: each dix 1, as the single deck counts its two."""
    assert pn.meld_values(FOUR_72)["dix"] == (1, 2, 3)
    assert "dix" not in pn.meld_values(FIVE_60)
    meld = pn.score_meld("9H 9H 9H", "H", FOUR_72)
    assert meld.total == 3


@pytest.mark.parametrize(
    ("changes", "where"),
    [
        ({"meld": {"values": {"aces": [10, 100, 150, 200]}}}, r"meld\.values\.aces: expected 3"),
        ({"meld": {"quadruple_wins": ["pinochle"]}}, r"meld\.quadruple_wins: .* holds 3"),
        ({"deal": {"misdeal": "five-nines"}}, r"deal\.misdeal: 'five-nines' counts nines"),
        ({"meld": {"values": {"dix": [1, 2, 3]}}}, r"meld\.values\.dix: .* has no nines"),
        ({"meld": {"table": "single"}}, r"meld\.table: .* one-and-a-half deck"),
    ],
)
def test_what_needs_four_copies_or_nines_is_refused_naming_the_key(
    changes: dict[str, object], where: str
) -> None:
    with pytest.raises(VariantError, match=where):
        FIVE_60.override(changes)


# --- The five-hand house file ---------------------------------------------------------------


def test_the_five_hand_house_file_deals_twelve_each_and_bids_from_30() -> None:
    assert FIVE_60.deal.deck is SIXTY
    assert FIVE_60.deal.players == 5
    assert FIVE_60.deal.hand == 12
    assert FIVE_60.bidding.minimum == 30
    assert FIVE_60.deal.partner is pn.variant.Partner.CALLED
    assert pn.deck_points(FIVE_60) == 36 + 2  # 36 counters and the last trick


def test_pinochle_check_passes_on_the_house_file() -> None:
    check_variant(FIVE_60, games=4, seed=0).raise_if_failed()
    check_variant(FOUR_72, games=2, seed=0).raise_if_failed()


def test_every_bot_level_finishes_a_five_hand_game_on_sixty_cards() -> None:
    for game in play_every_level(FIVE_60.override({"game": {"hands": 3}})):
        assert game.final.is_over, game.level
        assert len(game.final.results) == 3
        assert any(r.bidder is not None for r in game.final.results), game.level


# --- Random games -------------------------------------------------------------------------


def test_random_profiles_draw_the_decks_of_one_and_a_half_packs() -> None:
    """`pinochle.testing.variants` moves a double-deck profile to these decks where they
    deal evenly: the 60-card deck at five hands, the 72-card deck at four."""
    keys = frozenset({("deal", "deck")})
    five = find(variants("five-hand", keys=keys), lambda v: v.deal.deck is SIXTY)
    assert five.deal.hand == 12
    four = find(variants("pagat-double-deck", keys=keys), lambda v: v.deal.deck is SEVENTY_TWO)
    assert four.deal.hand == 18
    assert find(variants("pagat-double-deck", keys=keys), lambda v: v.deal.deck is SIXTY)


@settings(max_examples=6, deadline=None)
@given(
    data=st.data(),
    base=st.sampled_from(["five-hand", "pagat-double-deck", "six-hand-triple", "eight-hand"]),
)
def test_random_house_games_on_one_and_a_half_packs_keep_every_invariant(
    data: st.DataObject, base: str
) -> None:
    rules = data.draw(
        variants(base).filter(lambda v: v.deal.deck in (SIXTY, SEVENTY_TWO)), label="rules"
    )
    seed = data.draw(st.integers(0, 99), label="seed")
    check_variant(rules, games=1, seed=seed, max_hands=2).raise_if_failed()


# --- Every table by deck ---------------------------------------------------------------------


def test_every_deck_has_its_sample_and_playout_sizes() -> None:
    for table in (SAMPLES, PLAYOUT, WORLDS, EXACT_FROM):
        assert set(table) == set(DeckKind)


@pytest.mark.parametrize("base", ["six-hand-96", "six-hand-triple", "five-hand", "four-72"])
def test_medium_takes_every_copy_it_has_not_seen_to_be_out(base: str) -> None:
    """Medium's glance (docs/bots.md): a card it cannot see is still out. On the 96-card deck
    the nines are out too, on the triple deck a fifth and sixth copy, on 72 cards a third."""
    v = FOUR_72 if base == "four-72" else pn.load_variant(base)
    bot = make_bot("easy", seed=5)
    state = pn.new_game(v, seed=5)
    while state.phase is not pn.Phase.TRICKS:
        assert state.to_act is not None
        state = pn.apply(state, bot.choose(pn.observe(state, state.to_act)))
    seat = state.to_act
    assert seat is not None
    view = pn.observe(state, seat)
    free = _glance(view).free
    seen = Counter(view.hand)
    for meld in view.melds or ():
        if meld is not None:
            seen.update(c for item in meld.items for c in item.cards)
    held = Counter(make_deck(v.deal.deck))
    for card in CARDS:
        if held[card] > seen[card]:
            assert free >> card.index & 1, card
        if not held[card]:
            assert not free >> card.index & 1, card
