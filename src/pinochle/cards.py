"""Suits, ranks and cards; the decks; reading and writing cards as text.

A pinochle deck holds identical twins (two, three, four or six copies of every card), so a
`Card` is a value: two copies of the ace of spades are equal. Every card also has
a small integer `Card.index` (0-23) that the meld scorer and the engine use for
table look-ups.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Literal

import attrs

from pinochle.errors import ArgumentError, CardParseError, DeckError, SuitParseError

__all__ = [
    "CARDS",
    "Card",
    "CardStyle",
    "DeckKind",
    "Rank",
    "Suit",
    "check_in_deck",
    "copies_in_deck",
    "deck_has_nines",
    "deck_size",
    "format_cards",
    "make_deck",
    "parse_cards",
    "parse_suit",
    "sort_cards",
]


class Suit(enum.IntEnum):
    """A suit. Suits have no rank among themselves; the order is only for sorting."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The ASCII letter: C, D, H or S."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣, ♦, ♥ or ♠."""
        return "♣♦♥♠"[self]

    def __str__(self) -> str:
        return self.symbol

    def __bool__(self) -> bool:
        # Every suit is truthy, clubs (0) too: `trump or "-"` must not lose clubs.
        return True


class Rank(enum.IntEnum):
    """A rank; the integer values follow trick order, so ``Rank.TEN > Rank.KING``."""

    NINE = 0
    JACK = 1
    QUEEN = 2
    KING = 3
    TEN = 4
    ACE = 5

    @property
    def letter(self) -> str:
        """The one-character ASCII name: 9, J, Q, K, T or A."""
        return "9JQKTA"[self]

    @property
    def label(self) -> str:
        """The name as printed on a card face: 9, J, Q, K, 10 or A."""
        return "10" if self is Rank.TEN else self.letter

    def __str__(self) -> str:
        return self.label

    def __bool__(self) -> bool:
        return True  # the nine (0) is a rank like any other


class DeckKind(enum.StrEnum):
    """Which deck a table uses."""

    SINGLE = "single"
    """48 cards: A T K Q J 9, two of each in every suit."""
    DOUBLE = "double"
    """80 cards: A T K Q J, four of each in every suit, no nines."""
    DOUBLE_NINES = "double-nines"
    """96 cards: two full single decks, A T K Q J 9, four of each (six or eight hands)."""
    TRIPLE = "triple"
    """120 cards: A T K Q J, six of each in every suit, no nines (six hands)."""
    ONE_AND_A_HALF = "one-and-a-half"
    """60 cards: one and a half packs, A T K Q J, three of each, nines removed (five hands)."""
    ONE_AND_A_HALF_NINES = "one-and-a-half-nines"
    """72 cards: one and a half packs, A T K Q J 9, three of each (3, 4, 6 or 8 hands)."""


CardStyle = Literal["symbols", "ascii"]
"""How `format_cards` writes a card: ``"symbols"`` gives ``10♥``, ``"ascii"`` gives ``TH``."""


@attrs.frozen(repr=False, eq=False)
class Card:
    """One playing card. Twins are equal: ``Card(Suit.SPADES, Rank.ACE)`` twice is one value.

    Attributes:
        suit: The card's suit.
        rank: The card's rank.
        index: ``suit * 6 + rank``, a small integer for table look-ups (0-23).
    """

    suit: Suit
    rank: Rank
    index: int = attrs.field(init=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        if type(self.suit) is not Suit:
            raise ArgumentError("suit", "a Suit such as Suit.SPADES", self.suit)
        if type(self.rank) is not Rank:
            raise ArgumentError("rank", "a Rank such as Rank.ACE", self.rank)
        object.__setattr__(self, "index", self.suit * 6 + self.rank)

    # A card crosses a pickle or a copy as its index and comes back as the shared object in
    # `CARDS`: the engine compares cards by identity, so a fresh copy would be a stranger.
    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        return _shared_card, (self.index,)

    def __copy__(self) -> Card:
        return CARDS[self.index]

    def __deepcopy__(self, memo: object) -> Card:
        return CARDS[self.index]

    # Equality and hashing by index: cards are compared in every inner loop.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return type(other) is Card and self.index == other.index

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return self.rank.label + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card(Suit.{self.suit.name}, Rank.{self.rank.name})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @property
    def ascii(self) -> str:
        """The two-character ASCII name, such as ``TH`` or ``9S``."""
        return self.rank.letter + self.suit.letter

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this `index` (0-23).

        Raises:
            ArgumentError: ``index`` is not a whole number from 0 to 23.
        """
        if type(index) is not int or not 0 <= index < len(CARDS):
            raise ArgumentError("index", "a card index from 0 to 23", index)
        return CARDS[index]


