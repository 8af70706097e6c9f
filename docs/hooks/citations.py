"""A MkDocs hook: a rules citation in a docstring becomes a link on the site.

Code, docstrings and profile comments cite a rule as ``rules/<page>#<anchor>`` and a docs
page as ``docs/<path>.md#<anchor>`` (docs/rules/index.md, "Citing a rule"): plain text that
reads well in ``help()`` and in an editor. The API pages show those docstrings, and
mkdocstrings passes the text through as it is, so the site showed "(rules/auction#maximum)"
where a reader wants a link. After every page is rendered, `on_page_context` turns each
citation in a page's prose (never inside code, a ``<pre>`` block or an existing link) into a
link whose text is the cited page's title and heading ("Auction: The maximum bid"). A
citation of a page or heading the site does not have fails the build, naming the page that
cites it, as a broken Markdown link does.
"""

from __future__ import annotations

import html
import re
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink
from mkdocs.utils import get_relative_url

# The forms of docs/rules/index.md, kept in step with tests/test_rules_references.py.
CITATION = re.compile(
    r"(?<![\w./-])(?:rules/(?P<rule>[a-z0-9-]+)(?:\.md)?|docs/(?P<doc>[\w/-]+\.md))"
    r"(?:#(?P<anchor>[\w-]+))?"
)
# A tag, or a run of text between tags; comments are kept whole.
PIECES = re.compile(r"(<!--.*?-->|<[^>]*>)", re.DOTALL)
# Inside these the text is code or already a link: left as it is.
KEEP = frozenset({"a", "code", "pre", "script", "style", "kbd", "samp"})

_targets: dict[str, tuple[Page, dict[str, str]]] = {}


def _headings(items: list[AnchorLink], into: dict[str, str]) -> dict[str, str]:
    for item in items:
        into[item.id] = re.sub(r"<[^>]*>", "", item.title)
        _headings(item.children, into)
    return into


def on_env(env: Any, config: Any, files: Files) -> Any:
    """Every page is rendered now: note each one's title and headings by source path."""
    _targets.clear()
    for file in files.documentation_pages():
        page = file.page
        if page is not None:
            _targets[file.src_uri] = (page, _headings(list(page.toc), {}))
    return env


def link(match: re.Match[str], page: Page) -> str:
    """The link for one citation, or a `PluginError` naming what the site lacks."""
    src = f"rules/{match['rule']}.md" if match["rule"] else match["doc"]
    anchor = match["anchor"]
    if src not in _targets:
        raise PluginError(f"{page.file.src_uri}: {match[0]!r} cites docs/{src}, no such page")
    target, headings = _targets[src]
    title = html.escape(target.title or src)
    href = get_relative_url(target.url or ".", page.url or ".")
    if anchor:
        if anchor not in headings:
            raise PluginError(f"{page.file.src_uri}: {match[0]!r}: docs/{src} has no #{anchor}")
        href, title = f"{href}#{anchor}", f"{title}: {html.escape(headings[anchor])}"
    return f'<a href="{href}" title="{html.escape(match[0])}">{title}</a>'


def link_citations(content: str, page: Page) -> str:
    """A page's HTML with each citation in its prose turned into a link."""
    out, kept = [], 0
    for piece in PIECES.split(content):
        tag = re.match(r"<(/?)([a-zA-Z][\w-]*)", piece)
        if tag and tag[2].lower() in KEEP and not piece.endswith("/>"):
            kept += -1 if tag[1] else 1
            kept = max(kept, 0)
        elif not piece.startswith("<") and not kept:
            piece = CITATION.sub(lambda m: link(m, page), piece)
        out.append(piece)
    return "".join(out)


def on_page_context(context: Any, page: Page, config: Any, nav: Any) -> Any:
    """Link the citations of a page (the API pages carry the docstrings' citations)."""
    if page.content:
        page.content = link_citations(page.content, page)
    return context
