"""Every rules citation in docs/, variants/, src/ and tests/ points at a page the docs site has.

The convention (docs/rules/index.md, "Citing a rule"): the docs link to the rules pages with
relative Markdown links; code, docstrings and profile comments write ``rules/<page>#<anchor>``
(the page's path under docs/ without ``.md``); sources go by short name (S0, PG-P, ...), each
defined on docs/rules/sources.md, and in the docs every short name is a link to its entry.
Anchors are computed as mkdocs' toc extension computes them, or taken from an explicit
``{#id}`` on the heading.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES = DOCS / "rules"
TREES = ("docs", "variants", "src", "tests")
SUFFIXES = {".md", ".py", ".toml", ".yml", ".yaml", ".txt", ".json"}
# docs/changelog.md only includes CHANGELOG.md, which keeps its own history; this file
# spells the private documents' names to refuse them, and test_site.py cites pages that do
# not exist to check that the site's build refuses them.
SKIP = {DOCS / "changelog.md", Path(__file__).resolve(), ROOT / "tests" / "test_site.py"}

# A source short name: the families S<n>, PG-..., BC-..., and the fixed names.
SOURCE = re.compile(
    r"(?<![\w\-\[/#.])(S\d+|PG-[A-Z0-9]+|BC-[A-Z0-9]+|NPA|WP|TR|PAR|UB|SC|HOY|WOCG)(?![\w\-])"
)
PRIVATE = re.compile(r"(?<![\w-])(rules\.md|design\.md|seeds/)")
CITATION = re.compile(r"(?<![\w./-])rules/([a-z0-9-]+)(\.md)?(?:#([\w-]+))?")
DOCS_PATH = re.compile(r"(?<![\w./-])docs/([\w/-]+\.md)(?:#([\w-]+))?")
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*(```|~~~)")
# Parts of a Markdown line that are not prose: code spans, links, URLs, attribute lists.
NOT_PROSE = re.compile(
    r"`[^`]*`|\[[^\]]*\]\([^)]*\)|<https?://[^>]*>|https?://\S+|\{[#.][^}]*\}|<!--.*?-->"
)


def files() -> list[Path]:
    found = []
    for tree in TREES:
        for path in sorted((ROOT / tree).rglob("*")):
            usable = path.is_file() and path.suffix in SUFFIXES and path not in SKIP
            if usable and "__pycache__" not in path.parts:
                found.append(path)
    return found


def slugify(text: str) -> str:
    """A heading's anchor as Python-Markdown's toc extension makes it."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def heading_text(raw: str) -> str:
    """The text mkdocs renders for a heading's Markdown: links, code and emphasis removed."""
    raw = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", raw)
    return re.sub(r"[`*_]", "", raw)


@functools.cache
def anchors(page: Path) -> frozenset[str]:
    """Every heading anchor of a Markdown page (explicit ``{#id}`` or computed)."""
    found: set[str] = set()
    counts: dict[str, int] = {}
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if fenced or not match:
            continue
        text = match[1]
        explicit = re.search(r"\{[^}]*#([\w-]+)[^}]*\}\s*$", text)
        if explicit:
            found.add(explicit[1])
            continue
        slug = slugify(heading_text(re.sub(r"\{[^}]*\}\s*$", "", text)))
        n = counts.get(slug, 0)
        counts[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}_{n}")
    return frozenset(found)


def prose_lines(path: Path) -> list[tuple[int, str]]:
    """A Markdown page's lines outside fenced code, HTML comments and headings."""
    lines, fenced = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced and not line.startswith("#") and not line.lstrip().startswith("<!--"):
            lines.append((number, line))
    return lines


def defined_sources() -> dict[str, str]:
    """Short name -> anchor, from the headings of the sources page ("### PG-P: ... {#pg-p}")."""
    text = (RULES / "sources.md").read_text(encoding="utf-8")
    return dict(re.findall(r"^#{2,4} (\S+): .*\{#([\w-]+)\}\s*$", text, re.MULTILINE))


def check_rules_page(page: str, anchor: str | None, where: str) -> list[str]:
    target = RULES / f"{page}.md"
    if not target.is_file():
        return [f"{where}: no rules page docs/rules/{page}.md"]
    if anchor and anchor not in anchors(target):
        return [f"{where}: docs/rules/{page}.md has no heading #{anchor}"]
    return []


