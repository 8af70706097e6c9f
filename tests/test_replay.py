"""Record and replay from the command line (issue 13).

`pinochle demo --record` and `pinochle play --record` save the game as a record;
`pinochle replay` narrates a record as `demo` does, or from one seat's view; `pinochle
record check` says whether a record is sound, or where it first goes wrong.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import attrs
import pytest

import pinochle as pn
from pinochle.cli import main
from pinochle.demo import narrate, person_names, play_demo, random_player
from pinochle.play import play_game
from pinochle.records import FORMAT, GameRecord, record_of, replay, replay_states

ALL_PROFILES = list(pn.builtin_variants())
SIT_OUTS = pn.load_variant("pagat-auction-3").override({"deal": {"seated": 5}})
CARD = re.compile(r"(10|[AKQJ9])([♠♥♦♣])")
HAND_HEAD = re.compile(r"^Hand (\d+):")
DEALT = re.compile(r"^  (\w+) +((?:(?:10|[AKQJ9])[♠♥♦♣] ?)+)$")  # "  South  A♠ 10♠ ..."


def demo_game(variant: pn.Variant, seed: int, hands: int = 3) -> tuple[pn.State, str]:
    """A quick game of random players: its last state and what `play_demo` printed."""
    out = io.StringIO()
    players = [random_player(seed + seat) for seat in range(variant.deal.players)]
    state = play_demo(variant, players, seed=seed, out=out, max_hands=hands)
    return state, out.getvalue()


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# --- Replaying prints the demo ---------------------------------------------------------


def test_replaying_a_demo_record_prints_the_demo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "game.json"
    status, shown, _ = run(["demo", "--seed", "1", "--record", str(file)], capsys)
    assert status == 0
    record = GameRecord.from_json(file.read_bytes())
    assert replay(record).is_over
    assert record.seed == 1
    status, replayed, err = run(["replay", str(file)], capsys)
    assert (status, err) == (0, "")
    assert replayed == shown


@pytest.mark.parametrize("name", ALL_PROFILES)
def test_narration_depends_on_the_states_only(name: str) -> None:
    state, shown = demo_game(pn.load_variant(name), seed=3)
    lines = list(narrate(replay_states(record_of(state))))
    assert "".join(f"{line}\n" for line in lines) == shown


def test_a_record_that_stops_mid_hand_tells_that_hand_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state, _ = demo_game(pn.load_variant("pinochlerun"), seed=2, hands=1)
    record = record_of(state)
    assert len(state.game.last_tricks) == 12  # the hand was played out
    cut = attrs.evolve(record, actions=record.actions[:-1])
    file = tmp_path / "cut.json"
    file.write_text(cut.to_json(), encoding="utf-8")
    status, out, _ = run(["replay", str(file)], capsys)
    assert status == 0
    assert out.count("  Trick ") == 12  # 11 tricks, then the 12th so far
    assert re.search(r"^  Trick 12: (\w [^ ]+  ){3}\(not finished\)$", out, re.M)
    assert "  Not finished: the game stops here\nStopped after 0 hands" in out


def test_hand_option_tells_one_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state, shown = demo_game(pn.load_variant("pinochlerun"), seed=4, hands=4)
    file = tmp_path / "game.json"
    file.write_text(record_of(state).to_json(), encoding="utf-8")
    title, *lines = shown.splitlines()
    starts = [i for i, line in enumerate(lines) if HAND_HEAD.match(line)]
    assert len(starts) >= 3
    status, out, _ = run(["replay", str(file), "--hand", "2"], capsys)
    assert status == 0
    assert out.splitlines() == [title, *lines[starts[1] : starts[2]]]
    status, out, _ = run(["replay", str(file), "--hand", "2", "--seat", "1"], capsys)
    assert status == 0
    heads = [line for line in out.splitlines() if HAND_HEAD.match(line)]
    assert len(heads) == 1
    assert heads[0].startswith("Hand 2:")
    hands = len({s.hand.number for s in list(replay_states(record_of(state)))[:-1]})
    for bad in ["0", str(hands + 1)]:
        status, out, err = run(["replay", str(file), "--hand", bad], capsys)
        assert (status, out) == (2, "")
        assert err == f"pinochle: error: --hand: the record has hands 1 to {hands}, not {bad}\n"
    status, _, err = run(["replay", str(file), "--seat", "4"], capsys)
    assert status == 2
    assert err == "pinochle: error: --seat: expected a seat from 0 to 3, found 4\n"


# --- A seat's view shows its cards only ----------------------------------------------


def known_cards(state: pn.State, seat: int) -> set[pn.Card]:
    """What ``seat`` may know at ``state``, worked out from the state and the rules.

    Its own cards, and the cards face up on the table: the trick, the tricks taken, the
    shown meld, the turned-up card, two-hand melds on the table, and a kitty the profile
    shows once the auction is won. Cards it passed, took or buried were in its hand.
    """
    hand = state.hand
    known = set(state.hands[seat])
    known.update(card for _, card in state.trick)
    known.update(card for trick in state.tricks for _, card in trick.plays)
    for meld in hand.melds:
        if meld is not None:
            known.update(card for item in meld.items for card in item.cards)
    known.update(card for laid in hand.table for card in laid)
    known.update(card for shown in hand.shown for item in shown for card in item.cards)
    known.update(card for card in (hand.turned_up, hand.turn_up) if card is not None)
    shown_kitty = state.variant.kitty.shown and state.phase is not pn.Phase.AUCTION
    if hand.kitty and hand.bidder is not None and shown_kitty:
        known.update(hand.kitty)
    return known


class Counted:
    """The states, read one at a time, counting how many have been read."""

    def __init__(self, states: Iterable[pn.State]) -> None:
        self.states = list(states)
        self.read = 0

    def __iter__(self) -> Iterator[pn.State]:
        for state in self.states:
            self.read += 1
            yield state


def leaks(record: GameRecord, seat: int | None, view: int) -> list[str]:
    """Every card of the narration that ``view`` could not know when the line was told.

    A line belongs to the hand whose ``Hand N:`` line came last. It may show a card only
    if that card was known to ``view`` in that hand, in some state read so far (the
    narration reads the states lazily, so a line is told at most as late as the last state
    read); a hand's last tricks are known once its settlement has been read.
    """
    counted = Counted(replay_states(record))
    found = []
    number = None
    for line in narrate(counted, seat=seat):
        head = HAND_HEAD.match(line)
        if head:
            number = int(head[1]) - 1
        cards = [pn.parse_cards(m[0])[0] for m in CARD.finditer(line)]
        if not cards:
            continue
        read = counted.states[: counted.read]
        known: set[pn.Card] = set()
        for state in read:
            if state.hand.number == number:
                known |= known_cards(state, view)
        last = read[-1]
        if last.hand.number != number and last.game.last_hand is not None:
            known.update(card for t in last.game.last_tricks for _, card in t.plays)
        wrong = [card for card in cards if card not in known]
        if number is None or wrong:
            found.append(f"{line.strip()}: {pn.format_cards(wrong)}")
    return found


@pytest.mark.parametrize(
    "variant",
    [pn.load_variant(name) for name in ALL_PROFILES] + [SIT_OUTS],
    ids=[*ALL_PROFILES, "five-seated"],
)
def test_a_seat_sees_only_its_cards_and_public_ones(variant: pn.Variant) -> None:
    state, _ = demo_game(variant, seed=6, hands=3)
    record = record_of(state)
    full = list(narrate(replay_states(record)))
    full_tricks = [line for line in full if line.startswith("  Trick")]
    people = person_names(variant)
    states = list(replay_states(record))
    hands: list[pn.Hand] = []  # every hand an action was taken in
    for before in states[:-1]:
        if not hands or hands[-1].number != before.hand.number:
            hands.append(before.hand)
    for seat in range(variant.deal.players):
        assert leaks(record, seat, seat) == []
        lines = list(narrate(replay_states(record), seat=seat))
        assert "seed" not in lines[0]  # the seed would tell every deal
        assert lines[-1] == full[-1]
        # Each hand lists one seat's cards, the viewer's own, as dealt.
        dealt = [(m[1], m[2]) for m in map(DEALT.match, lines) if m]
        assert dealt == [
            (people[h.persons[seat]], pn.format_cards(pn.sort_cards(h.dealt[seat]))) for h in hands
        ]
        # Every trick is told, as the table sees it.
        assert [line for line in lines if line.startswith("  Trick")] == full_tricks


def test_the_leak_check_finds_hidden_cards() -> None:
    # The check above holds water: once a hand is played out every card has been seen, but
    # a hand that ends before the tricks keeps its cards hidden, and the whole table's
    # narration (every seat's hand) fails the check.
    def reckless(view: pn.Observation) -> pn.Action:  # bids the maximum: out of reach
        return view.legal_actions[-1 if view.phase is pn.Phase.AUCTION else 0]

    variant = pn.load_variant("pinochlerun")
    state = play_demo(variant, [reckless] * 4, seed=1, out=io.StringIO(), max_hands=1)
    assert state.results[0].bid == 100
    assert not state.game.last_tricks
    record = record_of(state)
    assert leaks(record, 0, 0) == []
    assert leaks(record, None, 0)
    assert leaks(record, 1, 0)  # seat 1's view is not seat 0's


def test_seat_view_shows_the_passes_the_seat_took_part_in() -> None:
    state, _ = demo_game(pn.load_variant("pinochlerun"), seed=8, hands=6)
    record = record_of(state)
    hands = [h for h in (s.game.last_hand for s in replay_states(record)) if h is not None]
    hand = next(h for h in hands if h.passed_cards)
    assert hand.bidder is not None
    partner = (hand.bidder + 2) % 4
    for seat in range(4):
        text = "\n".join(narrate(replay_states(record), seat=seat, hand=hand.number + 1))
        passed = pn.format_cards(pn.sort_cards(hand.passed_cards))  # listed as a hand is
        if seat in (hand.bidder, partner):
            assert f" passes {passed} to " in text
            assert f" returns {pn.format_cards(pn.sort_cards(hand.returned_cards))} to " in text
        else:
            assert " passes 4 cards to " in text
            assert " returns 4 cards to " in text


# --- record check --------------------------------------------------------------------


def test_record_check_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state, _ = demo_game(pn.load_variant("pinochlerun"), seed=5, hands=2)
    file = tmp_path / "game.json"
    file.write_text(record_of(state).to_json(), encoding="utf-8")
    status, out, err = run(["record", "check", str(file)], capsys)
    assert (status, err) == (0, "")
    n = len(state.actions)
    a, b = state.scores
    assert out == (
        f"ok: 2 hands, {n} actions, scores N-S {a}  E-W {b} (pinochlerun; game not over)\n"
    )


def illegal_play(record: GameRecord) -> tuple[int, pn.Card, str]:
    """A step that plays a card, a card of that hand the rules forbid there, and why."""
    for step, state in enumerate(replay_states(record), start=1):
        if state.phase is not pn.Phase.TRICKS or step > len(record.actions):
            continue
        seat = state.to_act
        assert seat is not None
        legal = {a.card for a in pn.legal_actions(state) if isinstance(a, pn.Play)}
        for card in state.hands[seat]:
            if card not in legal:
                try:
                    pn.apply(state, pn.Play(card))
                except pn.IllegalActionError as exc:
                    return step, card, exc.reason
    raise AssertionError("no illegal play found")


def test_record_check_says_where_the_record_goes_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state, _ = demo_game(pn.load_variant("pinochlerun"), seed=5, hands=2)
    record = record_of(state)
    step, card, reason = illegal_play(record)
    actions = list(record.actions)
    actions[step - 1] = pn.Play(card)
    file = tmp_path / "bad.json"
    file.write_text(attrs.evolve(record, actions=tuple(actions)).to_json(), encoding="utf-8")
    expected = f"pinochle: {file}: step {step} (play {card}): {reason}\n"
    for argv in (["record", "check", str(file)], ["replay", str(file)]):
        status, out, err = run(argv, capsys)
        assert (status, out, err) == (1, "", expected)


@pytest.mark.parametrize(
    ("content", "status", "problem"),
    [
        (f'{{"format": "{FORMAT}", "version": 9}}'.encode(), 1, "version: this library reads"),
        (b"[1, 2", 1, "not valid JSON"),
        (b'{"format": "pinochle-score-sheet", "version": 1}', 1, "not a game record"),
        ("{}".encode("utf-16"), 2, "UTF-16"),
        (b"\xff\x00", 2, "not UTF-8 text"),
    ],
)
def test_bad_files(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: bytes,
    status: int,
    problem: str,
) -> None:
    file = tmp_path / "bad.json"
    file.write_bytes(content)
    for argv in (["record", "check", str(file)], ["replay", str(file), "--seat", "0"]):
        code, out, err = run(argv, capsys)
        assert (code, out) == (status, "")
        prefix = f"pinochle: error: {file}: " if status == 2 else f"pinochle: {file}: "
        assert err.startswith(prefix)
        assert problem in err
        assert err.count("\n") == 1


def test_missing_file_and_folder_are_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, problem in [("nope.json", "no such file"), (".", "is a folder, not a file")]:
        status, _, err = run(["record", "check", str(tmp_path / name)], capsys)
        assert status == 2
        assert err == f"pinochle: error: {tmp_path / name}: {problem}\n"


# --- Writing records -------------------------------------------------------------------


def test_record_replaces_a_file_atomically(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "game.json"
    file.write_text("old", encoding="utf-8")
    argv = ["demo", "--seed", "2", "--max-hands", "1", "--record", str(file)]
    assert run(argv, capsys)[0] == 0
    first = file.read_text(encoding="utf-8")
    assert GameRecord.from_json(first).seed == 2
    assert os.listdir(tmp_path) == ["game.json"]  # no temporary file left

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    argv[2] = "3"
    status, _, err = run(argv, capsys)
    assert status == 2
    assert err == f"pinochle: error: {file}: cannot write: No space left on device\n"
    assert file.read_text(encoding="utf-8") == first  # untouched
    assert os.listdir(tmp_path) == ["game.json"]


@pytest.mark.parametrize(
    ("name", "problem"),
    [("missing/game.json", "no such folder"), (".", "is a folder, not a file")],
)
def test_an_unwritable_record_is_refused_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, problem: str
) -> None:
    target = str(tmp_path / name)
    for verb in ("demo", "play"):
        status, out, err = run([verb, "--seed", "1", "--record", target], capsys)
        assert (status, out) == (2, "")  # nothing was played
        assert err.startswith(f"pinochle: error: {target}: {problem}")
        assert err.count("\n") == 1


def test_a_closed_output_does_not_cut_the_record(tmp_path: Path) -> None:
    # `pinochle demo --record FILE | head`: the reader leaves, the game and the record go on.
    # The game prints some 25 kB, so the output is flushed (and fails) well before its end.
    file = tmp_path / "game.json"
    command = [sys.executable, "-m", "pinochle", "demo", "--seed", "4", "--level", "easy"]
    game = subprocess.Popen(
        [*command, "--record", str(file)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert game.stdout is not None
    assert game.stderr is not None
    assert game.stdout.readline().startswith(b"pinochlerun: ")
    game.stdout.close()  # the reader leaves
    err = game.stderr.read()
    assert game.wait() == 0
    assert err == b""
    whole = subprocess.run(command, capture_output=True, check=True, text=True).stdout
    assert len(whole) > 20_000
    record = GameRecord.from_json(file.read_bytes())
    assert "".join(f"{line}\n" for line in narrate(replay_states(record))) == whole


ANSWERS = "1\n" * 40  # choice 1, the first card: enough to bid, pass cards and play a while


def scripted_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stdin: io.StringIO
) -> tuple[int, str, Path]:
    file = tmp_path / "game.json"
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", screen)
    status = main(["play", "--seed", "3", "--level", "easy", "--record", str(file)])
    return status, screen.getvalue(), file


@pytest.mark.parametrize("end", ["quit\n", ""], ids=["quit", "end of input"])
def test_play_record_saves_what_was_played_when_the_person_leaves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, end: str
) -> None:
    status, screen, file = scripted_play(tmp_path, monkeypatch, io.StringIO(ANSWERS + end))
    assert status == 0
    assert "The game is abandoned" in screen
    assert screen.rstrip().endswith(
        f"The game is saved in {file}: see it again with 'pinochle replay'."
    )
    saved = GameRecord.from_json(file.read_bytes())
    # The same seed and answers, played directly, reach the same state.
    state = play_game(
        pn.load_variant("pinochlerun"),
        level="easy",
        seed=3,
        stdin=io.StringIO(ANSWERS + end),
        stdout=io.StringIO(),
    )
    assert saved == record_of(state)
    assert len(saved.actions) > 10
    assert replay(saved) == state


class Interrupting(io.StringIO):
    """Answers ``1`` a few times, then the person presses Ctrl-C."""

    def __init__(self, answers: int) -> None:
        super().__init__()
        self.left = answers

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        return "1\n"


def test_play_record_saves_the_game_on_ctrl_c(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, file = scripted_play(tmp_path, monkeypatch, Interrupting(25))
    assert status == 0
    saved = GameRecord.from_json(file.read_bytes())
    assert saved.actions
    assert replay(saved).actions == saved.actions


class Closing(io.StringIO):
    """A terminal that goes away after some lines."""

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.left = lines

    def write(self, text: str) -> int:
        self.left -= text.count("\n")
        if self.left < 0:
            raise BrokenPipeError
        return super().write(text)


def test_play_game_on_end_sees_the_last_state_also_on_an_error() -> None:
    ended: list[pn.State] = []
    with pytest.raises(BrokenPipeError):
        play_game(
            pn.load_variant("pinochlerun"),
            seed=3,
            stdin=io.StringIO(ANSWERS),
            stdout=Closing(60),
            on_end=ended.append,
        )
    assert len(ended) == 1
    assert ended[0].actions  # some of the game was played, and it is all there
    finished: list[pn.State] = []
    state = play_game(
        pn.load_variant("pinochlerun"),
        seed=3,
        stdin=io.StringIO("quit\n"),
        stdout=io.StringIO(),
        on_end=finished.append,
    )
    assert finished == [state]
