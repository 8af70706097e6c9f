"""Every profile key the docs name loads (issue 32: "a test that fails when a documented key
does not load").

The key reference (docs/reference/keys.md) and the rules pages (docs/rules/*.md) write keys
in four ways, and each is read here:

- a dotted key in backticks, `` `deal.kitty` ``: the key exists (a profile that sets it to
  its default value loads);
- a key with a value, `` `trump.rule = "turn-up"` ``: a profile with that value loads;
- the options of a key: the key reference's "Type" and "Default" cells (`` `"single"` \\|
  `"double"` ``), and the cells under a rules table's "Key `` `section.key` ``" heading
  (`` `"any"` ``, `` `4` ``): each value loads;
- a TOML snippet in a ```` ```toml ```` block: it loads as a profile.

A value "loads" when some built-in profile accepts it: `trump.dix_exchange =
"first-holder"` needs a turned trump, which `parlett-three-hand` has. Values that only make
sense together are written on one line (`` `deal.hand = 26`, `deal.kitty = 2` ``), and a
value that does not load alone is tried with the others its line sets. The test reads the
docs, not a list kept here, so a key another change documents is checked as soon as its row
is written.
"""

from __future__ import annotations

import re
import tomllib
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from pinochle import Variant, builtin_variants, load_variant
from pinochle.errors import VariantError

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = (DOCS / "reference" / "keys.md", *sorted((DOCS / "rules").glob("*.md")))

SECTIONS = frozenset(
    name for name, hint in typing.get_type_hints(Variant).items() if attrs.has(hint)
)
"""The TOML tables of a profile (``deal``, ``bidding``, ...): a dotted name starting with
one of these is a profile key."""

_TICKED = re.compile(r"`([^`\n]+)`")
_DOTTED = re.compile(r"^([a-z_]+(?:\.[a-z_]+)+)$")
_ASSIGNED = re.compile(r"^([a-z_]+(?:\.[a-z_]+)+) = (.+)$")
_HEADER_KEY = re.compile(r"Key `([a-z_]+(?:\.[a-z_]+)+)`")
_TOML_BLOCK = re.compile(r"^```toml\n(.*?)^```", re.MULTILINE | re.DOTALL)

_MISSING = object()


@attrs.frozen
class Claim:
    """One thing the docs say loads: ``key`` alone (value `_MISSING`), or ``key = value``."""

    page: str
    line: int
    key: str
    value: Any = _MISSING

    def __str__(self) -> str:
        shown = "" if self.value is _MISSING else f" = {self.value!r}"
        return f"{self.page}:{self.line}: {self.key}{shown}"


def _literal(text: str) -> Any:
    """A TOML value written in the docs (``"any"``, ``4``, ``false``, ``[40, 300]``), else
    `_MISSING`."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return _MISSING


def _is_key(dotted: str) -> bool:
    return dotted.split(".", 1)[0] in SECTIONS


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip().strip("|"))]


def claims_of(page: str, text: str) -> Iterator[Claim]:
    """Every key and key value that ``text`` (a docs page named ``page``) documents."""
    text_without_code = _TOML_BLOCK.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    header_key: str | None = None
    key_column = -1
    reference = page.endswith("reference/keys.md")
    for number, line in enumerate(text_without_code.splitlines(), 1):
        for token in _TICKED.findall(line):
            if (match := _ASSIGNED.match(token)) and _is_key(match[1]):
                value = _literal(match[2])
                yield Claim(page, number, match[1], match[2] if value is _MISSING else value)
            elif (match := _DOTTED.match(token)) and _is_key(match[1]):
                yield Claim(page, number, match[1])
        if not line.startswith("|"):
            header_key, key_column = None, -1
            continue
        cells = _cells(line)
        if header_key is None and key_column < 0:
            # A table's first row: a "Key `section.key`" column names the key its cells set.
            for column, cell in enumerate(cells):
                if match := _HEADER_KEY.search(cell):
                    header_key, key_column = match[1], column
            if header_key is None:
                key_column = len(cells)  # no such column: skip the table's rows
            continue
        row_key = _DOTTED.match(cells[0].strip("`")) if reference and len(cells) == 4 else None
        if row_key and _is_key(row_key[1]):
            # The key reference: | `key` | type (the options) | default | meaning |
            for cell in cells[1:3]:
                for token in _TICKED.findall(cell):
                    value = _literal(token)
                    if value is not _MISSING:
                        yield Claim(page, number, row_key[1], value)
        if header_key is not None and key_column < len(cells):
            for token in _TICKED.findall(cells[key_column]):
                value = _literal(token)
                if value is not _MISSING:
                    yield Claim(page, number, header_key, value)


def _nested(key: str, value: Any) -> dict[str, Any]:
    data: dict[str, Any] = {}
    place = data
    *sections, last = key.split(".")
    for section in sections:
        place = place.setdefault(section, {})
    place[last] = value
    return data


def _lookup(data: Any, key: str) -> Any:
    for part in key.split("."):
        if not isinstance(data, dict) or part not in data:
            return _MISSING
        data = data[part]
    return data


def _in_model(key: str) -> bool:
    """Whether ``key`` names a field of the model (a section's key or a nested table's)."""
    cls: Any = Variant
    for part in key.split("."):
        if not attrs.has(cls):
            return False
        hints = typing.get_type_hints(cls)
        if part not in hints or part == "source":
            return False
        cls = hints[part]
    return True


PROFILES = {name: load_variant(name) for name in builtin_variants()}
DEFAULTS = Variant().to_dict()


def _merge(into: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value
    return into


def problems_of(claim: Claim, together: tuple[Claim, ...] = ()) -> list[str] | None:
    """None if the claim loads in some built-in profile, else what the first profile says.

    ``together``: the values the same line sets alongside (`` `deal.hand = 26`, `deal.kitty
    = 2` ``), tried with the claim when it does not load alone.
    """
    alone = _problems_of(claim)
    if alone is None or not together:
        return alone
    changes: dict[str, Any] = {}
    for other in (*together, claim):
        if other.value is not _MISSING:
            _merge(changes, _nested(other.key, other.value))
    return None if _first_failure(changes) is None else alone


def _first_failure(changes: dict[str, Any]) -> list[str] | None:
    """None if some built-in profile takes ``changes``, else the first profile's problems."""
    first: list[str] | None = None
    for profile in PROFILES.values():
        try:
            profile.override(changes, source="docs")
        except VariantError as exc:
            if first is None:
                first = [f"{key}: {problem}" for key, problem in exc.problems]
        else:
            return None
    return first


