"""Reading documents (profiles, records, score sheets) from bytes, text and files safely.

Every loader of the library goes through these few functions, so that any input, however
hostile (another encoding, a byte-order mark, null bytes, a huge or deeply nested document,
integers with thousands of digits), ends in the loader's own `PinochleError` subclass with a
message that names the document, never in a raw `UnicodeDecodeError`, `RecursionError` or
`ValueError`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pinochle.errors import PinochleError

if TYPE_CHECKING:
    from pathlib import Path

# json, tomllib and pathlib load on first use: `import pinochle` reads no document, and
# they (with datetime, urllib.parse and ipaddress behind them) cost it milliseconds.

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "MAX_PATH_CHARS",
    "decode_text",
    "parse_json",
    "parse_toml",
    "read_text",
]

MAX_DOCUMENT_BYTES = 16 * 1024 * 1024
"""The largest document the loaders read (16 MiB): a 40,000-hand score sheet is about 4 MiB."""

MAX_PATH_CHARS = 4096
"""The longest path or profile name the loaders look up."""

MAX_DEPTH = 32
"""How deeply a document's tables and lists may nest; the library's own go four deep."""

_TOO_MANY_DIGITS = (
    f"a number has too many digits to read (at most {sys.get_int_max_str_digits():,})"
)

ErrorFactory = Callable[[str], PinochleError]
"""Builds the loader's own error from a problem text (the loader adds where)."""


def check_path(path: str | os.PathLike[str], error: ErrorFactory) -> Path:
    """Return ``path`` as a `Path`, or raise ``error`` if it cannot name a file."""
    if not isinstance(path, str | os.PathLike):
        raise error(f"expected a file path, found {type(path).__name__}")
    text = os.fspath(path)
    if not isinstance(text, str):
        raise error(f"expected a file path as text, found {type(text).__name__}")
    if "\0" in text:
        raise error("a path cannot contain a null character")
    if len(text) > MAX_PATH_CHARS:
        raise error(f"the path is {len(text)} characters long; at most {MAX_PATH_CHARS} allowed")
    from pathlib import Path

    return Path(text)


