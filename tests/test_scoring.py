"""Hand settlement and game end, checked against the rules text (rules/settlement,
rules/game-end#target, rules/three-hand#auction-pinochle, docs/profiles/index.md, rules/index).

Every expected number comes from the rules reference or a seed page, never from the code:
the worked hands of seed 000 (rules/settlement#example-s0) and seed 002
(rules/settlement#example-s2), then one test per rule option of rules/settlement and
rules/game-end#target through a profile, the chip game of rules/three-hand#auction-pinochle, bad
input, and hypothesis properties over random hands (`pinochle.testing.hand_facts`) under
random profiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pinochle import (
    HandResult,
    MeldStatus,
    Outcome,
    SettlementError,
    Suit,
    Variant,
    chip_payment,
    game_end,
    load_variant,
    settle_hand,
)
from pinochle.testing import hand_facts, variants
from pinochle.variant import GameScoring, MadeRule, SetRule

PINOCHLERUN = load_variant("pinochlerun")
BROWSER = load_variant("browser-game")
PAGAT = load_variant("pagat-partnership")
PAGAT_DD = load_variant("pagat-double-deck")
NPA_DD = load_variant("npa-double-deck")
AUCTION_3 = load_variant("pagat-auction-3")
CUTTHROAT = load_variant("cutthroat-3")

PROPERTY = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def s0_hand(variant: Variant = PINOCHLERUN, **changes: Any) -> HandResult:
    """Seed 000's hand (rules/settlement#example-s0): South bids 34 for N-S (side 0),
    meld 28 vs 12."""
    facts: dict[str, Any] = {"bidder": 0, "bid": 34, "meld": (28, 12), "points": (15, 10)}
    return settle_hand(variant, **(facts | changes))


def add(before: Sequence[int], result: HandResult) -> tuple[int, ...]:
    return tuple(b + s for b, s in zip(before, result.scores, strict=True))


# --- Seed 000: the worked hand and its four variations (rules/settlement#example-s0) --------------


def test_s0_hand_made_and_game_won() -> None:
    # N-S 28 meld + 15 in tricks = 43 >= 34; E-W 12 + 10 = 22; 112 + 43 = 155 wins at 150.
    result = s0_hand()
    assert result.outcome is Outcome.MADE
    assert result.scores == (43, 22)
    assert [s.meld_status for s in result.sides] == [MeldStatus.SAVED, MeldStatus.SAVED]
    totals = add((112, 96), result)
    assert totals == (155, 118)
    assert game_end(PINOCHLERUN, totals, bidder=0).winner == 0


def test_s0_north_south_take_five_are_set() -> None:
    # 28 + 5 = 33 < 34: set, 112 - 34 = 78; E-W 12 + 20 = 32, for 128. Their meld is thrown
    # out (S0 "Its meld and tricks are thrown out"; rules/settlement#choice-set-meld).
    result = s0_hand(points=(5, 20))
    assert result.outcome is Outcome.SET
    assert result.scores == (-34, 32)
    assert result.sides[0].meld_status is MeldStatus.SET
    assert not result.sides[0].meld_counted
    totals = add((112, 96), result)
    assert totals == (78, 128)
    assert game_end(PINOCHLERUN, totals, bidder=0).winner is None


def test_s0_east_west_take_nothing_lose_their_meld() -> None:
    # N-S take all 25: 28 + 25 = 53, for 165. E-W did not save their meld: they stay on 96.
    result = s0_hand(points=(25, 0))
    assert result.outcome is Outcome.MADE
    assert result.scores == (53, 0)
    assert result.sides[1].meld_status is MeldStatus.LOST
    totals = add((112, 96), result)
    assert totals == (165, 96)
    assert game_end(PINOCHLERUN, totals, bidder=0).winner == 0


def test_s0_bid_of_60_is_not_on_the_board() -> None:
    # 28 + 25 = 53 cannot reach 60: not played; N-S lose 60 (52), E-W score their 12 (108).
    result = s0_hand(bid=60, points=None)
    assert result.outcome is Outcome.NOT_ON_BOARD
    assert result.scores == (-60, 12)
    assert add((112, 96), result) == (52, 108)


def test_s0_both_sides_reach_150_and_the_bidders_win() -> None:
    # E-W started on 140: 140 + 22 = 162 passes N-S's 155, but N-S bid: they win.
    totals = add((112, 140), s0_hand())
    assert totals == (155, 162)
    assert game_end(PINOCHLERUN, totals, bidder=0).winner == 0


def test_s0_bidding_team_on_155_beats_defenders_on_170() -> None:
    # S0 "Winning the game": the bidding team ends on 155 and the defenders on 170.
    assert game_end(PINOCHLERUN, (155, 170), bidder=0).winner == 0
    assert game_end(PINOCHLERUN, (170, 155), bidder=1).winner == 1


def test_s0_out_of_reach_bid_40_with_meld_12() -> None:
    # rules/settlement#out-of-reach and rules/settlement#example-out-of-reach: 12 + 25 = 37 < 40:
    # not played, -40, the defenders score meld.
    result = settle_hand(PINOCHLERUN, bidder=0, bid=40, meld=(12, 9))
    assert result.outcome is Outcome.NOT_ON_BOARD
    assert result.scores == (-40, 9)


# --- Seed 002: Pagat partnership on the tens scale (rules/settlement#example-s2) ------------------


def test_s2_bid_300_made() -> None:
    result = settle_hand(PAGAT, bidder=0, bid=300, meld=(190, 60), points=(150, 100))
    assert result.outcome is Outcome.MADE
    assert result.scores == (340, 160)


def test_s2_bid_350_set_and_the_other_side_still_scores() -> None:
    result = settle_hand(PAGAT, bidder=0, bid=350, meld=(190, 60), points=(150, 100))
    assert result.outcome is Outcome.SET
    assert result.scores == (-350, 160)


# --- rules/settlement#made made: everything earned, or only the bid -------------------------------


def test_made_scores_everything_earned() -> None:
    assert PINOCHLERUN.settlement.made is MadeRule.ALL
    assert s0_hand().scores[0] == 28 + 15


def test_made_scores_only_the_bid() -> None:
    # PAR widow pinochle: a successful bidder scores only the bid.
    variant = PINOCHLERUN.override({"settlement": {"made": "bid"}})
    assert s0_hand(variant).scores == (34, 22)


# --- rules/settlement#set set rules (the S0 hand where N-S take only 5) ---------------------------


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        # S0: the bid is subtracted; the defenders score 12 + 20 as usual.
        pytest.param("minus-bid", (-34, 32), id="minus-bid"),
        # PG-P chip scoring: the opponents score the bid instead of the bidders losing it.
        pytest.param("opponents-score-bid", (0, 32 + 34), id="opponents-score-bid"),
        # NPA: the opponents receive the bid plus their meld; bidders minus the bid (19.15).
        pytest.param("npa", (-34, 34 + 12), id="npa"),
        # PAR widow pinochle: the failed bidder simply scores 0.
        pytest.param("zero", (0, 32), id="zero"),
    ],
)
def test_set_rules(rule: str, expected: tuple[int, int]) -> None:
    variant = PINOCHLERUN.override({"settlement": {"set": rule}})
    result = s0_hand(variant, points=(5, 20))
    assert result.outcome is Outcome.SET
    assert result.scores == expected
    assert result.sides[0].meld_status is MeldStatus.SET  # 19.28: meld always discarded


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        pytest.param("minus-bid", (-60, 12), id="minus-bid"),
        # The bid the bidders would lose goes to the opponents instead (11.2), on top of
        # the meld they score when the hand is not played (11.5).
        pytest.param("opponents-score-bid", (0, 12 + 60), id="opponents-score-bid"),
        pytest.param("zero", (0, 12), id="zero"),
    ],
)
def test_set_rules_when_the_bid_is_out_of_reach(rule: str, expected: tuple[int, int]) -> None:
    variant = PINOCHLERUN.override({"settlement": {"set": rule}})
    assert s0_hand(variant, bid=60, points=None).scores == expected


# --- rules/settlement#saving-meld saving meld -----------------------------------------------------


def test_counter_rule_the_last_trick_alone_saves_meld() -> None:
    # S0: "at least 1 trick point: an Ace, a 10, a King or the last trick".
    result = s0_hand(points=(24, 1))
    assert result.sides[1].meld_status is MeldStatus.SAVED
    assert result.scores == (28 + 24, 12 + 1)


def test_counter_rule_points_without_a_counter_do_not_save_meld() -> None:
    # Classic count: a queen and a jack are 5 trick points but no counter (rules/counting#methods,
    # rules/settlement#saving-meld).
    variant = load_variant("hoyle-1914").override(
        {"settlement": {"save_meld": "counter", "save_meld_applies_to": "defenders"}}
    )
    result = settle_hand(
        variant, bidder=0, bid=250, meld=(200, 60), points=(245, 5), counters=(True, False)
    )
    assert result.sides[1].meld_status is MeldStatus.LOST
    assert result.scores[1] <= 5  # the 60 meld does not count


def test_trick_rule_a_pointless_trick_saves_meld() -> None:
    # S1 (browser-game): "team wins at least one trick", any trick, even pointless (19.10).
    result = settle_hand(BROWSER, bidder=0, bid=30, meld=(20, 10), points=(25, 0), tricks=(11, 1))
    assert result.sides[1].meld_status is MeldStatus.SAVED
    assert result.scores == (45, 10)


def test_trick_rule_no_trick_loses_meld() -> None:
    result = settle_hand(BROWSER, bidder=0, bid=30, meld=(20, 10), points=(25, 0), tricks=(12, 0))
    assert result.sides[1].meld_status is MeldStatus.LOST
    assert result.scores == (45, 0)


def test_trick_rule_needs_the_tricks_of_a_side_without_points() -> None:
    with pytest.raises(SettlementError, match=r"tricks="):
        settle_hand(BROWSER, bidder=0, bid=30, meld=(20, 10), points=(25, 0))


def test_trick_rule_binds_the_bidders_too_under_both() -> None:
    # S1: the rule applies to both teams; bidders who win no trick lose their 30 meld.
    result = settle_hand(BROWSER, bidder=0, bid=20, meld=(30, 5), points=(0, 25), tricks=(0, 12))
    assert result.outcome is Outcome.SET
    assert result.scores == (-20, 30)


def test_saving_rule_binds_only_the_defenders_under_s0() -> None:
    # rules/settlement#choice-bidders-save: no save test for the bidders: meld 30 >= 28 makes it
    # without a trick.
    result = settle_hand(PINOCHLERUN, bidder=0, bid=28, meld=(30, 5), points=(0, 25))
    assert result.outcome is Outcome.MADE
    assert result.scores == (30, 30)


def test_scoring_trick_rule() -> None:
    # BC-3D: the trick must contain points; a pointless trick does not save meld.
    variant = BROWSER.override({"settlement": {"save_meld": "scoring-trick"}})
    lost = settle_hand(variant, bidder=0, bid=30, meld=(20, 10), points=(25, 0), tricks=(11, 1))
    assert lost.sides[1].meld_status is MeldStatus.LOST
    assert lost.scores[1] == 0
    kept = settle_hand(variant, bidder=0, bid=30, meld=(20, 10), points=(24, 1), tricks=(11, 1))
    assert kept.sides[1].meld_status is MeldStatus.SAVED
    assert kept.scores[1] == 11


def test_none_rule_meld_always_counts() -> None:
    # PG-DD main game: no saving rule; the defenders win no trick and still score 15.
    result = settle_hand(PAGAT_DD, bidder=0, bid=50, meld=(30, 15), points=(50, 0), tricks=(20, 0))
    assert result.scores == (80, 15)
    assert result.sides[1].meld_status is MeldStatus.SAVED


def test_twenty_point_rule_defenders_under_20_score_nothing() -> None:
    # npa-double-deck (18.2): 20 trick points to keep meld; 19.29: with 1-19 the side scores
    # nothing for the hand, meld included.
    result = settle_hand(NPA_DD, bidder=0, bid=50, meld=(40, 25), points=(35, 15))
    assert result.outcome is Outcome.MADE
    assert result.scores == (75, 0)
    assert result.sides[1].meld_status is MeldStatus.LOST


def test_twenty_point_rule_exactly_20_keeps_meld() -> None:
    result = settle_hand(NPA_DD, bidder=0, bid=50, meld=(40, 25), points=(30, 20))
    assert result.scores == (70, 45)


def test_twenty_point_rule_bidders_under_20_fail() -> None:
    # PG-DD variation: "bidders under 20 in tricks automatically fail", even when their meld
    # alone covers the bid (60 >= 50).
    both = PAGAT_DD.override({"settlement": {"save_meld": 20, "save_meld_applies_to": "both"}})
    result = settle_hand(both, bidder=0, bid=50, meld=(60, 25), points=(15, 35))
    assert result.outcome is Outcome.SET
    assert result.scores == (-50, 60)
    # Applied to the defenders only, the bidders' meld counts: 60 + 15 = 75.
    defenders = both.override({"settlement": {"save_meld_applies_to": "defenders"}})
    made = settle_hand(defenders, bidder=0, bid=50, meld=(60, 25), points=(15, 35))
    assert made.scores == (75, 60)


# The 20-point rule as its own key (settlement.min_trick_points;
# rules/settlement#defenders "a side with fewer than 20 trick points scores nothing for the hand,
# meld included", rules/settlement#saving-meld min_points_20 "bidders under 20 in tricks
# automatically fail", rules/settlement#choice-unsaved-trick-points; the
# npa-double-deck header).


def test_twenty_point_rule_defenders_without_meld_keep_nothing() -> None:
    # 11.3: "scores nothing for the hand": with no meld at all, 15 trick points count nothing
    # (before, a side with less meld scored more: 0 meld kept its 15, 30 meld scored 0).
    result = settle_hand(NPA_DD, bidder=0, bid=50, meld=(40, 0), points=(35, 15))
    assert result.outcome is Outcome.MADE
    assert result.scores == (75, 0)
    assert result.sides[1].meld_status is MeldStatus.NONE


def test_twenty_point_rule_defenders_with_meld_30_and_15_points_score_nothing() -> None:
    result = settle_hand(NPA_DD, bidder=0, bid=50, meld=(40, 30), points=(35, 15))
    assert result.scores == (75, 0)
    assert result.sides[1].meld_status is MeldStatus.LOST


def test_twenty_point_rule_defenders_with_meld_under_the_minimum_score_nothing() -> None:
    # minimum_meld = 20 (18.2): meld 15 counts nothing; 15 trick points count nothing either.
    result = settle_hand(NPA_DD, bidder=0, bid=50, meld=(40, 15), points=(35, 15))
    assert result.scores == (75, 0)
    assert result.sides[1].meld_status is MeldStatus.BELOW_MINIMUM


def test_twenty_point_rule_defenders_with_20_score_meld_plus_points() -> None:
    result = settle_hand(NPA_DD, bidder=0, bid=50, meld=(40, 30), points=(30, 20))
    assert result.scores == (70, 50)
    without_meld = settle_hand(NPA_DD, bidder=0, bid=50, meld=(40, 0), points=(30, 20))
    assert without_meld.scores == (70, 20)


def test_min_trick_points_sets_bidders_whose_meld_covers_the_bid() -> None:
    # 11.4 (PG-DD variation): "bidders under 20 in tricks automatically fail", even with
    # meld 60 >= bid 50 and no saving rule at all (save_meld = "none").
    house = PAGAT_DD.override({"settlement": {"min_trick_points": 20}})
    result = settle_hand(house, bidder=0, bid=50, meld=(60, 25), points=(15, 35))
    assert result.outcome is Outcome.SET
    assert result.scores == (-50, 60)
    assert "15 trick points < the 20" in result.reason
    made = settle_hand(house, bidder=0, bid=50, meld=(60, 25), points=(20, 30))
    assert made.outcome is Outcome.MADE
    assert made.scores == (80, 55)


def test_min_trick_points_is_off_in_pagat_double_deck() -> None:
    # 11.4: the PG-DD main game has no saving rule ("none"); the 20-point rule is a variation.
    assert PAGAT_DD.settlement.min_trick_points == 0
    assert NPA_DD.settlement.min_trick_points == 20
    result = settle_hand(PAGAT_DD, bidder=0, bid=50, meld=(40, 0), points=(35, 15))
    assert result.scores == (75, 15)


def test_numeric_save_meld_loses_only_the_meld() -> None:
    # save_meld = 20 says what keeps the meld (club PDF, 11.4: "20+ in tricks to score its
    # meld"); the trick points of a side that fails it still count. min_trick_points is the
    # stricter rule.
    house = PAGAT_DD.override({"settlement": {"save_meld": 20}})
    result = settle_hand(house, bidder=0, bid=50, meld=(40, 30), points=(35, 15))
    assert result.sides[1].meld_status is MeldStatus.LOST
    assert result.scores == (75, 15)


@PROPERTY
@given(st.data())
def test_min_trick_points_a_short_side_never_scores_its_meld_or_points(data: st.DataObject) -> None:
    least = data.draw(st.sampled_from([10, 20, 30]))
    variant = data.draw(st.sampled_from([PAGAT_DD, NPA_DD, PINOCHLERUN.with_scale(1)]))
    variant = variant.override({"settlement": {"min_trick_points": least * variant.scale}})
    facts = data.draw(hand_facts(variant))
    assume(facts["points"] is not None)
    result = settle_hand(variant, **facts)
    bonus = {SetRule.NPA: facts["bid"], SetRule.OPPONENTS_SCORE_BID: facts["bid"]}
    for side, part in enumerate(result.sides):
        if part.points >= least * variant.scale:
            continue
        assert not part.meld_counted
        if side == facts["bidder"]:
            assert result.outcome is Outcome.SET
        else:
            assert part.score == (
                0 if result.outcome is Outcome.MADE else bonus.get(variant.settlement.set, 0)
            )


def test_npa_set_gives_the_opponents_bid_plus_meld() -> None:
    # 18.2 npa-double-deck: bidders under 20 fail; opponents + bid + their meld (19.15).
    result = settle_hand(NPA_DD, bidder=0, bid=55, meld=(60, 25), points=(15, 35))
    assert result.outcome is Outcome.SET
    assert result.scores == (-55, 55 + 25)


def test_nines_save_themselves_under_s0() -> None:
    # S0/PG-P: "If a team's only meld is the 9 of trump (one or both), that meld counts anyway."
    result = s0_hand(meld=(28, 2), points=(25, 0), nines_only=(False, True))
    assert result.sides[1].meld_status is MeldStatus.NINES
    assert result.scores == (53, 2)


def test_a_meld_of_two_that_is_not_only_dixes_needs_a_counter() -> None:
    result = s0_hand(meld=(28, 2), points=(25, 0), nines_only=(False, False))
    assert result.sides[1].meld_status is MeldStatus.LOST
    assert result.scores == (53, 0)


def test_nines_do_not_save_themselves_in_the_browser_game() -> None:
    # rules/settlement#choice-s1-nines: S1 has no nines exception.
    result = settle_hand(
        BROWSER,
        bidder=0,
        bid=30,
        meld=(28, 2),
        points=(25, 0),
        tricks=(12, 0),
        nines_only=(False, True),
    )
    assert result.sides[1].meld_status is MeldStatus.LOST
    assert result.scores == (53, 0)


def test_minimum_meld_20() -> None:
    # rules/meld#minimum-meld: meld under 20 is not "on the board" (double deck). The
    # bidders' 18 counts nothing, so 0 + 45 < 50 is set; the defenders' 15 counts nothing either.
    variant = PAGAT_DD.override({"settlement": {"minimum_meld": 20}})
    result = settle_hand(variant, bidder=0, bid=50, meld=(18, 15), points=(45, 5))
    assert result.outcome is Outcome.SET
    assert result.scores == (-50, 5)
    assert result.sides[1].meld_status is MeldStatus.BELOW_MINIMUM


# --- rules/settlement#out-of-reach and rules/settlement#throw-in: hands that are not played -------


def test_out_of_reach_is_played_in_the_browser_game() -> None:
    # rules/settlement#choice-s1-out-of-reach: S1 is silent; play the hand out.
    with pytest.raises(SettlementError, match="trick points"):
        settle_hand(BROWSER, bidder=0, bid=60, meld=(28, 12))
    result = settle_hand(BROWSER, bidder=0, bid=60, meld=(28, 12), points=(25, 0), tricks=(12, 0))
    assert result.outcome is Outcome.SET
    assert result.scores == (-60, 0)


def test_double_deck_out_of_reach_is_more_than_50_short() -> None:
    # PG-DD: meld more than 50 short of the bid counts as a surrender.
    assert settle_hand(PAGAT_DD, bidder=0, bid=81, meld=(30, 20)).scores == (-81, 20)
    with pytest.raises(SettlementError, match="trick points"):
        settle_hand(PAGAT_DD, bidder=0, bid=80, meld=(30, 20))  # exactly 50 short: played


def test_throw_in_has_the_result_of_a_bid_out_of_reach() -> None:
    # PG-P: the declarer may concede after meld, same result as out of reach (11.6).
    thrown = settle_hand(PAGAT, bidder=0, bid=300, meld=(190, 60), thrown_in=True)
    assert thrown.outcome is Outcome.THROWN_IN
    assert thrown.scores == (-300, 60)
    out = settle_hand(PAGAT, bidder=0, bid=450, meld=(190, 60))  # 190 + 250 < 450
    assert out.outcome is Outcome.NOT_ON_BOARD
    assert out.scores == (-450, 60)


def test_throw_in_is_not_played() -> None:
    with pytest.raises(SettlementError, match="not played"):
        settle_hand(PAGAT, bidder=0, bid=300, meld=(190, 60), points=(150, 100), thrown_in=True)


def test_no_throw_in_under_pinochlerun() -> None:
    # rules/settlement#choice-s0-throw-in: S0 offers no throw-in.
    with pytest.raises(SettlementError, match="throw in"):
        settle_hand(PINOCHLERUN, bidder=0, bid=34, meld=(28, 12), thrown_in=True)


@pytest.mark.parametrize("name", ["pagat-double-deck", "pinochlerun-double-deck"])
def test_no_marriage_surrender(name: str) -> None:
    # 18.2: no marriage to name trump: set without play, the opponents score their meld.
    result = settle_hand(load_variant(name), bidder=0, bid=50, meld=(12, 30), no_marriage=True)
    assert result.outcome is Outcome.NO_MARRIAGE
    assert result.scores == (-50, 30)


@pytest.mark.parametrize(("meld", "scored"), [(25, 25), (20, 20), (15, 0)])
def test_no_marriage_under_npa_gives_the_opponents_their_meld_if_20_or_more(
    meld: int, scored: int
) -> None:
    # 18.2 npa-double-deck: "set, no play, opponents +meld if 20+" (no bid on top).
    result = settle_hand(NPA_DD, bidder=0, bid=50, meld=(12, meld), no_marriage=True)
    assert result.scores == (-50, scored)


def test_no_marriage_needs_a_marriage_profile() -> None:
    with pytest.raises(SettlementError, match="marriage"):
        settle_hand(PINOCHLERUN, bidder=0, bid=34, meld=(28, 12), no_marriage=True)


def test_no_marriage_is_no_surrender_when_any_suit_may_be_named() -> None:
    # keys.md trump.without_marriage = "any-suit": the bidder names any suit and plays.
    variant = PAGAT_DD.override({"trump": {"without_marriage": "any-suit"}})
    with pytest.raises(SettlementError, match="marriage"):
        settle_hand(variant, bidder=0, bid=50, meld=(12, 30), no_marriage=True)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        # PG-DD surrender variants seen (11.6): nothing; meld; 25 for cards + meld.
        pytest.param({}, (-50, 30), id="meld"),
        pytest.param({"surrender_defenders_score": "nothing"}, (-50, 0), id="nothing"),
        pytest.param({"surrender_bonus": 25}, (-50, 55), id="25 + meld"),
    ],
)
def test_what_the_defenders_score_on_a_surrender(
    changes: dict[str, Any], expected: tuple[int, int]
) -> None:
    variant = PAGAT_DD.override({"settlement": changes})
    assert settle_hand(variant, bidder=0, bid=50, meld=(12, 30), thrown_in=True).scores == expected


# --- Three hands ---------------------------------------------------------------------------


@pytest.mark.parametrize(("bid", "expected"), [(300, (350, 110, 0)), (400, (-400, 110, 0))])
def test_cutthroat_each_player_saves_meld_with_a_trick(
    bid: int, expected: tuple[int, int, int]
) -> None:
    # 18.3 cutthroat-3: any trick per player saves meld; made: meld + tricks; set: minus bid.
    tricks = (9, 6, 0)  # the third player wins no trick
    result = settle_hand(
        CUTTHROAT, bidder=0, bid=bid, meld=(150, 60, 40), points=(200, 50, 0), tricks=tricks
    )
    assert result.scores == expected
    assert result.sides[2].meld_status is MeldStatus.LOST


def test_a_three_hand_game_with_a_widow_has_15_tricks() -> None:
    # rules/three-hand#auction-pinochle, rules/three-hand#everyone-melds, docs/profiles/index.md: 15
    # cards each and a 3-card widow (the bidder discards 3).
    assert CUTTHROAT.tricks_per_hand == 15
    result = settle_hand(
        CUTTHROAT, bidder=0, bid=300, meld=(150, 60, 40), points=(200, 50, 0), tricks=(9, 6, 0)
    )
    assert result.scores == (350, 110, 0)
    with pytest.raises(SettlementError, match="15 tricks"):
        settle_hand(
            CUTTHROAT, bidder=0, bid=300, meld=(150, 60, 40), points=(200, 50, 0), tricks=(10, 6, 0)
        )


def test_the_discards_count_for_a_bidder_who_wins_no_trick() -> None:
    # rules/three-hand#everyone-melds (WP three-hand) and cutthroat-3.toml: the discards from
    # the cat count as the bidder's trick cards. Two counters buried (20), no trick won:
    # the any-trick rule takes the meld, 20 < 250 is set.
    result = settle_hand(
        CUTTHROAT, bidder=0, bid=250, meld=(100, 60, 40), points=(20, 130, 100), tricks=(0, 8, 7)
    )
    assert result.outcome is Outcome.SET
    assert result.scores == (-250, 190, 140)


def test_a_defender_with_points_won_a_trick_even_with_a_widow() -> None:
    # Only the bidder owns cards that were never played (the widow, rules/passing-and-kitty#kitty).
    with pytest.raises(SettlementError, match="has trick points but won no trick"):
        settle_hand(
            CUTTHROAT,
            bidder=0,
            bid=250,
            meld=(100, 60, 40),
            points=(100, 130, 20),
            tricks=(8, 7, 0),
        )


# --- rules/game-end#target: game end --------------------------------------------------------------


def test_the_first_side_to_reach_the_target_wins() -> None:
    assert game_end(PINOCHLERUN, (149, 0), bidder=0).winner is None
    assert game_end(PINOCHLERUN, (0, 150), bidder=0).winner == 1
    # A raised target is passed in.
    assert game_end(PINOCHLERUN, (150, 0), bidder=0, target=200).winner is None


def test_bidders_counted_first() -> None:
    # BC-PA: the bidders' score is counted first, so both cannot reach together.
    variant = load_variant("bicycle-partnership-auction")
    assert game_end(variant, (1000, 1100), bidder=0).winner == 0
    assert game_end(variant, (990, 1100), bidder=0).winner == 1


def test_higher_score_wins_and_a_tie_plays_on() -> None:
    variant = load_variant("bicycle-two-handed")
    assert game_end(variant, (1010, 1050), bidder=None).winner == 1
    tie = game_end(variant, (1050, 1050), bidder=None)
    assert tie.winner is None


def test_raise_target() -> None:
    # PAR three-hand: game 1000, +250 each time two reach it together.
    variant = CUTTHROAT.override(
        {"game": {"target": 1000, "both_reach": "raise-target", "raise_target_by": 250}}
    )
    first = game_end(variant, (1010, 1100, 500), bidder=0)
    assert first.winner is None
    assert first.target == 1250
    again = game_end(variant, (1300, 1200, 600), bidder=1, target=first.target)
    assert again.winner == 0
    assert game_end(variant, (1300, 1250, 600), bidder=1, target=1250).target == 1500


def test_the_minus_300_floor() -> None:
    # S0: "A team that falls to -300 points loses the game at once."
    assert game_end(PINOCHLERUN, (-300, 50), bidder=0).winner == 1
    assert game_end(PINOCHLERUN, (120, -310), bidder=1).winner == 0
    assert game_end(PINOCHLERUN, (-299, 50), bidder=0).winner is None
    # The floor is S0's alone (rules/game-end#floor, docs/profiles/index.md).
    assert game_end(PAGAT, (-3000, 50), bidder=0).winner is None


def test_bid_and_out() -> None:
    # WP cutthroat: only the bidder can win by reaching the target.
    variant = CUTTHROAT.override({"game": {"bid_and_out": True}})
    assert game_end(variant, (1400, 1600, 1000), bidder=0).winner is None
    assert game_end(variant, (1400, 1600, 1000), bidder=1).winner == 1


def test_three_hand_ties_go_to_the_bidder() -> None:
    # 18.3 cutthroat-3: bidder wins ties.
    assert game_end(CUTTHROAT, (1500, 1600, 1550), bidder=0).winner == 0
    assert game_end(CUTTHROAT, (1500, 1600, 1550), bidder=2).winner == 2


def test_three_hand_tie_of_two_defenders_plays_another_hand() -> None:
    # rules/game-end#both-reach, three-player ties: another hand.
    assert game_end(CUTTHROAT, (1600, 1600, 900), bidder=2).winner is None


def test_a_chip_game_has_no_game_end() -> None:
    assert game_end(AUCTION_3, (500, -250, -250), bidder=0).winner is None


# --- rules/three-hand#auction-pinochle: chips -----------------------------------------------------

WEBCASTY = [
    (300, 1),
    (340, 1),
    (350, 2),
    (390, 2),
    (400, 4),
    (440, 4),
    (450, 6),
    (490, 6),
    (500, 8),
    (540, 8),
    (550, 10),
    (590, 10),
    (700, 10),
]


@pytest.mark.parametrize(("bid", "pays"), WEBCASTY)
def test_chip_schedule(bid: int, pays: int) -> None:
    # 14.1 webcasty: 300-340 = 1, 350-390 = 2, 400-440 = 4, 450-490 = 6, 500-540 = 8,
    # 550-590 = 10 (19.24: 550 and up pay 10).
    assert chip_payment(AUCTION_3, bid, Suit.HEARTS) == pays
    assert chip_payment(AUCTION_3, bid, Suit.SPADES) == 2 * pays  # 19.24: spades double


def test_chip_bid_below_the_schedule() -> None:
    with pytest.raises(SettlementError, match="300"):
        chip_payment(AUCTION_3, 290, Suit.HEARTS)


def chip_hand(**changes: Any) -> HandResult:
    facts: dict[str, Any] = {
        "bidder": 0,
        "bid": 350,
        "meld": (200, 0, 0),
        "points": (150, 50, 50),
        "trump": Suit.HEARTS,
    }
    return settle_hand(AUCTION_3, **(facts | changes))


def test_chips_made_each_opponent_pays() -> None:
    result = chip_hand()  # 200 + 150 = 350
    assert result.outcome is Outcome.MADE
    assert result.scores == (4, -2, -2)
    assert chip_hand(trump=Suit.SPADES).scores == (8, -4, -4)


def test_chips_set_after_play_pays_double() -> None:
    result = chip_hand(bid=400)  # 350 < 400: double bete, 2 x 4 to each opponent
    assert result.outcome is Outcome.SET
    assert result.scores == (-16, 8, 8)


def test_chips_thrown_in_pays_single() -> None:
    result = chip_hand(bid=400, points=None, thrown_in=True)  # single bete
    assert result.outcome is Outcome.THROWN_IN
    assert result.scores == (-8, 4, 4)


def test_chips_not_on_the_board_settles_as_a_concession() -> None:
    result = chip_hand(bid=500, points=None)  # 200 + 250 < 500: single bete, 8 each
    assert result.outcome is Outcome.NOT_ON_BOARD
    assert result.scores == (-16, 8, 8)


# --- Bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param({"points": (15, 9)}, r"add up to 24.*25", id="points do not add up"),
        pytest.param(
            {"points": (30, -5)},
            r"^trick points cannot be negative, found \[30, -5\]$",
            id="negative points",
        ),
        pytest.param(
            {"tricks": (13, -1)},
            r"^tricks cannot be negative, found \[13, -1\]$",
            id="negative tricks",
        ),
        pytest.param({"meld": (28, 12, 0)}, r"meld: expected 2 values", id="three melds"),
        pytest.param({"points": (10, 10, 5)}, r"points: expected 2", id="three point totals"),
        pytest.param({"meld": (-1, 12)}, r"meld cannot be negative", id="negative meld"),
        pytest.param({"bidder": 2}, r"bidder: expected a side from 0 to 1", id="bidder"),
        pytest.param({"bid": 60}, r"not played", id="points for an unplayed hand"),
        pytest.param({"points": None}, r"trick points", id="no points for a played hand"),
        pytest.param({"thrown_in": True}, r"throw in", id="throw-in not allowed"),
        pytest.param({"tricks": (11, 0)}, r"12 tricks", id="tricks do not add up"),
        pytest.param(
            {"tricks": (0, 12)}, r"has trick points but won no trick", id="points without tricks"
        ),
    ],
)
def test_impossible_facts_are_named(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(SettlementError, match=message):
        s0_hand(**changes)


def test_buried_cards_that_do_not_count_leave_the_points_short_but_never_over() -> None:
    # kitty.buried_count = false: the buried widow cards count for nobody, so the sides'
    # trick points may add up to less than the deck total, never to more.
    house = load_variant("cutthroat-3").override({"kitty": {"buried_count": False}})
    facts: dict[str, Any] = {"bidder": 0, "bid": 250, "meld": (100, 0, 0)}
    assert settle_hand(house, points=(200, 0, 0), **facts).outcome is Outcome.MADE
    with pytest.raises(
        SettlementError,
        match=r"^trick points \[250, 10, 0\] add up to 260, but a hand has only 250",
    ):
        settle_hand(house, points=(250, 10, 0), **facts)
    with pytest.raises(SettlementError, match=r"^trick points cannot be negative"):
        settle_hand(house, points=(260, -10, 0), **facts)


def test_a_hand_without_a_bidder_is_played() -> None:
    with pytest.raises(SettlementError, match="points"):
        settle_hand(load_variant("bicycle-two-handed"), bidder=None, bid=0, meld=(100, 40))


# --- Properties over random hands ----------------------------------------------------------


def _penalty(variant: Variant, bid: int) -> int:
    """rules/settlement#set: what failed bidders score (minus-bid and NPA lose the bid)."""
    return -bid if variant.settlement.set in (SetRule.MINUS_BID, SetRule.NPA) else 0


