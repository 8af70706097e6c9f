"""`pinochle demo` plays and prints a whole game (the README's main job)."""

from __future__ import annotations

import io
import re

import pytest

import pinochle as pn
from pinochle.cli import main
from pinochle.demo import play_demo, random_player

FOUR_HAND = [n for n in pn.builtin_variants() if pn.load_variant(n).deal.players == 4]


def test_demo_prints_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("pinochlerun:")
    assert "Auction:" in out
    assert "Meld North" in out
    assert re.search(r"Trick 12: .* -> \w+ takes \d+", out)
    assert "Result: " in out
    assert re.search(r"^Game over: (N-S|E-W) win", out, re.MULTILINE)


def test_same_seed_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo", "--seed", "11"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "11"])
    assert capsys.readouterr().out == first


@pytest.mark.parametrize("name", FOUR_HAND)
def test_demo_runs_under_every_four_hand_profile(name: str) -> None:
    out = io.StringIO()
    state = play_demo(pn.load_variant(name), seed=5, out=out, max_hands=3)
    text = out.getvalue()
    assert text.count("Result: ") == len(state.results) <= 3
    # Every played hand shows all its tricks, and trick points add up to the deck total.
    for block in text.split("\nHand ")[1:]:
        tricks = re.findall(r"takes (\d+)", block)
        if tricks:
            assert len(tricks) == pn.load_variant(name).tricks_per_hand
            assert sum(map(int, tricks)) == pn.deck_points(pn.load_variant(name))


def test_players_must_choose_legal_actions() -> None:
    def cheat(view: pn.Observation) -> pn.Action:
        return pn.Bid(1000)

    with pytest.raises(ValueError, match="illegal action"):
        play_demo(pn.load_variant("pinochlerun"), [cheat] * 4, seed=1, out=io.StringIO())


def test_random_player_is_deterministic_given_its_seed() -> None:
    a, b = io.StringIO(), io.StringIO()
    play_demo(pn.load_variant("pinochlerun"), [random_player(1)] * 4, seed=2, out=a)
    play_demo(pn.load_variant("pinochlerun"), [random_player(1)] * 4, seed=2, out=b)
    assert a.getvalue() == b.getvalue()


def test_unknown_profile_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--variant", "nope"]) == 2
    assert "no built-in profile 'nope'" in capsys.readouterr().err
