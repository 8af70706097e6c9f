"""`pinochle play`: ``hint`` at any prompt and ``--review`` after each hand (issue 29).

The games are driven with scripted input as in tests/test_play.py (an `Autopilot` answers
each prompt from the screen so far), with few imagined deals (``hint_worlds``) so that a
hint takes a few hundredths of a second. What is checked is what the issue and
docs/cli.md#hints-and-review promise: a hint suggests a legal action of the prompt, which
typed back is taken; it names no card but the person's own; it plays nothing for them;
the review after a hand is `pinochle.analysis.review` of the person's seat, on their own
screen.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

import pinochle as pn
from pinochle.analysis import WORLDS, review
from pinochle.cli import main
from pinochle.play import COVER, play_game
from pinochle.records import record_of
from test_play import CARD, Autopilot, first_action, first_legal, hands_done, numbered_cards
from test_play_two import check_no_leak

WORLDS_FEW = 2
"""Deals a test's hint imagines: enough to test what is said, quick."""

HINT = re.compile(r"^  Hint: (?P<head>[^(]+?) \((?P<rest>.*)\)$", re.M)
NO_HINT = re.compile(r"^  No hint for this decision: (.+)\.$", re.M)
ASKED = "> hint\n"


def short_game(tmp_path: Path, target: int = 20) -> Path:
    """PinochleRun to ``target``, every hand played out, so each hand shows its tricks."""
    house = tmp_path / "short.toml"
    house.write_text(
        'extends = "pinochlerun"\n'
        '[settlement]\nout_of_reach = "play"\n'
        f"[game]\ntarget = {target}\nlose_at = -{target}\n",
        encoding="utf-8",
    )
    return house


def own_cards(panel: str) -> set[str]:
    """The cards the panel shows as the person's: the numbered hand or "Your hand:"."""
    cards = {card for _, card, _ in numbered_cards(panel)}
    for line in re.findall(r"^  Your hand: (.*)$", panel, re.M):
        cards.update(re.findall(CARD, line))
    return cards


class Hinted:
    """A policy that asks ``hint`` at every prompt, then types the hint's suggestion.

    Each (panel, answer) pair is kept. Where no hint is available it plays the first
    legal choice. After ``hands`` hands the input ends.
    """

    def __init__(self, screen: io.StringIO, hands: int = 1) -> None:
        self.screen, self.hands = screen, hands
        self.answers: list[tuple[str, str]] = []

    def __call__(self, panel: str) -> str | None:
        if hands_done(self.screen.getvalue()) >= self.hands:
            return None
        if panel.endswith("Press Enter> "):
            return ""
        if ASKED not in panel:
            return "hint"
        answer = panel[panel.rfind(ASKED) + len(ASKED) :]
        answer = answer[: answer.rfind("\n")]  # up to the prompt asked again
        self.answers.append((panel, answer))
        found = HINT.search(answer)
        return found["head"] if found else first_legal(panel)


def hinted_game(variant: pn.Variant, seed: int, **options: object) -> tuple[str, Hinted]:
    screen = io.StringIO()
    policy = Hinted(screen)
    play_game(
        variant,
        level="easy",
        seed=seed,
        stdin=Autopilot(screen, policy, limit=400),
        stdout=screen,
        hint_worlds=WORLDS_FEW,
        **options,  # type: ignore[arg-type]
    )
    return screen.getvalue(), policy


# --- hint at every prompt ----------------------------------------------------------------


def check_hints(out: str, policy: Hinted) -> None:
    """Every suggestion, typed back, was taken; every card a hint names is the person's."""
    assert "not allowed" not in out
    assert "is not understood" not in out
    assert policy.answers
    for panel, answer in policy.answers:
        named = set(re.findall(CARD, answer))
        assert named <= own_cards(panel), (answer, panel)
        assert HINT.fullmatch(answer.splitlines()[0]) or NO_HINT.fullmatch(answer), answer
        assert "failed" not in answer, answer


