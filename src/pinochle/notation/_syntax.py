"""The notation's small pieces: where a problem is, cards, card lists, hands and numbers.

Every reader here takes the whole text and an offset into it, so that a problem anywhere
is reported with its line and column (`fail`); none of them recurses on the input.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pinochle._text import printable
from pinochle.cards import CARDS, Card, Rank, Suit
from pinochle.documents import MAX_DOCUMENT_BYTES
from pinochle.errors import ArgumentError, NotationError

VERSION = "1.0"
"""The version of the notation this module reads and writes."""

MAX_DIGITS = 18
"""The most digits a number of the notation has (a bid, a seed of up to 2**64 has 20)."""

_SEED_DIGITS = 20

_RANK_LETTERS = {"a": Rank.ACE, "t": Rank.TEN, "k": Rank.KING, "q": Rank.QUEEN, "j": Rank.JACK}
_RANK_LETTERS["9"] = Rank.NINE
_SUIT_TEXT = {
    "s": Suit.SPADES,
    "h": Suit.HEARTS,
    "d": Suit.DIAMONDS,
    "c": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}
_CARD_TEXT: dict[str, Card] = {}
for _card in CARDS:
    _ranks = (
        [_card.rank.letter.lower(), "10"] if _card.rank is Rank.TEN else [_card.rank.letter.lower()]
    )
    for _rank_text in _ranks:
        for _suit_text, _suit in _SUIT_TEXT.items():
            if _suit is _card.suit:
                _CARD_TEXT[_rank_text + _suit_text] = _card

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The order of a hand's suit groups (``S.H.D.C``, as bridge's PBN)."""

CARD_EXAMPLE = "a card such as AH, TS or 10♥"


