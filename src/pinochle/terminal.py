"""How `pinochle play` and `pinochle demo` write cards on a terminal: colour and ASCII.

Red suits (♥ ♦) are written in red when the output is a terminal that wants colour: it is
a TTY, ``NO_COLOR`` is unset or empty (https://no-color.org) and ``TERM`` is not ``dumb``;
black suits keep the terminal's own text colour. ASCII output writes cards as ``AH TH``
and suits as letters (``trump S``), for ``--ascii`` and, automatically, for a stream whose
encoding cannot write the suit symbols (``PYTHONIOENCODING=ascii``, an old console), which
would otherwise fail with `UnicodeEncodeError`.

`styled` wraps a text stream so that everything written through it takes the style; the
code that writes the table keeps writing ``A♥`` and never needs to know.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Mapping
from typing import TextIO, cast

__all__ = ["StyledStream", "styled", "suits_encodable", "to_ascii", "wants_colour"]

RED = "\x1b[31m"
RESET = "\x1b[0m"

_SUIT_LETTERS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_CARD = re.compile(r"(10|[AKQJ9])([♣♦♥♠])")
_RED_CARD = re.compile(r"(?:(?:10|[AKQJ9])[♥♦]|[♥♦])")
_PUNCTUATION = str.maketrans({"·": "-", "≥": ">=", "≤": "<=", "−": "-", "–": "-", "—": "-"})


def suits_encodable(stream: object) -> bool:
    """Whether ``stream`` can write the suit symbols (a stream without an encoding can)."""
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str) or not encoding:
        return True
    try:
        "♣♦♥♠".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def wants_colour(stream: object, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour the suits on ``stream``: a TTY, ``NO_COLOR`` unset, not ``TERM=dumb``."""
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR") or env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):  # a closed or detached stream
        return False


def to_ascii(text: str) -> str:
    """Write cards as ``AH TH``, suits as letters and a few signs in ASCII (``≥`` as ``>=``)."""

    def card(match: re.Match[str]) -> str:
        rank = "T" if match[1] == "10" else match[1]
        return rank + _SUIT_LETTERS[match[2]]

    text = _CARD.sub(card, text)
    for symbol, letter in _SUIT_LETTERS.items():
        text = text.replace(symbol, letter)
    return text.translate(_PUNCTUATION)


class StyledStream(io.TextIOBase):
    """A text stream that writes to another in a card style (see `styled`)."""

    def __init__(self, stream: TextIO, *, ascii: bool, colour: bool) -> None:
        """Wrap ``stream``.

        Args:
            stream: Where the text goes.
            ascii: Write cards and suits in ASCII.
            colour: Write the red suits in red (ANSI codes).
        """
        super().__init__()
        self.stream, self.ascii, self.colour = stream, ascii, colour

    def write(self, text: str) -> int:
        """Write ``text`` in the style; return its length as given."""
        out = text
        if self.colour:
            out = _RED_CARD.sub(lambda m: f"{RED}{m[0]}{RESET}", out)
        if self.ascii:
            out = to_ascii(out)
            encoding = getattr(self.stream, "encoding", None)
            if isinstance(encoding, str) and encoding:  # whatever else it cannot write
                out = out.encode(encoding, "replace").decode(encoding)
        self.stream.write(out)
        return len(text)

    def flush(self) -> None:
        """Flush the wrapped stream."""
        self.stream.flush()

    def isatty(self) -> bool:
        """Whether the wrapped stream is a terminal."""
        return self.stream.isatty()


def styled(stream: TextIO, *, ascii: bool | None = None, colour: bool | None = None) -> TextIO:
    """``stream`` wrapped to write cards in colour or in ASCII, or itself when neither applies.

    Args:
        stream: The output.
        ascii: Write ``AH TH`` rather than ``A♥ 10♥`` (default: only when the stream's
            encoding cannot write the suit symbols). False still falls back to ASCII on
            such a stream, rather than fail.
        colour: Red suits in red (default: `wants_colour` of the stream).
    """
    use_ascii = bool(ascii) or not suits_encodable(stream)
    use_colour = wants_colour(stream) if colour is None else colour
    if not (use_ascii or use_colour):
        return stream
    return cast(TextIO, StyledStream(stream, ascii=use_ascii, colour=use_colour))
