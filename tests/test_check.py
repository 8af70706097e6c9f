"""The house-rules testing kit: `check_variant`, its hooks, the fixture and `pinochle check`.

Every built-in profile must pass; rules broken on purpose (a settlement that drops the
last-trick bonus, rules/counting#methods; an observation that shows another seat's card,
docs/engine.md#observations "Engine model") must be caught, each with the shortest
record that shows it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

import pinochle
from pinochle import (
    HandResult,
    Observation,
    State,
    builtin_variants,
    load_variant,
    observe,
    scoring,
)
from pinochle.checking import CHECKS, CheckHooks, CheckReport
from pinochle.cli import main
from pinochle.cli._profiles import run_check
from pinochle.engine import _course as engine  # the engine settles hands through it
from pinochle.records import GameRecord, replay
from pinochle.testing import check_profile, check_variant, deals, play_random_game

GAMES = 3
# classic counts: no ones scale (rules/counting#methods)
CLASSIC = {"bicycle-two-handed", "hoyle-1914", "six-hand-96"}  # the classic count: tens only

HOUSE = """\
extends = "pinochlerun"
name = "house"
title = "Our kitchen table"

[bidding]
minimum = 30
"""


def drops_last_trick_bonus(variant: pinochle.Variant, **facts: Any) -> HandResult:
    """A broken settlement: the side with the most trick points loses the last-trick bonus."""
    result = scoring.settle_hand(variant, **facts)
    points = facts.get("points")
    if points is None:
        return result
    side = max(range(len(points)), key=points.__getitem__)
    bonus = variant.counting.last_trick
    part = result.sides[side]
    part = attrs.evolve(part, points=part.points - bonus, score=part.score - bonus)
    return attrs.evolve(result, sides=(*result.sides[:side], part, *result.sides[side + 1 :]))


def leaks_a_card(state: State, seat: int) -> Observation:
    """A broken observation: the kitty field also shows the next seat's first card."""
    view = observe(state, seat)
    neighbour = state.hands[(seat + 1) % len(state.hands)]
    return attrs.evolve(view, kitty=(*view.kitty, *neighbour[:1]))


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


# --- Every built-in profile passes -------------------------------------------------------


@pytest.mark.parametrize("name", builtin_variants())
def test_every_builtin_profile_passes(name: str) -> None:
    report = check_variant(load_variant(name), games=GAMES)
    report.raise_if_failed()
    assert report.ok
    assert [c.name for c in report.checks] == list(CHECKS)
    for check in report.checks:
        if check.name == "scale-switch" and name in CLASSIC:
            assert (check.passed, check.failed) == (0, 0)
            assert "tens scale only" in check.note
        else:
            assert (check.passed, check.failed) == (GAMES, 0), check.name
    ended = sum(play_random_game(name, i, max_hands=20)[-1].is_over for i in range(GAMES))
    assert report["termination"].note.startswith(f"{ended} ended, {GAMES - ended} stopped")
    assert "every invariant held" in report.summary()


def test_the_usage_of_the_issue(house: Path) -> None:
    check_variant(pinochle.load_variant(str(house)), games=2).raise_if_failed()


def test_a_run_is_reproducible_and_reports_progress() -> None:
    calls: list[tuple[int, int]] = []
    variant = load_variant("parlett-three-hand")
    first = check_variant(variant, games=3, seed=5, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 3), (2, 3), (3, 3)]
    assert check_variant(variant, games=3, seed=5) == first
    assert first.summary().startswith("parlett-three-hand: 3 games from seed 5")


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="games: expected a whole number from 1"):
        check_variant(load_variant(), games=0)


# --- Broken rules are caught ---------------------------------------------------------------


