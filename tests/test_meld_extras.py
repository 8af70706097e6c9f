"""The extra melds (rules/meld#other-extras, rules/meld#double-deck-tables): grand pinochle,
the roundhouse bonus, a run joining the spare royal marriages, the house tables of
`meld.values`, and the quadruples that win the game outright (rules/meld#quadruple-wins).

Every value is the source's, quoted in the test (rules reference sections 7.4, 7.5 and 16).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pinochle as pn
from _bots_play import play_every_level
from pinochle.bots import make_bot
from pinochle.cards import Card, DeckKind, Rank, Suit, make_deck, parse_cards
from pinochle.cli import main
from pinochle.errors import VariantError
from pinochle.meld import highest_meld, meld_total, score_meld
from pinochle.scoring import game_end
from pinochle.sheet import ScoreSheet
from pinochle.variant import QuadrupleWin, Variant, load_variant

SINGLE = load_variant("pinochlerun")
TENS = SINGLE.with_scale(10)
DOUBLE = load_variant("pagat-double-deck")

GRAND = SINGLE.override({"meld": {"grand_pinochle": True}})
ROUNDHOUSE = TENS.override({"meld": {"roundhouse_bonus": 10}})
# A house page (rules reference 7.5, nyx.net): "double marriage in trump 30, triple 60,
# quadruple 120; run + extra marriage 45, + 2 marriages 75, + 3 marriages 135; quadruple
# run wins the game".
HOUSE = DOUBLE.override(
    {
        "meld": {
            "values": {"royal_marriage": [4, 30, 60, 120]},
            "run_joins_marriages": True,
            "quadruple_wins": ["run"],
        }
    }
)


def held(cards: str) -> tuple[Card, ...]:
    """The cards as `Meld.cards` lists them (`Card.index` order)."""
    return tuple(sorted(parse_cards(cards), key=lambda card: card.index))


def names(cards: str, trump: str | None, variant: Variant) -> list[tuple[str, int]]:
    return [(item.name, item.points) for item in score_meld(cards, trump, variant).items]


# --- Every key defaults to today's melds ----------------------------------------------------


def test_every_new_key_defaults_to_todays_meld() -> None:
    m = Variant().meld
    assert (m.grand_pinochle, m.roundhouse_bonus, m.run_joins_marriages) == (False, 0, False)
    assert m.quadruple_wins == ()
    assert m.values.grand_pinochle is None
    assert not Variant().checks.played
    # Nothing marks a meld of the default profile: no winner, no checks, the wire as before.
    meld = score_meld("KS QS JD KH QH KD QD KC QC", "C", SINGLE)
    assert (meld.total, meld.wins, meld.checks) == (28, None, 0)
    assert "grand pinochle" not in [name for name, _ in names("KS QS JD", None, SINGLE)]


# --- Grand pinochle (PAR) ------------------------------------------------------------------


def test_grand_pinochle_scores_six_by_agreement() -> None:
    """PAR, by agreement (rules reference 7.4): "Grand pinochle: K-spade, Q-spade, J-diamond
    6 / 60"."""
    assert names("KS QS JD", None, GRAND) == [("marriage", 2), ("grand pinochle", 6)]
    assert names("KS QS JD", None, SINGLE) == [("marriage", 2), ("pinochle", 4)]
    assert score_meld("KS QS JD", None, GRAND.with_scale(10)).total == 80  # 20 + 60
    assert score_meld("KS QS JD", None, GRAND).cards == held("KS QS JD")


def test_a_grand_pinochle_takes_one_pinochle_and_the_best_way_is_chosen() -> None:
    # A card serves once within a type: K♠ Q♠ J♦ + Q♠ J♦ is a grand pinochle and a pinochle
    # (10) or a double pinochle (30); the double is better, as for every multiple.
    assert names("KS QS JD QS JD", None, GRAND)[-1] == ("double pinochle", 30)
    # Doubles counted as singles (meld.doubles = "additive"): grand + pinochle 10 beats 8.
    additive = GRAND.override({"meld": {"doubles": "additive"}})
    assert sorted(names("KS QS JD QS JD", None, additive))[:2] == [
        ("grand pinochle", 6),
        ("marriage", 2),
    ]
    assert meld_total("KS QS JD QS JD", None, additive) == 2 + 6 + 4
    both_kings = names("KS KS QS QS JD JD", None, additive)
    assert both_kings.count(("grand pinochle", 6)) == 2  # 12 beats a pinochle's 8


