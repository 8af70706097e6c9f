"""The two-hand stock phase of a play-out on small integers (Expert's inner loop).

While the stock lasts, a two-hand play-out used to step the engine: every trick, meld
turn and draw built new states, and the meld turns asked `pinochle.stock` for the melds
on offer. `through_stock` plays the same moves on counts of cards by `Card.index`: the
cards are played with `quick_card`'s choices (any card may be played while the stock
lasts), the trick winner's meld turns go as the play-out's meld policy takes them (the
biggest meld on offer, first in the engine's order; else the dix exchange; else the
draw), and the melds on offer and the cards they lay on the table follow
`pinochle.stock`'s rules (classes, upgrades, at least one new card). It returns the state
the engine reaches when the stock is gone (what a play-out reads of it), ready for the
list play-out of the last tricks, so the play-out scores and chooses exactly as before.
Like the other players it uses only the public API, so the stock's meld list is built
here from the profile's meld values; tests/test_bots_stock_play.py holds it and every
rule to `pinochle.stock` and the engine.
"""

from __future__ import annotations

import functools
import operator
from collections import Counter
from collections.abc import Sequence

import attrs

from pinochle import (
    CARDS,
    Card,
    Hand,
    InvariantError,
    Phase,
    Rank,
    State,
    Suit,
    Variant,
    build_state,
    card_points,
    meld_values,
)

__all__ = ["through_stock"]