def _defender_bonus(variant: Variant, outcome: Outcome, bid: int) -> int:
    """The part of a defender's score that is the bid (rules/settlement#set,
    docs/profiles/index.md).

    Chip scoring gives the opponents the bid whenever the bidders fail; NPA gives it on a set
    after play, while its surrender gives the opponents their meld only (18.2).
    """
    rule = variant.settlement.set
    if outcome is Outcome.MADE:
        return 0
    if rule is SetRule.OPPONENTS_SCORE_BID or (rule is SetRule.NPA and outcome is Outcome.SET):
        return bid
    return 0


@PROPERTY
@given(st.data())
def test_every_possible_hand_settles(data: st.DataObject) -> None:
    variant = data.draw(variants(data.draw(st.sampled_from([None, "pagat-auction-3"]))))
    facts = data.draw(hand_facts(variant))
    result = settle_hand(variant, **facts)
    assert len(result.sides) == variant.sides
    played = facts["points"] is not None
    assert played == (result.outcome in (Outcome.MADE, Outcome.SET, Outcome.NO_BID))


@PROPERTY
@given(st.data())
def test_a_made_bid_never_lowers_the_bidders_score(data: st.DataObject) -> None:
    made = data.draw(st.sampled_from(MadeRule))
    variant = data.draw(variants()).override({"settlement": {"made": made.value}})
    facts = data.draw(hand_facts(variant))
    result = settle_hand(variant, **facts)
    assume(result.outcome is Outcome.MADE)
    # 11.1: they score what they earned (at least the bid) or exactly the bid.
    score = result.scores[facts["bidder"]]
    assert score >= facts["bid"] >= 0
    if made is MadeRule.BID:  # a made moon adds its bonus (settlement.moon_bonus)
        bonus = variant.settlement.moon_bonus if facts.get("moon") else 0
        assert score == facts["bid"] + bonus


