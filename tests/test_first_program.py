"""The "Your first program" page: its loop runs, and each of its answers is what the library does.

The page includes ``examples/first_program.py`` itself (a snippet), so the code a reader
copies is the code that runs here.
"""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

import pinochle as pn
from pinochle.bots import make_bot
from pinochle.choices import BidChoices, CardChoices
from pinochle.demo import person_names

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "first-program.md"
EXAMPLE = ROOT / "examples" / "first_program.py"


def test_the_page_shows_the_example_file_itself() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert '```python\n--8<-- "examples/first_program.py"\n```' in text  # the file, whole
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "Getting started: getting-started.md\n  - Your first program: first-program.md" in nav


def test_the_loop_plays_a_whole_game_with_you_at_south(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed: list[str] = []
    parse = pn.parse_action

    def spy(text: str) -> pn.Action:
        typed.append(text)
        return parse(text)

    monkeypatch.setattr(pn, "parse_action", spy)
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "North & South win 181 to 79"
    assert "hand 1: North & South bid 38: made: meld 29 + points 13 = 42 ≥ 38" in out
    assert any(text.startswith("trump ") for text in typed)  # South won a bid and named trump
    assert any("is not legal now: Bid at least" in line for line in out)  # the check's path


def test_the_four_hand_seats_are_north_east_south_west() -> None:
    rules = pn.load_variant("pinochlerun")
    assert person_names(rules) == ("North", "East", "South", "West")
    state = pn.new_game(rules, seed=1)
    assert (state.dealer, state.to_act) == (0, 1)  # seat 0 deals, its left bids first
    assert [state.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    while not state.results:
        state = pn.apply(state, pn.legal_actions(state)[0])
    assert state.dealer == 1  # the deal passes to the left


@pytest.mark.parametrize("name", ["bicycle-two-handed", "cutthroat-3", "pinochlerun"])
def test_results_fill_each_hand_and_is_over_ends_the_game(name: str) -> None:
    rules = pn.load_variant(name)
    state = pn.new_game(rules, seed=2)
    bot = make_bot("medium", seed=0)  # one bot for every seat: the page says it may
    hands_seen_before_the_end = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        hands_seen_before_the_end = len(state.results)
        state = pn.apply(state, bot.choose(pn.observe(state, seat)))
    assert hands_seen_before_the_end >= 1  # `while not state.results` stops after one hand
    assert state.to_act is None
    assert len(pn.legal_actions(state)) == 0
    assert state.winner in {state.side_of(seat) for seat in range(rules.deal.players)}
    assert all(r.bidder is None or 0 <= r.bidder < len(state.scores) for r in state.results)


@pytest.mark.parametrize("text", ["trump hearts", "trump heart", "trump H", "trump ♥", "TRUMP h"])
def test_trump_is_read_in_every_form_the_page_names(text: str) -> None:
    assert pn.parse_action(text) == pn.NameTrump(pn.Suit.HEARTS)


@pytest.mark.parametrize("text", ["play 10C", "play TC", "play tc", "play 10♣"])
def test_a_card_is_read_in_every_form_the_page_names(text: str) -> None:
    assert str(pn.parse_action(text)) == "play 10♣"


def test_text_that_is_no_action_says_what_was_expected() -> None:
    with pytest.raises(pn.ActionParseError, match="expected 'bid N'") as caught:
        pn.parse_action("trumps hearts")
    assert isinstance(caught.value, ValueError)


def test_in_tests_an_action_against_the_lazy_sequences() -> None:
    state = pn.new_game(pn.load_variant("pagat-partnership"), seed=7)
    while state.phase is not pn.Phase.PASS:
        state = pn.apply(state, pn.legal_actions(state)[0])
    legal = pn.legal_actions(state)
    assert isinstance(legal, CardChoices)
    assert state.to_act is not None
    hand = state.hands[state.to_act]
    assert pn.PassCards(hand[-4:]) in legal
    assert pn.PassCards(hand[:3]) not in legal  # three cards, not four
    assert pn.Bury(hand[:4]) not in legal  # the right cards, the wrong action
    assert pn.parse_action(str(legal[5])) in legal  # typed text, read back
    huge = pn.load_variant("pinochlerun").override({"bidding": {"maximum": 100_000}})
    bids = pn.legal_actions(pn.new_game(huge, seed=1))
    assert isinstance(bids, BidChoices)
    assert pn.Bid(99_999) in bids
    assert pn.Bid(24) not in bids
    assert pn.Pass() in bids


def test_an_illegal_action_is_refused_with_a_reason_and_the_state_kept() -> None:
    state = pn.apply(pn.new_game(pn.load_variant("pinochlerun"), seed=7), pn.Bid(25))
    before = state.to_json()
    with pytest.raises(pn.IllegalActionError) as caught:
        pn.apply(state, pn.Bid(25))
    assert caught.value.reason == "bid must be at least 26"
    assert state.to_json() == before
    assert pn.explain_legal(pn.observe(state, 2)) == "Bid at least 26, or pass"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("name", ["bicycle-two-handed", "cutthroat-3", "pinochlerun"])
def test_one_bot_may_serve_every_seat(level: str, name: str) -> None:
    """Each choice is legal (apply would raise) and the game reaches its end."""
    state = pn.new_game(pn.load_variant(name), seed=5)
    bot = make_bot(level, seed=1)
    while not state.is_over and len(state.results) < 2:
        seat = state.to_act
        assert seat is not None
        view = pn.observe(state, seat)
        action = bot.choose(view)
        assert action in view.legal_actions
        state = pn.apply(state, action)
    assert len(state.results) == 2 or state.is_over
