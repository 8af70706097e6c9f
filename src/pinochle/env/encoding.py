"""Observations (and whole states) as fixed-size ``float32`` vectors.

`encode_observation` reads only an `Observation`, so it cannot leak a hidden card; its
layout (`observation_layout`) depends on the profile's number of players and sides only.
`encode_state` is the perfect-information encoding: the acting seat's observation followed
by every hidden card (`state_layout`), for research on full-information training.

Conventions (the docs' "Observation layout" table lists every block):

- Seats are relative to the observer: block position 0 is the observer, 1 the seat on its
  left (the next to play), and so on. Sides likewise: position 0 is the observer's side,
  then the sides in score order from there.
- Cards are counted by face, ``Card.index`` 0-23 (9♣ J♣ Q♣ K♣ 10♣ A♣ 9♦ ... A♠): a count is
  how many copies (0-2 single deck, 0-4 double deck).
- One-hot blocks hold a single 1 (or all zeros for "none").
- Points (bids, meld, trick points, scores, target) are divided by the profile's point
  scale, `point_scale` (the highest bid the engine accepts, `pinochle.bid_limit`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

import attrs
import numpy as np
import numpy.typing as npt

from pinochle.actions import Bid
from pinochle.cards import Card, copies_in_deck, make_deck
from pinochle.engine import bid_limit, observe
from pinochle.errors import ArgumentError, NotFoundError
from pinochle.meld import Meld
from pinochle.state import Observation, Phase, State
from pinochle.variant import Variant

__all__ = [
    "PHASES",
    "Block",
    "Layout",
    "encode_observation",
    "encode_state",
    "observation_layout",
    "point_scale",
    "state_layout",
]

PHASES: tuple[Phase, ...] = tuple(
    phase for phase in Phase if phase not in (Phase.MOON, Phase.SHARE, Phase.CALL)
)
"""The phases in the order of the ``phase`` block: all but `Phase.MOON`, which only a
profile with ``settlement.shoot_the_moon`` has (its ``moon`` block encodes it), so the
other profiles' layouts are the same as without the rule, `Phase.SHARE` (``kitty.share``)
and `Phase.CALL` (five hands' called partner), which the fixed action space refuses
(`pinochle.env.ActionIndex`)."""

_FACES = 24
_MOON = Phase.MOON
_INF = float("inf")


@attrs.frozen
class Block:
    """One named stretch of an encoding.

    Attributes:
        name: What it holds (``"hand"``, ``"trick"``, ...).
        start: Its first position.
        shape: Its shape: ``(24,)`` for a card count, ``(players, 24)`` for one per seat.
        low: The smallest value an entry takes.
        high: The largest value an entry takes (``inf``: unbounded).
        doc: What it means.
    """

    name: str
    start: int
    shape: tuple[int, ...]
    low: float
    high: float
    doc: str

    @property
    def size(self) -> int:
        """How many positions it covers."""
        return int(np.prod(self.shape))

    @property
    def stop(self) -> int:
        """One past its last position."""
        return self.start + self.size

    @property
    def slice(self) -> slice:
        """Its positions, to cut it out of an encoding: ``vector[block.slice]``."""
        return slice(self.start, self.stop)


@attrs.frozen
class Layout:
    """The blocks of an encoding, in order; they cover ``0 .. size-1`` without gaps.

    Attributes:
        blocks: The blocks.
    """

    blocks: tuple[Block, ...]

    @property
    def size(self) -> int:
        """The length of the encoding."""
        return self.blocks[-1].stop if self.blocks else 0

    def __getitem__(self, name: str) -> Block:
        """The block of this name.

        Raises:
            NotFoundError: No block has that name (a `KeyError`).
        """
        for block in self.blocks:
            if block.name == name:
                return block
        raise NotFoundError(name)

    def __iter__(self) -> Iterator[Block]:
        return iter(self.blocks)

    def __contains__(self, name: object) -> bool:
        return any(block.name == name for block in self.blocks)

    def low(self) -> npt.NDArray[np.float32]:
        """Every position's lowest value (for a gymnasium ``Box``)."""
        out = np.empty(self.size, dtype=np.float32)
        for block in self.blocks:
            out[block.slice] = block.low
        return out

    def high(self) -> npt.NDArray[np.float32]:
        """Every position's highest value (for a gymnasium ``Box``)."""
        out = np.empty(self.size, dtype=np.float32)
        for block in self.blocks:
            out[block.slice] = block.high
        return out


class _Builder:
    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.at = 0

    def add(self, name: str, shape: tuple[int, ...], low: float, high: float, doc: str) -> None:
        block = Block(name, self.at, shape, low, high, doc)
        self.blocks.append(block)
        self.at = block.stop


def point_scale(variant: Variant) -> int:
    """What point values are divided by in an encoding: `pinochle.bid_limit` of the profile."""
    return bid_limit(variant)


@functools.lru_cache(maxsize=128)
def observation_layout(variant: Variant) -> Layout:
    """The layout of `encode_observation` for a profile (P players, S sides).

    Raises:
        ArgumentError: ``variant`` is not a `Variant`.
    """
    if not isinstance(variant, Variant):
        raise ArgumentError("variant", "a Variant (load one with pinochle.load_variant)", variant)
    p, s = variant.deal.players, variant.sides
    copies = float(copies_in_deck(variant.deal.deck))
    deck = float(len(make_deck(variant.deal.deck)))
    b = _Builder()
    b.add("phase", (len(PHASES),), 0, 1, "one-hot: the phase, in `PHASES` order")
    b.add("to_act", (p,), 0, 1, "one-hot by relative seat: who is to act (zeros: nobody)")
    b.add("dealer", (p,), 0, 1, "one-hot by relative seat: the dealer")
    b.add("hand", (_FACES,), 0, copies, "count by face: the observer's own cards")
    b.add("picked", (_FACES,), 0, copies, "count by face: cards picked so far in a card choice")
    b.add("hand_sizes", (p,), 0, deck, "by relative seat: how many cards each seat holds")
    b.add("trump", (4,), 0, 1, "one-hot ♣ ♦ ♥ ♠: the trump suit (zeros: not named)")
    b.add("turned_up", (_FACES,), 0, 1, "one-hot by face: the card turned for trump at the deal")
    b.add("turn_up", (_FACES,), 0, 1, "one-hot by face: the face-up card under the stock now")
    b.add("stock_size", (1,), 0, deck, "face-down cards left in the stock")
    b.add("bidder", (p,), 0, 1, "one-hot by relative seat: the high bidder (zeros: none)")
    b.add("bid", (1,), 0, _INF, "the high bid, scaled")
    b.add("bids", (p,), 0, _INF, "by relative seat: each seat's last bid, scaled (0: none)")
    b.add("passed", (p,), 0, 1, "by relative seat: 1 if the seat has passed in the auction")
    b.add("meld_points", (p,), -_INF, _INF, "by relative seat: meld shown this hand, scaled")
    b.add("meld_cards", (p, _FACES), 0, copies, "by relative seat, count by face: meld laid down")
    b.add("table", (p, _FACES), 0, copies, "two-hand, by relative seat: melded cards face up")
    b.add("played", (p, _FACES), 0, copies, "by relative seat: cards played this hand")
    b.add("trick", (p, _FACES), 0, 1, "by relative seat, one-hot: its card in the current trick")
    b.add("trick_leader", (p,), 0, 1, "one-hot by relative seat: who led the current trick")
    b.add("kitty", (_FACES,), 0, copies, "count by face: the kitty, once shown to the observer")
    b.add("buried", (_FACES,), 0, copies, "count by face: the cards the observer buried")
    b.add("passed_to_me", (_FACES,), 0, copies, "count by face: cards the partner passed me")
    b.add("passed_by_me", (_FACES,), 0, copies, "count by face: cards I passed the partner")
    b.add("points", (s,), -_INF, _INF, "by relative side: trick points this hand, scaled")
    b.add("scores", (s,), -_INF, _INF, "by relative side: the running scores, scaled")
    b.add("target", (1,), 0, _INF, "the score that wins, scaled (0: no target)")
    b.add("melded_this_turn", (1,), 0, 1, "two-hand: 1 if the trick winner has declared a meld")
    if variant.settlement.shoot_the_moon:
        b.add("moon", (2,), 0, 1, "1 while the bidder may shoot the moon; 1 once it has shot it")
    return Layout(tuple(b.blocks))


@functools.lru_cache(maxsize=128)
def state_layout(variant: Variant) -> Layout:
    """The layout of `encode_state`: the observation's blocks, then the hidden cards.

    Raises:
        ArgumentError: ``variant`` is not a `Variant`.
    """
    base = observation_layout(variant)
    p = variant.deal.players
    copies = float(copies_in_deck(variant.deal.deck))
    b = _Builder()
    b.blocks, b.at = list(base.blocks), base.size
    b.add("all_hands", (p, _FACES), 0, copies, "by relative seat, count by face: every hand")
    b.add("all_kitty", (_FACES,), 0, copies, "count by face: the kitty as dealt")
    b.add("all_buried", (_FACES,), 0, copies, "count by face: the cards the bidder buried")
    b.add("stock", (_FACES,), 0, copies, "count by face: the face-down stock")
    b.add("stock_next", (2, _FACES), 0, 1, "one-hot by face: the stock's top two cards")
    b.add("all_passed", (_FACES,), 0, copies, "count by face: the cards the partner passed")
    b.add("all_returned", (_FACES,), 0, copies, "count by face: the cards the bidder returned")
    return Layout(tuple(b.blocks))


def _count(out: npt.NDArray[np.float32], start: int, cards: Sequence[Card]) -> None:
    for card in cards:
        out[start + card.index] += 1.0


class _Plan:
    """What `_fill` needs of a profile, computed once: block offsets, sizes, the scale."""

    __slots__ = ("at", "players", "scale", "sides", "size", "variant")

    def __init__(self, variant: Variant, layout: Layout) -> None:
        self.variant = variant
        self.at = {block.name: block.start for block in layout.blocks}
        self.players = variant.deal.players
        self.sides = variant.sides
        self.scale = float(point_scale(variant))
        self.size = layout.size


@functools.lru_cache(maxsize=64)
def _plan(variant: Variant) -> _Plan:
    """The profile's encoding plan, kept per profile (a `Variant` caches its hash)."""
    return _Plan(variant, observation_layout(variant))


_MELD_CARDS: dict[int, tuple[object, tuple[int, ...]]] = {}


def _meld_cards(meld: Meld) -> tuple[int, ...]:
    """The card indices of a shown meld (`Meld.cards` is computed afresh at each call)."""
    found = _MELD_CARDS.get(id(meld))
    if found is None or found[0] is not meld:
        if len(_MELD_CARDS) > 4096:
            _MELD_CARDS.clear()
        found = _MELD_CARDS[id(meld)] = (meld, tuple(c.index for c in meld.cards))
    return found[1]


def _side(observation: Observation, seat: int) -> int:
    return observation.side_of(seat)


def encode_observation(
    observation: Observation, picked: Sequence[Card] = ()
) -> npt.NDArray[np.float32]:
    """A seat's observation as a ``float32`` vector, laid out as `observation_layout` says.

    Built from the observation alone (what the seat may know), so it cannot leak.

    Args:
        observation: What one seat sees (`pinochle.observe`).
        picked: The cards the seat has picked so far in a card choice (see
            `pinochle.env.ActionIndex`); they fill the ``picked`` block.

    Raises:
        ArgumentError: ``observation`` is not an `Observation`, or ``picked`` is not a
            sequence of cards.
    """
    if not isinstance(observation, Observation):
        raise ArgumentError("observation", "an Observation (pinochle.observe)", observation)
    if picked and (isinstance(picked, str) or not all(type(c) is Card for c in picked)):
        raise ArgumentError("picked", "a sequence of cards (pinochle.Card)", picked)
    plan = _plan(observation.variant)
    out = np.zeros(plan.size, dtype=np.float32)
    _fill(out, plan, observation, picked)
    return out


def _fill(
    out: npt.NDArray[np.float32],
    plan: _Plan,
    o: Observation,
    picked: Sequence[Card],
) -> None:
    # Card counts and one-hot entries are gathered as positions and added in one bincount
    # (a numpy item assignment costs as much as encoding a card); values are set directly.
    p, s, scale, at = plan.players, plan.sides, plan.scale, plan.at
    me = o.seat
    rel = [(seat - me) % p for seat in range(p)]
    my_side = _side(o, me)
    if o.phase is _MOON:  # `PHASES` leaves it out: the profile's ``moon`` block holds it
        ones: list[int] = [at["moon"], at["dealer"] + rel[o.dealer]]
    else:
        ones = [at["phase"] + PHASES.index(o.phase), at["dealer"] + rel[o.dealer]]
    if o.moon:
        ones.append(at["moon"] + 1)
    add = ones.append
    if o.to_act is not None:
        add(at["to_act"] + rel[o.to_act])
    base = at["hand"]
    ones += [base + c.index for c in o.hand]
    base = at["picked"]
    ones += [base + c.index for c in picked]
    sizes = at["hand_sizes"]
    for seat, size in enumerate(o.hand_sizes):
        out[sizes + rel[seat]] = size
    if o.trump is not None:
        add(at["trump"] + int(o.trump))
    if o.turned_up is not None:
        add(at["turned_up"] + o.turned_up.index)
    if o.turn_up is not None:
        add(at["turn_up"] + o.turn_up.index)
    out[at["stock_size"]] = o.stock_size
    if o.bidder is not None:
        add(at["bidder"] + rel[o.bidder])
    out[at["bid"]] = o.bid / scale
    bids, passed = at["bids"], at["passed"]
    for seat, action in o.auction:
        if isinstance(action, Bid):
            out[bids + rel[seat]] = action.amount / scale
        else:
            add(passed + rel[seat])
    points, cards = at["meld_points"], at["meld_cards"]
    for seat, meld in enumerate(o.melds):
        if meld is not None:
            out[points + rel[seat]] = meld.total / scale
            base = cards + rel[seat] * _FACES
            ones += [base + index for index in _meld_cards(meld)]
    for seat, shown in enumerate(o.shown):
        if shown:
            out[points + rel[seat]] = sum(m.points for m in shown) / scale
    table = at["table"]
    for seat, laid in enumerate(o.table):
        base = table + rel[seat] * _FACES
        ones += [base + c.index for c in laid]
    offset = [at["played"] + r * _FACES for r in rel]
    for trick in o.tricks:
        ones += [offset[seat] + card.index for seat, card in trick.plays]
    trick_at = at["trick"]
    for seat, card in o.trick:
        add(offset[seat] + card.index)
        add(trick_at + rel[seat] * _FACES + card.index)
    if o.trick:
        add(at["trick_leader"] + rel[o.trick[0][0]])
    for name in ("kitty", "buried", "passed_to_me", "passed_by_me"):
        base = at[name]
        ones += [base + c.index for c in getattr(o, name)]
    start = at["points"]
    for side, value in enumerate(o.points):
        out[start + (side - my_side) % s] = value / scale
    start = at["scores"]
    for side, score in enumerate(o.scores):
        out[start + (side - my_side) % s] = score / scale
    if o.target is not None:
        out[at["target"]] = o.target / scale
    out[at["melded_this_turn"]] = float(o.melded_this_turn)
    counts = np.bincount(np.array(ones, dtype=np.intp), minlength=plan.size)
    out[: plan.size] += counts.astype(np.float32)


def encode_state(state: State, seat: int | None = None) -> npt.NDArray[np.float32]:
    """A whole state as a ``float32`` vector: the perfect-information encoding.

    Laid out as `state_layout` says: ``seat``'s `encode_observation`, then every hidden card.

    Args:
        state: The game.
        seat: The seat whose view comes first and whose seat is relative position 0
            (default: the seat to act, or 0 once the game is over).

    Raises:
        ArgumentError: ``state`` is not a `State`, or ``seat`` is not a seat.
    """
    if not isinstance(state, State):
        raise ArgumentError("state", "a State (start one with pinochle.new_game)", state)
    if seat is None:
        seat = state.to_act if state.to_act is not None else 0
    view = observe(state, seat)
    variant = state.variant
    layout = state_layout(variant)
    out = np.zeros(layout.size, dtype=np.float32)
    _fill(out, _plan(variant), view, ())
    p = variant.deal.players
    hand = state.hand
    start = layout["all_hands"].start
    for other, cards in enumerate(state.hands):
        _count(out, start + ((other - seat) % p) * _FACES, cards)
    _count(out, layout["all_kitty"].start, hand.kitty)
    _count(out, layout["all_buried"].start, hand.buried)
    _count(out, layout["stock"].start, hand.stock)
    nxt = layout["stock_next"].start
    for i, card in enumerate(hand.stock[:2]):
        out[nxt + i * _FACES + card.index] = 1.0
    _count(out, layout["all_passed"].start, hand.passed_cards)
    _count(out, layout["all_returned"].start, hand.returned_cards)
    return out
