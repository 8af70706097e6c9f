"""Score sheet files: locked read-modify-write, atomic durable writes, symlinks, read-only files.

The contract (docs/score-keeper.md, "Files"): writers of one sheet take turns, so no hand is
lost; the file is always the old sheet or the new one, never a part, and no temporary file
is left in any outcome; a symlink is written through; a read-only sheet is refused and left
as it was; ``score new`` never replaces an existing file without ``--force``.
"""

from __future__ import annotations

import os
import pathlib
import stat
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from pinochle import load_variant
from pinochle.cli import main
from pinochle.sheet import ScoreSheet, SheetError, update_file

RUN = load_variant("pinochlerun")
CHIPS = load_variant("pagat-auction-3")  # a chip game never ends: any number of hands
CHIP_HAND = ["--bidder", "0", "--bid", "300", "--meld", "200", "0", "0"]
CHIP_HAND += ["--points", "120", "80", "50", "--trump", "H"]  # side 0 +2, the others -1


def add_chip_hand(sheet: ScoreSheet) -> ScoreSheet:
    return sheet.record(bidder=0, bid=300, meld=(200, 0, 0), points=(120, 80, 50), trump="H")


@pytest.fixture
def chips_file(tmp_path: Path) -> Path:
    path = tmp_path / "chips.json"
    ScoreSheet(CHIPS).save(path)
    return path


def only(path: Path) -> None:
    """The folder holds the sheet and nothing else: no temporary file is left."""
    assert os.listdir(path.parent) == [path.name]


# --- Concurrent writers ---------------------------------------------------------------------

WRITER = """
import sys
from pinochle.cli import main
path, count, hand = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
for _ in range(count):
    code = main(["score", "add", path, *hand])
    if code != 0:
        sys.exit(code)
"""


