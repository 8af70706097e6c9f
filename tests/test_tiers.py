"""The quick and the full run (tests/conftest.py): what each runs, and what the quick one says.

``python -m pytest`` leaves out the slow tests and says so in one line with the command
that runs them all; ``python -m pytest --full`` runs everything (CI's run, the README's
full command). Every test module keeps quick tests, so the quick run still exercises every
part of the library, and every name in the slow list is still a test.
"""

from __future__ import annotations

import ast
import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FULL, SLOW

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"

# Modules whose every test is slow by nature; each is its own tier of the full run.
ALL_SLOW = {
    "test_serve_browser.py": "drives headless Chromium through whole games",
    "test_pages_browser.py": "drives headless Chromium through the three pages",
    "test_serve_tables_browser.py": "drives headless Chromium through a hand of 5, 6 and 8",
    "test_renege_browser.py": "drives headless Chromium through a hand with a renege",
    "test_serve_correction_browser.py": "drives Chromium through a correction, a call, a share",
    "test_packaging.py": "builds a wheel",
    "test_arena_ray.py": "starts a Ray cluster",
}


def _marked_slow(node: ast.expr) -> bool:
    """``pytest.mark.slow``, or a list of marks holding it."""
    if isinstance(node, ast.List | ast.Tuple):
        return any(_marked_slow(item) for item in node.elts)
    return ast.unparse(node) == "pytest.mark.slow"


@functools.cache
def _tests(path: Path) -> dict[str, bool]:
    """Each test function of a file (in classes too), and whether it is marked slow there."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module_slow = any(
        isinstance(node, ast.Assign)
        and any(getattr(t, "id", "") == "pytestmark" for t in node.targets)
        and _marked_slow(node.value)
        for node in tree.body
    )
    found: dict[str, bool] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            found[node.name] = module_slow or any(_marked_slow(d) for d in node.decorator_list)
    return found


def _run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != "PINOCHLE_CI"} | env
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_every_slow_name_is_a_test_of_its_file() -> None:
    missing = [
        f"{file}::{name}"
        for file, names in SLOW.items()
        for name in names
        if not (TESTS / file).is_file() or name not in {"*", *_tests(TESTS / file)}
    ]
    assert not missing, f"tests/conftest.py's SLOW names tests that do not exist: {missing}"


def test_every_test_module_keeps_quick_tests() -> None:
    files = sorted(TESTS.glob("test_*.py"))
    assert len(files) > 80
    all_slow = []
    for path in files:
        tests = _tests(path)
        assert tests, f"{path.name} has no tests"
        slow_names = SLOW.get(path.name, ())
        quick = [
            n for n, slow in tests.items() if not (slow or "*" in slow_names or n in slow_names)
        ]
        if not quick and path.name not in ALL_SLOW:
            all_slow.append(path.name)
    assert not all_slow, f"the quick run would leave these modules untested: {all_slow}"
    for name in ALL_SLOW:
        assert (TESTS / name).is_file()


@pytest.mark.slow  # a pytest run of its own
def test_the_quick_run_leaves_out_the_slow_tests_and_says_how_to_run_them() -> None:
    hostile = "tests/test_cli_hostile.py::test_hostile_command_lines_end_in_a_line_a_problem"
    quick = _run("--co", "-q", "tests/test_packaging.py", "tests/test_cli_hostile.py")
    assert quick.returncode == 0, quick.stdout + quick.stderr
    assert [line for line in quick.stdout.splitlines() if "::" in line] == [hostile]
    assert f"quick run: 3 slow tests left out; every test: {FULL}" in quick.stdout
    full = _run("--co", "-q", "--full", "tests/test_packaging.py", "tests/test_cli_hostile.py")
    assert len([line for line in full.stdout.splitlines() if "::" in line]) == 4
    assert "left out" not in full.stdout


@pytest.mark.slow  # a pytest run of its own
def test_a_slow_test_named_on_the_command_line_runs() -> None:
    named = "tests/test_packaging.py::test_the_licence_ships_and_the_version_is_the_package_s"
    done = _run("--co", "-q", named)
    assert [line for line in done.stdout.splitlines() if "::" in line] == [named]
    assert "left out" not in done.stdout


def test_ci_refuses_the_quick_run() -> None:
    refused = _run("--co", "-q", "tests/test_cli_hostile.py", PINOCHLE_CI="1")
    assert refused.returncode == 4  # a usage error, before anything runs
    assert f"PINOCHLE_CI=1 runs every test: use {FULL}" in refused.stderr


@pytest.mark.slow  # a pytest run of its own
def test_without_chromium_the_browser_tests_skip_and_say_what_they_need() -> None:
    listed = _run("--co", "-q", "--full", "tests/test_serve_browser.py")
    count = len([line for line in listed.stdout.splitlines() if "::" in line])
    assert count > 0, listed.stdout + listed.stderr
    done = _run("-q", "--full", "tests/test_serve_browser.py", PATH=os.devnull)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{count} skipped" in done.stdout
    assert "browser: Chromium or chromedriver is not installed" in done.stdout  # -ra's reason
    assert (
        f"{count} browser tests skipped: they need Chromium and chromedriver"
        " (Debian: apt-get install chromium chromium-driver)" in done.stdout
    )