def test_the_rules_pages_exist_and_are_in_the_nav() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    pages = sorted(p.stem for p in RULES.glob("*.md"))
    assert {"index", "sources", "settlement", "meld", "auction"} <= set(pages)
    for page in pages:
        assert f"rules/{page}.md" in nav, f"docs/rules/{page}.md is not in the mkdocs nav"


def test_nothing_cites_a_private_document() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}: {m[0]}"
        for path in files()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for m in PRIVATE.finditer(line)
    ]
    assert not found, "cite the rules pages (docs/rules/) instead:\n" + "\n".join(found)


def test_every_rules_citation_resolves() -> None:
    problems, seen = [], 0
    for path in files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{path.relative_to(ROOT)}:{n}"
            for m in CITATION.finditer(line):
                if m[2] and path.suffix == ".md":
                    continue  # a Markdown link: resolved relative to the page below
                seen += 1
                problems += check_rules_page(m[1], m[3], where)
            for m in DOCS_PATH.finditer(line):
                seen += 1
                if not (DOCS / m[1]).is_file():
                    problems.append(f"{where}: no page docs/{m[1]}")
                elif m[2] and m[2] not in anchors(DOCS / m[1]):
                    problems.append(f"{where}: docs/{m[1]} has no heading #{m[2]}")
    assert seen > 100, "the rules are cited throughout the code and profiles"
    assert not problems, "\n".join(problems)


def test_every_markdown_link_into_the_rules_pages_resolves() -> None:
    problems, seen = [], 0
    for path in sorted(DOCS.rglob("*.md")):
        for n, line in prose_lines(path):
            for m in LINK.finditer(line):
                target, _, anchor = m[2].partition("#")
                if "://" in target or not (target.endswith(".md") or (not target and anchor)):
                    continue
                resolved = (path.parent / target).resolve() if target else path
                if resolved.parent != RULES:
                    continue
                seen += 1
                problems += check_rules_page(
                    resolved.stem, anchor or None, f"{path.relative_to(ROOT)}:{n}"
                )
    assert seen > 200
    assert not problems, "\n".join(problems)


def test_every_source_short_name_is_defined() -> None:
    defined = defined_sources()
    assert {"S0", "S1", "S2", "PG-P", "PG-DD", "PG-A", "PG-3", "WP", "NPA", "HOY"} <= set(defined)
    assert {"BC-P", "BC-PA", "BC-A3", "BC-3D", "BC-2", "TR", "PAR", "UB", "SC"} <= set(defined)
    for name, anchor in defined.items():
        assert anchor == name.lower(), f"{name}: anchor #{anchor}, expected #{name.lower()}"
    used = {
        f"{path.relative_to(ROOT)}:{n}: {m[1]}"
        for path in files()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for m in SOURCE.finditer(line)
        if m[1] not in defined
    }
    assert not used, "define these on docs/rules/sources.md:\n" + "\n".join(sorted(used))


@pytest.mark.parametrize(
    "path", sorted(p for p in DOCS.rglob("*.md") if p not in SKIP), ids=lambda p: p.name
)
def test_source_short_names_in_the_docs_link_to_their_entry(path: Path) -> None:
    defined = defined_sources()
    sources = (RULES / "sources.md").resolve()
    problems = []
    for n, line in prose_lines(path):
        for m in LINK.finditer(line):
            name = m[1].strip("*")
            if name not in defined:
                continue
            target, _, anchor = m[2].partition("#")
            resolved = (path.parent / target).resolve() if target else path.resolve()
            if resolved != sources or anchor != defined[name]:
                problems.append(f"{n}: [{m[1]}]({m[2]}) should link to sources.md#{defined[name]}")
        for m in SOURCE.finditer(NOT_PROSE.sub(" ", line)):
            problems.append(f"{n}: {m[1]} is not a link to rules/sources.md#{m[1].lower()}")
    assert not problems, f"{path.relative_to(ROOT)}:\n" + "\n".join(problems)


def test_anchors_follow_mkdocs() -> None:
    assert slugify(heading_text("Saving meld")) == "saving-meld"
    assert slugify(heading_text('A bid out of reach ("not on the board")')) == (
        "a-bid-out-of-reach-not-on-the-board"
    )
    assert slugify(heading_text("Beating the trick: `play.beat`")) == "beating-the-trick-playbeat"
    assert "choice-s0-meld-table" in anchors(RULES / "meld.md")
    assert "pg-p" in anchors(RULES / "sources.md")