@PROPERTY
@given(st.data())
def test_a_failed_bid_costs_exactly_the_penalty(data: st.DataObject) -> None:
    variant = data.draw(variants())
    facts = data.draw(hand_facts(variant))
    result = settle_hand(variant, **facts)
    assume(facts["bidder"] is not None and result.outcome is not Outcome.MADE)
    # A failed moon costs its own penalty instead (settlement.moon_penalty; the bid is not
    # taken off as well: rules/settlement#set).
    moon = facts.get("moon")
    penalty = -variant.settlement.moon_penalty if moon else _penalty(variant, facts["bid"])
    assert result.scores[facts["bidder"]] == penalty


@PROPERTY
@given(st.data())
def test_defenders_score_depends_on_the_bid_only_through_the_set_rule(
    data: st.DataObject,
) -> None:
    variant = data.draw(variants())
    facts = data.draw(hand_facts(variant))
    # A shot moon settles by its own bonus and penalty, not the set rule.
    assume(facts["bidder"] is not None and not facts.get("moon"))
    other_bid = data.draw(hand_facts(variant))["bid"]
    first = settle_hand(variant, **facts)
    try:
        second = settle_hand(variant, **(facts | {"bid": other_bid}))
    except SettlementError:  # the other bid is out of reach of a played hand, or in reach
        assume(False)
        raise
    assume(first.outcome is second.outcome)
    for side in range(variant.sides):
        if side == facts["bidder"]:
            continue
        assert first.scores[side] - _defender_bonus(
            variant, first.outcome, first.bid
        ) == second.scores[side] - _defender_bonus(variant, second.outcome, second.bid)


