"""Text from files reaches the terminal with its control characters escaped (issue 26).

A profile's name, title or keys, a record's embedded profile and a file's own name can hold
ESC, BEL, CR, a line break, DEL, a C1 control or a bidi override: written raw they would
clear the screen, retitle the window, overwrite or forge lines or reverse the text. Every
verb that shows such text is driven through `main` with captured output; no raw control
character may appear, and the escaped form must.
"""

from __future__ import annotations

import io
import json
import sys
import tomllib
from pathlib import Path

import pytest

from pinochle._text import printable, printable_document
from pinochle.cli import main
from pinochle.play import CLEAR
from pinochle.records import FORMAT
from pinochle.variant import Variant

HOSTILE = "\x1b[2J\x07\r\nFORGED\u202e\x9b\x7f"
"""ESC (clear screen), BEL, CR, a line break that would start a forged line, U+202E, CSI, DEL."""
ESCAPED = "\\x1b[2J\\x07\\r\\nFORGED\\u202e\\x9b\\x7f"
RAW = set("\x1b\x07\r\u202e\x9b\x7f")
NAME = "house\x1b]0;pwned\x07"  # a name may hold no line break: the checks rename files by it


def _toml_string(text: str) -> str:
    return json.dumps(text)  # a JSON string with \\u escapes is a TOML basic string too


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out + err


def assert_safe(text: str) -> None:
    """No raw control character, and no line that the hostile text started."""
    assert not RAW & set(text), repr(text[:500])
    assert not any(line.startswith("FORGED") for line in text.splitlines()), text[:500]


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(
        f"name = {_toml_string(NAME)}\ntitle = {_toml_string(HOSTILE)}\n", encoding="utf-8"
    )
    return path


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    path = tmp_path / "broken.toml"
    path.write_text(
        f"{_toml_string('k' + HOSTILE)} = 1\n[bidding]\nminimum = {_toml_string(HOSTILE)}\n",
        encoding="utf-8",
    )
    return path


def test_printable_escapes_what_a_terminal_acts_on_and_nothing_else() -> None:
    assert printable(HOSTILE) == ESCAPED
    assert printable("A♥ 10♦ café 中 😀 C:\\x") == "A♥ 10♦ café 中 😀 C:\\x"
    assert printable("\u200b\ufeff\u2066\U000e0041\t") == "\\u200b\\ufeff\\u2066\\U000e0041\\t"
    assert printable("a\nb\rc", keep="\n") == "a\nb\\rc"
    assert printable(printable(HOSTILE)) == printable(HOSTILE)
    assert printable("\udcff") == "\\udcff"  # a lone surrogate (an undecodable file name)


@pytest.mark.parametrize("kind", ["json", "toml"])
def test_a_printed_document_reads_back_as_the_same_text(kind: str) -> None:
    data = {"name" + HOSTILE: HOSTILE + "\U000e0041\udcff"[: 1 if kind == "toml" else 2]}
    if kind == "json":
        text = printable_document(json.dumps(data, ensure_ascii=False, indent=1), "json")
        assert json.loads(text) == data
    else:
        import tomli_w

        text = printable_document(tomli_w.dumps(data), "toml")
        assert tomllib.loads(text) == data
    assert_safe(text)
    assert all(line.isprintable() for line in text.splitlines())


def test_a_profiles_name_and_title_are_shown_escaped(
    capsys: pytest.CaptureFixture[str], profile: Path, tmp_path: Path
) -> None:
    file = str(profile)
    sheet = str(tmp_path / "sheet.json")
    runs = [
        ["variants", "validate", file, "--games", "1"],
        ["check", file, "--games", "1"],
        ["demo", "--variant", file, "--seed", "1", "--max-hands", "1"],
        ["meld", "AS", "KS", "QS", "--variant", file],
        ["count", "AS", "--last-trick", "--variant", file],
        ["score", "new", sheet, "--variant", file],
        ["score", "show", sheet],
        ["arena", "--variant", file, "--a", "easy", "--b", "random", "--deals", "1", "--workers=1"],
        ["arena", "--variant", file, "--tournament", "easy,random", "--deals", "1", "--workers=1"],
    ]
    for argv in runs:
        status, text = run(capsys, *argv)
        assert status == 0, (argv, text)
        assert_safe(text)
        assert printable(NAME) in text, argv
        if argv[0] in ("variants", "demo"):
            assert ESCAPED in text, argv


def test_the_documents_a_verb_prints_escape_and_read_back(
    capsys: pytest.CaptureFixture[str], profile: Path
) -> None:
    status, text = run(capsys, "variants", "show", str(profile))
    assert status == 0
    assert_safe(text)
    shown = Variant.from_toml(text)
    assert (shown.name, shown.title) == (NAME, HOSTILE)
    for verb in ("meld", "count"):
        status, text = run(capsys, verb, "AS", "--variant", str(profile), "--json")
        assert status == 0
        assert_safe(text)
        assert json.loads(text)["variant"] == NAME


