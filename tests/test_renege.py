"""Renege penalties (rules/reneges): the four tables, their readings, the sheet and the keeper.

Each table is tested against its source's text as the rules reference (section 15) gives it;
the property tests check that every called renege settles and that a sheet of them adds up
and reads back equal.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle.errors import SettlementError, SheetError, VariantError
from pinochle.scoring import MeldStatus, Outcome, settle_renege
from pinochle.sheet import ScoreSheet
from pinochle.variant import RenegePenalty

ROOT = Path(__file__).resolve().parents[1]


def house(base: str = "pinochlerun", **renege: object) -> pn.Variant:
    """A built-in profile with some ``[renege]`` keys changed."""
    return pn.load_variant(base).override({"renege": renege})


def scores(variant: pn.Variant, **facts: object) -> tuple[int, ...]:
    """The hand's scores under the profile's renege table."""
    return settle_renege(variant, **facts).scores  # type: ignore[arg-type]


# --- The key --------------------------------------------------------------------------------


def test_the_default_is_no_table_and_a_renege_cannot_be_recorded() -> None:
    """S0: "none of S0's sources give a single-deck penalty; online play enforces legal moves".

    Every built-in profile but the two whose sources give a table keeps the default, so it
    scores exactly as before the key existed.
    """
    for name in pn.builtin_variants():
        expected = {"npa-double-deck": "npa", "wikipedia-three-hand": "wikipedia-three-hand"}
        assert pn.load_variant(name).renege.penalty == expected.get(name, "none")
    with pytest.raises(SettlementError, match=r"no renege table \(renege.penalty = 'none'\)"):
        settle_renege(pn.load_variant(), bidder=0, bid=30, meld=(1, 2), offender=1, caller=0)
    with pytest.raises(SheetError, match=r"hand 1: renege: pinochlerun has no renege table"):
        ScoreSheet(pn.load_variant()).record(bidder=0, bid=30, meld=(1, 2), renege=1, called_by=0)


@pytest.mark.parametrize(
    ("base", "problem"),
    [("bicycle-two-handed", "no auction"), ("pagat-auction-3", "no source gives a renege payment")],
)
def test_a_table_needs_an_auction_and_points(base: str, problem: str) -> None:
    with pytest.raises(VariantError, match=problem) as caught:
        house(base, penalty="npa")
    assert caught.value.problems[0][0] == "renege.penalty"


@pytest.mark.parametrize(
    ("key", "value"), [("meld_over", -1), ("double_set", 0), ("penalty", "double")]
)
def test_bad_renege_keys_are_named(key: str, value: object) -> None:
    with pytest.raises(VariantError) as caught:
        pn.load_variant().override({"renege": {key: value}})
    assert caught.value.problems[0][0] == f"renege.{key}"


def test_meld_over_follows_the_scale() -> None:
    assert house(penalty="spokane").with_scale(10).renege.meld_over == 200


# --- NPA ------------------------------------------------------------------------------------


def test_npa_the_other_side_gets_the_bid_plus_its_meld() -> None:
    """NPA (via S0): "only an opponent may call; play stops; opposing team gets the bid plus
    its meld; an unproven call is itself a renege by the caller"."""
    npa = house(penalty="npa")
    # The defenders renege: the bidders get the bid plus their meld.
    assert scores(npa, bidder=0, bid=30, meld=(12, 8), offender=1, caller=0) == (42, 0)
    # The bidders renege: the defenders get the bid plus their meld; the bidders lose the bid.
    assert scores(npa, bidder=0, bid=30, meld=(12, 8), offender=0, caller=1) == (-30, 38)
    # Unproven: the caller's renege.
    unproven = scores(npa, bidder=0, bid=30, meld=(12, 8), offender=1, caller=0, proven=False)
    assert unproven == (-30, 38)
    with pytest.raises(SettlementError, match="only an opponent may call"):
        settle_renege(npa, bidder=0, bid=30, meld=(12, 8), offender=1, caller=1)


def test_npa_bidders_own_score_is_a_reading() -> None:
    """NPA's "exact bidder-side effect not stated" (rules/reneges): `renege.npa_bidders`."""
    literal = house(penalty="npa", npa_bidders="nothing")
    assert scores(literal, bidder=0, bid=30, meld=(12, 8), offender=0, caller=1) == (0, 38)


