"""`pinochle serve` in a real browser (issue 17): headless Chromium, driven with Selenium.

A whole game is played through the page as a person would: the bid buttons, the trump
buttons, the cards to pass, "Play the hand" after everyone's meld, the legal cards (one
trick by keyboard), the hand results, until the game is over. A screenshot of the table is
saved under ``$PINOCHLE_ARTIFACTS`` (default: the test's temporary folder).

These tests skip only where no browser can be had, with a reason that starts with
"browser:"; ``.ci/run`` installs Chromium and its driver and fails if any did skip.
"""

from __future__ import annotations

import functools
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
from pinochle.serve import TableServer, make_server

pytestmark = pytest.mark.browser

try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.remote.webelement import WebElement
    from selenium.webdriver.support.wait import WebDriverWait
except ImportError:  # pragma: no cover - the dev extra has it
    webdriver = None  # type: ignore[assignment]

CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1000,1050",
)
WAIT = 120  # seconds a page may take to settle: a bound for a stuck page, not a measure


def _programs() -> tuple[str, str]:
    if webdriver is None:
        pytest.skip("browser: selenium is not installed (pip install -e '.[dev]')")
    browser = next((found for name in CHROMIUM if (found := shutil.which(name))), None)
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        pytest.skip(
            "browser: Chromium or chromedriver is not installed "
            "(apt-get install chromium chromium-driver)"
        )
    return browser, driver


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    binary, driver = _programs()
    options = webdriver.ChromeOptions()
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.binary_location = binary
    # The driver is named: Selenium Manager (which would download one) is never asked.
    chrome = webdriver.Chrome(service=Service(executable_path=driver), options=options)
    try:
        yield chrome
    finally:
        chrome.quit()