def test_grand_pinochle_value_is_a_key_on_the_profiles_scale() -> None:
    house = GRAND.override({"meld": {"values": {"grand_pinochle": 7}}})
    assert names("KS QS JD", None, house)[-1] == ("grand pinochle", 7)
    assert house.with_scale(10).meld.values.grand_pinochle == 70
    with pytest.raises(VariantError, match=r"meld.values.grand_pinochle: .*grand_pinochle = true"):
        SINGLE.override({"meld": {"values": {"grand_pinochle": 7}}})


# --- The roundhouse bonus (WP) -------------------------------------------------------------


def test_the_roundhouse_bonus_makes_250() -> None:
    """WP (two-handed, with bidding): "Some varieties accept a 'round house', kings and
    queens of each suit, and earn a bonus 10 points awarding a total of 250 points."."""
    hand = "KS QS KH QH KD QD KC QC"
    assert score_meld(hand, "C", TENS).total == 240  # the sum of its parts (WP, UB)
    assert score_meld(hand, "C", ROUNDHOUSE).total == 250
    assert names(hand, "C", ROUNDHOUSE)[-1] == ("roundhouse bonus", 10)
    assert score_meld(hand, "C", ROUNDHOUSE).cards == held(hand)  # no card twice
    # Without a K and Q in every suit there is no roundhouse and no bonus.
    assert score_meld("KS QS KH QH KD QD KC", "C", ROUNDHOUSE).total == 80 + 40 + 20 * 2 - 20
    assert ROUNDHOUSE.with_scale(1).meld.roundhouse_bonus == 1


def test_the_roundhouse_bonus_counts_for_each_roundhouse() -> None:
    # Two roundhouses (every king and queen of the single deck): the bonus twice.
    hand = "KS KS QS QS KH KH QH QH KD KD QD QD KC KC QC QC"
    assert score_meld(hand, "C", ROUNDHOUSE).total == score_meld(hand, "C", TENS).total + 20


def test_highest_meld_counts_the_extras() -> None:
    # The bid limits rest on the exact highest meld: the extras raise it where they can.
    assert highest_meld(GRAND, 3) == 10  # K♠ Q♠ J♦, spades trump: 4 + grand pinochle 6
    assert highest_meld(SINGLE, 3) == 8
    # With every other meld of eight cards made small, the roundhouse is the best: in
    # trump 8 + 6 + 4 + 2 + 2 + 2 = 24, and the bonus on top.
    small = {"aces": [0, 0], "jacks": [0, 0], "kings": [8, 16], "queens": [6, 12]}
    small |= {"run": [0, 0], "pinochle": [0, 0], "dix": [0, 0]}
    rules = SINGLE.override({"meld": {"values": small}})
    assert highest_meld(rules, 8) == 24
    assert highest_meld(rules.override({"meld": {"roundhouse_bonus": 5}}), 8) == 29


# --- A run joining the spare royal marriages (a house table) -------------------------------


