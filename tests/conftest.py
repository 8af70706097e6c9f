"""Suite-wide settings: under CI, a skipped test is a failure.

Tests of the optional extras (Ray, PettingZoo, OpenSpiel) and of the browser skip where
their packages or Chromium are absent, which is right on a user's machine but would hide a
broken install in CI. ``.ci/run`` sets ``PINOCHLE_CI=1``, and then the run fails if any
test was skipped, naming each one and its reason.
"""

from __future__ import annotations

import os

import pytest

_skipped: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Note every skipped test (the skip may come from setup, as `importorskip` in a fixture)."""
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _skipped.append(f"{report.nodeid}: {reason}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under ``PINOCHLE_CI=1``, turn a green run with skips into a failure."""
    if os.environ.get("PINOCHLE_CI") and _skipped:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say why the run failed when skips made it fail."""
    if os.environ.get("PINOCHLE_CI") and _skipped:
        terminalreporter.section("skipped under PINOCHLE_CI=1: every test must run in CI")
        for line in _skipped:
            terminalreporter.line(line)
