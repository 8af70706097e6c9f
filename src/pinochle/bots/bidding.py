"""The heuristic players' decisions other than the card to play (S1's computer levels).

Every function here is pure: it reads one seat's `pinochle.Observation` and returns one of
its legal actions (or a number that leads to one). The hand evaluation follows S1's tips:
"Bid on meld and trumps. Meld is points in the bank, and a long trump suit wins tricks.
Add what your partner usually brings and stop a few points short of your guess."

A hand's value with a given trump is its meld, plus the share of the deck's trick points
its side can expect, plus (with a partner) a typical partner's meld and what passing
cards usually adds to the side's meld, plus (before a kitty is seen) what the kitty
should add. At five hands the partner is the one the bidder will call: its typical meld
is `called_partner_meld`, and it takes a fair share of the other tricks. The trick share
comes from the hand's trick power (aces, the trump ten, trump length beyond a fair share,
tens behind aces) against the whole deck's. Every
number is a share of the profile's own totals (`pinochle.deck_points`, the meld table),
so a tens profile bids on the tens scale with no constant to change.

``careful=True`` selects the Hard player's extra judgement: it never breaks its own meld
when it gives cards away, returns and buries to void short side suits, and does not
outbid its partner without a hand that supports the higher contract on its own.
"""

from __future__ import annotations

import functools
import operator
import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence

import attrs

from pinochle import (
    CARDS,
    Action,
    Bid,
    Bury,
    CallMisdeal,
    CallPartner,
    Card,
    Concede,
    Declare,
    Draw,
    ExchangeDix,
    KeepDix,
    KeepHand,
    Meld,
    NameTrump,
    Observation,
    Pass,
    PassCards,
    Phase,
    PlayOn,
    Rank,
    ShareKitty,
    Suit,
    TakeTurnUp,
    ThrowIn,
    TurnError,
    Variant,
    card_points,
    deck_points,
    make_deck,
    meld_by_trump,
    meld_totals,
    meld_values,
    score_meld,
)

__all__ = [
    "CONCEDE_NEED",
    "HOPE",
    "KITTY_SAMPLES",
    "MARGIN",
    "Estimate",
    "bid_ceiling",
    "called_partner_meld",
    "choose_bid",
    "choose_bury",
    "choose_call",
    "choose_concede",
    "choose_meld_turn",
    "choose_misdeal",
    "choose_moon",
    "choose_pass",
    "choose_return",
    "choose_share",
    "choose_throw_in",
    "choose_trump",
    "choose_turned_dix",
    "estimates",
    "exchange_gain",
    "hand_value",
    "lowest_bid",
    "partner_meld",
    "trick_points",
]

MARGIN = 0.08
"""How far short of its estimate a player stops bidding, as a share of the deck's trick
points: 2 of 25 on the ones scale, 20 of 250 on tens (S1: "stop a few points short")."""

HOPE = 0.25
"""The bidder's most hopeful extra trick points over its estimate, as a share of the deck's
trick points: it throws in only when meld plus this much more is still below the bid."""

CONCEDE_NEED = 0.1
"""The opponents concede (``settlement.opponents_concede``) only when the bidder needs at
most this share of the deck's trick points beyond the meld: 25 of 250 on the tens scale,
less than the three buried cards or the last trick and a counter can bring."""

KITTY_SAMPLES = 8
"""Kitties imagined to value a hand before the kitty is seen (three-hand auction)."""

# Trick power by rank (9 J Q K T A), fitted to the trick points sides took in games
# between Hard players: aces and the trump ten win tricks, a low trump is worth little on
# its own but each trump beyond a fair share of the suit wins a late trick.
_TRUMP_POWER = (0.5, 0.7, 0.5, 0.5, 3.0, 5.0)
_SIDE_POWER = (0.0, 0.0, 0.0, 0.0, 0.4, 4.0)
_TEN_WITH_ACE = 0.7
_LENGTH_POWER = 3.0


# --- Hand evaluation -------------------------------------------------------------------


@attrs.frozen
class Estimate:
    """What a hand is worth with one suit as trump, on the profile's scale.

    Attributes:
        trump: The trump suit.
        meld: The hand's own meld with that trump.
        partner: The allowance for the partner's meld (0 without a partner; at five hands
            the called partner's, `called_partner_meld`).
        exchange: The meld a bidder's side expects to gain from the cards partners pass
            each other (0 once passed, or without passing).
        tricks: The trick points the hand's side can expect.
        minimum_meld: Side meld below this counts nothing (``settlement.minimum_meld``).
    """

    trump: Suit
    meld: int
    partner: float
    exchange: float
    tricks: float
    minimum_meld: int = 0

    @property
    def total(self) -> float:
        """Meld (the partner's and the passing's included) plus expected trick points."""
        return self._counted(self.meld + self.partner + self.exchange) + self.tricks

    @property
    def alone(self) -> float:
        """As `total`, counting only the hand's own meld."""
        return self._counted(self.meld) + self.tricks

    def _counted(self, meld: float) -> float:
        return meld if meld >= self.minimum_meld else 0.0