def test_the_house_table_run_with_extra_marriages() -> None:
    """A house page (rules reference 7.5): "double marriage in trump 30, triple 60,
    quadruple 120; run + extra marriage 45, + 2 marriages 75, + 3 marriages 135"."""
    run = "AH TH KH QH JH"
    assert names(run, "H", HOUSE) == [("run", 15)]
    assert names(f"{run} KH QH", "H", HOUSE) == [("run with double royal marriage", 45)]
    assert meld_total(f"{run} KH QH KH QH", "H", HOUSE) == 75
    assert meld_total(f"{run} KH QH KH QH KH QH", "H", HOUSE) == 135
    assert names("KH QH KH QH", "H", HOUSE) == [("double royal marriage", 30)]
    assert meld_total("KH QH KH QH KH QH", "H", HOUSE) == 60
    assert meld_total("KH QH KH QH KH QH KH QH", "H", HOUSE) == 120
    # Without the key the run absorbs its own K Q: run + royal marriage 19, so the two K Q
    # meld as a double royal marriage (30) instead, and the run is lost.
    plain = HOUSE.override({"meld": {"run_joins_marriages": False}})
    assert names(f"{run} KH QH", "H", plain) == [("double royal marriage", 30)]
    meld = score_meld(f"{run} KH QH", "H", HOUSE)
    assert meld.cards == held("AH TH KH KH QH QH JH")  # each card once


def test_run_joins_marriages_does_not_mix_with_the_other_run_rules() -> None:
    with pytest.raises(VariantError, match=r"run_joins_marriages: .*run_extras"):
        SINGLE.override({"meld": {"run_joins_marriages": True, "run_extras": True}})
    with pytest.raises(VariantError, match=r"run_joins_marriages: .*absorb"):
        SINGLE.override(
            {"meld": {"run_joins_marriages": True, "run_absorbs_royal_marriage": False}}
        )


# --- The other house tables are meld.values (rules/meld#double-deck-tables) ----------------


def test_the_five_hand_house_table_is_meld_values() -> None:
    """House notes (rules reference 7.5): "double marriages 30, triple 60, quad 90 (on top
    of everything); triple pinochle 45 or 90; quad pinochle 500"."""
    five = DOUBLE.override(
        {
            "meld": {
                "values": {
                    "marriage": [2, 30, 60, 90],
                    "royal_marriage": [4, 30, 60, 90],
                    "pinochle": [4, 30, 45, 500],
                }
            }
        }
    )
    assert meld_total("KS QS KS QS", "H", five) == 30
    assert meld_total("KH QH KH QH KH QH", "H", five) == 60
    assert names(" ".join(["QS JD"] * 4), "H", five)[-1] == ("quadruple pinochle", 500)
    assert names(" ".join(["QS JD"] * 3), "H", five)[-1] == ("triple pinochle", 45)


def racehorse() -> Variant:
    """WP's racehorse table as docs/rules/meld.md writes it (tens, double deck)."""
    return (
        load_variant("pagat-double-deck")
        .with_scale(10)
        .override(
            {
                "meld": {
                    "values": {
                        "run": [150, 300, 900, 900],
                        "royal_marriage": [40, 300, 900, 900],
                        "marriage": [20, 40, 60, 80],
                        "pinochle": [40, 300, 900, 900],
                        "aces": [100, 1000, 1000, 1000],
                        "kings": [80, 800, 800, 800],
                        "queens": [60, 600, 600, 600],
                    },
                    "quadruple_wins": ["run", "royal-marriage", "pinochle"],
                }
            }
        )
    )


def test_the_racehorse_table_loads_and_a_quadruple_is_the_game() -> None:
    """WP, racehorse: "Marriage 20 / 40 (trump) / 300 double / 900 triple / quadruple the
    game; Pinochle 40 / 300 / 900 / the game; Run 150 / 300 / 900 / the game"; "all runs,
    double, triple, and quadruple, marriages must be in trump"; arounds "Aces 100 / 1000
    twice around"."""
    variant = racehorse()
    assert meld_total("KH QH KH QH", "H", variant) == 300
    assert meld_total("KH QH KH QH KH QH", "H", variant) == 900
    assert meld_total("KS QS KS QS", "H", variant) == 40  # not in trump: two marriages
    assert meld_total("AH TH KH QH JH AH TH KH QH JH", "H", variant) == 300
    assert meld_total("AS AH AD AC AS AH AD AC", "H", variant) == 1000
    for cards, won in (
        (" ".join(["QS JD"] * 4), "quadruple pinochle"),
        (" ".join(["KH QH"] * 4), "quadruple royal marriage"),
        (" ".join(["AH TH KH QH JH"] * 4), "quadruple run"),
    ):
        assert score_meld(cards, "H", variant).wins == won
    assert score_meld(" ".join(["KS QS"] * 4), "H", variant).wins is None  # not in trump


