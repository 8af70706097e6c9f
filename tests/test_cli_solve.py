"""``pinochle solve``: a recorded position's cards valued and a best line; ``--analyse``.

docs/cli.md, "pinochle solve": the position is before card K (default 1) of trick T
(default: the first the solver values; two-hand: once the stock is gone) of hand N
(default 1), all from 1; text or ``--json``. Exit codes as for ``pinochle replay``: 2 for a
file that cannot be read or a position that is not in the record or not solvable, 1 for a
file that is not a sound record.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest

import pinochle as pn
from pinochle.analysis import analyse_play, card_values, solve
from pinochle.bots import make_bot
from pinochle.cli import main
from pinochle.records import GameRecord, record_of, replay_states
from pinochle.state import Phase, State


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@functools.cache
def _game(name: str, seed: int, hands: int = 1) -> GameRecord:
    """A game's first ``hands`` hands, played by Hard players."""
    variant = pn.load_variant(name)
    state = pn.new_game(variant, seed)
    bots = [make_bot("hard", seed=seed + person) for person in range(variant.deal.seated)]
    while not state.is_over and state.hand.number < hands:
        assert state.to_act is not None
        state = pn.apply(state, bots[state.to_act].choose(pn.observe(state, state.to_act)))
    return record_of(state)


def _file(tmp_path: Path, record: GameRecord, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(record.to_json(), encoding="utf-8")
    return str(path)


def _position(record: GameRecord, hand: int, trick: int, card: int) -> State:
    """The recorded state before card ``card`` of trick ``trick`` of hand ``hand``."""
    for state in replay_states(record):
        if (
            state.hand.number == hand - 1
            and state.phase is Phase.TRICKS
            and len(state.tricks) == trick - 1
            and len(state.trick) == card - 1
        ):
            return state
    raise AssertionError("no such position")


def _error(err: str, status_line: str = "pinochle: error: ") -> str:
    assert err.startswith(status_line), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


# --- What it prints ---------------------------------------------------------------------


def test_the_text_names_the_position_values_each_card_and_gives_a_best_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _game("pinochlerun", 1)
    file = _file(tmp_path, record)
    code, out, err = run(capsys, "solve", file, "--trick", "10", "--card", "2", "--ascii")
    assert (code, err) == (0, "")
    state = _position(record, 1, 10, 2)
    lines = out.splitlines()
    assert lines[0].startswith("pinochlerun: hand 1, trick 10, card 2: ")
    assert "to play, trump " in lines[0]
    assert sum(line.startswith("  Trick so far: ") for line in lines) == 1
    values = card_values(state)
    best = max(values.values())
    shown = {
        m.group(1): (int(m.group(2)), m.group(3))
        for m in re.finditer(r"^    (\S+)\s+(\d+)(?:  \(loses (\d+)\))?$", out, re.MULTILINE)
    }
    assert shown == {
        card.ascii: (value, str(best - value) if value < best else None)
        for card, value in values.items()
    }
    solution = solve(state)
    line = next(x for x in lines if x.startswith("  Best line: "))
    tricks = line.removeprefix("  Best line: ").split(" | ")
    assert [len(t.split()) for t in tricks] == [3, 4, 4]  # the rest of trick 10, then 11, 12
    assert " ".join(tricks).split() == [card.ascii for card in solution.line]
    assert not any(symbol in out for symbol in "♣♦♥♠")


def test_json_gives_the_position_every_card_best_first_and_the_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _game("pinochlerun", 1)
    code, out, _ = run(capsys, "solve", _file(tmp_path, record), "--trick", "10", "--json")
    assert code == 0
    data = json.loads(out)
    state = _position(record, 1, 10, 1)
    solution = solve(state)
    assert set(data) == {
        "variant",
        "hand",
        "trick",
        "card",
        "to_act",
        "trump",
        "bidder",
        "hands",
        "played",
        "taken",
        "points",
        "team",
        "cards",
        "line",
    }
    assert (data["variant"], data["hand"], data["trick"], data["card"]) == ("pinochlerun", 1, 10, 1)
    assert data["to_act"] == state.to_act
    assert data["trump"] == state.hand.trump.letter  # type: ignore[union-attr]
    assert data["bidder"] == state.hand.bidder
    assert data["hands"] == [[c.ascii for c in cards] for cards in state.hands]
    assert data["played"] == []
    assert data["taken"] == list(state.points)
    assert data["points"] == list(solution.points)
    assert data["team"] == [state.side_of(state.to_act)]  # type: ignore[arg-type]
    values = card_values(state)
    best = max(values.values())
    assert {c["card"]: c["value"] for c in data["cards"]} == {c.ascii: v for c, v in values.items()}
    assert [c["value"] for c in data["cards"]] == sorted(values.values(), reverse=True)
    assert all(c["loss"] == best - c["value"] for c in data["cards"])
    assert data["line"] == [card.ascii for card in solution.line]
    # The line is legal card by card and takes what it says.
    after = state
    for card in solution.line:
        after = pn.apply(after, pn.Play(card))
    taken = [0] * len(state.points)
    for trick in after.game.last_tricks[9:]:
        taken[state.side_of(trick.winner)] += trick.points
    assert taken == data["points"]


def test_the_default_position_is_hand_one_first_trick_without_the_stock(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _game("bicycle-two-handed", 3)
    code, out, _ = run(capsys, "solve", _file(tmp_path, record), "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["hand"], data["trick"], data["card"]) == (1, 13, 1)
    assert [len(cards) for cards in data["hands"]] == [12, 12]


def test_the_second_hand_counts_from_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _game("bicycle-two-handed", 3, hands=2)
    code, out, _ = run(capsys, "solve", _file(tmp_path, record), "--hand", "2", "--trick", "22")
    assert code == 0
    assert out.startswith("bicycle-two-handed: hand 2, trick 22, card 1: ")
    state = _position(record, 2, 22, 1)
    assert all(pn.format_cards(cards) in out for cards in state.hands)


def test_analyse_lists_every_card_and_its_loss(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _game("bicycle-two-handed", 3)
    file = _file(tmp_path, record)
    analysis = analyse_play(record, 1, from_trick=19)
    code, out, _ = run(capsys, "solve", file, "--analyse", "--trick", "19", "--ascii")
    assert code == 0
    rows = re.findall(r"^  Trick (\d+)  \S+\s+(\S+)\s+(\d+)\s+(\d+)(?:  loses (\d+))?$", out, re.M)
    assert [(int(t), c, int(b), int(a), int(x or 0)) for t, c, b, a, x in rows] == [
        (e.trick, e.card.ascii, e.before, e.after, e.loss) for e in analysis.cards
    ]
    mistakes = len(analysis.mistakes)
    assert f"  {mistakes} card{'s' * (mistakes != 1)} lost points against best play" in out
    code, out, _ = run(capsys, "solve", file, "--analyse", "--trick", "19", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["variant"], data["hand"]) == ("bicycle-two-handed", 1)
    assert data["cards"] == [
        {
            "trick": e.trick,
            "seat": e.seat,
            "card": e.card.ascii,
            "before": e.before,
            "after": e.after,
            "loss": e.loss,
        }
        for e in analysis.cards
    ]


def test_analyse_of_a_hand_without_trick_play_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = pn.new_game(pn.load_variant("pinochlerun"), 1)
    state = pn.apply(state, pn.Pass())
    code, _, err = run(capsys, "solve", _file(tmp_path, record_of(state)), "--analyse")
    assert code == 2
    assert "--hand: hand 1 has no trick play in the record" in _error(err)


# --- Errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hand", "3"], "--hand: the record has hands 1 to 1, not 3"),
        (["--hand", "0"], "--hand: the record has hands 1 to 1, not 0"),
        (["--trick", "0"], "--trick: hand 1 has tricks 1 to 12 in the record, not 0"),
        (["--trick", "13"], "--trick: hand 1 has tricks 1 to 12 in the record, not 13"),
        (["--trick", "12", "--card", "5"], "--card: a trick has cards 1 to 4, not 5"),
        (["--card", "0"], "--card: a trick has cards 1 to 4, not 0"),
        (["--analyse", "--card", "2"], "--card: --analyse takes the whole hand"),
    ],
)
def test_a_position_not_in_the_record_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    file = _file(tmp_path, _game("pinochlerun", 1))
    code, out, err = run(capsys, "solve", file, *argv)
    assert (code, out) == (2, "")
    assert message in _error(err)


def test_a_trick_played_with_the_stock_exits_2_naming_the_first_solvable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = _file(tmp_path, _game("bicycle-two-handed", 3))
    for argv in (["--trick", "4"], ["--analyse", "--trick", "12"]):
        code, _, err = run(capsys, "solve", file, *argv)
        assert code == 2
        assert "played while the stock lasts (two-hand)" in _error(err)
        assert "(at trick 13)" in err


def test_a_record_stopped_while_the_stock_lasts_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _game("bicycle-two-handed", 3)
    cut = GameRecord(record.variant, record.seed, record.dealer, actions=record.actions[:10])
    code, _, err = run(capsys, "solve", _file(tmp_path, cut))
    assert code == 2
    assert "--hand: the record stops in hand 1 while the stock lasts" in _error(err)


def test_a_record_stopped_before_the_card_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _game("pinochlerun", 1)
    plays = [i for i, action in enumerate(record.actions) if isinstance(action, pn.Play)]
    # Stop after the lead of trick 11: card 2 is where it stops, card 3 is not there.
    cut = GameRecord(
        record.variant, record.seed, record.dealer, actions=record.actions[: plays[40] + 1]
    )
    file = _file(tmp_path, cut)
    code, out, _ = run(capsys, "solve", file, "--trick", "11", "--card", "2", "--json")
    assert code == 0
    assert json.loads(out)["card"] == 2
    code, _, err = run(capsys, "solve", file, "--trick", "11", "--card", "3")
    assert code == 2
    assert "--card: the record stops before card 3 of trick 11 (it has cards 1 to 2)" in err
    code, _, err = run(capsys, "solve", file, "--analyse", "--trick", "11", "--json")
    assert code == 0
    code, _, err = run(capsys, "solve", file, "--trick", "12")
    assert "--trick: hand 1 has tricks 1 to 11 in the record, not 12" in _error(err)


def test_a_file_that_cannot_be_read_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = str(tmp_path / "missing.json")
    code, _, err = run(capsys, "solve", missing)
    assert code == 2
    assert f"pinochle: error: {missing}: " in _error(err)
    code, _, err = run(capsys, "solve", str(tmp_path))
    assert code == 2
    _error(err)


def test_a_file_that_is_not_a_sound_record_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    code, _, err = run(capsys, "solve", str(path))
    assert code == 1
    assert err.startswith(f"pinochle: {path}: ")
    record = _game("pinochlerun", 1)
    data = record.to_dict()
    data["actions"][-1] = "play 9H" if data["actions"][-1] != "play 9H" else "play 9C"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "solve", str(path))
    assert code == 1
    assert re.match(rf"pinochle: {re.escape(str(path))}: step \d+ ", err)


def test_the_help_lists_the_verb(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert re.search(r"^\s+solve\s+a recorded position solved exactly", out, re.M)
    code, out, _ = run(capsys, "solve", "--help")
    assert code == 0
    for option in ("--hand N", "--trick T", "--card K", "--analyse", "--json", "--ascii"):
        assert option in out