def _fair_length(variant: Variant) -> float:
    """The trumps an average hand holds: the suit's cards over the players."""
    return variant.deck_size / 4 / variant.deal.players


def _power_table(trump: Suit) -> tuple[float, ...]:
    """Each card's own trick power with this trump, by `Card.index`."""
    return tuple((_TRUMP_POWER if card.suit is trump else _SIDE_POWER)[card.rank] for card in CARDS)


_SUITS = tuple(Suit)
_POWER = tuple(_power_table(suit) for suit in _SUITS)
_ACE, _TEN, _KING, _QUEEN = Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN


def _in_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards in `Card.index` order (as ``sorted`` orders them, by index, not by ``<``)."""
    return tuple(sorted(cards, key=_INDEX))


_INDEX = operator.attrgetter("index")


_ACE_TEN = tuple((suit, suit * 6 + _ACE, suit * 6 + _TEN) for suit in _SUITS)


class _Held:
    """A hand read once for every trump it may name.

    Its copies of each card by `Card.index`, each suit's length, and the power its tens
    add behind an ace of their suit (by suit; not when the suit is trump).
    """

    __slots__ = ("counts", "lengths", "tens")

    def __init__(self, cards: Sequence[Card]) -> None:
        # Copies as floats: a float times a float is the same product, and quicker.
        counts = self.counts = [0.0] * len(CARDS)
        for card in cards:
            counts[card.index] += 1.0
        self.lengths = [sum(counts[suit * 6 : suit * 6 + 6]) for suit in _SUITS]
        self.tens = tuple(
            [(suit, counts[ten] * _TEN_WITH_ACE) for suit, ace, ten in _ACE_TEN if counts[ace]]
        )


def _power(held: _Held, trump: Suit) -> float:
    """The cards' own trick power with this trump, card by card (see the module notes)."""
    power: float = sum(map(operator.mul, held.counts, _POWER[trump]))
    for suit, tens in held.tens:  # a ten behind an ace of its suit, but for trump
        if suit is not trump:
            power += tens
    return power


@functools.lru_cache(maxsize=8)
def _deck_power(variant: Variant) -> float:
    """The whole deck's trick power (the same for every trump)."""
    return _power(_Held(make_deck(variant.deal.deck)), Suit.CLUBS)


@attrs.frozen
class _Deck:
    """What the trick share reads from the profile, worked out once per profile."""

    fair_length: float
    power: float
    players: int
    suit_size: float  # a suit's cards in the deck
    # The partners the side counts on: the other players of a team (1 at four hands, 2 at
    # six, 1 or 3 at eight), the called partner at five, none alone.
    partners: int


@functools.lru_cache(maxsize=8)
def _deck(variant: Variant) -> _Deck:
    deal = variant.deal
    return _Deck(
        _fair_length(variant),
        _deck_power(variant),
        deal.players,
        variant.deck_size / 4,
        _partners(variant),
    )


def _called(variant: Variant) -> bool:
    """Five hands: the bidder calls a partner for the hand (rules/deck-and-deal#five-hands)."""
    return variant.deal.partner == "called"


def _partners(variant: Variant) -> int:
    """The partners a bidder counts on: its team's other players, or the one it calls."""
    return 1 if _called(variant) else len(variant.partners_of(0))


def _share(held: _Held, trump: Suit, variant: Variant, extra_trumps: float) -> float:
    """The share of the deck's trick points the hand's side can expect."""
    return _share_of(held, trump, _deck(variant), extra_trumps)


def _share_of(held: _Held, trump: Suit, deck: _Deck, extra_trumps: float) -> float:
    length = held.lengths[trump] + extra_trumps - deck.fair_length
    power = _power(held, trump) + _LENGTH_POWER * max(0.0, length)
    share = min(1.0, power / deck.power)
    if deck.partners:  # each partner's fair share of the rest
        share += (1.0 - share) * deck.partners / (deck.players - 1)
    return share


def trick_points(
    cards: Sequence[Card], trump: Suit, variant: Variant, *, extra_trumps: float = 0.0
) -> float:
    """The trick points the holder's side can expect with this trump.

    The hand's share of the deck's trick power (each trump beyond a fair share of the suit
    adds to it), plus with a partner a fair share of the rest (the partner's expected
    part; at five hands the called partner's), times `pinochle.deck_points`.

    Args:
        cards: The hand.
        trump: The trump suit.
        variant: The profile.
        extra_trumps: Trumps the hand expects to receive (a bidder about to be passed
            cards), which lengthen its trump suit.
    """
    return deck_points(variant) * _share(_Held(cards), trump, variant, extra_trumps)


