"""A MkDocs hook: the API reference, one page per module, listed in one place.

`MODULES` names every public module in the order the reference shows them, with a title.
`on_config` puts a page for each under "Reference > API" in the navigation, `on_files`
writes those pages (each one heading and the module's mkdocstrings block), and
`on_page_markdown` appends the table of modules to the reference's index page, each with
the first line of its docstring. A test checks that every public module is listed.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

SRC = Path(__file__).resolve().parents[2] / "src"
INDEX = "reference/api.md"

MODULES: tuple[tuple[str, str], ...] = (
    ("pinochle.cards", "Cards"),
    ("pinochle.variant", "Variant profiles"),
    ("pinochle.meld", "Meld"),
    ("pinochle.tricks", "Counting and tricks"),
    ("pinochle.auction", "Auction rules"),
    ("pinochle.scoring", "Settlement"),
    ("pinochle.sheet", "Score keeper"),
    ("pinochle.actions", "Actions"),
    ("pinochle.state", "State, phases and observations"),
    ("pinochle.engine", "Game engine"),
    ("pinochle.stock", "Two-hand melding"),
    ("pinochle.choices", "Card choices"),
    ("pinochle.explain", "The line that says why"),
    ("pinochle.sampling", "Card memory and sampled deals"),
    ("pinochle.records", "Game records"),
    ("pinochle.wire", "Wire format"),
    ("pinochle.notation", "Notation"),
    ("pinochle.schemas", "Schemas"),
    ("pinochle.svg", "Pictures"),
    ("pinochle.errors", "Errors"),
    ("pinochle.arguments", "Argument checks"),
    ("pinochle.documents", "Reading documents"),
    ("pinochle.checking", "Checking a profile"),
    ("pinochle.testing", "Testing strategies"),
    ("pinochle.analysis", "Analysis: the double-dummy solver"),
    ("pinochle.demo", "Demo games"),
    ("pinochle.play", "The terminal game"),
    ("pinochle.serve", "The web table"),
    ("pinochle.terminal", "Terminal output"),
    ("pinochle.cli", "The command line"),
    ("pinochle.bots", "Computer players"),
    ("pinochle.bots.base", "Computer players: the common parts"),
    ("pinochle.bots.heuristic", "Easy, Medium and Hard"),
    ("pinochle.bots.expert", "Expert"),
    ("pinochle.bots.bidding", "Bidding and the other decisions"),
    ("pinochle.bots.memory", "Card memory"),
    ("pinochle.bots.play", "Card play"),
    ("pinochle.bots.stock_cards", "Card play: two-hand, while the stock lasts"),
    ("pinochle.bots.rollout", "Expert's play-outs"),
    ("pinochle.bots.stock_play", "Expert's play-outs: the two-hand stock phase"),
    ("pinochle.bots.search", "Expert's card search"),
    ("pinochle.protocol", "The bot protocol"),
    ("pinochle.arena", "The arena"),
    ("pinochle.env", "Reinforcement learning"),
    ("pinochle.env.actions", "Reinforcement learning: the action index"),
    ("pinochle.env.encoding", "Reinforcement learning: the encodings"),
    ("pinochle.env.aec", "Reinforcement learning: the PettingZoo environment"),
    ("pinochle.openspiel", "OpenSpiel"),
)

ARENA_MEMBERS = (
    "run_match, run_tournament, MatchResult, DealResult, Seating, Forfeit, Wins, Timing,"
    " TournamentResult, Rating, MatchInterrupted, ArenaError, ExtraMissingError, read_records,"
    " PlayedGame, bradley_terry, seatings, seating_note, chunk_size, LADDER, BACKENDS,"
    " MAX_CHUNK, MAX_RETRIES, MAX_HANDS, MAX_REDEALS"
)
"""The arena package's own names (its private modules are not reference pages)."""

OPTIONS: dict[str, str] = {
    # A package page shows only what is its own; its modules have their pages.
    "pinochle.env": "      members: [aec_env, RL_EXTRA]\n",
    "pinochle.arena": "      members: [" + ARENA_MEMBERS + "]\n",
}


def page(module: str) -> str:
    """Where a module's page lives in the site."""
    return f"reference/api/{module}.md"


def summary(module: str) -> str:
    """The first line of a module's docstring, read from its source (nothing is imported)."""
    parts = module.split(".")
    path = SRC.joinpath(*parts).with_suffix(".py")
    if not path.exists():
        path = SRC.joinpath(*parts, "__init__.py")
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""


def on_config(config: Any) -> Any:
    """Put one page per module under the navigation's API entry."""
    pages = [INDEX, *({title: page(module)} for module, title in MODULES)]

    def expand(items: list[Any]) -> None:
        for i, item in enumerate(items):
            if isinstance(item, dict):
                for key, value in item.items():
                    if value == INDEX:
                        items[i] = {key: pages}
                    elif isinstance(value, list):
                        expand(value)

    expand(config["nav"])
    return config


def on_files(files: Files, config: Any) -> Files:
    """Write each module's page: its name as the heading, then its members."""
    for module, title in MODULES:
        options = "      show_root_heading: false\n" + OPTIONS.get(module, "")
        text = f"# {title}: `{module}`\n\n::: {module}\n    options:\n{options}"
        files.append(File.generated(config, page(module), content=text))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """The index page ends with the table of modules."""
    if page.file.src_uri != INDEX:
        return markdown
    rows = [f"| [`{m}`](api/{m}.md) | {t} | {summary(m)} |" for m, t in MODULES]
    table = "\n".join(["| Module | Page | What it holds |", "|---|---|---|", *rows])
    return f"{markdown.rstrip()}\n\n{table}\n"
