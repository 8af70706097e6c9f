"""Lazy, indexable lists of legal actions: card choices and bids.

`CardChoices` lists every distinct way to choose k cards from a hand; `BidChoices` lists
the auction's pass and bids.

Passing four cards from a 16-card hand has up to 1,820 choices. `CardChoices` is a
`Sequence` that holds only the hand: its length is counted, its items are built on demand
by unranking, and ``in`` is a multiset test, so a random player that picks one choice
pays for one, not for all. Identical twins make one choice, not two.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Generic, TypeVar, overload

from pinochle.actions import Action, Bid, Pass
from pinochle.cards import CARDS, Card
from pinochle.errors import InvariantError

__all__ = ["BidChoices", "CardChoices"]

_INDEX = operator.attrgetter("index")
_NOTHING = object()

T = TypeVar("T")


@functools.lru_cache(maxsize=4096)
def _ways(counts: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    """``ways[i][r]``: the choices of ``r`` cards from the distinct cards ``i, i+1, ...``.

    Row ``i`` takes 0 to ``counts[i]`` copies of card ``i``, so ``ways[i][r]`` is the sum of
    ``ways[i + 1][r - j]`` for those ``j``: the next row added to itself shifted by each ``j``.
    """
    row = (1,) + (0,) * k
    rows = [row]
    for count in reversed(counts):
        new = row
        for j in range(1, min(count, k) + 1):  # add the next row shifted by j
            new = tuple(map(operator.add, new, (0,) * j + row[: k + 1 - j]))
        row = new
        rows.append(row)
    rows.reverse()
    return tuple(rows)


def _count(cards: Iterable[Card]) -> dict[int, int]:
    """How many of each card, by `Card.index`.

    A plain loop over ints: `Counter` pays for its Python-level ``update`` (an ABC check)
    and each `Card.__hash__` is a Python call; passing builds two of these a decision.
    """
    counted: dict[int, int] = {}
    for card in cards:
        index = card.index
        counted[index] = counted.get(index, 0) + 1
    return counted


class CardChoices(Sequence[T], Generic[T]):
    """Every distinct multiset of ``k`` cards from ``hand``, each wrapped by ``make``.

    Args:
        hand: The cards to choose from (twins allowed).
        k: How many to choose.
        make: Builds the action from a tuple of cards in `Card.index` order.
        cards_of: Reads the cards back from an action (for ``in``).
    """

    __slots__ = ("_cards_of", "_counts", "_distinct", "_k", "_last", "_make", "_ways")

    def __init__(
        self,
        hand: Sequence[Card],
        k: int,
        make: Callable[[tuple[Card, ...]], T],
        cards_of: Callable[[object], tuple[Card, ...] | None],
    ) -> None:
        counted = _count(hand)
        indexes = sorted(counted)
        self._distinct = tuple(map(CARDS.__getitem__, indexes))
        self._counts = tuple(map(counted.__getitem__, indexes))
        self._k = k
        self._make = make
        self._cards_of = cards_of
        self._ways = _ways(self._counts, k)
        self._last: object = _NOTHING  # the item handed out last (see __contains__)

    def __len__(self) -> int:
        return self._ways[0][self._k]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards chosen from (twins repeated), in `Card.index` order."""
        return tuple(c for c, n in zip(self._distinct, self._counts, strict=True) for _ in range(n))

    @property
    def k(self) -> int:
        """How many cards each choice holds."""
        return self._k

    @property
    def make(self) -> Callable[[tuple[Card, ...]], T]:
        """What builds an item from its cards (the action class)."""
        return self._make

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...

    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("choice index out of range")
        chosen: list[Card] = []
        remaining = self._k
        ways = self._ways
        for i, card in enumerate(self._distinct):
            # Take j copies of this card: skip past the blocks of the choices with fewer.
            row = ways[i + 1]
            j = 0
            block = row[remaining]
            while index >= block:
                index -= block
                j += 1
                block = row[remaining - j]
            if j:
                chosen += [card] * j
                remaining -= j
                if not remaining:
                    break
        item = self._make(tuple(chosen))
        self._last = item
        return item

    def __iter__(self) -> Iterator[T]:
        return (self[i] for i in range(len(self)))

    def __contains__(self, value: object) -> bool:
        if value is self._last:  # a player's pick, checked by the engine: O(1), no counting
            return True
        cards = self._cards_of(value)
        if cards is None or len(cards) != self._k:
            return False
        try:
            wanted = _count(cards)
        except AttributeError:  # something that is no card
            return False
        held = dict(zip(map(_INDEX, self._distinct), self._counts, strict=True))
        return all(held.get(index, 0) >= n for index, n in wanted.items())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CardChoices):
            return NotImplemented
        return (self._distinct, self._counts, self._k) == (
            other._distinct,
            other._counts,
            other._k,
        ) and list(self[:1]) == list(other[:1])

    def __hash__(self) -> int:
        return hash((self._distinct, self._counts, self._k))

    def __repr__(self) -> str:
        return f"<{len(self)} choices of {self._k} cards>"


class BidChoices(Sequence[Action]):
    """The auction's legal actions, a pass (unless forced) then every legal bid, lowest first.

    A profile may allow a million bids (``bidding.maximum = 1000000``); this `Sequence`
    holds only the arithmetic runs of amounts (Python ranges), so its length, its items,
    slices and ``in`` cost the same for ten bids or a million.

    Args:
        can_pass: Whether the first action is `Pass`.
        amounts: The legal amounts, as ranges in increasing order that do not overlap.
    """

    __slots__ = ("_amounts", "_can_pass", "_len")

    def __init__(self, can_pass: bool, amounts: Sequence[range]) -> None:
        self._can_pass = can_pass
        self._amounts = tuple(r for r in amounts if len(r))
        self._len = int(can_pass) + sum(len(r) for r in self._amounts)

    @property
    def can_pass(self) -> bool:
        """Whether the first action is `Pass`."""
        return self._can_pass

    @property
    def amounts(self) -> tuple[range, ...]:
        """The legal amounts, as ranges in increasing order."""
        return self._amounts

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._len)))
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("bid index out of range")
        if self._can_pass:
            if index == 0:
                return _PASS
            index -= 1
        for amounts in self._amounts:
            if index < len(amounts):
                return Bid(amounts[index])
            index -= len(amounts)
        raise InvariantError("a bid index past the last amount")  # pragma: no cover

    def __iter__(self) -> Iterator[Action]:
        if self._can_pass:
            yield _PASS
        for amounts in self._amounts:
            for amount in amounts:
                yield Bid(amount)

    def __contains__(self, value: object) -> bool:
        if isinstance(value, Pass):
            return self._can_pass
        if isinstance(value, Bid):
            return any(value.amount in amounts for amounts in self._amounts)
        return False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BidChoices):
            return NotImplemented
        return (self._can_pass, self._amounts) == (other._can_pass, other._amounts)

    def __hash__(self) -> int:
        return hash((self._can_pass, self._amounts))

    def __repr__(self) -> str:
        bids = self._len - int(self._can_pass)
        first = self[int(self._can_pass)] if bids else None
        last = self[-1] if bids else None
        shown = f"{first} ... {last}" if bids else "no bid"
        return f"<{'pass or ' if self._can_pass else ''}{bids} bids: {shown}>"


_PASS = Pass()