# --- A quadruple that wins the game (rules/meld#quadruple-wins) ----------------------------


def test_a_quadruple_run_wins_and_is_always_melded_whole() -> None:
    """A house page (rules reference 7.5): "quadruple run wins the game"."""
    quadruple = " ".join(["AH TH KH QH JH"] * 4)
    meld = score_meld(quadruple, "H", HOUSE)
    assert meld.wins == "quadruple run"
    assert [item.name for item in meld.items] == ["quadruple run"]
    assert score_meld(quadruple, "S", HOUSE).wins is None  # only in trump
    assert score_meld(" ".join(["AH TH KH QH JH"] * 3), "H", HOUSE).wins is None
    assert score_meld(quadruple, "H", DOUBLE).wins is None  # the key is off
    # Even where the table would value three runs and a spare K Q higher, the winner is
    # melded whole (a quadruple scores at least the triple: a cross-key rule).
    low = DOUBLE.override(
        {"meld": {"values": {"run": [15, 150, 225, 225]}, "quadruple_wins": ["run"]}}
    )
    assert [i.name for i in score_meld(quadruple, "H", low).items] == ["quadruple run"]
    with pytest.raises(VariantError, match=r"meld.values.run: .*at least the triple"):
        DOUBLE.override(
            {"meld": {"values": {"run": [15, 150, 225, 200]}, "quadruple_wins": ["run"]}}
        )


def test_quadruple_wins_needs_the_double_deck_and_a_points_game() -> None:
    with pytest.raises(VariantError, match=r"quadruple_wins: .*four copies"):
        SINGLE.override({"meld": {"quadruple_wins": ["pinochle"]}})
    with pytest.raises(VariantError, match="quadruple_wins: names a meld twice"):
        DOUBLE.override({"meld": {"quadruple_wins": ["run", "run"]}})
    with pytest.raises(VariantError, match=r"quadruple_wins\[0\]: expected one of"):
        DOUBLE.override({"meld": {"quadruple_wins": ["flush"]}})
    assert [w.value for w in QuadrupleWin] == ["run", "royal-marriage", "pinochle"]


def test_game_end_names_the_side_that_melded_the_winning_quadruple() -> None:
    end = game_end(HOUSE, (120, 480), bidder=1, outright=0, winning_meld="quadruple run")
    assert end.winner == 0  # whatever the scores, and before the target
    assert end.reason == "side 0 melded quadruple run: it wins the game"
    assert game_end(HOUSE, (120, 480), bidder=1).winner is None


def quadruple_deal(seat: int) -> list[list[Card]]:
    """A double-deck deal in which ``seat`` holds all four Q♠ and all four J♦."""
    winning = [Card(Suit.SPADES, Rank.QUEEN)] * 4 + [Card(Suit.DIAMONDS, Rank.JACK)] * 4
    rest = list(make_deck(DeckKind.DOUBLE))
    for card in winning:
        rest.remove(card)
    cards = iter(rest)
    return [
        (winning if i == seat else []) + [next(cards) for _ in range(12 if i == seat else 20)]
        for i in range(4)
    ]


@pytest.mark.parametrize("seat", [0, 1])
def test_the_engine_ends_the_game_when_a_quadruple_pinochle_is_melded(seat: int) -> None:
    variant = DOUBLE.override({"meld": {"quadruple_wins": ["pinochle"]}})
    state = pn.new_game(variant, seed=5, hands=quadruple_deal(seat))
    bots = [make_bot("easy", seed=i) for i in range(4)]
    while not state.results:
        to_act = state.to_act
        assert to_act is not None
        state = pn.apply(state, bots[to_act].choose(pn.observe(state, to_act)))
    assert state.is_over
    assert state.winner == variant.side_of(seat)
    assert melded(state, seat) == "quadruple pinochle"
    # The wire carries it.
    assert melded(pn.State.from_json(state.to_json()), seat) == "quadruple pinochle"


