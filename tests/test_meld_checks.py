"""Check pinochle's side payments (rules/settlement#checks): the ``[checks]`` keys.

Wikipedia's check pinochle, a gambling variant of three-hand (rules reference section 16):
"It is the same as to 1000, except that players keep track of 'checks'. If playing for $1
stakes, each check gained means that the other two players owe a dollar." Each test quotes
the event it checks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import pinochle as pn
from _bots_play import play_every_level
from pinochle.bots import make_bot
from pinochle.checking import check_variant
from pinochle.cli import main
from pinochle.errors import SettlementError, SheetError, VariantError
from pinochle.meld import score_meld
from pinochle.scoring import Outcome, settle_hand
from pinochle.sheet import ScoreSheet
from pinochle.variant import Variant, load_variant

WP_CHECKS = {
    "run": 1,
    "aces": 1,
    "roundhouse": 2,
    "double_marriage": 1,
    "double_pinochle": 1,
    "double_around": 2,
    "seven_nines": 5,
    "game": 5,
    "lost_after_talon": -1,
    "lost_playing": -1,
}
CHECK = load_variant("wikipedia-three-hand").override({"checks": WP_CHECKS})


def checks(cards: str, trump: str | None) -> int:
    return score_meld(cards, trump, CHECK).checks


def test_checks_default_to_none() -> None:
    plain = load_variant("wikipedia-three-hand")
    assert not plain.checks.played
    assert score_meld("AH TH KH QH JH", "H", plain).checks == 0
    result = settle_hand(
        plain, bidder=0, bid=30, meld=(20, 0, 0), points=(0, 12, 13), tricks=(0, 8, 7)
    )
    assert result.checks == ()
    assert "checks" not in result.to_dict()  # the wire as before


@pytest.mark.parametrize(
    ("cards", "trump", "count"),
    [
        ("AH TH KH QH JH", "H", 1),  # "Flush or run +1 check"
        ("AH TH KH QH JH", "S", 0),  # a run must be in trump
        ("AS AH AD AC", None, 1),  # "Aces +1 check"
        ("KS QS KH QH KD QD KC QC", "C", 2),  # "Roundtable +2 checks (marriage in each suit)"
        ("KH KH QH QH", None, 1),  # "Double marriage (two marriages in same suit) +1 check"
        ("KH KH QH QH KS KS QS QS", None, 2),  # one for each suit
        ("QS QS JD JD", None, 1),  # "Double pinochle +1 check"
        ("AS AS AH AH AD AD AC AC", None, 2),  # "Double aces, ... +2 checks"
        ("JS JS JH JH JD JD JC JC", None, 2),  # double jacks
        ("9S 9S 9H 9H 9D 9D 9C", None, 5),  # "7 nines +5 or +10 checks"
        ("9S 9S 9H 9H 9D 9D", None, 0),
    ],
)
def test_the_checks_for_meld(cards: str, trump: str | None, count: int) -> None:
    assert checks(cards, trump) == count


def test_a_run_beside_one_spare_marriage_is_no_double_marriage() -> None:
    # The run holds one K Q of trump; a double marriage needs two more.
    assert checks("AH TH KH KH QH QH JH", "H") == 1
    assert checks("AH TH KH KH QH QH JH", None) == 1  # as a plain suit: the double marriage


def test_the_bidder_loses_checks_for_losing_a_hand_it_saw_the_widow_for() -> None:
    """WP: "Looking at the 'talon' and losing the hand (either by conceding or playing) -1
    check"; "Playing the hand and losing -1 additional check"; "checks for meld can be
    earned either by the bidder or non-bidder. Checks are kept even if the bid is not
    made."."""
    made = settle_hand(
        CHECK,
        bidder=0,
        bid=30,
        meld=(20, 0, 0),
        points=(12, 6, 7),
        tricks=(6, 4, 5),
        checks=(1, 0, 2),
    )
    assert (made.outcome, made.checks) == (Outcome.MADE, (1, 0, 2))
    setback = settle_hand(
        CHECK,
        bidder=0,
        bid=40,
        meld=(20, 0, 0),
        points=(12, 6, 7),
        tricks=(6, 4, 5),
        checks=(1, 0, 2),
    )
    assert (setback.outcome, setback.checks) == (Outcome.SET, (1 - 2, 0, 2))
    thrown = settle_hand(CHECK, bidder=1, bid=40, meld=(0, 20, 0), thrown_in=True)
    assert (thrown.outcome, thrown.checks) == (Outcome.THROWN_IN, (0, -1, 0))
    # A game without a widow: the bidder never looked at one.
    no_widow = load_variant("wikipedia-cutthroat").override({"checks": WP_CHECKS})
    assert no_widow.deal.kitty == 0
    lost = settle_hand(no_widow, bidder=0, bid=400, meld=(200, 0, 0), points=(120, 60, 70))
    assert lost.checks == (-1, 0, 0)


def test_each_check_gained_is_owed_by_the_other_players() -> None:
    """WP: "each check gained means that the other two players owe a dollar"."""
    result = settle_hand(
        CHECK,
        bidder=0,
        bid=40,
        meld=(20, 0, 0),
        points=(12, 6, 7),
        tricks=(6, 4, 5),
        checks=(4, 0, 1),
    )
    assert result.checks == (2, 0, 1)
    # Side 0 gains 2 from each of the others, side 2 gains 1 from each: 2 + 2 - 1 = 3, ...
    assert result.check_payments == (3, -3, 0)
    assert sum(result.check_payments) == 0
    assert pn.HandResult.from_json(result.to_json()) == result


