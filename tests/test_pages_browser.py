"""The meld scorer, counter and score keeper of `pinochle serve` in a real browser (issue 30).

Each page is used as a person would, by tapping, at a phone's size (390x844) and a
desktop's (1280x800): readable, every control a finger's target (at least 44 CSS px), no
sideways scrolling. Screenshots are saved under ``$PINOCHLE_ARTIFACTS`` (the docs' pictures
of these pages are ``pages-*.png`` from it). Headless Chromium, as tests/test_serve_browser.py.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
from pinochle.cli import main
from pinochle.serve import TableServer, make_server
from pinochle.sheet import ScoreSheet
from test_serve_browser import artifacts, browser  # noqa: F401 - the fixtures

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the quick run leaves them out

try:
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.support.wait import WebDriverWait
except ImportError:  # pragma: no cover - the dev extra has it (the browser fixture skips)
    pass

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
WAIT = 60  # seconds a page may take to settle: a bound for a stuck page, not a measure
SEED_HAND = "A♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ 9♥ Q♠ J♦ K♦ K♣"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TableServer]:
    started = make_server(pn.load_variant("pagat-partnership"), port=0, folder=tmp_path, seed=1)
    thread = threading.Thread(target=started.serve_forever, daemon=True)
    thread.start()
    try:
        yield started
    finally:
        started.shutdown()
        started.server_close()
        thread.join()


@pytest.fixture(params=sorted(SIZES))
def sized(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:  # noqa: F811
    """The browser at a phone's size or a desktop's, set back afterwards."""
    browser.set_window_size(*SIZES[request.param])
    try:
        yield request.param, browser
    finally:
        browser.set_window_size(1000, 1050)


def _open(driver: Any, server: TableServer, path: str) -> None:
    driver.get(server.url.rstrip("/") + path)
    _settled(driver)


def _settled(driver: Any) -> None:
    """Wait until the page has shown the answer to what was done (its body says "ready")."""
    WebDriverWait(driver, WAIT, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-state") == "ready"
    )


def _shot(driver: Any, path: Path, top: str | None = None) -> None:
    """A screenshot of the window, scrolled to put ``top`` (or the page's top) first."""
    if top is None:
        driver.execute_script("window.scrollTo(0, 0)")
    else:
        driver.execute_script(f"document.querySelector('{top}').scrollIntoView()")
    driver.save_screenshot(str(path))


def _text(driver: Any, css: str) -> str:
    text: str = driver.find_element(By.CSS_SELECTOR, css).text
    return text


def _tap(driver: Any, css: str) -> None:
    driver.find_element(By.CSS_SELECTOR, css).click()
    _settled(driver)


def _tap_cards(driver: Any, cards: str) -> None:
    for card in cards.split():
        _tap(driver, f'#deck button[data-card="{card}"]')


def _check_fits(driver: Any, size: str) -> None:
    """No sideways scrolling, text at least 14 px, every control at least 44 px high."""
    width = SIZES[size][0]
    wide = driver.execute_script("return document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide} px wide at {width}"
    small = driver.execute_script(
        """
        const found = [];
        for (const node of document.querySelectorAll(
            "button, a, select, input[type=text], input[type=number], label:has(input)")) {
          const box = node.getBoundingClientRect();
          if (!box.width || !box.height) continue;  // not shown
          if (box.height < 44 || box.width < 44) {
            found.push(`${node.outerHTML.slice(0, 80)}: ${box.width}x${box.height}`);
          }
        }
        for (const node of document.querySelectorAll("td, p, label, button, h2")) {
          const size = parseFloat(getComputedStyle(node).fontSize);
          const shown = node.getBoundingClientRect().width;
          if (shown && size < 14) found.push(`${node.tagName} ${size}px`);
        }
        return found;
        """
    )
    assert not small, small


def _on_the_start_screen(driver: Any) -> bool:
    shown: bool = driver.find_element(By.ID, "setup").is_displayed()
    return shown


def test_the_start_screen_leads_to_each_page(server: TableServer, browser: Any) -> None:  # noqa: F811
    browser.set_window_size(*SIZES["phone"])
    try:
        browser.get(server.url)
        WebDriverWait(browser, WAIT).until(_on_the_start_screen)
        for link, title in (
            ("Meld scorer", "Meld scorer"),
            ("Trick counter", "Trick counter"),
            ("Score keeper", "Score keeper"),
        ):
            browser.find_element(By.LINK_TEXT, link).click()
            _settled(browser)
            assert _text(browser, "h1") == title
            browser.back()
            WebDriverWait(browser, WAIT).until(_on_the_start_screen)
    finally:
        browser.set_window_size(1000, 1050)


def test_the_meld_scorer_scores_a_tapped_hand(
    server: TableServer,
    sized: tuple[str, Any],
    artifacts: Path,  # noqa: F811
) -> None:
    size, driver = sized
    _open(driver, server, "/meld")
    _tap_cards(driver, SEED_HAND)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#hand button")) == 12
    # A card the deck holds twice cannot be tapped a third time.
    assert not driver.find_element(By.CSS_SELECTOR, '#deck button[data-card="K♥"]').is_enabled()
    by_trump = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#by-trump button")]
    assert by_trump == ["♣ 80", "♦ 80", "♥ 240", "♠ 80"]
    _tap(driver, '#by-trump button[data-suit="♥"]')  # choosing a suit's total makes it trump
    assert _text(driver, "#meld-total") == "240"
    items = _text(driver, "#meld-items")
    assert "run A♥ 10♥ K♥ Q♥ J♥ 150" in items
    assert "pinochle Q♠ J♦ 40" in items
    _check_fits(driver, size)
    _shot(driver, artifacts / f"pages-meld-{size}.png", "#deck")
    _tap(driver, "#scale label:nth-of-type(1)")  # Ones
    assert _text(driver, "#meld-total") == "24"
    _tap(driver, "#scale label:nth-of-type(2)")  # Tens
    _tap(driver, "#run-extras")  # Dailey's: a run with an extra K and Q is 230
    assert _text(driver, "#meld-total") == "280"
    assert "run with extra king and queen" in _text(driver, "#meld-items")
    _tap(driver, '#hand button[data-held="K♥"]')  # a card taken back out of the hand
    assert len(driver.find_elements(By.CSS_SELECTOR, "#hand button")) == 11
    Select(driver.find_element(By.ID, "variant")).select_by_value("pagat-double-deck")
    _settled(driver)
    assert not driver.find_elements(By.CSS_SELECTOR, '#deck button[data-card="9♥"]')
    assert not driver.find_element(By.ID, "run-extras").is_enabled()  # a single-deck rule
    assert "9♥" not in _text(driver, "#hand")


def test_the_counter_counts_the_tapped_cards_every_way(
    server: TableServer,
    sized: tuple[str, Any],
    artifacts: Path,  # noqa: F811
) -> None:
    size, driver = sized
    _open(driver, server, "/counter")
    _tap_cards(driver, "A♥ 10♥ K♥ Q♥ A♠ A♠ J♣ 9♦")
    assert _text(driver, "#points") == "50"
    _tap(driver, "#last-trick")
    assert _text(driver, "#points") == "60"

    def method(name: str) -> str:
        return _text(driver, f'#methods tr[data-method="{name}"] td:nth-child(2)')

    assert method("counters-1") == "6"
    assert method("classic-10") == str(11 + 10 + 4 + 3 + 11 + 11 + 2 + 10)
    assert method("simplified-10") == str(10 + 10 + 5 + 5 + 10 + 10 + 10)
    assert "the other side took 190" in _text(driver, "#result")
    _check_fits(driver, size)
    _shot(driver, artifacts / f"pages-counter-{size}.png", "#deck")
    _tap(driver, "#scale label:nth-of-type(1)")  # Ones
    assert _text(driver, "#points") == "6"


def test_the_score_keeper_keeps_one_sheet_with_the_command_line(
    server: TableServer,
    sized: tuple[str, Any],
    artifacts: Path,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    size, driver = sized
    _open(driver, server, "/sheets")
    assert [o.text for o in Select(driver.find_element(By.ID, "target")).options] == [
        "1500",
        "1000",
    ]
    _check_fits(driver, size)
    _shot(driver, artifacts / f"pages-sheets-new-{size}.png")
    driver.find_element(By.ID, "new-name").send_keys(f"kitchen-{size}")
    Select(driver.find_element(By.ID, "target")).select_by_value("1000")
    driver.find_element(By.ID, "create").click()
    WebDriverWait(driver, WAIT).until(lambda d: "?sheet=" in d.current_url)
    _settled(driver)
    assert driver.find_element(By.ID, "sheet-view").is_displayed()
    assert "game 1000" in _text(driver, "#sheet-settings")

    def enter(bidder: int, bid: int, meld: tuple[int, int], points: int | None) -> None:
        _tap(driver, f"#bidder label:nth-of-type({bidder + 1})")
        driver.find_element(By.ID, "bid").send_keys(str(bid))
        for side in (0, 1):
            driver.find_element(By.ID, f"meld-{side}").send_keys(str(meld[side]))
        if points is not None:
            driver.find_element(By.ID, "points-0").send_keys(str(points))

    enter(0, 300, (190, 60), 150)
    assert driver.find_element(By.ID, "points-1").get_attribute("value") == "100"  # the rest
    _tap(driver, "#record")
    assert _text(driver, '#scores [data-side="0"] .total') == "340"
    assert _text(driver, '#scores [data-side="1"] .total') == "160"
    enter(1, 400, (40, 100), None)
    assert _text(driver, "#spotted").startswith("Not on the board")
    _tap(driver, "#record")
    assert "not on the board" in _text(driver, "#hands")
    assert _text(driver, '#scores [data-side="1"] .total') == str(160 - 400)
    _check_fits(driver, size)
    _shot(driver, artifacts / f"pages-sheet-{size}.png")
    _tap(driver, "#undo")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#hands tr.hand-row")) == 1

    # The page's sheet is the command line's, and the other way round: a hand added there
    # makes the page's next post a 412, and the page loads the sheet with that hand.
    path = str(server.store.folder / "sheets" / f"kitchen-{size}.json")
    assert ScoreSheet.load(path).scores == (340, 160)
    capsys.readouterr()
    assert main(["score", "show", path]) == 0
    assert "side 0 340   side 1 160" in capsys.readouterr().out
    args = ["--bidder", "1", "--bid", "250", "--meld", "40", "200", "--points", "60", "190"]
    assert main(["score", "add", path, *args]) == 0
    enter(0, 250, (100, 20), 200)
    _tap(driver, "#record")
    assert "changed this sheet first" in _text(driver, "#message")
    assert _text(driver, '#scores [data-side="1"] .total') == str(160 + 390)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#hands tr.hand-row")) == 2
    assert driver.find_element(By.ID, "bid").get_attribute("value") == "250"  # kept to send again
    _tap(driver, "#record")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#hands tr.hand-row")) == 3
    assert len(ScoreSheet.load(path)) == 3
