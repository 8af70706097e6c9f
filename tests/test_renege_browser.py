"""A person reneges and calls a renege at the web table (``pinochle serve``, ``renege.accept``).

Under the referee's option a held card against the duty is played as a renege: the page
lets the person click a card that does not stand up as legal, and offers the renege calls
the seat may make as buttons (rules/reneges, docs/engine.md "Reneges").
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
from pinochle.engine._tricks import reneged
from pinochle.scoring import Outcome
from pinochle.serve import TableServer, make_server
from test_serve_browser import Page, browser  # noqa: F401 - the fixture

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the quick run leaves them out


@pytest.fixture
def referee(tmp_path: Path) -> Iterator[TableServer]:
    house = tmp_path / "referee.toml"
    house.write_text(
        'extends = "pagat-partnership"\n[game]\ntarget = 100000\n'
        '[renege]\npenalty = "chapman"\naccept = true\n',
        encoding="utf-8",
    )
    server = make_server(
        pn.load_variant(str(house)), level="easy", players=1, port=0, seed=4, folder=tmp_path
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _state(server: TableServer) -> pn.State:
    games = list(server.store._games.values())
    assert len(games) == 1
    return games[0].state


def test_a_person_reneges_and_calls_at_the_web_table(
    browser: Any,  # noqa: F811
    referee: TableServer,
) -> None:
    page = Page(browser)
    page.start(f"http://127.0.0.1:{referee.server_address[1]}/")
    reneged_once = called = False
    for _ in range(400):
        assert page.settle() in ("ready", "over")
        if page.find("#next-hand"):
            break  # the hand is over
        if found := page.find("#play-hand"):
            page.click(found[0])
        elif found := page.find("#confirm-cards"):  # cards to pass or return
            wanted = int(page.find("#panel p")[-1].text.split()[1])  # "Choose 4 cards: ..."
            for card in page.find("#table .card[data-choice]")[:wanted]:
                card.click()
            page.click(found[0])
        elif cards := page.find("#table .card[data-choice]"):
            wrong = [c for c in cards if c.get_attribute("data-legal") != "true"]
            calls = page.find("#panel button[data-action^='call renege ']")
            if wrong and not reneged_once and _state(referee).trick:
                assert "renege" in (wrong[0].get_attribute("aria-label") or "")
                seat = _state(referee).to_act
                assert seat is not None
                page.click(wrong[0])
                reneged_once = True
                assert reneged(_state(referee), seat)  # accepted, as a renege
            elif reneged_once and calls:
                assert all(c.text.startswith("Call a renege on ") for c in calls)
                page.click(calls[0])  # nobody else reneged: the caller's renege
                called = True
            else:
                page.click(next(c for c in cards if c.get_attribute("data-legal") == "true"))
        elif found := page.find("#panel button[data-action]"):
            page.click(found[0])
        else:
            raise AssertionError(f"nothing to do: {page.find('#panel')[0].text!r}")
    assert reneged_once
    assert called
    result = _state(referee).results[0]
    assert result.outcome is Outcome.RENEGE
    assert "not proven" in result.reason
