"""`pinochle play --players 2`: two people at one screen, with a cover screen (issue 16).

Whole games are driven with scripted input; the states are recorded (``on_end`` and
`pinochle.records.replay_states`), and from them the test works out, for every stretch of
screen between two cover screens, which person had the screen and which cards every other
seat (the other person's above all) held unseen then. None of those may be printed there.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

import pinochle as pn
from pinochle.cli import main
from pinochle.demo import person_names
from pinochle.play import CLEAR, COVER, play_game
from pinochle.records import record_of, replay_states
from test_play import CARD, Autopilot, first_legal

COVER_TEXT = re.compile(r"^Pass the screen to (\w+): press Enter\.$", re.M)


def policy(panel: str) -> str:
    return "" if panel.endswith("Press Enter> ") else first_legal(panel)


def house(tmp_path: Path, base: str, target: int) -> pn.Variant:
    path = tmp_path / f"{base}-short.toml"
    path.write_text(f'extends = "{base}"\n[game]\ntarget = {target}\n', encoding="utf-8")
    return pn.load_variant(str(path))


def two_people_game(variant: pn.Variant, seed: int) -> tuple[str, pn.State]:
    screen = io.StringIO()
    ended: list[pn.State] = []
    play_game(
        variant,
        seed=seed,
        stdin=Autopilot(screen, policy),
        stdout=screen,
        on_end=ended.append,
        players=2,
    )
    return screen.getvalue(), ended[0]


def cards_in(views: Iterable[pn.Observation]) -> set[pn.Card]:
    """Every card an observation shows its seat: its hand and everything public or passed."""
    seen: set[pn.Card] = set()
    for view in views:
        seen.update(view.hand, view.kitty, view.buried, view.passed_to_me, view.passed_by_me)
        seen.update(card for _, card in view.trick)
        for trick in (*view.tricks, *view.last_tricks):
            seen.update(card for _, card in trick.plays)
        for meld in view.melds:
            if meld is not None:
                seen.update(card for item in meld.items for card in item.cards)
        for laid in view.table:
            seen.update(laid)
        for declared in view.shown:
            seen.update(card for item in declared for card in item.cards)
        seen.update(c for c in (view.turn_up, view.turned_up) if c is not None)
    return seen


def prompts(state: pn.State) -> bool:
    """Whether the person to act is asked (a lone draw or keep is taken for them)."""
    phase = state.phase
    return not (phase in (pn.Phase.MELD, pn.Phase.MISDEAL) and len(pn.legal_actions(state)) == 1)


def check_no_leak(out: str, last: pn.State, people: tuple[int, int]) -> int:
    """Assert no screen shows the other person's hidden cards; return the number of covers."""
    states = list(replay_states(record_of(last)))
    covers: list[tuple[int, int]] = []  # (person given the screen, index of the state)
    holder = None
    for index, state in enumerate(states):
        if state.to_act is None:
            continue
        person = state.hand.persons[state.to_act]
        if person in people and prompts(state) and person != holder:
            covers.append((person, index))
            holder = person
    segments = out.split(f"\n{COVER}\n")[1:]
    assert len(segments) == len(covers) >= 2
    names = person_names(last.variant)
    for number, (segment, (person, _)) in enumerate(zip(segments, covers, strict=True)):
        assert COVER_TEXT.match(segment)[1] == names[person]  # type: ignore[index]
        end = covers[number + 1][1] if number + 1 < len(covers) else len(states) - 1
        state = states[end]
        hand = state.hand
        if person not in hand.persons:
            continue
        mine = hand.persons.index(person)
        # What the screen's holder may know: everything its seat saw this hand up to now.
        first = min(i for i in range(end + 1) if states[i].hand.number == hand.number)
        known = cards_in(pn.observe(s, mine) for s in states[first : end + 1])
        # The other person's hidden cards, and the computer players' too.
        held = (card for seat, cards in enumerate(state.hands) if seat != mine for card in cards)
        hidden = set(held) - known
        shown = set(pn.parse_cards(" ".join(re.findall(CARD, segment)))) if hidden else set()
        assert not hidden & shown, (number, names[person], hidden & shown, segment)
    return len(covers)


def test_two_people_four_hand_never_see_each_others_cards(tmp_path: Path) -> None:
    variant = house(tmp_path, "pinochlerun", 40)
    out, last = two_people_game(variant, seed=5)
    assert last.is_over
    assert out.splitlines()[1].startswith("Two players: South and West play each other")
    assert check_no_leak(out, last, (2, 3)) > 4
    assert re.search(r"^(South|West) wins!$", out, re.M)
    # Each person is "You" on their own screens and the other is named.
    west = [s for s in out.split(f"\n{COVER}\n") if s.startswith("Pass the screen to West")]
    assert "You pass" in "".join(west) or "Your card" in "".join(west)


