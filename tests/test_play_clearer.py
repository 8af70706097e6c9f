"""`pinochle play` made clearer for a new player (issue 16): what the screens explain."""

from __future__ import annotations

import contextlib
import io
import re
import sys
from pathlib import Path

import pytest

import pinochle as pn
from pinochle.cli import main
from pinochle.demo import random_player
from pinochle.play import play_game
from test_demo import MELD_LINE, card_runs
from test_play import Autopilot, first_legal, hands_done


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
    ("variant", "examples"),
    [
        ("cutthroat-3", '"bid 260", "trump hearts", "play A♠"'),
        ("pinochlerun", '"bid 26", "trump hearts", "play A♠"'),
        ("bicycle-two-handed", '"play A♠", "draw"'),  # no auction: trump is turned up
        ("parlett-three-hand", '"play A♠"'),
    ],
)
def test_intro_example_bid_follows_the_profile(
    monkeypatch: pytest.MonkeyPatch, variant: str, examples: str
) -> None:
    out = play(monkeypatch, "quit\n", "--variant", variant, "--seed", "1")
    assert f"Type a number or an action ({examples}); hint; help; quit." in out


# --- What the screens say fits the table and the person (issue 26) ---------------------

TRUMP_SET = re.compile(r"(?:trump|Trump:) ([♣♦♥♠])(?: \(|$| ·)")


def whole_game(variant: pn.Variant, seed: int, hands: int = 2) -> str:
    def policy(panel: str) -> str | None:
        return None if hands_done(screen.getvalue()) >= hands else first_legal(panel)

    screen = io.StringIO()
    play_game(variant, level="easy", seed=seed, stdin=Autopilot(screen, policy), stdout=screen)
    return screen.getvalue()


@pytest.mark.parametrize("name", pn.builtin_variants())
def test_play_screens_list_every_group_of_cards_in_one_order(name: str) -> None:
    # Issue 26: a screen listed the passed cards in the order passed and, a line later,
    # sorted. Every list of cards on the screen is in `sort_cards` order, trump first once
    # trump is known (as the person's hand is shown); a meld's cards as the meld is written
    # everywhere (``pinochle Q♠ J♦``, ``run A♥ 10♥ K♥ Q♥ J♥``): without trump.
    variant = pn.load_variant(name)
    trump: pn.Suit | None = None
    checked = 0
    for line in whole_game(variant, seed=3).splitlines():
        if re.match(r"^Hand \d+: ", line):
            trump = None
        found = TRUMP_SET.search(line)
        if found and not line.startswith("  Your meld with trump"):
            trump = pn.parse_suit(found[1])
        order = None if MELD_LINE.search(line) else trump  # a meld in its usual order
        for run in card_runs(line):
            checked += 1
            assert run == pn.sort_cards(run, order), (line, order)
    assert checked or not variant.has_auction  # an auction shows the hand at every call


def test_passed_cards_are_listed_in_the_hands_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seed 3: South bids 50 and wins; North passes four cards, listed as the hand is.
    out = play(monkeypatch, "bid 50\n1\nquit\n", "--seed", "3")
    passed = re.search(r"^  North passed you (.*)\.$", out, re.M)
    assert passed is not None
    cards = pn.parse_cards(passed[1])
    trump = pn.parse_suit(re.search(r"You name trump (\S)", out)[1])  # type: ignore[index]
    assert cards == pn.sort_cards(cards, trump)


def test_bad_card_reply_quotes_what_was_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 26: "blah" was answered "'bla' is not a pinochle rank". With the verb typed
    # too, the reply names the bad card, not the verb.
    out = play(monkeypatch, "1\nblah\npass-cards AS blah\nquit\n", "--seed", "3")
    first = out.split("Cards> blah\n")[1].splitlines()[0]
    assert re.findall(r"'([^']*)'", first) == ["blah"], first
    assert first.startswith("  bad card 'blah' at position 1: ")
    second = out.split("Cards> pass-cards AS blah\n")[1].splitlines()[0]
    assert re.findall(r"'([^']*)'", second) == ["blah"], second
    assert second.startswith("  bad card 'blah' at position 2: ")


