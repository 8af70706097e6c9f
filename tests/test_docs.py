"""The documentation covers the whole public surface."""

from __future__ import annotations

import re
import typing
from pathlib import Path
from typing import Any

import attrs

from pinochle import Phase, actions, load_variant, meld_values
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


def _engine_action_rows() -> list[list[str]]:
    """The cells of each row of the engine page's action table (the one under "## Actions")."""
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    section = text.split("\n## Actions\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return [[cell.strip() for cell in row.strip("|").split(" | ")] for row in rows]


def test_the_engine_page_tables_every_action_with_its_text_phase_and_rule() -> None:
    """Each action class: a row naming it, its text (read back to that class), a phase, a rule."""
    action_classes = {cls.__name__: cls for cls in typing.get_args(actions.Action)}
    assert set(action_classes) <= set(actions.__all__)
    phases = {phase.value for phase in Phase}
    tabled: set[str] = set()
    for cells in _engine_action_rows():
        assert len(cells) == 4, cells
        named = re.findall(r"`(\w+)\(", cells[0])
        texts = re.findall(r"`([^`]+)`", cells[1])
        assert len(named) == len(texts), cells  # one text per action, in the same order
        for name, text in zip(named, texts, strict=True):
            assert isinstance(actions.parse_action(text), action_classes[name]), (name, text)
        assert set(re.findall(r"`([^`]+)`", cells[2])) <= phases, cells[2]
        assert len(cells[3].split()) >= 5, cells  # what it does and when: a sentence
        tabled.update(named)
    assert tabled == set(action_classes), set(action_classes) ^ tabled


def test_the_engine_page_names_every_phase() -> None:
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    paragraph = next(p for p in text.split("\n\n") if p.startswith("`state.phase` is one of"))
    assert text.count("`state.phase` is one of") == 1
    assert set(re.findall(r"`([^`]+)`", paragraph)) >= {phase.value for phase in Phase}


def _prose_paragraphs(text: str) -> list[str]:
    """Paragraphs outside fenced code, tables and HTML comments."""
    text = re.sub(r"^(```|~~~).*?^\1", "", text, flags=re.MULTILINE | re.DOTALL)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)
    return [p for p in re.split(r"\n\s*\n", text) if not p.lstrip().startswith("|")]


def test_no_docs_paragraph_says_the_same_thing_twice() -> None:
    """A paragraph pasted over an older one repeats a run of eight words (issue 26)."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found = []
    for page in pages:
        for paragraph in _prose_paragraphs(page.read_text(encoding="utf-8")):
            words = re.findall(r"[\w'`.-]+", paragraph)
            seen: dict[tuple[str, ...], int] = {}
            for i in range(len(words) - 7):
                run = tuple(words[i : i + 8])
                if run in seen and i - seen[run] >= 8:
                    found.append(f"{page.relative_to(ROOT)}: {' '.join(run)!r} twice")
                    break
                seen.setdefault(run, i)
    assert not found, "\n".join(found)