def where(text: str, offset: int) -> tuple[int, int]:
    """The line and column (both from 1) of an offset in the text."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def shown(piece: str) -> str:
    """A piece of the text as a message quotes it: cut to 40 characters, escaped."""
    cut = piece if len(piece) <= 40 else piece[:37] + "..."
    return repr(printable(cut)) if cut else "the end of the text"


def fail(text: str, offset: int, expected: str, found: str | None = None) -> NotationError:
    """The error for the text at ``offset``: ``expected ..., found '...'``.

    Args:
        text: The whole text.
        offset: Where the problem starts.
        expected: What should be there (``"a card such as AH"``).
        found: The piece found there; by default the token at the offset.
    """
    piece = token_at(text, offset) if found is None else found
    line, column = where(text, offset)
    return NotationError(line, column, f"expected {expected}, found {shown(piece)}", piece[:40])


def problem(text: str, offset: int, reason: str, piece: str = "") -> NotationError:
    """The error for the text at ``offset`` with a reason in full words."""
    line, column = where(text, offset)
    return NotationError(line, column, reason, piece[:40])


_TOKEN_END = re.compile(r"[\s{}\[\]]")


def token_at(text: str, offset: int) -> str:
    """The token that starts at ``offset`` (up to the next space, brace or bracket)."""
    end = _TOKEN_END.search(text, offset)
    return text[offset : end.start() if end else len(text)] or text[offset : offset + 1]


def check_size(text: str) -> None:
    """Refuse a text longer than the documents the library reads (16 MiB)."""
    if len(text) > MAX_DOCUMENT_BYTES:
        raise NotationError(
            1, 1, f"the text has {len(text)} characters; at most {MAX_DOCUMENT_BYTES} are read"
        )


def decode(data: str | bytes) -> str:
    """The text of a document given as text or UTF-8 bytes (a byte-order mark dropped).

    Raises:
        NotationError: Bytes that are not UTF-8 (the line and column of the first bad byte),
            a null character, or a text larger than 16 MiB.
        ArgumentError: Neither text nor bytes.
    """
    if isinstance(data, bytes | bytearray):
        if len(data) > MAX_DOCUMENT_BYTES:
            raise NotationError(
                1, 1, f"the text has {len(data)} bytes; at most {MAX_DOCUMENT_BYTES} are read"
            )
        raw = bytes(data)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            good = raw[: exc.start].decode("utf-8-sig", errors="replace")
            line, column = where(good, len(good))
            raise NotationError(
                line, column, f"not UTF-8 text: byte 0x{raw[exc.start]:02x}", ""
            ) from None
    elif isinstance(data, str):
        text = data.removeprefix("\ufeff")
    else:
        raise ArgumentError("text", "the notation as text (str) or UTF-8 bytes", data)
    check_size(text)
    if "\0" in text:
        raise problem(text, text.index("\0"), "a null character: this is not a text")
    return text


# --- Numbers -----------------------------------------------------------------------------

_NUMBER = re.compile(r"-?[0-9]+")


def read_int(text: str, start: int, end: int, what: str, low: int, high: int) -> int:
    """A whole number in ``text[start:end]``, from ``low`` to ``high``.

    ASCII digits only (``int`` would also read ``٣٠`` and ``1_0``), at most enough digits for
    ``high``, so that a number of thousands of digits is refused before it is converted.
    """
    piece = text[start:end]
    digits = max(len(str(low)), len(str(high)))
    if not _NUMBER.fullmatch(piece):
        raise fail(text, start, f"{what} (a whole number in digits 0-9)", piece)
    if len(piece) > digits:
        raise fail(text, start, f"{what} from {low} to {high}", piece)
    value = int(piece)
    if not low <= value <= high:
        raise fail(text, start, f"{what} from {low} to {high}", piece)
    return value


# --- Cards -------------------------------------------------------------------------------


def write_card(card: Card) -> str:
    """A card in the notation: its ASCII name, ``TH``."""
    return card.ascii


def read_card(text: str, start: int, end: int) -> Card:
    """The card ``text[start:end]`` (``AH``, ``TH``, ``10H``, ``A♥``; any case)."""
    card = _CARD_TEXT.get(text[start:end].lower())
    if card is None:
        raise fail(text, start, CARD_EXAMPLE, text[start:end])
    return card


def write_card_list(cards: Sequence[Card]) -> str:
    """Cards joined by commas, in the order given: ``AS,TS,9C``."""
    return ",".join(card.ascii for card in cards)


def read_card_list(text: str, start: int, end: int) -> tuple[Card, ...]:
    """Cards joined by commas (``AS,TS,9C``; empty: no card), in the order written."""
    if start == end:
        return ()
    cards = []
    at = start
    while True:
        comma = text.find(",", at, end)
        stop = end if comma < 0 else comma
        cards.append(read_card(text, at, stop))
        if comma < 0:
            return tuple(cards)
        at = comma + 1


def write_hand(cards: Sequence[Card]) -> str:
    """A hand by suit, ``S.H.D.C``, each suit's ranks high to low: ``AT9.AKQJ..KQJ9``."""
    groups: list[list[str]] = [[], [], [], []]
    for card in sorted(cards, key=_HIGH_FIRST):
        groups[_GROUP[card.suit]].append(card.rank.letter)
    return ".".join("".join(group) for group in groups)


_GROUP = {suit: i for i, suit in enumerate(SUIT_ORDER)}


def _high_first(card: Card) -> tuple[int, int]:
    return (_GROUP[card.suit], -card.rank)


_HIGH_FIRST = _high_first


def read_hand(text: str, start: int, end: int) -> tuple[Card, ...]:
    """A hand: by suit (``AT9.AKQJ..KQJ9``) or as cards joined by commas (``AS,TH,10♥``).

    Returns the cards in `Card.index` order for a hand by suit, in the order written for a
    list of cards.
    """
    piece = text[start:end]
    if piece.count(".") != 3:
        if "." in piece:
            raise fail(
                text, start, "a hand by suit, four groups S.H.D.C joined by three dots", piece
            )
        return read_card_list(text, start, end)
    cards: list[Card] = []
    at = start
    for suit in SUIT_ORDER:
        stop = text.find(".", at, end)
        stop = end if stop < 0 else stop
        i = at
        while i < stop:
            char = text[i].lower()
            if char == "1" and text[i + 1 : i + 2] == "0":
                rank, width = Rank.TEN, 2
            else:
                found = _RANK_LETTERS.get(char)
                if found is None:
                    raise fail(text, i, "a rank: A, T (or 10), K, Q, J or 9", text[i])
                rank, width = found, 1
            cards.append(CARDS[suit * 6 + rank])
            i += width
        at = stop + 1
    return tuple(sorted(cards, key=_INDEX))


def _index(card: Card) -> int:
    return card.index


_INDEX = _index
