"""Actions: the small frozen values a player gives the engine, with a readable text form.

Every action has a ``str`` that `parse_action` reads back: ``bid 30``, ``pass``,
``trump ♥``, ``pass-cards A♠ 10♠ K♠ Q♠``, ``bury 9♣ 9♣ J♦``, ``throw in``, ``concede``,
``play on``, ``shoot the moon``, ``play 10♣``, in two-hand ``declare royal marriage: K♥ Q♥``,
``exchange dix``, ``draw``, ``draw turn-up``; with a turned trump ``exchange dix`` or
``keep dix``; right after a deal under ``deal.misdeal``, ``misdeal`` and ``keep``; in trick
play under ``renege.accept``, ``call renege 2``, and under ``renege.correction``,
``correct renege 2 Q♠``; sharing the kitty under ``kitty.share``,
``share A♠ 10♥ K♣ 9♦``; with a called partner (five hands), ``call A♥``.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable
from typing import TypeAlias

import attrs

from pinochle.cards import CARDS, Card, Suit, format_cards, parse_cards, parse_suit
from pinochle.errors import ActionParseError, ArgumentError, CardParseError, SuitParseError

__all__ = [
    "PLAYS",
    "Action",
    "Bid",
    "Bury",
    "CallMisdeal",
    "CallPartner",
    "CallRenege",
    "Concede",
    "CorrectRenege",
    "Declare",
    "Draw",
    "ExchangeDix",
    "KeepDix",
    "KeepHand",
    "NameTrump",
    "Pass",
    "PassCards",
    "Play",
    "PlayOn",
    "ShareKitty",
    "ShootTheMoon",
    "TakeTurnUp",
    "ThrowIn",
    "parse_action",
    "play_action",
]


def _whole_number(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:  # bool and float are not bids; a float would reach the scores
        raise ArgumentError(attribute.name, "a whole number (int)", value)


def _suit(value: object) -> Suit:
    if isinstance(value, Suit):
        return value
    if isinstance(value, str):
        return parse_suit(value)
    raise ArgumentError("suit", "a Suit such as Suit.HEARTS, or its text 'H'", value)


@attrs.frozen
class Bid:
    """Bid this amount (on the profile's scale).

    Raises:
        ArgumentError: ``amount`` is not an `int` (``Bid(26.0)``, ``Bid("30")`` and
            ``Bid(True)`` are refused).
    """

    amount: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"bid {self.amount}"


@attrs.frozen
class Pass:
    """Pass in the auction; a pass is final."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class NameTrump:
    """The high bidder names the trump suit (a `Suit`, or its text: ``NameTrump("H")``).

    Raises:
        ArgumentError: ``suit`` is neither a `Suit` nor text (``NameTrump(2)``).
        SuitParseError: ``suit`` is text that is not a suit.
    """

    suit: Suit = attrs.field(converter=_suit)

    def __str__(self) -> str:
        return f"trump {self.suit.symbol}"


def _canonical(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """The cards in `Card.index` order; text and card names are read with `parse_cards`."""
    try:
        return tuple(sorted(cards, key=_INDEX))  # type: ignore[arg-type]
    except (AttributeError, TypeError):  # text, names, or something that is no card at all
        return tuple(sorted(parse_cards(cards), key=_INDEX))


_INDEX = operator.attrgetter("index")


def _kind(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str):
        raise ArgumentError(attribute.name, "a meld name such as 'royal marriage'", value)


@attrs.frozen
class PassCards:
    """Pass these cards to a partner (or, for the bidder, return them).

    The cards are kept in a canonical order, so the same cards in any order are one action.
    """

    cards: tuple[Card, ...] = attrs.field(converter=_canonical)

    def __str__(self) -> str:
        return f"pass-cards {format_cards(self.cards)}"


@attrs.frozen
class Bury:
    """The bidder buries these cards after taking the kitty (three-hand).

    The cards are kept in a canonical order, so the same cards in any order are one action.
    """

    cards: tuple[Card, ...] = attrs.field(converter=_canonical)

    def __str__(self) -> str:
        return f"bury {format_cards(self.cards)}"


@attrs.frozen
class Declare:
    """Two-hand: the trick winner lays down a meld (``kind`` and its ``cards``) on the table.

    The engine lists every legal declaration; ``kind`` is a name such as ``"royal
    marriage"``, ``"run"``, ``"aces around"``, ``"pinochle"``, ``"double pinochle"`` or
    ``"dix"``.
    """

    kind: str = attrs.field(validator=_kind)
    cards: tuple[Card, ...] = attrs.field(converter=_canonical)

    def __str__(self) -> str:
        return f"declare {self.kind}: {format_cards(self.cards)}"


@attrs.frozen
class ExchangeDix:
    """Two-hand: the trick winner exchanges the dix (9 of trump) for the turned-up card."""

    def __str__(self) -> str:
        return "exchange dix"


@attrs.frozen
class Draw:
    """Two-hand: the trick winner ends the turn; both players draw from the stock."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class TakeTurnUp:
    """Two-hand, at the last draw: the trick winner takes the turned-up card.

    Only under ``stock.last_draw = "winner-chooses"``; the loser gets the last face-down card.
    """

    def __str__(self) -> str:
        return "draw turn-up"


@attrs.frozen
class KeepDix:
    """Turned trump, ``trump.dix_exchange``: the player asked keeps the dix (no exchange)."""

    def __str__(self) -> str:
        return "keep dix"


@attrs.frozen
class ThrowIn:
    """The bidder concedes the hand after meld."""

    def __str__(self) -> str:
        return "throw in"


@attrs.frozen
class Concede:
    """An opponent of the bidder concedes the hand after meld (three-hand auction, 14.1).

    Where ``settlement.opponents_concede`` is on, each opponent in turn concedes or plays
    on; when every opponent concedes, the bidder wins without play.
    """

    def __str__(self) -> str:
        return "concede"


@attrs.frozen
class PlayOn:
    """Decline to throw in (the bidder) or to concede (an opponent): the hand is played."""

    def __str__(self) -> str:
        return "play on"


@attrs.frozen
class ShootTheMoon:
    """The bidder promises that its side takes every trick (``settlement.shoot_the_moon``).

    Declared after meld, before the first lead (`Phase.MOON`); declining is `PlayOn`. The
    bidders score ``settlement.moon_bonus`` more if they take every trick, else they lose
    ``settlement.moon_penalty`` and their meld and trick points.
    """

    def __str__(self) -> str:
        return "shoot the moon"


@attrs.frozen
class CallMisdeal:
    """Throw in a qualifying hand right after the deal (``deal.misdeal``): the dealer redeals."""

    def __str__(self) -> str:
        return "misdeal"


@attrs.frozen
class KeepHand:
    """Keep the hand dealt (the answer of every seat that does not call a misdeal)."""

    def __str__(self) -> str:
        return "keep"


@attrs.frozen
class CallRenege:
    """Call a renege on this seat (``renege.accept``, rules/reneges): play stops.

    The hand is settled by the profile's renege table (``renege.penalty``): against the
    seat's side if it reneged this hand, else against the caller's (an unproven call is the
    caller's renege).

    Raises:
        ArgumentError: ``seat`` is not an `int`.
    """

    seat: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"call renege {self.seat}"


def _in_order(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """The cards as given, in their order; text and card names are read with `parse_cards`."""
    if type(cards) is tuple and all(type(card) is Card for card in cards):
        return cards  # the engine's own lists: no reading needed
    return parse_cards(cards)


@attrs.frozen
class ShareKitty:
    """The bidder shares the kitty (``kitty.share``, BC-PA's widow): keeps one, gives the rest.

    ``cards`` is the whole kitty in order: the first card is the one the bidder keeps, then
    the card given face down to each other seat, from the bidder's left. The order matters,
    so unlike `Bury` the cards are kept as given.
    """

    cards: tuple[Card, ...] = attrs.field(converter=_in_order)

    def __str__(self) -> str:
        return f"share {format_cards(self.cards)}"


def _one_card(value: object) -> Card:
    if type(value) is Card:
        return value
    if isinstance(value, str):
        cards = parse_cards(value)
        if len(cards) == 1:
            return cards[0]
    raise ArgumentError("card", "one Card, or its text such as 'AH'", value)


@attrs.frozen
class CallPartner:
    """Five hands (``deal.partner = "called"``): the bidder calls a trump card.

    The first player other than the bidder to play a copy of it is the bidder's partner for
    the hand; a bidder who holds every copy plays alone (rules/deck-and-deal#five-hands).
    Under ``deal.partner = "asked"`` (the house game with two bid winners) the bidder asks
    for any card of the deck, and the first other player holding a copy, from the bidder's
    right, is the partner at once (rules/deck-and-deal#two-winners).

    Raises:
        ArgumentError: ``card`` is neither a `Card` nor the text of one card.
        CardParseError: ``card`` is text that is not a card.
    """

    card: Card = attrs.field(converter=_one_card)

    def __str__(self) -> str:
        return f"call {self.card}"


@attrs.frozen
class CorrectRenege:
    """Take back a renege before the trick closes (``renege.correction``, rules/reneges).

    ``seat`` played a card against the trick duty in the trick still open; it takes the card
    back and plays ``card``, a legal card there, instead. The cards played after the renege
    go back to their players, who play again. A seat may correct out of turn: the action
    names it. Once the trick's last card is played the renege stands and can only be called.

    Raises:
        ArgumentError: ``seat`` is not an `int`; ``card`` is neither a `Card` nor the text
            of one card.
        CardParseError: ``card`` is text that is not a card.
    """

    seat: int = attrs.field(validator=_whole_number)
    card: Card = attrs.field(converter=_one_card)

    def __str__(self) -> str:
        return f"correct renege {self.seat} {self.card}"


class Play:
    """Play this card to the trick.

    There is one `Play` object per card: ``Play(card)`` returns the shared one, so the
    engine compares plays by identity in its inner loop. Plays are immutable.
    """

    __slots__ = ("card",)
    card: Card

    def __new__(cls, card: Card) -> Play:
        """Return the shared play of this card.

        Raises:
            ArgumentError: ``card`` is not a `Card` (read text with `parse_action`).
        """
        if type(card) is not Card:
            raise ArgumentError("card", "a Card such as parse_cards('AS')[0]", card)
        return PLAYS[card.index]

    @classmethod
    def _make(cls, card: Card) -> Play:
        play = object.__new__(cls)
        object.__setattr__(play, "card", card)
        return play

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __reduce__(self) -> tuple[type[Play], tuple[Card]]:
        return (Play, (self.card,))

    def __repr__(self) -> str:
        return f"Play(card={self.card!r})"

    def __str__(self) -> str:
        return f"play {self.card}"


Action: TypeAlias = (
    Bid
    | Pass
    | NameTrump
    | PassCards
    | Bury
    | Declare
    | ExchangeDix
    | Draw
    | TakeTurnUp
    | KeepDix
    | ThrowIn
    | Concede
    | PlayOn
    | ShootTheMoon
    | CallMisdeal
    | KeepHand
    | CallRenege
    | CorrectRenege
    | ShareKitty
    | CallPartner
    | Play
)
"""Any action the engine accepts."""

PLAYS: tuple[Play, ...] = tuple(Play._make(card) for card in CARDS)
"""The shared `Play` of each card, by `Card.index`."""


def play_action(card: Card) -> Play:
    """The shared `Play` value for a card (the engine hands out one object per card)."""
    return PLAYS[card.index]


def parse_action(text: str) -> Action:
    """Read an action from its text form (the output of ``str(action)``).

    A bid's amount is written in ASCII digits (``bid 30``); cards as `parse_cards` reads them.

    Raises:
        ActionParseError: The text is not an action (a `ValueError` too); the error says why.
        ArgumentError: ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise ArgumentError("text", "an action's text such as 'bid 30' or 'play A♠'", text)
    words = text.strip().split(None, 1)
    verb = words[0].lower() if words else ""
    rest = words[1].strip() if len(words) > 1 else ""
    try:
        if verb == "bid":
            if not _AMOUNT.fullmatch(rest):
                raise ActionParseError(text, "a bid is 'bid' and a whole number in digits 0-9")
            return Bid(int(rest))
        if verb == "pass" and not rest:
            return Pass()
        if verb == "trump":
            return NameTrump(parse_suit(rest))
        if verb == "pass-cards":
            return PassCards(parse_cards(rest))
        if verb == "bury":
            return Bury(parse_cards(rest))
        if verb == "share":
            return ShareKitty(parse_cards(rest))
        if verb == "declare" and ":" in rest:
            kind, cards = rest.split(":", 1)
            return Declare(kind.strip(), parse_cards(cards))
        if verb == "exchange" and rest.lower() == "dix":
            return ExchangeDix()
        if verb == "draw" and not rest:
            return Draw()
        if verb == "draw" and rest.lower() in ("turn-up", "turnup", "turn up"):
            return TakeTurnUp()
        if verb == "keep" and rest.lower() == "dix":
            return KeepDix()
        if verb == "play" and rest.lower() == "on":
            return PlayOn()
        if verb == "play":
            played = parse_cards(rest)
            if len(played) != 1:
                raise ActionParseError(text, f"play one card, not {len(played)}")
            return play_action(played[0])
        if verb == "throw" and rest.lower() == "in":
            return ThrowIn()
        if verb == "misdeal" and not rest:
            return CallMisdeal()
        if verb == "keep" and not rest:
            return KeepHand()
        if verb == "concede" and not rest:
            return Concede()
        if verb == "call" and rest.lower().startswith("renege"):
            seat = rest[len("renege") :].strip()
            if not _SEAT.fullmatch(seat):
                raise ActionParseError(text, "a call is 'call renege' and a seat number 0-9")
            return CallRenege(int(seat))
        if verb == "correct" and rest.lower().startswith("renege"):
            seat, _, card = rest[len("renege") :].strip().partition(" ")
            if not _SEAT.fullmatch(seat):
                raise ActionParseError(
                    text, "a correction is 'correct renege', a seat number 0-9 and a card"
                )
            fixed = parse_cards(card)
            if len(fixed) != 1:
                raise ActionParseError(text, f"correct with one card, not {len(fixed)}")
            return CorrectRenege(int(seat), fixed[0])
        if verb == "call":
            called = parse_cards(rest)
            if len(called) != 1:
                raise ActionParseError(text, f"call one card, not {len(called)}")
            return CallPartner(called[0])
        if verb == "shoot" and " ".join(rest.lower().split()) == "the moon":
            return ShootTheMoon()
    except (CardParseError, SuitParseError) as exc:
        raise ActionParseError(text, str(exc)) from None
    raise ActionParseError(
        text,
        "expected 'bid N', 'pass', 'trump S', 'pass-cards CARDS', 'bury CARDS', "
        "'declare KIND: CARDS', 'exchange dix', 'keep dix', 'draw', 'draw turn-up', 'throw in', "
        "'concede', 'play on', 'shoot the moon', 'misdeal', 'keep', 'call renege SEAT', "
        "'correct renege SEAT CARD', "
        "'share CARDS', 'call CARD' or 'play CARD'",
    )


_SEAT = re.compile(r"[0-9]")
"""A seat number in a renege call: one ASCII digit."""
_AMOUNT = re.compile(r"-?[0-9]{1,18}")
"""A bid's amount: ASCII digits only (``int`` would also read ``٣٠`` and ``1_0``)."""
