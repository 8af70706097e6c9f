"""Cards in colour on a terminal; in ASCII on request or when they cannot be written (#16)."""

from __future__ import annotations

import io
import re
import sys

import pytest

import pinochle as pn
from pinochle.cli import main
from pinochle.play import play_game
from pinochle.terminal import RED, to_ascii

SYMBOLS = re.compile("[♣♦♥♠]")


class Terminal(io.StringIO):
    """An output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def run(monkeypatch: pytest.MonkeyPatch, stdout: io.TextIOBase, *argv: str) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nquit\n"))
    monkeypatch.setattr(sys, "stdout", stdout)
    return main(list(argv))


@pytest.mark.parametrize("verb", [["demo", "--max-hands", "1"], ["play"]])
def test_an_ascii_only_output_gets_ascii_cards(
    monkeypatch: pytest.MonkeyPatch, verb: list[str]
) -> None:
    # Before: UnicodeEncodeError (an internal error, status 70) on the first suit symbol.
    raw = io.BytesIO()
    stdout = io.TextIOWrapper(raw, encoding="ascii", write_through=True)
    assert run(monkeypatch, stdout, *verb, "--seed", "1") == 0
    out = raw.getvalue().decode("ascii")
    assert re.search(r"\b(?:[AKQJ9T][CDHS] ){3}", out)


@pytest.mark.parametrize("verb", [["demo", "--max-hands", "1"], ["play"]])
def test_ascii_option(monkeypatch: pytest.MonkeyPatch, verb: list[str]) -> None:
    screen = io.StringIO()
    assert run(monkeypatch, screen, *verb, "--seed", "1", "--ascii") == 0
    out = screen.getvalue()
    assert not SYMBOLS.search(out)
    assert not re.search(r"\b10[CDHS]\b", out)
    assert re.search(r"\b(?:[AKQJ9T][CDHS] ){3}", out)


def test_to_ascii() -> None:
    assert to_ascii("A♥ 10♠ trump ♦ · 32 ≥ 31") == "AH TS trump D - 32 >= 31"


def play_on(stdout: io.StringIO) -> str:
    play_game(pn.load_variant("pinochlerun"), seed=3, stdin=io.StringIO("quit\n"), stdout=stdout)
    return stdout.getvalue()


def test_red_suits_in_colour_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    out = play_on(Terminal())
    assert f"{RED}A♥\x1b[0m" in out
    assert " A♠ " in out  # black suits keep the terminal's colour
    assert RED not in play_on(io.StringIO())  # not a terminal: plain text


@pytest.mark.parametrize(("name", "value"), [("NO_COLOR", "1"), ("TERM", "dumb")])
def test_no_color_and_dumb_terminals(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv(name, value)
    out = play_on(Terminal())
    assert "\x1b[" not in out
    assert "A♥" in out