@functools.lru_cache(maxsize=32)
def partner_meld(variant: Variant) -> float:
    """A typical partner's meld: the median meld of random hands with a random trump.

    Computed once per profile from a fixed seed, so it is the same in every run.
    """
    rng = random.Random(0)
    deck = make_deck(variant.deal.deck)
    totals = [
        score_meld(rng.sample(deck, variant.deal.hand), rng.choice(list(Suit)), variant).total
        for _ in range(256)
    ]
    return statistics.median(totals)


@functools.lru_cache(maxsize=32)
def called_partner_meld(variant: Variant) -> float:
    """A called partner's typical meld (five hands): hands holding a copy of the trump ace.

    The bidder calls the highest trump card it lacks (`choose_call`), most often the ace,
    so its partner-to-be holds a high trump: the median meld, with that trump, of random
    hands that hold a copy of its ace. Computed once per profile from a fixed seed.
    """
    rng = random.Random(0)
    deck = make_deck(variant.deal.deck)
    totals: list[int] = []
    while len(totals) < 256:
        trump = rng.choice(_SUITS)
        cards = rng.sample(deck, variant.deal.hand)
        if any(c.suit is trump and c.rank is _ACE for c in cards):
            totals.append(score_meld(cards, trump, variant).total)
    return statistics.median(totals)


def _partner_allowance(variant: Variant) -> float:
    """The meld a bidder counts on from its partners (0 alone)."""
    if _called(variant):
        return called_partner_meld(variant)
    return partner_meld(variant) * len(variant.partners_of(0))


@functools.lru_cache(maxsize=32)
def exchange_gain(variant: Variant) -> float:
    """The meld a bidder's side gains on average from passing (rules/passing-and-kitty#passing).

    Deals random pairs of partners' hands; the bidder names its best suit, the partner
    passes and the bidder returns as Hard does; the gain is the change in the two hands'
    meld. Computed once per profile from a fixed seed (0 without passing).
    """
    n = variant.passing.cards
    if not n:
        return 0.0
    rng = random.Random(0)
    deck, size = list(make_deck(variant.deal.deck)), variant.deal.hand
    gains = []
    for _ in range(64):
        rng.shuffle(deck)
        bidder, partner = tuple(sorted(deck[:size])), deck[size : 2 * size]
        found = _evaluate(bidder, variant, False)
        if not found:  # no suit this hand may name (trump.rule): it would surrender
            continue
        trump = max(found.values(), key=lambda e: e.total).trump
        passed = _to_bidder(partner, n, trump, variant, careful=True)
        whole = [*bidder, *passed]
        returned = _from_bidder(whole, n, trump, variant, careful=True)
        after = (_without(whole, returned), [*_without(partner, passed), *returned])
        before = (bidder, partner)
        gains.append(sum(_meld(h, trump, variant) for h in after))
        gains[-1] -= sum(_meld(h, trump, variant) for h in before)
    return statistics.fmean(gains) if gains else 0.0


def _meld(cards: Sequence[Card], trump: Suit, variant: Variant) -> int:
    return score_meld(cards, trump, variant).total


def _without(cards: Sequence[Card], gone: Sequence[Card]) -> list[Card]:
    rest = list(cards)
    for card in gone:
        rest.remove(card)
    return rest


def _nameable(held: Sequence[float], variant: Variant) -> tuple[Suit, ...]:
    """The suits this hand may name trump in (rules/trump#options: some need a marriage).

    `pinochle.auction._trump_suits` on the bots' card counts (a dix suit too under
    ``"run-marriage-or-dix"``).
    """
    rule = variant.trump.rule
    if rule != "marriage" and rule != "run-marriage-or-dix":
        return _SUITS
    dix = rule == "run-marriage-or-dix"
    married = tuple(
        s
        for s in _SUITS
        if (held[s * 6 + _KING] and held[s * 6 + _QUEEN]) or (dix and held[s * 6 + Rank.NINE])
    )
    if married or variant.trump.without_marriage == "surrender":
        return married
    return _SUITS


@attrs.frozen
class _Terms:
    """What a hand's value reads from the profile besides the hand, once per profile."""

    partner: float  # a typical partner's meld (0 without a partner)
    exchange: float  # the meld passing adds (0 once passed, or without passing)
    points: int  # the deck's trick points
    minimum: int  # settlement.minimum_meld
    deck: _Deck
    passed: int  # cards a partner passes
    players: int


@functools.lru_cache(maxsize=16)
def _terms(variant: Variant, before_passing: bool) -> _Terms:
    return _Terms(
        _partner_allowance(variant),
        exchange_gain(variant) if before_passing else 0.0,
        deck_points(variant),
        variant.settlement.minimum_meld,
        _deck(variant),
        variant.passing.cards,
        variant.deal.players,
    )


