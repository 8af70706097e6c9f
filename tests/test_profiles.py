"""The built-in profiles (variants/*.toml) against the profile tables of
docs/profiles/index.md."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle import Variant, builtin_variants, load_variant

VARIANTS_DIR = Path(__file__).resolve().parents[1] / "variants"

# docs/profiles/index.md: the column order of its tables (four-hand, double deck, two
# and three hands).
SINGLE_DECK_4 = (
    "pinochlerun",
    "browser-game",
    "pagat-partnership",
    "post-1945-books",
    "hoyle-1914",
    "bicycle-partnership-auction",
)
DOUBLE_DECK = ("pinochlerun-double-deck", "pagat-double-deck", "npa-double-deck")
TWO_AND_THREE = ("bicycle-two-handed", "pagat-auction-3", "cutthroat-3")
# docs/profiles/index.md, the line under the table: alternative 3p profiles worth shipping.
ALTERNATIVE_3P = ("wikipedia-three-hand", "wikipedia-cutthroat", "parlett-three-hand")
# docs/profiles/index.md, the bigger tables (rules/deck-and-deal#other-tables).
BIGGER_TABLES = ("six-hand-triple", "six-hand-96", "eight-hand")
# docs/profiles/index.md, after them: the widow games of issue 32 (rules 6 and 14.3).
WIDOW_GAMES = ("wikipedia-four-hand-kitty", "bicycle-three-hand-double")
# docs/profiles/index.md, last: five hands with a called partner (rules/deck-and-deal#five-hands).
FIVE_HAND = ("five-hand", "five-hand-two-winner")
PROFILES = (
    SINGLE_DECK_4
    + DOUBLE_DECK
    + TWO_AND_THREE
    + ALTERNATIVE_3P
    + BIGGER_TABLES
    + WIDOW_GAMES
    + FIVE_HAND
)

N_A = "n/a"
"""A cell docs/profiles/index.md leaves empty because the rule does not arise in that game."""

# Each row: a schema key (docs/profiles/index.md names the columns' short names; the
# comment gives the row of the table), then one cell per column of the table, in the
# column order above. The values are spelt as in the TOML files: `False` is "none" for an
# optional number.
TABLE_18_1: dict[str, tuple[Any, ...]] = {
    "deal.deck": ("single",) * 6,  # deck / players
    "deal.players": (4,) * 6,
    "deal.partnerships": (True,) * 6,
    "deal.hand": (12,) * 6,  # hand / packets / kitty
    "deal.packet": (3, 3, 3, 3, 4, 3),
    "deal.kitty": (0,) * 6,
    "deal.stock": (False,) * 6,
    "scale": (1, 1, 10, 10, 10, 10),
    "bidding.minimum": (25, 20, 250, 250, 250, 100),  # min_bid / step
    "bidding.step": (1, 1, 10, 10, 10, 10),
    "bidding.step_threshold": (False,) * 6,
    "bidding.maximum": (100, False, False, False, False, False),  # max_bid
    "bidding.maximum_ends_auction": (True, N_A, N_A, N_A, N_A, N_A),  # "100, closes"
    "bidding.all_pass": ("dealer-forced", "last-must-bid", *("dealer-forced",) * 4),
    "trump.rule": ("any",) * 6,
    "passing.cards": (4, 0, 4, 4, 0, 0),  # pass_cards
    "meld.who": ("all",) * 6,
    "meld.table": ("single",) * 6,  # meld_table / doubles
    "meld.doubles": ("special",) * 6,
    "meld.run_extras": (False,) * 6,  # dailey_extras
    "meld.values": ({},) * 6,
    "play.first_lead": ("bidder",) * 5 + ("dealer-left",),
    "play.beat": ("always", "always", "always", "trump-led", "always", "trump-led"),  # must_head
    "play.beat_after_trump": (False,) * 6,  # head_after_ruff
    "play.must_trump": (True,) * 6,  # must_trump_void / overtrump / trump_if_cannot_over
    "play.must_overtrump": (True, True, True, False, True, False),
    "play.trump_when_cannot_overtrump": (True,) * 6,
    "counting.method": ("counters",) * 4 + ("classic", "counters"),  # count / last
    "counting.last_trick": (1, 1, 10, 10, 10, 10),
    "counting.rounding": ("none",) * 6,
    "settlement.save_meld": ("counter", "trick", "counter", "counter", "trick", "trick"),
    "settlement.save_meld_applies_to": (
        "defenders",
        "both",
        "defenders",
        "defenders",
        "both",
        "both",
    ),
    "settlement.nines_save_themselves": (True, False, True, True, False, False),  # nines_save
    "settlement.minimum_meld": (0,) * 6,  # 8: none in single-deck sources
    "settlement.made": ("all",) * 6,
    "settlement.set": ("minus-bid",) * 6,  # set_rule
    "settlement.out_of_reach": ("no-play", "play", "no-play", "no-play", "play", "play"),
    "settlement.surrender_defenders_score": ("meld",) * 6,  # "defenders +meld"
    "settlement.throw_in": (False, False, True, True, False, False),
    "game.scoring": ("points",) * 6,
    "game.target": (150, 150, 1500, 1500, 1000, 1000),
    "game.both_reach": ("bidder-wins",) * 5 + ("bidder-first",),
    "game.lose_at": (-300, False, False, False, False, False),  # lose_floor
}

TABLE_18_2: dict[str, tuple[Any, ...]] = {
    "deal.deck": ("double",) * 3,  # title: 80 cards, 20 each, ones
    "deal.players": (4,) * 3,
    "deal.partnerships": (True,) * 3,
    "deal.hand": (20,) * 3,
    "deal.packet": (4, 4, 4),  # packets (pagat: 4 or 5, or 2 then 3s)
    "deal.kitty": (0,) * 3,
    "deal.stock": (False,) * 3,
    "scale": (1,) * 3,
    "bidding.minimum": (50,) * 3,  # min_bid
    "bidding.step": (1,) * 3,  # bid_step: +1 to 60, then +5 / +1
    "bidding.step_threshold": (60, False, 60),
    "bidding.step_above": (5, False, 5),
    "bidding.maximum": (False,) * 3,
    "bidding.all_pass": ("dealer-forced",) * 3,
    "trump.rule": ("marriage",) * 3,  # trump_rule
    "trump.without_marriage": ("surrender",) * 3,  # no marriage
    "passing.cards": (0,) * 3,  # pass_cards
    "meld.who": ("all",) * 3,
    "meld.table": ("double-pagat", "double-pagat", "double-npa"),  # meld_table
    "meld.doubles": ("special",) * 3,  # 7.5: multiples take their own value
    "meld.values": ({},) * 3,
    "play.first_lead": ("bidder",) * 3,
    "play.beat": ("always",) * 3,  # must_head / ruff rules
    "play.beat_after_trump": (False,) * 3,
    "play.must_trump": (True,) * 3,
    "play.must_overtrump": (True,) * 3,
    "play.trump_when_cannot_overtrump": (True,) * 3,
    "counting.method": ("counters",) * 3,  # title: counters A/T/K = 1, last trick 2
    "counting.last_trick": (2,) * 3,
    "settlement.minimum_meld": (0, 0, 20),  # min_meld
    "settlement.save_meld": ("none", "none", 20),  # save_meld
    "settlement.save_meld_applies_to": (N_A, N_A, "both"),  # "both sides"
    "settlement.nines_save_themselves": (N_A,) * 3,  # no nines in the deck
    "settlement.out_of_reach": ("no-play",) * 3,  # out_of_reach
    "settlement.surrender_defenders_score": ("meld",) * 3,  # surrender: opponents get
    "settlement.made": ("all",) * 3,
    "settlement.set": ("minus-bid", "minus-bid", "npa"),  # set_rule
    "settlement.throw_in": (False, True, True),  # 11.6 (PG-DD surrenders), 19.3 (S0)
    "game.scoring": ("points",) * 3,
    "game.target": (500,) * 3,
    "game.both_reach": ("bidder-wins",) * 3,
    "game.lose_at": (False,) * 3,  # lose_floor
}

# rules/three-hand#auction-pinochle: 300-340 pays 1, 350-390 2, ... 550-590 10
WEBCASTY_SCHEDULE = [
    {"bid": 300, "pays": 1},
    {"bid": 350, "pays": 2},
    {"bid": 400, "pays": 4},
    {"bid": 450, "pays": 6},
    {"bid": 500, "pays": 8},
    {"bid": 550, "pays": 10},
]

TABLE_18_3: dict[str, tuple[Any, ...]] = {
    "deal.deck": ("single",) * 3,  # deck / players
    "deal.players": (2, 3, 3),
    "deal.partnerships": (False,) * 3,
    "deal.hand": (12, 15, 15),  # hand / kitty / stock
    "deal.kitty": (0, 3, 3),
    "deal.stock": (True, False, False),
    "deal.packet": (4, 3, 3),  # rules/deck-and-deal#hands: 3 or 4 / 3s / usually 3s
    "scale": (10,) * 3,
    "bidding.minimum": (N_A, 300, 250),  # bidding
    "bidding.step": (N_A, 10, 10),
    "bidding.maximum": (N_A, False, False),
    "bidding.all_pass": (N_A, "redeal", "dealer-forced"),
    "trump.rule": ("turn-up", "any", "any"),  # trump_rule
    "passing.cards": (0,) * 3,
    "meld.who": ("trick-winner", "bidder", "all"),  # who_melds
    "meld.table": ("single",) * 3,  # meld_table: bc2 / single_tens special doubles
    "meld.doubles": ("additive", "special", "special"),
    "meld.values": ({"pinochle": [40, 300]}, {}, {}),  # bc2: double pinochle 300
    "play.first_lead": ("dealer-left", "bidder", "bidder"),  # first_lead: non-dealer
    "play.beat": ("trump-led", "always", "always"),  # play: "win if trump led" / as PG-P
    "play.beat_after_trump": (False,) * 3,
    "play.must_trump": (True,) * 3,
    "play.must_overtrump": (N_A, True, True),  # never arises with two players
    "play.trump_when_cannot_overtrump": (N_A, True, True),
    "counting.method": ("classic", "counters", "counters"),  # count / last
    "counting.last_trick": (10,) * 3,
    "counting.rounding": ("nearest-ten", "none", "none"),  # "7-9 rounds to 10"
    "settlement.save_meld": ("none", "none", "trick"),  # save_meld: n/a, n/a, any_trick
    "settlement.save_meld_applies_to": (N_A, N_A, "both"),  # "per player"
    "settlement.nines_save_themselves": (N_A, N_A, False),
    "settlement.made": ("all", "bid", "all"),  # result
    "settlement.set": (N_A, "minus-bid", "minus-bid"),
    "settlement.out_of_reach": (N_A, "no-play", "no-play"),
    "settlement.throw_in": (N_A, True, True),  # concede = single bete / as PG-P
    "game.scoring": ("points", "chips", "points"),
    "game.target": (1000, False, 1500),  # target
    "game.both_reach": (N_A, N_A, "bidder-wins"),  # "bidder wins ties"
    "game.lose_at": (False,) * 3,
    "chips.schedule": (N_A, WEBCASTY_SCHEDULE, N_A),
    "chips.concede": (N_A, 1, N_A),  # concede = single
    "chips.set": (N_A, 2, N_A),  # lose after play = double
    "chips.suit_multipliers": (
        N_A,
        {"clubs": 1, "diamonds": 1, "hearts": 1, "spades": 2},  # spades double
        N_A,
    ),
}

# The alternative 3p line of 18.3 ("wikipedia-three-hand (20 min, +1, dealer 19, one trick
# saves, game 100), wikipedia-cutthroat (16 each, no kitty, bid-and-out), parlett-three-hand
# (16 each, turned trump, 1000 +250)"), filled in from
# rules/three-hand#everyone-melds (WP three-handed, WP cutthroat),
# rules/auction#minimum-and-step (WP three-handed row), rules/deck-and-deal#hands ("3p no
# widow": 16 each in 4s) and rules/game-end#target, rules/game-end#bid-and-out (target 100:
# WP 3-hand; bid-and-out: WP cutthroat).
TABLE_18_3_ALTERNATIVES: dict[str, tuple[Any, ...]] = {
    "deal.deck": ("single",) * 3,
    "deal.players": (3, 3, 3),
    "deal.partnerships": (False,) * 3,
    "deal.hand": (15, 16, 16),  # 15 + 3 kitty / all 48 dealt, 16 each
    "deal.kitty": (3, 0, 0),
    "deal.packet": (N_A, 4, 4),  # cutthroat: in 4s
    "deal.stock": (False,) * 3,
    "scale": (1, N_A, 10),  # bids from 20 by 1: the ones scale / "normal" bidding
    "bidding.minimum": (20, N_A, N_A),  # 20 min
    "bidding.step": (1, N_A, N_A),  # +1
    "bidding.dealer_minimum": (19, N_A, N_A),  # dealer 19 (4.1)
    "bidding.meld_must_open": (True, N_A, N_A),  # holder of meld must open (4.1, 4.2 d)
    "trump.rule": ("any", N_A, "turn-up"),  # bid winner names trump
    "kitty.shown": (True, N_A, N_A),  # shows kitty to all
    "kitty.buried_count": (True, N_A, N_A),  # discards count for the bidder
    "kitty.bury_meld": (False, N_A, N_A),  # sets aside 3 non-meld cards
    "passing.cards": (0,) * 3,
    "meld.who": ("all", N_A, "all"),  # others meld too
    "counting.method": ("counters", N_A, N_A),  # trick total stays 25 (6, kitty discards)
    "counting.last_trick": (1, N_A, N_A),
    "settlement.save_meld": ("trick", N_A, "trick"),  # one trick saves
    "settlement.save_meld_applies_to": ("both", N_A, "both"),  # each player
    "settlement.nines_save_themselves": (False, N_A, N_A),
    "settlement.set": ("minus-bid", N_A, N_A),  # failure = minus bid, meld cancelled
    "settlement.throw_in": (True, N_A, N_A),  # concession after kitty allowed
    "settlement.throw_in_at": ("after-trump", N_A, N_A),  # ... still naming trump (11.6)
    "settlement.surrender_defenders_score": ("meld", N_A, N_A),  # 11.6: others score meld
    "game.scoring": ("points",) * 3,
    "game.target": (100, N_A, 1000),  # game 100
    "game.bid_and_out": (False, True, False),  # bid-and-out: WP cutthroat only
    "game.both_reach": (N_A, N_A, "raise-target"),  # PAR: +250 when two reach together
    "game.raise_target_by": (N_A, N_A, 250),
    "play.first_lead": (N_A, N_A, "dealer-left"),  # PAR: eldest leads
}


# The bigger tables from their sources' text (rules/deck-and-deal#other-tables): WP's triple
# deck ("two partnerships of three each", 120 cards, "Each player is dealt 20 cards", "the
# minimum bid is 75, and the last trick is worth 3 points"), the book copy's 96-card game
# (six players "sitting alternately", "16 cards to each player in bundles of four", "turns
# up the last card dealt to himself to denote the trump suit", played as its Partnership
# Pinocle: A 11, 10 10, K 4, Q 3, J 2, last trick 10) and WP's eight-hand game (four teams,
# double deck, game 5,000 or more).
TABLE_BIGGER: dict[str, tuple[Any, ...]] = {
    "deal.deck": ("triple", "double-nines", "double"),
    "deal.players": (6, 6, 8),
    "deal.seated": (6, 6, 8),
    "deal.partnerships": (True, True, True),
    "deal.teams": (2, 2, 4),
    "deal.hand": (20, 16, 10),
    "deal.packet": (N_A, 4, N_A),
    "deal.kitty": (0, 0, 0),
    "trump.rule": (N_A, "turn-up", N_A),
    "bidding.minimum": (75, N_A, N_A),
    "counting.method": ("counters", "classic", "counters"),
    "counting.last_trick": (3, 10, 20),
    "scale": (1, 10, 10),
    "game.target": (N_A, N_A, 5000),
}


# rules 2 and 6 ("4p single deck with kitty: 11, 4-card kitty to the high bidder, who
# discards 4"; "kitty instead" of passing; WP four-hand: bids "100 or 250 by agreement; 150
# is typical" by 10, "the first player holding meld must open", game "often" 1,000) and
# 14.3 (BC-3D: "25 each + 5 widow (trump before widow) ...; game 4,550; min 500, dealer
# forced at 500 if first two pass; all meld but must win a scoring trick; bidder discards
# as many as taken; discards count; ... concession: each opponent meld + 100, bidder minus
# bid").
TABLE_WIDOWS: dict[str, tuple[Any, ...]] = {
    "deal.deck": ("single", "double"),
    "deal.players": (4, 3),
    "deal.partnerships": (True, False),
    "deal.hand": (11, 25),
    "deal.kitty": (4, 5),
    "scale": (10, 10),
    "bidding.minimum": (150, 500),
    "bidding.step": (10, 10),
    "bidding.meld_must_open": (True, False),
    "bidding.all_pass": (N_A, "dealer-forced"),
    "passing.cards": (0, 0),
    "kitty.trump_first": (False, True),
    "kitty.buried_count": (True, True),  # WP: by agreement (the choice); BC-3D: count
    "meld.who": ("all", "all"),
    "counting.last_trick": (10, 20),  # 250 / 500 in all
    "settlement.save_meld": (N_A, "scoring-trick"),
    "settlement.save_meld_applies_to": (N_A, "both"),
    "settlement.set": ("minus-bid", "minus-bid"),
    "settlement.throw_in": (N_A, True),
    "settlement.surrender_defenders_score": (N_A, "meld"),
    "settlement.surrender_bonus": (N_A, 100),
    "game.target": (1000, 4550),
}


# WP's five-hand game (rules/deck-and-deal#five-hands): "1.5 or 2 decks; the bidder calls a
# trump card to choose a partner": the double deck (16 each, nothing over), five players each
# on their own, the partner called. The house notes' two-winner game
# (rules/deck-and-deal#two-winners): "Double deck without nines is used. Bidding starts at
# 35. After the bid is won the winner asks for a card starting with the person on their
# Right." "The three non-bid partners: Each gets only their own melt. All three gets all
# their tricks." "Triple Pinochle is either 45 or 90 [...] Quad Pinochle is 500 points."
TABLE_FIVE: dict[str, tuple[Any, ...]] = {
    "deal.deck": ("double", "double"),
    "deal.players": (5, 5),
    "deal.seated": (5, 5),
    "deal.partnerships": (False, False),
    "deal.partner": ("called", "asked"),
    "deal.hand": (16, 16),
    "deal.kitty": (0, 0),
    "meld.who": ("all", "all"),
    "bidding.minimum": (40, 35),
    "settlement.defenders_pool_tricks": (False, True),
    "meld.values.marriage": (N_A, [2, 30, 60, 90]),
    "meld.values.royal_marriage": (N_A, [4, 30, 60, 90]),
    "meld.values.pinochle": (N_A, [4, 30, 45, 500]),
}


def expected_rows() -> Iterator[tuple[str, dict[str, Any]]]:
    """One (profile, {key: value}) per column of the tables, n/a cells left out."""
    for columns, table in (
        (BIGGER_TABLES, TABLE_BIGGER),
        (SINGLE_DECK_4, TABLE_18_1),
        (DOUBLE_DECK, TABLE_18_2),
        (TWO_AND_THREE, TABLE_18_3),
        (ALTERNATIVE_3P, TABLE_18_3_ALTERNATIVES),
        (WIDOW_GAMES, TABLE_WIDOWS),
        (FIVE_HAND, TABLE_FIVE),
    ):
        for key, cells in table.items():
            assert len(cells) == len(columns), f"row {key} has {len(cells)} cells"
        for i, name in enumerate(columns):
            yield name, {k: cells[i] for k, cells in table.items() if cells[i] != N_A}


EXPECTED = dict(expected_rows())


def lookup(data: Mapping[str, Any], dotted: str) -> Any:
    for part in dotted.split("."):
        data = data[part]
    return data


def key_paths(data: Mapping[str, Any], prefix: str = "") -> set[str]:
    """Every leaf key of a TOML-shaped mapping, dotted (lists are leaves)."""
    paths = set()
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            paths |= key_paths(value, f"{path}.")
        else:
            paths.add(path)
    return paths


def raw(name: str) -> dict[str, Any]:
    return tomllib.loads((VARIANTS_DIR / f"{name}.toml").read_text(encoding="utf-8"))


# --- The set of profiles ---------------------------------------------------------------


def test_builtin_variants_are_exactly_the_listed_profiles() -> None:
    assert builtin_variants() == tuple(sorted(PROFILES))
    assert sorted(p.stem for p in VARIANTS_DIR.glob("*.toml")) == sorted(PROFILES)


@pytest.mark.parametrize("name", PROFILES)
def test_profile_loads_by_name_and_round_trips(name: str) -> None:
    v = load_variant(name)
    assert v.name == name
    assert v.title
    assert "\n" not in v.title
    assert Variant.from_toml(v.to_toml()) == v


@pytest.mark.parametrize("name", PROFILES)
def test_file_states_every_key_or_extends_a_profile(name: str) -> None:
    data = raw(name)
    schema = key_paths(load_variant(name).to_dict())
    stated = key_paths(data) - {"extends"}
    overrides = {p for p in stated if p.startswith("meld.values.")}
    assert stated - overrides <= schema
    if "extends" in data:
        assert data["extends"] in PROFILES
    else:
        assert stated - overrides == {p for p in schema if not p.startswith("meld.values.")}


@pytest.mark.parametrize("name", PROFILES)
def test_file_header_names_the_game_its_sources_and_choices(name: str) -> None:
    text = (VARIANTS_DIR / f"{name}.toml").read_text(encoding="utf-8")
    header = "\n".join(re.findall(r"^#.*$", text.split("\n\n", 1)[0], re.MULTILINE))
    assert header, "the file starts with comments"
    # rules/sources: the source keys.
    sources = r"S[012]|PG-[PA3]|PG-DD|BC-(2|PA|3D)|NPA|HOY|WP|PAR|GPC|EF"
    assert re.search(rf"Source: .*\b({sources})\b", header)
    assert f"docs/profiles/{name}.md" in header, "cites its profile page"
    assert "Silent points" in header


# --- Values against docs/profiles/index.md --------------------------------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_profile_matches_its_column_in_rules_18(name: str) -> None:
    data = load_variant(name).to_dict()
    expected = EXPECTED[name]
    actual = {key: lookup(data, key) for key in expected}
    assert actual == expected


# rules/counting#methods: trick value of A, T, K, Q, J, 9 for each counting method, on
# each scale where it exists (classic and simplified only on tens: rules/index#scale,
# rules/counting#choice-ones-scale-counting).
CARD_VALUES = {
    ("counters", 1): (1, 1, 1, 0, 0, 0),
    ("counters", 10): (10, 10, 10, 0, 0, 0),
    ("classic", 10): (11, 10, 4, 3, 2, 0),
    ("simplified", 10): (10, 10, 5, 5, 0, 0),
}
# rules/deck-and-deal#card-order: copies of each card, and ranks in the deck (A T K Q J 9; no
# nines in the double).
DECKS = {"single": (2, 6), "double": (4, 5), "double-nines": (4, 6), "triple": (6, 5)}
# rules/counting#methods, "Deck total" column; the triple deck's 75 is WP's ("the minimum
# bid is 75, and the last trick is worth 3 points"): 72 counters and the last trick.
DECK_TOTAL = {
    ("single", 1): 25,
    ("single", 10): 250,
    ("double", 1): 50,
    ("double", 10): 500,
    ("double-nines", 10): 490,
    ("triple", 1): 75,
}


@pytest.mark.parametrize("name", PROFILES)
def test_trick_points_of_the_deck_add_up_to_rules_10(name: str) -> None:
    v = load_variant(name)
    copies, ranks = DECKS[v.deal.deck.value]
    values = CARD_VALUES[(v.counting.method.value, v.scale)][:ranks]
    total = 4 * copies * sum(values) + v.counting.last_trick
    assert total == DECK_TOTAL[(v.deal.deck.value, v.scale)]


def test_post_1945_books_is_pagat_partnership_with_the_post_1945_play_rule() -> None:
    # rules/trick-play#choice-post-1945-profile: post-1945-books is pagat-partnership with the
    # post-1945 play rule.
    pagat = load_variant("pagat-partnership")
    books = load_variant("post-1945-books")
    assert books == pagat.override(
        {
            "name": "post-1945-books",
            "title": books.title,
            "play": {"beat": "trump-led", "must_overtrump": False},
        }
    )


def test_wikipedia_cutthroat_is_cutthroat_3_dealt_out_with_bid_and_out() -> None:
    # rules/three-hand#everyone-melds: WP cutthroat deals all 48, 16 each in 4s, no
    # kitty, with "normal bidding and scoring" (taken as cutthroat-3,
    # rules/three-hand#choice-pagat-cutthroat) and only "bid and out" wins.
    cutthroat = load_variant("cutthroat-3")
    wp = load_variant("wikipedia-cutthroat")
    assert wp == cutthroat.override(
        {
            "name": "wikipedia-cutthroat",
            "title": wp.title,
            "deal": {"hand": 16, "packet": 4, "kitty": 0},
            "game": {"bid_and_out": True},
        }
    )


# --- The default profile ---------------------------------------------------------------


def test_variant_defaults_are_the_pinochlerun_rules() -> None:
    assert load_variant("pinochlerun").override({"name": "custom", "title": ""}) == Variant()


# --- House files on top of a profile ---------------------------------------------------


@given(
    name=st.sampled_from(PROFILES),
    target=st.integers(min_value=1, max_value=10_000),
)
def test_house_file_extends_a_profile_and_changes_one_key(name: str, target: int) -> None:
    base = load_variant(name)
    if base.game.lose_at is not None:
        target = max(target, base.game.lose_at + 1)
    text = f'extends = "{name}"\nname = "house"\ntitle = "Ours"\n\n[game]\ntarget = {target}\n'
    house = Variant.from_toml(text, source="house.toml")
    expected = base.to_dict()
    expected["name"] = "house"
    expected["title"] = "Ours"
    expected["game"]["target"] = target
    assert house.to_dict() == expected


# --- The docs pages (docs/profiles) ----------------------------------------------------

DOCS_DIR = Path(__file__).resolve().parents[1] / "docs" / "profiles"
SECTION = re.compile(r"^### `\[([a-z_.]+)\]`")
ROW = re.compile(r"^\| `([a-z_]+)` \| `(.+)` \| ")
SCHEDULE_ROW = re.compile(r"^\| (\d+) \| (\d+) \|$")


def documented_settings(name: str) -> tuple[dict[str, Any], list[dict[str, int]]]:
    """The settings tables of a profile's page: {dotted key: value} and the chip schedule."""
    settings: dict[str, Any] = {}
    schedule = []
    section = ""
    for line in (DOCS_DIR / f"{name}.md").read_text(encoding="utf-8").splitlines():
        if match := SECTION.match(line):
            section = f"{match[1]}."
        elif match := ROW.match(line):
            settings[section + match[1]] = tomllib.loads(f"v = {match[2]}")["v"]
        elif match := SCHEDULE_ROW.match(line):
            schedule.append({"bid": int(match[1]), "pays": int(match[2])})
    return settings, schedule


