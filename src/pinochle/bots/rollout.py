"""Finishing an imagined hand quickly: the inner loop of the Expert.

`play_out` plays the rest of a hand from a full `State` (a deal imagined by
`pinochle.sample_state`) with a fast full-information policy for every seat, and returns
how the settled hand scored for one side against the others.

Trick play after the meld is the same in every four- and three-hand profile, so those hands
are finished on plain lists of cards with the library's own rule functions
(`legal_plays`, `trick_winner`, `card_points`) and settled with `settle_play`: about twice
as fast as stepping the engine (0.25 against 0.46 ms for the rest of a pinochlerun hand),
which matters at 24 deals times every legal card.
The two-hand stock game (draws, meld turns) is finished through the engine itself.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from pinochle import (
    CARDS,
    Action,
    Card,
    Declare,
    ExchangeDix,
    Phase,
    Play,
    Rank,
    State,
    Suit,
    Variant,
    apply,
    card_points,
    legal_actions,
    settle_play,
    trick_winner,
)

__all__ = ["margin", "play_out", "quick_card", "sides", "trick_points"]

_COUNTERS = frozenset((Rank.ACE, Rank.TEN, Rank.KING))


def sides(state: State) -> tuple[int, ...]:
    """The side (score index) of every seat of the state's hand."""
    return tuple(state.side_of(seat) for seat in state.seats())


def margin(scores: Sequence[int], side: int) -> float:
    """A side's score for the hand less the mean of the other sides'."""
    others = [s for i, s in enumerate(scores) if i != side]
    return scores[side] - sum(others) / len(others)


def play_out(state: State, card: Card, side: int) -> float:
    """Play ``card`` for the seat to act, finish the hand, and return ``side``'s margin."""
    if state.hand.turn_up is not None or state.phase is not Phase.TRICKS:
        return _engine_play_out(state, card, side)
    return margin(_list_play_out(state, card), side)


@functools.lru_cache(maxsize=32)
def _values(variant: Variant) -> tuple[int, ...]:
    """Each card's trick points under the profile, by `Card.index`."""
    return tuple(card_points([card], variant) for card in CARDS)


def quick_card(
    cards: Sequence[Card],
    trick: Sequence[tuple[int, Card]],
    trump: Suit | None,
    mine: Sequence[int],
    seat: int,
    values: Sequence[int],
) -> Card:
    """A fast, sensible choice among legal ``cards`` when every hand is known.

    Lead an ace outside trump (else the lowest card of the longest side suit); smear the
    most valuable card on a partner's winning trick; win with the cheapest card that wins;
    otherwise throw the least valuable card.
    """
    if len(cards) == 1:
        return cards[0]
    if not trick:
        side = [c for c in cards if c.suit is not trump]
        if not side:
            return max(cards, key=lambda c: c.rank)
        for c in side:
            if c.rank is Rank.ACE:
                return c
        length = {suit: 0 for suit in Suit}
        for c in side:
            length[c.suit] += 1
        return min(side, key=lambda c: (-length[c.suit], c.rank))
    played = [c for _, c in trick]
    at = trick_winner(played, trump)
    top = played[at]
    if mine[trick[at][0]] == mine[seat]:
        return max(cards, key=lambda c: (values[c.index], c.suit is not trump, -c.rank))
    winners = [c for c in cards if (c.rank > top.rank if c.suit is top.suit else c.suit is trump)]
    if winners:
        return min(winners, key=lambda c: (c.suit is trump, c.rank))
    return min(cards, key=lambda c: (values[c.index], c.suit is trump, c.rank))


def _list_play_out(state: State, card: Card) -> tuple[int, ...]:
    """Finish the tricks on lists of cards and settle the hand (four- and three-hand)."""
    points, won, counters = _list_tricks(state, card)
    return settle_play(state, points, won, counters).scores