_Valued = tuple[tuple[Suit, int, float], ...]


def _valued(cards: tuple[Card, ...], variant: Variant, before_passing: bool) -> _Valued:
    """Each nameable suit with the hand's meld and expected trick points (see `estimates`)."""
    terms = _terms(variant, before_passing)
    melds = meld_totals(cards, variant)  # the totals alone: no Meld items to build
    held = _Held(cards)
    deck, points, passed = terms.deck, terms.points, terms.passed
    found = []
    for suit in _nameable(held.counts, variant):
        extra = 0.0
        if before_passing and passed:  # the partner will pass some of its trumps
            mine = held.lengths[suit]
            extra = min(passed, max(0.0, deck.suit_size - mine) / (terms.players - 1))
        found.append((suit, melds[suit], points * _share_of(held, suit, deck, extra)))
    return tuple(found)


def _evaluate(
    cards: tuple[Card, ...], variant: Variant, before_passing: bool
) -> dict[Suit, Estimate]:
    terms = _terms(variant, before_passing)
    partner, exchange, minimum = terms.partner, terms.exchange, terms.minimum
    return {
        suit: Estimate(suit, meld, partner, exchange, tricks, minimum)
        for suit, meld, tricks in _valued(cards, variant, before_passing)
    }


_estimates = functools.lru_cache(maxsize=256)(_evaluate)


def estimates(
    cards: Sequence[Card], variant: Variant, *, before_passing: bool = False
) -> dict[Suit, Estimate]:
    """The hand's value with each suit it may name as trump (none: it cannot name one).

    Args:
        cards: The hand.
        variant: The profile (its trump rule may require a marriage in the suit).
        before_passing: The hand is a bidder's before its partner passes it cards: count
            on a share of the partner's trumps.
    """
    return _estimates(_in_order(cards), variant, before_passing)


_Sums = tuple[tuple[Suit, float, float], ...]


def _sums(cards: tuple[Card, ...], variant: Variant, before_passing: bool) -> _Sums:
    """Each nameable suit with the hand's `Estimate.total` and `Estimate.alone`.

    The same sums as `Estimate`'s, without building one per suit: a seat's first bid of a
    hand values it for every trump, and that is most of the bid's cost.
    """
    terms = _terms(variant, before_passing)
    partner, exchange, minimum = terms.partner, terms.exchange, terms.minimum
    found = []
    for suit, meld, tricks in _valued(cards, variant, before_passing):
        side = meld + partner + exchange
        total = (side if side >= minimum else 0.0) + tricks
        found.append((suit, total, (meld if meld >= minimum else 0.0) + tricks))
    return tuple(found)


@functools.lru_cache(maxsize=256)
def _kept_sums(cards: tuple[Card, ...], variant: Variant, before_passing: bool) -> _Sums:
    """`_sums`, kept per hand: the auction and the trump it names read the same hand.

    Without passing, before passing is no different (the key is made the same).
    """
    return _sums(cards, variant, before_passing)


def _hand_sums(cards: Sequence[Card], variant: Variant, before_passing: bool) -> _Sums:
    before_passing = before_passing and variant.passing.cards > 0
    return _kept_sums(_in_order(cards), variant, before_passing)


def _best(sums: _Sums, *, alone: bool) -> float:
    """The best total (or alone) over the suits; 0 with none (the hand would be surrendered)."""
    if not sums:
        return 0.0
    return max([own if alone else total for _, total, own in sums])


@functools.lru_cache(maxsize=64)
def _with_kitty(cards: tuple[Card, ...], variant: Variant, alone: bool) -> float:
    """The hand's expected best value once it takes a kitty of the unseen cards."""
    unseen = list((Counter(make_deck(variant.deal.deck)) - Counter(cards)).elements())
    rng = random.Random(bytes(c.index for c in cards))  # the same kitties for the same hand
    values = []
    # Under kitty.share the bidder keeps one kitty card: valued as one unseen card.
    taken = 1 if variant.kitty.share else variant.deal.kitty
    for _ in range(KITTY_SAMPLES):
        whole = (*cards, *rng.sample(unseen, taken))
        values.append(_best(_sums(whole, variant, False), alone=alone))
    return statistics.fmean(values)


def hand_value(observation: Observation, *, alone: bool = False) -> float:
    """What the seat's hand is worth to its side as the bidder's, with its best trump.

    Args:
        observation: The seat's view. In the auction, a kitty still unseen adds its expected
            value and cards a partner will pass add trump length.
        alone: Leave out the partner's typical meld (the hand on its own).
    """
    variant = observation.variant
    auction = observation.phase is Phase.AUCTION
    if auction and variant.deal.kitty:
        return _with_kitty(_in_order(observation.hand), variant, alone)
    return _best(_hand_sums(observation.hand, variant, auction), alone=alone)


