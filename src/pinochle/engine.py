"""The pure transitions: `new_game`, `legal_actions`, `apply` and `observe`.

Each phase has one function that lists its legal actions and one that applies an action;
the rule choices inside them are the small functions of `pinochle.auction`,
`pinochle.tricks`, `pinochle.meld` and `pinochle.scoring`, chosen by profile keys.
Randomness enters only through the deal: deal ``n`` of a game is a pure function of the
game's seed and ``n``.
"""

from __future__ import annotations

import bisect
import enum
import functools
import itertools
import operator
import random
import typing
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import attrs

from pinochle import arguments
from pinochle.actions import (
    PLAYS,
    Action,
    Bid,
    Bury,
    CallMisdeal,
    Concede,
    Declare,
    Draw,
    ExchangeDix,
    KeepDix,
    KeepHand,
    NameTrump,
    Pass,
    PassCards,
    Play,
    PlayOn,
    TakeTurnUp,
    ThrowIn,
)
from pinochle.auction import bid_amounts, bid_problem
from pinochle.cards import CARDS, Card, Rank, Suit, check_in_deck, make_deck
from pinochle.choices import BidChoices, CardChoices
from pinochle.errors import ArgumentError, DeckError, IllegalActionError, PinochleError
from pinochle.meld import (
    Meld,
    MeldItem,
    MeldType,
    _held_meld,
    highest_meld,
    meld_values,
    score_meld,
)
from pinochle.meld import _tables as _meld_tables
from pinochle.scoring import (
    HandResult,
    game_end,
    is_out_of_reach,
    settle_hand,
    wins_on_meld,
)
from pinochle.scoring._settle import settle_checked
from pinochle.state import CompletedTrick, Game, Hand, History, Observation, Phase, State
from pinochle.stock import Shown, _candidates, _offered, cards_to_table
from pinochle.tricks import _legal_follow, card_points, deck_points, play_rule
from pinochle.variant import (
    AllPass,
    DixExchange,
    FirstLead,
    LastDraw,
    Misdeal,
    PassingOrder,
    ThrowInAt,
    TrumpRule,
    Variant,
    WhoMelds,
    WithoutMarriage,
)

__all__ = ["apply", "bid_limit", "legal_actions", "new_game", "observe", "settle_play"]

T = TypeVar("T")


# --- Dealing ---------------------------------------------------------------------------


