"""The documentation covers the whole public surface."""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

import attrs

from pinochle import load_variant, meld_values
from pinochle.variant import Variant

ROOT = Path(__file__).resolve().parents[1]


def schema_keys(cls: Any = Variant, prefix: str = "") -> list[str]:
    keys = []
    hints = typing.get_type_hints(cls)
    for field in attrs.fields(cls):
        if field.name == "source":
            continue
        hint = hints[field.name]
        if attrs.has(hint):
            keys += schema_keys(hint, f"{prefix}{field.name}.")
        else:
            keys.append(prefix + field.name)
    return keys


def test_every_profile_key_is_in_the_key_reference() -> None:
    text = (ROOT / "docs" / "reference" / "keys.md").read_text(encoding="utf-8")
    missing = []
    for key in schema_keys():
        short = key.rsplit(".", 1)[-1]
        documented = f"`{key}`" in text or (key.startswith("meld.values.") and f"`{short}`" in text)
        if not documented:
            missing.append(key)
    assert not missing, f"undocumented profile keys: {missing}"


MELD_ROWS = {
    "Run": "run",
    "Royal marriage": "royal_marriage",
    "Marriage": "marriage",
    "Dix": "dix",
    "Aces around": "aces",
    "Kings around": "kings",
    "Queens around": "queens",
    "Jacks around": "jacks",
    "Pinochle": "pinochle",
}


def table_numbers(text: str, label: str) -> list[list[int]]:
    """The trailing number cells of every table row that starts with this label."""
    found = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == label:
            found.append([int(c) for c in cells if c.isdigit()])
    return found


def test_meld_table_page_matches_the_library() -> None:
    # The page states the rules text's tables; the library must give the same numbers.
    text = (ROOT / "docs" / "reference" / "meld-tables.md").read_text(encoding="utf-8")
    ones = load_variant("pinochlerun")
    special = meld_values(ones)
    additive = meld_values(ones.override({"meld": {"doubles": "additive"}}))
    double = meld_values(load_variant("pagat-double-deck"))
    for label, key in MELD_ROWS.items():
        rows = table_numbers(text, label)
        assert rows[0] == [special[key][0], special[key][1], additive[key][1]], label
        if key != "dix":
            assert rows[1] == list(double[key]), label
