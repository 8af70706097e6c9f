"""Shooting the moon and the slide-out: the last auction-and-contract house rules of issue 32.

`settlement.shoot_the_moon` (with `moon_bonus` and `moon_penalty`): the bid winner promises
every trick after meld, before the first lead (rules/auction#conventions, UB), and is paid
a bonus or a fixed penalty (rules/settlement#set, a house page). `game.slide_out`: under
WP's bid-out rules a side over the target wins without bidding once the opponents have
failed their bid three times (rules/game-end#slide-out). Each test quotes its source from
the rules pages; the property tests play random games under the keys, and every bot level
plays a house profile of each to the end.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pinochle as pn
from _bots_play import play_every_level
from pinochle import (
    Bid,
    MeldStatus,
    Outcome,
    Phase,
    PlayOn,
    ScoreSheet,
    ShootTheMoon,
    State,
    Variant,
    apply,
    game_end,
    legal_actions,
    load_variant,
    new_game,
    observe,
    parse_action,
    settle_hand,
)
from pinochle.cli import main
from pinochle.env import ActionIndex, encode_observation, observation_layout
from pinochle.errors import SettlementError, SheetError, VariantError
from pinochle.explain import explain_legal
from pinochle.notation import read_move, write_move
from pinochle.scoring import failed_bids
from pinochle.testing import check_variant, games, hand_facts, variants

RUN = load_variant("pinochlerun")
MOON = RUN.override({"settlement": {"shoot_the_moon": True}, "name": "moon"})
SLIDE = RUN.override({"game": {"bid_and_out": True, "slide_out": 3}, "name": "slide-out"})


def _to_moon(variant: Variant, seed: int = 0) -> State:
    """A game of ``variant`` played by the first legal action up to the moon decision."""
    for s in range(seed, seed + 50):
        state = new_game(variant, seed=s)
        while state.phase not in (Phase.MOON, Phase.TRICKS) and not state.results:
            state = apply(state, legal_actions(state)[0])
        if state.phase is Phase.MOON:
            return state
    raise AssertionError("no hand reached the moon decision")  # pragma: no cover


# --- The settlement (rules/settlement#set: "fixed penalty") ------------------------------


def test_the_moon_made_pays_the_bonus() -> None:
    """rules/auction#conventions, a house page: "+25 bonus if all tricks are taken"."""
    result = settle_hand(
        MOON, bidder=0, bid=30, meld=(12, 8), points=(25, 0), tricks=(12, 0), moon=True
    )
    assert result.outcome is Outcome.MADE
    assert result.scores == (12 + 25 + 25, 0)  # made (meld + points) and the bonus
    assert "shot the moon" in result.reason
    plain = settle_hand(MOON, bidder=0, bid=30, meld=(12, 8), points=(25, 0), tricks=(12, 0))
    assert plain.scores == (37, 0)  # the same hand without the declaration: no bonus


def test_the_moon_failed_loses_meld_counters_and_fifty() -> None:
    """rules/settlement#set: "fixed penalty: -50 plus loss of meld and counters" for a failed
    shoot-the-moon; the house page: "you lose any points from melds or counters, as well as
    50 points"."""
    result = settle_hand(
        MOON, bidder=0, bid=30, meld=(20, 8), points=(24, 1), tricks=(11, 1), moon=True
    )
    assert result.outcome is Outcome.SET
    assert result.scores[0] == -50  # not -30 (the bid) and not -50 - 30
    assert result.sides[0].meld_status is MeldStatus.SET
    assert result.scores[1] == 8 + 1  # the defenders score as in a made hand
    assert "the moon failed (took 11 of 12 tricks)" in result.reason
    tens = MOON.with_scale(10)
    failed = settle_hand(
        tens, bidder=1, bid=300, meld=(80, 200), points=(10, 240), tricks=(1, 11), moon=True
    )
    assert failed.scores[1] == -500  # the penalty is on the profile's scale


