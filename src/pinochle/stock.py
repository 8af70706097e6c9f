"""Two-hand stock-phase melding (rules/two-hand#stock-meld): which melds a player may show.

After winning a trick a player may show one meld. Melded cards stay face up on the table, still
belong to the hand and may be played. Each new meld must put at least one new card from the hand
on the table. Within a class (BC-2, rules/meld#combining: A runs, marriages, dix; B arounds; C
pinochles) a card serves only once, except that a card may serve again in a higher-scoring meld
of the same class: a royal marriage grows into a run, a pinochle into a double pinochle. Other
classes may always reuse it.

Cards are values (twins are equal), so the rules are counted in copies. For each class and
card the shown melds give the copies used and the best meld each copy served in. An upgrade is
taken to reuse an earlier copy whenever one serves in a lower meld of the class. The table
tells how many copies are still held face up. When a twin has been played, nothing says which
copy left, so the held copies are taken to be the used ones: a meld that might break the rules
is never offered.
"""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from collections.abc import Sequence

import attrs

from pinochle.cards import Card, Rank, Suit, check_in_deck, format_cards, sort_cards
from pinochle.errors import ArgumentError, _Described
from pinochle.meld import meld_values
from pinochle.variant import Variant

__all__ = ["KINDS", "Shown", "cards_to_table", "dix_in", "meld_options"]

KINDS: dict[str, str] = {
    "run": "A",
    "royal marriage": "A",
    "marriage": "A",
    "dix": "A",
    "aces around": "B",
    "kings around": "B",
    "queens around": "B",
    "jacks around": "B",
    "pinochle": "C",
    "double pinochle": "C",
}
"""Every meld kind of the stock phase and its class (BC-2, rules/two-hand#stock-meld)."""


def _in_index_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


def _check_kind(instance: Shown, attribute: attrs.Attribute[str], kind: str) -> None:
    if kind not in KINDS:
        raise ArgumentError("kind", f"a meld kind, one of {', '.join(KINDS)}", kind)


def _check_class(instance: Shown, attribute: attrs.Attribute[str], cls: str) -> None:
    if cls != KINDS[instance.kind]:
        raise ArgumentError("cls", f"{KINDS[instance.kind]}, the class of a {instance.kind}", cls)


@attrs.frozen
class Shown:
    """One meld a player has shown this hand.

    Attributes:
        kind: What it is: ``"run"``, ``"royal marriage"``, ``"marriage"``, ``"dix"``,
            ``"aces around"`` (kings, queens, jacks), ``"pinochle"`` or ``"double pinochle"``.
        cls: Its class, ``"A"``, ``"B"`` or ``"C"`` (see `KINDS`).
        cards: Exactly the cards it uses, in `Card.index` order (sorted when given).
        points: What it scored, on the profile's scale.
    """

    kind: str = attrs.field(validator=_check_kind)
    cls: str = attrs.field(validator=_check_class)
    cards: tuple[Card, ...] = attrs.field(converter=_in_index_order)
    points: int

    def __str__(self) -> str:
        return f"{self.kind} {format_cards(sort_cards(self.cards))}: {self.points}"


def dix_in(hand: Sequence[Card], trump: Suit) -> int:
    """How many dixes (nines of trump) a hand holds, for the engine's dix exchange.

    Args:
        hand: The player's cards.
        trump: The trump suit.

    Returns:
        0, 1 or 2.
    """
    return hand.count(Card(trump, Rank.NINE))