def test_docs_index_lists_every_profile() -> None:
    index = (DOCS_DIR / "index.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| \[`([a-z0-9-]+)`\]\(([a-z0-9-]+)\.md\) \|", index, re.MULTILINE)
    assert listed == [(name, name) for name in PROFILES]


@pytest.mark.parametrize("name", PROFILES)
def test_docs_page_shows_the_profile_settings(name: str) -> None:
    v = load_variant(name)
    data = v.to_dict()
    settings, schedule = documented_settings(name)
    assert settings == {key: lookup(data, key) for key in settings}
    shown = set(settings) | ({"chips.schedule"} if schedule else set())
    if v.game.scoring.value == "points":  # a points game leaves [chips] out of the page
        shown |= {p for p in key_paths(data) if p.startswith("chips.")}
    assert shown == key_paths(data)
    assert schedule == data["chips"]["schedule"]


@pytest.mark.parametrize("name", PROFILES)
def test_docs_page_use_it_snippets_load(name: str) -> None:
    page = (DOCS_DIR / f"{name}.md").read_text(encoding="utf-8")
    assert f'pn.load_variant("{name}")' in page
    (house_text,) = re.findall(r"```toml\n(.*?)```", page, re.DOTALL)
    assert f'extends = "{name}"' in house_text
    house = Variant.from_toml(house_text, source="house.toml")
    assert house.name == "house"
    assert house != load_variant(name).override({"name": "house"})