def _deal(
    variant: Variant, seed: int, number: int, dealer: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """Shuffle deal ``number`` from the seed; deal it in packets from the dealer's left.

    Returns the hands, the kitty (dealt after the first round, as BC-A3 and Parlett deal
    the widow) and the undealt rest in shuffled order (the two-hand stock).
    """
    deck = _deck(variant.deal.deck)  # in Card.index order, twins side by side
    # A uniform shuffle: order the cards by independent random keys (one C call each,
    # several times faster than random.shuffle's rejection sampling). The shuffled deck is
    # ``deck[i] for i in shuffled``. (The loops here are `map`s: they run in C.)
    draw = random.Random(f"pinochle:{seed}:{number}").random
    keys = list(itertools.starmap(draw, itertools.repeat((), len(deck))))
    shuffled = sorted(range(len(deck)), key=keys.__getitem__)
    # Each pile (the last: the kitty) in Card.index order: its deck positions, sorted.
    piles = [
        tuple(map(deck.__getitem__, sorted(take(shuffled))))
        for take in _pile_takers(variant, dealer)
    ]
    # The undealt rest is the two-hand stock, in order; without a stock or kitty the last
    # card dealt (to the dealer) is the one turned for trump where the profile turns one.
    dealt = len(_deal_order(variant, dealer))
    rest = tuple(map(deck.__getitem__, shuffled[dealt:])) or (deck[shuffled[dealt - 1]],)
    players = variant.deal.players
    return tuple(piles[:players]), piles[players], rest


def _deal_cards(
    variant: Variant, shuffled: Sequence[Card], dealer: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """Deal a deck in the order given, as `_deal` deals its shuffle (see `_redeal`)."""
    piles = [_sorted([shuffled[p] for p in pile]) for pile in _pile_positions(variant, dealer)]
    dealt = len(_deal_order(variant, dealer))
    rest = tuple(shuffled[dealt:]) or (shuffled[dealt - 1],)
    players = variant.deal.players
    return tuple(piles[:players]), piles[players], rest


_deck = functools.cache(make_deck)


@functools.lru_cache(maxsize=256)
def _deal_order(variant: Variant, dealer: int) -> tuple[int, ...]:
    """Who receives each card of the shuffled deck.

    Packets go round from the dealer's left; the kitty (pile ``players``) comes after the
    first round.
    """
    players, size, packet = variant.deal.players, variant.deal.hand, variant.deal.packet
    held = [0] * players
    order: list[int] = []
    while held[dealer] < size:
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            take = min(packet, size - held[seat])
            order.extend([seat] * take)
            held[seat] += take
        if len(order) == players * min(packet, size):
            order.extend([players] * variant.deal.kitty)
    return tuple(order)


@functools.lru_cache(maxsize=256)
def _pile_positions(variant: Variant, dealer: int) -> tuple[tuple[int, ...], ...]:
    """For each pile (the seats, then the kitty), where its cards lie in the shuffled deck."""
    order = _deal_order(variant, dealer)
    return tuple(
        tuple(k for k, to in enumerate(order) if to == pile)
        for pile in range(variant.deal.players + 1)
    )


@functools.lru_cache(maxsize=256)
def _pile_takers(
    variant: Variant, dealer: int
) -> tuple[Callable[[Sequence[int]], Sequence[int]], ...]:
    """For each pile, a function that picks its positions out of a shuffled deck.

    An `operator.itemgetter` takes a pile's dozen positions in one C call, where a `map`
    over them makes a dozen (a deal is made once a hand).
    """
    return tuple(_taker(pile) for pile in _pile_positions(variant, dealer))


def _taker(positions: tuple[int, ...]) -> Callable[[Sequence[int]], Sequence[int]]:
    if len(positions) < 2:  # an itemgetter of one position returns the item, not a tuple
        return lambda items: [items[p] for p in positions]
    return operator.itemgetter(*positions)


_BY_INDEX = operator.attrgetter("index")


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The shared `CARDS` objects, in index order: the inner loops compare cards by identity."""
    return tuple(map(CARDS.__getitem__, sorted(map(_BY_INDEX, cards))))


def _check_hands(variant: Variant, hands: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    """Given hands must be a complete, possible deal under the profile."""
    players, size = variant.deal.players, variant.deal.hand
    if len(hands) != players:
        raise DeckError(f"expected {players} hands, found {len(hands)}")
    for seat, cards in enumerate(hands):
        if len(cards) != size:
            held = f"{len(cards)} card" + ("" if len(cards) == 1 else "s")
            raise DeckError(f"seat {seat} holds {held}; each hand has {size}")
    everything = [card for cards in hands for card in cards]
    check_in_deck(everything, variant.deal.deck)
    if variant.deal.kitty == 0 and not variant.deal.stock:
        missing = Counter(make_deck(variant.deal.deck)) - Counter(everything)
        if missing:
            raise DeckError(f"the hands do not make a whole deck: missing {sorted(missing)}")
    return tuple(_sorted(cards) for cards in hands)


def _rest_of_deck(
    variant: Variant, hands: Sequence[Sequence[Card]], seed: int
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The kitty and the shuffled stock that go with given hands (the cards they lack)."""
    rest = list(
        (Counter(_deck(variant.deal.deck)) - Counter(c for h in hands for c in h)).elements()
    )
    if variant.deal.kitty:
        return _sorted(rest), ()
    random.Random(f"pinochle:{seed}:0:stock").shuffle(rest)
    return (), tuple(CARDS[c.index] for c in rest)


def new_game(
    variant: Variant,
    seed: int | None = None,
    dealer: int = 0,
    *,
    hands: Sequence[Sequence[Card] | str] | None = None,
    scores: Sequence[int] | None = None,
) -> State:
    """Start a game: deal the first hand and wait for the first decision.

    Args:
        variant: The rules.
        seed: Makes every deal of the game reproducible; without one the operating system's
            entropy picks a seed (kept in ``state.game.seed`` so the game can be replayed).
        dealer: The first dealer's seat.
        hands: Start from these hands instead of a shuffled first deal (later deals still
            come from the seed); each hand is cards or card text.
        scores: Start from these scores (default all zero).

    Raises:
        DeckError: ``hands`` is not a possible deal under the profile.
        ArgumentError: ``variant`` is not a `Variant`; ``seed`` is not a whole number from 0
            to 2**64 - 1; ``dealer`` is not a seat; ``scores`` are not one whole number per
            side (within ±10**9); ``hands`` are not cards.
        CardParseError: A hand given as text holds something that is not a card.
    """
    variant = arguments.variant(variant)
    dealer = arguments.seat("dealer", dealer, variant.deal.seated)
    if seed is None:
        import secrets  # only for an unseeded game: it pulls in hashlib and hmac

        seed = secrets.randbits(63)
    seed = arguments.number("seed", seed, 0, arguments.SEED_LIMIT - 1)
    sides = variant.sides
    start = arguments.numbers("scores", scores, sides) if scores is not None else (0,) * sides
    given = None
    if hands is not None:
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise ArgumentError("hands", "one sequence of cards (or card text) per seat", hands)
        given = _check_hands(
            variant, [arguments.cards(f"hands[{i}]", h) for i, h in enumerate(hands)]
        )
    game = Game(variant, seed, dealer, given, start, start, variant.game.target)
    return _start_hand(game, 0, dealer, None)


def _seating(variant: Variant, dealer: int) -> tuple[tuple[int, ...], int]:
    """Who plays this hand, by seat, and the dealing seat, for a dealer (a person).

    With four at a three-hand table the dealer sits out; with five, the dealer and the player
    second to the dealer's left (BC-A3, rules/three-hand). Seat 0 is then the dealer's left and
    the last active seat deals, so the auction and the lead start where the rules say.
    """
    seated, players = variant.deal.seated, variant.deal.players
    if seated == players:
        return tuple(range(players)), dealer
    skip = {dealer} if seated == 4 else {dealer, (dealer + 2) % seated}
    persons = tuple(
        p for p in ((dealer + k) % seated for k in range(1, seated + 1)) if p not in skip
    )
    return persons, players - 1


def _start_hand(
    game: Game,
    number: int,
    dealer_person: int,
    history: History,
    deck: Sequence[Card] | None = None,
) -> State:
    variant = game.variant
    persons, dealer = _seating(variant, dealer_person)
    if deck is not None:
        dealt, kitty, rest = _deal_cards(variant, [CARDS[c.index] for c in deck], dealer)
    elif number == 0 and game.start_hands is not None:
        dealt = game.start_hands
        kitty, rest = _rest_of_deck(variant, dealt, game.seed)
    else:
        dealt, kitty, rest = _deal(variant, game.seed, number, dealer)
    players = variant.deal.players
    hand = Hand(
        number,
        dealer,
        dealt,
        persons=persons,
        dealer_person=dealer_person,
        passed=(False,) * players,
        melds=(None,) * players,
        kitty=kitty,
    )
    phase = Phase.AUCTION
    if variant.deal.stock:
        hand = _open_stock(variant, hand, rest)
    elif not variant.has_auction:
        # rules/trump#turn-up, without a stock (Parlett's three-hand, Bicycle's partnership):
        # the dealer's last card is turned for trump; it stays in the dealer's hand.
        turned = rest[0] if rest and game.start_hands is None else dealt[dealer][-1]
        hand = _replace(hand, trump=turned.suit, turned_up=turned)
    sides = variant.sides
    state = State(
        phase,
        (dealer + 1) % players,
        dealt,
        (),
        (),
        (0,) * sides,
        (0,) * sides,
        (False,) * sides,
        hand,
        game,
        history,
    )
    if variant.deal.misdeal is not Misdeal.NONE:
        return _with(state, phase=Phase.MISDEAL)  # the dealer's left answers first
    return _open_hand(state)


def _redeal(state: State, deck: Sequence[Card]) -> State:
    """``state``'s hand dealt from ``deck`` (the whole deck, in the order dealt), not the seed.

    The deck is dealt as the engine deals its shuffle: packets from the dealer's left, the
    kitty after the first round, the rest to the two-hand stock (its first card turned up),
    and without a stock the last card dealt is the one turned for trump where the profile
    turns one. For explicit-chance adapters (`pinochle.openspiel`): the caller makes sure
    that ``state`` is a hand that has just been dealt (no action of it applied) and that
    ``deck`` holds exactly the profile's cards.
    """
    hand = state.hand
    return _start_hand(state.game, hand.number, hand.dealer_person, state.history, deck)


def _open_hand(state: State) -> State:
    """The dealt hand begins: the auction, the two-hand tricks, or meld for a turned trump."""
    variant = state.variant
    first = (state.hand.dealer + 1) % variant.deal.players
    phase = Phase.TRICKS if variant.deal.stock else Phase.AUCTION
    if state.phase is not phase or state.to_act != first:  # else the dealt state will do
        state = _with(state, phase=phase, to_act=first)
    if not variant.has_auction and not variant.deal.stock:
        return _offer_turned_dix(state)  # no auction: melds for the turned trump, then play
    return state


# --- Misdeals (rules/deck-and-deal#misdeals) -------------------------------------------


def _misdeal_counts(cards: Sequence[Card]) -> tuple[int, int, int]:
    """Nines, aces and non-counters (Q, J, 9) in a hand."""
    nines = sum(1 for c in cards if c.rank is Rank.NINE)
    aces = sum(1 for c in cards if c.rank is Rank.ACE)
    low = sum(1 for c in cards if c.rank in (Rank.QUEEN, Rank.JACK, Rank.NINE))
    return nines, aces, low


_MISDEALS: dict[Misdeal, Callable[[int, int, int], bool]] = {
    Misdeal.NONE: lambda nines, aces, low: False,
    Misdeal.FIVE_NINES: lambda nines, aces, low: nines >= 5,
    Misdeal.FIVE_NINES_NO_ACE: lambda nines, aces, low: (
        (nines >= 5 and aces == 0) or (nines >= 6 and aces <= 1)
    ),
    Misdeal.SIX_NINES_ONE_ACE: lambda nines, aces, low: nines >= 6 and aces <= 1,
    Misdeal.TECHNICAL: lambda nines, aces, low: low >= 13 and aces == 0,
}
"""``deal.misdeal``: whether a dealt hand (its nines, aces, non-counters) may be thrown in.

WP (rules/deck-and-deal#misdeals): "a player being dealt five nines constitutes a
misdeal"; a variation: five nines and no aces, or six nines and up to one ace; the
double deck's technical misdeal: 13 or more non-counters and no aces.
"""


def _may_call_misdeal(state: State) -> bool:
    variant = state.variant
    return _MISDEALS[variant.deal.misdeal](*_misdeal_counts(state.hands[_seat(state)]))


_KEEP = KeepHand()
_MISDEAL_CALL = CallMisdeal()


def _misdeal_actions(state: State) -> Sequence[Action]:
    """Every seat answers (so that being asked tells nobody anything): keep, or misdeal."""
    return (_KEEP, _MISDEAL_CALL) if _may_call_misdeal(state) else (_KEEP,)


def _apply_misdeal(state: State, action: Action) -> State:
    """A misdeal: the same dealer deals the next deal; all keep: the hand begins."""
    seat, hand = _seat(state), state.hand
    if isinstance(action, CallMisdeal):
        if not _may_call_misdeal(state):
            rule = state.variant.deal.misdeal.value
            raise IllegalActionError(str(action), f"your hand is no misdeal under {rule!r}")
        return _start_hand(state.game, hand.number + 1, hand.dealer_person, _push(state, action))
    if not isinstance(action, KeepHand):
        raise _wrong_phase(state, action)
    if seat == hand.dealer:  # the dealer answers last
        return _open_hand(_push_state(state, action))
    players = state.variant.deal.players
    return _with(state, action, to_act=(seat + 1) % players)


# --- The turned trump's dix exchange (rules/three-hand#everyone-melds, PAR) ------------


def _turned_dix_taker(state: State) -> int | None:
    """Who may exchange a dix for the turned card before meld (``trump.dix_exchange``).

    ``"first-holder"`` (PAR three-hand): the first player from the dealer's left holding a
    dix; the dealer holds the turned card already, and a turned dix leaves nothing to gain.
    """
    if state.variant.trump.dix_exchange is DixExchange.NONE:
        return None
    hand = state.hand
    turned = hand.turned_up
    if turned is None or turned.rank is Rank.NINE:
        return None
    dix = CARDS[turned.suit * 6 + Rank.NINE]
    players = state.variant.deal.players
    for offset in range(1, players):
        seat = (hand.dealer + offset) % players
        if dix in state.hands[seat]:
            return seat
    return None


def _offer_turned_dix(state: State) -> State:
    """Ask the dix holder (if the profile lets one exchange), else lay down the meld."""
    seat = _turned_dix_taker(state)
    if seat is None:
        return _meld(state)
    return _with(state, phase=Phase.DIX_EXCHANGE, to_act=seat)


_TURNED_DIX_ACTIONS: tuple[Action, ...] = (ExchangeDix(), KeepDix())


def _apply_turned_dix(state: State, action: Action) -> State:
    """PAR: the dix goes to the dealer, the turned card to the exchanger; then meld."""
    if isinstance(action, KeepDix):
        return _meld(_push_state(state, action))
    if not isinstance(action, ExchangeDix):
        raise _wrong_phase(state, action)
    seat, hand = _seat(state), state.hand
    turned = hand.turned_up
    assert turned is not None
    dix = CARDS[turned.suit * 6 + Rank.NINE]
    hands = list(state.hands)
    hands[seat] = _sorted((*_remove(hands[seat], (dix,)), turned))
    hands[hand.dealer] = _sorted((*_remove(hands[hand.dealer], (turned,)), dix))
    hand = _replace(hand, dix_exchanger=seat)
    return _meld(_with(state, action, hands=tuple(hands), hand=hand))


def _with_turned_dix(state: State, melds: tuple[Meld | None, ...]) -> tuple[Meld | None, ...]:
    """The exchanger scores the dix it gave away; the dealer does not score it again.

    PAR: the exchange "scores 10, so long as that player subsequently wins at least one
    trick" (a meld item without cards, saved like the rest of the meld); the dealer's dix
    came from the exchange and has been scored (docs/three-hand.md#parletts-dix-exchange).
    """
    hand = state.hand
    seat = hand.dix_exchanger
    if seat is None or hand.trump is None:
        return melds
    variant = state.variant
    dix = CARDS[hand.trump * 6 + Rank.NINE]
    value = _dix_value(variant)
    item = MeldItem("dix exchange", MeldType.RUNS_AND_MARRIAGES, (), value)
    result = list(melds)
    own = result[seat]
    if own is not None:
        result[seat] = Meld(own.total + value, (*own.items, item), own.trump)
    dealer_cards = _remove(state.hands[hand.dealer], (dix,))
    result[hand.dealer] = score_meld(dealer_cards, hand.trump, variant)
    return tuple(result)


# --- The two-hand stock (rules/two-hand) ----------------------------------------------


def _open_stock(variant: Variant, hand: Hand, rest: tuple[Card, ...]) -> Hand:
    """Turn up the card after the deal for trump; the rest is the face-down stock."""
    turned, stock = rest[0], rest[1:]
    players = variant.deal.players
    points = [0] * players
    if variant.stock.dealer_dix and turned.rank is Rank.NINE:
        points[hand.dealer] += _dix_value(variant)  # rules/two-hand#setup: a turned dix scores
    return _replace(
        hand,
        trump=turned.suit,
        turned_up=turned,
        turn_up=turned,
        stock=stock,
        table=((),) * players,
        shown=((),) * players,
        meld_points=tuple(points),
    )


def _dix_value(variant: Variant) -> int:
    return meld_values(variant).get("dix", (0,))[0]


def _hidden_dix(state: State, seat: int) -> Card | None:
    """A dix the seat holds and has not laid on the table, if any."""
    hand = state.hand
    dix = CARDS[hand.trump * 6 + Rank.NINE] if hand.trump is not None else None
    if dix is None or state.hands[seat].count(dix) <= hand.table[seat].count(dix):
        return None
    return dix


def _meld_choices(state: State) -> tuple[int, ...]:
    """The melds the trick winner may declare now, as positions in `_declarations`."""
    seat, hand = _seat(state), state.hand
    assert hand.trump is not None
    return _offered(
        state.hands[seat], hand.table[seat], hand.shown[seat], hand.trump, state.variant
    )


@functools.lru_cache(maxsize=64)
def _declarations(trump: Suit, variant: Variant) -> tuple[tuple[Shown, Declare], ...]:
    """Every meld of the stock phase with its action, built once per trump and profile."""
    return tuple((meld, Declare(meld.kind, meld.cards)) for meld, _ in _candidates(trump, variant))


def _meld_turn_actions(state: State) -> Sequence[Action]:
    hand = state.hand
    assert hand.trump is not None
    declarations = _declarations(hand.trump, state.variant)
    must_exchange = _first_dix_must_be_exchanged(state)
    melded = hand.turn_melded
    actions: list[Action] = []
    for at in _meld_choices(state):
        meld, declare = declarations[at]
        if (meld.kind == "dix" and not must_exchange) or (meld.kind != "dix" and not melded):
            actions.append(declare)
    turn_up = hand.turn_up
    if (
        state.variant.stock.dix_exchange
        and turn_up is not None
        and (turn_up.rank is not Rank.NINE or must_exchange)
        and _hidden_dix(state, _seat(state)) is not None
    ):
        actions.append(_EXCHANGE)
    if _winner_chooses_last_draw(state):
        actions.append(_TAKE_TURN_UP)
    actions.append(_DRAW)  # always last
    return tuple(actions)


def _first_dix_must_be_exchanged(state: State) -> bool:
    """Whether a dix may be melded now only by exchanging it (``stock.first_dix_exchanged``).

    Familyeducation (rules/two-hand#dix): until a dix has been melded this hand, a dix is melded
    only by exchanging it for the turn-up, even when the turn-up is the other dix.
    """
    if not state.variant.stock.first_dix_exchanged:
        return False
    return not any(m.kind == "dix" for shown in state.hand.shown for m in shown)


def _winner_chooses_last_draw(state: State) -> bool:
    """Whether the winner may take the turn-up instead of the last face-down card.

    ``stock.last_draw = "winner-chooses"`` (dorogaved, rules/two-hand#choice-last-stock-cards).
    """
    return state.variant.stock.last_draw is LastDraw.WINNER_CHOOSES and len(state.hand.stock) == 1


_EXCHANGE = ExchangeDix()
_TAKE_TURN_UP = TakeTurnUp()
_DRAW = Draw()


def _apply_meld_turn(state: State, action: Action) -> State:
    if action not in legal_actions(state):
        if isinstance(action, TakeTurnUp):
            raise IllegalActionError(str(action), "only the last draw may take the turn-up")
        if isinstance(action, Declare | ExchangeDix | Draw):
            raise IllegalActionError(str(action), "not a meld you may declare now")
        raise _wrong_phase(state, action)
    seat, hand = _seat(state), state.hand
    if isinstance(action, Draw):
        return _draw(_push_state(state, action))
    if isinstance(action, TakeTurnUp):
        return _draw(_push_state(state, action), take_turn_up=True)
    if isinstance(action, ExchangeDix):
        dix, turn_up = _hidden_dix(state, seat), hand.turn_up
        assert dix is not None
        assert turn_up is not None
        hands = list(state.hands)
        hands[seat] = _sorted((*_remove(hands[seat], (dix,)), turn_up))
        shown = Shown("dix", "A", (dix,), _dix_value(state.variant))
        hand = _replace(
            hand,
            turn_up=dix,
            shown=_put(hand.shown, seat, (*hand.shown[seat], shown)),
            meld_points=_add(hand.meld_points, seat, shown.points),
        )
        return _with(state, action, hands=tuple(hands), hand=hand)
    assert isinstance(action, Declare)
    assert hand.trump is not None
    # The action is legal (checked above), so it is one of the profile's declarations.
    meld = next(m for m, declare in _declarations(hand.trump, state.variant) if declare == action)
    laid = cards_to_table(meld, state.hands[seat], hand.table[seat], hand.shown[seat])
    hand = _replace(
        hand,
        table=_put(hand.table, seat, _sorted((*hand.table[seat], *laid))),
        shown=_put(hand.shown, seat, (*hand.shown[seat], meld)),
        meld_points=_add(hand.meld_points, seat, meld.points),
        turn_melded=hand.turn_melded or meld.kind != "dix",
    )
    return _with(state, action, hand=hand)


def _draw(state: State, take_turn_up: bool = False) -> State:
    """Both draw, the trick winner first.

    The last face-down card goes to the winner and the turned-up card to the loser, or the
    other way round when the winner takes the turn-up (``stock.last_draw``); once the stock
    is gone, the melds go back to the hands (rules/two-hand#last-cards, rules/two-hand#final-phase).
    """
    hand = state.hand
    winner = _seat(state)
    loser = (winner + 1) % state.variant.deal.players
    hands = list(state.hands)
    stock, turn_up = hand.stock, hand.turn_up
    if len(stock) >= 2:
        first, second, stock = stock[0], stock[1], stock[2:]
    else:  # rules/two-hand#last-cards: face-down card to the winner, turned card to the loser
        assert turn_up is not None
        taker = winner if take_turn_up else loser
        hand = _replace(hand, last_turn_up=(taker, turn_up))
        first, second = (turn_up, stock[0]) if take_turn_up else (stock[0], turn_up)
        stock, turn_up = (), None
    hands[winner] = _sorted((*hands[winner], first))
    hands[loser] = _sorted((*hands[loser], second))
    table = hand.table if turn_up is not None else ((),) * len(hands)
    hand = _replace(hand, stock=stock, turn_up=turn_up, table=table, turn_melded=False)
    return _with(state, phase=Phase.TRICKS, hands=tuple(hands), hand=hand)


def _put(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    changed = list(values)  # in place, then one tuple: cheaper than star-unpacked slices
    changed[index] = value
    return tuple(changed)


# --- The auction (rules/auction) -------------------------------------------------------


def bid_limit(variant: Variant) -> int:
    """The highest bid the engine accepts.

    That is ``bidding.maximum``; a profile without one (S1 and PG-P state no ceiling,
    rules/auction#maximum) is capped only where no bid can be made: at the highest meld the bidding
    side can hold plus every trick point of the hand (``deck_points``, buried cards and last
    trick included), as rules/auction#maximum allows. The side's meld is bounded by the bidder's
    best possible hand (dealt cards plus the kitty it takes: `pinochle.meld.highest_meld`,
    an exact maximum) plus, where partners meld, the partner's best possible hand: a proven
    upper bound (each hand's meld is at most its own maximum). The cap is never below
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
        meld += highest_meld(variant, deal.hand)
    return max(variant.bidding.minimum, meld + deck_points(variant))


def _active(hand: Hand) -> list[int]:
    return [seat for seat, out in enumerate(hand.passed) if not out]


def _next_active(hand: Hand, seat: int) -> int:
    players = len(hand.passed)
    for offset in range(1, players + 1):
        candidate = (seat + offset) % players
        if not hand.passed[candidate]:
            return candidate
    raise AssertionError("no active player in the auction")  # pragma: no cover


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
        hand = _replace(hand, auction=(*hand.auction, (seat, action)), passed=passed)
    elif isinstance(action, Bid):
        current = hand.bid if hand.bidder is not None else None
        problem = bid_problem(variant, action.amount, current)
        if problem is not None and action.amount in _dealer_low_bids(state):
            problem = None
        if problem is None and action.amount > bid_limit(variant):
            problem = f"bid must be at most {bid_limit(variant)}"
        if problem is not None:
            raise IllegalActionError(str(action), problem)
        hand = _replace(
            hand, auction=(*hand.auction, (seat, action)), bidder=seat, bid=action.amount
        )
        maximum = variant.bidding.maximum
        if variant.bidding.maximum_ends_auction and action.amount == maximum:
            return _auction_won(state, hand, action)
    else:
        raise _wrong_phase(state, action)
    active = _active(hand)
    if hand.bidder is not None and active == [hand.bidder]:
        return _auction_won(state, hand, action)
    if hand.bidder is None and not active:  # all passed ("redeal"): the next dealer deals
        return _start_hand(state.game, hand.number + 1, _next_dealer(state), _push(state, action))
    # All others passed: the dealer is stuck at the minimum; otherwise the last player must
    # bid ("last-must-bid") or may still bid or pass ("redeal").
    stuck = variant.bidding.all_pass is AllPass.DEALER_FORCED
    if hand.bidder is None and len(active) == 1 and stuck:
        low = variant.bidding.dealer_minimum
        stuck_at = low if low is not None else variant.bidding.minimum
        forced = _replace(hand, bidder=active[0], bid=stuck_at)
        return _auction_won(state, forced, action)
    return _with(state, action, to_act=_next_active(hand, seat), hand=hand)


def _auction_won(state: State, hand: Hand, action: Action) -> State:
    """The auction is over: the high bidder names trump (or surrenders without a marriage)."""
    bidder = hand.bidder
    assert bidder is not None
    if hand.kitty:  # the bidder takes the kitty (shown to all where the profile says)
        hands = list(state.hands)
        hands[bidder] = _sorted((*hands[bidder], *hand.kitty))
        state = _with(state, hands=tuple(hands))
    if not _trump_choices(state.variant, state.hands[bidder]):
        # rules/trump#no-marriage: the bidder cannot name trump; the hand is surrendered.
        hand = _replace(hand, melds=_melds(state, None))
        return _settle(_with(state, action, hand=hand), surrendered="no marriage")
    return _with(state, action, phase=Phase.TRUMP, to_act=bidder, hand=hand)


# --- Trump and passing (rules/trump, rules/passing-and-kitty) --------------------------


_SUITS = tuple(Suit)
_MARRIAGES = tuple((suit, suit * 6 + Rank.KING, suit * 6 + Rank.QUEEN) for suit in Suit)
"""Each suit with the indexes of its K and Q (iterating an enum runs Python code)."""


def _trump_choices(variant: Variant, cards: Sequence[Card]) -> tuple[Suit, ...]:
    if variant.trump.rule is TrumpRule.MARRIAGE:
        held = {card.index for card in cards}
        married = tuple(suit for suit, king, queen in _MARRIAGES if king in held and queen in held)
        if married or variant.trump.without_marriage is WithoutMarriage.SURRENDER:
            return married
    return _SUITS


_NAME_TRUMP = {suit: NameTrump(suit) for suit in Suit}
"""One shared `NameTrump` a suit: actions are values, and building one runs its converter."""


def _trump_actions(state: State) -> Sequence[Action]:
    suits = _trump_choices(state.variant, state.hands[_seat(state)])
    return tuple(map(_NAME_TRUMP.__getitem__, suits))


def _apply_trump(state: State, action: Action) -> State:
    if not isinstance(action, NameTrump):
        raise _wrong_phase(state, action)
    if action.suit not in _trump_choices(state.variant, state.hands[_seat(state)]):
        raise IllegalActionError(str(action), f"you hold no marriage in {action.suit.name.lower()}")
    hand = _replace(state.hand, trump=action.suit)
    state = _with(state, action, hand=hand)
    if _throw_in_after_trump(state.variant):
        return _with(state, phase=Phase.THROW_IN)  # the bidder is still to act
    return _after_trump(state)


def _after_trump(state: State) -> State:
    """Trump is named: the partner passes cards, or everyone melds."""
    if state.variant.passing.cards:
        partner = (_seat(state) + 2) % 4
        return _with(state, phase=Phase.PASS, to_act=partner)
    return _meld(state)


def _pass_cards_of(action: object) -> tuple[Card, ...] | None:
    return action.cards if isinstance(action, PassCards) else None


_COPIES = {2: "two", 3: "three", 4: "four", 5: "five"}


def _missing(asked: Sequence[Card], held: Sequence[Card]) -> str:
    """The cards asked for but not held: ``A♠``, or ``two A♠`` when only one is held."""
    wanted, have = Counter(asked), Counter(held)
    parts = []
    for card, count in (wanted - have).items():
        parts.append(
            str(card)
            if have[card] == 0 and count == 1
            else f"{_COPIES.get(wanted[card], wanted[card])} {card}"
        )
    return ", ".join(parts)


def _passing_actions(state: State) -> Sequence[Action]:
    cards = state.hands[_seat(state)]
    return CardChoices(cards, state.variant.passing.cards, PassCards, _pass_cards_of)


def _apply_passing(state: State, action: Action) -> State:
    if not isinstance(action, PassCards):
        raise _wrong_phase(state, action)
    seat = _seat(state)
    n = state.variant.passing.cards
    if action not in legal_actions(state):
        held = state.hands[seat]
        if len(action.cards) != n:
            raise IllegalActionError(str(action), f"pass exactly {n} cards")
        raise IllegalActionError(str(action), f"you do not hold {_missing(action.cards, held)}")
    if state.variant.passing.order is PassingOrder.SIMULTANEOUS:
        return _pass_simultaneously(state, action)
    receiver = (seat + 2) % 4
    hands = list(state.hands)
    passed = _sorted(action.cards)
    hands[seat] = _remove(hands[seat], passed)
    hands[receiver] = _sorted((*hands[receiver], *passed))
    if state.phase is Phase.PASS:
        hand = _replace(state.hand, passed_cards=passed)
        return _with(
            state, action, phase=Phase.RETURN, to_act=receiver, hands=tuple(hands), hand=hand
        )
    hand = _replace(state.hand, returned_cards=passed)
    return _meld(_with(state, action, hands=tuple(hands), hand=hand))


def _pass_simultaneously(state: State, action: PassCards) -> State:
    """Both pass at once: each chooses from its own dealt hand (rules/passing-and-kitty#passing).

    The partner's choice is set aside (``passed_cards``, still in the partner's hand and
    hidden from the bidder); the bidder then chooses from its own hand, and both packets
    change hands together.
    """
    cards = _sorted(action.cards)
    if state.phase is Phase.PASS:
        hand = _replace(state.hand, passed_cards=cards)
        bidder = (_seat(state) + 2) % 4
        return _with(state, action, phase=Phase.RETURN, to_act=bidder, hand=hand)
    bidder = _seat(state)
    partner = (bidder + 2) % 4
    passed = state.hand.passed_cards
    hands = list(state.hands)
    hands[bidder] = _sorted((*_remove(hands[bidder], cards), *passed))
    hands[partner] = _sorted((*_remove(hands[partner], passed), *cards))
    hand = _replace(state.hand, returned_cards=cards)
    return _meld(_with(state, action, hands=tuple(hands), hand=hand))


def _passing_shown_to_bidder(state: State) -> bool:
    """Whether the bidder sees the partner's passed cards yet (simultaneous: once both chose)."""
    return not (
        state.phase is Phase.RETURN and state.variant.passing.order is PassingOrder.SIMULTANEOUS
    )


def _remove(cards: tuple[Card, ...], gone: Sequence[Card]) -> tuple[Card, ...]:
    """The cards without one copy of each card gone (matched by index: no `Card.__eq__`)."""
    rest = list(cards)
    for card in gone:
        index = card.index
        for at, held in enumerate(rest):
            if held.index == index:
                del rest[at]
                break
        else:
            raise ValueError(f"{card} is not among the cards")
    return tuple(rest)


# --- The kitty (rules/passing-and-kitty#kitty) -----------------------------------------


def _bury_candidates(state: State) -> tuple[Card, ...]:
    """The cards the bidder may bury: outside the meld, unless too few are (``bury_meld``)."""
    hand, cards = state.hand, state.hands[_seat(state)]
    meld = hand.melds[_seat(state)]
    if state.variant.kitty.bury_meld or meld is None:
        return cards
    # Physical copies: a jack in both the run and jacks around is one melded card, so its
    # twin stays free (rules/meld#combining; WP three-hand "sets aside 3 non-meld cards").
    spare = tuple((Counter(cards) - Counter(meld.cards)).elements())
    return _sorted(spare) if len(spare) >= len(hand.kitty) else cards


def _bury_cards_of(action: object) -> tuple[Card, ...] | None:
    return action.cards if isinstance(action, Bury) else None


def _bury_actions(state: State) -> Sequence[Action]:
    return CardChoices(_bury_candidates(state), len(state.hand.kitty), Bury, _bury_cards_of)


def _apply_bury(state: State, action: Action) -> State:
    if not isinstance(action, Bury):
        raise _wrong_phase(state, action)
    if action not in legal_actions(state):
        n = len(state.hand.kitty)
        if len(action.cards) != n:
            raise IllegalActionError(str(action), f"bury exactly {n} cards")
        missing = Counter(action.cards) - Counter(_bury_candidates(state))
        raise IllegalActionError(
            str(action), f"you may not bury {', '.join(map(str, missing))} (held and not melded)"
        )
    seat = _seat(state)
    buried = _sorted(action.cards)
    hands = list(state.hands)
    hands[seat] = _remove(hands[seat], buried)
    hand = _replace(state.hand, buried=buried)
    return _after_meld(_with(state, action, hands=tuple(hands), hand=hand))


# --- Meld (rules/meld, rules/settlement#out-of-reach) ----------------------------------


def _melds(state: State, trump: Suit | None) -> tuple[Meld | None, ...]:
    """Every seat's meld, or only the bidder's where only the bidder melds (three-hand)."""
    variant = state.variant
    only = state.hand.bidder if variant.meld.who is WhoMelds.BIDDER else None
    tables = _meld_tables(variant)  # the engine's hands need no reading or checks
    melds = tuple(
        _held_meld(cards, trump, tables) if only is None or seat == only else None
        for seat, cards in enumerate(state.hands)
    )
    return _with_turned_dix(state, melds) if state.hand.dix_exchanger is not None else melds


def _side_melds(state: State) -> tuple[int, ...]:
    if state.hand.meld_points:  # two-hand: meld scored as it was declared
        return state.hand.meld_points
    totals = [0] * state.variant.sides
    for seat, meld in enumerate(state.hand.melds):
        if meld is not None:
            totals[state.side_of(seat)] += meld.total
    return tuple(totals)


def _meld(state: State) -> State:
    """Everyone lays down meld; then the hand may end (out of reach) or wait for a throw-in."""
    hand = _replace(state.hand, melds=_melds(state, state.hand.trump))
    state = _with(state, hand=hand)
    bidder = hand.bidder
    if bidder is None:  # no auction (turned trump): straight to the tricks
        return _start_tricks(state)
    if wins_on_meld(state.variant, _side_melds(state)[state.side_of(bidder)], hand.bid):
        return _settle(state)  # rules/three-hand#auction-pinochle: the meld makes the bid
    if hand.kitty and not hand.buried:
        return _with(state, phase=Phase.BURY, to_act=bidder)
    return _after_meld(state)


def _after_meld(state: State) -> State:
    """The hand may end here (out of reach), wait for a throw-in, or go to the tricks."""
    hand = state.hand
    bidder = hand.bidder
    assert bidder is not None
    if is_out_of_reach(state.variant, _side_melds(state)[state.side_of(bidder)], hand.bid):
        return _settle(state)
    throw_in = state.variant.settlement.throw_in
    if throw_in and not _throw_in_after_trump(state.variant):
        return _with(state, phase=Phase.THROW_IN, to_act=bidder)
    return _offer_concession(state)


def _start_tricks(state: State) -> State:
    variant, hand = state.variant, state.hand
    if variant.play.first_lead is FirstLead.BIDDER and hand.bidder is not None:
        leader = hand.bidder
    else:
        leader = (hand.dealer + 1) % variant.deal.players
    return _with(state, phase=Phase.TRICKS, to_act=leader)


_THROW_IN_ACTIONS: tuple[Action, ...] = (ThrowIn(), PlayOn())


def _apply_throw_in(state: State, action: Action) -> State:
    before_meld = not any(state.hand.melds)
    if isinstance(action, ThrowIn):
        if before_meld:
            return _concede_after_trump(_push_state(state, action))
        return _settle(_push_state(state, action), surrendered="thrown in")
    if isinstance(action, PlayOn):
        if before_meld:
            return _after_trump(_push_state(state, action))
        return _offer_concession(_push_state(state, action))
    raise _wrong_phase(state, action)


def _throw_in_after_trump(variant: Variant) -> bool:
    """``settlement.throw_in_at = "after-trump"``: the bidder decides before anyone melds."""
    s = variant.settlement
    return s.throw_in and s.throw_in_at is ThrowInAt.AFTER_TRUMP


def _concede_after_trump(state: State) -> State:
    """WP three-hand (rules/settlement#throw-in): the bidder concedes having seen the kitty.

    Trump is still named, so every seat melds for it and the others score their meld; the
    bidder loses the bid (its meld is shown and void); nothing is buried and no card is
    played. The hand settles as a throw-in (`Outcome.THROWN_IN`).
    """
    hand = _replace(state.hand, melds=_melds(state, state.hand.trump))
    return _settle(_with(state, hand=hand), surrendered="thrown in")


# --- The opponents' concession (rules/three-hand#auction-pinochle) --------------------


def _opponents(state: State) -> tuple[int, ...]:
    """The bidder's opponents, from the bidder's left."""
    bidder = state.hand.bidder
    assert bidder is not None
    players, side = state.variant.deal.players, state.side_of(bidder)
    seats = ((bidder + k) % players for k in range(1, players))
    return tuple(seat for seat in seats if state.side_of(seat) != side)


def _offer_concession(state: State) -> State:
    """Before the first lead the opponents may concede (``settlement.opponents_concede``).

    Each opponent in turn, from the bidder's left, concedes or plays on: they give up
    together, so the hand is conceded only when all concede, and the first to play on
    starts the play.
    """
    if not state.variant.settlement.opponents_concede:
        return _start_tricks(state)
    first = _opponents(state)[0]
    return _with(state, phase=Phase.CONCEDE, to_act=first)


_CONCEDE_ACTIONS: tuple[Action, ...] = (Concede(), PlayOn())


def _apply_concede(state: State, action: Action) -> State:
    if isinstance(action, PlayOn):
        return _start_tricks(_push_state(state, action))
    if not isinstance(action, Concede):
        raise _wrong_phase(state, action)
    opponents = _opponents(state)
    at = opponents.index(_seat(state))
    if at + 1 == len(opponents):
        return _settle(_push_state(state, action), surrendered="conceded")
    return _with(state, action, to_act=opponents[at + 1])


# --- Tricks (rules/trick-play, rules/counting) -----------------------------------------


def _trick_actions(state: State) -> Sequence[Action]:
    cards: Sequence[Card] = state.hands[state.to_act]  # type: ignore[index]
    trick = state.trick
    if trick:
        hand = state.hand
        if hand.turn_up is None:  # while the stock lasts, any card
            cards = _legal_follow(cards, trick, hand.trump, state.game.variant.play)
    # One play per distinct card: the hands are in Card.index order, so twins sit side by
    # side. (A plain loop: on a dozen cards it beats `dict.fromkeys` over `map`s.)
    plays = PLAYS
    actions: list[Action] = []
    previous = -1
    for card in cards:
        index = card.index
        if index != previous:
            actions.append(plays[index])
            previous = index
    return tuple(actions)


_IS_COUNTER = tuple(c.rank in (Rank.ACE, Rank.TEN, Rank.KING) for c in CARDS)


@functools.lru_cache(maxsize=256)
def _card_values(variant: Variant) -> tuple[int, ...]:
    """Each card's trick points under the profile, by `Card.index`."""
    return tuple(card_points((card,), variant) for card in CARDS)


def _apply_play(state: State, action: Action) -> State:
    legal = state.legal_cache
    if legal is None:
        legal = legal_actions(state)
    if action not in legal:  # Play objects are shared, so this is an identity scan
        raise _illegal_play(state, action)
    seat: int = state.to_act  # type: ignore[assignment]  # a trick always has a player to act
    card = action.card  # type: ignore[union-attr]  # a legal action here is a shared Play
    # A list changed in place, then one tuple: cheaper than star-unpacking two slices.
    hands = list(state.hands)
    held = hands[seat]
    at = bisect.bisect_left(held, card.index, key=_BY_INDEX)  # hands are in index order
    hands[seat] = held[:at] + held[at + 1 :]
    if state.hand.table and card in state.hand.table[seat]:
        state = _leave_table(state, seat, card, hands[seat])
    trick = (*state.trick, (seat, card))
    players = len(hands)
    if len(trick) == players:
        return _end_trick(state, tuple(hands), trick, (action, state.history))
    return State(
        state.phase,
        (seat + 1) % players,
        tuple(hands),
        trick,
        state.tricks,
        state.points,
        state.tricks_won,
        state.counters,
        state.hand,
        state.game,
        (action, state.history),
    )


def _illegal_play(state: State, action: Action) -> PinochleError:
    """Why this action is no legal play now (not a play, a card not held, or the duty)."""
    if not isinstance(action, Play):
        return _wrong_phase(state, action)
    held = state.hands[_seat(state)]
    if action.card not in held:
        return IllegalActionError(str(action), f"you do not hold {action.card}")
    plays = [card for _, card in state.trick]
    return IllegalActionError(
        str(action), play_rule(held, plays, state.hand.trump, state.variant.play)
    )


def _end_trick(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[tuple[int, Card], ...],
    history: History,
) -> State:
    """The trick is full: its winner takes it (and leads, or melds first in the two-hand stock)."""
    hand, variant = state.hand, state.game.variant
    trump = hand.trump
    values = _card_values(variant)
    # One pass over the plays finds the winner (as `trick_winner`: a strictly higher card
    # of the winning card's suit, or a first trump, takes over), the points and whether a
    # counter fell, without lists of the cards or their indexes.
    winner, top = trick[0]
    points = 0
    counter = False
    for seat, card in trick:
        index = card.index
        points += values[index]
        if _IS_COUNTER[index]:
            counter = True
        suit = card.suit
        if suit is top.suit:
            if card.rank > top.rank:
                winner, top = seat, card
        elif suit is trump:
            winner, top = seat, card
    side = winner % 2 if variant.deal.partnerships else hand.persons[winner]  # side_of
    last = not hands[winner]
    if last:
        points += variant.counting.last_trick
    counters = state.counters
    if not counters[side] and (last or counter):
        counters = _put(counters, side, True)
    state = State(
        Phase.MELD if hand.turn_up is not None else state.phase,  # two-hand: the winner melds
        winner,
        hands,
        (),
        (*state.tricks, CompletedTrick(trick, winner, points)),
        _add(state.points, side, points),
        _add(state.tricks_won, side, 1),
        counters,
        hand,
        state.game,
        history,
    )
    return _settle(state) if last else state


def _leave_table(state: State, seat: int, card: Card, left: tuple[Card, ...]) -> State:
    """A played card leaves the table when no hidden copy of it is left to play instead."""
    table = state.hand.table[seat]
    if table.count(card) <= left.count(card):
        return state
    hand = _replace(state.hand, table=_put(state.hand.table, seat, _remove(table, (card,))))
    return _with(state, hand=hand)


def _add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    changed = list(values)  # in place, then one tuple: cheaper than star-unpacked slices
    changed[index] += amount
    return tuple(changed)


# --- Settlement and the next deal (rules/settlement, rules/game-end) -------------------


def _nines_only(state: State) -> tuple[bool, ...]:
    """Whether each side's meld is only dixes (the nines save themselves)."""
    # Two flags a side, not a set of names: this runs once a hand.
    sides = state.variant.sides
    dix, other = [False] * sides, [False] * sides
    for seat, meld in enumerate(state.hand.melds):
        if meld is not None:
            side = state.side_of(seat)
            for item in meld.items:
                if item.name == "dix":
                    dix[side] = True
                else:
                    other[side] = True
    return tuple(d and not o for d, o in zip(dix, other, strict=True))


def settle_play(
    state: State, points: Sequence[int], tricks: Sequence[int], counters: Sequence[bool]
) -> HandResult:
    """How the state's hand settles if its tricks end with these totals, by side.

    The meld shown, the buried cards, the bid and every settlement key apply as when the
    engine settles the hand itself. Search players use it to score a hand they played out
    on their own (`pinochle.bots` finishes imagined hands on plain lists of cards).

    Args:
        state: A state of the hand (its meld is shown).
        points: Each side's trick points, last trick included, buried cards not.
        tricks: Tricks won by each side.
        counters: Whether each side took a counter (A, 10, K) or the last trick.
    """
    return _result(state, tuple(points), tuple(tricks), tuple(counters))


def _result(
    state: State,
    points: tuple[int, ...] | None,
    tricks: tuple[int, ...] | None,
    counters: tuple[bool, ...] | None,
    surrendered: str | None = None,
) -> HandResult:
    """The hand's settlement: played (with the totals) or not (``points`` None)."""
    hand, variant = state.hand, state.variant
    bidder = state.side_of(hand.bidder) if hand.bidder is not None else None
    if points is not None and bidder is not None and hand.buried and variant.kitty.buried_count:
        points = _add(points, bidder, card_points(hand.buried, variant))
    meld, nines = _side_melds(state), _nines_only(state)
    if settle_hand is not _SETTLE_HAND:  # the check kit's broken rule (`CheckHooks.settle`)
        return settle_hand(
            variant,
            bidder=bidder,
            bid=hand.bid,
            meld=meld,
            points=points,
            tricks=tricks,
            counters=counters,
            nines_only=nines,
            thrown_in=surrendered == "thrown in",
            no_marriage=surrendered == "no marriage",
            trump=hand.trump,
            conceded=surrendered == "conceded",
        )
    # Past settle_hand's checks of its arguments: the engine's facts are sound.
    return settle_checked(
        variant,
        bidder,
        hand.bid,
        meld,
        points,
        tricks,
        counters,
        nines,
        surrendered == "thrown in",
        surrendered == "no marriage",
        hand.trump,
        surrendered == "conceded",
    )


_SETTLE_HAND = settle_hand
"""The public settlement; `pinochle.checking` may swap ``settle_hand`` here for a test."""


def _settle(state: State, surrendered: str | None = None) -> State:
    """Score the hand, then deal the next one or end the game."""
    hand, variant = state.hand, state.variant
    played = surrendered is None and len(state.tricks) == variant.tricks_per_hand
    if played:
        result = _result(state, state.points, state.tricks_won, state.counters)
    else:
        result = _result(state, None, None, None, surrendered)
    bidder = state.side_of(hand.bidder) if hand.bidder is not None else None
    game = state.game
    scores = tuple(s + d for s, d in zip(game.scores, result.scores, strict=True))
    end = game_end(variant, scores, bidder=bidder, target=game.target)
    game = _replace(
        game,
        scores=scores,
        target=end.target,
        results=(*game.results, result),
        winner=end.winner,
        last_hand=hand,
        last_tricks=state.tricks,
    )
    if end.winner is not None:
        return _with(state, phase=Phase.GAME_OVER, to_act=None, game=game)
    return _start_hand(game, hand.number + 1, _next_dealer(state), state.history)


def _next_dealer(state: State) -> int:
    """The deal passes left, to the next person at the table."""
    return (state.hand.dealer_person + 1) % state.variant.deal.seated


# --- The public transitions ------------------------------------------------------------

_LEGAL: dict[Phase, Callable[[State], Sequence[Action]]] = {
    Phase.MISDEAL: _misdeal_actions,
    Phase.AUCTION: _auction_actions,
    Phase.TRUMP: _trump_actions,
    Phase.BURY: _bury_actions,
    Phase.PASS: _passing_actions,
    Phase.RETURN: _passing_actions,
    Phase.THROW_IN: lambda state: _THROW_IN_ACTIONS,
    Phase.CONCEDE: lambda state: _CONCEDE_ACTIONS,
    Phase.MELD: _meld_turn_actions,
    Phase.DIX_EXCHANGE: lambda state: _TURNED_DIX_ACTIONS,
    Phase.TRICKS: _trick_actions,
    Phase.GAME_OVER: lambda state: (),
}

_APPLY: dict[Phase, Callable[[State, Action], State]] = {
    Phase.MISDEAL: _apply_misdeal,
    Phase.AUCTION: _apply_auction,
    Phase.TRUMP: _apply_trump,
    Phase.BURY: _apply_bury,
    Phase.PASS: _apply_passing,
    Phase.RETURN: _apply_passing,
    Phase.THROW_IN: _apply_throw_in,
    Phase.CONCEDE: _apply_concede,
    Phase.MELD: _apply_meld_turn,
    Phase.DIX_EXCHANGE: _apply_turned_dix,
    Phase.TRICKS: _apply_play,
}


_STATE_EXPECTED = "a State (start one with pinochle.new_game)"
_GAME_OVER = Phase.GAME_OVER  # a global: reading a member off its enum class is slower
_ACTION_TYPES = frozenset(typing.get_args(Action))


def legal_actions(state: State) -> Sequence[Action]:
    """Every legal action for the player to act, each exactly once (twins are one action).

    Returns a tuple, except when choosing cards to pass, where it is a lazy `Sequence` of
    every distinct choice (it can hold over a thousand), and in an auction with more than
    256 legal bids (a huge ``bidding.maximum``), where it is a lazy `BidChoices`; an empty
    sequence once the game is over. In the auction the pass, when allowed, comes first, then
    the bids from the lowest up.
    """
    try:
        cached = state.legal_cache
    except AttributeError:
        raise ArgumentError("state", _STATE_EXPECTED, state) from None
    if cached is None:
        cached = _LEGAL[state.phase](state)
        _set_legal_cache(state, cached)  # a cache, invisible to equality
    return cached


_set_legal_cache: Callable[[State, Sequence[Action]], None] = State.__dict__["legal_cache"].__set__
"""Fill the frozen state's cache slot (its descriptor, without `object.__setattr__`'s look-up)."""


def apply(state: State, action: Action) -> State:
    """Apply the player to act's action and return the new state; the old one is unchanged.

    Raises:
        IllegalActionError: The action is not legal now; the message says why in a player's
            words ("must follow clubs", "must beat K♣ with A♣ or 10♣", "bid must be at least
            26").
        ArgumentError: ``state`` is not a `State`, or ``action`` is not an action (read text
            with `pinochle.parse_action`).
    """
    # No type test on the way in (apply is the inner loop): each phase accepts only its own
    # action types, and `_wrong_phase` tells a value that is no action at all apart.
    try:
        phase = state.phase
    except AttributeError:
        raise ArgumentError("state", _STATE_EXPECTED, state) from None
    if phase is _GAME_OVER:
        raise _wrong_phase(state, action)
    return _APPLY[phase](state, action)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of the state, and nothing more.

    The observation holds the seat's own cards, the public history (auction, trump, shown
    meld, played tricks, scores), the cards it passed or received, and its legal actions
    when it is to act. It never holds another seat's hidden cards.
    """
    if type(state) is not State:
        raise ArgumentError("state", _STATE_EXPECTED, state)
    seat = arguments.seat("seat", seat, state.variant.deal.players)
    hand = state.hand
    to_me: tuple[Card, ...] = ()
    by_me: tuple[Card, ...] = ()
    if hand.bidder is not None and hand.passed_cards:
        partner = (hand.bidder + 2) % 4
        if seat == hand.bidder:
            to_me, by_me = hand.passed_cards, hand.returned_cards
            if not _passing_shown_to_bidder(state):
                to_me = ()
        elif seat == partner:
            to_me, by_me = hand.returned_cards, hand.passed_cards
    return Observation(
        seat=seat,
        phase=state.phase,
        to_act=state.to_act,
        variant=state.variant,
        hand_number=hand.number,
        dealer=hand.dealer,
        persons=hand.persons,
        hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        auction=hand.auction,
        bidder=hand.bidder,
        bid=hand.bid,
        trump=hand.trump,
        melds=hand.melds,
        kitty=_visible_kitty(state, seat),
        buried=hand.buried if seat == hand.bidder else (),
        turn_up=hand.turn_up,
        stock_size=len(hand.stock),
        table=hand.table,
        shown=hand.shown,
        passed_to_me=to_me,
        passed_by_me=by_me,
        trick=state.trick,
        tricks=state.tricks,
        points=state.points,
        scores=state.scores,
        results=state.results,
        last_tricks=state.game.last_tricks,
        legal_actions=legal_actions(state) if state.to_act == seat else (),
        target=state.game.target,
        turned_up=hand.turned_up,
        melded_this_turn=hand.turn_melded,
        winner=state.game.winner,
        last_turn_up=hand.last_turn_up,
        dix_exchanger=hand.dix_exchanger,
    )


def _visible_kitty(state: State, seat: int) -> tuple[Card, ...]:
    """The kitty is public once the bidder has taken it (and shows it), else the bidder's."""
    hand = state.hand
    if not hand.kitty or hand.bidder is None or state.phase is Phase.AUCTION:
        return ()  # the high bidder takes (and shows) the kitty once the auction is won
    if state.variant.kitty.shown or seat == hand.bidder:
        return hand.kitty
    return ()


# --- Small helpers ---------------------------------------------------------------------


def _seat(state: State) -> int:
    assert state.to_act is not None
    return state.to_act


def _push(state: State, action: Action) -> History:
    return (action, state.history)


def _replace(value: T, **changes: Any) -> T:
    """`attrs.evolve` for the engine's `Hand` and `Game`, without its per-call field look-ups.

    The constructor call for each set of changed fields is compiled once (`_replacer`);
    these values change on most decisions of the auction and the two-hand meld turns.
    """
    key = (type(value), tuple(changes))
    replacer = _REPLACERS.get(key)
    if replacer is None:
        replacer = _REPLACERS[key] = _replacer(*key)
    new: T = replacer(value, **changes)
    return new


_REPLACERS: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}


def _replacer(cls: type, names: tuple[str, ...]) -> Callable[..., Any]:
    """``lambda old, <names>: cls(<each field: the new value or old's>)``, positionally."""
    fields = [field.name for field in attrs.fields(cls)]
    unknown = set(names) - set(fields)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    values = ", ".join(name if name in names else f"old.{name}" for name in fields)
    replacer: Callable[..., Any] = eval(
        f"lambda old, {', '.join(names)}: cls({values})", {"cls": cls}
    )
    return replacer


def _push_state(state: State, action: Action) -> State:
    return _with(state, action)


class _Same(enum.Enum):
    """The default of `_with`'s fields: keep the old state's value."""

    SAME = enum.auto()


_SAME: Final = _Same.SAME


def _with(
    state: State,
    action: Action | None = None,
    *,
    phase: Phase | _Same = _SAME,
    to_act: int | _Same | None = _SAME,
    hands: tuple[tuple[Card, ...], ...] | _Same = _SAME,
    hand: Hand | _Same = _SAME,
    game: Game | _Same = _SAME,
) -> State:
    """A new state with these fields changed and the action (if any) recorded.

    The legal-action cache starts empty. The trick's fields change only in `_apply_play`,
    which builds its states itself. (A positional constructor: `attrs.evolve` looks the
    fields up on every call, and this runs for most decisions.)
    """
    return State(
        state.phase if phase is _SAME else phase,
        state.to_act if to_act is _SAME else to_act,
        state.hands if hands is _SAME else hands,
        state.trick,
        state.tricks,
        state.points,
        state.tricks_won,
        state.counters,
        state.hand if hand is _SAME else hand,
        state.game if game is _SAME else game,
        state.history if action is None else (action, state.history),
    )


_PHASE_WORDS = {
    Phase.MISDEAL: "the players keep their hands or call a misdeal",
    Phase.AUCTION: "it is the auction: bid or pass",
    Phase.TRUMP: "the bidder must name trump",
    Phase.BURY: "the bidder must bury cards",
    Phase.PASS: "the bidder's partner must pass cards",
    Phase.RETURN: "the bidder must return cards",
    Phase.THROW_IN: "the bidder must throw in or play on",
    Phase.CONCEDE: "the bidder's opponents must concede or play on",
    Phase.MELD: "the trick winner may declare a meld or draw",
    Phase.DIX_EXCHANGE: "the dix holder must exchange the dix or keep it",
    Phase.TRICKS: "it is trick play: play a card",
}


def _wrong_phase(state: State, action: object) -> PinochleError:
    """The error for an action this phase does not take (or for a value that is no action)."""
    if type(action) not in _ACTION_TYPES:
        return ArgumentError("action", "an action such as Bid(30) or Play(card)", action)
    if state.phase is Phase.GAME_OVER:
        return IllegalActionError(str(action), "the game is over")
    return IllegalActionError(str(action), _PHASE_WORDS.get(state.phase, "not now"))