@pytest.fixture
def artifacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PINOCHLE_ARTIFACTS") or tmp_path / "artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _serve(
    tmp_path: Path, base: str, players: int, hint_worlds: int | None = None
) -> Iterator[TableServer]:
    """A server of a profile played to 30 points (a whole game in a hand or two)."""
    house = tmp_path / "short.toml"
    house.write_text(f'extends = "{base}"\n[game]\ntarget = 30\n', encoding="utf-8")
    variant = pn.load_variant(str(house))
    server = make_server(
        variant,
        level="easy",
        players=players,
        port=0,
        seed=4,
        folder=tmp_path,
        hint_worlds=hint_worlds,
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture
def one_person(tmp_path: Path) -> Iterator[TableServer]:
    yield from _serve(tmp_path, "browser-game", players=1)


@pytest.fixture
def two_people(tmp_path: Path) -> Iterator[TableServer]:
    yield from _serve(tmp_path, "pinochlerun", players=2)  # partners pass and return 4 cards


# Hints imagine a few deals only (``hint_worlds``): the page, not the advice, is under test.
@pytest.fixture
def hinted(tmp_path: Path) -> Iterator[TableServer]:
    yield from _serve(tmp_path, "browser-game", players=1, hint_worlds=4)


@pytest.fixture
def two_hinted(tmp_path: Path) -> Iterator[TableServer]:
    yield from _serve(tmp_path, "pinochlerun", players=2, hint_worlds=4)


class Page:
    """The page as a person sees it: what is shown, and what can be clicked."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def find(self, css: str) -> list[WebElement]:
        found: list[WebElement] = self.driver.find_elements(By.CSS_SELECTOR, css)
        return [element for element in found if element.is_displayed()]

    @property
    def state(self) -> str:
        value: str = self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-state")
        return value

    def settle(self, changed: Callable[[], bool] = lambda: True) -> str:
        """Wait until the page has answered (not busy) and ``changed`` holds."""

        def ready(_: Any) -> bool:
            try:
                return self.state not in ("loading", "busy") and changed()
            except StaleElementReferenceException:
                return False

        WebDriverWait(self.driver, WAIT).until(ready)
        return self.state

    def click(self, element: WebElement) -> None:
        """Click, then wait until the clicked thing has gone (the page drew anew)."""
        element.click()
        self.settle(lambda: _gone(element))

    def start(self, url: str) -> None:
        self.driver.get(url)
        self.driver.execute_script("localStorage.clear()")
        self.driver.get(url)
        assert self.settle() == "setup"
        self.driver.find_element(By.ID, "start").click()
        self.settle(lambda: self.state != "setup")


def _gone(element: WebElement) -> bool:
    try:
        return not element.is_displayed()
    except StaleElementReferenceException:
        return True


def play_whole_game(
    page: Page,
    shot: Path,
    *,
    on_cover: Callable[[], None] | None = None,
    covers: int | None = None,
) -> dict[str, int]:
    """Play until the game is over (or ``covers`` cover screens), as a person would.

    Returns what was done, counted; ``shot`` is a screenshot of the table before the sixth
    card.
    """
    done = {"bids": 0, "trump": 0, "passes": 0, "meld": 0, "cards": 0, "keys": 0, "covers": 0}
    done.update(results=0, other=0, calls=0, reloads=0)
    for _ in range(2000):  # a bound, so a page that goes round in circles fails
        state = page.settle()
        if state == "over":
            return done
        assert state in ("ready", "cover"), state
        if state == "cover":
            if done["covers"] == covers:
                return done
            done["covers"] += 1
            if on_cover is not None:
                on_cover()
            page.click(page.driver.find_element(By.ID, "cover-go"))
        elif found := page.find("#next-hand"):
            done["results"] += 1
            page.click(found[0])
        elif found := page.find("#play-hand"):
            assert page.find("#panel .meld-seat"), "everyone's meld is shown before the first trick"
            done["meld"] += 1
            page.click(found[0])
        elif found := page.find("#confirm-cards"):
            wanted = _to_choose(page)
            cards = page.find("#table g.card[data-choice]")
            for card in cards[:wanted]:
                card.click()
            assert found[0].is_enabled()
            done["passes"] += 1
            page.click(found[0])
        elif bids := page.find("#panel button[data-action^='bid ']"):
            passes = page.find("#panel button[data-action='pass']")
            smallest = bids[0]
            amount = int(str(smallest.get_attribute("data-action")).split()[1])
            meld = max(_meld_by_trump(page).values(), default=0)
            if not done["bids"] + done["calls"]:
                page.driver.save_screenshot(str(shot.with_name(f"{shot.stem}-bidding.png")))
            if passes and done["bids"] and amount > meld + 12:
                done["calls"] += 1
                page.click(passes[0])
            else:
                done["bids"] += 1
                page.click(smallest)
        elif trumps := page.find("#panel button[data-action^='trump ']"):
            # Each button shows the meld that suit would give: take the best.
            best = max(trumps, key=lambda b: int(b.text.rsplit(" ", 1)[1]))
            done["trump"] += 1
            page.click(best)
        elif cards := page.find("#table g.card[data-choice]"):
            held = len(page.find("#table g.hand g.card"))
            why = page.driver.find_element(By.ID, "why").text
            assert why, "the line that says why stands above the legal cards"
            for card in cards:
                assert card.get_attribute("data-legal") == "true"
            if done["cards"] == 5:
                page.driver.save_screenshot(str(shot))
            if done["cards"] % 5 == 2 and len(cards) > 1:
                # Keyboard: the first legal card has the focus; → moves, Enter plays.
                focused = page.driver.switch_to.active_element
                assert focused.get_attribute("data-card") == cards[0].get_attribute("data-card")
                focused.send_keys(Keys.ARROW_RIGHT)
                focused = page.driver.switch_to.active_element
                assert focused.get_attribute("data-card") == cards[1].get_attribute("data-card")
                focused.send_keys(Keys.ENTER)
                page.settle(functools.partial(_gone, focused))
                done["keys"] += 1
            else:
                page.click(cards[0])
            done["cards"] += 1
            if done["cards"] == 3 and not done["covers"]:
                # A reload goes back to the same table (the page keeps its game).
                page.driver.refresh()
                assert page.settle() == "ready"
                assert len(page.find("#table g.hand g.card")) == held - 1
                done["reloads"] += 1
        elif found := page.find("#panel button[data-action]"):
            done["other"] += 1
            page.click(found[0])
        else:
            raise AssertionError(f"nothing to do on the page: {page.find('#panel')[0].text!r}")
    raise AssertionError("the game did not end")


def _to_choose(page: Page) -> int:
    text = page.find("#panel p")[-1].text  # "Choose 4 cards: 0 chosen."
    return int(text.split()[1])


def _meld_by_trump(page: Page) -> dict[str, int]:
    line = next((p.text for p in page.find("#panel p") if "as trump" in p.text), "")
    parts = line.split(":", 1)[1].split("·") if line else []
    return {part.split()[0]: int(part.split()[1]) for part in parts}


def test_a_whole_game_in_the_browser(
    browser: Any, one_person: TableServer, artifacts: Path
) -> None:
    page = Page(browser)
    page.start(one_person.url)
    done = play_whole_game(page, artifacts / "serve-table.png")
    assert done["cards"] >= 12
    assert done["keys"] >= 1
    assert done["bids"] >= 1
    assert done["meld"] >= 1
    assert done["results"] >= 1
    assert done["covers"] == 0
    assert done["reloads"] == 1
    heading = page.find("#panel h2")[0].text
    assert heading.startswith("Game over: ")
    assert heading.endswith(" won.")
    assert page.find("#play-again")
    browser.save_screenshot(str(artifacts / "serve-game-over.png"))
    assert (artifacts / "serve-table.png").stat().st_size > 10_000


def test_two_people_get_a_cover_screen_and_never_the_others_cards(
    browser: Any, two_people: TableServer, artifacts: Path
) -> None:
    page = Page(browser)

    def covered() -> None:
        # Under the cover the page holds no card at all: the last person's table is gone.
        assert not browser.find_elements(By.CSS_SELECTOR, "#table g.card, #table svg")
        assert browser.execute_script("return document.getElementById('panel').textContent") == ""
        text = browser.find_element(By.ID, "cover-text").text
        assert text in ("Pass the device to South.", "Pass the device to West.")
        if not (artifacts / "serve-cover.png").exists():
            browser.save_screenshot(str(artifacts / "serve-cover.png"))

    page.start(two_people.url)
    assert page.state == "cover"
    shot = artifacts / "serve-two-people.png"
    done = play_whole_game(page, shot, on_cover=covered, covers=12)
    assert done["covers"] == 12
    assert done["passes"] >= 1  # a person passed or returned cards, chosen on the page
    assert done["cards"] + done["bids"] + done["calls"] + done["trump"] >= 8


# --- Hints and the review of a hand (issue 29) -----------------------------------------------

SIZES = {"phone": (390, 844), "desktop": (1000, 1050)}  # desktop: the FLAGS' window


@pytest.fixture(params=sorted(SIZES))
def sized(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:
    """The browser at a phone's width (390 px) or a desktop's, set back afterwards."""
    browser.set_window_size(*SIZES[request.param])
    try:
        yield request.param, browser
    finally:
        browser.set_window_size(*SIZES["desktop"])


def _data(page: Page, name: str) -> str | None:
    value: str | None = page.driver.find_element(By.TAG_NAME, "body").get_attribute(f"data-{name}")
    return value


def _fits(page: Page, width: int) -> bool:
    """Whether the page is no wider than the window (no sideways scrolling on a phone)."""
    wide: int = page.driver.execute_script("return document.documentElement.scrollWidth")
    return wide <= width


def _top(page: Page, element: WebElement) -> float:
    top: float = page.driver.execute_script(
        "return arguments[0].getBoundingClientRect().top", element
    )
    return top


def _play_to(page: Page, wanted: Callable[[], bool]) -> None:
    """Play on as a quick person would (pass when allowed, first choices) until ``wanted``."""
    for _ in range(400):
        page.settle()
        if wanted():
            return
        assert page.state == "ready", page.state
        found = (
            page.find("#next-hand")
            or page.find("#play-hand")
            or page.find("#panel button[data-action='pass']")
            or page.find("#panel button[data-action]")
            or page.find("#table g.card[data-choice]")
        )
        if found:
            page.click(found[0])
        else:
            raise AssertionError(f"nothing to do: {page.find('#panel')[0].text!r}")
    raise AssertionError("the position never came")


def _hints(page: Page, on: bool) -> None:
    toggle = page.driver.find_element(By.ID, "hints-toggle")
    if toggle.is_selected() != on:
        toggle.click()
    assert toggle.is_selected() == on


def _ask_hint(page: Page) -> str:
    """Press Hint and wait for its line; the line's text."""
    page.driver.find_element(By.ID, "hint").click()
    page.settle(lambda: _data(page, "hint") in ("shown", "error"))
    assert _data(page, "hint") == "shown", page.driver.find_element(By.ID, "message").text
    text: str = page.driver.find_element(By.ID, "hint-line").text
    return text


@pytest.mark.slow
def test_a_hint_raises_a_legal_card_only_when_hints_are_on(
    sized: tuple[str, Any], hinted: TableServer, artifacts: Path
) -> None:
    size, browser = sized
    page = Page(browser)
    page.start(hinted.url)
    assert page.find("#hints-toggle")
    assert not browser.find_element(By.ID, "hints-toggle").is_selected()  # off unless turned on
    _play_to(page, lambda: bool(page.find("#table g.card[data-choice]")))
    assert not browser.find_elements(By.ID, "hint")  # hints off: no Hint button at all
    _hints(page, on=True)
    [ask] = page.find("#hint")
    width = SIZES[size][0]
    assert ask.rect["x"] + ask.rect["width"] <= width  # on a phone too, in view
    legal = {card.id for card in page.find("#table g.card[data-choice]")}
    text = _ask_hint(page)
    [raised] = browser.find_elements(By.CSS_SELECTOR, "#table g.card.suggested")
    assert raised.get_attribute("data-legal") == "true"
    assert raised.id in legal
    # It stands up above every other card of the hand, the other legal ones included
    # (they stand up too); the hint's line may have moved the whole table meanwhile.
    others = browser.execute_script(
        "const hand = arguments[0].closest('g.hand');"
        "return [...hand.querySelectorAll('g.card')].filter((c) => c !== arguments[0]);",
        raised,
    )
    assert others
    assert _top(page, raised) < min(_top(page, card) for card in others) - 10
    card = raised.get_attribute("data-card")
    assert text.startswith(f"Hint: {card}, about ")
    assert "trick points for your side" in text
    assert "over 4 deals" in text
    assert _fits(page, width)
    browser.save_screenshot(str(artifacts / f"serve-hint-{size}.png"))
    # The switch is remembered for this person (a reload keeps it), and turned off it
    # takes the button away.
    browser.refresh()
    assert page.settle() == "ready"
    _play_to(page, lambda: bool(page.find("#table g.card[data-choice]")))  # meld shown again
    assert browser.find_element(By.ID, "hints-toggle").is_selected()
    assert page.find("#hint")
    assert not browser.find_elements(By.CSS_SELECTOR, ".suggested")  # a hint is asked anew
    _hints(page, on=False)
    assert not browser.find_elements(By.ID, "hint")
    browser.execute_script("localStorage.clear()")


@pytest.mark.slow
def test_after_a_hand_the_review_panel_shows_its_summary(
    sized: tuple[str, Any], hinted: TableServer, artifacts: Path
) -> None:
    size, browser = sized
    page = Page(browser)
    page.start(hinted.url)
    _play_to(page, lambda: bool(page.find("#next-hand")))
    heading = page.find("#panel h2")[0].text
    assert heading == "Hand 1 is over"
    [look] = page.find("#review-hand")
    look.click()
    page.settle(lambda: _data(page, "review") in ("shown", "error"))
    assert _data(page, "review") == "shown", page.find("#review")[0].text
    [summary] = page.find("#review .summary")
    assert summary.text.startswith("Hand 1: ")
    review = page.find("#review")[0].text
    assert "marked ? or ??" in review or "Expected points lost in this hand" in review
    assert page.find("#next-hand")  # the review does not stand in the way of the game
    assert _fits(page, SIZES[size][0])
    browser.save_screenshot(str(artifacts / f"serve-review-{size}.png"))


@pytest.mark.slow
def test_a_hint_shows_only_on_its_own_persons_screen(
    browser: Any, two_hinted: TableServer, artifacts: Path
) -> None:
    page = Page(browser)
    page.start(two_hinted.url)
    assert page.state == "cover"
    page.click(browser.find_element(By.ID, "cover-go"))
    _hints(page, on=True)
    assert page.find("#hint")
    text = _ask_hint(page)
    assert text.startswith("Hint: ")
    [marked] = browser.find_elements(By.CSS_SELECTOR, ".suggested")  # the suggested button
    browser.save_screenshot(str(artifacts / "serve-hint-bidding.png"))
    page.click(marked)
    _play_to(page, lambda: page.state == "cover")
    page.click(browser.find_element(By.ID, "cover-go"))
    page.settle()
    # The other person's screen: no hint line, nothing suggested, hints off (their own switch).
    assert browser.find_element(By.ID, "hint-line").text == ""
    assert not browser.find_elements(By.CSS_SELECTOR, ".suggested")
    assert not browser.find_element(By.ID, "hints-toggle").is_selected()
    assert not browser.find_elements(By.ID, "hint")
    browser.execute_script("localStorage.clear()")
