"""The auction (rules/auction) and naming trump (rules/trump)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from pinochle.actions import Action, Bid, NameTrump, Pass
from pinochle.auction import _trump_suits, bid_amounts, bid_problem
from pinochle.cards import Card, Suit
from pinochle.choices import BidChoices
from pinochle.engine._common import _push, _put, _seat, _sorted, _with, _wrong_phase
from pinochle.engine._course import (
    _after_trump,
    _made_on_meld,
    _next_dealer,
    _start_hand,
    _throw_in_after_trump,
    _trump_or_surrender,
)
from pinochle.errors import IllegalActionError, InvariantError
from pinochle.meld import highest_meld, score_meld
from pinochle.state import Hand, Phase, State, _hand_with
from pinochle.tricks import deck_points
from pinochle.variant import AllPass, Partner, TrumpRule, Variant, WhoMelds


def bid_limit(variant: Variant) -> int:
    """The highest bid the engine accepts.

    That is ``bidding.maximum``; a profile without one (S1 and PG-P state no ceiling,
    rules/auction#maximum) is capped only where no bid can be made: at the highest meld the bidding
    side can hold plus every trick point of the hand (``deck_points``, buried cards and last
    trick included), as rules/auction#maximum allows. The side's meld is bounded by the bidder's
    best possible hand (dealt cards plus the kitty it takes: `pinochle.meld.highest_meld`,
    an exact maximum) plus, where partners meld, the partner's best possible hand: a proven
    upper bound (each hand's meld is at most its own maximum); at six or eight hands every
    partner's, at five the called partner's. The cap is never below
    the minimum. Computed once per profile.

    Browser-game (S1, 12 cards, ones): 180 (a double run in spades with both J♦ for a
    double pinochle) for the bidder, 180 for the partner, 25 trick points: 385. A bid of
    150, a double run's meld alone, is legal.
    """
    maximum = variant.bidding.maximum
    return maximum if maximum is not None else _meld_cap(variant)


@functools.lru_cache(maxsize=256)
def _meld_cap(variant: Variant) -> int:
    """The side's highest possible meld plus every trick point (see `bid_limit`)."""
    deal = variant.deal
    meld = highest_meld(variant, deal.hand + deal.kitty)
    if deal.partnerships and variant.meld.who is WhoMelds.ALL:
        # Under kitty.share each partner gets a kitty card too (BC-PA).
        size = deal.hand + variant.kitty.share
        meld += highest_meld(variant, size) * len(variant.partners_of(0))
    elif deal.partner is not Partner.NONE and variant.meld.who is WhoMelds.ALL:
        meld += highest_meld(variant, deal.hand)  # five hands: the called partner's meld
    return max(variant.bidding.minimum, meld + deck_points(variant))


def _active(hand: Hand) -> list[int]:
    return [seat for seat, out in enumerate(hand.passed) if not out]


def _next_active(hand: Hand, seat: int) -> int:
    players = len(hand.passed)
    for offset in range(1, players + 1):
        candidate = (seat + offset) % players
        if not hand.passed[candidate]:
            return candidate
    raise InvariantError("no active player in the auction")  # pragma: no cover


def _last_turn(variant: Variant, hand: Hand, seat: int) -> bool:
    """``bidding.rounds``: whether the seat's bid now is the last it may make.

    Firehouse (one bid each) and racehorse (two each), rules/auction#single-round: a seat
    that has spoken ``rounds`` times is out of the auction like one that passed, though
    it may hold the high bid; the auction ends when no other seat may still bid.
    """
    rounds = variant.bidding.rounds
    if rounds is None:
        return False
    return sum(1 for who, _ in hand.auction if who == seat) + 1 >= rounds


def _forced(state: State) -> bool:
    """Whether the player to act must bid (see `_must_bid`)."""
    return _must_bid(state) is not None


def _must_bid(state: State) -> str | None:
    """Why the player to act may not pass, or None: the auction's forcing rules.

    Nobody has bid yet, and either the player is the last one in under ``"last-must-bid"``
    (S1: "the fourth must bid"), or the player holds meld under ``bidding.meld_must_open``.
    """
    hand = state.hand
    if hand.bidder is not None:
        return None
    if state.variant.bidding.all_pass is AllPass.LAST_MUST_BID and len(_active(hand)) == 1:
        return "everyone else passed: you must bid"
    if _holds_opening_meld(state):
        return "you hold meld and nobody has bid: you must open"
    return None


def _holds_opening_meld(state: State) -> bool:
    """``bidding.meld_must_open``: the player to act holds meld before trump is named.

    WP (rules/auction#all-pass): the first player, from the dealer's left, holding meld must
    open. With no trump named, meld is `score_meld(hand, None)`: marriages, arounds and
    pinochles (a run holds a marriage; a dix is meld only in trump, and almost every hand
    holds a nine, so it does not count), and only meld that counts (at least
    ``settlement.minimum_meld``). The players before this one passed, so none held meld.
    """
    variant = state.variant
    if not variant.bidding.meld_must_open:
        return False
    meld = score_meld(state.hands[_seat(state)], None, variant).total
    return meld > 0 and meld >= variant.settlement.minimum_meld


def _dealer_low_bids(state: State) -> range:
    """``bidding.dealer_minimum``: the dealer's bids under the minimum, once all others passed.

    WP three-hand (rules/auction#minimum-and-step): bids from 20, "dealer may bid 19";
    clubs: "16, dealer stuck at 15". The amounts run from ``dealer_minimum`` up to the
    minimum by ``bidding.step``.
    """
    rules = state.variant.bidding
    low, hand = rules.dealer_minimum, state.hand
    if low is None or hand.bidder is not None or len(_active(hand)) != 1:
        return range(0)
    return range(low, rules.minimum, rules.step)


def _auction_actions(state: State) -> Sequence[Action]:
    hand = state.hand
    current = hand.bid if hand.bidder is not None else None
    low = _dealer_low_bids(state)
    return _bids(state.variant, current, _forced(state), (low.start, low.stop) if low else None)


_LISTED_BIDS = 256
"""Up to this many bids are listed in a tuple; more (a huge ``bidding.maximum``) lazily."""


@functools.lru_cache(maxsize=1024)
def _bids(
    variant: Variant, current: int | None, forced: bool, low: tuple[int, int] | None = None
) -> Sequence[Action]:
    """Every legal bid after ``current`` (and a pass unless the player is forced to bid).

    ``low``: the dealer's amounts under the minimum (``bidding.dealer_minimum``), if any.
    """
    amounts = bid_amounts(variant, current, bid_limit(variant))
    if low is not None:
        amounts = (range(low[0], low[1], variant.bidding.step), *amounts)
    if sum(len(r) for r in amounts) > _LISTED_BIDS:
        return BidChoices(not forced, amounts)
    bids = tuple(Bid(amount) for r in amounts for amount in r)
    return bids if forced else (_PASS, *bids)


_PASS = Pass()


def _apply_auction(state: State, action: Action) -> State:
    seat = _seat(state)
    hand, variant = state.hand, state.variant
    if isinstance(action, Pass):
        reason = _must_bid(state)
        if reason is not None:
            raise IllegalActionError(str(action), reason)
        passed = _put(hand.passed, seat, True)
        hand = _hand_with(hand, auction=(*hand.auction, (seat, action)), passed=passed)
    elif isinstance(action, Bid):
        current = hand.bid if hand.bidder is not None else None
        problem = bid_problem(variant, action.amount, current)
        if problem is not None and action.amount in _dealer_low_bids(state):
            problem = None
        if problem is None and action.amount > bid_limit(variant):
            problem = f"bid must be at most {bid_limit(variant)}"
        if problem is not None:
            raise IllegalActionError(str(action), problem)
        passed = hand.passed
        if _last_turn(variant, hand, seat):  # bidding.rounds: this was the seat's last bid
            passed = _put(passed, seat, True)
        hand = _hand_with(
            hand,
            auction=(*hand.auction, (seat, action)),
            bidder=seat,
            bid=action.amount,
            passed=passed,
        )
        maximum = variant.bidding.maximum
        if variant.bidding.maximum_ends_auction and action.amount == maximum:
            return _auction_won(state, hand, action)
    else:
        raise _wrong_phase(state, action)
    active = _active(hand)
    if hand.bidder is not None and all(other == hand.bidder for other in active):
        # Nobody else may bid: all passed (or, under bidding.rounds, have bid their last).
        return _auction_won(state, hand, action)
    if hand.bidder is None and not active:  # all passed ("redeal"): the next dealer deals
        return _start_hand(state.game, hand.number + 1, _next_dealer(state), _push(state, action))
    # All others passed: the dealer is stuck at the minimum; otherwise the last player must
    # bid ("last-must-bid") or may still bid or pass ("redeal").
    stuck = variant.bidding.all_pass is AllPass.DEALER_FORCED
    if hand.bidder is None and len(active) == 1 and stuck:
        low = variant.bidding.dealer_minimum
        stuck_at = low if low is not None else variant.bidding.minimum
        forced = _hand_with(hand, bidder=active[0], bid=stuck_at)
        return _auction_won(state, forced, action)
    return _with(state, action, to_act=_next_active(hand, seat), hand=hand)


def _auction_won(state: State, hand: Hand, action: Action) -> State:
    """The auction is over: the high bidder names trump (or surrenders without a marriage)."""
    bidder = hand.bidder
    assert bidder is not None
    if hand.kitty and state.variant.kitty.share:  # BC-PA: the bidder shares the kitty first
        return _with(state, action, phase=Phase.SHARE, to_act=bidder, hand=hand)
    if hand.kitty and not state.variant.kitty.trump_first:
        state = _take_kitty(state, bidder, hand.kitty)  # shown to all where the profile says
    return _trump_or_surrender(_with(state, action, hand=hand), bidder)


def _take_kitty(state: State, bidder: int, kitty: tuple[Card, ...]) -> State:
    """The bidder adds the kitty to its hand.

    Once the auction is won, or once trump is named under ``kitty.trump_first`` (BC-3D:
    trump is named "before the widow is seen").
    """
    hands = list(state.hands)
    hands[bidder] = _sorted((*hands[bidder], *kitty))
    return _with(state, hands=tuple(hands))


_NAME_TRUMP = {suit: NameTrump(suit) for suit in Suit}
"""One shared `NameTrump` a suit: actions are values, and building one runs its converter."""


def _trump_actions(state: State) -> Sequence[Action]:
    suits = _trump_suits(state.variant, state.hands[_seat(state)])
    return tuple(map(_NAME_TRUMP.__getitem__, suits))


def _trump_refusal(variant: Variant, suit: Suit) -> str:
    """Why a suit may not be trump: the hand lacks what ``trump.rule`` asks for in it."""
    name = suit.name.lower()
    if variant.trump.rule is TrumpRule.RUN_MARRIAGE_OR_DIX:
        return f"you hold no run, marriage or dix in {name}"
    return f"you hold no marriage in {name}"


def _apply_trump(state: State, action: Action) -> State:
    if not isinstance(action, NameTrump):
        raise _wrong_phase(state, action)
    if action.suit not in _trump_suits(state.variant, state.hands[_seat(state)]):
        raise IllegalActionError(str(action), _trump_refusal(state.variant, action.suit))
    hand = _hand_with(state.hand, trump=action.suit)
    state = _with(state, action, hand=hand)
    if hand.kitty and state.variant.kitty.trump_first:
        state = _take_kitty(state, _seat(state), hand.kitty)
    if _throw_in_after_trump(state.variant) and not _made_on_meld(state):
        return _with(state, phase=Phase.THROW_IN)  # the bidder is still to act
    return _after_trump(state)
