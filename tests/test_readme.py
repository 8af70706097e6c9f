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
