"""Every interactive example in the docs and the README (a ``>>>`` block) is real output."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
FENCE = re.compile(r"^```[a-z]*\n(.*?)^```", re.DOTALL | re.MULTILINE)
PAGES = [
    ROOT / "README.md",
    *sorted(p for p in DOCS.rglob("*.md") if ">>>" in p.read_text(encoding="utf-8")),
]


def test_the_docs_have_examples() -> None:
    assert len(PAGES) >= 3  # two-hand, score keeper, computer players


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_page_examples_run(page: Path) -> None:
    # The blocks of a page share one namespace, as a reader's session would.
    blocks = [m.group(1) for m in FENCE.finditer(page.read_text(encoding="utf-8"))]
    text = "\n".join(b for b in blocks if ">>>" in b)
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{page.name}: {runner.failures} example(s) differ"