def test_npa_double_deck_meld_under_its_minimum_counts_nothing() -> None:
    npa = pn.load_variant("npa-double-deck")
    result = settle_renege(npa, bidder=1, bid=60, meld=(15, 30), offender=0, caller=1)
    assert result.scores == (0, 90)
    assert result.outcome is Outcome.RENEGE
    assert [s.meld_status for s in result.sides] == [MeldStatus.SET, MeldStatus.SAVED]
    result = settle_renege(npa, bidder=0, bid=60, meld=(15, 30), offender=0, caller=1)
    assert result.scores == (-60, 90)
    result = settle_renege(npa, bidder=1, bid=60, meld=(30, 15), offender=1, caller=0)
    assert result.scores == (90, -60)
    result = settle_renege(npa, bidder=0, bid=60, meld=(40, 15), offender=1, caller=0)
    assert result.sides[1].meld_status is MeldStatus.SET
    assert result.scores == (100, 0)


# --- Spokane --------------------------------------------------------------------------------


def test_spokane_a_renege_is_a_set_and_the_opponents_take_every_point() -> None:
    """Spokane tournament: "renege = set; opponents get all 50 trick points plus their meld
    if it is over 20"."""
    spokane = house("pagat-double-deck", penalty="spokane")
    # The bidders renege: set (minus the bid); the opponents 50 plus meld over 20.
    assert scores(spokane, bidder=0, bid=60, meld=(30, 25), offender=0, caller=1) == (-60, 75)
    # Meld of exactly 20 is not "over 20".
    assert scores(spokane, bidder=0, bid=60, meld=(30, 20), offender=0, caller=1) == (-60, 50)
    result = settle_renege(spokane, bidder=0, bid=60, meld=(30, 20), offender=0, caller=1)
    assert result.sides[1].meld_status is MeldStatus.BELOW_MINIMUM
    assert result.sides[1].points == 50
    # A defender reneges: it scores nothing; the bidders take every point plus meld over 20.
    assert scores(spokane, bidder=0, bid=60, meld=(30, 25), offender=1, caller=0) == (80, 0)


def test_spokane_set_follows_the_tables_set_rule() -> None:
    """ "renege = set": under the NPA set the opponents also score the bid."""
    spokane = house("npa-double-deck", penalty="spokane")
    assert scores(spokane, bidder=0, bid=60, meld=(30, 25), offender=0, caller=1) == (-60, 135)


# --- Chapman --------------------------------------------------------------------------------


def test_chapman_the_bidding_pairs_renege_stops_the_hand_as_a_set() -> None:
    """Chapman: "player may correct before the trick is closed; ... unproven call = caller's
    renege; bidding pair reneging stops the hand (rest cut off)"."""
    chapman = house(penalty="chapman")
    assert scores(chapman, bidder=0, bid=30, meld=(12, 8), offender=0, caller=1) == (-30, 8)
    # An unproven call by the bidders is theirs.
    unproven = scores(chapman, bidder=0, bid=30, meld=(12, 8), offender=1, caller=0, proven=False)
    assert unproven == (-30, 8)
    # As the table's set: under "opponents-score-bid" the bidders score 0, the others the bid.
    chips_set = chapman.override({"settlement": {"set": "opponents-score-bid"}})
    assert scores(chips_set, bidder=0, bid=30, meld=(12, 8), offender=0, caller=1) == (0, 38)


def test_chapman_a_defenders_renege_is_a_reading() -> None:
    """The text is cut off after the bidding pair: `renege.chapman_defenders`."""
    chapman = house(penalty="chapman")
    assert scores(chapman, bidder=0, bid=30, meld=(12, 8), offender=1, caller=0) == (42, 0)
    all_points = house(penalty="chapman", chapman_defenders="all-points")
    assert scores(all_points, bidder=0, bid=30, meld=(12, 8), offender=1, caller=0) == (37, 0)


# --- Wikipedia three-hand -------------------------------------------------------------------


def test_wikipedia_three_hand() -> None:
    """WP 3-hand: "bidder renege: double set (minus bid), opponents score meld, hand ends;
    non-bidder renege: bidder makes the bid (bid + meld), offender loses meld and takes a
    single set, third player scores meld only"."""
    wp = pn.load_variant("wikipedia-three-hand")
    assert scores(wp, bidder=0, bid=25, meld=(15, 6, 4), offender=0, caller=2) == (-50, 6, 4)
    assert scores(wp, bidder=0, bid=25, meld=(15, 6, 4), offender=1, caller=0) == (40, -25, 4)
    # The third player may call too; an unproven call is the caller's renege.
    unproven = scores(wp, bidder=0, bid=25, meld=(15, 6, 4), offender=0, caller=2, proven=False)
    assert unproven == (40, 6, -25)
    once = wp.override({"renege": {"double_set": 1}})
    assert scores(once, bidder=0, bid=25, meld=(15, 6, 4), offender=0, caller=1) == (-25, 6, 4)


