"""The built site shows no raw link target, and every link in it leads somewhere.

Docstrings cite the rules as ``rules/<page>#<anchor>`` (docs/rules/index.md); the API pages
show those docstrings, and the hook ``docs/hooks/citations.py`` turns each citation into a
link (issue 26: nine API pages showed "(rules/auction#maximum)" as text). The quick tests
check the hook; the slow one builds the whole site and reads every page's text and links.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Visible text that is a link target, not words: Markdown link syntax, a citation
# (rules/<page>#<anchor>) or a docs path (docs/<page>.md).
RAW = re.compile(
    r"\]\(|\]\[|(?<![\w./-])rules/[a-z0-9-]+(?:\.md)?(?:#[\w-]+)?|(?<![\w./-])docs/[\w/-]+\.md"
)
CODE = {"code", "pre", "script", "style"}


def _hook() -> ModuleType:
    pytest.importorskip("mkdocs")
    spec = importlib.util.spec_from_file_location("citations", ROOT / "docs/hooks/citations.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Page(HTMLParser):
    """A built page: its visible text outside code, its ids and its links."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.text: list[str] = []
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "a" and found.get("href"):
            self.hrefs.append(str(found["href"]))
        if tag in CODE:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in CODE:
            self.depth = max(0, self.depth - 1)

    def handle_data(self, data: str) -> None:
        if not self.depth:
            self.text.append(data)


def raw_targets(html: str) -> list[str]:
    """Each raw link target in a page's visible text, with a little context."""
    text = "".join(_Page(html).text)
    return [text[max(0, m.start() - 30) : m.end() + 10] for m in RAW.finditer(text)]


def broken_links(site: Path) -> list[str]:
    """Every relative link of the site whose file or anchor does not exist."""
    site = site.resolve()
    pages = {path: _Page(path.read_text(encoding="utf-8")) for path in site.rglob("*.html")}
    broken = []
    for path, page in pages.items():
        for href in page.hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("/", "mailto:", "data:")):
                continue  # another site, or the 404 page's absolute links
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            where = f"{path.relative_to(site)}: {href}"
            if not target.exists():
                broken.append(f"{where}: no such file")
            elif target in pages and unquote(parts.fragment) not in pages[target].ids | {""}:
                broken.append(f"{where}: no such anchor")
    return broken


def _files(*pages: tuple[str, str, str, list[tuple[str, str]]]) -> Any:
    """Stand-ins for mkdocs' files: (source, url, title, headings)."""
    from mkdocs.structure.toc import AnchorLink

    found = []
    for src, url, title, headings in pages:
        toc = [AnchorLink(text, anchor, 2) for anchor, text in headings]
        page = SimpleNamespace(file=SimpleNamespace(src_uri=src), url=url, title=title, toc=toc)
        found.append(SimpleNamespace(src_uri=src, page=page))
    return SimpleNamespace(documentation_pages=lambda: found)


@pytest.fixture
def hook() -> ModuleType:
    module = _hook()
    files = _files(
        ("rules/auction.md", "rules/auction/", "Auction", [("maximum", "The <em>maximum</em>")]),
        ("bots.md", "bots/", "Computer players", []),
        ("reference/api/pinochle.engine.md", "reference/api/pinochle.engine/", "Engine", []),
    )
    module.on_env(None, None, files)
    return module


def _api_page(hook: ModuleType) -> Any:
    return hook._targets["reference/api/pinochle.engine.md"][0]


def test_a_citation_in_prose_becomes_a_link_to_its_page_and_heading(hook: ModuleType) -> None:
    html = "<p>capped (rules/auction#maximum); see docs/bots.md and rules/auction.</p>"
    linked = hook.link_citations(html, _api_page(hook))
    assert linked == (
        '<p>capped (<a href="../../../rules/auction/#maximum" title="rules/auction#maximum">'
        "Auction: The maximum</a>); see "
        '<a href="../../../bots/" title="docs/bots.md">Computer players</a> and '
        '<a href="../../../rules/auction/" title="rules/auction">Auction</a>.</p>'
    )
    assert raw_targets(linked) == []
    assert raw_targets(html) != []


def test_code_and_links_are_left_as_they_are(hook: ModuleType) -> None:
    html = (
        "<p><code>rules/auction#maximum</code></p><pre><span>rules/auction</span></pre>"
        '<a href="x">rules/auction</a><p>sources/rules/auction.md</p>'
    )
    assert hook.link_citations(html, _api_page(hook)) == html


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("(rules/nowhere)", "cites docs/rules/nowhere.md, no such page"),
        ("(rules/auction#minimum)", "docs/rules/auction.md has no #minimum"),
        ("(docs/nowhere.md)", "cites docs/nowhere.md, no such page"),
    ],
)
def test_a_citation_of_nothing_fails_the_build_naming_it(
    hook: ModuleType, text: str, says: str
) -> None:
    from mkdocs.exceptions import PluginError

    with pytest.raises(PluginError, match=re.escape(says)) as caught:
        hook.link_citations(f"<p>{text}</p>", _api_page(hook))
    assert "reference/api/pinochle.engine.md" in str(caught.value)


def test_the_hook_is_in_the_site_config() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "  - docs/hooks/citations.py" in config


@pytest.mark.slow  # builds the whole site
def test_the_built_site_shows_no_raw_link_target_and_no_broken_link(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    build = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    done = subprocess.run(build, cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 90
    api = [p for p in pages if "reference/api/" in p.as_posix()]
    assert len(api) > 40
    raw = [f"{p.relative_to(site)}: {hit!r}" for p in pages for hit in raw_targets(p.read_text())]
    assert not raw, "raw link targets on the site:\n" + "\n".join(raw)
    broken = broken_links(site)
    assert not broken, "broken links on the site:\n" + "\n".join(broken)
    engine = (site / "reference/api/pinochle.engine/index.html").read_text(encoding="utf-8")
    assert 'href="../../../rules/auction/#maximum"' in engine  # the example, linked
