"""The API reference has a page for every public module, and shows every public name.

The pages are listed once, in the MkDocs hook ``docs/hooks/api_pages.py``; a new module
without a page fails here, not silently in the site.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "pinochle"


def _hook() -> ModuleType:
    pytest.importorskip("mkdocs")
    spec = importlib.util.spec_from_file_location("api_pages", ROOT / "docs/hooks/api_pages.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def public_modules() -> set[str]:
    """Every module and package under src/pinochle whose dotted name has no ``_`` part."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts[-1] == "__main__" or any(p.startswith("_") for p in parts):
            continue
        found.add(".".join(parts))
    return found - {"pinochle"}


def test_every_public_module_has_a_page() -> None:
    listed = [module for module, _ in _hook().MODULES]
    assert len(listed) == len(set(listed)), "a module is listed twice"
    assert set(listed) == public_modules()


def test_every_listed_module_has_a_summary_line() -> None:
    hook = _hook()
    for module, title in hook.MODULES:
        assert title
        assert hook.summary(module), f"{module} has no docstring"


def test_the_architecture_page_describes_each_part_of_the_split_packages() -> None:
    # The reference shows a package's names on one page; which part holds what is told
    # on the Architecture page, a paragraph per private module.
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for package in ("sheet", "scoring", "engine"):
        for path in sorted((PACKAGE / package).glob("_*.py")):
            if path.stem != "__init__":
                assert f"- `{path.stem}` " in text, f"pinochle.{package}.{path.stem}"