def melded(state: pn.State, seat: int) -> str | None:
    """What the seat's meld of the last hand wins (`Meld.wins`)."""
    hand = state.game.last_hand
    assert hand is not None
    meld = hand.melds[seat]
    assert meld is not None
    return meld.wins


def test_the_score_sheet_records_the_side_that_melded_to_win(tmp_path: Path) -> None:
    variant = DOUBLE.override({"meld": {"quadruple_wins": ["pinochle"]}})
    sheet = ScoreSheet(variant).record(bidder=0, bid=60, meld=(30, 120), points=(30, 20))
    assert sheet.winner is None
    won = sheet.record(bidder=0, bid=60, meld=(30, 120), points=(30, 20), outright=1)
    assert won.winner == 1
    assert won.hands[-1].end.reason == "side 1 melded a quadruple: it wins the game"
    again = ScoreSheet.from_json(won.to_json())
    assert again == won
    assert again.hands[-1].record.outright == 1
    assert '"outright": 1' in won.to_json()
    assert "outright" not in sheet.to_json()  # written only when given
    with pytest.raises(pn.SheetError, match="outright: no meld wins the game outright"):
        ScoreSheet(DOUBLE).record(bidder=0, bid=60, meld=(30, 120), points=(30, 20), outright=1)
    with pytest.raises(pn.SheetError, match="outright: expected a side from 0 to 1, found 2"):
        sheet.record(bidder=0, bid=60, meld=(30, 120), points=(30, 20), outright=2)


def test_pinochle_score_add_outright_shows_the_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = tmp_path / "quadruple.toml"
    profile.write_text(
        'extends = "pagat-double-deck"\nname = "quadruple"\n\n'
        '[meld]\nquadruple_wins = ["pinochle"]\n',
        encoding="utf-8",
    )
    sheet = tmp_path / "game.json"
    assert main(["score", "new", str(sheet), "--variant", str(profile)]) == 0
    args = ["--bidder", "0", "--bid", "60", "--meld", "30", "120", "--points", "30", "20"]
    args += ["--outright", "1"]
    assert main(["score", "add", str(sheet), *args]) == 0
    out = capsys.readouterr().out
    assert "winner  side 1 (side 1 melded a quadruple: it wins the game)" in out
    assert json.loads(sheet.read_text("utf-8"))["hands"][0]["outright"] == 1


# --- Wire documents: the new fields only when set ------------------------------------------


def test_meld_marks_travel_on_the_wire_only_when_set() -> None:
    variant = DOUBLE.override({"meld": {"quadruple_wins": ["pinochle"]}})
    state = pn.new_game(variant, seed=5, hands=quadruple_deal(0))
    while state.phase is not pn.Phase.TRICKS and not state.results:
        state = pn.apply(
            state, pn.legal_actions(state)[-1 if state.phase is pn.Phase.AUCTION else 0]
        )
    melds = state.to_dict()["hand"]["melds"]
    assert melds[0]["wins"] == "quadruple pinochle"
    assert all("wins" not in meld and "checks" not in meld for meld in melds[1:])
    assert pn.State.from_dict(state.to_dict()) == state
    # A document without the fields (every earlier one) still reads.
    plain = pn.new_game(DOUBLE, seed=5, hands=quadruple_deal(0))
    assert pn.State.from_json(plain.to_json()) == plain


def test_every_bot_level_plays_a_house_profile_of_each_meld_key() -> None:
    # A small house profile per key; a game's first hands at every level, and the check
    # kit's invariants on random games (``pinochle check``).
    from pinochle.checking import check_variant

    for variant in (GRAND, ROUNDHOUSE, HOUSE, racehorse()):
        for game in play_every_level(variant, hands=1, seed=11):
            assert game.final.results or game.final.is_over, game.level
        report = check_variant(variant, games=6, seed=3)
        assert report.ok, report.summary()
