"""The review's mends of issue 32: one list of a hand's settlement facts, a table of the
cross-key rules that need points and an auction, the RL mask of a moon profile, old pickles,
and the called pair's checks and sweep."""

from __future__ import annotations

import inspect

import attrs
import pytest

import pinochle as pn
from pinochle.checking import check_variant
from pinochle.errors import VariantError
from pinochle.scoring import settle_hand
from pinochle.scoring._game_end import swept_by
from pinochle.scoring._settle import HandFacts
from pinochle.sheet import ScoreSheet
from pinochle.sheet._facts import HandRecord

# --- One list of the facts a hand settles from -------------------------------------------


def test_the_facts_are_settle_hands_keywords_and_the_sheet_records_each() -> None:
    """The engine, the check kit and the score keeper settle through `HandFacts`: it names
    every keyword of `settle_hand` (a new fact is added there once), and the sheet's
    `HandRecord` holds each of them under the same name."""
    keywords = [
        name
        for name, p in inspect.signature(settle_hand).parameters.items()
        if p.kind is inspect.Parameter.KEYWORD_ONLY
    ]
    fields = [f.name for f in attrs.fields(HandFacts)]
    assert fields == keywords
    assert set(fields) <= {f.name for f in attrs.fields(HandRecord)}
    for f in attrs.fields(HandFacts):  # the same defaults as settle_hand's
        default = inspect.signature(settle_hand).parameters[f.name].default
        assert f.default is attrs.NOTHING or f.default == default, f.name


def test_a_house_fact_at_its_default_is_left_out_of_the_keywords() -> None:
    """A replacement rule with settle_hand's older signature still settles plain hands."""
    plain = HandFacts(bidder=0, bid=250, meld=(100, 50))
    assert set(plain.keywords()) == {
        "bidder", "bid", "meld", "points", "tricks", "counters", "nines_only",
        "thrown_in", "no_marriage", "trump", "conceded",
    }  # fmt: skip
    called = attrs.evolve(plain, partner=1, moon=True, checks=(1, 0))
    assert {"partner", "moon", "checks"} <= set(called.keywords())


# --- The called pair is one side for a sweep; checks are refused -------------------------

FIVE_SWEEP = pn.load_variant("five-hand").override({"game": {"all_tricks_win": True}})


def test_a_called_pair_that_takes_every_trick_between_them_wins() -> None:
    """rules/game-end#other-endings: "a side that takes every trick of a hand wins", and with a
    called partner "the called partner [is] on the bidder's side for that hand only"
    (rules/settlement#called-partner): the pair's tricks between them are every trick, and
    the game's one winner is the bidder."""
    sheet = ScoreSheet(FIVE_SWEEP).record(
        bidder=1, bid=50, meld=(0, 20, 10, 0, 0), points=(0, 30, 20, 0, 0), tricks=(0, 9, 7, 0, 0),
        partner=2,
    )  # fmt: skip
    assert sheet.winner == 1
    assert "took every trick" in (sheet.hands[-1].end.reason or "")


def test_a_sweep_is_by_a_side_not_by_one_of_several_sides() -> None:
    """A defender alone is its own side: taking every trick wins; the bidder and a defender
    who is not the partner are two sides and do not."""
    alone = ScoreSheet(FIVE_SWEEP).record(
        bidder=1, bid=50, meld=(0, 20, 10, 0, 0), points=(0, 0, 0, 50, 0), tricks=(0, 0, 0, 16, 0),
        partner=2,
    )  # fmt: skip
    assert alone.winner == 3
    split = ScoreSheet(FIVE_SWEEP).record(
        bidder=1, bid=50, meld=(0, 20, 10, 0, 0), points=(0, 30, 0, 20, 0), tricks=(0, 9, 0, 7, 0),
        partner=2,
    )  # fmt: skip
    assert split.winner is None
    assert swept_by((0, 9, 7, 0, 0), 1, 2) == 1
    assert swept_by((0, 9, 7, 0, 0), 1, None) is None
    assert swept_by(None, 1, 2) is None


def test_random_five_hand_games_with_pinochling_pass_every_check() -> None:
    """The engine, the check kit and the keeper agree on the pair's sweep (pinochle check)."""
    check_variant(FIVE_SWEEP, games=4, seed=1).raise_if_failed()


def test_check_pinochle_with_a_called_partner_is_refused() -> None:
    """rules/settlement#checks: "each check gained means that the other two players owe a
    dollar": checks are paid player to player, and no source says how a pair called for one
    hand would share them, so the combination is refused with a clear error."""
    with pytest.raises(VariantError, match=r"checks: check pinochle's checks are paid player"):
        pn.load_variant("five-hand").override({"checks": {"run": 1}})
