"""What one seat knows of the hidden cards, and whole deals consistent with it.

Search-based players imagine the cards they cannot see. Only the rules know what a shown
meld, a passed card or a failure to follow reveals, so the library does the imagining:

- `knowledge` reads an `Observation` into card memory: the cards each seat played, the
  cards whose place the seat cannot see, the cards each other seat is known to hold (meld
  not yet played, cards passed to it, cards on the two-hand table) and, for every seat and
  suit, the highest rank it may still hold (-1: void), inferred from every card played
  against the profile's ``[play]`` obligations. It keeps nothing between calls; a caller
  that asks at every step of a hand owns a `KnowledgeTracker`, which brings one seat's
  knowledge up to date by the cards played since its last view.
- `sample_state` deals the unseen cards into a full `State` consistent with all of it: each
  seat keeps the cards it was seen to hold, nobody holds a card its play ruled out, hand,
  kitty, buried and stock sizes match, and the observer cannot tell the sampled state from
  the real one (``observe(sample_state(view, rng), view.seat) == view``).

Beyond those hard constraints the sampler also tries to make every shown meld exact (a seat
that showed no aces around should not be dealt all four aces): it repairs a deal by swapping
unconstrained cards a bounded number of times, and returns the closest deal it found when
that budget runs out (rare; see docs/bots.md). Under ``bidding.meld_must_open`` a seat that
passed while nobody had bid held no meld before trump, and the same repair aims for that.
"""

from __future__ import annotations

import bisect
import copy
import functools
import itertools
import operator
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final

import attrs

from pinochle.actions import Pass
from pinochle.arguments import number
from pinochle.auction import _trump_suits
from pinochle.cards import CARDS, Card, DeckKind, Rank, Suit, copies_in_deck, make_deck
from pinochle.errors import ArgumentError, ObservationError
from pinochle.meld import Meld, _Tables, meld_values, score_meld
from pinochle.meld import _tables as meld_tables  # the count-code tables (see _meld_total)
from pinochle.state import Game, Hand, Observation, Phase, State, _kitty_face_down, build_state
from pinochle.tricks import EMPTY_TRICK, trick_rule
from pinochle.variant import Partner, PassingOrder, TrumpRule, Variant, WithoutMarriage

__all__ = ["Knowledge", "KnowledgeTracker", "knowledge", "sample_state", "sample_states"]

VOID: Final = -1
"""A ceiling below every rank: the seat holds no card of the suit."""

_ANY: Final = tuple(int(Rank.ACE) for _ in Suit)
_COUNTERS: Final = frozenset((Rank.ACE, Rank.TEN, Rank.KING))
_REPAIR_SWAPS: Final = 300  # swaps tried to make the shown meld exact


