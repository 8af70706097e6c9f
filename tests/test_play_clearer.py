"""`pinochle play` made clearer for a new player (issue 16): what the screens explain."""

from __future__ import annotations

import io
import sys

import pytest

from pinochle.cli import main


def play(monkeypatch: pytest.MonkeyPatch, answers: str, *args: str) -> str:
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    monkeypatch.setattr(sys, "stdout", screen)
    assert main(["play", *args]) == 0
    return screen.getvalue()


def test_pass_step_explains_the_marks_and_the_replies(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seed 3: South passes, North wins the bid; South holds one A♠ and passes four cards.
    out = play(monkeypatch, "1\nhearts\nH\nAS AS 9S AH\n1 5 7 12\nquit\n", "--seed", "3")
    panel = out.split("Pass 4 cards to North, the bidder:")[1].split("Cards> ")[0]
    assert "  Key: type a card's number to pick it; * = may be chosen (here: any card)" in panel
    assert "Cards> hearts\n  'hearts' is a suit, not a card: type 4 cards" in out
    assert "Cards> H\n  'H' is a suit, not a card: type 4 cards" in out
    assert "not allowed, you do not hold two A♠." in out
    assert "You pass A♠ J♥ J♦ J♣ to North" in out


def test_return_step_shows_the_meld_the_bidder_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    out = play(monkeypatch, "bid 50\n1\n1 2 3 4\nquit\n", "--seed", "3")
    panel = out.split("North passed you")[1].split("Cards> ")[0]
    assert "  Meld you keep returning none of its cards: 26\n" in panel
    assert "    run A♣ 10♣ K♣ Q♣ J♣ 15; dix 9♣ 1; aces around A♠ A♥ A♦ A♣ 10\n" in panel
    assert "  Key: type a card's number" in panel


@pytest.mark.parametrize(
    ("variant", "bid"), [("cutthroat-3", 260), ("pinochlerun", 26), ("bicycle-two-handed", 260)]
)
def test_intro_example_bid_follows_the_profile(
    monkeypatch: pytest.MonkeyPatch, variant: str, bid: int
) -> None:
    out = play(monkeypatch, "quit\n", "--variant", variant, "--seed", "1")
    assert f'Type a number or an action ("bid {bid}", "trump hearts", "play A♠")' in out