def test_the_worked_examples_of_the_rules_page() -> None:
    """docs/rules/reneges.md, "Worked examples"."""
    facts = {"bidder": 0, "bid": 30, "meld": (12, 8)}
    rows = [
        ("npa", 1, (42, 0)),
        ("npa", 0, (-30, 38)),
        ("spokane", 0, (-30, 25)),
        ("chapman", 0, (-30, 8)),
        ("chapman", 1, (42, 0)),
    ]
    for penalty, offender, expected in rows:
        variant = house(penalty=penalty)
        assert scores(variant, **facts, offender=offender, caller=1 - offender) == expected
    page = (ROOT / "docs" / "rules" / "reneges.md").read_text(encoding="utf-8")
    assert "| `spokane` | side 0 | -30 | 25 + 0 = 25" in page


@pytest.mark.parametrize(
    ("facts", "problem"),
    [
        ({"bidder": 2}, "bidder: expected a side from 0 to 1"),
        ({"offender": 5}, "renege: expected a side from 0 to 1"),
        ({"meld": (1, 2, 3)}, "meld: expected 2 values"),
        ({"meld": (-1, 2)}, "meld cannot be negative"),
        ({"bid": -5}, "bid cannot be negative"),
    ],
)
def test_impossible_facts_are_named(facts: dict[str, object], problem: str) -> None:
    base: dict[str, object] = {"bidder": 0, "bid": 30, "meld": (1, 2), "offender": 1, "caller": 0}
    with pytest.raises(SettlementError, match=problem):
        settle_renege(house(penalty="npa"), **{**base, **facts})  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["bidder", "bid", "offender", "caller", "proven", "meld"])
def test_wrong_types_are_argument_errors(name: str) -> None:
    base: dict[str, object] = {"bidder": 0, "bid": 30, "meld": (1, 2), "offender": 1, "caller": 0}
    with pytest.raises(pn.ArgumentError, match=name):
        settle_renege(house(penalty="npa"), **{**base, name: "1"})  # type: ignore[arg-type]


# --- The sheet ------------------------------------------------------------------------------


def test_the_sheet_records_a_renege_and_reads_it_back() -> None:
    npa = house(penalty="npa")
    sheet = ScoreSheet(npa).record(bidder=0, bid=26, meld=(12, 8), points=(15, 10))
    sheet = sheet.record(bidder=1, bid=26, meld=(5, 20), renege=0, called_by=1)
    sheet = sheet.record(bidder=0, bid=28, meld=(10, 4), renege=1, called_by=0, proven=False)
    assert [h.result.outcome for h in sheet.hands] == [Outcome.MADE, Outcome.RENEGE, Outcome.RENEGE]
    assert sheet.scores == (27 + 0 - 28, 18 + 46 + 32)
    text = sheet.to_json()
    hands = json.loads(text)["hands"]
    assert hands[1] == {"bidder": 1, "bid": 26, "meld": [5, 20], "renege": 0, "called_by": 1}
    assert hands[2]["proven"] is False
    assert "renege" not in hands[0]
    assert ScoreSheet.from_json(text) == sheet
    jsonschema.validate(json.loads(text), pn.schema("sheet"))


def test_a_sheet_written_before_the_renege_keys_still_reads() -> None:
    """A document without ``[renege]`` in its profile nor renege keys in its hands."""
    sheet = ScoreSheet(pn.load_variant()).record(bidder=0, bid=34, meld=(28, 12), points=(15, 10))
    data = json.loads(sheet.to_json())
    del data["variant"]["renege"]
    assert ScoreSheet.from_json(json.dumps(data)) == sheet


@pytest.mark.parametrize(
    ("facts", "problem"),
    [
        ({"renege": 1}, "called_by: a renege hand says which side called"),
        ({"called_by": 0}, "called_by: only a renege hand has it"),
        ({"proven": False}, "proven: only a renege hand has it"),
        ({"renege": 1, "called_by": 0, "points": (15, 10)}, "record it without points"),
        ({"renege": 1, "called_by": 0, "thrown_in": True}, "record it without thrown_in"),
        ({"renege": 1, "called_by": 1}, "cannot call its own renege"),
        ({"renege": 2, "called_by": 0}, "renege: expected a side from 0 to 1"),
        ({"renege": True, "called_by": 0}, "renege: expected a whole number"),
        ({"renege": 1, "called_by": 0, "proven": 1}, "proven: expected true or false"),
    ],
)
def test_a_bad_renege_record_is_named(facts: dict[str, object], problem: str) -> None:
    sheet = ScoreSheet(house(penalty="npa"))
    with pytest.raises(SheetError, match=problem):
        sheet.record(bidder=0, bid=30, meld=(12, 8), **facts)  # type: ignore[arg-type]