def test_two_people_two_hand_play_each_other(tmp_path: Path) -> None:
    variant = house(tmp_path, "bicycle-two-handed", 300)
    out, last = two_people_game(variant, seed=2)
    assert last.is_over
    assert out.splitlines()[1] == "Two players: South and North play each other."
    assert check_no_leak(out, last, (0, 1)) > 4


def test_two_people_three_hand_a_computer_third(capsys: pytest.CaptureFixture[str]) -> None:
    # Decision (docs/cli.md): at a three-hand table two people take the first two seats and
    # the third plays at --level.
    screen = io.StringIO()
    pilot = Autopilot(
        screen, lambda panel: None if "Result:" in screen.getvalue() else policy(panel)
    )
    variant = pn.load_variant("pagat-auction-3")
    play_game(variant, level="easy", seed=3, stdin=pilot, stdout=screen, players=2)
    out = screen.getvalue()
    assert out.splitlines()[1] == "Two players: South and West; East plays Easy."
    assert "Pass the screen to South: press Enter." in out


def test_cli_players_2(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\n1\n\nquit\n"))
    monkeypatch.setattr(sys, "stdout", screen)
    assert main(["play", "--players", "2", "--seed", "3"]) == 0
    out = screen.getvalue()
    assert f"{COVER}\nPass the screen to South: press Enter.\nPress Enter> \n" in out
    assert "\x1b[" not in out  # not a terminal: no clearing codes
    assert "South quit." not in out
    assert "West quit." in out


def test_cli_players_must_be_one_or_two(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "3"]) == 2
    assert "--players" in capsys.readouterr().err


# --- The intro and who is who (issue 26) ----------------------------------------------


class Terminal(io.StringIO):
    """An output that says it is a terminal, so the screen is cleared between people."""

    def isatty(self) -> bool:
        return True


def test_intro_is_read_before_the_screen_is_first_cleared() -> None:
    # Issue 26: the intro was printed and cleared at once, scrollback too, so the first
    # thing either person read was "Pass the screen to South". Both read the intro and
    # press Enter; only then is the screen cleared for the first person.
    screen = Terminal()
    pilot = Autopilot(screen, lambda panel: None if "Your call> " in screen.getvalue() else "")
    play_game(pn.load_variant("pinochlerun"), seed=3, stdin=pilot, stdout=screen, players=2)
    out = screen.getvalue()
    before, clear, after = out.partition(CLEAR)
    assert clear, "the screen is never cleared"
    assert "Two players: South and West play each other" in before
    assert before.rstrip().endswith("Press Enter>")  # the intro waits for Enter
    assert "Pass the screen to South: press Enter." in after


@pytest.mark.parametrize(
    ("name", "people", "lines"),
    [
        (
            "pinochlerun",
            ("South", "West"),
            {
                "South": "You are South, partner North (computer), against West and East"
                " (computer).",
                "West": "You are West, partner East (computer), against South and North"
                " (computer).",
            },
        ),
        (
            "bicycle-two-handed",
            ("South", "North"),
            {"South": "You are South, against North.", "North": "You are North, against South."},
        ),
        (
            "cutthroat-3",
            ("South", "West"),
            {
                "South": "You are South, against West and East (computer).",
                "West": "You are West, against South and East (computer).",
            },
        ),
    ],
)
def test_each_screen_says_whose_it_is(
    name: str, people: tuple[str, str], lines: dict[str, str]
) -> None:
    # Issue 26: who was who showed only as "(you)" in the score line. Every time the screen
    # passes, the person who takes it reads first who they are.
    screen = io.StringIO()
    pilot = Autopilot(
        screen, lambda panel: None if "Result:" in screen.getvalue() else policy(panel)
    )
    play_game(pn.load_variant(name), level="easy", seed=3, stdin=pilot, stdout=screen, players=2)
    segments = screen.getvalue().split(f"\n{COVER}\n")[1:]
    assert len(segments) >= 2
    seen = set()
    for segment in segments:
        person = COVER_TEXT.match(segment)[1]  # type: ignore[index]
        first = segment.split("Press Enter> \n", 1)[1].splitlines()[0]
        assert first == lines[person], segment[:300]
        seen.add(person)
    assert seen == set(people)