@PROPERTY
@given(st.data())
def test_chip_games_are_zero_sum(data: st.DataObject) -> None:
    variant = data.draw(variants("pagat-auction-3"))
    assert variant.game.scoring is GameScoring.CHIPS
    result = settle_hand(variant, **data.draw(hand_facts(variant)))
    assert sum(result.scores) == 0


@PROPERTY
@given(st.data())
def test_tens_scale_scores_are_multiples_of_ten(data: st.DataObject) -> None:
    variant = data.draw(variants())
    assume(variant.scale == 10)
    facts = data.draw(hand_facts(variant))
    numbers = [facts["bid"], *facts["meld"], *(facts["points"] or ())]
    assume(all(x % 10 == 0 for x in numbers))
    assert all(score % 10 == 0 for score in settle_hand(variant, **facts).scores)


@PROPERTY
@given(st.data())
def test_no_winner_below_the_target_unless_the_floor_was_hit(data: st.DataObject) -> None:
    variant = data.draw(variants())
    target = variant.game.target
    assert target is not None
    scores = data.draw(
        st.lists(
            st.integers(-2 * target, 2 * target), min_size=variant.sides, max_size=variant.sides
        )
    )
    bidder = data.draw(st.none() | st.integers(0, variant.sides - 1))
    end = game_end(variant, scores, bidder=bidder)
    floor = variant.game.lose_at
    if end.winner is not None and not (floor is not None and min(scores) <= floor):
        assert scores[end.winner] >= target
        if variant.game.bid_and_out:
            assert end.winner == bidder
    assert end.target is not None
    assert end.target >= target
