"""Where the cards are, and which of them a seat may know: what the observation check compares."""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from pinochle._possible import where_cards_are as where_cards_are  # the deck's accounting
from pinochle.actions import (
    CallPartner,
    Play,
)
from pinochle.cards import CARDS, Card
from pinochle.engine._partner import _call_actions
from pinochle.engine._passing import _announced
from pinochle.errors import InvariantError
from pinochle.state import Game, Hand, Phase, State, _kitty_face_down
from pinochle.variant import PassingOrder


def _partners_of_the_pass(hand: Hand) -> tuple[int, ...]:
    return (
        () if hand.bidder is None or not hand.passed_cards else (hand.bidder, (hand.bidder + 2) % 4)
    )


def _passed_hidden_from_bidder(state: State) -> bool:
    """Simultaneous passing: the bidder chooses without seeing the partner's cards."""
    return state.phase is Phase.RETURN and state.variant.passing.order is PassingOrder.SIMULTANEOUS


def _kitty_known(state: State, seat: int) -> bool:
    hand = state.hand
    taken = not _kitty_face_down(state.variant, state.phase) and hand.bidder is not None
    return taken and (state.variant.kitty.shown or seat == hand.bidder)


# One stand-in per card: equal to it, but an object no state ever holds.
_MARKERS = tuple(Card(c.suit, c.rank) for c in CARDS)
MARKER_IDS = frozenset(map(id, _MARKERS))


