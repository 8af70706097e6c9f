"""`pinochle play`: a person plays a whole game in the terminal against the bots (issue 6).

The games are driven with scripted input. An `Autopilot` is a standard input that answers
each prompt from the screen printed so far, so the tests hold whatever the bots choose.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import pinochle as pn
from pinochle.cli import main
from pinochle.play import play_game

CARD = r"(?:10|[AKQJ9])[♣♦♥♠]"
NUMBERED_ROW = re.compile(rf"\s*(?:\d+ {CARD}\*?\s*)+")
HAND_START = re.compile(r"^Hand \d+: \w+ deals?\b", re.M)
PROMPT = re.compile(r"^(?:Your call|Trump|Cards|Your card|Your choice)> ", re.M)
Policy = Callable[[str], "str | None"]


class Autopilot(io.StringIO):
    """A standard input whose every line is the policy's answer to the screen so far.

    The policy sees the latest panel (the screen from the last blank line on) and returns a
    reply, or None for the end of the input. After ``limit`` replies the input ends, so a
    test cannot hang.
    """

    def __init__(self, screen: io.StringIO, policy: Policy, limit: int = 3000) -> None:
        super().__init__()
        self.screen, self.policy, self.limit = screen, policy, limit
        self.replies: list[str] = []

    # typeshed gives StringIO the bytes-returning readline of _IOBase; a str is right here.
    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        text = self.screen.getvalue()
        reply = self.policy(text[text.rfind("\n\n") :])
        if reply is None or len(self.replies) >= self.limit:
            return ""
        self.replies.append(reply)
        return reply + "\n"


def numbered_cards(panel: str) -> list[tuple[int, str, bool]]:
    """The hand as the panel numbers it: (number, card, starred = allowed)."""
    found = []
    for line in panel.splitlines():
        if NUMBERED_ROW.fullmatch(line):
            for number, card, star in re.findall(rf"(\d+) ({CARD})(\*?)", line):
                found.append((int(number), card, star == "*"))
    return found


def first_legal(panel: str, *, typed: bool = False) -> str:
    """The first allowed choice: the first starred card(s), else choice 1."""
    cards = numbered_cards(panel)
    if not cards:
        return "1"
    wanted = re.search(r"(?:Pass|Return|Bury) (\d+) cards", panel)
    allowed = [(n, card) for n, card, star in cards if star]
    chosen = allowed[: int(wanted.group(1)) if wanted else 1]
    return " ".join(card if typed else str(n) for n, card in chosen)


def hands_done(screen: str) -> int:
    return screen.count("  Result: ")


def play(name: str, policy: Policy, *, seed: int) -> str:
    """The screen of a game of Easy bots under a built-in profile, answered by ``policy``."""
    screen = io.StringIO()
    rules = pn.load_variant(name)
    play_game(rules, level="easy", seed=seed, stdin=Autopilot(screen, policy), stdout=screen)
    return screen.getvalue()


def short_game(tmp_path: Path) -> Path:
    """PinochleRun to 20 (rules/game-end#target: the target and the floor are profile numbers), with
    every hand played out (11.5) so each hand shows its tricks."""
    house = tmp_path / "short.toml"
    house.write_text(
        'extends = "pinochlerun"\n'
        '[settlement]\nout_of_reach = "play"\n'
        "[game]\ntarget = 20\nlose_at = -20\n",
        encoding="utf-8",
    )
    return house


# --- A whole game ---------------------------------------------------------------------------


@pytest.mark.parametrize("typed", [False, True], ids=["numbers", "card-text"])
def test_a_whole_game_with_the_first_legal_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, typed: bool
) -> None:
    screen = io.StringIO()
    pilot = Autopilot(screen, lambda panel: first_legal(panel, typed=typed))
    monkeypatch.setattr(sys, "stdin", pilot)
    monkeypatch.setattr(sys, "stdout", screen)
    argv = ["play", "--variant", str(short_game(tmp_path)), "--seed", "4", "--level", "easy"]
    assert main(argv) == 0
    out = screen.getvalue()
    assert "not allowed" not in out  # the first starred card is always legal
    assert re.search(r"^Game over after (1 hand|\d+ hands): (N-S|E-W)( \(you\))? won\.$", out, re.M)
    assert re.search(r"^You (win!|lose\.)$", out, re.M)
    # rules/counting#methods: every hand's 12 tricks carry 24 counter points plus 1
    # for the last trick.
    for block in HAND_START.split(out)[1:]:
        if "  Result: " in block:
            taken = re.findall(r"^  Trick +\d+: .* takes? (\d+)$", block, re.M)
            assert len(taken) == 12
            assert sum(map(int, taken)) == 25
    # The hands' scores add up to the final scores.
    per_hand = re.findall(r"^  Hand: N-S(?: \(you\))? ([+-]\d+)  E-W ([+-]\d+)", out, re.M)
    final = re.findall(r"Scores: N-S(?: \(you\))? (-?\d+)  E-W (-?\d+)$", out, re.M)[-1]
    assert [sum(int(h[i]) for h in per_hand) for i in (0, 1)] == [int(f) for f in final]


def test_same_seed_and_answers_give_the_same_game() -> None:
    first = play("pinochlerun", first_legal, seed=9)
    assert play("pinochlerun", first_legal, seed=9) == first
    assert play("pinochlerun", first_legal, seed=10) != first


# --- Every table --------------------------------------------------------------------------


def sit_out_profile(tmp_path: Path, seated: int) -> pn.Variant:
    house = tmp_path / f"sit-out-{seated}.toml"
    house.write_text(f'extends = "pagat-auction-3"\n[deal]\nseated = {seated}\n', encoding="utf-8")
    return pn.load_variant(str(house))


@pytest.mark.parametrize("name", pn.builtin_variants())
def test_every_profile_plays_a_hand(name: str) -> None:
    # Issue 6: two-hand, three-hand (kitty, everyone melds, turned trump) and four-hand
    # tables all play; the person quits once the first hand is settled.
    def policy(panel: str) -> str | None:
        return None if hands_done(screen.getvalue()) else first_legal(panel)

    screen = io.StringIO()
    pilot = Autopilot(screen, policy)
    state = play_game(pn.load_variant(name), level="easy", seed=2, stdin=pilot, stdout=screen)
    out = screen.getvalue()
    assert "not allowed" not in out
    assert hands_done(out) == len(state.results) >= 1
    assert "End of input. The game is abandoned after" in out or state.is_over


@pytest.mark.parametrize(
    ("seated", "first", "second"),
    [
        (4, "Dee deals; Dee sits out", "You deal; you sit out"),
        (5, "Eve deals; Bob and Eve sit out", "You deal; you and Cid sit out"),
    ],
)
def test_sit_outs_the_person_watches_a_hand(
    tmp_path: Path, seated: int, first: str, second: str
) -> None:
    # rules/three-hand#auction-pinochle (BC-A3): with four at a three-hand table the dealer
    # sits out, with five also the second on the dealer's left. The person deals (and sits out)
    # the second hand.
    def policy(panel: str) -> str | None:
        return None if hands_done(screen.getvalue()) >= 2 else first_legal(panel)

    screen = io.StringIO()
    pilot = Autopilot(screen, policy)
    variant = sit_out_profile(tmp_path, seated)
    state = play_game(variant, level="easy", seed=3, stdin=pilot, stdout=screen)
    out = screen.getvalue()
    assert len(state.results) >= 2
    assert f"\nHand 1: {first}\n" in out
    assert f"\nHand 2: {second}\n" in out
    # The person answers nothing while sitting out: every prompt came in hand 1 or 3.
    hand_two = out.split("\nHand 2: ")[1].split("\nHand 3: ")[0]
    assert not PROMPT.search(hand_two)
    assert PROMPT.search(out.split("\nHand 2: ")[0])


# --- Who plays -----------------------------------------------------------------------------


def first_action(view: pn.Observation) -> pn.Action:
    """A computer player that always takes its first legal action (passes in the auction)."""
    return view.legal_actions[0]


@pytest.fixture
def made_bots(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int | None]]:
    """Replace `pinochle.bots.make_bot` with `first_action` players; record each request."""
    made: list[tuple[str, int | None]] = []

    def make_bot(level: str, seed: int | None = None) -> Callable[[pn.Observation], pn.Action]:
        made.append((level, seed))
        return first_action

    monkeypatch.setattr("pinochle.bots.make_bot", make_bot)
    return made


def test_partner_plays_hard_and_opponents_the_chosen_level(
    made_bots: list[tuple[str, int | None]],
) -> None:
    # docs/bots.md#the-levels (S1): "The level picked applies to the two opponents; the
    # human's computer partner is always Hard." Each bot's seed comes from the game's seed.
    screen = io.StringIO()
    rules = pn.load_variant("pinochlerun")
    play_game(rules, level="easy", seed=7, stdin=io.StringIO(), stdout=screen)
    assert made_bots == [("hard", 7), ("easy", 8), ("easy", 10)]  # North, East, West
    assert "You sit South. North, your partner, plays Hard; East and West play Easy." in (
        screen.getvalue()
    )
    made_bots.clear()
    play_game(
        pn.load_variant("cutthroat-3"), level="expert", seed=7, stdin=io.StringIO(), stdout=screen
    )
    assert made_bots == [("expert", 8), ("expert", 9)]  # no partner: both opponents


def test_everyone_passes_and_the_deal_moves_on(made_bots: list[tuple[str, int | None]]) -> None:
    # pagat-auction-3 redeals when all pass (rules/auction#all-pass, bidding.all_pass = "redeal").
    screen = io.StringIO()
    rules = pn.load_variant("pagat-auction-3")
    state = play_game(rules, seed=1, stdin=io.StringIO("pass\n"), stdout=screen)
    assert state.hand.number == 1
    assert (
        "Your call> pass\n"
        "  Auction: You pass, West pass, East pass\n"
        "  Everyone passed: the deal moves on.\n"
        "\n"
        "Hand 2: You deal\n"
    ) in screen.getvalue()


# --- What the person sees -----------------------------------------------------------------


def test_auction_panel_lists_meld_for_each_trump_and_the_bids() -> None:
    # The person (South) speaks first: the player on the dealer's left opens
    # (rules/auction#mechanics).
    def policy(panel: str) -> str | None:
        return "pass" if "Your call> " not in screen.getvalue() else None

    screen = io.StringIO()
    play_game(
        pn.load_variant("pinochlerun"), seed=3, stdin=Autopilot(screen, policy), stdout=screen
    )
    out = screen.getvalue()
    assert "  Your hand: A♠ 10♠ 9♠ A♥ J♥ A♦ J♦ 9♦ A♣ K♣ Q♣ J♣" in out
    # rules/meld#single-deck-table (ones): aces around 10; K♣ Q♣ a royal marriage 4 with
    # clubs trump, else a marriage 2; each dix 1 (9♦, 9♠). ♣ 10 + 4; ♦ 10 + 2 + 1; ♥ 10 +
    # 2; ♠ 10 + 2 + 1.
    assert "  Your meld with trump  ♣ 14   ♦ 13   ♥ 12   ♠ 13" in out
    assert "  Bids so far: none yet" in out
    assert "  High bid: none yet (the minimum is 25)" in out
    assert "  1) pass   2) bid 25   3) bid 26" in out


def test_auction_panel_shows_the_bids_before_the_persons_call() -> None:
    # Each panel lists the calls so far, from the dealer's left
    # (rules/auction#mechanics); the auction line after the hand's bidding starts
    # with the same calls.
    def policy(panel: str) -> str | None:
        return None if hands_done(screen.getvalue()) >= 4 else first_legal(panel)

    screen = io.StringIO()
    play_game(
        pn.load_variant("pinochlerun"), seed=5, stdin=Autopilot(screen, policy), stdout=screen
    )
    out = screen.getvalue()
    order = ("North", "East", "You", "West")
    seen = 0
    for block in HAND_START.split(out)[1:]:
        calls = re.search(r"^  Bids so far: (.*)$", block, re.M)
        auction = re.search(r"^  Auction: (.*)$", block, re.M)
        if calls is None or auction is None or calls.group(1) == "none yet":
            continue
        seen += 1
        assert auction.group(1).startswith(calls.group(1) + ", You ")
        names = [call.split()[0] for call in auction.group(1).split(", ")]
        start = order.index(names[0])
        assert names[:4] == [order[(start + k) % 4] for k in range(len(names[:4]))]
    assert seen


def test_an_illegal_card_shows_the_reason_and_the_game_goes_on() -> None:
    # rules/trick-play#following: follow suit, beat, trump. Try one unstarred card
    # once, then play on.
    tried: list[str] = []

    def policy(panel: str) -> str | None:
        if hands_done(screen.getvalue()):
            return None
        illegal = [n for n, _, star in numbered_cards(panel) if not star]
        if not tried and "Your card" in screen.getvalue()[-20:] and illegal:
            tried.append(str(illegal[0]))
            return tried[0]
        return first_legal(panel)

    for seed in range(10):  # almost every deal offers an illegal card; find one
        tried.clear()
        screen = io.StringIO()
        play_game(
            pn.load_variant("pinochlerun"),
            level="easy",
            seed=seed,
            stdin=Autopilot(screen, policy),
            stdout=screen,
        )
        if tried:
            break
    assert tried, "no deal offered an illegal card"
    out = screen.getvalue()
    refused = re.search(r"^  play (\S+): not allowed, (must .*)\.$", out, re.M)
    assert refused is not None
    assert re.fullmatch(r"must (follow \w+|beat .+|trump|overtrump .+)", refused.group(2))
    after = out[refused.end() :]
    assert after.startswith("\nYour card> ")  # asked again, the panel not repeated
    assert re.search(r"^  Trick +\d+: .*You ", after, re.M)  # the trick went on
    assert "  Result: " in after


# --- Leaving and bad input ----------------------------------------------------------------


def scripted(text: str, monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, str]:
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    monkeypatch.setattr(sys, "stdout", screen)
    code = main(["play", "--seed", "3", *argv])
    return code, screen.getvalue()


@pytest.mark.parametrize(
    ("text", "message"), [("quit\n", "You quit."), ("", "End of input."), ("help\n", "End")]
)
def test_quit_or_end_of_input_ends_cleanly(
    monkeypatch: pytest.MonkeyPatch, text: str, message: str
) -> None:
    code, out = scripted(text, monkeypatch)
    assert code == 0
    assert re.search(rf"^{message}.* The game is abandoned after 0 hands\.$", out, re.M)
    assert out.rstrip().endswith("Replay the same deals with --seed 3.")


def test_bad_input_is_explained_and_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = scripted("frobnicate\n99\n\nbid 20\nplay AS\nhelp\nquit\n", monkeypatch)
    assert code == 0
    assert "Traceback" not in out
    assert (
        "Your call> frobnicate\n"
        "  'frobnicate' is not understood; type a number from 1 to 6, 'bid N' or 'pass'\n"
        "Your call> 99\n"
        "  '99' is not a choice; type a number from 1 to 6, 'bid N' or 'pass'\n"
        "Your call> \n"  # an empty line just asks again
        "Your call> bid 20\n"
    ) in out
    # rules/auction#minimum-and-step (S0): bids start at 25; the auction is no time to play a card.
    assert "bid 20: not allowed, bid must be at least 25." in out
    assert "play A♠: not allowed, it is the auction: bid or pass." in out
    assert "Type one of the numbers shown, or the action itself:" in out
    assert "You quit." in out


def test_card_numbers_are_checked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # Three-hand auction (rules/three-hand#auction-pinochle): the person opens at the maximum,
    # which closes the auction (bidding.maximum_ends_auction), takes the kitty and
    # buries 3 of 18 cards.
    house = tmp_path / "quick.toml"
    house.write_text('extends = "pagat-auction-3"\n[bidding]\nmaximum = 300\n', encoding="utf-8")
    answers = "bid 300\nspades\n1\n1 1 2\n1 2 99\n"
    code, out = scripted(answers, monkeypatch, "--variant", str(house))
    assert code == 0
    assert "  You name trump ♠ (spades)" in out
    assert "Bury 3 cards (* = may be buried):" in out
    assert "pick 3 cards by number, not 1" in out
    assert "'1 1 2': name each card once" in out
    assert "no card numbered 99: the cards are numbered 1 to 18" in out


def test_unknown_level_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--level", "grandmaster"]) == 2
    assert "invalid choice: 'grandmaster'" in capsys.readouterr().err
