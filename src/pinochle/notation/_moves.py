"""The move syntax: one token per action, and the two kinds of token of a seat's view."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, TypeAlias, overload

import attrs

from pinochle.actions import (
    PLAYS,
    Action,
    Bid,
    Bury,
    CallMisdeal,
    CallPartner,
    CallRenege,
    Concede,
    CorrectRenege,
    Declare,
    Draw,
    ExchangeDix,
    KeepDix,
    KeepHand,
    NameTrump,
    Pass,
    PassCards,
    Play,
    PlayOn,
    ShareKitty,
    ShootTheMoon,
    TakeTurnUp,
    ThrowIn,
)
from pinochle.cards import Card, Suit
from pinochle.errors import ArgumentError, NotationError
from pinochle.notation._syntax import (
    MAX_DIGITS,
    fail,
    problem,
    read_card,
    read_card_list,
    read_int,
    write_card_list,
)
from pinochle.stock import KINDS

__all__ = ["Hidden", "Move", "Revealed", "read_move", "write_move"]

MAX_HIDDEN = 80
"""The most cards a hidden pass or burial can hold (a double deck)."""


def _count(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or not 0 <= value <= MAX_HIDDEN:
        raise ArgumentError(attribute.name, f"a whole number from 0 to {MAX_HIDDEN}", value)


def _hidden_action(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if value not in ("pass", "bury", "share"):
        raise ArgumentError(attribute.name, "'pass', 'bury' or 'share'", value)


@attrs.frozen
class Hidden:
    """In a seat's view: a pass, a burial or a share whose cards that seat did not see.

    Written ``pass:?4``, ``bury:?3`` or ``share:?4`` (``kitty.share``: the seat that gets
    a card sees it as ``+shared:``).

    Attributes:
        action: ``"pass"`` (`PassCards`), ``"bury"`` (`Bury`) or ``"share"`` (`ShareKitty`).
        count: How many cards were passed, buried or shared.
    """

    action: Literal["pass", "bury", "share"] = attrs.field(validator=_hidden_action)
    count: int = attrs.field(validator=_count)


_WHAT = ("kitty", "meld", "passed", "drew", "shared")


def _what(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if value not in _WHAT:
        raise ArgumentError(attribute.name, "'kitty', 'meld', 'passed', 'drew' or 'shared'", value)


def _cards(value: object) -> tuple[Card, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ArgumentError("cards", "a sequence of Card", value)
    cards = tuple(value)
    for card in cards:
        if type(card) is not Card:
            raise ArgumentError("cards", "a sequence of Card", card)
    return tuple(sorted(cards, key=_index))


def _index(card: Card) -> int:
    return card.index


def _seat(instance: Revealed, attribute: attrs.Attribute[int | None], value: object) -> None:
    if instance.what == "meld":
        if type(value) is not int or not 0 <= value <= 9:
            raise ArgumentError(attribute.name, "the seat that showed the meld (0 to 9)", value)
    elif value is not None:
        raise ArgumentError(
            attribute.name, f"None: only a meld names a seat, not {instance.what}", value
        )


@attrs.frozen
class Revealed:
    """In a seat's view: cards that seat comes to see other than by an action.

    ``+kitty:AS,TD,9C`` the kitty, once the bidder takes it (shown to all, or to the
    bidder only); ``+meld:2:KH,QH`` the cards seat 2 shows as meld; ``+passed:AS,TS,KS,QS``
    the cards passed to this seat, when it sees them later than the pass (passing at
    once); ``+drew:AH`` the card this seat drew from the two-hand stock; ``+shared:AS``
    the kitty card the bidder gave this seat (``kitty.share``).

    Attributes:
        what: ``"kitty"``, ``"meld"``, ``"passed"``, ``"drew"`` or ``"shared"``.
        cards: The cards, in `Card.index` order (one for ``"drew"`` and ``"shared"``).
        seat: The seat that showed a meld; None for the others.
    """

    what: Literal["kitty", "meld", "passed", "drew", "shared"] = attrs.field(validator=_what)
    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    seat: int | None = attrs.field(default=None, validator=_seat)


Move: TypeAlias = Action | Hidden | Revealed
"""A token of a position: an action, or (in a seat's view) a `Hidden` or `Revealed`."""

_WORDS: dict[str, Action] = {
    "p": Pass(),
    "pass": Pass(),
    "exchange-dix": ExchangeDix(),
    "keep-dix": KeepDix(),
    "draw": Draw(),
    "draw-turn-up": TakeTurnUp(),
    "throw-in": ThrowIn(),
    "concede": Concede(),
    "play-on": PlayOn(),
    "misdeal": CallMisdeal(),
    "keep": KeepHand(),
    "shoot-the-moon": ShootTheMoon(),
}
"""The actions without a value, by their token (``pass`` is read as ``p``)."""

_WRITTEN: dict[type, str] = {type(a): word for word, a in _WORDS.items() if word != "pass"}
_KIND_TOKENS = {kind: kind.replace(" ", "-") for kind in KINDS}
_TOKEN_KINDS = {token: kind for kind, token in _KIND_TOKENS.items()}
_MAX_BID = 10**MAX_DIGITS - 1

EXPECTED_MOVE = (
    "a move: a bid (25), p, a card (AH), trump:H, pass:CARDS, bury:CARDS, meld:KIND:CARDS, "
    "exchange-dix, keep-dix, draw, draw-turn-up, throw-in, concede, play-on, misdeal, keep, "
    "shoot-the-moon, renege:SEAT, correct:SEAT:CARD, share:CARDS or call:CARD"
)


def write_move(move: Move) -> str:
    """The token of an action (or of a seat view's `Hidden` or `Revealed`).

    ``25`` (a bid), ``p``, ``AH`` (a card played), ``trump:H``, ``pass:AS,TS,KS,QS``,
    ``bury:9C,9C,JD``, ``meld:royal-marriage:KH,QH``, ``exchange-dix``, ``keep-dix``,
    ``draw``, ``draw-turn-up``, ``throw-in``, ``concede``, ``play-on``, ``misdeal``,
    ``keep``, ``shoot-the-moon``, ``renege:2`` (a renege called on seat 2),
    ``correct:2:QS`` (seat 2 corrects its renege in the open trick with the Q♠),
    ``share:AS,TH,KC,9D`` (``kitty.share``: the card kept, then one a seat from the
    bidder's left), ``call:AH`` (five hands: the bidder calls the ace of hearts for a
    partner); in a seat's view also ``pass:?4``, ``bury:?3``, ``share:?4``,
    ``+kitty:AS,TD,9C``, ``+meld:2:KH,QH``, ``+passed:AS,TS,KS,QS``, ``+drew:AH`` and
    ``+shared:AS``. `read_move` reads each back as an equal value.

    Raises:
        ArgumentError: Not an action; a bid below 0 or of more than 18 digits; a meld kind
            that is not one of `pinochle.stock.KINDS`.
    """
    kind = type(move)
    if kind is Play:
        return move.card.ascii  # type: ignore[union-attr]
    word = _WRITTEN.get(kind)
    if word is not None:
        return word
    if isinstance(move, Bid):
        if not 0 <= move.amount <= _MAX_BID:
            raise ArgumentError("amount", f"a bid from 0 to {_MAX_BID}", move.amount)
        return str(move.amount)
    if isinstance(move, NameTrump):
        return f"trump:{move.suit.letter}"
    if isinstance(move, PassCards):
        return f"pass:{write_card_list(move.cards)}"
    if isinstance(move, Bury):
        return f"bury:{write_card_list(move.cards)}"
    if isinstance(move, ShareKitty):
        return f"share:{write_card_list(move.cards)}"
    if isinstance(move, Declare):
        token = _KIND_TOKENS.get(move.kind)
        if token is None:
            raise ArgumentError("kind", f"a meld kind, one of {', '.join(KINDS)}", move.kind)
        return f"meld:{token}:{write_card_list(move.cards)}"
    if isinstance(move, CallRenege):
        if not 0 <= move.seat <= 9:
            raise ArgumentError("seat", "a seat from 0 to 9", move.seat)
        return f"renege:{move.seat}"
    if isinstance(move, CorrectRenege):
        if not 0 <= move.seat <= 9:
            raise ArgumentError("seat", "a seat from 0 to 9", move.seat)
        return f"correct:{move.seat}:{move.card.ascii}"
    if isinstance(move, CallPartner):
        return f"call:{move.card.ascii}"
    if isinstance(move, Hidden):
        return f"{move.action}:?{move.count}"
    if isinstance(move, Revealed):
        seat = f"{move.seat}:" if move.what == "meld" else ""
        return f"+{move.what}:{seat}{write_card_list(move.cards)}"
    raise ArgumentError("move", "an action, or a Hidden or Revealed of a seat's view", move)


@overload
def read_move(token: str, *, view: Literal[False] = False) -> Action: ...


@overload
def read_move(token: str, *, view: Literal[True]) -> Move: ...


def read_move(token: str, *, view: bool = False) -> Move:
    """Read one move's token (the output of `write_move`).

    Cards are read in any case and as ``TH``, ``10H`` or ``10♥``; the words too (``P`` is
    ``p``). A bid is ASCII digits.

    Args:
        token: One token, without spaces.
        view: Also read the tokens of a seat's view (`Hidden`, `Revealed`).

    Raises:
        NotationError: The token is not a move; its column says where in the token.
        ArgumentError: ``token`` is not text.
    """
    if not isinstance(token, str):
        raise ArgumentError("token", "a move's token such as '25', 'p' or 'AH'", token)
    return read_token(token, 0, len(token), view=view)


def read_token(text: str, start: int, end: int, *, view: bool) -> Move:
    """The move in ``text[start:end]`` (see `read_move`)."""
    if start == end:
        raise fail(text, start, EXPECTED_MOVE, "")
    first = text[start]
    if "0" <= first <= "9" and text[start:end].isdigit() and text[start:end].isascii():
        return Bid(read_int(text, start, end, "a bid", 0, _MAX_BID))
    colon = text.find(":", start, end)
    if colon < 0:
        piece = text[start:end]
        word = _WORDS.get(piece.lower())
        if word is not None:
            return word
        if 2 <= len(piece) <= 3:
            try:
                return PLAYS[read_card(text, start, end).index]
            except ValueError:
                pass
        if piece.startswith("+") or "?" in piece:
            raise _view_only(text, start, end, view)
        raise fail(text, start, EXPECTED_MOVE, piece)
    verb = text[start:colon].lower()
    at = colon + 1
    if verb == "trump":
        suit = _SUITS.get(text[at:end].lower())
        if suit is None:
            raise fail(text, at, "a suit: S, H, D, C or ♠ ♥ ♦ ♣", text[at:end])
        return NameTrump(suit)
    if verb in ("pass", "bury", "share"):
        if text.startswith("?", at):
            if not view:
                raise _view_only(text, start, end, view)
            count = read_int(text, at + 1, end, "a count of hidden cards", 0, MAX_HIDDEN)
            return Hidden(verb, count)  # type: ignore[arg-type]  # one of the three
        cards = read_card_list(text, at, end)
        if verb == "share":
            return ShareKitty(cards)  # in order: the card kept, then one a seat
        return PassCards(cards) if verb == "pass" else Bury(cards)
    if verb == "meld":
        second = text.find(":", at, end)
        kind = _TOKEN_KINDS.get(text[at : end if second < 0 else second].lower())
        if kind is None or second < 0:
            kinds = ", ".join(_KIND_TOKENS.values())
            found = text[at : end if second < 0 else second]
            if kind is not None:
                raise fail(text, end, "':' and the meld's cards", "")
            raise fail(text, at, f"a meld kind: {kinds}", found)
        return Declare(kind, read_card_list(text, second + 1, end))
    if verb == "renege":
        return CallRenege(read_int(text, at, end, "a seat", 0, 9))
    if verb == "correct":
        second = text.find(":", at, end)
        if second < 0:
            raise fail(text, end, "':' and the card that corrects the renege", "")
        return CorrectRenege(
            read_int(text, at, second, "a seat", 0, 9), read_card(text, second + 1, end)
        )
    if verb == "call":
        return CallPartner(read_card(text, at, end))
    if verb.startswith("+"):
        if not view:
            raise _view_only(text, start, end, view)
        return _revealed(text, start, colon, end)
    raise fail(text, start, EXPECTED_MOVE, text[start:end])


_SUITS: dict[str, Suit] = {
    "s": Suit.SPADES,
    "h": Suit.HEARTS,
    "d": Suit.DIAMONDS,
    "c": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}


def _view_only(text: str, start: int, end: int, view: bool) -> NotationError:
    """The error for a seat view's token where a move of the whole game belongs."""
    if view:
        return fail(
            text,
            start,
            f"{EXPECTED_MOVE}, or a seat view's +kitty:, +meld:, "
            "+passed:, +drew:, +shared:, pass:?N, bury:?N or share:?N",
            text[start:end],
        )
    return problem(
        text,
        start,
        f"{text[start:end][:40]!r} is a token of a seat's view (hidden or revealed cards), "
        "allowed only in a position with seat=",
        text[start:end],
    )


def _revealed(text: str, start: int, colon: int, end: int) -> Revealed:
    what = text[start + 1 : colon].lower()
    at = colon + 1
    if what == "meld":
        second = text.find(":", at, end)
        if second < 0:
            raise fail(text, at, "the seat that shows the meld, ':' and its cards", text[at:end])
        seat = read_int(text, at, second, "a seat", 0, 9)
        return Revealed("meld", read_card_list(text, second + 1, end), seat)
    if what == "drew":
        return Revealed("drew", (read_card(text, at, end),))
    if what == "shared":
        return Revealed("shared", (read_card(text, at, end),))
    if what in ("kitty", "passed"):
        return Revealed("kitty" if what == "kitty" else "passed", read_card_list(text, at, end))
    raise fail(text, start, "+kitty:, +meld:, +passed:, +drew: or +shared:", text[start:end])
