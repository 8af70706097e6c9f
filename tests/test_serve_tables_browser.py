"""The bigger tables in a real browser (issue 32): five, six and eight hands, phone and desktop.

A whole hand of `five-hand`, `six-hand-triple` and `eight-hand` is played through the page
at 390 px and at 1280 px wide, clicking as a person would, the first choice each time. At
every step the table must show every other seat once (with its name and card count), never
scroll sideways and keep its touch targets; the screenshots are saved under
``$PINOCHLE_ARTIFACTS`` (``serve-table-<profile>-<size>.png``, the play under way).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
from pinochle.serve import TableServer
from test_serve_browser import (  # noqa: F401 - the fixtures
    TOUCH,
    Page,
    _check_no_sideways_scroll,
    _rect,
    _serve,
    _stage,
    artifacts,
    browser,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the quick run leaves them out

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
TABLES = ("five-hand", "six-hand-triple", "eight-hand")


@pytest.fixture(params=TABLES)
def table(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, TableServer]]:
    # A target no side reaches in one hand: the hand ends on the results, not the game's end.
    for server in _serve(tmp_path, request.param, players=1, target=100000):
        yield request.param, server


@pytest.fixture(params=sorted(SIZES))
def sized(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:  # noqa: F811
    browser.set_window_size(*SIZES[request.param])
    try:
        yield request.param, browser
    finally:
        browser.set_window_size(1000, 1050)


def _others(page: Page) -> list[str]:
    """The seats the table shows besides the person's own, by seat number."""
    return [
        box.get_attribute("data-seat") or "" for box in page.find("#table .others .seat[data-seat]")
    ]


def test_every_seat_of_a_bigger_table_is_on_the_screen(
    sized: tuple[str, Any],
    table: tuple[str, TableServer],
    artifacts: Path,  # noqa: F811
) -> None:
    size, browser = sized  # noqa: F811 - the fixture, resized
    name, server = table
    players = pn.load_variant(name).deal.players
    page = Page(browser)
    page.start(server.url)
    pictured = False
    stages: set[str] = set()
    for _ in range(600):
        page.settle()
        assert page.state == "ready", page.state
        stage = _stage(page)
        stages.add(stage)
        _check_no_sideways_scroll(page, f"{name} {stage}")
        others = _others(page)
        # Every other seat once: the person's own seat is the hand along the bottom.
        assert len(set(others)) == len(others) == players - 1, (name, stage, others)
        for box in page.find("#table .others .seat[data-seat] .who"):
            assert box.text.strip(), f"{name}: a seat without its name"
        cards = page.find("#table .card[data-choice]")
        for card in cards:
            rect = _rect(page, card)
            assert rect["width"] >= TOUCH or rect["height"] >= TOUCH, (name, size, rect)
        if stage == "play" and not pictured and page.find("#table .trick .card"):
            browser.save_screenshot(str(artifacts / f"serve-table-{name}-{size}.png"))
            pictured = True
        if stage == "over":
            break
        found = (
            page.find("#play-hand")
            or page.find("#panel button[data-action^='bid ']")
            or page.find("#panel button[data-action='play on']")  # play the hand out
            or page.find("#panel button[data-action]")
            or cards
        )
        assert found, page.find("#panel")[0].text
        page.click(found[0])
    assert pictured, stages
    assert "over" in stages, stages
    browser.execute_script("localStorage.clear()")
