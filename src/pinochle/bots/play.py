"""Card play for the Medium and Hard computer players (S1's computer levels).

`play_card` picks a card from one seat's `Observation` by the table's rules of thumb
(S1, "Tips to win"):

- feed the partner: when its card is sure to win the trick, add the most valuable counter
  (smearing), but keep sure winners and trumps;
- starve the opponents: when they take the trick, play a 9, J or Q;
- win a trick worth winning with the cheapest card no later opponent can beat;
- lead: the side that holds the bid draws trumps, then anyone cashes sure winners, then
  leads a low card of a suit the partner may win; defenders lead trump only when they
  hold nothing else;
- two-hand, while the stock lasts (no obligations): `pinochle.bots.stock_cards`.

What each level knows of the cards out is `pinochle.bots.memory`: Hard remembers every
card played and every void shown, Medium sees only what lies in view. Both take a player
who is not known to be void to follow suit, so a card is *sure* when no later opponent may hold a
higher card of its suit, nor trump it having shown out of the suit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pinochle import CARDS, Card, Observation, Play, Suit, TurnError
from pinochle.bots._tables import SUIT_MASK, Sides, Tables, mask_of, pick_mask, tables_of
from pinochle.bots.memory import Notes, _count_out, _glance, _Memory, _recall
from pinochle.bots.stock_cards import stock_card

__all__ = ["Notes", "play_card"]


def play_card(
    observation: Observation, rng: random.Random, *, memory: bool, notes: Notes | None = None
) -> Card:
    """The card a Medium (``memory=False``) or Hard (``memory=True``) player plays now.

    Args:
        observation: What the seat to play sees; its legal actions are `Play` actions.
        rng: Breaks ties between equally good cards (same rng state, same card).
        memory: True: remember every card played and every void shown (Hard); False: see
            only the hand, the current trick, the meld shown and the table (Medium).
        notes: Hard's card memory kept from its last decision (see `Notes`); the same
            card with or without (without, the memory is read from scratch).

    Returns:
        The card of one of ``observation.legal_actions``.

    Raises:
        TurnError: The seat is not the one to play a card.
    """
    cards = [a.card for a in observation.legal_actions if isinstance(a, Play)]
    if not cards or observation.to_act != observation.seat:
        raise TurnError(
            f"seat {observation.seat} has no card to play now: the {observation.phase} phase "
            f"waits for seat {observation.to_act}"
        )
    if len(cards) == 1:
        return cards[0]
    if observation.turn_up is not None:  # two-hand: the stock lasts, any card is legal
        return stock_card(observation, cards, rng)
    if len(observation.trick) == 1 and observation.variant.deal.players == 2:
        return _last_follow(observation, cards, rng)
    table = _Table(observation, memory, notes)
    if not table.trick:
        return _lead(table, cards, rng)
    return _follow(table, cards, rng)


# --- Sides and the decision's facts ------------------------------------------------------


_NEVER = len(CARDS)  # an index no card reaches


def _sides(observation: Observation, profile: Tables) -> Sides:
    """The seat's opponents, partners, whether its side holds the bid, and more.

    At five hands the called partner, once revealed, is the bidder's partner and everyone
    else's opponent (rules/deck-and-deal#five-hands); before then every seat plays alone.

    Also the opponents still to play after each number of cards played. The same all
    hand (at five hands, until the partner shows), so kept in the profile's tables.
    """
    variant, seat, persons, bidder, partner = (
        observation.variant,
        observation.seat,
        observation.persons,
        observation.bidder,
        observation.partner,  # five hands: the called partner, once its card is played
    )
    key = (seat, persons, bidder, partner)
    found = profile.sides.get(key)
    if found is not None:
        return found
    players = variant.deal.players
    sides = [observation.side_of(s) for s in range(players)]
    if partner is not None and bidder is not None:  # the bidder's side for this hand
        sides[partner] = sides[bidder]
    mine = sides[seat]
    opponents = frozenset(s for s in range(players) if sides[s] != mine)
    partners = frozenset(s for s in range(players) if sides[s] == mine and s != seat)
    holds_bid = bidder is not None and sides[bidder] == mine
    later = tuple(
        tuple(
            s for s in ((seat + i) % players for i in range(1, players - played)) if s in opponents
        )
        for played in range(players)
    )
    found = profile.sides[key] = (opponents, partners, holds_bid, later)
    return found


class _Table:
    """One decision's facts: trump, sides, the trick so far, and the player's memory."""

    __slots__ = (
        "_floors",
        "_memory",
        "_notes",
        "_observation",
        "_remembers",
        "_safe",
        "chances",
        "holds_bid",
        "later_opponents",
        "opponents",
        "orders",
        "partners",
        "seats",
        "taken",
        "trick",
        "trump",
        "values",
    )

    def __init__(self, observation: Observation, memory: bool, notes: Notes | None) -> None:
        variant = observation.variant
        profile = tables_of(variant)
        self.values = values = profile.values
        self.trump = trump = observation.trump
        self.orders = profile.orders[trump]
        self._observation = observation
        self._remembers = memory
        self._notes = notes
        self._memory: _Memory | None = None
        self.opponents, self.partners, self.holds_bid, later = _sides(observation, profile)
        trick = observation.trick
        self.later_opponents = later[len(trick)]
        # The trick's points so far, the last trick's bonus included.
        taken = variant.counting.last_trick if len(observation.hand) == 1 else 0
        if trick:
            self.seats, self.trick = zip(*trick, strict=True)
            for card in self.trick:
                taken += values[card.index]
        else:
            self.seats, self.trick = (), ()
        self.taken = taken
        self._floors: list[int | None] = [None] * len(Suit)  # see sure_floor
        self._safe: tuple[int, int] | None = None  # see safe_floors
        self.chances: dict[Suit, int] = {}  # see _partner_chance

    @property
    def memory(self) -> _Memory:
        """Where the other cards may be (read once, only when a decision needs it)."""
        memory = self._memory
        if memory is None:
            memory = self._memory = self._remember()
        return memory

    def _remember(self) -> _Memory:
        observation = self._observation
        if not self._remembers:
            return _glance(observation)
        counted = _count_out(observation)
        if counted is not None:
            return counted
        notes = self._notes
        return _recall(observation) if notes is None else notes.recall(observation)

    def safe(self, card: Card, led: Suit) -> bool:
        """Whether ``card``, winning the trick ``led`` started so far, wins it.

        No opponent still to play may beat it (see `safe_floors`).
        """
        floors = self._safe or self.safe_floors(led)
        return card.index >= floors[card.suit is not led]

    def safe_floors(self, led: Suit) -> tuple[int, int]:
        """The lowest index to be `safe`: for a card of the suit led, and for a trump.

        Worked out once a decision (the trick is fixed), for every opponent still to play.
        One that may follow suit is taken to follow it: it beats a card of the suit led
        with a higher one, never a trump. One void in the suit led beats a card of it with
        any trump it may hold (then no card of the suit led is safe), a trump with a
        higher one.
        """
        memory, trump = self.memory, self.trump
        led_mask = SUIT_MASK[led]
        followers, ruffers = 0, 0
        for seat in self.later_opponents:
            may = memory.mask(seat)
            if may & led_mask:
                followers |= may
            else:
                ruffers |= may
        floor_led = (followers & led_mask).bit_length() - 1
        floor_trump = _NEVER
        if trump is not None and led is not trump:
            trumps = ruffers & SUIT_MASK[trump]
            floor_trump = trumps.bit_length() - 1
            if trumps:
                floor_led = _NEVER
        floors = self._safe = (floor_led, floor_trump)
        return floors

    def sure_lead(self, card: Card) -> bool:
        """Whether ``card``, led, wins whatever the opponents hold."""
        return card.index >= self.sure_floor(card.suit)

    def sure_floor(self, suit: Suit) -> int:
        """The lowest index a card of ``suit`` must reach to be a `sure_lead`, once per suit.

        No opponent that may follow suit may hold a higher card of it, and none that is
        void in it may trump it (then no card of the suit is sure).
        """
        floor = self._floors[suit]
        if floor is not None:
            return floor
        memory, trump = self.memory, self.trump
        suit_mask = SUIT_MASK[suit]
        ruffs = trump is not None and suit is not trump
        followers = 0
        floor = -1
        for seat in self.opponents:
            may = memory.mask(seat)
            if may & suit_mask:
                followers |= may
            elif ruffs and may & SUIT_MASK[trump]:  # type: ignore[index]
                floor = _NEVER
        if floor != _NEVER:
            floor = (followers & suit_mask).bit_length() - 1
        self._floors[suit] = floor
        return floor

    def beats(self, card: Card, best: Card) -> bool:
        """Whether ``card``, played now, takes the trick from ``best``."""
        if card.suit is best.suit:
            return card.rank > best.rank
        return card.suit is self.trump


# --- Choosing ----------------------------------------------------------------------------


def _pick_by(cards: Sequence[Card], keys: Sequence[tuple[int, ...]], rng: random.Random) -> Card:
    """The card with the smallest of its ``keys``; ties are broken at random."""
    best = min(keys)
    if keys.count(best) == 1:
        return cards[keys.index(best)]
    return rng.choice([card for k, card in zip(keys, cards, strict=True) if k == best])


def _throw_low(table: _Table, cards: Sequence[Card], rng: random.Random) -> Card:
    """The card that gives away least: fewest points, then a plain card, then the lowest.

    ``cards`` in index order (as the legal actions come), as for `_cheapest`: ties are
    drawn from them in that order.
    """
    return pick_mask(table.orders.throw, mask_of(cards), rng)


def _cheapest(table: _Table, cards: Sequence[Card], rng: random.Random) -> Card:
    """The winning card that costs least: a plain card before a trump, then the lowest."""
    return pick_mask(table.orders.cheap, mask_of(cards), rng)


def _follow(table: _Table, cards: Sequence[Card], rng: random.Random) -> Card:
    """A card for a started trick: smear, win it cheaply, or throw low."""
    trick = table.trick
    led = trick[0].suit
    best = trick[0]
    winner = table.seats[0]
    for seat, card in zip(table.seats, trick, strict=True):
        if table.beats(card, best):
            best, winner = card, seat
    if winner in table.partners and table.safe(best, led):
        return _smear(table, cards, rng)
    # Sure winners worth the trick (the points first: they need no card memory; nor does a
    # trick with no opponent still to play). `beats` and `points` written out.
    suit, rank, trump = best.suit, best.rank, table.trump
    values, taken = table.values, table.taken
    worth = [
        c
        for c in cards
        if (c.rank > rank if c.suit is suit else c.suit is trump) and taken + values[c.index] > 0
    ]
    if worth and table.later_opponents:
        floor_led, floor_trump = table.safe_floors(led)  # `safe`, written out
        worth = [c for c in worth if c.index >= (floor_led if c.suit is led else floor_trump)]
    if worth:
        return _cheapest(table, worth, rng)
    return _throw_low(table, cards, rng)


def _last_follow(observation: Observation, cards: Sequence[Card], rng: random.Random) -> Card:
    """`_follow` for the second card of a two-hand trick, without a `_Table`.

    The leader is the opponent and nobody plays after: win the trick cheaply when it is
    worth points (no card memory needed), else throw low; the same keys as `_cheapest`
    and `_throw_low`.
    """
    variant, trump = observation.variant, observation.trump
    profile = tables_of(variant)
    values = profile.values
    led = observation.trick[0][1]
    suit, rank = led.suit, led.rank
    taken = values[led.index] + (variant.counting.last_trick if len(observation.hand) == 1 else 0)
    worth = [
        c
        for c in cards
        if (c.rank > rank if c.suit is suit else c.suit is trump) and taken + values[c.index] > 0
    ]
    orders = profile.orders[trump]  # `_cheapest` and `_throw_low`, written out
    if worth:
        return pick_mask(orders.cheap, mask_of(worth), rng)
    return pick_mask(orders.throw, mask_of(cards), rng)


def _smear(table: _Table, cards: Sequence[Card], rng: random.Random) -> Card:
    """The most valuable counter for the partner's sure trick (S1 "Feed your partner").

    Sure winners stay in hand, and trumps too unless trump was led (then they are spent
    following anyway); without such a counter, the lowest card.
    """
    values, trump = table.values, table.trump
    trump_led = table.trick[0].suit is trump
    counters = [
        c
        for c in cards
        if values[c.index] > 0 and (trump_led or c.suit is not trump) and not table.sure_lead(c)
    ]
    if counters:
        keys = [(-values[c.index], c.suit is trump, -c.rank) for c in counters]
        return _pick_by(counters, keys, rng)
    return _throw_low(table, cards, rng)


def _lead(table: _Table, cards: Sequence[Card], rng: random.Random) -> Card:
    """The lead: draw trumps (bidding side), cash a sure winner, or lead low to the partner."""
    trump, values = table.trump, table.values
    trumps = [c for c in cards if c.suit is trump]
    plain = [c for c in cards if c.suit is not trump]
    if trumps and table.holds_bid and _opponents_hold_trump(table):
        return _lead_trump(table, trumps, rng)
    sure = _sure_leads(table, plain)
    if sure:
        return _pick_by(sure, [(-values[c.index], -c.rank) for c in sure], rng)
    if plain:
        # The lead order of a plain card that is not sure: no counter, the partner's
        # suit, low. Counters go last, kings before tens (a ten led into an outstanding
        # ace is lost), unless the partner is known to win the suit: then the counter
        # goes to its trick. The cards come suit by suit: one chance a suit.
        keys = []
        suit, chance = None, 0
        for card in plain:
            if card.suit is not suit:
                suit = card.suit
                chance = _partner_chance(table, suit)
            value = values[card.index]
            keys.append((value > 0, chance, value, card.rank))
        return _pick_by(plain, keys, rng)
    return _lead_trump(table, trumps, rng)


def _sure_leads(table: _Table, cards: Sequence[Card]) -> list[Card]:
    """The cards that win led (`_Table.sure_lead`), one floor a run of a suit."""
    sure = []
    suit, floor = None, 0
    for card in cards:
        if card.suit is not suit:
            suit = card.suit
            floor = table.sure_floor(suit)
        if card.index >= floor:
            sure.append(card)
    return sure


def _opponents_hold_trump(table: _Table) -> bool:
    trump = table.trump
    if trump is None:
        return False
    trumps = SUIT_MASK[trump]
    return any(table.memory.may_hold_any(seat, trumps) for seat in table.opponents)


def _lead_trump(table: _Table, trumps: Sequence[Card], rng: random.Random) -> Card:
    """The lowest sure trump, else the lowest trump."""
    sure = _sure_leads(table, trumps)
    if sure:
        return _pick_by(sure, [(c.rank,) for c in sure], rng)
    return _throw_low(table, trumps, rng)


def _partner_chance(table: _Table, suit: Suit) -> int:
    """How well a partner may win a lead of ``suit``: 0 known, 1 maybe, 2 not (or no partner).

    Asked once per suit (the answer depends on nothing else).
    """
    chance = table.chances.get(suit)
    if chance is None:
        chance = table.chances[suit] = _chance(table, suit)
    return chance


def _chance(table: _Table, suit: Suit) -> int:
    if not table.partners:
        return 2
    memory, trump = table.memory, table.trump
    # The suit's highest card another seat may hold: free, or known in a hand.
    outside = (memory.free | memory.known) & SUIT_MASK[suit]
    top = outside.bit_length() - 1  # its index, -1 for none
    chance = 2
    for partner in table.partners:
        ruffs = (
            trump is not None
            and suit is not trump
            and memory.is_void(partner, suit)
            and memory.may_hold_any(partner, SUIT_MASK[trump])
        )
        if ruffs or (top >= 0 and memory.held(partner) >> top & 1):
            return 0
        if top >= 0 and memory.mask(partner) >> top & 1:
            chance = 1
    return chance
