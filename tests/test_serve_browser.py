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
import itertools
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
    tmp_path: Path, base: str, players: int, hint_worlds: int | None = None, target: int = 30
) -> Iterator[TableServer]:
    """A server of a profile played to ``target`` (30: a whole game in a hand or two)."""
    house = tmp_path / "short.toml"
    house.write_text(f'extends = "{base}"\n[game]\ntarget = {target}\n', encoding="utf-8")
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
            cards = page.find("#table .card[data-choice]")
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
        elif cards := page.find("#table .card[data-choice]"):
            held = len(page.find("#table .hand .card"))
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
                assert len(page.find("#table .hand .card")) == held - 1
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
        assert not browser.find_elements(By.CSS_SELECTOR, "#table .card, #table svg, #table .felt")
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
            or page.find("#table .card[data-choice]")
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
    _play_to(page, lambda: bool(page.find("#table .card[data-choice]")))
    assert not browser.find_elements(By.ID, "hint")  # hints off: no Hint button at all
    _hints(page, on=True)
    [ask] = page.find("#hint")
    width = SIZES[size][0]
    assert ask.rect["x"] + ask.rect["width"] <= width  # on a phone too, in view
    legal = {card.id for card in page.find("#table .card[data-choice]")}
    text = _ask_hint(page)
    [raised] = browser.find_elements(By.CSS_SELECTOR, "#table .card.suggested")
    assert raised.get_attribute("data-legal") == "true"
    assert raised.id in legal
    # It stands up above every other card of the hand, the other legal ones included
    # (they stand up too); the hint's line may have moved the whole table meanwhile.
    others = browser.execute_script(
        "const hand = arguments[0].closest('.hand');"
        "return [...hand.querySelectorAll('.card')].filter((c) => c !== arguments[0]);",
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
    _play_to(page, lambda: bool(page.find("#table .card[data-choice]")))  # meld shown again
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


# --- The table at every size, and what each stage shows (issue 30) -------------------------

# A phone held upright (390 px; 360 px is the narrowest one served) and a laptop.
TABLE_SIZES = {"phone": (390, 844), "narrow": (360, 740), "wide": (1280, 800)}
TOUCH = 44  # CSS px each way: the least a finger can tap
READABLE = 14  # CSS px: the least font size of a card's rank and suit, and of a label

# The font size an element is drawn at, in CSS px: an HTML element's computed size, or an
# SVG text's size scaled as its picture is (so the table drawn either way is measured).
FONT_PX = """
const el = arguments[0];
const size = parseFloat(getComputedStyle(el).fontSize);
const matrix = el.getScreenCTM ? el.getScreenCTM() : null;
return matrix ? size * Math.hypot(matrix.a, matrix.b) : size;
"""

# The person's view, fetched through the endpoints with the token the page keeps.
VIEW_JS = """
const done = arguments[arguments.length - 1];
const game = JSON.parse(localStorage.getItem("pinochle.game"));
const person = game.people[0];
fetch(`/api/games/${game.game}/people/${person.person}`,
      {headers: {"X-Pinochle-Token": person.token}})
  .then((r) => r.json()).then(done, (e) => done({error: String(e)}));
"""


@pytest.fixture
def long_game(tmp_path: Path) -> Iterator[TableServer]:
    """A game to 1000: a second hand follows the first."""
    yield from _serve(tmp_path, "browser-game", players=1, target=1000)


@pytest.fixture(params=sorted(TABLE_SIZES))
def table_size(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:
    browser.set_window_size(*TABLE_SIZES[request.param])
    try:
        yield request.param, browser
    finally:
        browser.set_window_size(*SIZES["desktop"])


def _api_view(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.driver.execute_async_script(VIEW_JS)
    assert "error" not in found, found
    return found


def _rect(page: Page, element: WebElement) -> dict[str, float]:
    rect: dict[str, float] = page.driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,"
        " width: r.width, height: r.height};",
        element,
    )
    return rect


def _font(page: Page, element: WebElement) -> float:
    size: float = page.driver.execute_script(FONT_PX, element)
    return size


def _felt_width(page: Page) -> float:
    [felt] = page.find("#table .felt")
    return _rect(page, felt)["width"]


def _viewport(page: Page) -> int:
    width: int = page.driver.execute_script("return window.innerWidth")
    return width


def _check_touch_targets(page: Page, where: str) -> None:
    """Every control on show is at least TOUCH px each way."""
    controls = page.find(
        "button, select, input[type=number], #table [data-choice], #scorebar label, #setup label"
    )
    assert controls, where
    for control in controls:
        rect = _rect(page, control)
        name = control.get_attribute("id") or control.get_attribute("data-card") or control.text
        assert rect["width"] >= TOUCH, (where, name, rect)
        assert rect["height"] >= TOUCH, (where, name, rect)


def _check_no_sideways_scroll(page: Page, where: str) -> None:
    wide: int = page.driver.execute_script("return document.documentElement.scrollWidth")
    assert wide <= _viewport(page), (where, wide, _viewport(page))


def _check_cards_readable(page: Page, size: str) -> None:
    """The hand's rank and suit are READABLE px, its cards fill the width, legal ones tap."""
    cards = page.find("#table .hand .card")
    assert len(cards) >= 6, "measured at a hand of several cards"
    for card in cards:
        rank, suit = card.find_elements(By.CSS_SELECTOR, ".rank, .suit, text")[:2]
        assert _font(page, rank) >= READABLE, (size, card.get_attribute("data-card"), "rank")
        assert _font(page, suit) >= READABLE, (size, card.get_attribute("data-card"), "suit")
    rects = [_rect(page, card) for card in cards]
    felt = _felt_width(page)
    span = max(r["right"] for r in rects) - min(r["left"] for r in rects)
    if size != "wide" or len(cards) >= 10:
        # The hand fills the table's width (in two rows on a phone when it must).
        assert span >= 0.8 * felt, (size, span, felt)
    for card in page.find("#table .card[data-choice]"):
        rect = _rect(page, card)
        assert rect["width"] >= TOUCH, (size, rect)
        assert rect["height"] >= TOUCH, (size, rect)
    if size == "wide":
        # Noticeably bigger than the ~45 px of the table as one scaled picture.
        assert min(r["width"] for r in rects) >= 60, rects[0]


def _check_labels_readable(page: Page, size: str) -> None:
    for label in page.find("#table .auction .bid, #table .bid, #table .meld-label"):
        assert _font(page, label) >= READABLE, (size, label.text)


@pytest.mark.slow
def test_the_table_at_a_phones_and_a_desktops_size(
    table_size: tuple[str, Any], long_game: TableServer, artifacts: Path
) -> None:
    """From the auction to the end of a hand, at 390 px, 360 px and 1280 px wide."""
    size, browser = table_size
    page = Page(browser)
    page.start(long_game.url)
    widths: dict[str, float] = {}
    seen: set[str] = set()
    keyboard = False
    for _ in range(400):
        page.settle()
        assert page.state == "ready", page.state
        stage = _stage(page)
        _check_no_sideways_scroll(page, stage)
        _check_touch_targets(page, stage)
        widths.setdefault(stage, _felt_width(page))
        following = bool(page.find("#table .trick:not(.last-trick) .card"))
        if stage not in seen and (stage != "play" or following):
            seen.add(stage)  # the play: pictured when a trick is under way
            browser.save_screenshot(str(artifacts / f"serve-{stage}-{size}.png"))
        if stage == "auction" and (bids := page.find("#panel .row button[data-action]")):
            _check_cards_readable(page, size)
            if size != "wide":
                # The controls stand in one column: one left edge, one below the other.
                rects = [_rect(page, b) for b in bids]
                assert len({round(r["left"]) for r in rects}) == 1, rects
                tops = [r["top"] for r in rects]
                assert all(b >= a + TOUCH for a, b in itertools.pairwise(tops)), tops
        if stage == "play" and len(page.find("#table .hand .card")) >= 8:
            _check_cards_readable(page, size)
            _check_labels_readable(page, size)
        cards = page.find("#table .card[data-choice]")
        if stage == "play" and len(cards) > 1 and not keyboard:
            # The same keyboard play: the first legal card has the focus; → moves, Enter plays.
            focused = browser.switch_to.active_element
            assert focused.get_attribute("data-card") == cards[0].get_attribute("data-card")
            focused.send_keys(Keys.ARROW_RIGHT)
            focused = browser.switch_to.active_element
            assert focused.get_attribute("data-card") == cards[1].get_attribute("data-card")
            focused.send_keys(Keys.ENTER)
            page.settle(functools.partial(_gone, focused))
            keyboard = True
            continue
        if stage == "over":
            break
        found = (
            page.find("#play-hand")
            or page.find("#panel button[data-action^='bid ']")
            or page.find("#panel button[data-action]")
            or cards
        )
        assert found, page.find("#panel")[0].text
        page.click(found[0])
    assert seen >= {"auction", "meld", "play", "over"}, seen
    assert widths.keys() >= {"auction", "meld", "play", "over"}, widths
    assert keyboard
    # The table keeps one width whatever the stage (the panel beside or above it changes).
    assert max(widths.values()) - min(widths.values()) <= 1, widths
    browser.execute_script("localStorage.clear()")


def _stage(page: Page) -> str:
    """What the table shows: auction, trump, meld, play or over (a hand just ended)."""
    if page.find("#next-hand"):
        return "over"
    if page.find("#play-hand"):
        return "meld"
    phase = _data(page, "phase")
    return {"auction": "auction", "tricks": "play"}.get(str(phase), str(phase))


@pytest.mark.slow
def test_a_finished_hand_stays_on_the_table_until_the_person_goes_on(
    browser: Any, long_game: TableServer, artifacts: Path
) -> None:
    page = Page(browser)
    page.start(long_game.url)
    _play_to(page, lambda: bool(page.find("#next-hand")))
    assert page.find("#panel h2")[0].text == "Hand 1 is over"
    observation = _api_view(page)["observation"]
    assert observation["hand_number"] == 1  # the server has dealt hand 2 already
    last = observation["last_tricks"][-1]
    # The table still shows hand 1: its last trick, and none of hand 2's cards or auction.
    shown = [card.get_attribute("data-card") for card in page.find("#table .last-trick .card")]
    assert shown == [card for _, card in last["plays"]]
    assert not page.find("#table .hand .card")
    assert not page.find("#table .card[data-choice]")
    assert not page.find("#table .auction")
    why = browser.find_element(By.ID, "why").text
    assert why.startswith("Hand 1 is over: "), why
    assert "Bid" not in why
    browser.save_screenshot(str(artifacts / "serve-hand-over.png"))
    # Going on shows hand 2.
    page.click(page.find("#next-hand")[0])
    assert len(page.find("#table .hand .card")) == len(observation["hand"])
    assert page.find("#table .auction")
    assert browser.find_element(By.ID, "why").text == _api_view(page)["why"]
    browser.execute_script("localStorage.clear()")


@pytest.mark.slow
def test_under_everyones_meld_no_card_is_playable(browser: Any, long_game: TableServer) -> None:
    page = Page(browser)
    page.start(long_game.url)
    _play_to(page, lambda: bool(page.find("#play-hand")))
    why = browser.find_element(By.ID, "why").text
    assert "meld" in why, why
    assert "Play the hand" in why, why
    assert "card" not in why.lower(), why
    assert not browser.find_elements(By.CSS_SELECTOR, "#table .card[data-legal='true']")
    assert not browser.find_elements(By.CSS_SELECTOR, "#table .card[data-choice]")
    page.click(page.find("#play-hand")[0])
    if _api_view(page)["turn"] == _api_view(page)["person"]:
        assert page.find("#table .card[data-choice]")  # now the play begins
    browser.execute_script("localStorage.clear()")


def _played_meld(view: dict[str, Any]) -> bool:
    """Whether some seat has played a card of its shown meld."""
    observation = pn.Observation.from_dict(view["observation"])
    if observation.phase is not pn.Phase.TRICKS:
        return False
    for seat, meld in enumerate(observation.melds):
        played = [c for t in observation.tricks for s, c in t.plays if s == seat]
        if meld is not None and set(played) & set(meld.cards):
            return True
    return False


@pytest.mark.slow
def test_a_meld_shows_only_the_cards_still_in_the_hand(
    browser: Any, long_game: TableServer, artifacts: Path
) -> None:
    page = Page(browser)
    page.start(long_game.url)
    _play_to(
        page,
        lambda: bool(page.find("#table .card[data-choice]")) and _played_meld(_api_view(page)),
    )
    observation = pn.Observation.from_dict(_api_view(page)["observation"])
    checked = 0
    for seat, meld in enumerate(observation.melds):
        if meld is None:
            continue
        [box] = page.find(f"#table .meld[data-seat='{seat}']")
        left = list(meld.cards)
        for trick in observation.tricks:
            for who, card in [*trick.plays]:
                if who == seat and card in left:
                    left.remove(card)
        for who, card in observation.trick:
            if who == seat and card in left:
                left.remove(card)
        faces = box.find_elements(By.CSS_SELECTOR, ".card")
        shown = sorted(str(face.get_attribute("data-card")) for face in faces)
        assert shown == sorted(str(card) for card in left), (seat, shown)
        # Drawn side by side, each card's rank readable: none hides another.
        rects = [_rect(page, face) for face in faces]
        for a, b in itertools.pairwise(rects):
            assert a["right"] <= b["left"] or a["bottom"] <= b["top"], (a, b)
        checked += 1
    assert checked
    browser.save_screenshot(str(artifacts / "serve-meld-in-play.png"))
    browser.execute_script("localStorage.clear()")


@pytest.mark.slow
def test_the_cover_screen_on_a_phone_and_a_desktop(
    table_size: tuple[str, Any], two_people: TableServer, artifacts: Path
) -> None:
    size, browser = table_size
    page = Page(browser)
    page.start(two_people.url)
    assert page.state == "cover"
    height: int = browser.execute_script("return window.innerHeight")

    def covered() -> None:
        [go] = page.find("#cover-go")
        rect = _rect(page, go)
        assert rect["width"] >= TOUCH, rect
        assert rect["height"] >= TOUCH, rect
        assert rect["top"] >= 0, rect  # in view, no scrolling
        assert rect["bottom"] <= height, rect
        _check_no_sideways_scroll(page, "cover")
        assert _font(page, browser.find_element(By.ID, "cover-text")) >= READABLE
        assert not browser.find_elements(By.CSS_SELECTOR, "#table .card")
        browser.save_screenshot(str(artifacts / f"serve-cover-{size}.png"))

    done = play_whole_game(page, artifacts / f"serve-two-{size}.png", on_cover=covered, covers=3)
    assert done["covers"] == 3
    browser.execute_script("localStorage.clear()")