@attrs.frozen
class Knowledge:
    """One seat's card memory for the current hand.

    Attributes:
        seat: The observing seat.
        hand: Its own cards.
        played: Each seat's cards played this hand (finished tricks and the current one).
        unseen: The cards whose place the seat cannot see (twins repeated, index order):
            in other hands, the stock, a hidden kitty or the buried cards. Cards known to be
            in a particular hand are in `holds` instead.
        holds: Each seat's cards it is known to hold now: shown meld not yet played, cards
            passed to it, its two-hand table and the turned card a dix exchange took, the
            turned trump a dealer keeps, a shown kitty (for the bidder, unless it may have
            been buried); empty for the observer itself (see `hand`).
        ceilings: For each seat and `Suit` (by index), the highest `Rank` it may still hold
            in the suit; ``VOID`` (-1) when it holds none. Every card it played is checked
            against the follow, beat, trump and overtrump obligations of the profile.
    """

    seat: int
    hand: tuple[Card, ...]
    played: tuple[tuple[Card, ...], ...]
    unseen: tuple[Card, ...]
    holds: tuple[tuple[Card, ...], ...]
    ceilings: tuple[tuple[int, ...], ...]

    def is_void(self, seat: int, suit: Suit) -> bool:
        """Whether ``seat`` is known to hold no card of ``suit``."""
        return self.ceilings[seat][suit] == VOID

    def may_hold(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` may hold a copy of ``card`` now, as far as this seat knows."""
        if seat == self.seat:
            return card in self.hand
        if card in self.holds[seat]:
            return True
        return card.rank <= self.ceilings[seat][card.suit] and card in self.unseen

    def outstanding(self, card: Card) -> int:
        """Copies of ``card`` still to be played by other seats (unseen or known held)."""
        held = sum(cards.count(card) for seat, cards in enumerate(self.holds) if seat != self.seat)
        return self.unseen.count(card) + held


def knowledge(observation: Observation) -> Knowledge:
    """Read what ``observation.seat`` knows of the hidden cards (see `Knowledge`).

    A function of the observation alone, read from scratch at every call: nothing is kept
    between calls. A caller that asks at every step of a hand keeps a `KnowledgeTracker`
    for the seat instead, which gives the same answers for less work.

    Raises:
        ArgumentError: ``observation`` is not an `Observation` (see `pinochle.observe`).
    """
    return _Reading(_observation(observation)).knowledge()


class KnowledgeTracker:
    """One seat's `knowledge`, brought up to date from one view to the next by its owner.

    `knowledge` reads an observation from scratch. A caller that asks at every step of a
    game (a bot, an environment, a server session) creates a tracker for the seat it
    follows and gives it each new view: `update` returns exactly what `knowledge` returns
    for that view. In trick play without a two-hand table or turn-up nothing a seat knows
    changes but by a card played, so when the view follows on the tracker's last one (the
    same seat, hand and meld; the tricks and the trick so far extended by the cards played
    since) the tracker takes those cards off where they were and reads what they show;
    any other view (the first, another seat's, another hand or game, an earlier moment,
    another phase) is read from scratch.

    A tracker keeps nothing outside itself: trackers of several games, interleaved in one
    thread or in several, never see each other's views. One tracker serves one caller at a
    time (it is not for several threads at once). Copies and pickles carry its state.
    """

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: _Seen | None = None

    def __copy__(self) -> KnowledgeTracker:
        return copy.deepcopy(self)  # a copy follows views of its own

    def update(self, observation: Observation) -> Knowledge:
        """What ``observation.seat`` knows now: ``knowledge(observation)``, kept up to date.

        Raises:
            ArgumentError: ``observation`` is not an `Observation` (see `pinochle.observe`).
            ObservationError: The observation is not one the engine can produce.
        """
        found = self._follow(_observation(observation))
        return found if isinstance(found, Knowledge) else found.knowledge(observation)

    def _follow(self, view: Observation) -> _Seen | Knowledge:
        """The tracker brought up to ``view``: its notes, or the knowledge read afresh.

        Knowledge when the view is not one the notes follow (see `_updatable`); the notes
        otherwise, updated by the cards played since or read afresh from the view.
        """
        if not _updatable(view):
            self._seen = None
            return _Reading(view).knowledge()
        seen = self._seen
        if seen is None or not seen.update(view):  # (a failed update is never used)
            seen = self._seen = _Seen(view, _Reading(view).knowledge())
        return seen


def _updatable(view: Observation) -> bool:
    """Whether only the cards played change what ``view``'s seat knows (see `_Seen`)."""
    return (
        view.phase is Phase.TRICKS
        and not view.table
        and view.turn_up is None
        and view.last_turn_up is None
    )


def _fixed(view: Observation) -> tuple[object, ...]:
    """What must be equal for `_Seen` to bring a look up to date (mostly the same objects)."""
    return (
        view.seat,
        view.hand_number,
        view.dealer,
        view.bidder,
        view.variant,
        view.trump,
        view.melds,
        view.kitty,
        view.buried,
        view.buried_announced,
        view.passed_to_me,
        view.passed_by_me,
        view.shared_to_me,
        view.shared_by_me,
        view.turned_up,
        view.dix_exchanger,
        view.persons,
        view.auction,
    )


def _mask(cards: Sequence[Card]) -> int:
    """The cards as a bitmask over `Card.index`."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


_BIT: Final = tuple(1 << i for i in range(len(CARDS)))
_VOID: Final = VOID
_INDEX: Final = operator.attrgetter("index")


class _Seen:
    """One seat's notes at its last look (see `KnowledgeTracker`): `knowledge` as counts.

    The unseen copies of each card and those each seat is known to hold are counted (by
    `Card.index`), as masks too (Hard reads those: `pinochle.bots.memory.Notes`); the
    ceilings include every card seen played, the current trick's too (reading a trick's
    plays again lowers nothing more).
    """

    __slots__ = (
        "ceilings",
        "fixed",
        "free",
        "free_tricks",
        "hand",
        "held",
        "holds",
        "known",
        "reading",
        "rule",
        "seat",
        "trick",
        "tricks",
        "unseen",
    )

    def __init__(self, view: Observation, known: Knowledge) -> None:
        self.known: Knowledge | None = known  # what `knowledge` gives now (None: to build)
        self.seat = view.seat
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
        """Bring the notes up to ``view``; False when it does not follow on the last look.

        The view's hand, meld and the rest must equal the last look's (the same objects,
        as a game's views share them, compare at once); its tricks and trick extend those.
        """
        if _fixed(view) != self.fixed:
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
        self.known = None
        return True

    def knowledge(self, view: Observation) -> Knowledge:
        """The notes as `knowledge` gives them for ``view`` (the view they were brought to)."""
        known = self.known
        if known is None:
            players = view.variant.deal.players
            played: list[list[Card]] = [[] for _ in range(players)]
            for trick in view.tricks:
                for seat, card in trick.plays:
                    played[seat].append(card)
            for seat, card in view.trick:
                played[seat].append(card)
            known = self.known = Knowledge(
                seat=self.seat,
                hand=view.hand,
                played=tuple([tuple(cards) for cards in played]),
                unseen=tuple(_elements(self.unseen)),
                holds=tuple([tuple(_elements(counts)) for counts in self.holds]),
                ceilings=tuple([tuple(c) for c in self.ceilings]),
            )
        return known

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


def _observation(value: object) -> Observation:
    if type(value) is not Observation:
        raise ArgumentError("observation", "an Observation (from pinochle.observe)", value)
    return value


def _rng(value: object) -> random.Random:
    if not isinstance(value, random.Random):
        raise ArgumentError("rng", "a random.Random", value)
    return value


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A full state the observer cannot tell from the real one, with the unseen cards dealt.

    Every seat keeps the cards it was seen to hold (shown meld not yet played, passed cards,
    the two-hand table, a shown kitty), no seat gets a card its play ruled out (a suit it
    did not follow, a trump it did not play, a card higher than one it failed to beat), and
    each hand, the stock, a hidden kitty and the buried cards have their sizes. The
    sampler then tries to make every shown meld exact (see the module notes).

    The sampled state's history is empty and its later deals come from a seed drawn from
    ``rng``; ``observe(sampled, observation.seat) == observation``.

    Args:
        observation: What one seat sees (any phase of a hand).
        rng: The source of randomness (the result is a function of its state).

    Raises:
        ObservationError: The observation is not one the engine can produce (its cards do
            not add up to the deck).
        ArgumentError: ``observation`` is not an `Observation` or ``rng`` not a
            `random.Random`.
    """
    return _Reading(_observation(observation)).sample(_rng(rng))


def sample_states(observation: Observation, rng: random.Random, count: int) -> Iterator[State]:
    """``count`` independent `sample_state` draws, reading the observation only once."""
    reading = _Reading(_observation(observation))
    rng = _rng(rng)
    count = number("count", count, 0)
    return (reading.sample(rng) for _ in range(count))


# --- Reading an observation ------------------------------------------------------------

_Need = tuple[Card, tuple[int, ...]]
"""A card known to be in one of some holders, the preferred one first."""


class _Reading:
    """An observation turned into holders, their sizes, known cards and ceilings."""

    def __init__(self, view: Observation) -> None:
        self.view = view
        variant = view.variant
        players = variant.deal.players
        self.players = players
        self.public = public = _public(view, players)
        self.played = _played(view, public)
        self.ceilings = _ceilings(view, public)
        me, bidder = view.seat, view.bidder

        # Holders: each other seat's hand, then hidden piles (kitty, buried, stock).
        self.sizes: list[int] = [0 if s == me else view.hand_sizes[s] for s in range(players)]
        self.caps: list[tuple[int, ...]] = [self.ceilings[s] for s in range(players)]
        self.kitty_pile = self._pile(variant.deal.kitty if self._kitty_hidden_pile() else 0)
        face_down = _kitty_face_down(variant, view.phase)
        taken = bidder is not None and not face_down and variant.deal.kitty > 0
        taken = taken and not variant.kitty.share  # a shared kitty is never buried
        buried_n = 0
        if taken and bidder is not None and bidder != me:
            total = variant.deal.hand + variant.deal.kitty
            buried_n = total - view.hand_sizes[bidder] - len(self.played[bidder])
        self.buried_pile = self._pile(buried_n)
        self.stock_pile = self._pile(view.stock_size)

        self.pool = self._unseen_pool()
        self.needs = self._needs()
        self.free = list(self.pool)  # copies of each card (by index) dealt at random
        for card, _ in self.needs:
            self.free[card.index] -= 1
        if min(self.free) < 0 or sum(self.pool) != sum(self.sizes):
            raise ObservationError(
                f"seat {me}'s observation is not a position of the game: its cards do not add "
                "up to the deck"
            )

    @functools.cached_property
    def excluded(self) -> frozenset[tuple[int, Card]]:
        """The seats that hold no copy of a dix or of an asked card (read when dealing)."""
        return self._no_dix() | self._asked_before()

    @functools.cached_property
    def allow(self) -> list[tuple[bool, ...]]:
        """Whether each holder may hold each card, by `Card.index` (read when dealing).

        Its ceilings allow the card, and no seat asked before a dix holder holds that dix.
        """
        excluded = self.excluded
        return [
            tuple(
                [
                    c.rank <= caps[c.suit] and not (excluded and (holder, c) in excluded)
                    for c in CARDS
                ]
            )
            for holder, caps in enumerate(self.caps)
        ]

    def _pile(self, size: int) -> int | None:
        if size <= 0:
            return None
        self.sizes.append(size)
        self.caps.append(_ANY)
        return len(self.sizes) - 1

    def _kitty_hidden_pile(self) -> bool:
        """Before the auction is won the kitty lies face down, a pile of its own.

        Under ``kitty.share`` it stays a pile apart while the bidder shares it (the bidder
        knows its cards: `_needs` places them there).
        """
        view = self.view
        face_down = _kitty_face_down(view.variant, view.phase)
        sharing = view.phase is Phase.SHARE
        return view.variant.deal.kitty > 0 and (sharing or (not view.kitty and face_down))

    def _unseen_pool(self) -> list[int]:
        """Copies of each card (by `Card.index`) whose place the observer cannot see."""
        view = self.view
        gone = self.public.gone
        counts = list(map(operator.sub, _DECK_COUNTS[view.variant.deal.deck], gone))
        for card in view.hand:
            counts[card.index] -= 1
        for _, card in view.trick:
            counts[card.index] -= 1
        if view.turn_up is not None:
            counts[view.turn_up.index] -= 1
        for card in view.buried:  # the bidder's own buried cards
            counts[card.index] -= 1
        if min(counts) < 0:
            raise ObservationError(
                f"seat {view.seat}'s observation holds more copies of a card than the deck"
            )
        return counts

    def _needs(self) -> list[_Need]:
        """The cards known to be in a holder: meld, passed cards, table, kitty, turned card.

        Multisets are dicts of copies by `Card.index` (see `_Copies`): the order of the
        needs is the order the sampler places them in, so it must not change.
        """
        view, me, bidder = self.view, self.view.seat, self.view.bidder
        needs: list[_Need] = []
        variant = view.variant
        turned = view.turned_up
        turned_stays = turned is not None and not variant.has_auction and not variant.deal.stock
        partner = None if bidder is None else (bidder + 2) % 4
        passed = self._passed_counts() if view.passed_by_me else {}
        kitty = _copies(view.kitty) if view.kitty else None
        exchanged = self._exchanged_turn_up() if view.table else {}
        announced = _copies(view.buried_announced) if view.buried_announced else {}
        if view.phase is Phase.SHARE:
            kitty = None  # the bidder sees the kitty it shares: a pile apart (below)
        given = self._given() if view.shared_by_me else {}
        asked_by = view.partner if variant.deal.partner is Partner.ASKED else None
        for seat in range(self.players):
            if seat == me:
                continue
            meld = view.melds[seat] if view.melds else None
            buried_meld = seat == bidder and self._meld_may_be_buried(meld)
            hand_only: _Copies = _meld_counts(meld) if meld is not None else {}
            if passed and seat in (bidder, partner):
                hand_only = _union(hand_only, passed) if hand_only else passed
            if seat in given:  # kitty.share: the bidder gave this seat the card
                hand_only = _union(hand_only, given[seat]) if hand_only else given[seat]
            if turned_stays:  # Parlett's three-hand
                hand_only = self._turned_card_holders(seat, hand_only)
            if seat == asked_by and view.called is not None:  # it held the asked card
                hand_only = _union(hand_only, {view.called.index: 1})
            either = kitty if seat == bidder else None
            gone = self.played[seat]
            played = _copies(gone) if gone and (hand_only or either) else {}
            # What was held at meld time, less what has been played since. (Meld cards the
            # bury may have taken can be in the hand or the buried pile.) The copies are
            # all positive, so a multiset left as it is needs no copy.
            held = hand_only
            if buried_meld and meld is not None:
                held = _minus(hand_only, _meld_counts(meld))
            in_hand = _minus(held, played) if played and held else held
            if view.table:  # two-hand: the melded cards face up on the table now
                table = _union(_copies(view.table[seat]), exchanged)
                in_hand = _union(in_hand, table)
            if view.last_turn_up is not None:
                last = self._last_turn_up(seat)
                if last:
                    in_hand = _union(in_hand, last)
            only = (seat,)
            for i, n in in_hand.items():
                needs.extend([(CARDS[i], only)] * n)
            if either is None and not buried_meld:
                continue  # what was held less what was played is all in the hand
            anywhere = _union(hand_only, either) if either else hand_only
            if played:
                anywhere = _minus(anywhere, played)
            anywhere = _minus(anywhere, in_hand)
            if announced:  # known to be buried: placed below
                anywhere = _minus(anywhere, announced)
            piles = only if self.buried_pile is None else (seat, self.buried_pile)
            for i, n in anywhere.items():
                needs.extend([(CARDS[i], piles)] * n)
        if announced and self.buried_pile is not None:
            pile = (self.buried_pile,)  # the trump and aces the bidder announced burying
            for i, n in announced.items():
                needs.extend([(CARDS[i], pile)] * n)
        if view.phase is Phase.SHARE and view.kitty and self.kitty_pile is not None:
            needs.extend((card, (self.kitty_pile,)) for card in view.kitty)
        return needs

    def _given(self) -> dict[int, _Copies]:
        """``kitty.share``, the bidder's view: the card it gave each seat, from its left."""
        view = self.view
        players = self.players
        return {
            (view.seat + k) % players: _copies((card,))
            for k, card in enumerate(view.shared_by_me, 1)
        }

    def _meld_may_be_buried(self, meld: Meld | None) -> bool:
        """Whether the bidder's bury may have taken cards of its shown meld.

        The meld is laid before the bury; meld cards may be buried where the profile allows
        it (``kitty.bury_meld``), or where too few cards outside the meld were left to bury
        (the engine's `_bury_candidates`).
        """
        variant = self.view.variant
        if meld is None or self.buried_pile is None:
            return False
        kitty = variant.deal.kitty
        spare = variant.deal.hand + kitty - sum(_meld_counts(meld).values())  # len(meld.cards)
        return variant.kitty.bury_meld or spare < kitty

    def _passed_counts(self) -> _Copies:
        """Cards the observer passed to the bidder or its partner that it may keep."""
        view = self.view
        if not view.passed_by_me:
            return {}
        if view.variant.passing.order is PassingOrder.SIMULTANEOUS:
            if view.phase is Phase.RETURN:
                return {}  # chosen, but still in the observer's own hand
            return _copies(view.passed_by_me)  # chosen before receiving: the receiver keeps all
        return _minus(_copies(view.passed_by_me), _copies(view.passed_to_me))

    def _turned_card_holders(self, seat: int, hand_only: _Copies) -> _Copies:
        """Turned trump without a stock: who holds the turned card, and an exchanged dix.

        The turned card stays with the dealer unless a dix was exchanged for it (PAR,
        ``trump.dix_exchange``): then the exchanger holds it and the dealer the dix, a copy
        on top of any dix in the dealer's meld (the exchanged one is not scored again).
        While a holder decides, it holds a dix.
        """
        view = self.view
        turned = view.turned_up
        assert turned is not None
        dix = CARDS[turned.suit * 6 + Rank.NINE]
        exchanger = view.dix_exchanger
        if seat == (view.dealer if exchanger is None else exchanger):
            hand_only = _union(hand_only, {turned.index: 1})
        if exchanger is not None and seat == view.dealer:
            hand_only = _plus(hand_only, {dix.index: 1})
        if view.phase is Phase.DIX_EXCHANGE and seat == view.to_act:
            hand_only = _union(hand_only, {dix.index: 1})
        return hand_only

    def _no_dix(self) -> frozenset[tuple[int, Card]]:
        """While a dix holder decides on the exchange, the seats asked before it hold none."""
        view = self.view
        if view.phase is not Phase.DIX_EXCHANGE or view.turned_up is None or view.to_act is None:
            return frozenset()
        dix = CARDS[view.turned_up.suit * 6 + Rank.NINE]
        players = self.players
        between = ((view.dealer + k) % players for k in range(1, players))
        earlier = []
        for seat in between:
            if seat == view.to_act:
                break
            earlier.append((seat, dix))
        return frozenset(earlier)

    def _asked_before(self) -> frozenset[tuple[int, Card]]:
        """``deal.partner = "asked"``: the seats asked before the partner hold no copy.

        Asking goes from the bidder's right (rules/deck-and-deal#two-winners) and stops at the
        first holder; five hands pass no cards, so those seats never get one later. With no
        partner the bidder held every copy and no other seat holds one.
        """
        view = self.view
        called, bidder = view.called, view.bidder
        if view.variant.deal.partner is not Partner.ASKED or called is None or bidder is None:
            return frozenset()
        players = self.players
        earlier = []
        for k in range(1, players):
            seat = (bidder - k) % players
            if seat == view.partner:
                break
            earlier.append((seat, called))
        return frozenset(earlier)

    def _last_turn_up(self, seat: int) -> _Copies:
        """Two-hand: the turn-up taken at the last draw, unless played since."""
        view = self.view
        if view.last_turn_up is None or view.last_turn_up[0] != seat:
            return {}
        variant = view.variant
        free = (variant.deck_size - self.players * variant.deal.hand) // self.players
        since = [c for t in view.tricks[free:] for s, c in t.plays if s == seat]
        since += [c for s, c in view.trick if s == seat]
        return _minus({view.last_turn_up[1].index: 1}, _copies(since))

    def _exchanged_turn_up(self) -> _Copies:
        """Two-hand: the turned-up card that a dix exchange put in the other player's hand.

        Once the turn-up is the dix, the card first turned up is in a hand or played; if the
        observer neither holds nor saw a copy of it, the other player has it.
        """
        view = self.view
        turned = view.turned_up
        if turned is None or view.turn_up is None or view.turn_up == turned:
            return {}
        seen = view.hand.count(turned) + sum(cards.count(turned) for cards in self.played)
        return {} if seen else {turned.index: 1}

    # --- Public forms ---

    def known(self) -> tuple[list[int], list[list[Card]]]:
        """The unseen copies of each card (by `Card.index`) and each seat's known cards."""
        holds: list[list[Card]] = [[] for _ in range(self.players)]
        unseen = list(self.pool)
        for card, holders in self.needs:
            if len(holders) == 1:
                holds[holders[0]].append(card)
                unseen[card.index] -= 1
        return unseen, holds

    def knowledge(self) -> Knowledge:
        unseen, holds = self.known()
        return Knowledge(
            seat=self.view.seat,
            hand=self.view.hand,
            played=self.played,
            unseen=tuple(_elements(unseen)),
            holds=tuple([_in_order(cards) if len(cards) > 1 else tuple(cards) for cards in holds]),
            ceilings=self.ceilings,
        )

    def sample(self, rng: random.Random) -> State:
        for _ in range(_ATTEMPTS):
            deal = _Deal(self, rng)
            try:
                deal.place_needs()
                deal.place_free()
            except _DeadEndError:
                continue  # a card known to be "in the hand or buried" went the wrong way
            break
        else:
            raise ObservationError(
                f"seat {self.view.seat}'s observation allows no deal of the unseen cards"
            )
        deal.force_marriage()
        deal.repair_meld()
        return _build(self, deal, rng)


def _meld_counts(meld: Meld) -> _Copies:
    """The fewest copies of each card a meld needs: a card serves once within a meld type."""
    return _copies(meld.cards)


# --- Multisets of cards: copies by Card.index, in collections.Counter's order ----------
#
# The needs are placed in the order these produce (first seen first), as Counter did.

_Copies = dict[int, int]


def _copies(cards: Iterable[Card]) -> _Copies:
    """Copies of each card, by `Card.index`, in the order first seen."""
    counts: _Copies = {}
    for card in cards:
        counts[card.index] = counts.get(card.index, 0) + 1
    return counts


def _union(a: _Copies, b: _Copies) -> _Copies:
    """The most copies of each card in either (Counter's ``a | b``)."""
    result = {i: max(n, b.get(i, 0)) for i, n in a.items()}
    result.update({i: n for i, n in b.items() if i not in a})
    return {i: n for i, n in result.items() if n > 0}


def _plus(a: _Copies, b: _Copies) -> _Copies:
    """The copies of both together (Counter's ``a + b``)."""
    result = {i: n + b.get(i, 0) for i, n in a.items()}
    result.update({i: n for i, n in b.items() if i not in a})
    return {i: n for i, n in result.items() if n > 0}


def _minus(a: _Copies, b: _Copies) -> _Copies:
    """The copies of ``a`` left once ``b``'s are taken out (Counter's ``a - b``)."""
    return {i: n - b.get(i, 0) for i, n in a.items() if n > b.get(i, 0)}


_DECK_COUNTS: Final = {
    kind: tuple(make_deck(kind).count(card) for card in CARDS) for kind in DeckKind
}
"""Copies of each card (by `Card.index`) in each deck."""


def _elements(counts: Sequence[int]) -> list[Card]:
    """The cards of a count list by `Card.index`, twins repeated, in index order."""
    cards: list[Card] = []
    for i, n in enumerate(counts):
        if n:
            cards += _REPEATS[n][i]
    return cards


# _REPEATS[n][i]: n copies of CARDS[i] (a deck has at most six: the triple deck).
_REPEATS: Final = tuple(
    tuple((card,) * n for card in CARDS) for n in range(max(map(copies_in_deck, DeckKind)) + 1)
)


def _in_order(cards: Iterator[Card] | Sequence[Card]) -> tuple[Card, ...]:
    return tuple([CARDS[i] for i in sorted([c.index for c in cards])])


# --- What a card played reveals (pinochle.tricks._reveals) ----------------------------


class _Public:
    """What a hand's finished tricks show every seat: each seat's cards and ceilings.

    Read once per reading of an observation (`_public`); a `KnowledgeTracker` keeps its
    own notes instead, trick after trick.
    """

    __slots__ = ("ceilings", "gone", "played", "views")

    def __init__(
        self, played: list[list[Card]], ceilings: list[list[int]], gone: list[int]
    ) -> None:
        self.played = played  # each seat's cards, in play order
        self.ceilings = ceilings  # see _ceilings
        self.gone = gone  # copies of each card (by index) played
        # The two as Knowledge gives them (tuples), for a view between tricks.
        self.views = (
            tuple([tuple(cards) for cards in played]),
            tuple([tuple(c) for c in ceilings]),
        )


def _public(view: Observation, players: int) -> _Public:
    """`_Public` for ``view.tricks``: every finished trick read."""
    played: list[list[Card]] = [[] for _ in range(players)]
    ceilings = [[int(Rank.ACE)] * 4 for _ in range(players)]
    gone = [0] * len(CARDS)
    free = _free_tricks(view.variant, players)
    tricks = view.tricks
    for k in range(len(tricks)):
        plays = tricks[k].plays
        for seat, card in plays:
            played[seat].append(card)
            gone[card.index] += 1
        if k >= free:
            _read_trick(view, plays, ceilings)
    return _Public(played, ceilings, gone)


def _free_tricks(variant: Variant, players: int) -> int:
    """Two-hand: the tricks played while the stock lasts (they reveal nothing), else 0.

    While the stock lasts any card may be played, and cards drawn later were not held
    then; only the tricks after the stock is gone reveal anything.
    """
    if not variant.deal.stock:
        return 0
    return int((variant.deck_size - players * variant.deal.hand) // players)


def _played(view: Observation, public: _Public) -> tuple[tuple[Card, ...], ...]:
    played = public.views[0]
    if not view.trick:
        return played
    now = list(played)
    for seat, card in view.trick:
        now[seat] += (card,)
    return tuple(now)


# --- The ceilings a seat's plays show ------------------------------------------------


def _ceilings(view: Observation, public: _Public) -> tuple[tuple[int, ...], ...]:
    """For each seat and suit, the highest rank the seat may still hold.

    Every card played after the first of a trick is checked against the profile's
    obligations given the cards before it in the trick; the ceilings it proves are exact:
    a hand meets them if and only if the card was a legal play from it (as
    `pinochle.tricks` decides legality). The finished tricks are read in ``public``
    (`_public`); the current one counts once the stock is gone (two-hand).
    """
    players = view.variant.deal.players
    if len(view.trick) < 2 or len(view.tricks) < _free_tricks(view.variant, players):
        return public.views[1]
    now = [list(c) for c in public.ceilings]
    _read_trick(view, view.trick, now)
    return tuple([tuple(c) for c in now])


def _read_trick(
    view: Observation, plays: Sequence[tuple[int, Card]], ceilings: list[list[int]]
) -> None:
    """Lower ``ceilings`` by what one trick's plays show.

    The trick's state is stepped card by card through the trick rule (`pinochle.tricks`),
    and each card is read against the duty it was played under, backwards.
    """
    if len(plays) < 2:
        return
    rule = trick_rule(view.variant.play, view.trump)
    steps, reveals, trump = rule.steps, rule.reveals, rule.trump
    state = EMPTY_TRICK
    for seat, card in plays:
        at = state + card.index
        led, in_led, in_trump = reveals[at]
        mine = ceilings[seat]
        if in_led < mine[led]:
            mine[led] = in_led
        if in_trump < mine[trump]:  # (below the ace only with a trump)
            mine[trump] = in_trump
        state = steps[at]


# --- Dealing the unseen cards ----------------------------------------------------------

_ATTEMPTS: Final = 50


def _weighted(rng: random.Random, weights: list[int]) -> int:
    """``rng.choices(range(len(weights)), weights)[0]``, drawing exactly as it does.

    The same single ``random()`` and the same bisection of the running totals (CPython's
    `random.Random.choices`), without its argument handling: the sampler calls it for
    every card it deals.
    """
    cumulative = list(itertools.accumulate(weights))
    return bisect.bisect(cumulative, rng.random() * (cumulative[-1] + 0.0), 0, len(weights) - 1)


class _DeadEndError(Exception):
    """This attempt placed cards so that ``card`` fits nowhere; start again."""


class _Deal:
    """One assignment of the unseen cards to the holders, built in place."""

    def __init__(self, reading: _Reading, rng: random.Random) -> None:
        self.reading = reading
        self.rng = rng
        self.room = list(reading.sizes)
        self.fixed: list[list[Card]] = [[] for _ in reading.sizes]
        self.loose: list[list[Card]] = [[] for _ in reading.sizes]
        self.meldless: list[int] = []

    def allowed(self, holder: int, card: Card) -> bool:
        return self.reading.allow[holder][card.index]

    def place_needs(self) -> None:
        """Place the known cards; one that may be in the hand or buried goes either way."""
        room, allow, rng = self.room, self.reading.allow, self.rng
        for card, holders in self.reading.needs:
            i = card.index
            options = [h for h in holders if room[h] > 0 and allow[h][i]]
            if not options:
                raise _DeadEndError(card)
            holder = options[_weighted(rng, [room[h] for h in options])]
            self.fixed[holder].append(card)
            room[holder] -= 1

    def place_free(self) -> None:
        """Deal the free cards: at random, by room, repairing dead ends by moving cards on."""
        rng, room, allow = self.rng, self.room, self.reading.allow
        cards = [CARDS[i] for i, n in enumerate(self.reading.free) for _ in range(n)]
        rng.shuffle(cards)
        holders = range(len(room))
        for card in cards:
            i = card.index
            options = [h for h in holders if room[h] > 0 and allow[h][i]]
            if options:
                if len(options) > 1:
                    holder = options[_weighted(rng, [room[h] for h in options])]
                else:
                    holder = options[0]
                self.loose[holder].append(card)
                room[holder] -= 1
            elif not self._make_room(card, set()):
                raise _DeadEndError(card)

    def _make_room(self, card: Card, tried: set[int]) -> bool:
        """Place ``card`` by moving a loose card out of a full holder (augmenting path)."""
        for holder in range(len(self.room)):
            if holder in tried or not self.allowed(holder, card):
                continue
            tried.add(holder)
            if self.room[holder] > 0:
                self.loose[holder].append(card)
                self.room[holder] -= 1
                return True
            for i, other in enumerate(self.loose[holder]):
                if self._make_room(other, tried):
                    self.loose[holder][i] = card
                    return True
        return False

    def hand(self, holder: int) -> list[Card]:
        return self.fixed[holder] + self.loose[holder]

    # --- Making the shown meld exact ---

    def force_marriage(self) -> None:
        """A bidder naming trump under ``marriage`` rules holds a marriage (else it surrendered).

        Under ``"run-marriage-or-dix"`` a dix would do too; a marriage given meets either.
        """
        view = self.reading.view
        bidder = view.bidder
        rule = view.variant.trump
        if (
            view.phase is not Phase.TRUMP
            or bidder is None
            or bidder == view.seat
            or rule.rule not in (TrumpRule.MARRIAGE, TrumpRule.RUN_MARRIAGE_OR_DIX)
            or rule.without_marriage is not WithoutMarriage.SURRENDER
        ):
            return
        if _trump_suits(view.variant, self.hand(bidder)):
            return
        for suit in self.rng.sample(list(Suit), 4):
            if self._give(bidder, CARDS[suit * 6 + Rank.KING]) and self._give(
                bidder, CARDS[suit * 6 + Rank.QUEEN]
            ):
                return

    def _give(self, seat: int, card: Card) -> bool:
        """Swap ``card`` into ``seat``'s hand from another holder's loose cards."""
        if card in self.hand(seat):
            return True
        mine = [i for i, c in enumerate(self.loose[seat]) if c != card]
        for holder, loose in enumerate(self.loose):
            if holder != seat and card in loose and mine:
                i = self.rng.choice(mine)
                j = loose.index(card)
                self.loose[seat][i], loose[j] = card, self.loose[seat][i]
                return True
        return False

    def repair_meld(self) -> None:
        """Swap loose cards until every melded hand scores exactly its shown meld."""
        reading = self.reading
        view = reading.view
        if view.variant.deal.stock or not view.melds:
            return
        melded = [s for s, m in enumerate(view.melds) if m is not None and s != view.seat]
        self.meldless = _meldless_passers(view, melded)
        if not melded and not self.meldless:
            return
        melded += self.meldless
        totals = _MeldTotals(self, melded)
        excess = {s: totals.excess(s) for s in melded}
        # rng.choice(seq) and rng.randrange(n) draw seq[rng._randbelow(len(seq))] and
        # rng._randbelow(n) (CPython's random module): called directly, the same numbers
        # come out without two layers of argument checks, in a loop of up to 300 swaps.
        below: Callable[[int], int] = self.rng._randbelow  # type: ignore[attr-defined]
        loose = self.loose
        holders = len(loose)
        for _ in range(_REPAIR_SWAPS):
            wrong = [s for s in melded if excess[s]]
            if not wrong:
                return
            seat = wrong[below(len(wrong))]
            other = below(holders)
            if other == seat or not loose[seat] or not loose[other]:
                continue
            i = below(len(loose[seat]))
            j = below(len(loose[other]))
            x, y = loose[seat][i], loose[other][j]
            if x == y or not self.allowed(seat, y) or not self.allowed(other, x):
                continue
            loose[seat][i], loose[other][j] = y, x
            totals.move(seat, other, x, y)
            after = {s: totals.excess(s) for s in (seat, other) if s in excess}
            if sum(after.values()) <= sum(excess[s] for s in after):
                excess.update(after)
            else:
                loose[seat][i], loose[other][j] = x, y
                totals.move(seat, other, y, x)

    def _excess(self, seat: int) -> int:
        """How far the seat's hand at meld time scores from its shown meld (0: exact)."""
        reading, view = self.reading, self.reading.view
        cards = [*self.hand(seat), *reading.played[seat]]
        if seat in self.meldless:  # passed while nobody had bid: held no meld before trump
            return score_meld(cards, None, view.variant).total
        meld = view.melds[seat]
        assert meld is not None
        if seat == view.bidder and reading.buried_pile is not None:
            cards += self.hand(reading.buried_pile)  # meld is laid down before the bury
        target = meld.total - sum(item.points for item in meld.items if not item.cards)
        if view.dix_exchanger is not None and seat == view.dealer and meld.trump is not None:
            dix = CARDS[meld.trump * 6 + Rank.NINE]
            if dix in cards:
                cards.remove(dix)  # the exchanged dix scored for the exchanger
        return abs(score_meld(cards, meld.trump, view.variant).total - target)


def _meld_total(tables: _Tables, code: int, trump: Suit | None) -> int:
    """``score_meld(cards, trump, variant).total`` from the cards' count code.

    The same look-ups as `pinochle.meld.score_meld`, without building the breakdown; the
    code must be that of cards the deck allows (sampled hands always are).
    """
    bits, mask = tables.suit_bits, tables.suit_mask
    clubs, diamonds, hearts, spades = tables.suits
    held = (
        clubs[code & mask],
        diamonds[(code >> bits) & mask],
        hearts[(code >> 2 * bits) & mask],
        spades[code >> 3 * bits],
    )
    c, d, h, s = held
    total: int = c.plain + d.plain + h.plain + s.plain
    total += tables.groups[c.mask & d.mask & h.mask & s.mask].value
    if trump is not None:
        total += held[trump].delta
    return total


class _MeldTotals:
    """`_Deal._excess` kept up to date as cards move, without rescoring whole hands.

    A hand's meld is a function of its count code (one digit per card, `pinochle.meld`'s
    tables), and the code of a pile is the sum of its cards' weights; so a swap changes two
    codes by two weights, and a seat's excess is a few table look-ups.
    """

    def __init__(self, deal: _Deal, melded: Sequence[int]) -> None:
        reading = deal.reading
        view = reading.view
        self.deal = deal
        self.tables = tables = meld_tables(view.variant)
        weights = self.weights = tables.weights
        self.codes = [sum([weights[c.index] for c in deal.hand(h)]) for h in range(len(deal.room))]
        # Per melded seat: the code of its played cards, the pile whose cards count with its
        # hand (the buried cards, for the bidder), the trump and the meld to match; None
        # where the plain path is kept (an exchanged dix).
        self.plans: dict[int, tuple[int, int | None, Suit | None, int] | None] = {}
        for seat in melded:
            played = sum([weights[c.index] for c in reading.played[seat]])
            if seat in deal.meldless:
                self.plans[seat] = (played, None, None, 0)
                continue
            meld = view.melds[seat]
            assert meld is not None
            if view.dix_exchanger is not None and seat == view.dealer and meld.trump is not None:
                self.plans[seat] = None
                continue
            pile = reading.buried_pile if seat == view.bidder else None
            target = meld.total - sum(item.points for item in meld.items if not item.cards)
            self.plans[seat] = (played, pile, meld.trump, target)

    def move(self, a: int, b: int, x: Card, y: Card) -> None:
        """Card ``x`` went from holder ``a`` to ``b``, and ``y`` from ``b`` to ``a``."""
        change = self.weights[y.index] - self.weights[x.index]
        self.codes[a] += change
        self.codes[b] -= change

    def excess(self, seat: int) -> int:
        """Exactly `_Deal._excess` of the current deal."""
        plan = self.plans[seat]
        if plan is None:
            return self.deal._excess(seat)
        played, pile, trump, target = plan
        code = self.codes[seat] + played
        if pile is not None:
            code += self.codes[pile]
        return abs(_meld_total(self.tables, code, trump) - target)


def _meldless_passers(view: Observation, melded: Sequence[int]) -> list[int]:
    """Under ``bidding.meld_must_open``, the seats that passed while nobody had bid.

    Such a seat held no meld before trump (a holder of meld must open), so its dealt cards
    score nothing with no trump. Seats whose shown meld already fixes their hand, and seats
    that exchanged cards with a partner since, are left to the other rules.
    """
    if not view.variant.bidding.meld_must_open:
        return []
    passers = []
    for seat, action in view.auction:
        if not isinstance(action, Pass):
            break
        if seat != view.seat and seat not in melded:
            passers.append(seat)
    if view.passed_to_me or view.passed_by_me or view.variant.passing.cards:
        bidder = view.bidder
        passers = [s for s in passers if bidder is None or view.side_of(s) != view.side_of(bidder)]
    return passers


# --- Building the state ----------------------------------------------------------------


def _build(reading: _Reading, deal: _Deal, rng: random.Random) -> State:
    view = reading.view
    variant = view.variant
    players, me, bidder = reading.players, view.seat, view.bidder
    hands = tuple(view.hand if s == me else _in_order(deal.hand(s)) for s in range(players))
    kitty = view.kitty
    if reading.kitty_pile is not None:
        kitty = _in_order(deal.hand(reading.kitty_pile))
    buried = view.buried
    if reading.buried_pile is not None:
        buried = _in_order(deal.hand(reading.buried_pile))
    stock: tuple[Card, ...] = ()
    if reading.stock_pile is not None:
        stock = tuple(CARDS[c.index] for c in deal.hand(reading.stock_pile))
        stock = tuple(rng.sample(stock, len(stock)))
    shared = _shared(view, hands, reading.played, rng)
    if shared:
        kitty = kitty or _in_order(shared)
    elif bidder is not None and variant.deal.kitty and not kitty and view.phase is not _AUCTION:
        # A kitty the observer never saw: some of the bidder's cards, as far as anyone knows.
        pool = [*hands[bidder], *buried, *reading.played[bidder]]
        kitty = _in_order(rng.sample(pool, variant.deal.kitty))
    passed, returned = _passing(view, hands, reading.played, rng)
    hand = Hand(
        number=view.hand_number,
        dealer=view.dealer,
        dealt=_dealt(view, hands, reading.played, kitty, buried, passed, returned, shared),
        persons=view.persons,
        dealer_person=_dealer_person(view),
        auction=view.auction,
        passed=tuple(
            any(s == seat and isinstance(a, Pass) for s, a in view.auction)
            for seat in range(players)
        ),
        bidder=bidder,
        bid=view.bid,
        trump=view.trump,
        passed_cards=passed,
        returned_cards=returned,
        melds=view.melds,
        kitty=kitty,
        buried=buried,
        turned_up=view.turned_up,
        turn_up=view.turn_up,
        stock=stock,
        table=view.table,
        shown=view.shown,
        meld_points=_meld_points(view),
        turn_melded=view.melded_this_turn,
        last_turn_up=view.last_turn_up,
        dix_exchanger=view.dix_exchanger,
        moon=view.moon,
        shared=shared,
        called=view.called,
        partner=view.partner,  # public once the called card is played, None before
    )
    start = tuple(
        score - sum(r.scores[i] for r in view.results) for i, score in enumerate(view.scores)
    )
    game = Game(
        variant=variant,
        seed=rng.getrandbits(63),
        first_dealer=(_dealer_person(view) - view.hand_number) % variant.deal.seated,
        start_hands=None,
        start_scores=start,
        scores=view.scores,
        target=view.target,
        results=view.results,
        winner=view.winner,
        last_tricks=view.last_tricks,
    )
    # The tricks and counters each side has taken follow from the tricks shown.
    sides = variant.sides
    won = [0] * sides
    counters = [False] * sides
    side_of = variant.side_of
    for trick in view.tricks:
        side = side_of(hand.persons[trick.winner])
        won[side] += 1
        counters[side] = counters[side] or any(c.rank in _COUNTERS for _, c in trick.plays)
    return build_state(
        phase=view.phase,
        to_act=view.to_act,
        hands=hands,
        trick=view.trick,
        tricks=view.tricks,
        points=view.points,
        tricks_won=tuple(won),
        counters=tuple(counters),
        hand=hand,
        game=game,
    )


def _dealer_person(view: Observation) -> int:
    """The person who deals: with sit-outs, the one before the first seat.

    As the engine seats them (`pinochle.engine._dealing._seating`).
    """
    seated = view.variant.deal.seated
    if seated == view.variant.deal.players:
        return view.dealer
    return (view.persons[0] - 1) % seated


def _passing(
    view: Observation,
    hands: tuple[tuple[Card, ...], ...],
    played: tuple[tuple[Card, ...], ...],
    rng: random.Random,
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The passed and returned cards: known to the pair, plausible to everyone else."""
    bidder = view.bidder
    n = view.variant.passing.cards
    if bidder is None or not n or view.phase in (Phase.AUCTION, Phase.TRUMP, Phase.PASS):
        return (), ()
    partner = (bidder + 2) % 4
    if view.phase is Phase.RETURN and _simultaneous(view):
        # The partner has chosen but nothing has changed hands: its choice is in its hand.
        if view.seat == partner:
            return view.passed_by_me, ()
        return _in_order(rng.sample(hands[partner], n)), ()
    if view.seat == bidder:
        return view.passed_to_me, view.passed_by_me
    if view.seat == partner:
        return view.passed_by_me, view.passed_to_me
    passed = _in_order(rng.sample([*hands[bidder], *played[bidder]], n))
    if view.phase is Phase.RETURN:
        return passed, ()
    return passed, _in_order(rng.sample([*hands[partner], *played[partner]], n))


def _dealt(
    view: Observation,
    hands: tuple[tuple[Card, ...], ...],
    played: tuple[tuple[Card, ...], ...],
    kitty: tuple[Card, ...],
    buried: tuple[Card, ...],
    passed: tuple[Card, ...],
    returned: tuple[Card, ...],
    shared: tuple[Card, ...] = (),
) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards as dealt, undoing the kitty and the passing (not the two-hand draws)."""
    bidder = view.bidder
    dealt = [[0] * len(CARDS) for _ in hands]

    def add(seat: int, cards: Sequence[Card], sign: int = 1) -> None:
        counts = dealt[seat]
        for card in cards:
            counts[card.index] += sign

    for seat, (held, gone) in enumerate(zip(hands, played, strict=True)):
        add(seat, held)
        add(seat, gone)
    if bidder is not None and shared:  # kitty.share: each seat's kitty card back
        for k, card in enumerate(shared):
            add((bidder + k) % len(hands), (card,), -1)
    elif bidder is not None and kitty and view.phase not in (Phase.AUCTION, Phase.SHARE):
        add(bidder, buried)
        add(bidder, kitty, -1)
    if bidder is not None and passed and not (view.phase is Phase.RETURN and _simultaneous(view)):
        partner = (bidder + 2) % 4
        add(bidder, passed, -1)
        add(bidder, returned)
        add(partner, passed)
        add(partner, returned, -1)
    exchanger, turned = view.dix_exchanger, view.turned_up
    if exchanger is not None and turned is not None:  # undo the dix exchange (PAR)
        dix = CARDS[turned.suit * 6 + Rank.NINE]
        add(exchanger, (dix,))
        add(exchanger, (turned,), -1)
        add(view.dealer, (turned,))
        add(view.dealer, (dix,), -1)
    return tuple(tuple([CARDS[i] for i, n in enumerate(c) for _ in range(n)]) for c in dealt)


def _shared(
    view: Observation,
    hands: tuple[tuple[Card, ...], ...],
    played: tuple[tuple[Card, ...], ...],
    rng: random.Random,
) -> tuple[Card, ...]:
    """``kitty.share``: the kitty as the bidder shared it, kept card first (empty before).

    The bidder knows it; another seat knows only its own card, so each other card is one
    its seat holds or played, as far as that seat knows.
    """
    bidder = view.bidder
    if bidder is None or not view.variant.kitty.share or view.phase in _BEFORE_SHARE:
        return ()
    if view.seat == bidder:
        given = view.shared_by_me
        kept = (Counter(view.kitty) - Counter(given)).elements()
        return (*kept, *given)
    players = len(hands)
    shared = []
    for k in range(players):
        seat = (bidder + k) % players
        if seat == view.seat and view.shared_to_me:
            shared.append(view.shared_to_me[0])
        else:
            shared.append(rng.choice([*hands[seat], *played[seat]]))
    return tuple(shared)


_AUCTION = Phase.AUCTION
_BEFORE_SHARE = frozenset({Phase.MISDEAL, Phase.AUCTION, Phase.SHARE})
"""The phases in which a shared kitty (``kitty.share``) is still whole."""


def _simultaneous(view: Observation) -> bool:
    return view.variant.passing.order is PassingOrder.SIMULTANEOUS


def _meld_points(view: Observation) -> tuple[int, ...]:
    """Two-hand: each seat's meld this hand, the dealer's turned dix included."""
    variant = view.variant
    if not variant.deal.stock:
        return ()
    points = [sum(m.points for m in shown) for shown in view.shown]
    turned = view.turned_up
    if variant.stock.dealer_dix and turned is not None and turned.rank is Rank.NINE:
        points[view.dealer] += meld_values(variant).get("dix", (0,))[0]
    return tuple(points)
