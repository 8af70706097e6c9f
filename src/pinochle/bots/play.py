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
- two-hand, while the stock lasts (no obligations): win a trick that carries points or
  when a meld waits to be shown, else throw a low card that is no part of a meld to be.

Hard remembers every card played and every void shown (`pinochle.knowledge`). Medium sees
only its hand, the current trick, the meld shown and the two-hand table: it takes every
card it cannot see to be still out, and nobody to be void. Both take a player who is not
known to be void to follow suit, so a card is *sure* when no later opponent may hold a
higher card of its suit, nor trump it having shown out of the suit.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Sequence

from pinochle import (
    CARDS,
    EMPTY_TRICK,
    Card,
    DeckKind,
    Observation,
    Phase,
    Play,
    Rank,
    Suit,
    Variant,
    card_points,
    knowledge,
    meld_total,
    trick_rule,
)

__all__ = ["Notes", "play_card"]

_SUIT_CARDS = tuple(tuple(c for c in CARDS if c.suit is suit) for suit in Suit)
_HIGHER = tuple(tuple(c for c in _SUIT_CARDS[card.suit] if c.rank > card.rank) for card in CARDS)
_VALUES: dict[tuple[object, int], tuple[int, ...]] = {}


def _mask(cards: Sequence[Card]) -> int:
    """The cards as a bitmask over `Card.index`."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


_BIT = tuple(1 << i for i in range(len(CARDS)))
_SUIT_MASK = tuple(_mask(cards) for cards in _SUIT_CARDS)
_HIGHER_MASK = tuple(_mask(cards) for cards in _HIGHER)
_ACES = _mask([c for c in CARDS if c.rank is Rank.ACE])
_PINOCHLE = _mask([CARDS[Suit.SPADES * 6 + Rank.QUEEN], CARDS[Suit.DIAMONDS * 6 + Rank.JACK]])
_QUEENS = _mask([c for c in CARDS if c.rank is Rank.QUEEN])
assert all(CARDS[c.index + 1].rank is Rank.KING for c in CARDS if c.rank is Rank.QUEEN)
# _UP_TO[suit][ceiling + 1]: the suit's cards up to the ceiling rank (none when void).
_UP_TO = tuple(tuple(((1 << n) - 1) << (suit * 6) for n in range(7)) for suit in range(4))


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
            card with or without.

    Returns:
        The card of one of ``observation.legal_actions``.

    Raises:
        ValueError: The seat is not the one to play a card.
    """
    cards = [a.card for a in observation.legal_actions if isinstance(a, Play)]
    if not cards or observation.to_act != observation.seat:
        raise ValueError(
            f"seat {observation.seat} has no card to play now: the {observation.phase} phase "
            f"waits for seat {observation.to_act}"
        )
    if len(cards) == 1:
        return cards[0]
    if observation.turn_up is not None:  # two-hand: the stock lasts, any card is legal
        return _stock_play(observation, cards, rng)
    if len(observation.trick) == 1 and observation.variant.deal.players == 2:
        return _last_follow(observation, cards, rng)
    table = _Table(observation, memory, notes)
    if not table.trick:
        return _lead(table, cards, rng)
    return _follow(table, cards, rng)


# --- What the player knows ---------------------------------------------------------------