def test_every_trick_but_the_bid_short_is_a_failed_moon() -> None:
    """The moon is a contract: every trick and the bid (a bid above meld and all points)."""
    played = MOON.override({"settlement": {"out_of_reach": "play"}})
    result = settle_hand(
        played, bidder=0, bid=60, meld=(10, 0), points=(25, 0), tricks=(12, 0), moon=True
    )
    assert result.outcome is Outcome.SET
    assert result.scores == (-50, 0)


def test_a_moon_needs_the_rule_a_bidder_and_the_tricks() -> None:
    with pytest.raises(SettlementError, match=r"settlement\.shoot_the_moon"):
        settle_hand(RUN, bidder=0, bid=30, meld=(12, 8), points=(25, 0), tricks=(12, 0), moon=True)
    with pytest.raises(SettlementError, match="played out"):
        settle_hand(MOON, bidder=0, bid=30, meld=(12, 8), points=(25, 0), moon=True)
    with pytest.raises(pn.ArgumentError, match="moon"):
        settle_hand(MOON, bidder=0, bid=30, meld=(12, 8), moon=1)  # type: ignore[arg-type]


# --- The profile keys ---------------------------------------------------------------------


def test_the_keys_default_to_todays_rules() -> None:
    for name in pn.builtin_variants():
        variant = load_variant(name)
        assert not variant.settlement.shoot_the_moon
        assert variant.game.slide_out is None
    assert (RUN.settlement.moon_bonus, RUN.settlement.moon_penalty) == (25, 50)
    assert RUN.with_scale(10).settlement.moon_bonus == 250


def test_a_chip_game_or_a_turned_trump_cannot_shoot_the_moon() -> None:
    """A points rule of a bid hand: the cross-key check names the key and why."""
    with pytest.raises(VariantError, match=r"settlement\.shoot_the_moon.*game\.scoring"):
        load_variant("pagat-auction-3").override({"settlement": {"shoot_the_moon": True}})
    with pytest.raises(VariantError, match=r"settlement\.shoot_the_moon.*no auction"):
        load_variant("parlett-three-hand").override({"settlement": {"shoot_the_moon": True}})
    with pytest.raises(VariantError, match=r"settlement\.moon_penalty"):
        MOON.override({"settlement": {"moon_penalty": -1}})


def test_slide_out_is_a_bid_and_out_rule() -> None:
    with pytest.raises(VariantError, match=r"game\.slide_out.*bid_and_out"):
        RUN.override({"game": {"slide_out": 3}})
    with pytest.raises(VariantError, match=r"game\.slide_out"):
        SLIDE.override({"game": {"slide_out": 0}})
    assert Variant.from_toml(SLIDE.to_toml()) == SLIDE
    assert Variant.from_toml(MOON.to_toml()) == MOON


# --- The engine: its own phase after meld, before the first lead --------------------------


def test_the_bidder_declares_after_meld_before_the_first_lead() -> None:
    """rules/auction#conventions: UB "lets the bid winner declare it after meld, before the
    first lead, committing the team to win every trick"."""
    state = _to_moon(MOON)
    assert state.to_act == state.hand.bidder
    assert all(meld is not None for meld in state.hand.melds)  # meld is down
    assert not state.tricks
    assert not state.trick
    assert list(legal_actions(state)) == [PlayOn(), ShootTheMoon()]
    other = (state.hand.bidder or 0) + 1
    assert observe(state, other).legal_actions == ()
    shot = apply(state, ShootTheMoon())
    assert shot.phase is Phase.TRICKS
    assert all(observe(shot, seat).moon for seat in range(4))  # every seat sees it
    played = apply(state, PlayOn())
    assert played.phase is Phase.TRICKS
    assert not any(observe(played, seat).moon for seat in range(4))
    with pytest.raises(pn.IllegalActionError, match="shoot the moon or play on"):
        apply(state, Bid(30))


