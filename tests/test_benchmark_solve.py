"""benchmarks/solve.py runs at its smallest settings, so it cannot rot unseen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_solver_benchmark_runs_and_finds_no_disagreement() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    argv = ["--profile", "pinochlerun,bicycle-two-handed", "--cards", "2", "--positions", "1"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "solve.py"), *argv, "--limit", "600"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert f"pinochle {ROOT / 'src'}" in out  # it timed this tree's solver
    assert "cores, load" in out
    assert "load at the end" in out
    for profile in ("pinochlerun", "bicycle-two-handed"):
        rows = [line.split() for line in out.splitlines() if line.startswith(profile)]
        assert [row[1:4] for row in rows] == [["2", "solve", "1"], ["2", "exact", "1"]]
        assert rows[0][-1] == "0"  # none over the limit
    assert out.count("best_line 1 finished, 0 over") == 2
    assert "DISAGREEMENT" not in out
