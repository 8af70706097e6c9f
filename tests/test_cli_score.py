"""``pinochle score``: new, add, show and undo on a JSON score sheet (rules/settlement#examples,
rules/game-end#target, rules/three-hand)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pinochle import load_variant
from pinochle.cli import main
from pinochle.sheet import ScoreSheet

# rules/settlement#example-s0, seed S0's hand: bid 34, meld 28 / 12, trick points 15 / 10.
SEED = {"--bidder": ["0"], "--bid": ["34"], "--meld": ["28", "12"], "--points": ["15", "10"]}


def hand_args(changes: dict[str, list[str]] | None = None) -> str:
    options = SEED | (changes or {})
    return " ".join(" ".join([option, *values]) for option, values in options.items())


def score(
    capsys: pytest.CaptureFixture[str], verb: str, path: Path, args: str = ""
) -> tuple[int, str, str]:
    """Run ``pinochle score VERB PATH ARGS`` (ARGS split on spaces)."""
    code = main(["score", verb, str(path), *args.split()])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_error_line(err: str, *parts: str) -> None:
    assert err.startswith("pinochle: error: ")
    assert err.count("\n") == 1
    for part in parts:
        assert part in err


def load(path: Path) -> ScoreSheet:
    return ScoreSheet.from_json(path.read_text(encoding="utf-8"))


@pytest.fixture
def sheet_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "sheet.json"
    assert score(capsys, "new", path, "--variant pinochlerun --scores 112 96")[0] == 0
    return path


def test_new_writes_an_empty_sheet(sheet_file: Path) -> None:
    sheet = load(sheet_file)
    assert sheet.variant == load_variant("pinochlerun")
    assert sheet.scores == (112, 96)
    assert sheet.hands == ()


def test_new_refuses_to_overwrite_without_force(
    sheet_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = sheet_file.read_bytes()
    code, _, err = score(capsys, "new", sheet_file, "--variant cutthroat-3")
    assert code == 2
    assert_one_error_line(err, "already exists", "--force")
    assert sheet_file.read_bytes() == before
    code, out, _ = score(capsys, "new", sheet_file, "--variant cutthroat-3 --force")
    assert code == 0
    assert "cutthroat-3" in out
    assert load(sheet_file).scores == (0, 0, 0)  # one zero per player by default


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ("--variant no-such-game", "no-such-game"),
        ("--scores 1 2 3", "scores: expected 2 values"),
    ],
)
def test_new_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: str, message: str
) -> None:
    path = tmp_path / "s.json"
    code, _, err = score(capsys, "new", path, args)
    assert code == 2
    assert_one_error_line(err, message)
    assert not path.exists()


def test_add_the_seed_hand(sheet_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # rules/settlement#example-s0: N-S 112 + 43 = 155 (win); E-W 96 + 22 = 118.
    code, out, err = score(capsys, "add", sheet_file, hand_args())
    assert (code, err) == (0, "")
    assert "made: meld 28 + points 15 = 43 ≥ 34" in out
    assert "side 0 +43 → 155" in out
    assert "side 1 +22 → 118" in out
    assert "winner  side 0" in out
    assert load(sheet_file).scores == (155, 118)


def test_show_lists_hands_totals_reasons_and_the_winner(
    sheet_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # rules/settlement#examples: bid 60 is not on the board (52 / 108). Then E-W bid
    # 25 and take every trick point: N-S lose their 4 meld (rules/settlement#saving-meld), E-W 20 +
    # 25 = 45 reach 153 (rules/game-end#target).
    assert score(capsys, "add", sheet_file, "--bidder 0 --bid 60 --meld 28 12")[0] == 0
    args = "--bidder 1 --bid 25 --meld 4 20 --points 0 25"
    assert score(capsys, "add", sheet_file, args)[0] == 0
    code, out, _ = score(capsys, "show", sheet_file)
    assert code == 0
    lines = out.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("hand"))
    assert header.split() == [
        "hand", "bidder", "bid", "outcome", "side", "0", "side", "1",
        "total", "0", "total", "1", "reason",
    ]  # fmt: skip
    rows = [line.split() for line in lines if line.lstrip()[:1].isdigit()]
    assert rows[0][:11] == ["1", "0", "60", "not", "on", "the", "board", "-60", "+12", "52", "108"]
    assert rows[1][:8] == ["2", "1", "25", "made", "+0", "+45", "52", "153"]
    assert "not on the board: meld 28 + all 25 points = 53 < 60" in lines[3]
    assert "side 0 meld lost (4)" in lines[4]
    assert "start" in lines[2]
    assert lines[-1] == "winner  side 1 (side 1 reached 150)"


def test_show_a_game_in_progress_says_who_leads(
    sheet_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = score(capsys, "show", sheet_file)
    assert code == 0
    assert "side 0 leads (game 150)" in out


def test_undo(sheet_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = sheet_file.read_bytes()
    assert score(capsys, "add", sheet_file, hand_args())[0] == 0
    code, out, _ = score(capsys, "undo", sheet_file)
    assert code == 0
    assert "removed hand 1" in out
    assert sheet_file.read_bytes() == empty
    code, _, err = score(capsys, "undo", sheet_file)
    assert code == 2
    assert_one_error_line(err, "no hand to undo")
    assert sheet_file.read_bytes() == empty


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"--points": ["15", "11"]}, "hand 1: trick points [15, 11] add up to 26"),
        ({"--bid": ["0"]}, "hand 1: bid 0"),
        ({"--bid": ["24"], "--strict-bids": []}, "hand 1: bid 24"),
        ({"--meld": ["28", "-1"]}, "meld cannot be negative"),
        ({"--meld": ["28", "12", "5"]}, "meld: expected 2 values"),
        ({"--nines-only": ["2"]}, "--nines-only: expected sides from 0 to 1, found 2"),
        ({"--trump": ["X"]}, "trump: 'X' is not a suit"),
        ({"--thrown-in": []}, "throw in"),
    ],
)
def test_a_failed_add_leaves_the_file_as_it_was(
    sheet_file: Path,
    capsys: pytest.CaptureFixture[str],
    change: dict[str, list[str]],
    message: str,
) -> None:
    before = sheet_file.read_bytes()
    code, _, err = score(capsys, "add", sheet_file, hand_args(change))
    assert code == 2
    assert_one_error_line(err, message)
    assert sheet_file.read_bytes() == before
    assert os.listdir(sheet_file.parent) == ["sheet.json"]  # no temporary file left


def test_add_after_the_game_is_won(sheet_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert score(capsys, "add", sheet_file, hand_args())[0] == 0
    won = sheet_file.read_bytes()
    code, _, err = score(capsys, "add", sheet_file, hand_args())
    assert code == 2
    assert_one_error_line(err, "hand 2: the game is over: side 0 won")
    assert sheet_file.read_bytes() == won


def test_a_failed_write_leaves_the_file_as_it_was(
    sheet_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    before = sheet_file.read_bytes()

    def fail(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    code, _, err = score(capsys, "add", sheet_file, hand_args())
    assert code == 2
    assert_one_error_line(err, "cannot write", "No space left on device")
    assert sheet_file.read_bytes() == before
    assert os.listdir(sheet_file.parent) == ["sheet.json"]


def test_a_hand_edited_corrupt_file_names_the_hand(
    sheet_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for _ in range(2):
        args = "--bidder 1 --bid 25 --meld 0 5 --points 5 20"
        assert score(capsys, "add", sheet_file, args)[0] == 0
    data = json.loads(sheet_file.read_text(encoding="utf-8"))
    data["hands"][1]["points"] = [5, 21]
    sheet_file.write_text(json.dumps(data), encoding="utf-8")
    for verb in ("show", "undo"):
        before = sheet_file.read_bytes()
        code, _, err = score(capsys, verb, sheet_file)
        assert code == 2
        assert_one_error_line(err, str(sheet_file), "hand 2: trick points [5, 21] add up to 26")
        assert sheet_file.read_bytes() == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{oops", "not valid JSON"),
        ("", "not valid JSON"),
        ('{"format": "something-else"}', "not a score sheet"),
    ],
)
def test_not_a_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(text, encoding="utf-8")
    code, _, err = score(capsys, "show", path)
    assert code == 2
    assert_one_error_line(err, message)


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = score(capsys, "add", tmp_path / "none.json", hand_args())
    assert code == 2
    assert_one_error_line(err, "no such file", "score new")


def test_three_players_and_chips(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # rules/three-hand#auction-pinochle: made at 350-390 with spades trump: 2 x 2 chips
    # from each opponent.
    path = tmp_path / "chips.json"
    assert score(capsys, "new", path, "--variant pagat-auction-3")[0] == 0
    args = "--bidder 2 --bid 350 --meld 0 0 200 --points 50 40 160 --trump S"
    code, out, _ = score(capsys, "add", path, args)
    assert code == 0
    assert "each opponent pays the bidder 4 chips" in out
    assert load(path).scores == (-4, -4, 8)
    code, out, _ = score(capsys, "show", path)
    assert code == 0
    assert "total 2" in out
    assert "side 2 leads (chips, settled every hand)" in out


def test_two_handed_needs_no_bidder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # rules/two-hand#values, rules/counting#choice-two-hand-rounding: 137 and 113 trick points
    # round to 140 and 110.
    path = tmp_path / "two.json"
    assert score(capsys, "new", path, "--variant bicycle-two-handed")[0] == 0
    assert score(capsys, "add", path, "--meld 150 40 --points 137 113")[0] == 0
    assert load(path).scores == (290, 150)
    code, out, _ = score(capsys, "show", path)
    assert code == 0
    row = next(line.split() for line in out.splitlines() if line.lstrip().startswith("1 "))
    assert row[:8] == ["1", "-", "-", "no", "bid", "+290", "+150", "290"]


def test_tricks_and_nines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # rules/settlement#saving-meld: cutthroat-3 saves meld with any trick; pinochlerun's nines
    # save themselves.
    path = tmp_path / "three.json"
    assert score(capsys, "new", path, "--variant cutthroat-3")[0] == 0
    hand = "--bidder 0 --bid 250 --meld 200 30 20 --points 200 50 0"
    code, _, err = score(capsys, "add", path, hand)
    assert code == 2
    assert_one_error_line(err, "tricks")
    # rules/three-hand#everyone-melds: 15 cards each
    rest = load_variant("cutthroat-3").tricks_per_hand - 6
    assert score(capsys, "add", path, f"{hand} --tricks {rest} 5 1")[0] == 0
    assert load(path).scores == (400, 80, 20)

    path = tmp_path / "nines.json"
    assert score(capsys, "new", path)[0] == 0
    assert score(capsys, "add", path, "--bidder 0 --bid 30 --meld 28 2 --points 25 0")[0] == 0
    assert load(path).scores == (53, 0)  # the dixes were not declared: meld lost
    assert score(capsys, "undo", path)[0] == 0
    args = "--bidder 0 --bid 30 --meld 28 2 --points 25 0 --nines-only 1"
    assert score(capsys, "add", path, args)[0] == 0
    assert load(path).scores == (53, 2)
    code, out, _ = score(capsys, "show", path)
    assert code == 0
    assert "side 1 meld saved by nines (2)" in out


def test_counters_for_a_house_that_counts_queens_and_jacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # rules/settlement#saving-meld counter_or_last with the classic count (10): a side
    # whose 5 trick points are a queen and a jack took no counter, so its meld is lost; its 5
    # trick points still count (the saving rule is about meld: a side without meld would
    # keep them too, and less meld must not score more; "nothing for the hand" is
    # settlement.min_trick_points).
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "hoyle-1914"\nname = "house"\n[settlement]\nsave_meld = "counter"\n'
        'save_meld_applies_to = "defenders"\n',
        encoding="utf-8",
    )
    path = tmp_path / "house.json"
    assert score(capsys, "new", path, f"--variant {house}")[0] == 0
    hand = "--bidder 0 --bid 250 --meld 200 60 --points 245 5"
    assert score(capsys, "add", path, f"{hand} --counters 0")[0] == 0
    assert load(path).scores == (445, 5)
    assert score(capsys, "undo", path)[0] == 0
    assert score(capsys, "add", path, hand)[0] == 0  # by default trick points mean a counter
    assert load(path).scores == (445, 65)


# --- The minimum bid (seed 002: "The keeper does not enforce a minimum.") ------------------


def test_add_records_a_bid_below_the_minimum(
    sheet_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 002's keeper "does not enforce a minimum": bid 20 under pinochlerun (minimum 25).
    code, out, _ = score(capsys, "add", sheet_file, hand_args({"--bid": ["20"]}))
    assert code == 0
    assert "made: meld 28 + points 15 = 43 ≥ 20" in out
    assert load(sheet_file).scores == (155, 118)


def test_new_strict_bids_checks_every_bid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "strict.json"
    code, out, _ = score(capsys, "new", path, "--variant pinochlerun --strict-bids")
    assert code == 0
    assert "bids checked as in the auction" in out
    assert load(path).strict_bids
    before = path.read_bytes()
    code, _, err = score(capsys, "add", path, hand_args({"--bid": ["20"]}))
    assert code == 2
    assert_one_error_line(err, "hand 1: bid 20 is not a legal bid", "at least 25")
    assert path.read_bytes() == before
    assert score(capsys, "add", path, hand_args())[0] == 0
    assert load(path).strict_bids  # the file keeps it


def test_add_strict_bids_is_a_one_off_check(
    sheet_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = score(capsys, "add", sheet_file, hand_args({"--bid": ["20"]}) + " --strict-bids")
    assert code == 2
    assert_one_error_line(err, "bid 20", "at least 25")
    assert score(capsys, "add", sheet_file, hand_args() + " --strict-bids")[0] == 0
    assert not load(sheet_file).strict_bids


def test_add_conceded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # rules/three-hand#auction-pinochle: the opponents concede: paid as made (350: 2 chips
    # each, diamonds x1).
    path = tmp_path / "chips.json"
    assert score(capsys, "new", path, "--variant pagat-auction-3")[0] == 0
    args = "--bidder 0 --bid 350 --meld 330 0 0 --conceded --trump D"
    code, out, _ = score(capsys, "add", path, args)
    assert code == 0
    assert "conceded: each opponent pays the bidder 2 chips" in out
    assert load(path).scores == (4, -2, -2)