def meld_options(
    hand: Sequence[Card],
    table: Sequence[Card],
    shown: Sequence[Shown],
    trump: Suit,
    variant: Variant,
) -> tuple[Shown, ...]:
    """Every distinct meld the player may show now (rules/two-hand#stock-meld), once, with points.

    Args:
        hand: Every card the player holds, face up or not.
        table: The cards of ``hand`` that lie face up (melded earlier, not yet played).
        shown: The melds shown earlier this hand, in order; their cards may since have been
            played.
        trump: The trump suit.
        variant: The profile whose meld values apply (single copies; the double pinochle
            scores the pinochle's second value).

    Returns:
        The melds, in the order run, royal marriage, marriages (♠ ♥ ♦ ♣), dix, aces, kings,
        queens and jacks around, pinochle, double pinochle; twins give one option.

    Raises:
        DeckError: The hand cannot come from the profile's deck.
        ArgumentError: The table holds a card that the hand does not.
    """
    check_in_deck(hand, variant.deal.deck)
    candidates = _candidates(trump, variant)
    return tuple(candidates[i][0] for i in _offered(hand, table, shown, trump, variant))


def _offered(
    hand: Sequence[Card],
    table: Sequence[Card],
    shown: Sequence[Shown],
    trump: Suit,
    variant: Variant,
) -> tuple[int, ...]:
    """`meld_options` as positions in the stock's meld list, without the deck check.

    For the engine, whose hands come from its own deals: it keeps one `Declare` per position.
    The copies of each card are counted on plain lists by `Card.index` (this runs for every
    meld turn of a two-hand game).

    Raises:
        ArgumentError: The table holds a card that the hand does not.
    """
    hidden = [0] * _CARD_COUNT
    for card in hand:
        hidden[card.index] += 1
    face_up = [0] * _CARD_COUNT
    for card in table:
        index = card.index
        face_up[index] += 1
        hidden[index] -= 1
        if hidden[index] < 0:
            _split(hand, table)  # raises the error that names the card
    served: dict[tuple[str, int], list[int]] | None = None
    found: list[int] = []
    for at, (meld, need) in enumerate(_indexed_candidates(trump, variant)):
        some, every = False, True  # a hidden copy of some card / enough of every card
        for index, n in need:
            held = hidden[index]
            if held:
                some = True
            if n > held:
                every = False
        if every:
            found.append(at)  # the hidden copies alone do: look no further
        elif some:  # a new meld lays at least one hidden card on the table
            if served is None:
                served = _served_by_index(shown)
            for index, n in need:
                if n > hidden[index] + _usable_copies(index, meld, face_up, served):
                    break
            else:
                found.append(at)
    return tuple(found)


_CARD_COUNT = 24


def cards_to_table(
    meld: Shown, hand: Sequence[Card], table: Sequence[Card], shown: Sequence[Shown]
) -> tuple[Card, ...]:
    """The cards a meld takes from the hidden part of the hand and lays face up.

    A meld uses the face-up copies it may use first, so that the hand keeps its hidden cards
    free for every class, and at least one hidden card (the first in `Card.index` order) when
    the table alone would do.

    Args:
        meld: One of `meld_options`' answers for the same hand, table and shown melds.
        hand: Every card the player holds, face up or not.
        table: The cards of ``hand`` that lie face up.
        shown: The melds shown earlier this hand, in order (without ``meld``).

    Returns:
        The cards to add to the table, in `Card.index` order.

    Raises:
        ArgumentError: The table holds a card that the hand does not, or the meld is not one
            the player may show now.
    """
    hidden, face_up = _split(hand, table)
    served, need = _served(shown), Counter(meld.cards)
    laid = Counter(
        {card: max(0, n - _usable(card, meld, face_up, served)) for card, n in need.items()}
    )
    if not laid.total():
        laid[next((card for card in sorted(need) if hidden[card]), meld.cards[0])] += 1
    if any(count > hidden[card] for card, count in laid.items()):
        raise ArgumentError("meld", "a meld the player may show now", _Described(str(meld)))
    return tuple(sorted(laid.elements()))


def _split(hand: Sequence[Card], table: Sequence[Card]) -> tuple[Counter[Card], Counter[Card]]:
    """The hand's hidden and face-up copies of each card."""
    held, face_up = Counter(hand), Counter(table)
    for card, count in face_up.items():
        if count > held[card]:
            found = _Described(f"{count} × {card}, and the hand only {held[card]}")
            raise ArgumentError("table", "face-up cards that are part of the hand", found)
    return held - face_up, face_up


