"""Sheet files: reading one, writing one atomically, and changing one under a lock.

* **Reading** (`ScoreSheet.load`) takes a UTF-8 JSON file within the size limits of
  `pinochle.documents`; a problem names the file (`SheetError.path`).
* **Writing** (`ScoreSheet.save`) is atomic and durable: another process sees the old
  sheet or the new one, never a part, also after a crash, and no temporary file is left.
  A symlink is written through (its target changes, it stays a symlink). An existing file
  is refused unless ``replace`` is given, and a read-only one is never replaced.
* **Changing** (`update_file`) reads, changes and writes a file under an exclusive lock
  (``fcntl.flock`` on the file itself, no lock file), so simultaneous writers take turns
  and none loses another's hand; Windows has no ``fcntl`` and so no lock.

The machinery (locks, temporary files, renames) is ``pinochle._files``, which the web
table and the command line share.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from pinochle import _files
from pinochle.documents import check_path, read_text
from pinochle.errors import ArgumentError, SheetError
from pinochle.sheet._document import read
from pinochle.sheet._facts import show
from pinochle.sheet._model import ScoreSheet


def _label(path: object) -> str:
    try:
        return os.fspath(path)  # type: ignore[call-overload,no-any-return]
    except TypeError:
        return repr(path)


def _file_error(path: object) -> Callable[[str], SheetError]:
    label = _label(path)
    if len(label) > 200 or "\0" in label:  # a message names a malformed path briefly
        label = show(label)
    return lambda problem: SheetError(problem, path=label)


def load(path: str | os.PathLike[str]) -> ScoreSheet:
    """The sheet in a file (`ScoreSheet.load`)."""
    error = _file_error(path)
    return read(read_text(path, error), _label(path))


def save(sheet: ScoreSheet, path: str | os.PathLike[str], *, replace: bool) -> None:
    """Write a sheet to a file, atomically (`ScoreSheet.save`)."""
    error = _file_error(path)
    file = _files.resolve(check_path(path, error))
    text = sheet.to_json()
    if not replace:
        _files.create(file, text, error)
        return
    try:
        with _files.locked(file, error) as fd:
            mode = _files.check_writable(fd, file, error)
            _files.replace(file, text, mode, error)
            return
    except SheetError as exc:
        if exc.problem != "no such file":
            raise
    _files.replace(file, text, _files.new_mode(), error)


def update_file(
    path: str | os.PathLike[str], change: Callable[[ScoreSheet], ScoreSheet]
) -> ScoreSheet:
    """Change a sheet file under an exclusive lock: read it, apply ``change``, write it back.

    Several processes (or threads) updating one file take turns, so none loses another's
    hand: ``update_file(path, lambda sheet: sheet.record(bidder=0, bid=25, ...))``. The
    write is atomic and durable as in `ScoreSheet.save`, and through a symlink. The lock is
    ``fcntl.flock`` on the file itself (no lock file); on Windows, which has no ``fcntl``,
    there is no lock (writes stay atomic, but simultaneous writers can lose a change).

    Args:
        path: The sheet file; it must exist and be writable.
        change: Returns the new sheet from the one in the file (``record``, ``undo``, ...).
            Whatever it raises propagates, and the file is left as it was. Returning the
            very same sheet writes nothing.

    Returns:
        The sheet now in the file.

    Raises:
        SheetError: The file is missing, read-only, not a valid sheet (``path`` names it) or
            cannot be written; or ``change`` raised it (a hand that cannot be recorded).
        ArgumentError: ``change`` returned something else than a `ScoreSheet`.
    """
    error = _file_error(path)
    file = _files.resolve(check_path(path, error))
    with _files.locked(file, error) as fd:
        mode = _files.check_writable(fd, file, error)
        sheet = read(_files.read(fd, error), _label(path))
        changed = change(sheet)
        if not isinstance(changed, ScoreSheet):
            raise ArgumentError("change", "a function that returns a ScoreSheet", changed)
        if changed is not sheet:
            _files.replace(file, changed.to_json(), mode, error)
    return changed