def test_the_moon_comes_after_the_throw_in() -> None:
    variant = MOON.override({"settlement": {"throw_in": True}})
    for seed in range(40):
        state = new_game(variant, seed=seed)
        while state.phase is not Phase.THROW_IN and not state.results:
            state = apply(state, legal_actions(state)[0])
        if state.phase is Phase.THROW_IN:
            break
    assert state.phase is Phase.THROW_IN
    state = apply(state, PlayOn())
    assert state.phase is Phase.MOON


def test_a_profile_without_the_key_never_asks() -> None:
    state = new_game(RUN, seed=3)
    while not state.results:
        assert state.phase is not Phase.MOON
        state = apply(state, legal_actions(state)[0])


def test_a_shot_moon_settles_by_the_moon_rule() -> None:
    state = apply(_to_moon(MOON), ShootTheMoon())
    bidder = state.side_of(state.hand.bidder or 0)
    while not state.results:
        state = apply(state, legal_actions(state)[0])
    result = state.results[-1]
    assert state.game.last_hand is not None
    assert state.game.last_hand.moon
    tricks = sum(1 for t in state.game.last_tricks if state.side_of(t.winner) == bidder)
    if tricks < 12:
        assert result.scores[bidder] == -50
        assert "the moon failed" in result.reason
    else:  # pragma: no cover - depends on the deal
        assert "shot the moon" in result.reason


# --- Every place an action goes ----------------------------------------------------------


def test_the_action_reads_back_everywhere() -> None:
    action = ShootTheMoon()
    assert str(action) == "shoot the moon"
    assert parse_action("shoot the moon") == action
    assert parse_action("Shoot  the Moon") == action
    assert write_move(action) == "shoot-the-moon"
    assert read_move("shoot-the-moon") == action
    with pytest.raises(pn.ActionParseError, match="shoot the moon"):
        parse_action("shoot")


def test_explain_and_the_records_know_the_moon() -> None:
    state = _to_moon(MOON)
    view = observe(state, state.to_act or 0)
    assert explain_legal(view) == "Shoot the moon (promise every trick) or play on"
    state = apply(state, ShootTheMoon())
    assert pn.Observation.from_json(observe(state, 1).to_json()) == observe(state, 1)
    assert State.from_json(state.to_json()) == state
    from pinochle.records import record_of

    record = record_of(state)
    assert "shoot the moon" in record.to_json()


def test_the_action_index_holds_the_moon_only_under_the_key() -> None:
    """PettingZoo and OpenSpiel number actions by `ActionIndex`: the other profiles keep
    every index and their observation layout."""
    plain, moon = ActionIndex(RUN), ActionIndex(MOON)
    assert plain.moon is None
    assert "moon" not in plain.groups
    assert moon.n == plain.n + 1
    assert moon.moon == plain.n
    assert moon.action(plain.n) == ShootTheMoon()
    assert moon.encode(ShootTheMoon()) == plain.n
    with pytest.raises(pn.ArgumentError):
        plain.encode(ShootTheMoon())
    state = _to_moon(MOON)
    view = observe(state, state.to_act or 0)
    assert moon.legal_indices(view) == [moon.encode(PlayOn()), plain.n]
    assert moon.decode(plain.n, view) == ShootTheMoon()
    layout = observation_layout(MOON)
    assert layout.size == observation_layout(RUN).size + 2
    vector = encode_observation(view)
    at = layout["moon"].start
    assert list(vector[at : at + 2]) == [1.0, 0.0]
    shot = apply(state, ShootTheMoon())
    assert encode_observation(observe(shot, 0))[at + 1] == 1.0


def test_openspiel_plays_a_moon_profile() -> None:
    pytest.importorskip("pyspiel")
    from pinochle import openspiel

    game = openspiel.load_game(MOON)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[-1])  # the moon, where offered
    assert game.num_distinct_actions() == ActionIndex(MOON).n