def trick_points(state: State) -> list[int]:
    """Each side's trick points once the quick policy has played out the tricks.

    The state must be in the trick play of a four- or three-hand game; buried cards count
    for the bidder where the profile says so.
    """
    points, _, _ = _list_tricks(state, None)
    hand, variant = state.hand, state.variant
    if hand.bidder is not None and hand.buried and variant.kitty.buried_count:
        points[sides(state)[hand.bidder]] += card_points(hand.buried, variant)
    return points


# --- The play-out on small integers ------------------------------------------------------
#
# Inside a play-out a card is its `Card.index` (suit * 6 + rank), so comparing, removing
# and looking a card up cost no Python-level method calls. The tables below give each
# index's suit and rank, and the quick policy's orderings as single integers (a key that
# packs a tuple's fields, most significant first, so ties fall exactly as with the tuple).

_SUIT = tuple(int(c.suit) for c in CARDS)
_RANK = tuple(int(c.rank) for c in CARDS)
_ACE = int(Rank.ACE)
_IS_COUNTER = tuple(c.rank in _COUNTERS for c in CARDS)


class _Policy:
    """One profile's and trump's tables for the quick policy and the legal plays."""

    __slots__ = (
        "cheap",
        "head_always",
        "head_trump_led",
        "must_overtrump",
        "must_trump",
        "ruff_frees",
        "smear",
        "throw",
        "trump",
        "trump_anyway",
        "values",
    )

    def __init__(self, variant: Variant, trump: Suit | None) -> None:
        rules = variant.play
        self.trump = -1 if trump is None else int(trump)
        self.values = values = _values(variant)
        t = self.trump
        is_trump = [_SUIT[i] == t for i in range(len(CARDS))]
        # quick_card's keys: smear max (value, plain, -rank); cheapest winner min
        # (trump, rank); throw min (value, trump, rank).
        self.smear = tuple(values[i] * 16 + (not is_trump[i]) * 8 + 5 - _RANK[i] for i in range(24))
        self.cheap = tuple(is_trump[i] * 8 + _RANK[i] for i in range(24))
        self.throw = tuple(values[i] * 16 + is_trump[i] * 8 + _RANK[i] for i in range(24))
        self.head_always = rules.beat == "always"
        self.head_trump_led = rules.beat == "trump-led"  # a StrEnum (pinochle.variant.Beat)
        self.ruff_frees = not rules.beat_after_trump
        self.must_trump = rules.must_trump
        self.must_overtrump = rules.must_overtrump
        self.trump_anyway = rules.trump_when_cannot_overtrump

    def legal(self, hand: list[int], plays: list[int]) -> list[int]:
        """`pinochle.legal_plays` on indices (the same cards, in the hand's order)."""
        led = _SUIT[plays[0]]
        trump = self.trump
        suited = [c for c in hand if _SUIT[c] == led]
        if suited:
            if not (self.head_always or (self.head_trump_led and led == trump)):
                return suited
            if led != trump and self.ruff_frees:
                for c in plays:
                    if _SUIT[c] == trump:
                        return suited
            top = max(_RANK[c] for c in plays if _SUIT[c] == led)
            higher = [c for c in suited if _RANK[c] > top]
            return higher or suited
        if trump < 0 or not self.must_trump:
            return hand
        trumps = [c for c in hand if _SUIT[c] == trump]
        if not trumps:
            return hand
        ranks = [_RANK[c] for c in plays if _SUIT[c] == trump]
        if ranks and self.must_overtrump:
            best = max(ranks)
            higher = [c for c in trumps if _RANK[c] > best]
            if higher:
                return higher
            if not self.trump_anyway:
                return hand
        return trumps

    def choose(
        self, cards: list[int], seats: list[int], plays: list[int], mine: Sequence[int], seat: int
    ) -> int:
        """`quick_card` on indices (``cards`` deduplicated, in the hand's order)."""
        if len(cards) == 1:
            return cards[0]
        trump = self.trump
        if not plays:
            side = [c for c in cards if _SUIT[c] != trump]
            if not side:
                return max(cards, key=_RANK.__getitem__)
            for c in side:
                if _RANK[c] == _ACE:
                    return c
            length = [0, 0, 0, 0]
            for c in side:
                length[_SUIT[c]] += 1
            return min(side, key=lambda c: (32 - length[_SUIT[c]]) * 8 + _RANK[c])
        at = _winner(plays, trump)
        top = plays[at]
        if mine[seats[at]] == mine[seat]:
            return max(cards, key=self.smear.__getitem__)
        suit, rank = _SUIT[top], _RANK[top]
        winners = [c for c in cards if (_RANK[c] > rank if _SUIT[c] == suit else _SUIT[c] == trump)]
        if winners:
            return min(winners, key=self.cheap.__getitem__)
        return min(cards, key=self.throw.__getitem__)


