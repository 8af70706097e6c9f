"""The web table's panels for the rules of issue 32, in a real browser, phone and desktop.

- A renege corrected (``renege.correction``, rules/reneges#correction: Chapman, "player may
  correct before the trick is closed"): after a person's renege the computer players wait,
  the page asks, and the person plays a legal card instead.
- Five hands (rules/deck-and-deal#five-hands, WP: the bidder "calls" a trump card to choose
  a partner): the bidder calls through a panel of card buttons, trump cards only.
- The shared kitty (rules/passing-and-kitty#share, BC-PA: the bidder "keeps one and gives
  one face down to each other player"): the bidder picks the card kept, then one for each
  player from the left; the table shows the cards given.

Screenshots go under ``$PINOCHLE_ARTIFACTS``: ``serve-correction-<size>.png`` and
``serve-call-<size>.png``.
"""

from __future__ import annotations

import threading
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
from pinochle.engine._tricks import reneged
from pinochle.serve import TableServer, make_server
from test_serve_browser import (  # noqa: F401 - the fixtures
    TOUCH,
    Page,
    _check_no_sideways_scroll,
    _rect,
    artifacts,
    browser,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the quick run leaves them out

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
CORRECTION = '[renege]\npenalty = "chapman"\naccept = true\ncorrection = true\n'
SHARE = "[deal]\nhand = 11\nkitty = 4\n[kitty]\nshare = true\nshown = false\n"


@pytest.fixture(params=sorted(SIZES))
def sized(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:  # noqa: F811
    browser.set_window_size(*SIZES[request.param])
    try:
        yield request.param, browser
    finally:
        browser.set_window_size(1000, 1050)


def _serve(tmp_path: Path, base: str, extra: str = "") -> Generator[TableServer, None, None]:
    house = tmp_path / "house.toml"
    house.write_text(f'extends = "{base}"\n[game]\ntarget = 100000\n{extra}', encoding="utf-8")
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


def _person_seat(server: TableServer) -> int:
    game = next(iter(server.store._games.values()))
    return _state(server).hand.persons.index(game.people[0])


def _choose_cards(page: Page, button: Any) -> None:
    """Cards to pass or return: the first ones the panel asks for."""
    wanted = int(page.find("#panel p")[-1].text.split()[1])  # "Choose 4 cards: ..."
    for card in page.find("#table .card[data-choice]")[:wanted]:
        card.click()
    page.click(button)


def _touchable(page: Page, css: str) -> None:
    for element in page.find(css):
        rect = _rect(page, element)
        assert rect["width"] >= TOUCH, (css, rect)
        assert rect["height"] >= TOUCH, (css, rect)


def test_a_person_reneges_is_asked_and_corrects(
    sized: tuple[str, Any],
    tmp_path: Path,
    artifacts: Path,  # noqa: F811
) -> None:
    size, browser = sized  # noqa: F811 - the fixture, resized
    server = next(served := _serve(tmp_path, "pagat-partnership", CORRECTION))
    try:
        page = Page(browser)
        page.start(server.url)
        reneged_once = corrected = False
        for _ in range(400):
            assert page.settle() in ("ready", "over")
            _check_no_sideways_scroll(page, f"correction {size}")
            if page.find("#next-hand"):
                break  # the hand is over
            state = _state(server)
            if stand := page.find("#let-stand"):
                seat = _person_seat(server)
                assert state.trick[-1][0] == seat, "the computer players waited"
                panel = page.find("#panel")[0].text
                assert "does not meet the duty" in panel
                why = page.driver.find_element("id", "why").text
                assert "is a renege" in why
                assert "let it stand" in why
                fixes = page.find("#table .card[data-choice]")
                assert fixes
                assert all(c.get_attribute("data-legal") == "true" for c in fixes)
                _touchable(page, "#table .card[data-choice]")
                _touchable(page, "#let-stand")
                browser.save_screenshot(str(artifacts / f"serve-correction-{size}.png"))
                assert stand[0].text == "Let it stand"
                page.click(fixes[0])
                after = _state(server)
                assert not reneged(after, seat)
                assert isinstance(after.actions[-1], pn.CorrectRenege) or any(
                    isinstance(a, pn.CorrectRenege) for a in after.actions
                )
                corrected = True
            elif found := page.find("#play-hand"):
                page.click(found[0])
            elif found := page.find("#confirm-cards"):
                _choose_cards(page, found[0])
            elif cards := page.find("#table .card[data-choice]"):
                wrong = [c for c in cards if c.get_attribute("data-legal") != "true"]
                players = state.variant.deal.players
                if wrong and not reneged_once and 0 < len(state.trick) < players - 1:
                    page.click(wrong[0])  # a renege in a trick that stays open
                    reneged_once = True
                else:
                    page.click(next(c for c in cards if c.get_attribute("data-legal") == "true"))
            elif found := page.find("#panel button[data-action]:not([data-action^='call'])"):
                page.click(found[0])
            else:
                raise AssertionError(f"nothing to do: {page.find('#panel')[0].text!r}")
        assert reneged_once
        assert corrected
        browser.execute_script("localStorage.clear()")
    finally:
        served.close()


def test_a_five_hand_bidder_calls_a_partner_through_the_panel(
    sized: tuple[str, Any],
    tmp_path: Path,
    artifacts: Path,  # noqa: F811
) -> None:
    size, browser = sized  # noqa: F811 - the fixture, resized
    server = next(served := _serve(tmp_path, "five-hand"))
    try:
        page = Page(browser)
        page.start(server.url)
        called = None
        for _ in range(600):
            assert page.settle() in ("ready", "over")
            _check_no_sideways_scroll(page, f"five-hand {size}")
            state = _state(server)
            if calls := page.find("#panel .calls button[data-action^='call ']"):
                trump = state.hand.trump
                assert trump is not None
                offered = [b.get_attribute("data-card") or "" for b in calls]
                # WP: the bidder calls a trump card: every trump card, and only trump.
                assert {pn.parse_cards(c)[0].suit for c in offered} == {trump}
                assert len(offered) == len(set(offered)) == 5
                assert "partner" in page.find("#panel")[0].text
                _touchable(page, "#panel .calls button")
                browser.save_screenshot(str(artifacts / f"serve-call-{size}.png"))
                called = offered[0]
                page.click(calls[0])
                assert str(_state(server).hand.called) == called
                break
            if found := page.find("#next-hand") or page.find("#play-hand"):
                page.click(found[0])
            elif bids := page.find("#panel button[data-action^='bid ']"):
                page.click(bids[-1])  # the highest bid shown: the person wins the auction
            elif trumps := page.find("#panel button[data-action^='trump ']"):
                page.click(trumps[0])
            elif cards := page.find("#table .card[data-choice]"):
                page.click(cards[0])
            elif found := page.find("#panel button[data-action]"):
                page.click(found[0])
            else:
                raise AssertionError(f"nothing to do: {page.find('#panel')[0].text!r}")
        assert called is not None
        browser.execute_script("localStorage.clear()")
    finally:
        served.close()


def test_the_bidder_shares_the_kitty_and_sees_the_cards_given(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    browser.set_window_size(*SIZES["phone"])
    server = next(served := _serve(tmp_path, "bicycle-partnership-auction", SHARE))
    try:
        page = Page(browser)
        page.start(server.url)
        shared = None
        received = False
        for _ in range(1500):
            assert page.settle() in ("ready", "over")
            state = _state(server)
            if confirm := page.find("#confirm-share"):
                kitty = page.find("#panel .calls button.call-card")
                assert len(kitty) == 4
                assert not confirm[0].is_enabled()
                _touchable(page, "#panel .calls button.call-card")
                order = [b.get_attribute("data-card") or "" for b in kitty][::-1]
                for card in order:  # keep the last, then one for each player from the left
                    button = next(
                        b
                        for b in page.find("#panel .calls button.call-card")
                        if b.get_attribute("data-card") == card and b.is_enabled()
                    )
                    button.click()
                plan = page.find("#panel .share-plan li")
                assert plan[0].text == f"You keep: {order[0]}"
                assert plan[1].text.startswith("To ")
                assert plan[1].text.endswith(order[1])
                page.click(page.find("#confirm-share")[0])
                shared = order
                assert [str(c) for c in _state(server).hand.shared] == order
                given = page.find("#table .extra.shared-by-me .given .card")
                assert [g.get_attribute("data-card") for g in given] == order[1:]
                names = page.find("#table .extra.shared-by-me .given .to")
                assert len(names) == 3
                assert all(n.text for n in names)
                assert "You gave from the kitty" in page.find("#table .extra.shared-by-me")[0].text
                continue
            if shared and (to_me := page.find("#table .extra.shared-to-me")):
                # A computer bidder's share: the person sees the one card given to them.
                bidder = state.hand.bidder
                assert bidder is not None
                assert bidder != _person_seat(server)
                faces = to_me[0].find_elements("css selector", ".card")
                mine = state.hand.shared[(_person_seat(server) - bidder) % 4]
                assert [c.get_attribute("data-card") for c in faces] == [str(mine)]
                assert "gave you from the kitty" in to_me[0].text
                received = True
                break
            if found := page.find("#next-hand") or page.find("#play-hand"):
                page.click(found[0])
            elif found := page.find("#confirm-cards"):
                _choose_cards(page, found[0])
            elif shared and (passes := page.find("#panel button[data-action='pass']")):
                page.click(passes[0])  # now a computer player wins the bid
            elif bids := page.find("#panel button[data-action^='bid ']"):
                page.click(bids[-1])
            elif cards := page.find("#table .card[data-choice]"):
                page.click(cards[0])
            elif found := page.find("#panel button[data-action]"):
                page.click(found[0])
            else:
                raise AssertionError(f"nothing to do: {page.find('#panel')[0].text!r}")
        assert shared is not None
        assert received
        browser.execute_script("localStorage.clear()")
    finally:
        browser.set_window_size(1000, 1050)
        served.close()