# --- The score keeper ---------------------------------------------------------------------


def test_the_score_keeper_records_a_shot_moon() -> None:
    sheet = ScoreSheet(MOON)
    made = sheet.record(bidder=0, bid=30, meld=(12, 8), points=(25, 0), tricks=(12, 0), moon=True)
    assert made.scores == (62, 0)
    failed = made.record(bidder=1, bid=30, meld=(6, 20), points=(4, 21), tricks=(2, 10), moon=True)
    assert failed.scores == (62 + 4 + 6, -50)
    again = ScoreSheet.from_json(failed.to_json())
    assert again.scores == failed.scores
    assert again.hands[-1].record.moon
    with pytest.raises(SheetError, match="shoot_the_moon"):
        ScoreSheet(RUN).record(
            bidder=0, bid=30, meld=(12, 8), points=(25, 0), tricks=(12, 0), moon=True
        )


def test_pinochle_score_add_moon(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    profile = tmp_path / "moon.toml"
    profile.write_text(
        'extends = "pinochlerun"\nname = "moon"\n[settlement]\nshoot_the_moon = true\n',
        encoding="utf-8",
    )
    path = tmp_path / "sheet.json"
    assert main(["score", "new", str(path), "--variant", str(profile)]) == 0
    args = [
        "--bidder",
        "0",
        "--bid",
        "30",
        "--meld",
        "12",
        "8",
        "--points",
        "25",
        "0",
        "--tricks",
        "12",
        "0",
        "--moon",
    ]
    assert main(["score", "add", str(path), *args]) == 0
    out = capsys.readouterr().out
    assert "shot the moon" in out
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["hands"][0]["moon"] is True


# --- Slide-out (rules/game-end#slide-out) -------------------------------------------------


def test_a_side_over_the_target_slides_out_after_three_failed_bids() -> None:
    """rules/game-end#slide-out: "a team over the target wins without bidding once
    opponents fail their bid three times" (WP, bid-out rules)."""
    over = (160, 40)  # side 0 is over the target (150) but did not bid: bid and out
    assert game_end(SLIDE, over, bidder=1, failed=(0, 2)).winner is None
    end = game_end(SLIDE, over, bidder=1, failed=(0, 3))
    assert end.winner == 0
    assert "slides out" in end.reason
    assert game_end(SLIDE, (140, 40), bidder=1, failed=(0, 3)).winner is None  # not over
    assert game_end(SLIDE, over, bidder=1, failed=(3, 0)).winner is None  # its own sets
    both = game_end(SLIDE, (160, 160), bidder=None, failed=(3, 3))
    assert both.winner is None  # two sides slide out together: a tie plays on
    assert game_end(SLIDE, (170, 160), bidder=None, failed=(3, 3)).winner == 0
    bid_out = SLIDE.override({"game": {"slide_out": False}})
    assert game_end(bid_out, over, bidder=1, failed=(0, 9)).winner is None  # today's rule


def test_failed_bids_count_every_way_of_losing_the_bid() -> None:
    results = [
        settle_hand(RUN, bidder=1, bid=28, meld=(5, 5), points=(5, 20)),  # set
        settle_hand(RUN, bidder=1, bid=60, meld=(5, 5)),  # not on the board
        settle_hand(RUN, bidder=0, bid=25, meld=(10, 5), points=(20, 5)),  # made
    ]
    assert failed_bids(results, 2) == (0, 2)


def test_the_engine_ends_the_game_by_slide_out() -> None:
    variant = SLIDE.override({"game": {"slide_out": 1}})
    state = new_game(variant, seed=5, scores=(160, 0))  # dealer 0: side 1 speaks first
    state = apply(state, Bid(100))  # the maximum ends the auction; far out of reach
    while not state.results:
        state = apply(state, legal_actions(state)[0])
    assert state.results[-1].outcome is Outcome.NOT_ON_BOARD
    assert state.is_over
    assert state.winner == 0
    report = check_variant(variant, games=3)
    report.raise_if_failed()


def test_the_score_keeper_counts_failed_bids() -> None:
    sheet = ScoreSheet(SLIDE, scores=(160, 0))
    for _ in range(2):
        sheet = sheet.record(bidder=1, bid=28, meld=(5, 5), points=(5, 20))
        assert sheet.winner is None
    sheet = sheet.record(bidder=1, bid=28, meld=(5, 5), points=(5, 20))
    assert sheet.winner == 0
    assert "slides out" in sheet.hands[-1].end.reason


# --- Random games and every bot level ----------------------------------------------------

HOUSES: dict[str, dict[str, Any]] = {
    "moon": {"settlement": {"shoot_the_moon": True}},
    "moon-tens": {"scale": 10, "settlement": {"shoot_the_moon": True, "throw_in": True}},
    "slide-out": {"game": {"bid_and_out": True, "slide_out": 3}},
}


def _house(name: str) -> Variant:
    return RUN.override({**HOUSES[name], "name": name})


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(HOUSES)).flatmap(lambda name: games(_house(name))))
def test_random_games_keep_the_moon_and_the_slide_out(state: State) -> None:
    variant = state.variant
    if state.phase is Phase.MOON:
        assert variant.settlement.shoot_the_moon
        assert state.to_act == state.hand.bidder
        assert not state.tricks
    if state.hand.moon and not state.is_over:
        assert state.phase is Phase.TRICKS
    if variant.game.slide_out is not None and not state.is_over and state.results:
        failed = failed_bids(state.results, variant.sides)
        target = variant.game.target or 0
        out = [
            i
            for i, s in enumerate(state.scores)
            if s >= target and sum(failed) - failed[i] >= variant.game.slide_out
        ]
        assert len(out) != 1


