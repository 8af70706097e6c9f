"""Card play's tables: card sets as bitmasks, and what card play needs of each profile.

Medium and Hard decide on sets of cards held as bitmasks over `Card.index` (bit ``i`` for
``CARDS[i]``): their card memory (`pinochle.bots.memory`), their card play
(`pinochle.bots.play`) and their two-hand play while the stock lasts
(`pinochle.bots.stock_cards`) share these masks and the per-profile `Tables`, kept in one
cache keyed by the profile (`tables_of`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence

from pinochle import CARDS, Card, InvariantError, Rank, Suit, Variant, card_points

_SUIT_CARDS = tuple(tuple(c for c in CARDS if c.suit is suit) for suit in Suit)
_HIGHER = tuple(tuple(c for c in _SUIT_CARDS[card.suit] if c.rank > card.rank) for card in CARDS)


def mask_of(cards: Sequence[Card]) -> int:
    """The cards as a bitmask over `Card.index`."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


BIT = tuple(1 << i for i in range(len(CARDS)))
SUIT_MASK = tuple(mask_of(cards) for cards in _SUIT_CARDS)
HIGHER_MASK = tuple(mask_of(cards) for cards in _HIGHER)
ACES = mask_of([c for c in CARDS if c.rank is Rank.ACE])
PINOCHLE = mask_of([CARDS[Suit.SPADES * 6 + Rank.QUEEN], CARDS[Suit.DIAMONDS * 6 + Rank.JACK]])
QUEENS = mask_of([c for c in CARDS if c.rank is Rank.QUEEN])
assert all(CARDS[c.index + 1].rank is Rank.KING for c in CARDS if c.rank is Rank.QUEEN)
# UP_TO[suit][ceiling + 1]: the suit's cards up to the ceiling rank (none when void).
UP_TO = tuple(tuple(((1 << n) - 1) << (suit * 6) for n in range(7)) for suit in range(4))


class Orders:
    """The orders of `_throw_low` and `_cheapest` as masks of tied cards, lowest key first.

    ``throw``: by points, then trump or not, then rank; ``cheap``: by trump or not, then
    rank; ``counters``: the cards with points. Kept per profile and trump (`Tables`).
    """

    __slots__ = ("cheap", "counters", "throw")

    def __init__(self, values: Sequence[int], trump: Suit | None) -> None:
        def groups(key: Callable[[Card], tuple[int, ...]]) -> tuple[int, ...]:
            masks: dict[tuple[int, ...], int] = {}
            for card in CARDS:
                k = key(card)
                masks[k] = masks.get(k, 0) | BIT[card.index]
            return tuple(masks[k] for k in sorted(masks))

        self.throw = groups(lambda c: (values[c.index], c.suit is trump, c.rank))
        self.cheap = groups(lambda c: (c.suit is trump, c.rank))
        self.counters = mask_of([c for c in CARDS if values[c.index] > 0])


def pick_mask(groups: Sequence[int], cards: int, rng: random.Random) -> Card:
    """Card play's ``_pick_by`` on masks: the card of ``cards`` in the first group holding one.

    Ties (several in that group) are drawn as ``_pick_by`` draws them, in index order.
    """
    for group in groups:
        tied = group & cards
        if tied:
            if not tied & (tied - 1):
                return CARDS[tied.bit_length() - 1]
            return rng.choice([c for c in CARDS if tied >> c.index & 1])
    raise InvariantError("no card to pick")  # pragma: no cover - the groups cover every card


Sides = tuple[frozenset[int], frozenset[int], bool, tuple[tuple[int, ...], ...]]
"""A seat's opponents, partners, whether its side holds the bid, and the opponents still to
play after each number of cards played (card play's ``_sides``)."""


class Tables:
    """What card play needs of one profile, worked out once (see `tables_of`).

    Attributes:
        values: Each card's trick points, by `Card.index`.
        orders: The `Orders` of the card values, by trump (None too).
        sides: `Sides` by seat, persons, bidder and called partner, filled as they are asked (a few
            dozen at most: a profile has few seatings).
    """

    __slots__ = ("orders", "sides", "values")

    def __init__(self, variant: Variant) -> None:
        values = tuple(card_points((card,), variant) for card in CARDS)
        self.values = values
        self.orders = {trump: Orders(values, trump) for trump in (*Suit, None)}
        self.sides: dict[tuple[int, tuple[int, ...], int | None, int | None], Sides] = {}


@functools.lru_cache(maxsize=64)
def tables_of(variant: Variant) -> Tables:
    """The per-profile tables of card play: one cache, keyed by the profile's value."""
    return Tables(variant)