def _usable(
    card: Card, meld: Shown, face_up: Counter[Card], served: dict[tuple[str, Card], list[int]]
) -> int:
    """The face-up copies of a card a meld may use: those in no equal or higher meld of its class.

    Which copy of a twin was played is unknown, so the face-up copies are taken to be the used
    ones.
    """
    barred = sum(best >= meld.points for best in served.get((meld.cls, card), ()))
    return max(0, face_up[card] - barred)


def _usable_copies(
    index: int, meld: Shown, face_up: list[int], served: dict[tuple[str, int], list[int]]
) -> int:
    """`_usable` on the fast path's lists, by `Card.index`."""
    copies = face_up[index]
    if not copies:
        return 0
    barred = sum(best >= meld.points for best in served.get((meld.cls, index), ()))
    return max(0, copies - barred)


def _served_by_index(shown: Sequence[Shown]) -> dict[tuple[str, int], list[int]]:
    """`_served` keyed by `Card.index`."""
    return {(cls, card.index): copies for (cls, card), copies in _served(shown).items()}


def _served(shown: Sequence[Shown]) -> dict[tuple[str, Card], list[int]]:
    """For each class and card, the best meld (in points) of each copy used in that class."""
    served: dict[tuple[str, Card], list[int]] = defaultdict(list)
    for meld in shown:
        for card in meld.cards:
            copies = served[meld.cls, card]
            lower = [i for i, best in enumerate(copies) if best < meld.points]
            if lower:  # an upgrade: the copy from the lower meld serves again
                copies[max(lower, key=copies.__getitem__)] = meld.points
            else:
                copies.append(meld.points)
    return served


_DISPLAY = tuple(sorted(Suit, reverse=True))  # ♠ ♥ ♦ ♣, as `sort_cards` shows a hand
_AROUNDS = {"aces": Rank.ACE, "kings": Rank.KING, "queens": Rank.QUEEN, "jacks": Rank.JACK}


@functools.lru_cache(maxsize=64)
def _candidates(
    trump: Suit, variant: Variant
) -> tuple[tuple[Shown, tuple[tuple[Card, int], ...]], ...]:
    """Every meld the stock phase knows, one copy each, in option order, with its card counts."""
    values = meld_values(variant)

    def meld(kind: str, points: int, *cards: tuple[Suit, Rank]) -> Shown:
        return Shown(kind, KINDS[kind], tuple(Card(s, r) for s, r in cards), points)

    run = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
    melds = [
        meld("run", values["run"][0], *((trump, rank) for rank in run)),
        meld(
            "royal marriage", values["royal_marriage"][0], (trump, Rank.KING), (trump, Rank.QUEEN)
        ),
    ]
    for suit in _DISPLAY:
        if suit is not trump:
            melds.append(
                meld("marriage", values["marriage"][0], (suit, Rank.KING), (suit, Rank.QUEEN))
            )
    if "dix" in values:  # the double deck has no nines
        melds.append(meld("dix", values["dix"][0], (trump, Rank.NINE)))
    for name, rank in _AROUNDS.items():
        melds.append(meld(f"{name} around", values[name][0], *((s, rank) for s in _DISPLAY)))
    pinochle = ((Suit.SPADES, Rank.QUEEN), (Suit.DIAMONDS, Rank.JACK))
    melds.append(meld("pinochle", values["pinochle"][0], *pinochle))
    if len(values["pinochle"]) > 1:
        melds.append(meld("double pinochle", values["pinochle"][1], *pinochle, *pinochle))
    return tuple((m, tuple(Counter(m.cards).items())) for m in melds)


@functools.lru_cache(maxsize=64)
def _indexed_candidates(
    trump: Suit, variant: Variant
) -> tuple[tuple[Shown, tuple[tuple[int, int], ...]], ...]:
    """`_candidates` with each card's count keyed by `Card.index`."""
    return tuple(
        (meld, tuple((card.index, n) for card, n in need))
        for meld, need in _candidates(trump, variant)
    )