_NINE, _KING, _ACE = int(Rank.NINE), int(Rank.KING), int(Rank.ACE)
_SUIT = tuple(index // 6 for index in range(24))  # by Card.index
_RANK = tuple(index % 6 for index in range(24))


@attrs.frozen
class _Meld:
    """One meld of the stock phase's list, on card indexes."""

    kind: str
    dix: bool  # kind "dix"
    cls: str  # its class (rules/meld#combining): "A", "B" or "C"
    points: int
    need: tuple[tuple[int, int], ...]  # (card index, copies), by card index
    cards: tuple[int, ...]  # the meld's cards (twins repeated), in Card.index order
    size: int  # len(cards): the policy declares the biggest meld


_DISPLAY = tuple(sorted(Suit, reverse=True))  # ♠ ♥ ♦ ♣, the order of the stock's list
_AROUNDS = (("aces", Rank.ACE), ("kings", Rank.KING), ("queens", Rank.QUEEN))
_RUN = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


@functools.lru_cache(maxsize=64)
def _melds(trump: Suit, variant: Variant) -> tuple[_Meld, ...]:
    """The stock phase's meld list for this trump, in the engine's order of `Declare`s.

    As `pinochle.stock` lists them (rules/two-hand#stock-meld): run, royal marriage,
    marriages (♠ ♥ ♦ ♣), dix, aces, kings, queens and jacks around, pinochle, double
    pinochle; one copy each, with the profile's points.
    """
    values = meld_values(variant)
    found: list[tuple[str, str, int, list[Card]]] = [
        ("run", "A", values["run"][0], [Card(trump, rank) for rank in _RUN]),
        (
            "royal marriage",
            "A",
            values["royal_marriage"][0],
            [Card(trump, Rank.KING), Card(trump, Rank.QUEEN)],
        ),
    ]
    for suit in _DISPLAY:
        if suit is not trump:
            cards = [Card(suit, Rank.KING), Card(suit, Rank.QUEEN)]
            found.append(("marriage", "A", values["marriage"][0], cards))
    if "dix" in values:  # the double deck has no nines
        found.append(("dix", "A", values["dix"][0], [Card(trump, Rank.NINE)]))
    for name, rank in (*_AROUNDS, ("jacks", Rank.JACK)):
        cards = [Card(suit, rank) for suit in _DISPLAY]
        found.append((f"{name} around", "B", values[name][0], cards))
    pinochle = [Card(Suit.SPADES, Rank.QUEEN), Card(Suit.DIAMONDS, Rank.JACK)]
    found.append(("pinochle", "C", values["pinochle"][0], pinochle))
    if len(values["pinochle"]) > 1:
        found.append(("double pinochle", "C", values["pinochle"][1], pinochle * 2))
    melds = []
    for kind, cls, points, cards in found:
        indexes = tuple(sorted(card.index for card in cards))
        need = tuple(sorted(Counter(indexes).items()))
        melds.append(_Meld(kind, kind == "dix", cls, points, need, indexes, len(indexes)))
    return tuple(melds)


@functools.lru_cache(maxsize=64)
def _positions(trump: Suit, variant: Variant) -> dict[tuple[str, tuple[int, ...], int], int]:
    """Each meld's position in `_melds` by kind, card indexes and points (as shown)."""
    return {(m.kind, m.cards, m.points): at for at, m in enumerate(_melds(trump, variant))}


@functools.lru_cache(maxsize=32)
def _card_values(variant: Variant) -> tuple[int, ...]:
    return tuple(card_points([card], variant) for card in CARDS)


_Served = dict[tuple[str, int], list[int]]
"""For each class and card index, the best meld (in points) of each copy used in that class."""


def _serve(served: _Served, meld: _Meld) -> None:
    """`pinochle.stock._served`'s step for one more shown meld (an upgrade reuses a copy)."""
    points = meld.points
    for index in meld.cards:
        copies = served.setdefault((meld.cls, index), [])
        best_at, best = -1, -1
        for i, value in enumerate(copies):  # the highest lower meld (the first of equals)
            if value < points and value > best:
                best_at, best = i, value
        if best_at >= 0:  # an upgrade: that copy serves again
            copies[best_at] = points
        else:
            copies.append(points)


def _served(shown: Sequence[int], melds: Sequence[_Meld]) -> _Served:
    """`pinochle.stock._served` on positions in `_melds` and card indexes."""
    served: _Served = {}
    for at in shown:
        _serve(served, melds[at])
    return served


def _usable(index: int, meld: _Meld, table: list[int], served: _Served) -> int:
    """Face-up copies a meld may use: those in no equal or higher meld of its class."""
    copies = table[index]
    if not copies:
        return 0
    barred = sum(best >= meld.points for best in served.get((meld.cls, index), ()))
    return max(0, copies - barred)


def _may_show(meld: _Meld, held: list[int], table: list[int], served: _Served) -> bool:
    """Whether `pinochle.stock` offers the meld: a hidden card laid, every card at hand.

    Every card's copies must be hidden or face up and usable (a face-up copy is held, so
    too few held copies rule the meld out at once), and one card at least must be hidden.
    """
    some = False
    for index, n in meld.need:
        copies = held[index]
        if copies < n:
            return False
        if copies > table[index]:
            some = True
    if not some:
        return False
    for index, n in meld.need:
        hidden = held[index] - table[index]
        if n > hidden and n > hidden + _usable(index, meld, table, served):
            return False
    return True


def _offered(
    held: list[int], table: list[int], served: _Served, melds: Sequence[_Meld]
) -> list[int]:
    """`pinochle.stock._offered` on counts: the positions of the melds on offer."""
    return [at for at, meld in enumerate(melds) if _may_show(meld, held, table, served)]


@functools.lru_cache(maxsize=64)
def _by_size(trump: Suit, variant: Variant) -> tuple[int, ...]:
    """Positions in `_melds`, biggest meld first (list order among equals): the policy's."""
    melds = _melds(trump, variant)
    return tuple(sorted(range(len(melds)), key=lambda at: -melds[at].size))


def _lay(meld: _Meld, held: list[int], table: list[int], served: _Served) -> None:
    """`pinochle.stock.cards_to_table`: lay the meld's new cards face up (on ``table``)."""
    laid = [(index, max(0, n - _usable(index, meld, table, served))) for index, n in meld.need]
    if not any(n for _, n in laid):
        first = next((i for i in sorted(i for i, _ in meld.need) if held[i] > table[i]), None)
        table[meld.cards[0] if first is None else first] += 1
        return
    for index, n in laid:
        table[index] += n


def _lead(held: list[int], trump: int) -> int:
    """`quick_card`'s lead: an ace outside trump, else low from the longest side suit."""
    best, best_key = -1, 0
    for suit in range(4):
        if suit == trump:
            continue
        base = suit * 6
        if held[base + _ACE]:
            return base + _ACE
        distinct, low = 0, -1
        for rank in range(6):
            if held[base + rank]:
                distinct += 1
                if low < 0:
                    low = rank
        if not distinct:
            continue
        key = (32 - distinct) * 8 + low  # longest (distinct cards), then lowest
        if best < 0 or key < best_key:
            best, best_key = base + low, key
    if best >= 0:
        return best
    base = trump * 6
    for rank in range(5, -1, -1):  # only trumps: the highest
        if held[base + rank]:
            return base + rank
    raise InvariantError("an empty hand leads")  # pragma: no cover


def _follow(held: list[int], led: int, trump: int, values: Sequence[int]) -> int:
    """`quick_card` against an opponent's lead, any card allowed: win cheaply, else throw low."""
    suit, rank = divmod(led, 6)
    base = suit * 6
    for r in range(rank + 1, 6):  # the cheapest higher card of the suit led
        if held[base + r]:
            return base + r
    if suit != trump:
        base = trump * 6
        for r in range(6):  # else the lowest trump
            if held[base + r]:
                return base + r
    best, key = -1, 999
    for index in range(24):  # no winner: the least valuable, plain before trump, low
        if held[index]:
            k = values[index] * 16 + (8 if index // 6 == trump else 0) + index % 6
            if k < key:
                best, key = index, k
    return best


_HAND_FIELDS = [field.name for field in attrs.fields(Hand)]
_HAND_VALUES = operator.attrgetter(*_HAND_FIELDS)  # (`attrs.evolve` looks fields up per call)
_STOCK, _TURN_UP, _MELD_POINTS = (
    _HAND_FIELDS.index(name) for name in ("stock", "turn_up", "meld_points")
)


def _cards(counts: list[int]) -> tuple[Card, ...]:
    """A hand's cards from its counts, in `Card.index` order."""
    cards: list[Card] = []
    for card, n in zip(CARDS, counts, strict=True):
        if n == 1:
            cards.append(card)
        elif n:
            cards.extend((card,) * n)
    return tuple(cards)


@attrs.frozen
class _Begun:
    """What a play-out of one deal starts from, shared by the play-outs of its cards."""

    melds: tuple[_Meld, ...]
    order: tuple[int, ...]
    dixes: tuple[int, ...]
    no_dix: tuple[int, ...]
    dix_at: int
    shown: tuple[tuple[int, ...], ...]
    served: tuple[_Served, ...]  # copied before use
    held: tuple[tuple[int, ...], ...]
    table: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    sides: tuple[int, int]
    dix_shown: bool


Starts = dict[int, tuple[State, _Begun | None]]
"""Deals' starts by ``id(state)``, kept by the caller of `through_stock` (each entry keeps
its state, so the id is its own): Expert plays each sampled deal once for every legal
card, and its decision's `pinochle.bots.rollout.Settlements` keeps the starts of its deals.
"""


def _start(state: State, trump_suit: Suit) -> _Begun | None:
    """The counts and the shown melds of a deal, or None where the engine must play it."""
    hand, variant = state.hand, state.variant
    melds = _melds(trump_suit, variant)
    positions = _positions(trump_suit, variant)
    shown: list[tuple[int, ...]] = []
    for seat_shown in hand.shown:  # a dix exchange shows the dix
        at_list = tuple(
            positions.get((m.kind, tuple(c.index for c in m.cards), m.points), -1)
            for m in seat_shown
        )
        if -1 in at_list:
            return None
        shown.append(at_list)
    dix_at = next((at for at, meld in enumerate(melds) if meld.dix), -1)
    if variant.stock.dix_exchange and dix_at < 0:
        return None
    order = _by_size(trump_suit, variant)
    held = [[0] * 24 for _ in range(2)]
    table = [[0] * 24 for _ in range(2)]
    for s in range(2):
        for c in state.hands[s]:
            held[s][c.index] += 1
        for c in hand.table[s]:
            table[s][c.index] += 1
    return _Begun(
        melds,
        order,
        tuple(at for at in order if melds[at].dix),
        tuple(at for at in order if not melds[at].dix),
        dix_at,
        tuple(shown),
        tuple(_served(own, melds) for own in shown),
        (tuple(held[0]), tuple(held[1])),
        (tuple(table[0]), tuple(table[1])),
        tuple(c.index for c in hand.stock),
        (state.side_of(0), state.side_of(1)),
        any(melds[at].dix for own in shown for at in own),
    )


def through_stock(state: State, card: Card, starts: Starts | None = None) -> State | None:
    """Play ``card``, then the rest of the stock phase with the play-out's policy.

    ``state`` is a two-hand state in trick play with the stock not yet gone (the turn-up
    still lies on the table). Returns the state after the last draw as the engine would
    reach it with the same choices, in what the play-out reads: the seat to lead, the
    hands, the trick totals and the meld points (the stock and turn-up gone). The hand's
    table, shown melds and last draw and the tricks are left as they were, and the state
    has no history (`State.actions` is empty: no list of actions leads to it). None when
    the position is not one this covers (more than two players, players on one side, a
    shown meld not in the stock's list): then step the engine. ``starts``: where the caller
    keeps the deal's start for its next card (see `Starts`).
    """
    hand, variant = state.hand, state.variant
    trump_suit = hand.trump
    seat = state.to_act
    turn_up_card = hand.turn_up
    if (
        trump_suit is None
        or seat is None
        or turn_up_card is None
        or state.phase is not Phase.TRICKS
        or variant.deal.players != 2
        or state.side_of(0) == state.side_of(1)
        or len(state.trick) > 1
    ):
        return None
    start = None if starts is None else starts.get(id(state))
    if start is None or start[0] is not state:
        start = (state, _start(state, trump_suit))
        if starts is not None:
            starts[id(state)] = start
    begun = start[1]
    if begun is None:
        return None
    melds, order, dixes, no_dix, dix_at = (
        begun.melds,
        begun.order,
        begun.dixes,
        begun.no_dix,
        begun.dix_at,
    )
    shown = [list(own) for own in begun.shown]
    served = [{key: list(copies) for key, copies in used.items()} for used in begun.served]
    held = [list(counts) for counts in begun.held]
    table = [list(counts) for counts in begun.table]
    stock = list(begun.stock)
    first_dix_exchanged = variant.stock.first_dix_exchanged
    dix_exchange = variant.stock.dix_exchange
    trump = int(trump_suit)
    dix = trump * 6 + _NINE
    values = _card_values(variant)
    turn_up = turn_up_card.index
    meld_points = list(hand.meld_points)
    points, won, counters = list(state.points), list(state.tricks_won), list(state.counters)
    sides = begun.sides
    dix_shown = begun.dix_shown
    turn_melded = hand.turn_melded
    lead = state.trick[0][1].index if state.trick else -1
    forced = card.index
    while True:
        mine = held[seat]
        if forced >= 0:
            index, forced = forced, -1
        elif lead < 0:
            index = _lead(mine, trump)
        else:
            index = _follow(mine, lead, trump, values)
        mine[index] -= 1
        if table[seat][index] > mine[index]:  # no hidden copy left: the face-up one goes
            table[seat][index] -= 1
        if lead < 0:
            lead, seat = index, 1 - seat
            continue
        # The trick is full (two players): the second card wins if higher or a first trump.
        led_suit, led_rank, suit, rank = _SUIT[lead], _RANK[lead], _SUIT[index], _RANK[index]
        if (suit == led_suit and rank > led_rank) or (suit == trump and led_suit != trump):
            winner = seat
        else:
            winner = 1 - seat
        side = sides[winner]
        points[side] += values[lead] + values[index]
        won[side] += 1
        if rank >= _KING or led_rank >= _KING:
            counters[side] = True
        seat, lead = winner, -1
        # The winner's meld turn: declare the biggest meld, else exchange the dix, else draw.
        mine, face_up, own, used = held[seat], table[seat], shown[seat], served[seat]
        while True:
            must_exchange = first_dix_exchanged and not dix_shown
            if turn_melded:  # one meld a turn, and dixes
                candidates = () if must_exchange else dixes
            else:
                candidates = no_dix if must_exchange else order
            for at in candidates:  # the biggest meld on offer (the first of equals)
                meld = melds[at]
                for index, n in meld.need:  # quick: every card held (face up or not)
                    if mine[index] < n:
                        break
                else:
                    if not _may_show(meld, mine, face_up, used):
                        continue
                    _lay(meld, mine, face_up, used)
                    _serve(used, meld)
                    own.append(at)
                    meld_points[seat] += meld.points
                    if meld.dix:
                        dix_shown = True
                    else:
                        turn_melded = True
                    break
            else:
                if (
                    dix_exchange
                    and (_RANK[turn_up] != _NINE or must_exchange)
                    and mine[dix] > face_up[dix]
                ):
                    mine[dix] -= 1
                    mine[turn_up] += 1
                    own.append(dix_at)
                    _serve(used, melds[dix_at])
                    meld_points[seat] += melds[dix_at].points
                    turn_up, dix_shown = dix, True
                    continue
                break
        # Both draw, the winner first; the last face-down card to the winner, the turn-up
        # to the loser (the policy never takes the turn-up).
        loser = 1 - seat
        turn_melded = False
        if len(stock) >= 2:
            mine[stock[0]] += 1
            held[loser][stock[1]] += 1
            del stock[:2]
            continue
        mine[stock[0]] += 1
        held[loser][turn_up] += 1
        break
    # The hand after the last draw: its stock and turn-up gone, the meld points grown.
    values_of_hand = list(_HAND_VALUES(hand))
    values_of_hand[_STOCK] = ()
    values_of_hand[_TURN_UP] = None
    values_of_hand[_MELD_POINTS] = tuple(meld_points)
    new_hand = Hand(*values_of_hand)
    hands = (_cards(held[0]), _cards(held[1]))
    return build_state(
        phase=Phase.TRICKS,
        to_act=seat,
        hands=hands,
        trick=(),
        tricks=state.tricks,
        points=tuple(points),
        tricks_won=tuple(won),
        counters=tuple(counters),
        hand=new_hand,
        game=state.game,
    )
