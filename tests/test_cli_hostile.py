"""The command line as hostile input: a line a problem on stderr and exit 2, never a traceback.

Every verb gets malformed arguments and hostile files (another encoding, null bytes, huge
numbers, deep nesting, a folder where a file belongs, an overlong name); each run must end
with status 2 and one ``pinochle: error:`` line per problem (a file can have several, at
most `MAX_PROBLEMS`), or succeed. A game record that reads as text but is not a sound
record is status 1 (``pinochle replay``, ``pinochle record check``, ``pinochle review``,
``pinochle stats``), again a line a problem, each ``pinochle: FILE: ...``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.cli import main
from pinochle.errors import MAX_PROBLEMS
from pinochle.records import FORMAT

LONG = "a" * 5000

FILES: dict[str, bytes] = {
    "utf16.toml": "extends = 'pinochlerun'\n".encode("utf-16"),
    "latin1.toml": "title = 'caf\u00e9'\n".encode("latin-1"),
    "nul.toml": b"extends = 'pinochlerun'\x00\n",
    "nested.toml": b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n",
    "digits.toml": b"[game]\ntarget = " + b"9" * 5000 + b"\n",
    "utf16.json": '{"format": "pinochle-score-sheet"}'.encode("utf-16"),
    "latin1.json": '{"format": "caf\u00e9"}'.encode("latin-1"),
    "nul.json": b'{"format": "x"}\x00',
    "nested.json": b"[" * 100_000,
    "digits.json": b'{"version": ' + b"1" * 5000 + b"}",
    "empty.json": b"",
    "binary.json": bytes(range(256)),
    "record.json": b'{"format": "'
    + FORMAT.encode()
    + b'", "version": 1, "variant": '
    + b'{"extends": "pinochlerun"}, "seed": 1, "actions": ["play AS"]}',
    "record-deep.json": b'{"format": "'
    + FORMAT.encode()
    + b'", "version": 1, "variant": '
    + b'{"extends": "pinochlerun"}, "seed": 1, "actions": '
    + b"[" * 30
    + b"]" * 30
    + b"}",
    "record-huge.json": b'{"format": "'
    + FORMAT.encode()
    + b'", "version": 1, "variant": '
    + b'{"extends": "pinochlerun"}, "seed": 1, "actions": ["'
    + b"pass" * 400_000
    + b'"], "hands": ["'
    + b"AS " * 100_000
    + b'"], "dealer": 99999999999999999999}',
}
# status 1: the file reads, but is no sound record
RECORD_VERBS = ("replay", "record", "review", "stats")


def _hostile_runs(tmp: Path) -> list[list[str]]:
    for name, data in FILES.items():
        (tmp / name).write_bytes(data)
    folder = tmp / "folder.toml"
    folder.mkdir()
    runs: list[list[str]] = []
    for profile in [*(str(tmp / n) for n in FILES if n.endswith(".toml")), str(folder), LONG]:
        runs += [
            ["meld", "AS", "--variant", profile],
            ["count", "AS", "--variant", profile],
            ["variants", "show", profile],
            ["variants", "check", profile],
            ["check", profile, "--games", "1"],
            ["demo", "--variant", profile],
            ["score", "new", str(tmp / "new.json"), "--variant", profile],
        ]
    for sheet in [*(str(tmp / n) for n in FILES if n.endswith(".json")), str(folder), LONG]:
        runs += [
            ["score", "show", sheet],
            ["score", "undo", sheet],
            ["score", "add", sheet, "--bidder", "0", "--bid", "30", "--meld", "0", "0"],
            ["replay", sheet],
            ["replay", sheet, "--seat", "1", "--hand", "1"],
            ["record", "check", sheet],
            ["review", sheet, "--seat", "1", "--hand", "1", "--worlds", "1"],
            ["stats", sheet, sheet],
        ]
    for target in [str(folder), LONG, str(tmp / "no" / "such" / "folder.json")]:
        runs += [
            ["demo", "--seed", "1", "--max-hands", "1", "--record", target],
            ["play", "--seed", "1", "--record", target],  # refused before the game
        ]
    runs.append(["demo", "--seed", "1", "--max-hands", "1", "--record", str(tmp / "a\nb")])
    runs += [
        ["meld", "AS", "--trump", "X"],
        ["meld", "AS", "1S", "\u0661S"],
        ["meld", LONG],
        ["count", "AS", LONG],
        ["demo", "--seed", "-1"],
        ["demo", "--seed", "9" * 40],
        ["demo", "--seed", "\u0663"],
        ["demo", "--max-hands", "-3"],
        ["check", "pinochlerun", "--games", "0"],
        ["check", "pinochlerun", "--seed", "-5", "--games", "1"],
        ["variants", "show", "nope"],
        ["replay"],
        ["replay", str(tmp / "record.json"), "--seat", "x"],
        ["replay", str(tmp / "record.json"), "--hand", "9" * 40],
        ["record"],
        ["record", "check"],
        ["record", "fix", str(tmp / "record.json")],
        ["review"],
        ["review", str(tmp / "record.json"), "--worlds", "x"],
        ["review", str(tmp / "record.json"), "--seed", "9" * 40],
        ["review", str(tmp / "record.json"), "--seat", "9" * 40],
        ["stats"],
        ["stats", str(tmp / "record.json"), "--worlds", "-1"],
    ]
    return runs


def test_hostile_command_lines_end_in_a_line_a_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    failures = []
    for argv in _hostile_runs(tmp_path):
        status = main(argv)
        err = capsys.readouterr().err
        lines = [line for line in err.splitlines() if line.strip()]
        usage = bool(lines) and lines[0].startswith("usage:")  # argparse's own usage error
        each = 1 <= len(lines) <= MAX_PROBLEMS and "Traceback" not in err
        ok = (
            status == 0
            or (status == 2 and "Traceback" not in err and usage)
            or (status == 2 and each and all(x.startswith("pinochle: error: ") for x in lines))
            or (
                status == 1
                and argv[0] in RECORD_VERBS
                and each
                and all(
                    x.startswith("pinochle: ") and not x.startswith("pinochle: error: ")
                    for x in lines
                )
            )
        )
        if not ok:
            failures.append(f"{[a[:60] for a in argv]} -> {status}: {err[:300]!r}")
    assert not failures, "\n".join(failures)