def test_concurrent_writer_processes_lose_no_hand(
    chips_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    writers, each = 4, 15
    command = [sys.executable, "-c", WRITER, str(chips_file), str(each), *CHIP_HAND]
    processes = [
        subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(writers)
    ]
    errors = [process.communicate(timeout=300)[1] for process in processes]
    assert [process.returncode for process in processes] == [0] * writers, errors
    sheet = ScoreSheet.load(chips_file)
    hands = writers * each
    assert len(sheet.hands) == hands
    assert sheet.scores == (2 * hands, -hands, -hands)
    only(chips_file)


def test_concurrent_writer_threads_lose_no_hand(chips_file: Path) -> None:
    writers, each = 4, 10

    def write() -> None:
        for _ in range(each):
            update_file(chips_file, add_chip_hand)

    threads = [threading.Thread(target=write) for _ in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(ScoreSheet.load(chips_file).hands) == writers * each
    only(chips_file)


def test_update_file_returns_the_new_sheet_and_writes_it(chips_file: Path) -> None:
    sheet = update_file(chips_file, add_chip_hand)
    assert sheet.scores == (2, -1, -1)
    assert ScoreSheet.load(chips_file) == sheet
    assert update_file(chips_file, lambda s: s.undo()) == ScoreSheet(CHIPS)
    assert ScoreSheet.load(chips_file) == ScoreSheet(CHIPS)


def test_update_file_writes_nothing_when_nothing_changes(chips_file: Path) -> None:
    before = os.stat(chips_file)
    assert update_file(chips_file, lambda sheet: sheet) == ScoreSheet(CHIPS)
    after = os.stat(chips_file)
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_a_change_that_fails_leaves_the_file_as_it_was(chips_file: Path) -> None:
    before = chips_file.read_bytes()
    with pytest.raises(SheetError, match=r"^hand 1: bid 1 "):
        update_file(chips_file, lambda sheet: sheet.record(bidder=0, bid=1, meld=(0, 0, 0)))

    def interrupted(sheet: ScoreSheet) -> ScoreSheet:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        update_file(chips_file, interrupted)
    assert chips_file.read_bytes() == before
    only(chips_file)
    assert len(update_file(chips_file, add_chip_hand).hands) == 1  # the lock was released


# --- Atomic, durable writes -----------------------------------------------------------------


def test_the_new_content_is_synced_before_the_rename_and_the_folder_after(
    chips_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        events.append("sync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "sync file")
        real_fsync(fd)

    def replace(src: Any, dst: Any) -> None:
        events.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    update_file(chips_file, add_chip_hand)
    assert events == ["sync file", "rename", "sync folder"]


@pytest.mark.parametrize(
    ("target", "exception"),
    [
        ("replace", OSError(28, "No space left on device")),
        ("fsync", OSError(28, "No space left on device")),
        ("chmod", OSError(1, "Operation not permitted")),
    ],
)
def test_a_failed_write_leaves_the_file_byte_identical(
    chips_file: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    target: str,
    exception: OSError,
) -> None:
    before = chips_file.read_bytes()

    def fail(*args: Any, **kwargs: Any) -> None:
        raise exception

    monkeypatch.setattr(os, target, fail)
    code = main(["score", "add", str(chips_file), *CHIP_HAND])
    err = capsys.readouterr().err
    assert code == 2
    assert err == f"pinochle: error: {chips_file}: cannot write: {exception.strerror}\n"
    assert chips_file.read_bytes() == before
    only(chips_file)


def test_an_interrupt_during_the_write_leaves_no_temporary_file(
    chips_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = chips_file.read_bytes()

    def interrupt(*args: Any) -> None:
        raise KeyboardInterrupt

    for target in ("replace", "fsync"):
        with monkeypatch.context() as patch:
            patch.setattr(os, target, interrupt)
            assert main(["score", "add", str(chips_file), *CHIP_HAND]) == 130  # interrupted
        assert chips_file.read_bytes() == before
        only(chips_file)


# --- Symlinks and read-only files -----------------------------------------------------------


def test_a_symlink_is_written_through_and_stays_a_symlink(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = tmp_path / "real"
    real.mkdir()
    target = real / "sheet.json"
    link = tmp_path / "game.json"
    link.symlink_to(target)  # dangling: `score new` creates the target
    assert main(["score", "new", str(link), "--variant", "pagat-auction-3"]) == 0
    for verb in ("add", "add", "undo"):
        extra = CHIP_HAND if verb == "add" else []
        assert main(["score", verb, str(link), *extra]) == 0
    again = ["--force", "--variant", "pagat-auction-3", "--scores", "5", "5", "5"]
    assert main(["score", "new", str(link), *again]) == 0
    assert main(["score", "add", str(link), *CHIP_HAND]) == 0
    capsys.readouterr()
    assert link.is_symlink()
    assert os.readlink(link) == str(target)
    assert ScoreSheet.load(target).scores == (7, 4, 4)
    assert sorted(os.listdir(tmp_path)) == ["game.json", "real"]
    only(target)


@pytest.mark.parametrize("verb", ["add", "undo"])
def test_a_read_only_sheet_is_refused_and_unchanged(
    chips_file: Path, capsys: pytest.CaptureFixture[str], verb: str
) -> None:
    update_file(chips_file, add_chip_hand)
    chips_file.chmod(0o444)
    before = chips_file.read_bytes()
    code = main(["score", verb, str(chips_file), *(CHIP_HAND if verb == "add" else [])])
    err = capsys.readouterr().err
    assert code == 2
    message = "the file is read-only; make it writable to change it"
    assert err == f"pinochle: error: {chips_file}: {message}\n"
    assert chips_file.read_bytes() == before
    assert stat.S_IMODE(chips_file.stat().st_mode) == 0o444
    only(chips_file)
    assert main(["score", "show", str(chips_file)]) == 0  # reading it is fine


def test_a_read_only_sheet_is_not_replaced_by_save(chips_file: Path) -> None:
    chips_file.chmod(0o400)
    before = chips_file.read_bytes()
    with pytest.raises(SheetError, match="read-only"):
        ScoreSheet(RUN).save(chips_file, replace=True)
    assert chips_file.read_bytes() == before


def test_save_keeps_the_files_permissions(chips_file: Path) -> None:
    chips_file.chmod(0o640)
    update_file(chips_file, add_chip_hand)
    ScoreSheet(RUN).save(chips_file, replace=True)
    assert stat.S_IMODE(chips_file.stat().st_mode) == 0o640


# --- New sheets -----------------------------------------------------------------------------


def test_save_never_replaces_an_existing_file_unless_asked(chips_file: Path) -> None:
    before = chips_file.read_bytes()
    with pytest.raises(SheetError, match="already exists") as info:
        ScoreSheet(RUN).save(chips_file)
    assert info.value.path == str(chips_file)
    assert chips_file.read_bytes() == before
    only(chips_file)
    ScoreSheet(RUN).save(chips_file, replace=True)
    assert ScoreSheet.load(chips_file) == ScoreSheet(RUN)
    only(chips_file)


def test_score_new_refuses_a_file_that_appears_after_any_check(
    chips_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Another `score new` creates the file between a check and the write: still refused.
    before = chips_file.read_bytes()
    monkeypatch.setattr(pathlib.Path, "exists", lambda self, **kwargs: False)
    monkeypatch.setattr(os.path, "exists", lambda path: False)
    code = main(["score", "new", str(chips_file)])
    err = capsys.readouterr().err
    assert code == 2
    assert "already exists (use --force to replace it)" in err
    assert chips_file.read_bytes() == before
    only(chips_file)


def test_concurrent_score_new_creates_one_sheet(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    command = [sys.executable, "-m", "pinochle", "score", "new", str(path), "--scores"]
    processes = [
        subprocess.Popen(
            [*command, str(i), str(i)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        for i in range(4)
    ]
    results = [(process.wait(timeout=120), process.stderr) for process in processes]
    codes = [code for code, _ in results]
    for _, stream in results:
        assert stream is not None
        stream.close()
    assert sorted(codes) == [0, 2, 2, 2]
    winner = codes.index(0)
    assert ScoreSheet.load(path).scores == (winner, winner)
    only(path)


# --- Reading ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("a\0b", "a path cannot contain a null character"),
        ("x" * 5000, "the path is 5000 characters long"),
        ("missing.json", "no such file (start one with 'pinochle score new')"),
    ],
)
def test_bad_paths_are_one_line_errors(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    for verb, extra in (("show", []), ("add", CHIP_HAND), ("undo", [])):
        assert main(["score", verb, name, *extra]) == 2
        err = capsys.readouterr().err
        assert err.startswith("pinochle: error: ")
        assert err.count("\n") == 1
        assert message in err
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("x".encode("utf-16"), "UTF-16"),
        ('{"title": "Café"}'.encode("latin-1"), "not UTF-8 text"),
        (b'{"format": "pinochle-score-sheet"\0}', "null character"),
        (b"[" * 50_000, "nested"),
        (b'{"format": "pinochle-score-sheet", "version": true}', "found True"),
    ],
)
def test_hostile_files_are_one_line_errors_and_stay_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    for verb, extra in (("show", []), ("add", CHIP_HAND), ("undo", [])):
        assert main(["score", verb, str(path), *extra]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"pinochle: error: {path}: ")
        assert err.count("\n") == 1
        assert message in err
        assert path.read_bytes() == content
    only(path)


def test_load_names_the_file_and_every_problem(tmp_path: Path) -> None:
    sheet = ScoreSheet(RUN)
    for _ in range(3):
        sheet = sheet.record(bidder=0, bid=25, meld=(10, 5), points=(15, 10))
    path = tmp_path / "game.json"
    text = sheet.to_json().replace('"bid": 25', '"bid": 0')
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SheetError) as info:
        ScoreSheet.load(path)
    assert info.value.path == str(path)
    assert [hand for hand, _ in info.value.problems] == [1, 2, 3]
    assert str(info.value).startswith(f"{path}: 3 problems: hand 1: bid 0 is not a legal bid")


def test_a_file_that_cannot_be_locked_is_a_clean_error(
    chips_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fcntl = pytest.importorskip("fcntl")
    before = chips_file.read_bytes()

    def refuse(fd: int, operation: int) -> None:
        raise OSError(37, "No locks available")

    monkeypatch.setattr(fcntl, "flock", refuse)
    assert main(["score", "add", str(chips_file), *CHIP_HAND]) == 2
    err = capsys.readouterr().err
    assert err == f"pinochle: error: {chips_file}: cannot lock the file: No locks available\n"
    assert chips_file.read_bytes() == before
    only(chips_file)