def test_hint_at_the_auction_suggests_a_call_that_is_taken() -> None:
    out, policy = hinted_game(pn.load_variant("pinochlerun"), seed=3)
    check_hints(out, policy)
    # Seed 3: South opens the auction (docs/cli.md's transcript).
    panel, answer = policy.answers[0]
    assert "Your call. " in panel
    hint = HINT.search(answer)
    assert hint is not None
    head = hint["head"]
    assert re.fullmatch(r"pass|bid \d+", head)
    assert "score margin about " in hint["rest"]
    assert f"Your call> hint\n{answer}\nYour call> {head}\n" in out
    said = "You pass" if head == "pass" else f"You {head}"
    assert re.search(rf"^  Auction: .*{said}\b", out, re.M)  # the call is the person's own


def test_hint_at_a_card_prompt_names_a_starred_card_of_the_hand() -> None:
    out, policy = hinted_game(pn.load_variant("pinochlerun"), seed=3)
    cards = [(p, a) for p, a in policy.answers if "Your hand (* = you may play it):" in p]
    assert len(cards) >= 10
    for panel, answer in cards:
        hint = HINT.search(answer)
        assert hint is not None, answer
        starred = {card for _, card, star in numbered_cards(panel) if star}
        played = hint["head"].removeprefix("play ")
        assert played in starred
        if len(starred) > 1:  # the others valued are starred cards too
            assert hint["rest"].startswith("about ")
            assert set(re.findall(CARD, hint["rest"])) <= starred - {played}
        else:
            assert hint["rest"] == "your only choice"
    check_hints(out, policy)


@pytest.mark.parametrize(
    "name",
    [
        "pinochlerun",  # passing and returning
        "pagat-auction-3",  # the kitty, burying
        "cutthroat-3",  # three sides: the defenders' points together
        "wikipedia-cutthroat",  # three sides, no kitty
        "bicycle-two-handed",  # the stock: no hint until it is gone
        "npa-double-deck",
    ],
)
def test_hints_at_every_prompt_of_a_hand_are_taken_and_name_only_own_cards(name: str) -> None:
    out, policy = hinted_game(pn.load_variant(name), seed=2)
    check_hints(out, policy)


@pytest.mark.slow
@pytest.mark.parametrize("name", pn.builtin_variants())
def test_hints_at_every_prompt_of_every_table(name: str) -> None:
    out, policy = hinted_game(pn.load_variant(name), seed=5)
    check_hints(out, policy)


def test_no_hint_while_the_stock_lasts_says_why() -> None:
    # pinochle.analysis.hintable: card play is valued once the stock (two-hand) is gone;
    # meld and draws never.
    out, policy = hinted_game(pn.load_variant("bicycle-two-handed"), seed=2)
    reasons = {NO_HINT.search(answer)[1] for _, answer in policy.answers if "No hint" in answer}  # type: ignore[index]
    assert "with a stock, hints start once the stock is gone" in reasons
    assert HINT.search(out)  # and once it is gone there are hints


def test_the_hint_sees_only_the_persons_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    # Honest (issue 29, goal 1): the table asks the hint with the person's own view.
    seen: list[object] = []
    real = pn.analysis.hint

    def spy(observation: object, **options: object) -> pn.analysis.Hint:
        seen.append(observation)
        return real(observation, **options)  # type: ignore[arg-type]

    monkeypatch.setattr("pinochle.play._hinting.hint", spy)
    screen = io.StringIO()
    ended: list[pn.State] = []
    policy = Hinted(screen)
    play_game(
        pn.load_variant("pinochlerun"),
        seed=3,
        stdin=Autopilot(screen, policy, limit=400),
        stdout=screen,
        hint_worlds=WORLDS_FEW,
        on_end=ended.append,
    )
    assert seen
    for view in seen:
        assert isinstance(view, pn.Observation)
        assert view.seat == 2  # South, the person
        assert view.to_act == 2


