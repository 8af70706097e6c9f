"""`pinochle demo` plays and prints a whole game (the README's main job)."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import pinochle as pn
from pinochle.cli import main
from pinochle.demo import narrate, person_names, play_demo, random_player
from pinochle.play import seating
from pinochle.records import record_of, replay_states

ALL_PROFILES = list(pn.builtin_variants())


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


@pytest.mark.parametrize("name", ALL_PROFILES)
def test_demo_runs_under_every_profile(name: str) -> None:
    # Issue 5: `pinochle demo --variant bicycle-two-handed` (and every other table) plays.
    variant = pn.load_variant(name)
    out = io.StringIO()
    state = play_demo(variant, seed=5, out=out, max_hands=3)
    text = out.getvalue()
    assert text.count("Result: ") == len(state.results) <= 3
    # Every played hand shows all its tricks; without a kitty (whose buried cards count
    # unseen) the trick points add up to the deck total.
    for block in text.split("\nHand ")[1:]:
        tricks = re.findall(r"takes (\d+)", block)
        if tricks:
            assert len(tricks) == variant.tricks_per_hand
            if not variant.deal.kitty:
                assert sum(map(int, tricks)) == pn.deck_points(variant)


@pytest.mark.parametrize("name", ["bicycle-two-handed", "pagat-auction-3"])
def test_demo_command_for_two_and_three_hands(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--variant", name, "--seed", "4", "--max-hands", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{name}:")
    assert "Result: " in out


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
    assert "no profile file or built-in profile 'nope'" in capsys.readouterr().err


def test_demo_players_are_bots_hard_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 6: `pinochle demo` seats four `pinochle.bots` players (Hard unless --level says).
    import pinochle.bots

    made: list[tuple[str, int | None]] = []
    real = pinochle.bots.make_bot

    def spy(level: str, seed: int | None = None) -> pinochle.bots.Bot:
        made.append((level, seed))
        return real(level, seed)

    monkeypatch.setattr(pinochle.bots, "make_bot", spy)
    assert main(["demo", "--seed", "6", "--max-hands", "1"]) == 0
    assert made == [("hard", 6), ("hard", 7), ("hard", 8), ("hard", 9)]
    made.clear()
    assert main(["demo", "--seed", "6", "--max-hands", "1", "--level", "easy"]) == 0
    assert [level for level, _ in made] == ["easy"] * 4
    assert main(["demo", "--level", "grandmaster"]) == 2
    capsys.readouterr()


def test_the_bots_load_only_when_a_game_needs_them() -> None:
    # docs/architecture.md#the-layers: `import pinochle` never imports the bots; the command line
    # loads them lazily.
    code = "import sys, pinochle, pinochle.cli\nassert 'pinochle.bots' not in sys.modules\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, check=False)
    assert done.returncode == 0, done.stderr


# --- Two-hand narration: the play as it happened (issue 16) ---------------------------

_STOCK_PROFILES = [n for n in pn.builtin_variants() if pn.load_variant(n).deal.stock]


def _stock_hand_story(name: str, seed: int) -> list[str]:
    out = io.StringIO()
    play_demo(pn.load_variant(name), seed=seed, out=out, max_hands=1, ascii=True)
    lines = out.getvalue().splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("  Result:"))
    return lines[1:end]


_CARD = re.compile(r"\b([AKQJ9T])([SHDC])\b")


@pytest.mark.parametrize("name", _STOCK_PROFILES)
@pytest.mark.parametrize("seed", range(6))
def test_two_hand_story_never_names_a_card_before_it_is_drawn(name: str, seed: int) -> None:
    """Each player's played and melded cards were dealt to it or drawn by it before the line.

    The story is read as a person would: the deal lines, then each trick, meld and draw in
    order. A player holds what it was dealt plus what it drew minus what it played; every
    card it plays and every card of a meld it declares must be held at that line.
    """
    lines = _stock_hand_story(name, seed)
    names: dict[str, int] = {}
    held: list[Counter[str]] = []
    for seat, line in enumerate(lines[1:3]):
        who, cards = line.split(None, 1)
        names[who] = seat
        held.append(Counter(cards.split()))
    initials = {who[0]: seat for who, seat in names.items()}
    trump = next(line for line in lines if line.startswith("  Trump:")).split()[1][-1]
    draws = tricks = 0
    for line in lines[3:]:
        text = line.strip()
        who = text.split(" ", 1)[0]
        if text.startswith("Trick"):
            tricks += 1
            plays = re.findall(rf"\b([{''.join(initials)}]) (\w\w)\b", text.split("->")[0])
            assert len(plays) == 2, line
            for initial, card in plays:
                seat = initials[initial]
                assert held[seat][card] > 0, f"{line!r}: {card} was not in the hand"
                held[seat][card] -= 1
        elif " melds " in text:
            melded = Counter("".join(c) for c in _CARD.findall(text))
            assert not melded - held[names[who]], f"{line!r}: melds a card it does not hold"
        elif " exchanges the dix " in text:
            dix = f"9{trump}"
            assert held[names[who]][dix] > 0, f"{line!r}: exchanges a dix it does not hold"
            held[names[who]][dix] -= 1
            held[names[who]]["".join(_CARD.findall(text)[0])] += 1
        elif " draws " in text:
            draws += 1
            for part in text.split("; "):
                drawer, _, what = part.partition(" draws ")
                held[names[drawer]]["".join(_CARD.findall(what)[0])] += 1
    variant = pn.load_variant(name)
    assert draws == variant.stock_size // 2  # every draw is told, both cards each time
    assert tricks == variant.tricks_per_hand


def test_two_hand_story_tells_melds_after_the_trick_that_earned_them() -> None:
    lines = _stock_hand_story("bicycle-two-handed", 1)
    told = [i for i, line in enumerate(lines) if " melds " in line]
    assert told
    for i in told:
        previous = next(line for line in reversed(lines[:i]) if line.startswith("  Trick"))
        assert f"-> {lines[i].split()[0]} takes" in previous


# --- Names, counts and card order a reader expects (issue 26) -------------------------


def _sit_out_profile(tmp_path: Path, seated: int) -> pn.Variant:
    house = tmp_path / f"sit-out-{seated}.toml"
    house.write_text(f'extends = "pagat-auction-3"\n[deal]\nseated = {seated}\n', encoding="utf-8")
    return pn.load_variant(str(house))


@pytest.mark.parametrize("name", ALL_PROFILES)
def test_seats_have_names_a_player_expects(name: str) -> None:
    # Issue 26: two- and three-hand seats were "First", "Second", "Third". Every table that
    # seats only its players uses compass names, the terminal player sitting South as at the
    # four-hand table; the trick lines write each name's initial, so those must differ.
    # Six and eight seats (issue 32) are too many for compass names with distinct initials:
    # they are named like the people of a table with sit-outs.
    variant = pn.load_variant(name)
    names = person_names(variant)
    assert len(names) == variant.deal.seated
    assert len({n[0] for n in names}) == len(names)
    if variant.deal.players > 4:
        assert names == ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")[: len(names)]
        return
    assert set(names) <= {"North", "East", "South", "West"}
    assert names[seating(variant).people[0]] == "South"


@pytest.mark.parametrize("seated", [4, 5])
def test_sit_out_names_have_distinct_initials(tmp_path: Path, seated: int) -> None:
    names = person_names(_sit_out_profile(tmp_path, seated))
    assert len(names) == seated
    assert len({n[0] for n in names}) == seated


def test_two_and_three_hand_narration_uses_the_names() -> None:
    out = io.StringIO()
    play_demo(pn.load_variant("bicycle-two-handed"), seed=1, out=out, max_hands=1)
    lines = out.getvalue().splitlines()
    assert lines[1] == "Hand 1: South deals"
    assert [line.split()[0] for line in lines[2:4]] == ["South", "North"]
    trick = r"^  Trick  1: [SN] \S+  [SN] \S+  -> (South|North) takes"
    assert re.search(trick, out.getvalue(), re.M)
    out = io.StringIO()
    play_demo(pn.load_variant("cutthroat-3"), seed=4, out=out, max_hands=1)
    lines = out.getvalue().splitlines()
    assert [line.split()[0] for line in lines[2:5]] == ["South", "West", "East"]


@pytest.mark.parametrize("seat", [None, 0])
def test_one_hand_is_counted_in_the_singular(seat: int | None) -> None:
    # Issue 26: "Stopped after 1 hands".
    out = io.StringIO()
    state = play_demo(pn.load_variant("pinochlerun"), seed=1, out=out, max_hands=1)
    assert not state.is_over
    assert out.getvalue().splitlines()[-1].startswith("Stopped after 1 hand: ")
    record = record_of(state)
    lines = list(narrate(replay_states(record), seat=seat))
    assert lines[-1].startswith("Stopped after 1 hand: ")


SYMBOL_CARD = r"(?:10|[AKQJ9])[♣♦♥♠]"
CARD_RUN = re.compile(rf"{SYMBOL_CARD}(?: {SYMBOL_CARD})+")
# A meld's cards (``pinochle Q♠ J♦``, a declaration) are in the sort order without trump.
MELD_LINE = re.compile(
    r"^\s*(Meld\b|Your meld\b)|\bmelds? |\bdeclares? |exchanges? the dix|^    \S"
)


def card_runs(line: str) -> list[tuple[pn.Card, ...]]:
    """Every list of two or more cards written in a line."""
    return [pn.parse_cards(run) for run in CARD_RUN.findall(line)]


@pytest.mark.parametrize("name", ALL_PROFILES)
def test_demo_lists_every_group_of_cards_in_the_sort_order(name: str) -> None:
    # Issue 26: the passed cards were written in the order passed, the hands sorted. Every
    # list of cards the narration writes (hands, kitty, buried, passed, returned, drawn,
    # melds) is in `sort_cards` order, as the dealt hands are.
    out = io.StringIO()
    play_demo(pn.load_variant(name), seed=3, out=out, max_hands=2)
    runs = [run for line in out.getvalue().splitlines() for run in card_runs(line)]
    assert runs
    for run in runs:
        assert run == pn.sort_cards(run), pn.format_cards(run)
    state = play_demo(pn.load_variant(name), seed=3, out=io.StringIO(), max_hands=2)
    for seat in range(state.variant.deal.players):
        told = narrate(replay_states(record_of(state)), seat=seat)
        for run in (run for line in told for run in card_runs(line)):
            assert run == pn.sort_cards(run), pn.format_cards(run)