def test_a_settlement_without_the_last_trick_bonus_is_caught() -> None:
    """rules/counting#methods: the last trick's bonus is part of the deck's trick points."""
    variant = load_variant("pinochlerun")
    normal = play_random_game(variant, 0, max_hands=2)[-1].results
    report = check_variant(variant, games=GAMES, _hooks=CheckHooks(settle=drops_last_trick_bonus))
    assert play_random_game(variant, 0, max_hands=2)[-1].results == normal  # the rule again
    assert not report.ok
    settlement, deck = report["settlement"], report["deck-totals"]
    assert settlement.failed == deck.failed == GAMES
    assert report["conservation"].ok
    assert report["observations"].ok
    failure = settlement.failures[0]
    assert "settle_hand gives" in failure.message
    assert "credited" in deck.failures[0].message
    # The shortest prefix: it ends with the action that settled the first played hand.
    record = failure.record
    states = play_random_game(variant, failure.seed)
    assert record.actions == states[len(record.actions)].actions
    end = replay(record)
    before = replay(attrs.evolve(record, actions=record.actions[:-1]))
    assert len(end.results) == len(before.results) + 1
    assert len(end.game.last_tricks) == variant.tricks_per_hand
    assert all(s.game.last_tricks == () for s in states[: len(record.actions)])
    # raise_if_failed: the summary, then the first failure's record as JSON.
    with pytest.raises(AssertionError) as caught:
        report.raise_if_failed()
    text = str(caught.value)
    assert "FAIL  settlement" in text
    assert "FAIL  deck-totals" in text
    first = report.failures[0]
    assert GameRecord.from_json(text.split(f"({first.check}):\n", 1)[1]) == first.record


def test_a_broken_rule_holds_only_in_the_checking_threads() -> None:
    """The kit's broken settlement settles its own games, never a game played meanwhile.

    Several checks run at once in their threads; each stops inside its first broken
    settlement until the players in other threads have played their games, which settle
    by the rules (rules/counting#methods: the last trick's bonus counts).
    """
    variant = load_variant("pinochlerun")
    seeds = range(3)

    def results() -> list[tuple[HandResult, ...]]:
        return [play_random_game(variant, seed, max_hands=2)[-1].results for seed in seeds]

    expected = results()
    checkers, players = 3, 3
    # A guard against a hang, not a timing: every party arrives as soon as it can.
    inside = threading.Barrier(checkers + players, timeout=300)
    played = threading.Event()
    local = threading.local()

    def held_open(rules: pinochle.Variant, **facts: Any) -> HandResult:
        if getattr(local, "first", False):  # a check's first settlement: wait for the games
            local.first = False
            inside.wait()
            played.wait(timeout=300)
        return drops_last_trick_bonus(rules, **facts)

    def check() -> CheckReport:
        local.first = True
        return check_variant(variant, games=1, _hooks=CheckHooks(settle=held_open))

    def play() -> list[list[tuple[HandResult, ...]]]:
        inside.wait()  # every check's broken rule is in force
        return [results() for _ in range(2)]

    with ThreadPoolExecutor(checkers + players) as pool:
        checks = [pool.submit(check) for _ in range(checkers)]
        games = [pool.submit(play) for _ in range(players)]
        try:
            outcomes = [future.result() for future in games]
        finally:
            played.set()
        reports = [future.result() for future in checks]
    for outcome in outcomes:
        assert outcome == [expected, expected]
    for report in reports:  # the broken rule held in each checking thread
        assert report["settlement"].failed == 1
        assert report["conservation"].ok
    assert results() == expected  # and nowhere once the checks are over


def test_an_observation_that_shows_a_hidden_card_is_caught() -> None:
    """docs/engine.md#observations: an observation never holds another seat's hidden card."""
    variant = load_variant("cutthroat-3")
    report = check_variant(variant, games=GAMES, _hooks=CheckHooks(observe=leaks_a_card))
    assert not report.ok
    assert [c.name for c in report.checks if not c.ok] == ["observations"]
    failure = report["observations"].failures[0]
    assert "sees a hidden" in failure.message
    assert "observation.kitty[" in failure.message
    assert failure.record.actions == ()  # the deal itself shows the leak
    assert replay(failure.record) == play_random_game(variant, failure.seed)[0]


