"""The docs' home page is never stale: its profile count, guides and verbs are the code's."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
from pinochle.cli import _parser

ROOT = Path(__file__).resolve().parents[1]
HOME = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
WORDS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
WORDS += "fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two"


def _nav_pages(items: list[Any]) -> list[str]:
    pages = []
    for item in items:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        if isinstance(value, list):
            pages += _nav_pages(value)
        else:
            pages.append(value)
    return pages


def test_the_profile_count_is_the_number_of_built_in_profiles() -> None:
    count = WORDS.split()[len(pn.builtin_variants())]
    number = "|".join(WORDS.split())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for text in (HOME, readme):
        said = re.findall(rf"\b({number}) built-in profiles", text, flags=re.IGNORECASE)
        assert said
        assert {word.lower() for word in said} == {count}


def test_every_guide_in_the_menu_is_on_the_home_page() -> None:
    yaml = pytest.importorskip("yaml")
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]
    top_level = [next(iter(item.values())) for item in nav if isinstance(item, dict)]
    guides = [page for page in top_level if isinstance(page, str) and page != "index.md"]
    missing = [page for page in guides if f"]({page})" not in HOME]
    assert not missing, f"the home page does not link {missing}"
    for page in _nav_pages(nav):  # and the menu's pages exist
        assert (ROOT / "docs" / page).exists() or page.startswith("reference/api/"), page


def test_the_verbs_are_the_commands() -> None:
    parser = _parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    verbs = [choice.dest for choice in subparsers._choices_actions]
    line = next(line for line in HOME.split("\n\n") if "command's verbs" in line)
    assert re.findall(r"`(\w+)`", line.split(":", 1)[1]) == verbs