def test_a_profiles_keys_and_values_are_shown_escaped_in_errors(
    capsys: pytest.CaptureFixture[str], broken: Path
) -> None:
    file = str(broken)
    for argv in (
        ["variants", "validate", file],
        ["variants", "show", file],
        ["check", file, "--games", "1"],
        ["demo", "--variant", file],
        ["meld", "AS", "--variant", file],
        ["score", "new", str(broken.with_suffix(".json")), "--variant", file],
    ):
        status, text = run(capsys, *argv)
        assert status == 2, argv
        assert_safe(text)
        assert f"k{ESCAPED}: unknown key" in text, argv
        assert "bidding.minimum: expected an integer, found '\\x1b[2J" in text, argv


def test_a_file_name_is_shown_escaped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hostile = tmp_path / f"p{HOSTILE}.toml"
    hostile.write_text("[bidding]\nminimun = 25\n", encoding="utf-8")
    for argv in (
        ["variants", "validate", str(hostile)],
        ["variants", "show", str(hostile)],
        ["check", str(hostile)],
        ["demo", "--variant", str(hostile)],
        ["replay", str(tmp_path / f"r{HOSTILE}.json")],  # no such file
        ["record", "check", str(tmp_path / f"r{HOSTILE}.json")],
        ["review", str(tmp_path / f"r{HOSTILE}.json")],
        ["stats", str(tmp_path / f"r{HOSTILE}.json")],
        ["score", "show", str(tmp_path / f"s{HOSTILE}.json")],
        ["demo", "--max-hands", "1", "--record", str(tmp_path / HOSTILE / "r.json")],
        ["demo", f"stray{HOSTILE}"],  # argparse: unrecognized arguments
        ["variants", "validate", f"no-such{HOSTILE}"],
    ):
        status, text = run(capsys, *argv)
        assert status == 2, argv
        assert_safe(text)
        assert ESCAPED in text, argv
    # A profile file named so, and valid: its name is the file's stem.
    hostile.write_text("[bidding]\nminimum = 25\n", encoding="utf-8")
    for argv in (
        ["variants", "validate", str(hostile), "--games", "1"],
        ["demo", "--variant", str(hostile), "--seed", "1", "--max-hands", "1"],
        ["score", "new", str(tmp_path / f"s{HOSTILE}.json"), "--variant", str(hostile)],
    ):
        status, text = run(capsys, *argv)
        assert status == 0, argv
        assert_safe(text)
        assert f"p{ESCAPED}" in text, argv


def test_a_records_embedded_profile_is_shown_escaped(
    capsys: pytest.CaptureFixture[str], profile: Path, tmp_path: Path
) -> None:
    record = tmp_path / f"game{HOSTILE}.json"
    status, text = run(
        capsys,
        "demo",
        "--variant",
        str(profile),
        "--seed",
        "2",
        "--max-hands",
        "1",
        "--record",
        str(record),
    )
    assert status == 0
    for argv in (
        ["replay", str(record)],
        ["replay", str(record), "--seat", "1"],
        ["record", "check", str(record)],
        ["review", str(record), "--seat", "1", "--hand", "1", "--worlds", "1"],
        ["stats", str(record)],
    ):
        status, text = run(capsys, *argv)
        assert status == 0, argv
        assert_safe(text)
        assert printable(NAME) in text, argv
        if argv[0] == "replay":
            assert ESCAPED in text, argv


def test_a_broken_records_problems_are_shown_escaped_a_line_each(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / f"r{HOSTILE}.json"
    data = {
        "format": FORMAT,
        "version": 1,
        "variant": {"extends": "pinochlerun", "k" + HOSTILE: 1, "bidding": {"minimum": HOSTILE}},
        "seed": HOSTILE,
        "actions": [f"play {HOSTILE}"],
    }
    record.write_text(json.dumps(data), encoding="utf-8")
    for verb in (["replay"], ["record", "check"], ["review"], ["stats"]):
        status, text = run(capsys, *verb, str(record))
        assert status == 1
        assert_safe(text)
        lines = text.splitlines()
        prefix = f"pinochle: {tmp_path}/r{ESCAPED}.json: "
        assert all(line.startswith(prefix) for line in lines), lines
        rest = [line.removeprefix(prefix) for line in lines]
        assert len(rest) == 4, rest
        assert rest[0].startswith("variant: bidding.minimum: expected an integer, found '\\x1b")
        assert rest[1].startswith(f"variant: k{ESCAPED}: unknown key")
        assert rest[2].startswith("seed: expected a whole number from 0 to 18446744073709551615")
        assert rest[3].startswith("step 1: not an action: 'play \\x1b[2J")


@pytest.mark.parametrize("players", ["1", "2"])
def test_play_shows_the_profiles_name_and_title_escaped(
    monkeypatch: pytest.MonkeyPatch, profile: Path, players: str
) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    monkeypatch.setattr(sys, "stdout", screen)
    argv = ["play", "--variant", str(profile), "--seed", "3", "--players", players]
    assert main(argv) == 0
    text = screen.getvalue().replace(CLEAR, "")  # the cover screen's own clearing
    assert_safe(text)
    assert f"{printable(NAME)}: {ESCAPED}" in text
