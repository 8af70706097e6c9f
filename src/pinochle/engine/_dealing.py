"""Dealing: the seeded shuffle, the deal's order and piles, given hands checked."""

from __future__ import annotations

import functools
import itertools
import operator
import random
from collections import Counter
from collections.abc import Callable, Sequence

from pinochle.cards import CARDS, Card, check_in_deck, make_deck
from pinochle.engine._common import _sorted
from pinochle.errors import DeckError
from pinochle.variant import Variant


def _deal(
    variant: Variant, seed: int, number: int, dealer: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """Shuffle deal ``number`` from the seed; deal it in packets from the dealer's left.

    Returns the hands, the kitty (dealt after the first round, as BC-A3 and Parlett deal
    the widow) and the undealt rest in shuffled order (the two-hand stock).
    """
    deck = _deck(variant.deal.deck)  # in Card.index order, twins side by side
    # A uniform shuffle: order the cards by independent random keys (one C call each,
    # several times faster than random.shuffle's rejection sampling). The shuffled deck is
    # ``deck[i] for i in shuffled``. (The loops here are `map`s: they run in C.)
    draw = random.Random(f"pinochle:{seed}:{number}").random
    keys = list(itertools.starmap(draw, itertools.repeat((), len(deck))))
    shuffled = sorted(range(len(deck)), key=keys.__getitem__)
    # Each pile (the last: the kitty) in Card.index order: its deck positions, sorted.
    piles = [
        tuple(map(deck.__getitem__, sorted(take(shuffled))))
        for take in _pile_takers(variant, dealer)
    ]
    # The undealt rest is the two-hand stock, in order; without a stock or kitty the last
    # card dealt (to the dealer) is the one turned for trump where the profile turns one.
    dealt = len(_deal_order(variant, dealer))
    rest = tuple(map(deck.__getitem__, shuffled[dealt:])) or (deck[shuffled[dealt - 1]],)
    players = variant.deal.players
    return tuple(piles[:players]), piles[players], rest


def _deal_cards(
    variant: Variant, shuffled: Sequence[Card], dealer: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """Deal a deck in the order given, as `_deal` deals its shuffle (see `_redeal`)."""
    piles = [_sorted([shuffled[p] for p in pile]) for pile in _pile_positions(variant, dealer)]
    dealt = len(_deal_order(variant, dealer))
    rest = tuple(shuffled[dealt:]) or (shuffled[dealt - 1],)
    players = variant.deal.players
    return tuple(piles[:players]), piles[players], rest


_deck = functools.cache(make_deck)


@functools.lru_cache(maxsize=256)
def _deal_order(variant: Variant, dealer: int) -> tuple[int, ...]:
    """Who receives each card of the shuffled deck.

    Packets go round from the dealer's left; the kitty (pile ``players``) comes after the
    first round.
    """
    players, size, packet = variant.deal.players, variant.deal.hand, variant.deal.packet
    held = [0] * players
    order: list[int] = []
    while held[dealer] < size:
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            take = min(packet, size - held[seat])
            order.extend([seat] * take)
            held[seat] += take
        if len(order) == players * min(packet, size):
            order.extend([players] * variant.deal.kitty)
    return tuple(order)


@functools.lru_cache(maxsize=256)
def _pile_positions(variant: Variant, dealer: int) -> tuple[tuple[int, ...], ...]:
    """For each pile (the seats, then the kitty), where its cards lie in the shuffled deck."""
    order = _deal_order(variant, dealer)
    return tuple(
        tuple(k for k, to in enumerate(order) if to == pile)
        for pile in range(variant.deal.players + 1)
    )


@functools.lru_cache(maxsize=256)
def _pile_takers(
    variant: Variant, dealer: int
) -> tuple[Callable[[Sequence[int]], Sequence[int]], ...]:
    """For each pile, a function that picks its positions out of a shuffled deck.

    An `operator.itemgetter` takes a pile's dozen positions in one C call, where a `map`
    over them makes a dozen (a deal is made once a hand).
    """
    return tuple(_taker(pile) for pile in _pile_positions(variant, dealer))


def _taker(positions: tuple[int, ...]) -> Callable[[Sequence[int]], Sequence[int]]:
    if len(positions) < 2:  # an itemgetter of one position returns the item, not a tuple
        return lambda items: [items[p] for p in positions]
    return operator.itemgetter(*positions)


def _check_hands(variant: Variant, hands: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    """Given hands must be a complete, possible deal under the profile."""
    players, size = variant.deal.players, variant.deal.hand
    if len(hands) != players:
        raise DeckError(f"expected {players} hands, found {len(hands)}")
    for seat, cards in enumerate(hands):
        if len(cards) != size:
            held = f"{len(cards)} card" + ("" if len(cards) == 1 else "s")
            raise DeckError(f"seat {seat} holds {held}; each hand has {size}")
    everything = [card for cards in hands for card in cards]
    check_in_deck(everything, variant.deal.deck)
    if variant.deal.kitty == 0 and not variant.deal.stock:
        missing = Counter(make_deck(variant.deal.deck)) - Counter(everything)
        if missing:
            raise DeckError(f"the hands do not make a whole deck: missing {sorted(missing)}")
    return tuple(_sorted(cards) for cards in hands)


def _rest_of_deck(
    variant: Variant, hands: Sequence[Sequence[Card]], seed: int
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The kitty and the shuffled stock that go with given hands (the cards they lack)."""
    rest = list(
        (Counter(_deck(variant.deal.deck)) - Counter(c for h in hands for c in h)).elements()
    )
    if variant.deal.kitty:
        return _sorted(rest), ()
    random.Random(f"pinochle:{seed}:0:stock").shuffle(rest)
    return (), tuple(CARDS[c.index] for c in rest)


def _seating(variant: Variant, dealer: int) -> tuple[tuple[int, ...], int]:
    """Who plays this hand, by seat, and the dealing seat, for a dealer (a person).

    With four at a three-hand table the dealer sits out; with five, the dealer and the player
    second to the dealer's left (BC-A3, rules/three-hand). Seat 0 is then the dealer's left and
    the last active seat deals, so the auction and the lead start where the rules say.
    """
    seated, players = variant.deal.seated, variant.deal.players
    if seated == players:
        return tuple(range(players)), dealer
    skip = {dealer} if seated == 4 else {dealer, (dealer + 2) % seated}
    persons = tuple(
        p for p in ((dealer + k) % seated for k in range(1, seated + 1)) if p not in skip
    )
    return persons, players - 1