@functools.lru_cache(maxsize=64)
def _policy(variant: Variant, trump: Suit | None) -> _Policy:
    return _Policy(variant, trump)


def _winner(plays: list[int], trump: int) -> int:
    """`pinochle.trick_winner` on indices."""
    best = 0
    top = plays[0]
    suit, rank = _SUIT[top], _RANK[top]
    for i in range(1, len(plays)):
        card = plays[i]
        s = _SUIT[card]
        if s == suit:
            if _RANK[card] > rank:
                best, rank = i, _RANK[card]
        elif s == trump:
            best, suit, rank = i, s, _RANK[card]
    return best


def _list_tricks(state: State, card: Card | None) -> tuple[list[int], list[int], list[bool]]:
    """Finish the tricks on lists of card indices: each side's points, tricks and counters."""
    variant = state.variant
    policy = _policy(variant, state.hand.trump)
    values = policy.values
    players = variant.deal.players
    bonus = variant.counting.last_trick
    mine = sides(state)
    hands = [[c.index for c in cards] for cards in state.hands]
    points, won, counters = list(state.points), list(state.tricks_won), list(state.counters)
    seats = [s for s, _ in state.trick]
    plays = [c.index for _, c in state.trick]
    seat = state.to_act
    assert seat is not None
    choice = -1 if card is None else card.index
    while True:
        held = hands[seat]
        if choice < 0:
            legal = policy.legal(held, plays) if plays else held
            # Twins are one choice, as in the engine's legal actions.
            choice = policy.choose(list(dict.fromkeys(legal)), seats, plays, mine, seat)
        held.remove(choice)
        seats.append(seat)
        plays.append(choice)
        choice = -1
        if len(plays) < players:
            seat = (seat + 1) % players
            continue
        seat = seats[_winner(plays, policy.trump)]
        side = mine[seat]
        last = not hands[seat]
        points[side] += sum([values[c] for c in plays]) + (bonus if last else 0)
        won[side] += 1
        if not counters[side]:
            counters[side] = last or any([_IS_COUNTER[c] for c in plays])
        seats, plays = [], []
        if last:
            return points, won, counters


def _engine_play_out(state: State, card: Card, side: int) -> float:
    """Play ``card`` and finish the hand through the engine (the two-hand stock game)."""
    settled = len(state.results)
    state = apply(state, Play(card))
    mine = sides(state)
    values = _values(state.variant)
    while len(state.results) == settled and not state.is_over:
        actions = legal_actions(state)
        if state.phase is Phase.TRICKS:
            cards = [a.card for a in actions if isinstance(a, Play)]
            seat = state.to_act
            assert seat is not None
            chosen = quick_card(cards, state.trick, state.hand.trump, mine, seat, values)
            state = apply(state, Play(chosen))
        else:
            state = apply(state, _meld_turn(actions))
    return margin(state.results[-1].scores, side)


def _meld_turn(actions: Sequence[Action]) -> Action:
    """Declare the biggest meld, exchange the dix, then draw."""
    declares = [a for a in actions if isinstance(a, Declare)]
    if declares:
        return max(declares, key=lambda a: len(a.cards))
    exchange = [a for a in actions if isinstance(a, ExchangeDix)]
    return exchange[0] if exchange else actions[-1]  # Draw is always the last choice
