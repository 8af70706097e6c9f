"""Every script in examples/ runs, and prints what the rules say."""

from __future__ import annotations

import json
import runpy
import shlex
import shutil
import sys
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parents[1] / "examples"
PROTOCOL_BOTS = ("protocol_bot.py", "protocol_bot.js")
"""Programs speaking the bot protocol on their standard input: the arena plays them."""
EXAMPLES = sorted(p for p in FOLDER.glob("*.py") if p.name not in PROTOCOL_BOTS)


def test_there_are_examples() -> None:
    assert EXAMPLES
    assert all((FOLDER / name).exists() for name in PROTOCOL_BOTS)


def test_the_javascript_bot_finishes_a_100_deal_match_against_medium() -> None:
    # The goal: a bot in another language plays a whole match, with no forfeit.
    from pinochle.arena import run_match

    if shutil.which("node") is None:
        pytest.skip("node is not installed: the JavaScript example cannot run")
    bot = f"cmd:node {shlex.quote(str(FOLDER / 'protocol_bot.js'))}"
    match = run_match("pinochlerun", bot, "medium", deals=100)
    assert match.n == 100
    assert match.forfeits == ()


def test_the_python_bot_plays_a_match_with_no_forfeit() -> None:
    from pinochle.arena import run_match

    bot = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(FOLDER / 'protocol_bot.py'))}"
    match = run_match("pinochlerun", bot, "easy", deals=10, workers=1)
    assert match.n == 10
    assert match.forfeits == ()


def _needs_extra(path: Path) -> None:
    """Skip an example marked ``# extra: NAME (module)`` when that module is missing."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# extra: "):
            extra, _, module = line.removeprefix("# extra: ").partition(" ")
            pytest.importorskip(module.strip("()"), reason=f"extra {extra}: not installed")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _needs_extra(path)
    runpy.run_path(str(path), run_name="__main__")
    assert capsys.readouterr().out.strip()


def test_meld_calculator_prints_the_seed_total(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(FOLDER / "meld_calculator.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "with hearts trump: 240" in out  # seed 002 worked example


def test_house_rules_example_shows_the_scale_switch(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(FOLDER / "house_rules.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "bidding.minimum: 25 -> 250" in out
    assert "240 (base)" not in out  # base is ones: 24
    assert "24 (base) and 280 (house" in out  # rules/meld#examples: Dailey's extras give 280


def test_the_game_server_survives_a_restart_and_bad_requests(tmp_path: Path) -> None:
    module = runpy.run_path(str(FOLDER / "game_server.py"))
    server = module["GameServer"](tmp_path)
    game = server.new_game("pinochlerun", seed=3)
    before = (tmp_path / f"{game}.json").read_bytes()
    for seat, text in [(2, "bid 25"), (1, "bid 10"), (1, "fold"), (1, "play AS")]:
        assert '"ok": false' in server.act(game, seat, text)
    assert (tmp_path / f"{game}.json").read_bytes() == before  # nothing half-applied
    assert '"ok": true' in server.act(game, 1, "bid 25")
    restarted = module["GameServer"](tmp_path)  # a new process would read the same folder
    view = json.loads(restarted.view(game, 2))
    assert view["auction"] == [[1, "bid 25"]]
    assert view["to_act"] == 2
    hidden = json.loads(restarted.view(game, 0))
    assert hidden["legal_actions"] == []  # not seat 0's turn
    with pytest.raises(KeyError):
        restarted.view("../../etc/passwd", 0)


def test_the_score_sheet_example_settles_made_and_set(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(FOLDER / "score_sheet.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "made: meld 18 + points 10 = 28 ≥ 27" in out  # the bidding side makes 27
    assert "(23, -30) -> (51, -6)" in out  # set back by the bid of 30
    assert "equal: True" in out


def test_the_replay_example_replays_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(FOLDER / "replay_record.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "replays to the same state: True" in out
    assert "seen from seat 0" in out


def test_the_house_rules_test_example_holds(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(FOLDER / "house_rules_test.py"), run_name="__main__")
    assert "every invariant held" in capsys.readouterr().out


def test_the_solved_ending_gives_its_best_leads_the_solved_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The best lead's value is what best play gives the leader's side (docs/analysis.md).
    runpy.run_path(str(FOLDER / "solve_ending.py"), run_name="__main__")
    out = capsys.readouterr().out
    values = [
        int(line.rsplit(": ", 1)[1])
        for line in out.splitlines()
        if line.startswith("  ") and ": " in line and "seat" not in line
    ]
    taken = [int(p) for p in out.split("the sides take (")[1].split(")")[0].split(", ")]
    side = int(out.split("to side ")[1].split(" ")[0])
    assert max(values) == taken[side]
    assert len(out.split("A best line: ")[1].split()) == 24  # six cards a hand, four hands


def test_the_hint_example_suggests_a_legal_card_and_reviews_the_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The hint's best comes first, and a review sums up the hand (docs/analysis.md).
    runpy.run_path(str(FOLDER / "hint_and_review.py"), run_name="__main__")
    out = capsys.readouterr().out
    held = out.split("North holds ")[1].split(";")[0].split()
    best = out.split("Hint: play ")[1].split(" ")[0]
    listed = [
        line.split(": about ")[0].split()[-1] for line in out.splitlines() if ": about " in line
    ]
    assert best == listed[0]
    assert set(listed) <= set(held)
    assert "North's hand reviewed" in out
    assert "\nhand 1: " in out


def test_every_example_is_in_the_gallery() -> None:
    gallery = (FOLDER.parent / "docs" / "examples.md").read_text(encoding="utf-8")
    listed = [*EXAMPLES, *(FOLDER / name for name in PROTOCOL_BOTS)]
    missing = [path.name for path in listed if f"examples/{path.name}" not in gallery]
    assert not missing, f"docs/examples.md does not list {missing}"
