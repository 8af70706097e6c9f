"""The baseline commit checked out beside this tree, for the side-by-side benchmarks."""

from __future__ import annotations

import contextlib
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""This tree: the repository the benchmarks run from."""


@contextlib.contextmanager
def baseline_tree(revision: str) -> Iterator[Path]:
    """A temporary git worktree of ``revision`` (detached), removed when done."""
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "baseline"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), revision],
            check=True,
        )
        try:
            yield base
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=True
            )