# --- The auction and trump -------------------------------------------------------------


def _partner_holds_bid(observation: Observation) -> bool:
    """Whether the high bid so far is a partner's (any teammate's at six or eight hands)."""
    bidder, seat = observation.bidder, observation.seat
    return (
        observation.variant.deal.partnerships
        and bidder is not None
        and bidder != seat
        and observation.side_of(bidder) == observation.side_of(seat)
    )


def bid_ceiling(observation: Observation, *, error: float = 0.0, alone: bool = False) -> float:
    """The highest contract the seat will take on: its estimate, a little short.

    Args:
        observation: The seat's view in the auction.
        error: Added to the estimate (the Easy player's misjudgement), in points.
        alone: Judge the hand without the partner's meld.
    """
    margin = MARGIN * deck_points(observation.variant)
    return hand_value(observation, alone=alone) - margin + error


def choose_bid(
    observation: Observation, *, error: float = 0.0, careful: bool = False
) -> Bid | Pass:
    """The lowest legal bid within the seat's ceiling, else pass (or, forced, the lowest bid).

    Args:
        observation: The seat's view in the auction.
        error: Added to the estimate (Easy's misjudgement), in points.
        careful: Hard: over its partner's bid it counts only its own meld, so it outbids the
            partner only when its hand alone supports the higher contract.
    """
    legal = observation.legal_actions
    lowest = lowest_bid(legal)
    over_partner = careful and observation.bidder is not None
    over_partner = over_partner and _partner_holds_bid(observation)
    ceiling = bid_ceiling(observation, error=error, alone=over_partner)
    if lowest is not None and lowest.amount <= ceiling:
        return lowest
    if lowest is None or isinstance(legal[0], Pass):
        return Pass()
    return lowest  # the last to speak must bid


def lowest_bid(legal: Sequence[Action]) -> Bid | None:
    """The lowest bid among an auction's legal actions, or None when no bid is left.

    It reads the first two actions only (the pass comes first, then the bids from the
    lowest up), so it stays quick when a profile allows a million bids.
    """
    for action in legal[:2]:
        if isinstance(action, Bid):
            return action
    return None


def choose_trump(observation: Observation) -> NameTrump:
    """The suit with the best meld plus expected trick points (trump length and strength)."""
    variant = observation.variant
    # Estimate.total for each suit, as the auction worked it out (kept for the same hand).
    found = {suit: total for suit, total, _ in _hand_sums(observation.hand, variant, True)}
    suits = [a.suit for a in observation.legal_actions if isinstance(a, NameTrump)]
    suits = suits or list(found)
    if not suits:
        raise TurnError(f"seat {observation.seat} may name no trump suit")
    return NameTrump(max(suits, key=lambda s: found[s] if s in found else float("-inf")))


# --- Giving cards away: passing, returning, burying ------------------------------------


def _meld_copies(
    cards: Sequence[Card], trump: Suit, variant: Variant, *, dix: bool
) -> Counter[Card]:
    """The copies of each card the hand's best meld uses (a dix only if ``dix``)."""
    meld = score_meld(cards, trump, variant)
    items = tuple(item for item in meld.items if dix or not item.name.endswith("dix"))
    # Physical copies: a card in two meld types is one card (rules/meld#combining).
    return Counter(Meld(meld.total, items, meld.trump).cards)


def _meld_points(cards: Sequence[Card], trump: Suit, variant: Variant, *, dix: bool) -> int:
    meld = score_meld(cards, trump, variant)
    return sum(i.points for i in meld.items if dix or not i.name.endswith("dix"))


_Preference = Callable[[Card, Sequence[Card], Counter[Card], int], tuple[float, ...]]
"""Orders the cards to give away, highest first. Called with the card, the cards left, the
free copies among them (outside the meld) and how many cards are still to choose."""


def _give_away(
    cards: Sequence[Card],
    n: int,
    trump: Suit,
    variant: Variant,
    prefer: _Preference,
    *,
    dix: bool,
) -> tuple[Card, ...]:
    """Choose ``n`` cards one at a time, never breaking meld while any other card is free.

    A card is free when the hand holds more copies than its best meld uses (so giving it
    costs no meld); once none is, the card that costs the least meld goes.
    """
    left = list(cards)
    chosen: list[Card] = []
    for k in range(n, 0, -1):
        held = Counter(left)
        free = held - _meld_copies(left, trump, variant, dix=dix)
        candidates = list(free)
        if not candidates:
            before = _meld_points(left, trump, variant, dix=dix)
            loss = {
                c: before - _meld_points(_without(left, (c,)), trump, variant, dix=dix)
                for c in held
            }
            candidates = [c for c in held if loss[c] == min(loss.values())]
        pick = max(candidates, key=lambda c: (*prefer(c, left, free, k), -c.index))
        chosen.append(pick)
        left.remove(pick)
    return tuple(chosen)