def decode_text(data: bytes, error: ErrorFactory) -> str:
    """Decode a document's bytes as UTF-8 (a UTF-8 byte-order mark is allowed and dropped).

    Raises:
        PinochleError: From ``error``: the bytes are not UTF-8 text, or hold a null byte.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise error("the file is UTF-16 text; save it as UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(
            f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start}; "
            "save the file as UTF-8"
        ) from None
    if "\0" in text:
        raise error(f"a null character at offset {text.index(chr(0))}: this is not a text file")
    return text


def read_text(path: str | os.PathLike[str], error: ErrorFactory) -> str:
    """Read a document file as UTF-8 text, refusing anything that is not a modest text file.

    Raises:
        PinochleError: From ``error``: the path is malformed, the file is missing, unreadable,
            too large or not UTF-8 text.
    """
    file = check_path(path, error)
    try:
        size = file.stat().st_size
        if file.is_dir():
            raise error("is a folder, not a file")
        if size > MAX_DOCUMENT_BYTES:
            raise error(f"the file has {size} bytes; at most {MAX_DOCUMENT_BYTES} are read")
        with open(file, "rb") as stream:
            data = stream.read(MAX_DOCUMENT_BYTES + 1)
    except FileNotFoundError:
        raise error("no such file") from None
    except OSError as exc:
        raise error(f"cannot read the file: {exc.strerror or exc}") from None
    if len(data) > MAX_DOCUMENT_BYTES:
        raise error(f"the file is larger than {MAX_DOCUMENT_BYTES} bytes")
    return decode_text(data, error)


def _check_tree(value: Any, error: ErrorFactory, *, strings: bool = True) -> None:
    r"""Refuse documents nested deeper than `MAX_DEPTH`, or with a string that is not text.

    JSON may spell a lone surrogate (``"\ud800"``): Python reads it into a string that cannot
    be written as UTF-8 or printed, so it is refused here, in keys and values alike (unless
    ``strings`` is False: the caller knows the source had no ``\u`` escape and was text).
    The walk uses no recursion.
    """
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_string(item, error)
            continue
        if isinstance(item, dict):
            if strings:
                for key in item:
                    if isinstance(key, str):
                        _check_string(key, error)
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth >= MAX_DEPTH:
            raise error(f"nested more than {MAX_DEPTH} levels deep")
        if strings:
            stack.extend((child, depth + 1) for child in children)
        else:  # only the containers: the depth is all that is left to check
            stack.extend((c, depth + 1) for c in children if isinstance(c, dict | list))


def _check_string(text: str, error: ErrorFactory) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        code = ord(text[exc.start])
        raise error(
            f"a string holds the lone surrogate \\u{code:04x}, which is not a character"
        ) from None


def _text(text: object, error: ErrorFactory) -> str:
    if isinstance(text, bytes | bytearray):
        return decode_text(bytes(text), error)
    if not isinstance(text, str):
        raise error(f"expected the document as text, found {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_BYTES:
        raise error(f"the document has {len(text)} characters; at most {MAX_DOCUMENT_BYTES}")
    # Text read with encoding="utf-8" keeps a byte-order mark; it is allowed like in bytes.
    return text.removeprefix("\ufeff")


def parse_json(text: str | bytes, error: ErrorFactory) -> Any:
    r"""Parse a JSON document.

    Raises:
        PinochleError: From ``error``: not JSON, nested too deeply, a number too long to
            read (Python refuses integers of more than 4,300 digits), ``NaN``,
            ``Infinity`` or a number too large for a float (``1e400``), a key repeated in
            one object (the error names it and where), or a string holding a lone
            surrogate (``"\ud800"``, which no UTF-8 file or terminal can hold).
    """
    import json

    repeated: list[tuple[str, dict[str, Any]]] = []

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        # Python keeps the last of repeated keys, a validator may keep the first: such a
        # document says two things, so it is refused. Found here, named after the parse.
        table = dict(pairs)
        if len(table) < len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    repeated.append((key, table))
                    break
                seen.add(key)
        return table

    def loads(source: str) -> Any:
        data = json.loads(
            source,
            object_pairs_hook=unique,
            parse_constant=_no_constant,
            parse_float=_finite_float,
        )
        if repeated:
            key, table = repeated[0]
            where = _path_of(data, table)
            raise _Refused(f"the key {key[:40]!r} is repeated in {where or 'the top-level object'}")
        return data

    return _parse(loads, json.JSONDecodeError, "JSON", text, error)


class _Refused(Exception):  # noqa: N818 - not a ValueError: `_parse` turns it into the caller's
    """A document JSON can write but the library refuses; the text says why."""


def _no_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a number (JSON has no NaN or Infinity)")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"the number {text[:40]} is too large")
    return value


def _path_of(data: Any, target: object) -> str:
    """Where ``target`` (an object inside ``data``) sits, as ``game.hands[2]``; no recursion."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        item, path = stack.pop()
        if item is target:
            return path
        if isinstance(item, dict):
            stack.extend((v, f"{path}.{k}" if path else str(k)) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(item))
    return ""  # pragma: no cover - the target is always inside the document


def parse_toml(text: str | bytes, error: ErrorFactory) -> dict[str, Any]:
    """Parse a TOML document, with the same guarantees as `parse_json`."""
    import tomllib

    data: dict[str, Any] = _parse(tomllib.loads, tomllib.TOMLDecodeError, "TOML", text, error)
    return data


def _parse(
    loads: Callable[[str], Any],
    malformed: type[ValueError],
    kind: str,
    text: str | bytes,
    error: ErrorFactory,
) -> Any:
    """Decode with ``loads``, every failure turned into the caller's error."""
    source = _text(text, error)
    try:
        data = loads(source)
    except malformed as exc:
        raise error(f"not valid {kind}: {exc}") from None
    except _Refused as exc:
        raise error(str(exc)) from None
    except RecursionError:
        raise error("nested too deeply to read") from None
    except ValueError:  # an integer with too many digits
        raise error(_TOO_MANY_DIGITS) from None
    # A lone surrogate comes only from a "\u" escape or from a str that is not text.
    _check_tree(data, error, strings="\\u" in source or not _is_text(source))
    return data


def _is_text(source: str) -> bool:
    try:
        source.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