CARDS: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
"""The 24 distinct cards, in `Card.index` order."""


def _shared_card(index: int) -> Card:
    """The shared card of this index: how a pickled card comes back."""
    return CARDS[index]


def make_deck(kind: DeckKind | str) -> tuple[Card, ...]:
    """Return a fresh, unshuffled deck: 48 cards for ``"single"``, 80 for ``"double"``.

    ``"double-nines"`` gives 96 cards, ``"triple"`` 120, ``"one-and-a-half"`` 60 and
    ``"one-and-a-half-nines"`` 72.
    """
    kind = _deck_kind(kind)
    copies = copies_in_deck(kind)
    nines = deck_has_nines(kind)
    cards = CARDS if nines else [c for c in CARDS if c.rank is not Rank.NINE]
    # The shared CARDS objects: the engine then compares cards by identity, fast.
    return tuple(card for card in cards for _ in range(copies))


_COPIES = {
    DeckKind.SINGLE: 2,
    DeckKind.DOUBLE: 4,
    DeckKind.DOUBLE_NINES: 4,
    DeckKind.TRIPLE: 6,
    DeckKind.ONE_AND_A_HALF: 3,
    DeckKind.ONE_AND_A_HALF_NINES: 3,
}
_NINES = frozenset({DeckKind.SINGLE, DeckKind.DOUBLE_NINES, DeckKind.ONE_AND_A_HALF_NINES})


def copies_in_deck(kind: DeckKind | str) -> int:
    """How many copies of each card the deck holds.

    2 in the single deck, 3 in a deck and a half, 4 in the double or 96-card deck, 6 in the
    triple deck.
    """
    return _COPIES[_deck_kind(kind)]


def deck_has_nines(kind: DeckKind | str) -> bool:
    """Whether the deck holds nines: the single, 72-card and 96-card decks do."""
    return _deck_kind(kind) in _NINES


def deck_size(kind: DeckKind | str) -> int:
    """Cards in the deck: 48, 60, 72, 80, 96 or 120."""
    kind = _deck_kind(kind)
    return _COPIES[kind] * (24 if kind in _NINES else 20)


_KINDS_HELP = "a deck kind: " + ", ".join(repr(k.value) for k in DeckKind)


def _deck_kind(kind: object) -> DeckKind:
    try:
        return DeckKind(kind)  # type: ignore[arg-type]
    except ValueError:
        raise ArgumentError("kind", _KINDS_HELP, kind) from None


def check_in_deck(cards: Iterable[Card], kind: DeckKind | str) -> None:
    """Raise `DeckError` if these cards cannot all come from one deck of this kind.

    Args:
        cards: The cards, for example one player's hand.
        kind: A deck kind, such as ``"single"`` or ``"double"``.

    Raises:
        DeckError: A card appears more often than the deck holds it, or the deck has no such
            card (nines in a deck without them: the double, triple and 60-card decks).
        ArgumentError: ``kind`` is not a deck kind.
    """
    kind = _deck_kind(kind)
    limit = copies_in_deck(kind)
    nines = deck_has_nines(kind)
    for card, count in Counter(cards).items():
        if not nines and card.rank is Rank.NINE:
            raise DeckError(f"{card} is not in the {kind.value} deck: it has no nines")
        if count > limit:
            raise DeckError(
                f"{count} × {card}, but the {kind.value} deck has only {limit} of each card"
            )


