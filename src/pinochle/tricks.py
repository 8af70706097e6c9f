"""Tricks: who wins a trick and what won cards are worth (rules/trick-play, rules/counting).

The point values depend only on the profile's counting method and scale, so they are kept
in small tables indexed by `Card.index`, built once and shared by every profile that
counts the same way. `legal_plays` applies the obligations of ``[play]`` (follow suit,
head the trick, trump, overtrump) and `play_rule` says in a player's words what they ask.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from pinochle.cards import CARDS, Card, DeckKind, Rank, Suit, make_deck, parse_cards
from pinochle.errors import VARIANT_EXPECTED, ArgumentError
from pinochle.variant import Beat, CountingMethod, Play, Rounding, Variant

__all__ = [
    "card_points",
    "deck_points",
    "legal_plays",
    "play_rule",
    "round_trick_points",
    "trick_winner",
]

# Values by rank, high to low (A T K Q J 9), from rules/counting#methods. Counters are on the ones
# scale and multiplied by the profile's scale; classic and simplified exist only on tens.
_RANK_VALUES: dict[CountingMethod, dict[Rank, int]] = {
    CountingMethod.COUNTERS: {Rank.ACE: 1, Rank.TEN: 1, Rank.KING: 1},
    CountingMethod.CLASSIC: {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2},
    CountingMethod.SIMPLIFIED: {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 5, Rank.QUEEN: 5},
}


@functools.cache
def _point_table(method: CountingMethod, scale: int) -> tuple[int, ...]:
    """The trick value of each of the 24 cards, indexed by `Card.index`."""
    factor = scale if method is CountingMethod.COUNTERS else 1
    values = _RANK_VALUES[method]
    return tuple(values.get(card.rank, 0) * factor for card in CARDS)


def _table(variant: Variant) -> tuple[int, ...]:
    # Keyed on (method, scale), not the whole profile: at most six tables ever exist.
    try:
        return _point_table(variant.counting.method, variant.scale)
    except AttributeError:
        raise ArgumentError("variant", VARIANT_EXPECTED, variant) from None


def card_points(cards: Iterable[Card] | str, variant: Variant) -> int:
    """Trick points of captured cards, without the last-trick bonus.

    Args:
        cards: The cards, or card text such as ``"AS TS KH QD"`` (read by `parse_cards`).
        variant: The profile whose ``counting.method`` and ``scale`` give the values: counters
            A, 10, K = 1 each (10 each on the tens scale); classic A 11, 10 10, K 4, Q 3, J 2;
            simplified A 10, 10 10, K 5, Q 5.

    Raises:
        CardParseError: ``cards`` is text and a token is not a card.
    """
    if isinstance(cards, str):
        cards = parse_cards(cards)
    table = _table(variant)
    try:
        return sum(table[card.index] for card in cards)
    except (AttributeError, TypeError):  # card names in a list, or something else entirely
        return sum(table[card.index] for card in parse_cards(cards))


@functools.cache
def _deck_card_points(method: CountingMethod, scale: int, deck: DeckKind) -> int:
    table = _point_table(method, scale)
    return sum(table[card.index] for card in make_deck(deck))


def deck_points(variant: Variant) -> int:
    """All the trick points of one hand: every card of the deck plus the last-trick bonus.

    For example 25 for a single deck on the ones scale, 250 on the tens scale (every method),
    and 50 for the double deck with a last trick worth 2 (rules/counting#double-deck).
    """
    if not isinstance(variant, Variant):
        raise ArgumentError("variant", VARIANT_EXPECTED, variant)
    counting = variant.counting
    return _deck_card_points(counting.method, variant.scale, variant.deal.deck) + (
        counting.last_trick
    )


def round_trick_points(points: int, variant: Variant) -> int:
    """Round a side's final trick-point total as the profile says (``counting.rounding``).

    With ``"nearest-ten"`` a total ending in 7, 8 or 9 goes up to the next ten and one ending
    in 1 to 6 goes down (rules/counting#rounding), so 247 gives 250 and 246 gives 240. Apply it
    once, to the total including the last trick, never to single tricks.

    Args:
        points: The side's trick points, last trick included.
        variant: The profile.
    """
    if variant.counting.rounding is Rounding.NEAREST_TEN:
        return (points + 3) // 10 * 10
    return points


def trick_winner(plays: Sequence[Card], trump: Suit | None) -> int:
    """The index, in play order, of the card that wins a trick.

    The highest trump wins; without trump in the trick, the highest card of the suit led.
    Of identical cards the one played first wins (rules/deck-and-deal#identical-cards).

    Args:
        plays: The cards of the trick in the order played (at least one).
        trump: The trump suit, or None.

    Raises:
        ArgumentError: The trick is empty.
    """
    if not plays:
        raise ArgumentError("plays", "at least one card (an empty trick has no winner)", plays)
    best = 0
    top = plays[0]
    for i in range(1, len(plays)):
        card = plays[i]
        # Only a strictly higher card of the winning card's suit, or a first trump, takes over.
        if card.suit == top.suit:
            if card.rank > top.rank:
                best, top = i, card
        elif card.suit == trump:
            best, top = i, card
    return best


# --- Legal plays (rules/trick-play#following) ------------------------------------------


def _must_head(rules: Play, led: Suit, trump: Suit | None) -> bool:
    """Whether a player following suit must beat the best card (``play.beat``)."""
    if rules.beat is Beat.ALWAYS:
        return True
    return rules.beat is Beat.TRUMP_LED and led == trump


def _follow(
    hand: Sequence[Card], plays: Sequence[Card], trump: Suit | None, rules: Play
) -> tuple[Sequence[Card], str, Card | None]:
    """The cards a player may add to a started trick, and the duty that chose them.

    The duty is one of "follow", "beat", "overtrump", "trump" or "any", with the card to
    beat; `play_rule` turns it into words only when an error needs them. (Suits are
    singletons, so they are compared with ``is``.) The engine's inner loop uses
    `_legal_follow`, the same rules without the duty.
    """
    led = plays[0].suit
    suited = [c for c in hand if c.suit is led]
    if suited:
        if not _must_head(rules, led, trump):
            return suited, "follow", None
        if led is not trump and not rules.beat_after_trump:
            for c in plays:
                if c.suit is trump:
                    # Once trumped, no card of the led suit can win: any of them will do.
                    return suited, "follow", None
        top = plays[0]
        for c in plays:
            if c.suit is led and c.rank > top.rank:
                top = c
        rank = top.rank
        higher = [c for c in suited if c.rank > rank]
        if higher:
            return higher, "beat", top
        return suited, "follow", None
    trumps = [c for c in hand if c.suit is trump] if trump is not None else []
    if not trumps or not rules.must_trump:
        return hand, "any", None
    best: Card | None = None
    for c in plays:
        if c.suit is trump and (best is None or c.rank > best.rank):
            best = c
    if best is not None and rules.must_overtrump:
        rank = best.rank
        higher = [c for c in trumps if c.rank > rank]
        if higher:
            return higher, "overtrump", best
        if not rules.trump_when_cannot_overtrump:
            return hand, "any", None
    return trumps, "trump", None


_ALWAYS, _TRUMP_LED = Beat.ALWAYS, Beat.TRUMP_LED  # globals: faster than off the enum


def _legal_follow(
    hand: Sequence[Card], trick: Sequence[tuple[int, Card]], trump: Suit | None, rules: Play
) -> Sequence[Card]:
    """`_follow`'s cards for the engine: the trick as ``(seat, card)`` plays, no duty.

    The same rules in fewer steps (this runs for three plays in four): the trick is read
    in place (no list of its cards), the led suit's best card and any trump are found in
    one pass, and no duty or card to beat is built. Short scans of the hand beat binary
    search here: CPython's specialised loops are cheaper than calls with a key function.
    tests/test_fast_paths.py checks it against `legal_plays`.
    """
    lead = trick[0][1]
    led = lead.suit
    suited = [c for c in hand if c.suit is led]
    if suited:
        beat = rules.beat
        if beat is not _ALWAYS and (beat is not _TRUMP_LED or led is not trump):
            return suited
        top = lead
        for _, c in trick:
            suit = c.suit
            if suit is led:
                if c.rank > top.rank:
                    top = c
            elif suit is trump and not rules.beat_after_trump:
                return suited  # once trumped, no card of the led suit can win
        rank = top.rank
        return [c for c in suited if c.rank > rank] or suited
    if trump is None or not rules.must_trump:
        return hand
    trumps = [c for c in hand if c.suit is trump]
    if not trumps:
        return hand
    best: Card | None = None
    for _, c in trick:
        if c.suit is trump and (best is None or c.rank > best.rank):
            best = c
    if best is not None and rules.must_overtrump:
        rank = best.rank
        higher = [c for c in trumps if c.rank > rank]
        if higher:
            return higher
        if not rules.trump_when_cannot_overtrump:
            return hand
    return trumps


_SUIT_NAMES = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def _either(cards: Sequence[Card]) -> str:
    names = list(dict.fromkeys(str(c) for c in sorted(cards, key=lambda c: -c.rank)))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def legal_plays(
    hand: Sequence[Card], plays: Sequence[Card], trump: Suit | None, rules: Play
) -> Sequence[Card]:
    """The cards of ``hand`` that may be played to a trick (twins kept; the caller dedupes).

    Args:
        hand: The player's cards.
        plays: The cards already in the trick, in play order (empty: the player leads).
        trump: The trump suit.
        rules: The profile's ``[play]`` section.

    Returns:
        The legal cards, in the hand's order.
    """
    if not plays:
        return hand
    return _follow(hand, plays, trump, rules)[0]


def play_rule(hand: Sequence[Card], plays: Sequence[Card], trump: Suit | None, rules: Play) -> str:
    """What the obligations ask of this player now, in a player's words ("must trump")."""
    if not plays:
        return "any card may lead"
    cards, duty, top = _follow(hand, plays, trump, rules)
    if duty == "beat":
        return f"must beat {top} with {_either(cards)}"
    if duty == "overtrump":
        return f"must overtrump {top} with {_either(cards)}"
    if duty == "follow":
        return f"must follow {_SUIT_NAMES[plays[0].suit]}"
    if duty == "trump":
        return "must trump"
    return "any card"
