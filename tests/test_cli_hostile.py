"""The command line as hostile input: one line on stderr and exit 2, never a traceback.

Every verb gets malformed arguments and hostile files (another encoding, null bytes, huge
numbers, deep nesting, a folder where a file belongs, an overlong name); each run must end
with status 2 and exactly one ``pinochle: error:`` line, or succeed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.cli import main

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
}


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
        ]
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
    ]
    return runs


def test_hostile_command_lines_end_in_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    failures = []
    for argv in _hostile_runs(tmp_path):
        status = main(argv)
        err = capsys.readouterr().err
        lines = [line for line in err.splitlines() if line.strip()]
        usage = bool(lines) and lines[0].startswith("usage:")  # argparse's own usage error
        ok = status == 0 or (
            status == 2
            and "Traceback" not in err
            and (usage or (len(lines) == 1 and lines[0].startswith("pinochle: error: ")))
        )
        if not ok:
            failures.append(f"{[a[:60] for a in argv]} -> {status}: {err[:300]!r}")
    assert not failures, "\n".join(failures)
