"""The ``pinochle`` command: meld, count and variants (exit codes, messages, output)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pinochle
from pinochle import Variant, builtin_variants, load_variant
from pinochle.cli import main

SEED_HAND = "AH TH KH KH QH QH JH 9H QS JD KD KC"  # rules/meld#examples (seed S2)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def total_line(out: str) -> list[int]:
    return [int(m) for m in re.findall(r"^\s+total\s+(-?\d+)$", out, re.MULTILINE)]


def assert_one_error_line(err: str) -> None:
    assert err.startswith("pinochle: error: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err


# --- meld -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "total"), [("pagat-partnership", 240), ("pinochlerun", 24)])
def test_seed_hand_hearts_trump(
    capsys: pytest.CaptureFixture[str], variant: str, total: int
) -> None:
    # rules/meld#examples: "-> 240 (ones 24)".
    code, out, err = run(capsys, "meld", SEED_HAND, "--trump", "H", "--variant", variant)
    assert (code, err) == (0, "")
    assert total_line(out) == [total]
    assert "A♥ 10♥ K♥ Q♥ J♥" in out


def test_default_variant_is_pinochlerun_and_cards_may_be_separate_arguments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "meld", *SEED_HAND.split(), "-t", "hearts")
    assert code == 0
    assert "pinochlerun" in out
    assert total_line(out) == [24]


def test_meld_json_lists_the_items_of_rules_7_6(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "meld", SEED_HAND, "-t", "♥", "--variant", "pagat-partnership", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["trump"] == "H"
    assert data["total"] == 240
    points = {item["name"]: item["points"] for item in data["items"]}
    assert points == {"run": 150, "royal marriage": 40, "dix": 10, "pinochle": 40}
    run_item = next(item for item in data["items"] if item["name"] == "run")
    assert run_item["cards"] == ["AH", "TH", "KH", "QH", "JH"]
    assert sum(item["points"] for item in data["items"]) == data["total"]


def test_meld_without_trump_shows_every_suit_and_no_trump(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # rules/meld#single-deck-table, rules/meld#doubles by hand: with hearts trump 24; otherwise two
    # heart marriages (2 + 2) and the pinochle (4) = 8, the same as with no trump at all.
    code, out, _ = run(capsys, "meld", SEED_HAND, "--json")
    assert code == 0
    data = json.loads(out)
    assert {s: m["total"] for s, m in data["by_trump"].items()} == {
        "C": 8,
        "D": 8,
        "H": 24,
        "S": 8,
    }
    assert data["no_trump"]["total"] == 8

    code, out, _ = run(capsys, "meld", SEED_HAND)
    assert code == 0
    assert total_line(out) == [8, 8, 24, 8, 8]
    for heading in ("trump ♣ clubs", "trump ♦ diamonds", "trump ♥ hearts", "trump ♠ spades"):
        assert heading in out
    assert "no trump" in out


def test_meld_ascii_writes_no_suit_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "meld", SEED_HAND, "--ascii")
    assert code == 0
    assert "AH TH KH QH JH" in out
    assert not set("♣♦♥♠") & set(out)


def test_meld_columns_are_aligned(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "meld", SEED_HAND, "-t", "H")
    rows = [line for line in out.splitlines() if line.startswith("  ")]
    assert len(rows) == 5  # four items and the total
    assert len({len(row) for row in rows}) == 1  # points right-aligned in one column


# --- count ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "points", "with_last", "deck"),
    [("pinochlerun", 3, 4, 25), ("pagat-partnership", 30, 40, 250), ("hoyle-1914", 28, 38, 250)],
)
def test_count(
    capsys: pytest.CaptureFixture[str], variant: str, points: int, with_last: int, deck: int
) -> None:
    # rules/counting#methods: A T K count 1 (10 on tens); classic A 11, T 10, K 4, Q 3;
    # last trick 1 / 10.
    code, out, _ = run(capsys, "count", "AS TS KH QD", "--variant", variant, "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["points"], data["deck_points"]) == (points, deck)

    code, out, _ = run(capsys, "count", "AS TS KH QD", "--variant", variant, "--last-trick")
    assert code == 0
    assert re.search(rf"^trick points\s+{with_last}$", out, re.MULTILINE)
    assert re.search(rf"^deck total\s+{deck}\b", out, re.MULTILINE)


def test_count_rounds_the_final_total(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # rules/counting#methods (BC-2) and rules/counting#choice-two-hand-rounding: classic count, a
    # total ending in 7, 8 or 9 goes up.
    house = tmp_path / "two-hand.toml"
    house.write_text(
        'extends = "hoyle-1914"\n[counting]\nrounding = "nearest-ten"\n', encoding="utf-8"
    )
    # A♠ A♠ K♠ Q♠ = 11 + 11 + 4 + 3 = 29, + last trick 10 = 39 -> 40; without Q♠ 36 -> 30.
    code, out, _ = run(capsys, "count", "AS AS KS QS", "--last-trick", "--variant", str(house))
    assert code == 0
    assert re.search(r"^trick points\s+40$", out, re.MULTILINE)
    code, out, _ = run(capsys, "count", "AS AS KS", "--last-trick", "--variant", str(house))
    assert re.search(r"^trick points\s+30$", out, re.MULTILINE)


# --- bad input --------------------------------------------------------------------------------


def test_bad_card_exits_2_naming_the_token(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "meld", "AH TH 1H KH", "-t", "H")
    assert (code, out) == (2, "")
    assert_one_error_line(err)
    assert "'1H'" in err


def test_too_many_copies_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "count", "9D 9D 9D")
    assert code == 2
    assert_one_error_line(err)
    assert "9♦" in err


def test_nines_are_not_in_the_double_deck(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "dd.toml"
    house.write_text(
        "[deal]\ndeck = 'double'\nhand = 20\npacket = 5\n[meld]\ntable = 'double-pagat'\n",
        encoding="utf-8",
    )
    code, _, err = run(capsys, "meld", "9H AH", "--variant", str(house))
    assert code == 2
    assert_one_error_line(err)
    assert "double deck" in err


def test_bad_trump_suit_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "meld", SEED_HAND, "--trump", "X")
    assert code == 2
    assert_one_error_line(err)
    assert "'X' is not a suit" in err


def test_unknown_variant_exits_2_listing_the_known_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "meld", SEED_HAND, "--variant", "pinochle-run")
    assert code == 2
    assert_one_error_line(err)
    assert "'pinochle-run'" in err
    for name in builtin_variants():
        assert name in err


@pytest.mark.parametrize("argv", [[], ["meld"], ["count", "AS", "--bogus"], ["frobnicate"]])
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "usage: pinochle" in err


# --- variants ---------------------------------------------------------------------------------


def test_variants_lists_every_builtin_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants")
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == list(builtin_variants())
    run_line = next(line for line in lines if line.startswith("pinochlerun "))
    assert "ones" in run_line
    assert "single" in run_line
    assert load_variant("pinochlerun").title in run_line
    assert run(capsys, "variants", "list")[1] == out


@pytest.mark.parametrize("name", builtin_variants())
def test_variants_show_reads_back_equal(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, _ = run(capsys, "variants", "show", name)
    assert code == 0
    assert Variant.from_toml(out) == load_variant(name)


def test_variants_check_accepts_a_valid_house_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "pinochlerun"\n[bidding]\nminimum = 20\n', encoding="utf-8")
    code, out, err = run(capsys, "variants", "check", str(house))
    assert (code, err) == (0, "")
    assert out.startswith("ok: house")
    assert out.count("\n") == 1

    code, out, _ = run(capsys, "variants", "show", str(house))
    assert code == 0
    assert Variant.from_toml(out).bidding.minimum == 20


def test_variants_check_reports_a_misspelt_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "pinochlerun"\n[bidding]\nminimun = 20\n', encoding="utf-8")
    code, out, err = run(capsys, "variants", "check", str(house))
    assert (code, out) == (2, "")
    assert_one_error_line(err)
    assert "house.toml" in err
    assert "bidding.minimun" in err
    assert "did you mean 'minimum'" in err


def test_variants_check_reads_a_bare_file_name_as_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A file that happens to be named like a built-in profile is still the file.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pinochlerun").write_text("scale = 3\n", encoding="utf-8")
    code, _, err = run(capsys, "variants", "check", "pinochlerun")
    assert code == 2
    assert_one_error_line(err)
    assert "scale" in err


# --- version ----------------------------------------------------------------------------------


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert (code, out) == (0, f"pinochle {pinochle.__version__}\n")


def test_installed_console_script_and_module_run() -> None:
    # The editable install puts the script next to the interpreter (or at least on PATH).
    script = Path(sys.executable).parent / "pinochle"
    if not script.exists():
        script = Path(shutil.which("pinochle") or "pinochle")
    for command in ([str(script), "--version"], [sys.executable, "-m", "pinochle", "--version"]):
        done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
        assert (done.returncode, done.stdout) == (0, f"pinochle {pinochle.__version__}\n")
