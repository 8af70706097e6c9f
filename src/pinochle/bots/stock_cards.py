"""Medium and Hard's card in two-hand while the stock lasts (S1's computer levels).

Then no card is owed to the trick (any card in hand is legal), so the rule of thumb is
short: win a trick that carries points or when a meld waits to be shown, else throw a
low card that is no part of a meld to be. It needs no card memory nor sides.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from pinochle import Card, Observation, Suit, Variant, meld_total
from pinochle.bots._tables import (
    ACES,
    HIGHER_MASK,
    PINOCHLE,
    QUEENS,
    SUIT_MASK,
    mask_of,
    pick_mask,
    tables_of,
)

__all__ = ["stock_card"]


def stock_card(observation: Observation, cards: Sequence[Card], rng: random.Random) -> Card:
    """Win a trick with points or when a meld waits; else throw a card no meld needs.

    It needs no card memory nor sides (two players, and every card in hand is legal while
    the stock lasts), so it reads only the trump, the trick and the card values; half of
    two-hand's card decisions are these, so they are made on masks (`Orders`) with no
    `_Table`: the same card and the same draw as `_cheapest` and `_throw_low` with the
    cards a meld to be needs put last.
    """
    variant, trump = observation.variant, observation.trump
    profile = tables_of(variant)
    values, orders = profile.values, profile.orders[trump]
    held = mask_of(cards)
    keep = _meld_cards(held, trump)
    if observation.trick:
        led = observation.trick[0][1]
        # The cards that beat the card led: higher in its suit, or a trump on a plain suit.
        beating = held & HIGHER_MASK[led.index]
        if trump is not None and led.suit is not trump:
            beating |= held & SUIT_MASK[trump]
        last = len(observation.hand) == 1
        taken = values[led.index] + (variant.counting.last_trick if last else 0)
        spare = beating & ~keep
        worth = spare if taken > 0 else spare & orders.counters  # (points are never < 0)
        # Any card that wins when a meld waits, else those worth it. The meld in hand is
        # scored only when that makes a difference: not when every winner outside the melds
        # to be is worth it (then the pick among all winners is one of those, the same one).
        winners = worth
        if worth != beating and (worth != spare or not worth) and _meld_waits(observation):
            winners = beating
        if winners:
            return pick_mask(orders.cheap, winners & ~keep or winners, rng)
    return pick_mask(orders.throw, held & ~keep or held, rng)


def _meld_cards(held: int, trump: Suit | None) -> int:
    """Cards (a mask) of melds to be: aces, trumps, the pinochle, married kings and queens.

    ``held``: the cards in hand, a mask.
    """
    # The queens whose king is held too (a king's bit is the next above its queen's).
    married = held & held >> 1 & QUEENS
    keep = held & (ACES | PINOCHLE | (0 if trump is None else SUIT_MASK[trump]))
    return keep | married | married << 1


def _meld_waits(observation: Observation) -> bool:
    """Whether the hand holds more meld than it has laid on the table (two-hand)."""
    variant, trump = observation.variant, observation.trump
    on_table = observation.table[observation.seat] if observation.table else ()
    in_hand = meld_total(observation.hand, trump, variant)
    return in_hand > _table_meld(on_table, trump, variant)


@functools.lru_cache(maxsize=256)
def _table_meld(cards: tuple[Card, ...], trump: Suit | None, variant: Variant) -> int:
    """The meld of the cards on the table, kept by value (it changes only with a meld)."""
    return meld_total(cards, trump, variant)
