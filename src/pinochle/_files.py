"""Changing a document file safely: an exclusive lock, and atomic, durable replacement.

Private machinery of `pinochle.sheet` (``ScoreSheet.save`` and ``update_file``):

* `locked` opens the existing file and takes an exclusive ``flock`` on it, so that writers
  take turns over the whole read-modify-write. No lock file is left behind: the lock is on
  the file itself, and a writer that waited while the previous one replaced the file (an
  atomic rename leaves it holding the old one) notices and locks the new file instead.
* `replace` writes a temporary file in the same folder, flushes and fsyncs it, renames it
  over the file and fsyncs the folder: the file is always either the old document or the
  new one, also after a crash or a full disk, and no temporary file is left in any outcome.
* `create` does the same but never replaces an existing file (a hard link is atomic and
  fails if the name exists).

Paths are resolved first, so a symlink is written through: its target changes, the symlink
stays. Where ``fcntl`` does not exist (Windows) there is no lock: writes are still atomic,
but two writers at the same moment can lose one change.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from pinochle.documents import MAX_DOCUMENT_BYTES
from pinochle.errors import PinochleError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

Error = Callable[[str], PinochleError]

LOCKS = fcntl is not None
"""Whether writers lock the file (``fcntl.flock``); False on Windows."""


def resolve(path: Path) -> Path:
    """The file a path names, through any symlinks (a missing target is fine)."""
    return Path(os.path.realpath(path))


@contextlib.contextmanager
def locked(path: Path, error: Error) -> Iterator[int]:
    """Open the existing file and hold an exclusive lock on it; yield the descriptor.

    Raises:
        PinochleError: From ``error``: no such file, a folder, or it cannot be opened.
    """
    while True:
        fd = _open(path, error)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            if _same_file(fd, path):
                break
        except OSError as exc:
            os.close(fd)
            raise error(f"cannot lock the file: {exc.strerror or exc}") from None
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # the previous writer replaced the file while we waited: lock the new one
    try:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise error("is a folder, not a file")
        yield fd
    finally:
        os.close(fd)  # closing the last descriptor releases the lock


def _open(path: Path, error: Error) -> int:
    # Read-write where allowed (an exclusive lock over NFS needs it), else read-only: a
    # read-only file is then refused by `check_writable` with a clear message.
    cloexec = getattr(os, "O_CLOEXEC", 0)
    try:
        try:
            return os.open(path, os.O_RDWR | cloexec)
        except PermissionError:
            return os.open(path, os.O_RDONLY | cloexec)
    except FileNotFoundError:
        raise error("no such file") from None
    except IsADirectoryError:
        raise error("is a folder, not a file") from None
    except OSError as exc:
        raise error(f"cannot open the file: {exc.strerror or exc}") from None


def _same_file(fd: int, path: Path) -> bool:
    mine = os.fstat(fd)
    try:
        now = os.stat(path)
    except FileNotFoundError:
        return False
    return (mine.st_dev, mine.st_ino) == (now.st_dev, now.st_ino)


def read(fd: int, error: Error) -> bytes:
    """The whole content of an open file, at most `MAX_DOCUMENT_BYTES`.

    Raises:
        PinochleError: From ``error``: too large or unreadable.
    """
    try:
        size = os.fstat(fd).st_size
        if size > MAX_DOCUMENT_BYTES:
            raise error(f"the file has {size} bytes; at most {MAX_DOCUMENT_BYTES} are read")
        os.lseek(fd, 0, os.SEEK_SET)
        chunks: list[bytes] = []
        total = 0
        while total <= MAX_DOCUMENT_BYTES:
            chunk = os.read(fd, MAX_DOCUMENT_BYTES + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise error(f"cannot read the file: {exc.strerror or exc}") from None
    if total > MAX_DOCUMENT_BYTES:
        raise error(f"the file is larger than {MAX_DOCUMENT_BYTES} bytes")
    return b"".join(chunks)


def check_writable(fd: int, path: Path, error: Error) -> int:
    """Refuse a read-only file (even for root, who could replace it); return its mode bits.

    Raises:
        PinochleError: From ``error``: the file is read-only.
    """
    mode = stat.S_IMODE(os.fstat(fd).st_mode)
    if not mode & 0o222 or not os.access(path, os.W_OK):
        raise error("the file is read-only; make it writable to change it")
    return mode


def new_mode() -> int:
    """The mode bits a new file gets (0o666 less the umask)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def replace(path: Path, text: str, mode: int, error: Error) -> None:
    """Atomically and durably make ``path`` hold ``text`` (UTF-8), with ``mode`` bits.

    Raises:
        PinochleError: From ``error``: the folder or disk refuses the write; the file is as it
            was and no temporary file is left.
    """
    tmp = _write_temporary(path, text, mode, error)
    try:
        os.replace(tmp, path)
    except BaseException as exc:
        _remove(tmp)
        if isinstance(exc, OSError):
            raise error(f"cannot write: {exc.strerror or exc}") from None
        raise
    _sync_folder(path.parent)


def create(path: Path, text: str, error: Error) -> None:
    """Atomically and durably create ``path`` holding ``text``; never replace a file.

    Raises:
        PinochleError: From ``error``: the name exists ("already exists"), or the folder or
            disk refuses the write; no temporary file is left.
    """
    tmp = _write_temporary(path, text, new_mode(), error)
    try:
        try:
            os.link(tmp, path)  # atomic, and fails if the name exists
        except FileExistsError:
            raise error("already exists") from None
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
                raise error(f"cannot write: {exc.strerror or exc}") from None
            _create_without_links(tmp, path, error)
    finally:
        _remove(tmp)
    _sync_folder(path.parent)


def _create_without_links(tmp: Path, path: Path, error: Error) -> None:
    # A filesystem without hard links: claim the name exclusively, then rename over it.
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        raise error("already exists") from None
    except OSError as exc:
        raise error(f"cannot write: {exc.strerror or exc}") from None
    try:
        os.replace(tmp, path)
    except OSError as exc:
        _remove(path)
        raise error(f"cannot write: {exc.strerror or exc}") from None


def _write_temporary(path: Path, text: str, mode: int, error: Error) -> Path:
    data = text.encode("utf-8")
    try:
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise error(f"cannot write: {exc.strerror or exc}") from None
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, mode)
    except BaseException as exc:
        _remove(tmp)
        if isinstance(exc, OSError):
            raise error(f"cannot write: {exc.strerror or exc}") from None
        raise
    return tmp


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (POSIX); folders cannot be opened on Windows, which is fine."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