def behind_markers(state: State, seat: int, cache: dict[tuple[int, int], Any]) -> State:
    """The state with every card ``seat`` may not know replaced by its marker (`_MARKERS`).

    Hidden are the other seats' hands and deals, the stock, the kitty until it is shown,
    the buried cards and the passed cards (unless the seat took part), and the whole of the
    previous hand but the seat's own deal. An observation that takes public cards from
    public places (tricks, meld, table) holds no marker. ``cache`` keeps the hidden hand
    and game between steps (they change a few times a hand).
    """

    def mark(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(_MARKERS[c.index] for c in cards)

    def others(hands: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards if s == seat else mark(cards) for s, cards in enumerate(hands))

    def mark_buried(hand: Hand) -> tuple[Card, ...]:
        """The buried cards, the announced ones (trump and aces, forced) left public."""
        public = Counter(_announced(hand.buried, hand.trump, state.variant))
        kept = []
        for card in hand.buried:
            if public[card] > 0:
                public[card] -= 1
                kept.append(card)
            else:
                kept.append(_MARKERS[card.index])
        return tuple(kept)

    def hide(hand: Hand, current: bool) -> Hand:
        passing = current and seat in _partners_of_the_pass(hand)
        sees_passed = passing and not (seat == hand.bidder and _passed_hidden_from_bidder(state))
        return attrs.evolve(
            hand,
            dealt=others(hand.dealt),
            stock=mark(hand.stock),
            buried=hand.buried if current and seat == hand.bidder else mark_buried(hand),
            kitty=hand.kitty if current and _kitty_known(state, seat) else mark(hand.kitty),
            passed_cards=hand.passed_cards if sees_passed else mark(hand.passed_cards),
            returned_cards=hand.returned_cards if passing else mark(hand.returned_cards),
            shared=mark_shared(hand, current),
        )

    def mark_shared(hand: Hand, current: bool) -> tuple[Card, ...]:
        """``kitty.share``: the bidder knows the whole share, another seat only its card."""
        if not hand.shared or (current and seat == hand.bidder) or hand.bidder is None:
            return hand.shared
        own = (seat - hand.bidder) % len(hand.shared)
        return tuple(
            card if current and k == own else _MARKERS[card.index]
            for k, card in enumerate(hand.shared)
        )

    def hide_game(game: Game) -> Game:
        return attrs.evolve(
            game,
            start_hands=others(game.start_hands) if game.start_hands is not None else None,
            last_hand=hide(game.last_hand, False) if game.last_hand is not None else None,
        )

    def cached(value: Any, make: Callable[[Any], Any], key: Any) -> Any:
        # Keyed by id: the value is kept with its stand-in, so the id is not reused.
        entry = cache.get(key)
        if entry is None or entry[0] is not value:
            entry = cache[key] = (value, make(value))
        return entry[1]

    kitty_known = _kitty_known(state, seat)
    hand = cached(state.hand, lambda h: hide(h, True), (id(state.hand), seat, kitty_known))
    game = cached(state.game, hide_game, (id(state.game), seat))
    return attrs.evolve(state, hands=others(state.hands), hand=hand, game=game, legal_cache=None)


def knowable(state: State, seat: int) -> set[Card]:
    """The cards ``seat`` may know, by value.

    They are its own, the played ones, shown meld and table cards, the turn-up, the kitty
    once shown, its buried cards, and the cards passed to or by it.
    """
    hand = state.hand
    known = set(state.hands[seat]) | set(hand.dealt[seat])
    known.update(c for _, c in state.trick)
    for trick in (*state.tricks, *state.game.last_tricks):
        known.update(c for _, c in trick.plays)
    for meld in hand.melds:
        if meld is not None:
            known.update(c for item in meld.items for c in item.cards)
    for shown in hand.shown:
        known.update(c for m in shown for c in m.cards)
    known.update(c for table in hand.table for c in table)
    known.update(c for c in (hand.turn_up, hand.turned_up) if c is not None)
    if _kitty_known(state, seat):
        known.update(hand.kitty)
    if seat == hand.bidder:
        known.update(hand.buried)
        known.update(hand.shared)  # kitty.share: the bidder gave each card
    known.update(_announced(hand.buried, hand.trump, state.variant))
    if hand.called is not None:  # five hands: the call names a card, not where it lies
        known.add(hand.called)
    if state.phase is Phase.CALL and hand.trump is not None:  # the calls offered: every trump
        # (called) or every card (asked)
        known.update(a.card for a in _call_actions(state) if isinstance(a, CallPartner))
    if seat in _partners_of_the_pass(hand):
        known.update(hand.returned_cards)
        if seat != hand.bidder or not _passed_hidden_from_bidder(state):
            known.update(hand.passed_cards)
    return known


_NO_CARDS = frozenset({"variant", "results"})  # fields that hold no card (and are large)
_ATOMS = (bool, int, float, str, enum.Enum)


@functools.cache
def _field_names(kind: Any) -> tuple[str, ...]:
    fields: Any = attrs.fields(kind)
    return tuple(f.name for f in fields if f.name not in _NO_CARDS)


def _fields(value: object) -> tuple[str, ...]:
    """The names of an attrs value's fields that may hold cards."""
    kind: Any = type(value)
    return _field_names(kind)


def public_ids(state: State) -> frozenset[int]:
    """The ids of the state's public values: an observation may pass them on as they are.

    They hold only cards every seat knows (tricks, laid meld, the two-hand table), so the
    walk need not enter them; a copy rebuilt from elsewhere is walked like anything else.
    """
    hand = state.hand
    values = (state.trick, state.tricks, state.game.last_tricks, hand.melds, hand.table)
    return frozenset(map(id, (*values, hand.shown)))


def collect_cards(value: object, out: list[Card], skip: frozenset[int]) -> None:
    """Append every card in ``value`` to ``out``, but none in the values ``skip`` names."""
    if id(value) in skip:
        return
    if isinstance(value, tuple | list):
        for item in value:
            kind = type(item)
            if kind is Card:
                out.append(item)
            elif kind is not int:
                collect_cards(item, out, skip)
    elif type(value) is Card:
        out.append(value)
    elif value is None or isinstance(value, _ATOMS):
        return
    elif isinstance(value, Play):  # shared, slotted objects
        out.append(value.card)
    elif attrs.has(type(value)):
        for name in _fields(value):
            collect_cards(getattr(value, name), out, skip)
    elif not isinstance(value, Sequence):  # a lazy Sequence: choices of the seat's own cards
        raise InvariantError(f"cannot look inside {type(value).__name__}")


def every_card(value: object, path: str = "observation") -> Iterator[tuple[str, Card]]:
    """Every card in ``value`` with its path (slow: to name where a bad card is)."""
    if isinstance(value, Card):
        yield path, value
    elif isinstance(value, tuple | list):
        for i, item in enumerate(value):
            yield from every_card(item, f"{path}[{i}]")
    elif isinstance(value, Play):
        yield f"{path}.card", value.card
    elif attrs.has(type(value)):
        for name in _fields(value):
            yield from every_card(getattr(value, name), f"{path}.{name}")
