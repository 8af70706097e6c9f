"""Shared test settings: a record of skipped tests for CI.

With ``PINOCHLE_SKIP_REPORT=FILE`` in the environment, every skipped test appends one line
``REASON<TAB>TEST ID`` to FILE. `.ci/run` sets it and fails when a test that must run in CI
skipped: the browser tests (reasons that start with "browser:").
"""

from __future__ import annotations

import os

import pytest


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Append a skipped test's reason and id to ``$PINOCHLE_SKIP_REPORT``."""
    path = os.environ.get("PINOCHLE_SKIP_REPORT")
    if not path or not report.skipped:
        return
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    reason = reason.removeprefix("Skipped: ")
    with open(path, "a", encoding="utf-8") as out:
        out.write(f"{' '.join(reason.split())}\t{report.nodeid}\n")