# Rank orders (9 J Q K T A), higher = given away sooner.
_HELP = (1.0, 2.0, 3.0, 10.0, 20.0, 50.0)  # what a bidder wants outside trump
_TRUMP_HELP = (1.0, 5.0, 3.0, 3.0, 6.0, 7.0)  # run pieces A T J first: the bidder has K Q
_LOW_FIRST = (6.0, 5.0, 4.0, 3.0, 2.0, 1.0)  # 9 J Q K T A: the aces stay
_COUNTERS_FIRST = (4.0, 5.0, 6.0, 8.0, 7.0, 1.0)  # K T, then Q J 9: the aces stay


def _helps(trump: Suit) -> _Preference:
    """Passing to the bidder: trumps (run pieces first), aces, counters; from short suits."""

    def prefer(card: Card, left: Sequence[Card], free: Counter[Card], k: int) -> tuple[float, ...]:
        value = 100.0 + _TRUMP_HELP[card.rank] if card.suit is trump else _HELP[card.rank]
        return (value, -sum(c.suit is card.suit for c in left))

    return prefer


def _sheds(order: Sequence[float], trump: Suit, *, aces_void: bool) -> _Preference:
    """Hard's discards: side cards before trumps, voiding the shortest side suit it can.

    A suit can be voided when every card of it is free and there are enough cards still to
    choose; ``aces_void=False`` keeps a suit holding an ace (a sure winner).
    """

    def prefer(card: Card, left: Sequence[Card], free: Counter[Card], k: int) -> tuple[float, ...]:
        if card.suit is trump:
            return (0.0, 0.0, 0.0, order[card.rank])
        suit = [c for c in left if c.suit is card.suit]
        voidable = (
            len(suit) <= k
            and all(free[c] >= suit.count(c) for c in suit)
            and (aces_void or all(c.rank is not Rank.ACE for c in suit))
        )
        return (1.0, float(voidable), -len(suit) if voidable else 0.0, order[card.rank])

    return prefer


def _lowest(cards: Sequence[Card], n: int, trump: Suit) -> tuple[Card, ...]:
    """The n cards worth least to keep: low side cards first, trumps last."""

    def keep(card: Card) -> tuple[float, int]:
        value = 100.0 + card.rank if card.suit is trump else _HELP[card.rank]
        return (value, card.index)

    return tuple(sorted(cards, key=keep)[:n])


def _to_bidder(
    hand: Sequence[Card], n: int, trump: Suit, variant: Variant, *, careful: bool
) -> tuple[Card, ...]:
    """The cards a partner passes to the bidder (see `choose_pass`)."""
    prefer = _helps(trump)
    if careful:
        return _give_away(hand, n, trump, variant, prefer, dix=False)
    free = Counter(hand)
    return tuple(sorted(hand, key=lambda c: (prefer(c, hand, free, n), -c.index))[-n:])


def _from_bidder(
    hand: Sequence[Card], n: int, trump: Suit, variant: Variant, *, careful: bool
) -> tuple[Card, ...]:
    """The cards the bidder returns (see `choose_return`)."""
    if careful:
        prefer = _sheds(_LOW_FIRST, trump, aces_void=True)
        return _give_away(hand, n, trump, variant, prefer, dix=True)
    return _lowest(hand, n, trump)


def _trump_of(observation: Observation) -> Suit:
    trump = observation.trump
    if trump is None:
        raise TurnError(f"seat {observation.seat}: no trump named yet in {observation.phase}")
    return trump


def choose_pass(observation: Observation, *, careful: bool = False) -> PassCards:
    """The bidder's partner passes the cards that help the bidder most.

    Trumps first (the run's A, 10 and J before the K and Q the bidder probably holds), then
    aces, then counters, from short suits. ``careful`` (Hard) never breaks its own
    pinochle, run, arounds or marriages while any other card will do (a dix may go: it
    scores for the bidder as well).
    """
    variant = observation.variant
    n, trump = variant.passing.cards, _trump_of(observation)
    return PassCards(_to_bidder(observation.hand, n, trump, variant, careful=careful))


def choose_return(observation: Observation, *, careful: bool = False) -> PassCards:
    """The bidder returns as many cards: the lowest side cards, keeping trumps.

    ``careful`` (Hard) keeps its meld and trumps and returns the other side cards, voiding
    its shortest side suit first, low cards before counters.
    """
    variant = observation.variant
    n, trump = variant.passing.cards, _trump_of(observation)
    return PassCards(_from_bidder(observation.hand, n, trump, variant, careful=careful))


def _outside_meld(observation: Observation, n: int) -> tuple[Card, ...]:
    """The cards outside the seat's shown meld (all of them if fewer than n are)."""
    meld = observation.melds[observation.seat] if observation.melds else None
    if meld is None:
        return observation.hand
    # Physical copies: a card in two meld types is one card (rules/meld#combining).
    spare = Counter(observation.hand) - Counter(meld.cards)
    rest = tuple(sorted(spare.elements()))
    return rest if len(rest) >= n else observation.hand


