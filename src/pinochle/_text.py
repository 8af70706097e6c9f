r"""Text from files and the network made safe to show on a terminal.

A profile's name, a key, a record's embedded profile or a file's own name may hold control
characters: ESC starts a sequence that can clear the screen, retitle the window or
recolour what follows, CR and BS overwrite what was written, BEL rings, and a bidi override
(U+202E) reverses the text after it. Wherever such text reaches the terminal it goes
through `printable`, which writes every character that `str.isprintable` rejects as Python
writes it in a string literal (``\x1b``, ``\r``, ``\u202e``): the C0 controls, DEL, the
C1 controls, format characters (bidi controls, zero-width characters, the byte-order
mark), line and paragraph separators, and unassigned or private-use code points. Other
text, accents, CJK and emoji included, is unchanged. A backslash is not escaped, so
`printable` never changes text that had nothing to hide and applying it twice is the same
as once.

`printable_document` does the same for a JSON or TOML document the command prints, with
the escapes those formats read back as the same character.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["printable", "printable_document"]


def printable(text: str, *, keep: str = "") -> str:
    r"""``text`` with every character a terminal could act on written as an escape.

    Args:
        text: Text that came from a file, a file name or the network.
        keep: Characters to leave as they are, such as ``"\n"`` for text of several
            lines whose line breaks are the program's own.

    Returns:
        The text with each character that `str.isprintable` rejects (and ``keep`` does not
        hold) written as in a Python string literal: ``\x1b``, ``\r``, ``\n``,
        ``\u202e``, ``\U000e0041``.
    """
    if text.isprintable():  # the common case: nothing to do, nothing copied
        return text
    return "".join(c if c.isprintable() or c in keep else _escape(c) for c in text)


def printable_document(text: str, kind: Literal["json", "toml"]) -> str:
    r"""A JSON or TOML document with the characters `printable` escapes written as escapes.

    The line breaks and spaces of the layout stay. Only for documents in which any other
    such character can only stand inside a string (``json.dumps`` and ``tomli_w`` write
    them so): there ``\u202e`` reads back as the same character, so the document still
    reads back equal.

    Args:
        text: The document.
        kind: ``"json"`` (a character past U+FFFF as a surrogate pair) or ``"toml"`` (as
            ``\UXXXXXXXX``).
    """
    if text.isprintable():
        return text
    out = []
    for c in text:
        code = ord(c)
        if c.isprintable() or c == "\n":
            out.append(c)
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04x}")
        elif kind == "toml":
            out.append(f"\\U{code:08x}")
        else:
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
    return "".join(out)


def _escape(c: str) -> str:
    return c.encode("unicode_escape").decode("ascii")
