"""The pictures page's pictures are real: drawn by `pinochle.svg` when the docs are built.

The MkDocs hook ``docs/hooks/pictures.py`` draws them from seeded games; these tests check that
it draws every picture the page shows, that each is an SVG showing the cards of its game,
and that no stale copy lies in the docs folder.
"""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGE = DOCS / "pictures.md"


@pytest.fixture(scope="module")
def hook() -> ModuleType:
    pytest.importorskip("mkdocs")
    spec = importlib.util.spec_from_file_location("pictures_hook", DOCS / "hooks" / "pictures.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_shows_every_picture_the_hook_draws(hook: ModuleType) -> None:
    made: dict[str, str] = hook.pictures()
    page = PAGE.read_text(encoding="utf-8")
    shown = {
        line.split("(pictures/", 1)[1].split(")")[0]
        for line in page.splitlines()
        if "](pictures/" in line
    }
    assert shown == set(made)
    assert not list((DOCS / "pictures").glob("*.svg")), "drawn at build time: none checked in"


def test_each_picture_is_svg_with_its_cards(hook: ModuleType) -> None:
    for name, text in hook.pictures().items():
        root = ET.fromstring(text)
        assert root.tag.endswith("svg"), name
        cards = [e for e in root.iter() if e.get("data-card")]
        assert cards, f"{name} shows no card"