def test_the_fixture_fails_the_test_and_keeps_the_records(
    check_profile: Any, tmp_path: Path
) -> None:
    assert check_profile("parlett-three-hand", games=2).ok
    with (
        engine._settling_by(drops_last_trick_bonus),
        pytest.raises(pytest.fail.Exception, match="reproducing records") as caught,
    ):
        check_profile(load_variant("parlett-three-hand"), games=2)
    written = sorted(tmp_path.glob("parlett-three-hand-failure-*.json"))
    assert [p.name for p in written] == [
        "parlett-three-hand-failure-1.json",
        "parlett-three-hand-failure-2.json",
    ]
    assert str(written[0]) in str(caught.value)
    replay(GameRecord.from_json(written[0].read_text(encoding="utf-8")))


# --- pinochle check ---------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_exits_0_when_every_invariant_holds(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    code, out, err = run(capsys, "check", str(house), "--games", "2", "--seed", "4")
    assert code == 0
    assert err == ""  # no progress bar when stderr is not a terminal
    lines = out.splitlines()
    assert lines[0] == "house: Our kitchen table (ones, single deck, 4 players, partners)"
    assert lines[1].startswith("house: 2 games from seed 4")
    for name in CHECKS:
        assert any(line.split()[:3] == ["ok", name, "2/2"] for line in lines), name
    assert not list(house.parent.glob("*failure*"))


def test_check_exits_1_and_writes_the_record_next_to_the_profile(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    with engine._settling_by(drops_last_trick_bonus):
        code, out, _ = run(capsys, "check", str(house), "--games", "2")
    assert code == 1
    assert "FAIL  settlement" in out
    assert "ok    conservation" in out
    paths = [Path(line.split(": ", 1)[1]) for line in out.splitlines() if "record:" in line]
    assert paths == [house.parent / "house-failure-1.json", house.parent / "house-failure-2.json"]
    record = GameRecord.from_json(paths[0].read_text(encoding="utf-8"))
    assert record.variant == load_variant(str(house))
    replay(record)


def test_check_of_a_builtin_writes_in_the_current_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = argparse.Namespace(profile="cutthroat-3", games=1, seed=0)
    with engine._settling_by(drops_last_trick_bonus):
        assert run_check(args) == 1
    assert (tmp_path / "cutthroat-3-failure-1.json").is_file()
    assert "reproducing record: " in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "no-such-profile"], "no profile file or built-in profile 'no-such-profile'"),
        (["check", "missing.toml"], "missing.toml"),
        (["check", "pinochlerun", "--games", "0"], "--games: expected at least 1"),
    ],
)
def test_check_exits_2_on_a_bad_profile(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("pinochle: error: ")
    assert message in err


def test_check_exits_2_on_an_invalid_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "pinochlerun"\n[bidding]\nminimum = "x"\n', encoding="utf-8")
    code, out, err = run(capsys, "check", str(bad))
    assert (code, out) == (2, "")
    assert "bidding.minimum" in err


def test_the_cli_and_the_check_do_not_import_hypothesis() -> None:
    lazy = "import sys, pinochle.cli\nassert 'pinochle.checking' not in sys.modules\n"
    subprocess.run([sys.executable, "-c", lazy], check=True)
    light = "import sys, pinochle.checking\nassert 'hypothesis' not in sys.modules\n"
    subprocess.run([sys.executable, "-c", light], check=True)


_ = check_profile  # the fixture, imported so that the tests above can use it


@given(deals("pagat-auction-3"))
@settings(max_examples=20, deadline=None)
def test_deals_are_possible_starting_hands(dealt: tuple[tuple[pinochle.Card, ...], ...]) -> None:
    variant = pinochle.load_variant("pagat-auction-3")
    assert [len(h) for h in dealt] == [15, 15, 15]
    state = pinochle.new_game(variant, seed=1, hands=dealt)
    assert state.hand.dealt == dealt
    assert len(state.hand.kitty) == 3


def test_one_game_is_counted_in_the_singular() -> None:
    # Issue 26's plural slip: "1 games from seed 0".
    report = check_variant(load_variant("pinochlerun"), games=1, seed=0)
    assert report.summary().startswith("pinochlerun: 1 game from seed 0, at most ")
