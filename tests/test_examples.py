"""Every script in examples/ runs, and prints what the rules say."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.py"))


def test_there_are_examples() -> None:
    assert EXAMPLES


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(path), run_name="__main__")
    assert capsys.readouterr().out.strip()


def test_meld_calculator_prints_the_seed_total(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES[0].parent / "meld_calculator.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "with hearts trump: 240" in out  # seed 002 worked example


def test_house_rules_example_shows_the_scale_switch(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES[0].parent / "house_rules.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "bidding.minimum: 25 -> 250" in out
    assert "240 (base)" not in out  # base is ones: 24
    assert "24 (base) and 280 (house" in out  # rules.md 7.6: Dailey's extras give 280