def test_a_document_with_a_bad_renege_hand_names_it() -> None:
    sheet = ScoreSheet(house(penalty="npa")).record(
        bidder=0, bid=30, meld=(1, 2), renege=1, called_by=0
    )
    data = json.loads(sheet.to_json())
    data["hands"][0]["renege"] = "1"
    with pytest.raises(SheetError, match="hand 1: renege: expected a whole number"):
        ScoreSheet.from_json(json.dumps(data))


def test_pinochle_score_records_a_renege(tmp_path: Path) -> None:
    profile = tmp_path / "house.toml"
    profile.write_text('extends = "pinochlerun"\nname = "house"\n[renege]\npenalty = "npa"\n')
    sheet = tmp_path / "sheet.json"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pinochle", "score", *args],
            capture_output=True,
            text=True,
            check=False,
            env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        )

    assert run("new", str(sheet), "--variant", str(profile)).returncode == 0
    out = run(
        "add",
        str(sheet),
        "--bidder",
        "0",
        "--bid",
        "30",
        "--meld",
        "12",
        "8",
        "--renege",
        "0",
        "--called-by",
        "1",
        "--unproven",
    )
    assert out.returncode == 0, out.stderr
    assert "side 1's call on side 0 was not proven: side 1 reneged" in out.stdout
    assert "totals  side 0 42   side 1 0" in out.stdout
    bad = run(
        "add",
        str(sheet),
        "--bidder",
        "0",
        "--bid",
        "30",
        "--meld",
        "12",
        "8",
        "--renege",
        "0",
        "--called-by",
        "1",
        "--points",
        "10",
        "15",
    )
    assert bad.returncode != 0
    assert "record it without points" in bad.stderr
    assert ScoreSheet.load(sheet).scores == (42, 0)


# --- Properties -----------------------------------------------------------------------------


PROFILES = {
    "npa": "pinochlerun",
    "spokane": "pagat-double-deck",
    "chapman": "pagat-partnership",
    "wikipedia-three-hand": "wikipedia-three-hand",
}


@st.composite
def renege_sheets(draw: st.DrawFn) -> tuple[ScoreSheet, list[tuple[int, ...]]]:
    """A sheet of random hands, each ended by a called renege, with each hand's scores."""
    penalty = draw(st.sampled_from(sorted(PROFILES)))
    variant = pn.load_variant(PROFILES[penalty]).override(
        {"renege": {"penalty": penalty}, "game": {"target": 1_000_000, "lose_at": False}}
    )
    n = variant.sides
    step = variant.bidding.step
    sheet = ScoreSheet(variant)
    expected = []
    for _ in range(draw(st.integers(1, 6))):
        bidder = draw(st.integers(0, n - 1))
        bid = variant.bidding.minimum + step * draw(st.integers(0, 10))
        meld = tuple(draw(st.integers(0, 40)) * variant.scale for _ in range(n))
        offender = draw(st.integers(0, n - 1))
        caller = draw(st.sampled_from([s for s in range(n) if s != offender]))
        proven = draw(st.booleans())
        sheet = sheet.record(
            bidder=bidder, bid=bid, meld=meld, renege=offender, called_by=caller, proven=proven
        )
        expected.append(sheet.last.result.scores)  # type: ignore[union-attr]
    return sheet, expected


@settings(max_examples=60, deadline=None)
@given(renege_sheets())
def test_every_called_renege_settles_and_the_sheet_adds_up(
    drawn: tuple[ScoreSheet, list[tuple[int, ...]]],
) -> None:
    sheet, expected = drawn
    totals = [sum(column) for column in zip(*expected, strict=True)]
    assert list(sheet.scores) == totals
    for hand in sheet.hands:
        result = hand.result
        assert result.outcome is Outcome.RENEGE
        side = hand.record.renege if hand.record.proven else hand.record.called_by
        assert side is not None
        # The offender never gains, and never keeps its meld.
        assert result.scores[side] <= 0
        assert result.sides[side].meld_status in (MeldStatus.SET, MeldStatus.NONE)
        # The wronged bidder never loses; a wronged side never scores below zero.
        assert all(s >= 0 for i, s in enumerate(result.scores) if i != side)
    assert ScoreSheet.from_json(sheet.to_json()) == sheet


def test_every_table_is_one_function() -> None:
    from pinochle.scoring import _renege

    assert set(_renege._TABLES) == set(RenegePenalty) - {RenegePenalty.NONE}
