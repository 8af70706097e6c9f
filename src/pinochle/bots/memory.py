"""Card memory: where a Medium or Hard player takes the cards it cannot see to be.

Hard remembers every card played and every void shown (`pinochle.knowledge`, kept by a
`pinochle.KnowledgeTracker` per seat that the bot owns: `Notes`); in two-hand with one
deck, once the stock is gone, it counts the cards out instead (the opponent holds every
card neither in its hand nor played). Medium sees only its hand, the current trick, the
meld shown and the two-hand table: it takes every card it cannot see to be still out,
and nobody to be void. Card play (`pinochle.bots.play`) reads the answer as a `_Memory`.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence

from pinochle import (
    CARDS,
    Card,
    DeckKind,
    Knowledge,
    KnowledgeTracker,
    Observation,
    Rank,
    Suit,
    knowledge,
    make_deck,
)
from pinochle.bots._tables import BIT, SUIT_MASK, UP_TO, mask_of

__all__ = ["Notes"]


class _Memory:
    """Where the cards outside the player's hand may be.

    Sets of cards are bitmasks over `Card.index` (bit ``i`` for ``CARDS[i]``).

    Attributes:
        free: The cards (a mask) of which another seat may hold a copy.
        holds: Each seat's cards (a mask) it is known to hold (shown meld, passed cards,
            table).
        ceilings: For each seat and suit, the highest rank it may hold (-1: void).
    """

    __slots__ = ("_known", "_may", "ceilings", "free", "holds")

    def __init__(
        self,
        free: int,
        holds: Sequence[int],
        ceilings: Sequence[Sequence[int]],
    ) -> None:
        self.free = free
        self.holds = holds
        self.ceilings = ceilings
        self._may: list[int | None] = [None] * len(holds)
        self._known: int | None = None

    @property
    def known(self) -> int:
        """The cards (a mask) another seat is known to hold (worked out once)."""
        known = self._known
        if known is None:
            known = 0
            for seat in range(len(self.holds)):
                known |= self.held(seat)
            self._known = known
        return known

    def held(self, seat: int) -> int:
        """The cards (a mask) ``seat`` is known to hold."""
        return self.holds[seat]

    def mask(self, seat: int) -> int:
        """The cards (a mask) ``seat`` may hold, worked out once per seat.

        Those known in its hand, and the free ones its ceilings allow.
        """
        mask = self._may[seat]
        if mask is None:
            mask = self._may[seat] = self.free & _allowed(self.ceilings[seat]) | self.held(seat)
        return mask

    def may_hold(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` may hold a copy of ``card``."""
        return bool(self.mask(seat) >> card.index & 1)

    def may_hold_any(self, seat: int, cards: int) -> bool:
        """Whether ``seat`` may hold any of the cards of the mask ``cards``."""
        return bool(self.mask(seat) & cards)

    def is_void(self, seat: int, suit: Suit) -> bool:
        """Whether ``seat`` surely holds no card of ``suit``."""
        return not self.mask(seat) & SUIT_MASK[suit]


def _allowed(ceilings: Sequence[int]) -> int:
    """The cards (a mask) at or below a seat's ceilings."""
    clubs, diamonds, hearts, spades = ceilings
    return (
        UP_TO[0][clubs + 1] | UP_TO[1][diamonds + 1] | UP_TO[2][hearts + 1] | UP_TO[3][spades + 1]
    )


def _recall(observation: Observation) -> _Memory:
    """Hard: every card played and every void shown, from `pinochle.knowledge`."""
    return _memory_of(knowledge(observation))


def _memory_of(known: Knowledge) -> _Memory:
    return _Memory(mask_of(known.unseen), [mask_of(cards) for cards in known.holds], known.ceilings)


class Notes:
    """Hard's card memory: a `pinochle.KnowledgeTracker` per seat, owned by the bot.

    The bot is the tracker's caller: it gives each seat's tracker every view it decides
    on, and the tracker brings what `pinochle.knowledge` tells up to date by the cards
    played since (in trick play without a two-hand table or turn-up), or reads the view
    afresh (see `pinochle.KnowledgeTracker`). Nothing is kept outside the notes, so bots
    of several games, in one thread or several, never see each other's views. The notes
    are a cache: pickling or copying them gives empty notes.
    """

    __slots__ = ("_seats",)

    def __init__(self) -> None:
        self._seats: dict[int, KnowledgeTracker] = {}

    def __reduce__(self) -> tuple[type[Notes], tuple[()]]:
        return (Notes, ())

    def recall(self, observation: Observation) -> _Memory:
        """What `_recall` reads, brought up to date from the seat's last look."""
        seat = observation.seat
        tracker = self._seats.get(seat)
        if tracker is None:
            tracker = self._seats[seat] = KnowledgeTracker()
        found = tracker._follow(observation)
        if isinstance(found, Knowledge):
            return _memory_of(found)
        return _Memory(found.free, found.held, found.ceilings)


def _count_out(observation: Observation) -> _Memory | None:
    """Hard, two-hand with one deck once the stock is gone: counted, not recalled.

    The opponent holds every card neither in the player's hand nor played (what
    `pinochle.knowledge` tells then, for less): every card is then in one of the two
    hands or played, so the cards the opponent may hold are exactly those; the seat's
    ceilings only confirm them. None for any other game or moment (`_recall` reads
    `pinochle.knowledge`).
    """
    variant = observation.variant
    if (
        variant.deal.players != 2
        or variant.deal.deck is not DeckKind.SINGLE
        or observation.turn_up is not None
        or observation.stock_size
    ):
        return None
    out = [2] * len(CARDS)  # the copies of each card not seen gone
    for card in observation.hand:
        out[card.index] -= 1
    for trick in observation.tricks:
        for _, card in trick.plays:
            out[card.index] -= 1
    for _, card in observation.trick:
        out[card.index] -= 1
    mask = 0
    for index, copies in enumerate(out):
        if copies > 0:
            mask |= 1 << index
    return _Memory(mask, [0, 0], [_ANY_RANK, _ANY_RANK])


_ANY_RANK = [int(Rank.ACE)] * len(Suit)


@functools.cache
def _in_deck(deck: DeckKind) -> tuple[int, ...]:
    """The copies of each card (by `Card.index`) the deck holds: none of a nine it lacks."""
    held = Counter(card.index for card in make_deck(deck))
    return tuple(held[card.index] for card in CARDS)


def _glance(observation: Observation) -> _Memory:
    """Medium: only what lies in view now; every card it cannot see may be anywhere."""
    variant = observation.variant
    free = list(_in_deck(variant.deal.deck))
    players = variant.deal.players
    holds: list[list[Card]] = []
    for seat in range(players):
        meld = observation.melds[seat] if observation.melds else None
        cards = {c for item in meld.items for c in item.cards} if meld is not None else set()
        cards.update(observation.table[seat] if observation.table else ())
        cards.difference_update(c for s, c in observation.trick if s == seat)
        holds.append([] if seat == observation.seat else sorted(cards))
    turn_up = () if observation.turn_up is None else (observation.turn_up,)
    seen = [*observation.hand, *observation.buried, *turn_up, *(c for _, c in observation.trick)]
    for card in [*seen, *(c for cards in holds for c in cards)]:
        free[card.index] = max(0, free[card.index] - 1)
    mask = sum(BIT[i] for i, n in enumerate(free) if n > 0)
    return _Memory(
        mask, [mask_of(cards) for cards in holds], [[int(Rank.ACE)] * len(Suit)] * players
    )