def test_a_hint_plays_nothing_and_bad_input_leaves_the_game_as_it_was() -> None:
    # The same game answered with and without hints, nonsense and illegal cards between
    # the answers: the same actions, the same end.
    def plain(panel: str) -> str | None:
        return None if hands_done(screen.getvalue()) else first_legal(panel)

    def noisy(panel: str) -> str | None:
        # At every prompt: nonsense, a hint, an illegal card (if any), then the same answer.
        if hands_done(screen.getvalue()):
            return None
        if "> frobnicate\n" not in panel:
            return "frobnicate"
        if ASKED not in panel:
            return "hint"
        illegal = [str(n) for n, _, star in numbered_cards(panel) if not star]
        if illegal and f"> {illegal[0]}\n" not in panel:
            return illegal[0]
        return first_legal(panel)

    records = []
    for policy in (plain, noisy):
        screen = io.StringIO()
        ended: list[pn.State] = []
        play_game(
            pn.load_variant("pinochlerun"),
            level="easy",
            seed=4,
            stdin=Autopilot(screen, policy, limit=600),
            stdout=screen,
            hint_worlds=WORLDS_FEW,
            on_end=ended.append,
        )
        records.append(record_of(ended[0]))
    out = screen.getvalue()
    assert out.count("  Hint: ") >= 10
    assert "'frobnicate' is not understood" in out
    assert "not allowed, must" in out
    assert records[0].actions == records[1].actions


