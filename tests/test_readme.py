"""The README's tour is real output: run it as a doctest."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_tour_runs() -> None:
    text = README.read_text(encoding="utf-8")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "README", str(README), 0)
    assert test.examples, "the README has no Python tour"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0


def test_the_readme_links_work_on_a_package_index_page() -> None:
    """A relative link breaks on the package index; every link is absolute (or an anchor)."""
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)]+)\)", text)
    assert [t for t in targets if not t.startswith(("https://", "http://", "#"))] == []


def test_ci_runs_the_readmes_set_up_and_full_test_commands_exactly() -> None:
    root = Path(__file__).resolve().parents[1]
    text = README.read_text(encoding="utf-8")
    commands = re.findall(r"```console\n(.*?)\n```", text, flags=re.DOTALL)
    set_up = next(c for c in commands if '".[dev]"' in c)
    install, quick = set_up.split(" && ")
    assert quick == "python -m pytest"  # the quick run, the second set-up command
    full = next(c for c in commands if "pytest --full" in c)
    ci = (root / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert install in ci
    assert f"step {full}" in ci
    assert not any(line.startswith("step python -m pytest") and "--full" not in line for line in ci)
