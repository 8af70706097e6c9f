"""Bidding rules: which amounts a profile allows (rules/auction)."""

from __future__ import annotations

from collections.abc import Iterable

from pinochle.cards import Card, Rank, Suit
from pinochle.variant import TrumpRule, Variant, WithoutMarriage

__all__ = ["bid_amounts", "bid_problem", "next_bid", "raise_step"]


def raise_step(variant: Variant, bid: int) -> int:
    """The smallest raise over ``bid``: ``bidding.step``, or ``step_above`` from the threshold."""
    rules = variant.bidding
    threshold, above = rules.step_threshold, rules.step_above
    if threshold is not None and above is not None and bid >= threshold:
        return above
    return rules.step


def next_bid(variant: Variant, current: int | None) -> int | None:
    """The lowest legal bid after ``current`` (None: the opening), or None above the maximum.

    Legal amounts lie on the profile's grid: ``minimum + k × step`` up to ``step_threshold``,
    then ``step_threshold + k × step_above``.
    """
    rules = variant.bidding
    if current is None or current < rules.minimum:
        amount = rules.minimum
    else:
        amount = current + rules.step - (current - rules.minimum) % rules.step
    threshold, above = rules.step_threshold, rules.step_above
    if threshold is not None and above is not None and amount > threshold:
        base = max(current if current is not None else threshold, threshold)
        amount = threshold + ((base - threshold) // above + 1) * above
    if rules.maximum is not None and amount > rules.maximum:
        return None
    return amount


def bid_problem(variant: Variant, amount: int, current: int | None = None) -> str | None:
    """Why ``amount`` is not a legal bid after ``current`` (None: the opening), or None if it is.

    An amount is legal when it is at least the next bid, within the maximum, and on the
    profile's grid of steps (``minimum + k × step``; from ``step_threshold`` on, the threshold
    plus multiples of ``step_above``). Without ``bidding.jumps`` only the next bid is legal.
    """
    rules = variant.bidding
    lowest = next_bid(variant, current)
    if lowest is None:
        return f"no bid can top {current}: the maximum is {rules.maximum}"
    if amount < lowest:
        return f"bid must be at least {lowest}"
    if rules.maximum is not None and amount > rules.maximum:
        return f"bid must be at most {rules.maximum}"
    if not rules.jumps and amount != lowest:
        return f"bids go up one step at a time: the next bid is {lowest}"
    threshold = rules.step_threshold
    if threshold is not None and rules.step_above is not None and amount > threshold:
        if (amount - threshold) % rules.step_above:
            return f"bids above {threshold} go up by {rules.step_above}"
    elif (amount - rules.minimum) % rules.step:
        return f"bids go up by {rules.step} from {rules.minimum}"
    return None


def bid_amounts(variant: Variant, current: int | None, limit: int) -> tuple[range, ...]:
    """Every legal bid after ``current`` (None: the opening) up to ``limit``, as ranges.

    The amounts are those of the chain ``next_bid(variant, current)``, ``next_bid`` of that,
    and so on (only the first without ``bidding.jumps``), held as at most two arithmetic
    runs: the grid of ``step`` up to ``step_threshold``, then that of ``step_above``.
    """
    rules = variant.bidding
    first = next_bid(variant, current)
    if first is None or first > limit:
        return ()
    if not rules.jumps:
        return (range(first, first + 1),)
    threshold, above = rules.step_threshold, rules.step_above
    if threshold is None or above is None:
        return (range(first, limit + 1, rules.step),)
    if first > threshold:
        return (range(first, limit + 1, above),)
    lower = range(first, min(threshold, limit) + 1, rules.step)
    return (lower, range(threshold + above, limit + 1, above))


_SUITS = tuple(Suit)

_MARRIAGES = tuple((suit, suit * 6 + Rank.KING, suit * 6 + Rank.QUEEN) for suit in Suit)
"""Each suit with the indexes of its K and Q (iterating an enum runs Python code)."""

_DIXES = tuple((suit, suit * 6 + Rank.NINE) for suit in Suit)
"""Each suit with the index of its nine: the dix once the suit is trump."""


def _trump_suits(variant: Variant, cards: Iterable[Card]) -> tuple[Suit, ...]:
    """The suits a high bidder holding ``cards`` may name trump in (rules/trump#options).

    The one rule of ``trump.rule``: any suit; under ``"marriage"`` a suit whose K and Q
    the bidder holds; under ``"run-marriage-or-dix"`` also a suit whose nine (the dix in
    that suit) it holds (a run holds a marriage). With no such suit the bidder surrenders
    (an empty tuple) or, under ``trump.without_marriage = "any-suit"``, names any suit.
    The engine, the bots, the samplers and the explanations all ask it.
    """
    rule = variant.trump.rule
    if rule is not TrumpRule.MARRIAGE and rule is not TrumpRule.RUN_MARRIAGE_OR_DIX:
        return _SUITS
    held = {card.index for card in cards}
    married = {suit for suit, king, queen in _MARRIAGES if king in held and queen in held}
    if rule is TrumpRule.RUN_MARRIAGE_OR_DIX:
        married.update(suit for suit, nine in _DIXES if nine in held)
    if married or variant.trump.without_marriage is WithoutMarriage.SURRENDER:
        return tuple(suit for suit in _SUITS if suit in married)
    return _SUITS
