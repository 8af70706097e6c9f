"""Smoke tests of benchmarks/arena.py: duplicate seating and its statistics (issue 6)."""

from __future__ import annotations

import importlib.util
import json
import statistics
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "arena.py"


def load_arena() -> ModuleType:
    spec = importlib.util.spec_from_file_location("arena", PATH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["arena"] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


arena = load_arena()


def test_partnership_deals_are_played_twice_with_the_seats_swapped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "raw.json"
    argv = "--variant pinochlerun --a easy --b random --deals 2 --workers 1 --seed-base 5"
    arena.main([*argv.split(), "--json", str(out)])
    printed = capsys.readouterr().out
    assert "n = 2" in printed
    assert "95% CI" in printed
    [match] = json.loads(out.read_text())["matches"]
    assert [deal["seed"] for deal in match["deals"]] == [5, 6]
    for deal in match["deals"]:
        first, second = deal["seatings"]
        assert first["levels"] == ["easy", "random", "easy", "random"]
        assert second["levels"] == ["random", "easy", "random", "easy"]
        # Partnerships: side = seat % 2, so A is side 0, then side 1.
        assert first["margin"] == first["scores"][0] - first["scores"][1]
        assert second["margin"] == second["scores"][1] - second["scores"][0]
        assert deal["margin"] == (first["margin"] + second["margin"]) / 2
    assert match["mean"] == statistics.fmean(deal["margin"] for deal in match["deals"])


def test_three_hand_puts_a_alone_in_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    argv = "--variant cutthroat-3 --a easy --b random --deals 2 --workers 1"
    [match] = arena.main(argv.split())
    assert "A alone against 2 B's" in capsys.readouterr().out
    for deal in match.deals:
        assert [s.levels for s in deal.seatings] == [
            ("easy", "random", "random"),
            ("random", "easy", "random"),
            ("random", "random", "easy"),
        ]
        for alone, seating in enumerate(deal.seatings):
            others = [p for seat, p in enumerate(seating.scores) if seat != alone]
            assert seating.margin == seating.scores[alone] - statistics.fmean(others)


def make_match(margins: list[float]) -> Any:
    deals = [
        arena.Deal(i, (arena.Seating(("a", "b"), 0, (0, 0), m),)) for i, m in enumerate(margins)
    ]
    return arena.Match("pinochlerun", "hard", "medium", deals, 0.0, {})


@pytest.mark.parametrize(
    ("margins", "verdict"),
    [
        ([10, 10, 10], "yes (hard better)"),  # sd 0: the interval is the point +10
        ([-4, -6, -5, -5], "yes (medium better)"),  # -5 +- 1.96 * 0.816 / 2 = -5 +- 0.8
        ([1, 3], "yes (hard better)"),  # 2 +- 1.96 * 1.414 / 1.414 = 2 +- 1.96
        ([-5, 5], "no"),  # 0 +- 9.8
        ([30], "no"),  # one deal: no interval
    ],
)
def test_significant_only_when_the_interval_excludes_zero(
    margins: list[float], verdict: str
) -> None:
    assert make_match(margins).verdict == verdict


def test_unknown_level_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        arena.main(["--a", "wizard"])
    assert "unknown bot level 'wizard'" in capsys.readouterr().err