def _problems_of(claim: Claim) -> list[str] | None:
    value = claim.value
    if value is _MISSING:
        if not _in_model(claim.key):
            return [f"{claim.key}: not a key of the profile schema"]
        value = _lookup(DEFAULTS, claim.key)
        if value is _MISSING:  # an optional override with no value by default (meld.values)
            return None
    return _first_failure(_nested(claim.key, value))


def _all_claims() -> list[Claim]:
    found: list[Claim] = []
    for path in PAGES:
        page = str(path.relative_to(ROOT))
        found.extend(claims_of(page, path.read_text(encoding="utf-8")))
    return found


CLAIMS = _all_claims()


def _snippets() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for path in PAGES:
        text = path.read_text(encoding="utf-8")
        for match in _TOML_BLOCK.finditer(text):
            line = text.count("\n", 0, match.start()) + 2
            found.append((f"{path.relative_to(ROOT)}:{line}", match[1]))
    return found


SNIPPETS = _snippets()


def test_every_documented_key_and_value_loads_in_a_profile() -> None:
    lines: dict[tuple[str, int], list[Claim]] = {}
    for claim in CLAIMS:
        lines.setdefault((claim.page, claim.line), []).append(claim)
    failures = []
    for claim in CLAIMS:
        problems = problems_of(claim, tuple(lines[claim.page, claim.line]))
        if problems is not None:
            failures.append(f"{claim}: {'; '.join(problems)}")
    assert not failures, "documented but not loadable:\n" + "\n".join(failures)


@pytest.mark.parametrize(("where", "text"), SNIPPETS, ids=[w for w, _ in SNIPPETS])
def test_every_toml_snippet_of_the_key_pages_loads(where: str, text: str) -> None:
    data = tomllib.loads(text)
    if data.get("extends") not in PROFILES:
        data.pop("extends", None)  # a house file's path: the snippet's own keys still load
    Variant.from_dict(data, source=where)


def test_the_reader_finds_every_key_of_the_schema_and_its_options() -> None:
    """The docs scan is not vacuous: every key of the model is among the claims, and every
    option of an enum key (keys.md's Type cell) is read."""
    keys = {claim.key for claim in CLAIMS}
    schema = set()

    def walk(data: dict[str, Any], prefix: str) -> None:
        for name, value in data.items():
            if isinstance(value, dict) and not name.startswith("suit_multipliers"):
                walk(value, f"{prefix}{name}.")
            else:
                schema.add(prefix + name)

    for section in SECTIONS:
        walk(DEFAULTS[section], f"{section}.")
    documented = {k for k in schema if not k.startswith("meld.values.")} - keys
    assert not documented, f"schema keys the scan did not find in the docs: {sorted(documented)}"
    decks = {claim.value for claim in CLAIMS if claim.key == "deal.deck"}
    assert {"single", "double"} <= decks
    rules = {claim.value for claim in CLAIMS if claim.key == "trump.rule"}
    assert {"any", "marriage", "turn-up"} <= rules
    passing = {
        claim.value
        for claim in CLAIMS
        if claim.key == "passing.cards" and claim.page.endswith("passing-and-kitty.md")
    }
    assert {0, 2, 3, 4} <= passing  # the rules table's "Key `passing.cards`" column


@pytest.mark.parametrize(
    "line",
    [
        "| `deal.sizes` | int | `4` | a key the model lacks |",
        'The option `trump.rule = "coin-toss"` picks trump.',
        '| `bidding.all_pass` | `"redeal"` \\| `"shuffle"` | `"redeal"` | an unknown option |',
    ],
)
def test_a_documented_key_that_does_not_load_is_caught(line: str) -> None:
    """The check fails on a key or value the docs name but the library refuses."""
    page = "docs/reference/keys.md"
    claims = list(claims_of(page, f"| Key | Type | Default | Meaning |\n|---|---|---|---|\n{line}"))
    assert claims
    assert any(problems_of(claim) is not None for claim in claims)


def test_a_rules_table_column_names_the_key_of_its_cells() -> None:
    text = (
        '| Option | Sources | Key `trump.rule` |\n|---|---|---|\n| A | x | `"any"` |\n'
        '| B | y | `"dice"` |\n| C | z | no key |\n\nAfter the table `"any"` is prose.\n'
    )
    claims = [c for c in claims_of("a rules page", text) if c.value is not _MISSING]
    assert [(c.key, c.value) for c in claims] == [("trump.rule", "any"), ("trump.rule", "dice")]
    assert problems_of(claims[0]) is None
    assert problems_of(claims[1]) is not None