def choose_bury(observation: Observation, *, careful: bool = False) -> Bury:
    """The bidder buries as many cards as the kitty held: side cards outside the meld.

    ``careful`` (Hard) voids its shortest side suit without an ace first, then buries
    counters (kings and tens) where buried cards count for the bidder
    (``kitty.buried_count``), else low cards; aces and trumps stay.
    """
    variant = observation.variant
    trump, n = _trump_of(observation), variant.deal.kitty
    if careful:
        order = _COUNTERS_FIRST if variant.kitty.buried_count else _LOW_FIRST
        prefer = _sheds(order, trump, aces_void=False)
        chosen = Bury(_give_away(observation.hand, n, trump, variant, prefer, dix=True))
    else:
        chosen = Bury(_lowest(_outside_meld(observation, n), n, trump))
    return _legal_burial(observation, chosen, trump)


def _legal_burial(observation: Observation, chosen: Bury, trump: Suit) -> Bury:
    """``chosen``, or the legal burial nearest to it where the rules narrow the cards.

    Under ``kitty.bury_trump_aces = false`` trump and aces go only when forced: the lowest
    of the cards that may go, or, when forced, the burial sharing most cards with ``chosen``.
    """
    legal = observation.legal_actions
    if not legal or chosen in legal:
        return chosen
    cards, k = getattr(legal, "cards", None), getattr(legal, "k", None)
    if cards is not None and k is not None:  # any k of these cards (a `CardChoices`)
        return Bury(_lowest(cards, k, trump))
    wanted = Counter(chosen.cards)
    burials = [a for a in legal if isinstance(a, Bury)]
    return max(burials, key=lambda a: sum((Counter(a.cards) & wanted).values()), default=chosen)


def choose_share(observation: Observation) -> ShareKitty:
    """The bidder keeps the kitty card that makes its hand worth most, gives away the rest.

    ``kitty.share`` (BC-PA's widow): the card kept is the one whose hand (with its best
    trump) is worth most; of the others, partners get the strongest cards and opponents the
    weakest (aces, then tens, kings, queens, jacks and nines). Every level shares so.
    """
    variant, seat = observation.variant, observation.seat
    kitty = observation.kitty
    if not kitty:  # a guard: the bidder always sees the kitty it shares
        first = observation.legal_actions[0]
        assert isinstance(first, ShareKitty)
        return first
    hand = observation.hand
    values = [_best(_hand_sums((*hand, card), variant, False), alone=True) for card in kitty]
    kept = kitty[max(range(len(kitty)), key=values.__getitem__)]
    rest = sorted((Counter(kitty) - Counter([kept])).elements(), key=_strength, reverse=True)
    players, persons = variant.deal.players, observation.persons
    mine = observation.side_of(seat)
    others = [(seat + k) % players for k in range(1, players)]
    # Partners first (strongest cards), then opponents (weakest last): a stable sort.
    order = sorted(others, key=lambda s: variant.side_of(persons[s]) != mine)
    given = dict(zip(order, rest, strict=True))
    return ShareKitty((kept, *(given[s] for s in others)))


def _strength(card: Card) -> tuple[int, int]:
    """A card's worth to whoever gets it: its rank's power (ace highest), then its suit."""
    return (card.rank, card.index)


# --- Misdeals --------------------------------------------------------------------------


def choose_misdeal(observation: Observation) -> CallMisdeal | KeepHand:
    """Call a misdeal when one is offered and the hand is weak, else keep it.

    Weak: its best meld with any trump is under half the minimum bid (a hand of five nines
    and little else). Every level decides so; Expert as Hard.
    """
    if CallMisdeal() not in observation.legal_actions:
        return KeepHand()
    variant = observation.variant
    best = max(m.total for m in meld_by_trump(observation.hand, variant).values())
    return CallMisdeal() if 2 * best < variant.bidding.minimum else KeepHand()


# --- After meld ------------------------------------------------------------------------


def choose_throw_in(observation: Observation) -> ThrowIn | PlayOn:
    """Throw in only when the side's meld plus the most it can hope from tricks is below the bid.

    The hope is the expected trick points plus `HOPE` of the deck's; buried cards that
    count for the bidder are already won.
    """
    variant = observation.variant
    bidder = observation.bidder if observation.bidder is not None else observation.seat
    persons, mine = observation.persons, observation.side_of(bidder)
    side = [s for s in range(variant.deal.players) if variant.side_of(persons[s]) == mine]
    meld = sum(m.total for s, m in enumerate(observation.melds) if s in side and m is not None)
    if not any(observation.melds):  # ``throw_in_at = "after-trump"``: nobody has melded yet
        meld = score_meld(observation.hand, _trump_of(observation), variant).total
        meld += round(partner_meld(variant)) * len(variant.partners_of(0))
    if meld < variant.settlement.minimum_meld:
        meld = 0
    total = deck_points(variant)
    banked = card_points(observation.buried, variant) if variant.kitty.buried_count else 0
    share = trick_points(observation.hand, _trump_of(observation), variant) / total
    hope = banked + min(total - banked, (total - banked) * share + HOPE * total)
    return ThrowIn() if meld + hope < observation.bid else PlayOn()