_SUIT_CHARS = {
    "c": Suit.CLUBS,
    "d": Suit.DIAMONDS,
    "h": Suit.HEARTS,
    "s": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
_SUIT_NAMES = {s.name.lower(): s for s in Suit} | {s.name.lower()[:-1]: s for s in Suit}
_RANK_TEXT = {
    "a": Rank.ACE,
    "t": Rank.TEN,
    "10": Rank.TEN,
    "k": Rank.KING,
    "q": Rank.QUEEN,
    "j": Rank.JACK,
    "9": Rank.NINE,
}
_BY_TEXT: dict[str, Card] = {}
for _card in CARDS:
    for _rank_text, _rank in _RANK_TEXT.items():
        if _rank is _card.rank:
            for _suit_text, _suit in _SUIT_CHARS.items():
                if _suit is _card.suit:
                    _BY_TEXT[_rank_text + _suit_text] = _card
_SEPARATORS = re.compile(r"[\s,;]+")


_RANKS_HELP = "A, 10 or T, K, Q, J, 9"
_SUITS_HELP = "C, D, H, S or ♣ ♦ ♥ ♠"
_LONGEST = max(len(text) for text in _BY_TEXT)  # "10♥": a longer token is no card at all


def _explain(token: str) -> str:
    """Say why a token that is not in the card table is not a card.

    The reason never quotes a piece of the token: ``blah`` is no rank ``bla`` before the
    suit ``h``, only something that is not a card (the error quotes the whole token).
    """
    low = token.lower()
    if low in _RANK_TEXT:
        return f"it has a rank but no suit (add {_SUITS_HELP})"
    if low in _SUIT_CHARS:
        return f"it has a suit but no rank (use {_RANKS_HELP})"
    if low in _SUIT_NAMES:
        return "it is a suit, not a card (a card is a rank and a suit, such as AS or 10♥)"
    if len(token) <= _LONGEST:
        if low[-1] not in _SUIT_CHARS:
            return f"its last character is not a suit (use {_SUITS_HELP})"
        return f"no pinochle rank before its suit (use {_RANKS_HELP})"
    return f"a card is a rank ({_RANKS_HELP}) and a suit ({_SUITS_HELP}), such as AS or 10♥"


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read cards from text such as ``"AS 10S TS A♠ as, ks"``.

    Tokens are separated by spaces, commas or semicolons. A rank is A, 10 or T, K, Q, J or 9; a
    suit is a letter (C D H S) or a symbol (♣ ♦ ♥ ♠, outlined forms too); case does not matter.
    Cards already parsed pass through, so ``parse_cards(["AS", card])`` works.

    Args:
        text: A string of card tokens, or an iterable of tokens and cards.

    Returns:
        The cards in the order written (twins kept).

    Raises:
        CardParseError: A token is not a card; the error names the token and its 1-based position.
        ArgumentError: ``text`` is neither text nor an iterable, or a token is neither a card
            nor text.
    """
    tokens: Iterable[object]
    if isinstance(text, str):
        tokens = [t for t in _SEPARATORS.split(text) if t]
    elif isinstance(text, Iterable) and not isinstance(text, bytes | bytearray):
        tokens = text
    else:
        raise ArgumentError("cards", "card text or an iterable of cards", text)
    cards: list[Card] = []
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, Card):
            cards.append(token)
            continue
        if not isinstance(token, str):
            raise ArgumentError(f"cards[{position - 1}]", "a Card or a card's text", token)
        card = _BY_TEXT.get(token.strip().lower())
        if card is None:
            raise CardParseError(token, position, _explain(token.strip() or "?"))
        cards.append(card)
    return tuple(cards)


def parse_suit(suit: Suit | str) -> Suit:
    """Read a suit from a `Suit`, a letter (``"H"``), a symbol (``"♥"``) or a name (``"hearts"``).

    Raises:
        SuitParseError: The text is not a suit (a `ValueError` too).
        ArgumentError: ``suit`` is neither a `Suit` nor text.
    """
    if isinstance(suit, Suit):
        return suit
    if not isinstance(suit, str):
        raise ArgumentError("suit", "a Suit or a suit's text such as 'H' or 'hearts'", suit)
    text = suit.strip().lower()
    found = _SUIT_CHARS.get(text) or _SUIT_NAMES.get(text)
    if found is None:
        raise SuitParseError(suit, "use C, D, H, S, ♣ ♦ ♥ ♠ or a suit name")
    return found


def sort_cards(cards: Iterable[Card], trump: Suit | None = None) -> tuple[Card, ...]:
    """Sort a hand for display: by suit (trump first when given), high cards first in each suit."""

    def key(card: Card) -> tuple[bool, int, int]:
        return (card.suit is not trump, -card.suit, -card.rank)

    return tuple(sorted(cards, key=key))


def format_cards(cards: Sequence[Card] | Iterable[Card], style: CardStyle = "symbols") -> str:
    """Write cards as text that `parse_cards` reads back.

    Args:
        cards: The cards, written in the order given.
        style: ``"symbols"`` for ``A♥ 10♥`` or ``"ascii"`` for ``AH TH``.
    """
    if style == "ascii":
        return " ".join(card.ascii for card in cards)
    if style == "symbols":
        return " ".join(str(card) for card in cards)
    raise ArgumentError("style", "a card style: 'symbols' or 'ascii'", style)
