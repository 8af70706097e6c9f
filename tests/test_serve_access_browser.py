"""The access code in a real browser (issue 30): a phone opens the table on the network.

Headless Chromium at a phone's size (390 x 844) opens a server on a second loopback
address, 127.0.0.2, that asks for a code, as a server on a network address does: first
without the code (the page that asks for it), then a wrong code, then the right one, and the
table's own requests go through with the cookie; then the address with ``?code=`` that
`pinochle serve` prints. Screenshots go under ``$PINOCHLE_ARTIFACTS``.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
from pinochle.serve import TableServer, make_server
from test_serve_access import CODE, HOST, can_bind
from test_serve_browser import WAIT, Page, artifacts, browser

pytestmark = pytest.mark.browser

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.wait import WebDriverWait
except ImportError:  # pragma: no cover - the dev extra has it (the fixture skips)
    pass

__all__ = ["artifacts", "browser"]  # fixtures, imported for pytest


@pytest.fixture
def coded(tmp_path: Path) -> Iterator[TableServer]:
    if not can_bind(HOST):
        pytest.skip(f"{HOST} cannot be bound here (Linux answers 127.0.0.0/8)")
    server = make_server(
        pn.load_variant("browser-game"), level="easy", host=HOST, port=0, folder=tmp_path, code=CODE
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _type_code(driver: Any, code: str) -> None:
    field = driver.find_element(By.ID, "code")
    field.clear()
    field.send_keys(code)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


def test_a_phone_gives_the_code_once_and_then_plays(
    browser: Any, coded: TableServer, artifacts: Path
) -> None:
    url = f"http://{HOST}:{coded.server_address[1]}/"
    browser.set_window_size(390, 844)
    try:
        browser.delete_all_cookies()
        browser.get(url)
        assert browser.title == "Pinochle: access code"
        assert browser.find_element(By.ID, "code").is_displayed()
        browser.save_screenshot(str(artifacts / "serve-access-code-phone.png"))
        browser.set_window_size(1000, 1050)
        assert browser.find_element(By.ID, "code").size["height"] >= 44  # a thumb's size
        browser.save_screenshot(str(artifacts / "serve-access-code-wide.png"))
        browser.set_window_size(390, 844)
        # Nothing of the table: no start button, no profile.
        assert not browser.find_elements(By.ID, "start")
        assert "browser-game" not in browser.page_source
        _type_code(browser, "AAAA-AAAA")
        # The refusal comes back from the server: wait for it (a bound, not a measure).
        WebDriverWait(browser, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".said"))
        said = browser.find_element(By.CSS_SELECTOR, ".said").text
        assert said == "That access code is not right"
        _type_code(browser, CODE.lower())
        page = Page(browser)
        WebDriverWait(browser, WAIT).until(lambda d: d.find_elements(By.ID, "start"))
        assert browser.current_url == url
        # The table's own requests carry the cookie, which the page's script cannot read.
        assert browser.execute_script("return document.cookie") == ""
        page.start(url)
        assert page.state in ("ready", "cover", "over"), page.state
        assert page.find("#table .card")
        # A browser without the cookie, opening the printed address with the code.
        browser.delete_all_cookies()
        browser.get(url + "api/setup")
        assert browser.title == "Pinochle: access code"
        browser.get(coded.with_code(url))
        assert browser.current_url == url  # the code is not left in the address bar
        assert page.settle() == "ready"  # the page goes back to its game
    finally:
        browser.set_window_size(1000, 1050)