def choose_moon(observation: Observation) -> PlayOn:
    """The bots never shoot the moon (``settlement.shoot_the_moon``): they play on.

    A shot moon pays a small bonus for every trick and costs a large penalty for missing
    one; a bot cannot see its partner's cards or the defenders', so it cannot be sure of
    every trick, and a promise it might break is never worth the bonus.
    """
    del observation  # the answer does not depend on the hand
    return PlayOn()


def choose_call(observation: Observation) -> Action:
    """Five hands: call the highest trump card the bidder holds fewest copies of.

    The partner is the first other player of the called card (rules/deck-and-deal#five-hands),
    so a card the bidder lacks brings in a partner holding a high trump: the ace when the
    bidder has none, else the ten, and so on; a bidder holding a copy of every trump calls
    the one it holds fewest of (a lone hand only if it holds every copy).
    """
    legal = observation.legal_actions
    held = Counter(observation.hand)
    calls = [a for a in legal if isinstance(a, CallPartner)]
    if not calls:
        return legal[0]
    return min(calls, key=lambda a: (held[a.card], -a.card.rank))


def choose_concede(observation: Observation) -> Concede | PlayOn:
    """An opponent concedes only when the bidder cannot plausibly be set.

    The opponents' concession of rules/three-hand#auction-pinochle.

    That is when the bid exceeds the bidder's shown meld by at most `CONCEDE_NEED` of the
    deck's trick points: the buried cards and a trick or two make that up, and playing on
    against a sure loss would only risk nothing more (the payment is the same) while
    taking time. Otherwise it plays on.
    """
    variant = observation.variant
    bidder = observation.bidder
    if bidder is None:
        return PlayOn()
    persons, mine = observation.persons, observation.side_of(bidder)
    meld = sum(
        m.total
        for s, m in enumerate(observation.melds)
        if m is not None and variant.side_of(persons[s]) == mine
    )
    if meld < variant.settlement.minimum_meld:
        meld = 0
    need = observation.bid - meld
    return Concede() if need <= CONCEDE_NEED * deck_points(variant) else PlayOn()


_MELD_KEYS = {
    "run": ("run", 0),
    "royal marriage": ("royal_marriage", 0),
    "marriage": ("marriage", 0),
    "dix": ("dix", 0),
    "aces around": ("aces", 0),
    "kings around": ("kings", 0),
    "queens around": ("queens", 0),
    "jacks around": ("jacks", 0),
    "pinochle": ("pinochle", 0),
    "double pinochle": ("pinochle", 1),
}


def _declared_points(action: Declare, variant: Variant) -> int:
    key, copies = _MELD_KEYS.get(action.kind, ("", 0))
    row = meld_values(variant).get(key, ())
    return row[copies] if copies < len(row) else 0


def choose_turned_dix(observation: Observation) -> ExchangeDix | KeepDix:
    """Turned trump (PAR): always exchange the dix.

    It still scores, and the turned card is a higher trump (rules/three-hand#everyone-melds).
    """
    legal = observation.legal_actions
    return ExchangeDix() if ExchangeDix() in legal else KeepDix()


def choose_meld_turn(observation: Observation) -> Declare | ExchangeDix | Draw | TakeTurnUp:
    """Two-hand, after winning a trick: meld, swap the dix, and draw (rules/two-hand#stock-meld).

    The best-scoring meld first (one a turn), then the dix exchange (it scores the dix and
    takes the turned-up card), then a dix, and draw last. At a last draw where the winner
    chooses (``stock.last_draw``), it takes the turn-up, a known trump, unless that is the
    dix.
    """
    legal = observation.legal_actions
    declares = [a for a in legal if isinstance(a, Declare)]
    melds = [a for a in declares if a.kind != "dix"]
    if melds:
        return max(melds, key=lambda a: _declared_points(a, observation.variant))
    # Exchanging gains the turned-up card and scores the dix; declaring it only scores.
    exchange = next((a for a in legal if isinstance(a, ExchangeDix)), None)
    if exchange is not None:
        return exchange
    if declares:
        return declares[0]
    turn_up = observation.turn_up
    if TakeTurnUp() in legal and turn_up is not None and turn_up.rank is not Rank.NINE:
        return TakeTurnUp()
    return Draw()