class _Memory:
    """Where the cards outside the player's hand may be.

    Sets of cards are bitmasks over `Card.index` (bit ``i`` for ``CARDS[i]``).

    Attributes:
        free: The cards (a mask) of which another seat may hold a copy.
        holds: Each seat's cards (a mask) it is known to hold (shown meld, passed cards,
            table).
        ceilings: For each seat and suit, the highest rank it may hold (-1: void).
    """

    __slots__ = ("_known", "_may", "ceilings", "free", "holds")

    def __init__(
        self,
        free: int,
        holds: Sequence[int],
        ceilings: Sequence[Sequence[int]],
    ) -> None:
        self.free = free
        self.holds = holds
        self.ceilings = ceilings
        self._may: list[int | None] = [None] * len(holds)
        self._known: int | None = None

    @property
    def known(self) -> int:
        """The cards (a mask) another seat is known to hold (worked out once)."""
        known = self._known
        if known is None:
            known = 0
            for seat in range(len(self.holds)):
                known |= self.held(seat)
            self._known = known
        return known

    def held(self, seat: int) -> int:
        """The cards (a mask) ``seat`` is known to hold."""
        return self.holds[seat]

    def mask(self, seat: int) -> int:
        """The cards (a mask) ``seat`` may hold, worked out once per seat.

        Those known in its hand, and the free ones its ceilings allow.
        """
        mask = self._may[seat]
        if mask is None:
            mask = self._may[seat] = self.free & _allowed(self.ceilings[seat]) | self.held(seat)
        return mask

    def may_hold(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` may hold a copy of ``card``."""
        return bool(self.mask(seat) >> card.index & 1)

    def may_hold_any(self, seat: int, cards: int) -> bool:
        """Whether ``seat`` may hold any of the cards of the mask ``cards``."""
        return bool(self.mask(seat) & cards)

    def is_void(self, seat: int, suit: Suit) -> bool:
        """Whether ``seat`` surely holds no card of ``suit``."""
        return not self.mask(seat) & _SUIT_MASK[suit]


def _allowed(ceilings: Sequence[int]) -> int:
    """The cards (a mask) at or below a seat's ceilings, kept per ceilings."""
    key = tuple(ceilings)
    allowed = _ALLOWED.get(key)
    if allowed is None:
        allowed = 0
        for suit, ceiling in enumerate(key):
            allowed |= _UP_TO[suit][ceiling + 1]
        _ALLOWED[key] = allowed  # (at most 7 ** 4 keys)
    return allowed


_ALLOWED: dict[tuple[int, ...], int] = {}


def _recall(observation: Observation) -> _Memory:
    """Hard: every card played and every void shown, from `pinochle.knowledge`."""
    known = knowledge(observation)
    return _Memory(_mask(known.unseen), [_mask(cards) for cards in known.holds], known.ceilings)


_VOID = -1
_NEVER = len(CARDS)  # an index no card reaches
_INDEX = operator.attrgetter("index")


class Notes:
    """Hard's card memory, kept from one decision to the next (a cache, per seat).

    In the tricks phase (no two-hand table or turn-up) nothing a seat knows changes but by
    a card played, so the cards each seat may hold are brought up to date from the public
    observation: the tricks played since the seat's last look and the current trick. A
    seat's first look in a hand, or any view that does not follow on its last one (another
    hand or game, a copy), is read from `pinochle.knowledge`; so is every other moment.
    The notes are a cache: pickling or copying them gives empty notes.
    """

    __slots__ = ("_seats",)

    def __init__(self) -> None:
        self._seats: dict[int, _Seen] = {}

    def __reduce__(self) -> tuple[type[Notes], tuple[()]]:
        return (Notes, ())

    def recall(self, observation: Observation) -> _Memory:
        """What `_recall` reads, from the seat's last look when the view follows on it."""
        seat = observation.seat
        updatable = (
            observation.phase is Phase.TRICKS
            and not observation.table
            and observation.turn_up is None
            and observation.last_turn_up is None
        )
        if not updatable:
            self._seats.pop(seat, None)
            return _recall(observation)
        seen = self._seats.get(seat)
        if seen is None or not seen.update(observation):
            seen = self._seats[seat] = _Seen(observation)
        return _Memory(seen.free, seen.held, seen.ceilings)


def _fixed(view: Observation) -> tuple[object, ...]:
    """What must stay the same objects for `_Seen` to bring a look up to date."""
    return (
        view.variant,
        view.trump,
        view.melds,
        view.kitty,
        view.buried,
        view.passed_to_me,
        view.passed_by_me,
        view.turned_up,
        view.dix_exchanger,
        view.persons,
        view.auction,
    )


class _Seen:
    """One seat's notes at its last look (see `Notes`): `pinochle.knowledge`'s masks.

    The unseen copies of each card and those each seat is known to hold are counted (by
    `Card.index`), as masks too; the ceilings include every card seen played, the current
    trick's too (reading a trick's plays again lowers nothing more).
    """

    __slots__ = (
        "ceilings",
        "fixed",
        "free",
        "free_tricks",
        "hand",
        "held",
        "holds",
        "numbers",
        "reading",
        "rule",
        "seat",
        "trick",
        "tricks",
        "unseen",
    )

    def __init__(self, view: Observation) -> None:
        known = knowledge(view)
        self.seat = view.seat
        self.numbers = (view.hand_number, view.dealer, view.bidder)
        self.fixed = _fixed(view)
        self.hand = list(map(_INDEX, view.hand))
        unseen = [0] * len(CARDS)
        for card in known.unseen:
            unseen[card.index] += 1
        self.unseen = unseen
        self.free = _mask(known.unseen)
        holds = []
        for cards in known.holds:
            counts = [0] * len(CARDS)
            for card in cards:
                counts[card.index] += 1
            holds.append(counts)
        self.holds = holds
        self.held = [_mask(cards) for cards in known.holds]
        self.ceilings = [list(c) for c in known.ceilings]
        variant = view.variant
        self.rule = trick_rule(variant.play, view.trump)
        players = variant.deal.players
        self.free_tricks = (
            int((variant.deck_size - players * variant.deal.hand) // players)
            if variant.deal.stock
            else 0
        )
        self.tricks = view.tricks
        self.trick = view.trick
        self.reading = EMPTY_TRICK  # the state of the trick being read (pinochle.tricks)
        self._take([view.trick], len(view.tricks), 0, count=False)  # the reading state

    def update(self, view: Observation) -> bool:
        """Bring the notes up to ``view``; False when it does not follow on the last look."""
        if (view.hand_number, view.dealer, view.bidder) != self.numbers:
            return False
        if not all(map(operator.is_, _fixed(view), self.fixed)):
            return False
        tricks, before, old = view.tricks, self.tricks, self.trick
        done, seen = len(before), len(old)
        if len(tricks) < done or tricks[:done] != before:
            return False
        plays = tricks[done].plays if len(tricks) > done else view.trick
        if len(plays) < seen or plays[:seen] != old:
            return False
        news = [tricks[k].plays for k in range(done, len(tricks))]
        news.append(view.trick)
        # (On False the notes are read afresh: a half-done update is never used.)
        if not self._take(news, done, seen, count=True):
            return False
        if self.hand != list(map(_INDEX, view.hand)):
            return False
        self.tricks, self.trick = tricks, view.trick
        return True

    def _take(
        self, news: Sequence[Sequence[tuple[int, Card]]], number: int, start: int, *, count: bool
    ) -> bool:
        """Take in the plays of some tricks: count them off and read what they show.

        ``news`` holds the plays of tricks ``number``, ``number + 1``, ... (the last maybe
        unfinished), taken from play ``start`` of the first on. ``count``: take each card
        off the seat's hand, off the copies its player is known to hold, or off the unseen
        ones (False when it can be none of them; a first look's cards are counted by
        `pinochle.knowledge` already). The plays are read as `pinochle.knowledge` reads
        them: the tricks while a two-hand stock lasts show nothing; the trick's state is
        stepped card by card through the trick rule (`pinochle.tricks`) and kept for the
        next play, and each card shows what its duty read backwards shows.
        """
        hand, unseen, holds, held = self.hand, self.unseen, self.holds, self.held
        me, free = self.seat, self.free
        rule, ceilings, free_tricks = self.rule, self.ceilings, self.free_tricks
        steps, reveals, trump, reading = rule.steps, rule.reveals, rule.trump, self.reading
        for plays in news:
            first, start = start, 0
            reads = number >= free_tricks
            number += 1
            for i in range(first, len(plays)):
                seat, card = plays[i]
                if count:
                    index = card.index
                    if seat == me:
                        try:
                            hand.remove(index)
                        except ValueError:
                            return False
                    elif holds[seat][index]:
                        counts = holds[seat]
                        counts[index] -= 1
                        if not counts[index]:
                            held[seat] &= ~_BIT[index]
                    elif unseen[index]:
                        unseen[index] -= 1
                        if not unseen[index]:
                            free &= ~_BIT[index]
                    else:
                        return False
                if not reads:
                    continue
                at = (reading if i else EMPTY_TRICK) + card.index
                led, in_led, in_trump = reveals[at]
                mine = ceilings[seat]
                if in_led < mine[led]:
                    mine[led] = in_led
                if in_trump < mine[trump]:  # (below the ace only with a trump)
                    mine[trump] = in_trump
                reading = steps[at]
        self.free = free
        self.reading = reading
        return True


def _count_out(observation: Observation) -> _Memory | None:
    """Hard, two-hand with one deck once the stock is gone: counted, not recalled.

    The opponent holds every card neither in the player's hand nor played (what
    `pinochle.knowledge` tells then, for less): every card is then in one of the two
    hands or played, so the cards the opponent may hold are exactly those; the seat's
    ceilings only confirm them. None for any other game or moment (`_recall` reads
    `pinochle.knowledge`).
    """
    variant = observation.variant
    if (
        variant.deal.players != 2
        or variant.deal.deck is not DeckKind.SINGLE
        or observation.turn_up is not None
        or observation.stock_size
    ):
        return None
    out = [2] * len(CARDS)  # the copies of each card not seen gone
    for card in observation.hand:
        out[card.index] -= 1
    for trick in observation.tricks:
        for _, card in trick.plays:
            out[card.index] -= 1
    for _, card in observation.trick:
        out[card.index] -= 1
    mask = 0
    for index, copies in enumerate(out):
        if copies > 0:
            mask |= 1 << index
    return _Memory(mask, [0, 0], [_ANY_RANK, _ANY_RANK])


_ANY_RANK = [int(Rank.ACE)] * len(Suit)


def _glance(observation: Observation) -> _Memory:
    """Medium: only what lies in view now; every card it cannot see may be anywhere."""
    variant = observation.variant
    copies = 2 if variant.deal.deck is DeckKind.SINGLE else 4
    free = [0 if copies == 4 and c.rank is Rank.NINE else copies for c in CARDS]
    players = variant.deal.players
    holds: list[list[Card]] = []
    for seat in range(players):
        meld = observation.melds[seat] if observation.melds else None
        cards = {c for item in meld.items for c in item.cards} if meld is not None else set()
        cards.update(observation.table[seat] if observation.table else ())
        cards.difference_update(c for s, c in observation.trick if s == seat)
        holds.append([] if seat == observation.seat else sorted(cards))
    turn_up = () if observation.turn_up is None else (observation.turn_up,)
    seen = [*observation.hand, *observation.buried, *turn_up, *(c for _, c in observation.trick)]
    for card in [*seen, *(c for cards in holds for c in cards)]:
        free[card.index] = max(0, free[card.index] - 1)
    mask = sum(_BIT[i] for i, n in enumerate(free) if n > 0)
    return _Memory(mask, [_mask(cards) for cards in holds], [[int(Rank.ACE)] * len(Suit)] * players)


def _card_values(variant: Variant) -> tuple[int, ...]:
    """Each card's trick points, by `Card.index` (they depend on the method and scale only).

    Kept per profile object too, so a decision looks them up by its profile's identity.
    """
    kept = _VALUES_OF.get(id(variant))
    if kept is not None and kept[0] is variant:
        return kept[1]
    key = (variant.counting.method, variant.scale)
    values = _VALUES.get(key)
    if values is None:
        values = _VALUES[key] = tuple(card_points((card,), variant) for card in CARDS)
    if len(_VALUES_OF) >= 64:
        _VALUES_OF.clear()
    _VALUES_OF[id(variant)] = (variant, values)  # holding the profile keeps its id
    return values


_VALUES_OF: dict[int, tuple[Variant, tuple[int, ...]]] = {}


_Sides = tuple[frozenset[int], frozenset[int], bool, tuple[tuple[int, ...], ...]]
_SIDES: dict[tuple[object, ...], tuple[Variant, _Sides]] = {}


def _sides(observation: Observation) -> _Sides:
    """The seat's opponents, partners, whether its side holds the bid, and more.

    Also the opponents still to play after each number of cards played. The same all
    hand, so kept.
    """
    variant, seat, persons, bidder = (
        observation.variant,
        observation.seat,
        observation.persons,
        observation.bidder,
    )
    key = (id(variant), seat, persons, bidder)  # (hashing a whole profile costs more)
    kept = _SIDES.get(key)
    if kept is not None and kept[0] is variant:
        return kept[1]
    players = variant.deal.players
    if variant.deal.partnerships:
        sides: Sequence[int] = [s % 2 for s in range(players)]
    else:
        sides = persons  # each seat plays alone
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
    if len(_SIDES) >= 256:
        _SIDES.clear()
    found = (opponents, partners, holds_bid, later)
    _SIDES[key] = (variant, found)
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
        "partners",
        "seats",
        "taken",
        "trick",
        "trump",
        "values",
    )

    def __init__(self, observation: Observation, memory: bool, notes: Notes | None) -> None:
        variant = observation.variant
        kept = _VALUES_OF.get(id(variant))  # `_card_values`, its usual case written out
        values = kept[1] if kept is not None and kept[0] is variant else _card_values(variant)
        self.values = values
        self.trump = observation.trump
        self._observation = observation
        self._remembers = memory
        self._notes = notes
        self._memory: _Memory | None = None
        self.opponents, self.partners, self.holds_bid, later = _sides(observation)
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
        led_mask = _SUIT_MASK[led]
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
            trumps = ruffers & _SUIT_MASK[trump]
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
        suit_mask = _SUIT_MASK[suit]
        ruffs = trump is not None and suit is not trump
        followers = 0
        floor = -1
        for seat in self.opponents:
            may = memory.mask(seat)
            if may & suit_mask:
                followers |= may
            elif ruffs and may & _SUIT_MASK[trump]:  # type: ignore[index]
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
    return _pick_mask(_orders(table.values, table.trump).throw, _mask(cards), rng)


def _cheapest(table: _Table, cards: Sequence[Card], rng: random.Random) -> Card:
    """The winning card that costs least: a plain card before a trump, then the lowest."""
    return _pick_mask(_orders(table.values, table.trump).cheap, _mask(cards), rng)


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
    values = _card_values(variant)
    led = observation.trick[0][1]
    suit, rank = led.suit, led.rank
    taken = values[led.index] + (variant.counting.last_trick if len(observation.hand) == 1 else 0)
    worth = [
        c
        for c in cards
        if (c.rank > rank if c.suit is suit else c.suit is trump) and taken + values[c.index] > 0
    ]
    orders = _orders(values, trump)  # `_cheapest` and `_throw_low`, written out
    if worth:
        return _pick_mask(orders.cheap, _mask(worth), rng)
    return _pick_mask(orders.throw, _mask(cards), rng)


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
    trumps = _SUIT_MASK[trump]
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
    outside = (memory.free | memory.known) & _SUIT_MASK[suit]
    top = outside.bit_length() - 1  # its index, -1 for none
    chance = 2
    for partner in table.partners:
        ruffs = (
            trump is not None
            and suit is not trump
            and memory.is_void(partner, suit)
            and memory.may_hold_any(partner, _SUIT_MASK[trump])
        )
        if ruffs or (top >= 0 and memory.held(partner) >> top & 1):
            return 0
        if top >= 0 and memory.mask(partner) >> top & 1:
            chance = 1
    return chance


# --- Two-hand, while the stock lasts -----------------------------------------------------


def _stock_play(observation: Observation, cards: Sequence[Card], rng: random.Random) -> Card:
    """Win a trick with points or when a meld waits; else throw a card no meld needs.

    It needs no card memory nor sides (two players, and every card in hand is legal while
    the stock lasts), so it reads only the trump, the trick and the card values; half of
    two-hand's card decisions are these, so they are made on masks (`_Orders`) with no
    `_Table`: the same card and the same draw as `_cheapest` and `_throw_low` with the
    cards a meld to be needs put last.
    """
    variant, trump = observation.variant, observation.trump
    kept = _VALUES_OF.get(id(variant))  # `_card_values`, its usual case written out
    values = kept[1] if kept is not None and kept[0] is variant else _card_values(variant)
    orders = _orders(values, trump)
    held = _mask(cards)
    keep = _meld_cards(held, trump)
    if observation.trick:
        led = observation.trick[0][1]
        # The cards that beat the card led: higher in its suit, or a trump on a plain suit.
        beating = held & _HIGHER_MASK[led.index]
        if trump is not None and led.suit is not trump:
            beating |= held & _SUIT_MASK[trump]
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
            return _pick_mask(orders.cheap, winners & ~keep or winners, rng)
    return _pick_mask(orders.throw, held & ~keep or held, rng)


class _Orders:
    """The orders of `_throw_low` and `_cheapest` as masks of tied cards, lowest key first.

    ``throw``: by points, then trump or not, then rank; ``cheap``: by trump or not, then
    rank; ``counters``: the cards with points. Kept per card values and trump.
    """

    __slots__ = ("cheap", "counters", "throw")

    def __init__(self, values: Sequence[int], trump: Suit | None) -> None:
        def groups(key: Callable[[Card], tuple[int, ...]]) -> tuple[int, ...]:
            masks: dict[tuple[int, ...], int] = {}
            for card in CARDS:
                k = key(card)
                masks[k] = masks.get(k, 0) | _BIT[card.index]
            return tuple(masks[k] for k in sorted(masks))

        self.throw = groups(lambda c: (values[c.index], c.suit is trump, c.rank))
        self.cheap = groups(lambda c: (c.suit is trump, c.rank))
        self.counters = _mask([c for c in CARDS if values[c.index] > 0])


_ORDERS: dict[tuple[int, Suit | None], tuple[Sequence[int], _Orders]] = {}


def _orders(values: Sequence[int], trump: Suit | None) -> _Orders:
    """`_Orders` of the card values (one tuple per kind of profile) and trump, kept."""
    kept = _ORDERS.get((id(values), trump))
    if kept is not None and kept[0] is values:
        return kept[1]
    orders = _Orders(values, trump)
    if len(_ORDERS) >= 64:
        _ORDERS.clear()
    _ORDERS[id(values), trump] = (values, orders)  # holding the values keeps their id
    return orders


def _pick_mask(groups: Sequence[int], cards: int, rng: random.Random) -> Card:
    """`_pick_by` on masks: the card of ``cards`` in the first group that holds one.

    Ties (several in that group) are drawn as `_pick_by` draws them, in index order.
    """
    for group in groups:
        tied = group & cards
        if tied:
            if not tied & (tied - 1):
                return CARDS[tied.bit_length() - 1]
            return rng.choice([c for c in CARDS if tied >> c.index & 1])
    raise ValueError("no card to pick")


def _meld_cards(held: int, trump: Suit | None) -> int:
    """Cards (a mask) of melds to be: aces, trumps, the pinochle, married kings and queens.

    ``held``: the cards in hand, a mask.
    """
    # The queens whose king is held too (a king's bit is the next above its queen's).
    married = held & held >> 1 & _QUEENS
    keep = held & (_ACES | _PINOCHLE | (0 if trump is None else _SUIT_MASK[trump]))
    return keep | married | married << 1


def _meld_waits(observation: Observation) -> bool:
    """Whether the hand holds more meld than it has laid on the table (two-hand)."""
    variant, trump = observation.variant, observation.trump
    on_table = observation.table[observation.seat] if observation.table else ()
    in_hand = meld_total(observation.hand, trump, variant)
    return in_hand > _table_meld(on_table, trump, variant)


_TABLE_MELD: dict[int, tuple[tuple[Card, ...], Suit | None, Variant, int]] = {}


def _table_meld(cards: tuple[Card, ...], trump: Suit | None, variant: Variant) -> int:
    """The meld of the cards on the table, kept per tuple (it changes only with a meld)."""
    kept = _TABLE_MELD.get(id(cards))
    if kept is not None and kept[0] is cards and kept[1] is trump and kept[2] is variant:
        return kept[3]
    total = meld_total(cards, trump, variant)
    if len(_TABLE_MELD) >= 256:
        _TABLE_MELD.clear()
    _TABLE_MELD[id(cards)] = (cards, trump, variant, total)  # holding the tuple keeps its id
    return total
