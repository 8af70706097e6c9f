"""benchmarks/hints.py runs at its smallest settings (``--quick``), so it cannot rot unseen."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_hints_benchmark_runs_and_its_review_marks_as_it_does() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "hints.py"), "--quick"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert f"pinochle {ROOT / 'src'}" in out  # it measured this tree's hints
    assert "cores, load" in out
    assert "load at the end" in out
    found = re.search(r"decision set: (\d+) decisions \(auction \d+, cards (\d+)", out)
    assert found, out
    assert int(found[1]) > int(found[2]) > 0  # card decisions and decisions before play
    # Every figure of the goals is printed.
    for figure in (
        "marked ?? at seed 0:",
        "marked ? at seed 0:",
        "the same best action at every seed:",
        "equal-best (card decisions, true state solved, every seed): suggested card",
        "card hint CPU: median",
        "before play CPU: median",
        "a whole game's review of one seat, CPU: median",
    ):
        assert figure in out, figure
    summary = "  worlds 2, exact_from default |"
    rows = [line for line in out.splitlines() if line.startswith(summary)]
    assert len(rows) == 1  # the summary row of the one setting
    assert "BUG" not in out  # no hint failed, and review marked each decision as the benchmark did