class Terminal(io.StringIO):
    """An output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_on_a_terminal_a_note_shows_while_the_hint_is_worked_out() -> None:
    screen = Terminal()
    stop = Autopilot(screen, lambda panel: "hint" if "Hint:" not in panel else None)
    play_game(pn.load_variant("pinochlerun"), seed=3, stdin=stop, stdout=screen, hint_worlds=1)
    assert "Your call> hint\n  Thinking...\r\x1b[K  Hint: " in screen.getvalue()


# --- Arguments and help --------------------------------------------------------------------


def test_help_at_the_table_lists_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\nquit\n"))
    monkeypatch.setattr(sys, "stdout", screen)
    assert main(["play", "--seed", "3"]) == 0
    out = screen.getvalue()
    assert '"play A♠"); hint; help; quit.' in out
    assert "hint suggests an action for this decision from what you can see" in out


@pytest.mark.parametrize("worlds", ["0", "-3", "10001"])
def test_bad_hint_worlds_is_refused_before_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], worlds: str
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    assert main(["play", "--seed", "3", "--hint-worlds", worlds]) == 2
    captured = capsys.readouterr()
    assert "hint_worlds" in captured.err
    assert "a whole number from 1 to 10000" in captured.err
    assert "Your call" not in captured.out  # no game was played
    with pytest.raises(pn.ArgumentError, match="hint_worlds"):
        play_game(pn.load_variant("pinochlerun"), hint_worlds=int(worlds), stdin=io.StringIO())


def test_the_help_quotes_the_hint_worlds_the_library_uses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    single, double = WORLDS[pn.DeckKind.SINGLE], WORLDS[pn.DeckKind.DOUBLE]
    assert f"default: {single} a single deck, {double} a double" in text
    assert "--review" in text


# --- --review ------------------------------------------------------------------------------


def test_review_follows_each_hand_with_its_summary_and_marks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def policy(panel: str) -> str | None:
        return None if "Review of hand 1" in screen.getvalue() else first_legal(panel)

    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdin", Autopilot(screen, policy))
    monkeypatch.setattr(sys, "stdout", screen)
    game = tmp_path / "game.json"
    argv = ["play", "--variant", str(short_game(tmp_path, 150)), "--seed", "4"]
    argv += ["--review", "--hint-worlds", str(WORLDS_FEW), "--record", str(game)]
    assert main(argv) == 0
    out = screen.getvalue()
    # The review of the person's seat (South, 2) in hand 1, as pinochle.analysis says it.
    found = review(game.read_text(encoding="utf-8"), 2, hand=1, worlds=WORLDS_FEW).hands[0]
    lines = [f"  {found.summary}", *(f"  {d.mark:<2} {d.text}" for d in found.decisions if d.mark)]
    told = out.split("  Result: ", 1)[1].split("\nHand 2: ", 1)[0]
    head = "\nReview of hand 1: your decisions against the hint from what you saw\n"
    assert head + "\n".join(lines) + "\n" in told
    assert re.search(r"^  \d+ decisions reviewed, (none marked \? or \?\?|\d+ marked)", told, re.M)


def test_without_review_no_review_is_shown() -> None:
    def policy(panel: str) -> str | None:
        return None if hands_done(screen.getvalue()) else first_legal(panel)

    screen = io.StringIO()
    play_game(
        pn.load_variant("pinochlerun"), seed=4, stdin=Autopilot(screen, policy), stdout=screen
    )
    assert hands_done(screen.getvalue()) == 1
    assert "Review of hand" not in screen.getvalue()


def test_two_people_each_read_their_own_review_on_their_own_screen(tmp_path: Path) -> None:
    # docs/cli.md#hints-and-review: the person holding the screen when the hand ends reads
    # their review at once, the other after the next cover screen; at the game's end the
    # screen passes to the other for theirs. Target 20: the first hand ends the game.
    def policy(panel: str) -> str:
        return "" if panel.endswith("Press Enter> ") else first_legal(panel)

    screen = io.StringIO()
    ended: list[pn.State] = []
    play_game(
        pn.load_variant(str(short_game(tmp_path))),
        seed=4,
        stdin=Autopilot(screen, policy),
        stdout=screen,
        players=2,
        review=True,
        hint_worlds=WORLDS_FEW,
        on_end=ended.append,
    )
    last = ended[0]
    assert last.is_over
    assert len(last.results) == 1
    record = record_of(last)
    summaries = {
        name: review(record, seat, hand=1, worlds=WORLDS_FEW).hands[0].summary
        for name, seat in (("South", 2), ("West", 3))
    }
    segments = screen.getvalue().split(f"\n{COVER}\n")[1:]
    shown = {}
    for segment in segments:
        holder = re.match(r"Pass the screen to (\w+):", segment)[1]  # type: ignore[index]
        if "Review of hand 1" in segment:
            assert segment.count("Review of hand 1") == 1
            assert f"  {summaries[holder]}\n" in segment
            shown[holder] = segment
    assert set(shown) == {"South", "West"}
    assert "Review of hand 1" in segments[-1]  # the last screen is a review's


def test_review_follows_a_hand_everyone_passed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # docs/cli.md#hints-and-review: a hand everyone passed is reviewed too (its only
    # decision, the person's call), before the next deal opens. The computer players
    # pass (tests/test_play.py's first_action); bidding.all_pass = "redeal" moves the deal on.
    monkeypatch.setattr("pinochle.bots.make_bot", lambda level, seed=None: first_action)
    house = tmp_path / "redeal.toml"
    house.write_text('extends = "pinochlerun"\n[bidding]\nall_pass = "redeal"\n', encoding="utf-8")
    screen = io.StringIO()
    ended: list[pn.State] = []
    play_game(
        pn.load_variant(str(house)),
        seed=1,
        stdin=io.StringIO("pass\n"),
        stdout=screen,
        review=True,
        hint_worlds=WORLDS_FEW,
        on_end=ended.append,
    )
    out = screen.getvalue()
    found = review(record_of(ended[0]), 2, hand=1, worlds=WORLDS_FEW).hands[0]
    assert [d.action for d in found.decisions] == [pn.Pass()]
    assert (
        "  Everyone passed: the deal moves on.\n"
        "\n"
        "Review of hand 1: your decisions against the hint from what you saw\n"
        f"  {found.summary}\n"
    ) in out
    assert out.index(found.summary) < out.index("\nHand 2: ")


def test_two_people_hints_and_reviews_never_show_the_others_cards(tmp_path: Path) -> None:
    # Issue 29: "In a two-person game a hint shows only on its own person's screen." Every
    # person asks a hint at every prompt of the first hand and reads a review after it; no
    # screen between two covers shows a card its holder could not see (test_play_two).
    screen = io.StringIO()
    policy = Hinted(screen)

    def answer(panel: str) -> str | None:
        if panel.endswith("Press Enter> "):
            return ""
        return policy(panel)

    ended: list[pn.State] = []
    play_game(
        pn.load_variant(str(short_game(tmp_path, 500))),
        seed=5,
        stdin=Autopilot(screen, answer, limit=600),
        stdout=screen,
        players=2,
        review=True,
        hint_worlds=WORLDS_FEW,
        on_end=ended.append,
    )
    out = screen.getvalue()
    check_hints(out, policy)
    assert check_no_leak(out, ended[0], (2, 3)) > 4
    assert out.count("Review of hand 1: ") == 2  # South's and West's, each on their screen