def test_settle_hand_refuses_checks_it_cannot_use() -> None:
    plain = load_variant("wikipedia-three-hand")
    with pytest.raises(SettlementError, match="checks: the profile plays no checks"):
        settle_hand(
            plain,
            bidder=0,
            bid=30,
            meld=(20, 0, 0),
            points=(0, 12, 13),
            tricks=(0, 8, 7),
            checks=(1, 0, 0),
        )
    with pytest.raises(SettlementError, match="checks: expected 3 values"):
        settle_hand(
            CHECK,
            bidder=0,
            bid=30,
            meld=(20, 0, 0),
            points=(0, 12, 13),
            tricks=(0, 8, 7),
            checks=(1, 0),
        )
    with pytest.raises(pn.ArgumentError, match="checks"):
        settle_hand(
            CHECK,
            bidder=0,
            bid=30,
            meld=(20, 0, 0),
            points=(0, 12, 13),
            tricks=(0, 8, 7),
            checks="1",  # type: ignore[arg-type]
        )


def test_the_game_winner_gains_its_checks_on_the_last_hand() -> None:
    """WP: "Winning the game +5 or +10 checks"."""
    sheet = ScoreSheet(CHECK, (95, 0, 0))
    won = sheet.record(
        bidder=0, bid=20, meld=(10, 0, 0), points=(12, 6, 7), tricks=(6, 4, 5), checks=(1, 0, 0)
    )
    assert won.winner == 0
    assert won.hands[-1].result.checks == (1 + 5, 0, 0)
    assert won.checks == (6, 0, 0)


def test_the_score_sheet_keeps_checks(tmp_path: Path) -> None:
    sheet = ScoreSheet(CHECK)
    sheet = sheet.record(
        bidder=0, bid=40, meld=(20, 0, 0), points=(12, 6, 7), tricks=(6, 4, 5), checks=(1, 0, 2)
    )
    sheet = sheet.record(bidder=1, bid=25, meld=(0, 10, 4), points=(5, 15, 5), tricks=(3, 9, 3))
    assert [hand.result.checks for hand in sheet.hands] == [(-1, 0, 2), (0, 0, 0)]
    assert sheet.checks == (-1, 0, 2)
    again = ScoreSheet.from_json(sheet.to_json())
    assert again == sheet
    assert again.checks == sheet.checks
    with pytest.raises(SheetError, match="checks: expected 3 values"):
        sheet.record(
            bidder=0, bid=40, meld=(20, 0, 0), points=(12, 6, 7), tricks=(6, 4, 5), checks=(1, 0)
        )
    plain = ScoreSheet(load_variant("wikipedia-three-hand"))
    with pytest.raises(SheetError, match="checks: wikipedia-three-hand plays no checks"):
        plain.record(
            bidder=0, bid=40, meld=(20, 0, 0), points=(12, 6, 7), tricks=(6, 4, 5), checks=(1, 0, 0)
        )


def test_pinochle_score_shows_the_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = tmp_path / "check.toml"
    profile.write_text(CHECK.to_toml(), encoding="utf-8")
    sheet = tmp_path / "game.json"
    assert main(["score", "new", str(sheet), "--variant", str(profile)]) == 0
    args = ["--bidder", "0", "--bid", "40", "--meld", "20", "0", "0", "--points", "12", "6", "7"]
    args += ["--tricks", "6", "4", "5"]
    assert main(["score", "add", str(sheet), *args, "--checks", "1", "0", "2"]) == 0
    out = capsys.readouterr().out
    assert "checks  side 0 -1   side 1 +0   side 2 +2" in out
    assert main(["score", "show", str(sheet)]) == 0
    out = capsys.readouterr().out
    assert "checks 0" in out.splitlines()[1]  # a column a side
    assert "checks  side 0 -1   side 1 +0   side 2 +2" in out


def test_the_check_keys_fit_the_table() -> None:
    with pytest.raises(VariantError, match=r"checks\.seven_nines: the double deck has no nines"):
        load_variant("pagat-double-deck").override({"checks": {"seven_nines": 5}})
    with pytest.raises(VariantError, match=r"checks: .*declared by tricks"):
        load_variant("bicycle-two-handed").override({"checks": {"run": 1}})


def test_the_engine_settles_checks_and_the_check_kit_agrees() -> None:
    # The kit settles every hand again from its facts, the meld's checks included, and
    # requires the engine's result, checks and the winner's game checks too.
    state = pn.new_game(CHECK, seed=3)
    bots = [make_bot("easy", seed=i) for i in range(3)]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = pn.apply(state, bots[seat].choose(pn.observe(state, seat)))
    assert all(len(result.checks) == 3 for result in state.results)
    assert state.winner is not None
    assert state.results[-1].checks[state.winner] >= 5 + min(WP_CHECKS.values()) * 2
    report = check_variant(CHECK, games=8, seed=1)
    assert report.ok, report.summary()


def test_every_bot_level_plays_check_pinochle() -> None:
    for game in play_every_level(CHECK, hands=1, seed=21):
        assert len(game.final.results[0].checks) == 3, game.level


def test_every_check_key_is_documented_with_its_source() -> None:
    keys = (Path(__file__).resolve().parents[1] / "docs" / "reference" / "keys.md").read_text(
        encoding="utf-8"
    )
    for name in Variant().checks.__attrs_attrs__:
        assert f"`checks.{name.name}`" in keys
