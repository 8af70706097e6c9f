"""`pinochle variants check FILE_OR_NAME`: validate, then play a few games; a line an error."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle import checking
from pinochle.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("name", ["pinochlerun", "cutthroat-3", "bicycle-two-handed"])
def test_a_builtin_name_is_checked_and_played(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    code, out, err = run(capsys, "variants", "check", name)
    assert (code, err) == (0, "")
    assert out.startswith(f"ok: {name}")
    assert out.rstrip().endswith("3 random games played")


def test_games_and_seed_are_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "check", "pinochlerun", "--games", "5", "--seed", "9")
    assert code == 0
    assert "5 random games played" in out
    code, out, _ = run(capsys, "variants", "check", "pinochlerun", "--games", "0")
    assert code == 0
    assert "played" not in out
    code, _, err = run(capsys, "variants", "check", "pinochlerun", "--games", "-1")
    assert code == 2
    assert "--games" in one_line(err)


def test_an_unknown_name_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "variants", "check", "pinochelrun")
    assert (code, out) == (2, "")
    assert "no profile file or built-in profile 'pinochelrun'" in one_line(err)


def test_a_profile_that_loads_but_does_not_play_exits_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checking, "play_problem", lambda *a, **k: "game 1 (seed 0): it broke")
    code, out, err = run(capsys, "variants", "check", "pinochlerun")
    assert (code, out) == (1, "")
    assert (
        one_line(err)
        == "pinochle: pinochlerun: loads but does not play: game 1 (seed 0): it broke\n"
    )


def test_an_unplayable_house_file_is_refused_with_every_problem_on_a_line_of_its_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "pagat-auction-3"\n[bidding]\nminimum = 25\n[chips]\nset = -1\n'
        "[settlement]\nsurrender_bonus = -1\n",
        encoding="utf-8",
    )
    for verb in (("variants", "check"), ("variants", "show"), ("check",), ("meld", "AS")):
        argv = [*verb, str(house)] if verb[0] != "meld" else [*verb, "--variant", str(house)]
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, "")
        lines = err.splitlines()
        assert "Traceback" not in err
        # One line per problem, as str(VariantError) has them, each a whole error line.
        keys = ["settlement.surrender_bonus", "chips.set", "chips.schedule"]
        prefix = f"pinochle: error: {house}: "
        assert all(line.startswith(prefix) for line in lines)
        assert [line.removeprefix(prefix).split(": ")[0] for line in lines] == keys


def test_an_absolute_path_keeps_its_file_name_in_the_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "house.toml"
    house.write_text("[bidding\n", encoding="utf-8")
    for verb in (("variants", "check"), ("variants", "show"), ("check",)):
        code, _, err = run(capsys, *verb, str(house.resolve()))
        assert code == 2
        assert f"error: {house.resolve()}: not valid TOML" in one_line(err)


@pytest.mark.parametrize(
    "data",
    [b"\xff\xfe\x00t", "title = 'caf\xe9'".encode("latin-1"), b"a = 1\x00", b"a = " + b"9" * 5000],
    ids=["utf-16", "latin-1", "null", "huge-int"],
)
def test_hostile_bytes_are_one_error_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes
) -> None:
    house = tmp_path / "house.toml"
    house.write_bytes(data)
    code, _, err = run(capsys, "variants", "check", str(house))
    assert code == 2
    assert str(house) in one_line(err)


def test_one_game_is_counted_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 26's plural slip: "1 random games played".
    code, out, _ = run(capsys, "variants", "check", "pinochlerun", "--games", "1")
    assert code == 0
    assert out.rstrip().endswith("; 1 random game played")