def occurring_kinds(variant: pn.Variant, games: int = 6) -> set[type]:
    """The kinds of action legal at some point of a few games of random players."""
    kinds: set[type] = set()
    for seed in range(games):
        players = [random_player(seed * 10 + s) for s in range(variant.deal.players)]
        state = pn.new_game(variant, seed=seed)
        while not state.is_over and len(state.results) < 4:
            legal = pn.legal_actions(state)
            kinds.update(type(a) for a in legal)
            seat = state.to_act
            assert seat is not None
            state = pn.apply(state, players[seat](pn.observe(state, seat)))
    return kinds


def quoted_actions(text: str) -> list[pn.Action]:
    """Every quoted example in the text that reads as an action."""
    found = []
    for example in re.findall(r'"([^"]+)"', text):
        with contextlib.suppress(ValueError):
            found.append(pn.parse_action(example))
    return found


@pytest.mark.parametrize("name", pn.builtin_variants())
def test_intro_and_help_show_only_actions_of_the_profiles_game(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # Issue 26: the two-hand intro suggested "bid 260" in a game with no auction. Every
    # action the intro and the help give as an example can occur under the profile.
    variant = pn.load_variant(name)
    out = play(monkeypatch, "help\nquit\n", "--variant", name, "--seed", "1")
    intro = out.split("\nHand 1")[0]
    helped = out.split("> help\n")[1].split("\n\n")[0]
    kinds = occurring_kinds(variant)
    for text in (intro, helped):
        examples = quoted_actions(text)
        assert examples, text
        for action in examples:
            assert type(action) in kinds, (str(action), text)
            if isinstance(action, pn.Bid):
                assert action.amount >= variant.bidding.minimum
                assert action.amount <= (variant.bidding.maximum or action.amount)
    if not variant.has_auction:
        assert "bid" not in intro.lower().replace("bidder", "")
        assert "bid " not in helped
        assert "trump hearts" not in helped
    if not variant.deal.stock:
        assert "declare" not in helped
        assert "draw" not in helped


def test_card_examples_have_as_many_cards_as_asked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # pagat-auction-3 buries 3 cards: the examples show 3 cards, not 4. With bids capped at
    # 300 the example bid is 300, the one bid there is, not 310.
    house = "[bidding]\nmaximum = 300\n"
    answers = "bid 300\nspades\nhelp\nquit\n"
    out = play_house(monkeypatch, tmp_path, "pagat-auction-3", house, answers)
    panel = out.split("Bury 3 cards (* = may be buried):")[1].split("Cards> ")[0]
    examples = re.findall(r'"([^"]+)"', panel)
    assert examples
    assert all(len(e.split()) == 3 for e in examples), examples
    helped = out.split("Cards> help\n")[1].split("\n\n")[0]
    card_examples = [e for e in re.findall(r'"([^"]+)"', helped) if len(e.split()) > 2]
    assert card_examples
    assert all(len(e.split()) == 3 for e in card_examples), helped
    assert '"bid 300"' in helped
    assert "bid 310" not in out


def test_one_card_to_pass_is_counted_in_the_singular(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Issue 26's plural slip, every count on the play screen: a house rule passes 1 card.
    out = play_house(monkeypatch, tmp_path, "pinochlerun", "[passing]\ncards = 1\n", "1\n1\nquit\n")
    assert "West passes 1 card to East" in out
    assert "East returns 1 card to West" in out
    assert re.search(r"\b1 cards\b", out) is None
    answers = "bid 50\n1\nAS 10S\nquit\n"
    out = play_house(monkeypatch, tmp_path, "pinochlerun", "[passing]\ncards = 1\n", answers)
    assert "North passed you" in out
    assert "  Return 1 card to North:" in out
    assert "pass-cards A♠ 10♠: not allowed, pass exactly 1 card." in out
    assert re.search(r"\b1 cards\b", out) is None


def test_a_game_over_after_one_hand_says_hand(tmp_path: Path) -> None:
    # A house target of 1: the first hand ends the game.
    house = tmp_path / "one.toml"
    house.write_text('extends = "cutthroat-3"\n[game]\ntarget = 10\n', encoding="utf-8")
    out = whole_game(pn.load_variant(str(house)), seed=1)
    assert re.search(r"^Game over after 1 hand: ", out, re.M), out[-600:]


def play_house(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, base: str, rules: str, answers: str
) -> str:
    """A game under house rules on ``base``, answered by ``answers`` (seed 3)."""
    path = tmp_path / "house.toml"
    path.write_text(f'extends = "{base}"\n{rules}', encoding="utf-8")
    return play(monkeypatch, answers, "--variant", str(path), "--seed", "3")