@settings(max_examples=25, deadline=None)
@given(
    variants(keys=frozenset({("settlement", "shoot_the_moon"), ("game", "slide_out")})).flatmap(
        lambda v: st.tuples(st.just(v), hand_facts(v))
    )
)
def test_random_hands_settle_with_the_moon(case: tuple[Variant, dict[str, Any]]) -> None:
    variant, facts = case
    result = settle_hand(variant, **facts)
    sheet = ScoreSheet(variant).record(**facts)
    assert sheet.hands[-1].result == result
    if facts["moon"]:
        bidder = facts["bidder"]
        s = variant.settlement
        if facts["tricks"][bidder] == variant.tricks_per_hand and result.outcome is Outcome.MADE:
            assert result.scores[bidder] >= s.moon_bonus
        else:
            assert result.scores[bidder] == -s.moon_penalty


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_every_bot_level_plays_each_house_profile_to_the_end(name: str) -> None:
    variant = _house(name).override({"game": {"hands": 3}})
    for game in play_every_level(variant):
        assert game.final.is_over
        assert ShootTheMoon() not in game.actions, game.level  # the bots never shoot the moon
    check_variant(variant, games=4).raise_if_failed()


def test_documents_without_the_moon_are_as_before() -> None:
    """The wire writes ``moon`` only once shot: every other document is unchanged, and a
    document written before the rule existed still reads."""
    state = _to_moon(MOON)
    assert "moon" not in state.to_dict()["hand"]
    assert "moon" not in observe(state, 0).to_dict()
    shot = apply(state, ShootTheMoon())
    assert shot.to_dict()["hand"]["moon"] is True
    assert observe(shot, 2).to_dict()["moon"] is True
    assert pn.Observation.from_dict(observe(shot, 2).to_dict()).moon
    plain = new_game(RUN, seed=1)
    data = plain.to_dict()
    assert "moon" not in data["hand"]
    assert State.from_dict(data) == plain
    assert "moon" not in pn.schema("observation")["required"]
