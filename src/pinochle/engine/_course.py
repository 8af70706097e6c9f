"""The course of a hand, from the deal to the settlement and the next deal.

Each phase's module hands the state on through these functions (a new hand, the meld shown
after trump, trick play, the settlement), so every phase depends on this module and it on none
of them.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar

import attrs

from pinochle import arguments
from pinochle.auction import _trump_suits
from pinochle.cards import CARDS, Card, Rank, Suit
from pinochle.engine._common import _add, _remove, _seat, _with
from pinochle.engine._dealing import _check_hands, _deal, _deal_cards, _rest_of_deck, _seating
from pinochle.errors import ArgumentError
from pinochle.meld import Meld, MeldItem, MeldType, _held_meld, meld_values, score_meld
from pinochle.meld import _tables as _meld_tables
from pinochle.scoring import (
    HandResult,
    failed_bids,
    game_end,
    is_out_of_reach,
    settle_renege,
    wins_on_meld,
    with_game_checks,
)
from pinochle.scoring._game_end import swept_by
from pinochle.scoring._settle import HandFacts, settle_facts
from pinochle.state import Game, Hand, History, Phase, State, _game_with, _hand_with, build_state
from pinochle.tricks import card_points
from pinochle.variant import (
    DixExchange,
    FirstLead,
    Misdeal,
    Partner,
    ThrowInAt,
    Variant,
    WhoMelds,
)


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
    game = Game(
        variant=variant,
        seed=seed,
        first_dealer=dealer,
        start_hands=given,
        start_scores=start,
        scores=start,
        target=variant.game.target,
    )
    return _start_hand(game, 0, dealer, None)


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
        number=number,
        dealer=dealer,
        dealt=dealt,
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
        hand = _hand_with(hand, trump=turned.suit, turned_up=turned)
    sides = variant.sides
    state = build_state(
        phase=phase,
        to_act=(dealer + 1) % players,
        hands=dealt,
        trick=(),
        tricks=(),
        points=(0,) * sides,
        tricks_won=(0,) * sides,
        counters=(False,) * sides,
        hand=hand,
        game=game,
        history=history,
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
        result[seat] = attrs.evolve(own, total=own.total + value, items=(*own.items, item))
    dealer_cards = _remove(state.hands[hand.dealer], (dix,))
    result[hand.dealer] = score_meld(dealer_cards, hand.trump, variant)
    return tuple(result)


def _open_stock(variant: Variant, hand: Hand, rest: tuple[Card, ...]) -> Hand:
    """Turn up the card after the deal for trump; the rest is the face-down stock."""
    turned, stock = rest[0], rest[1:]
    players = variant.deal.players
    points = [0] * players
    if variant.stock.dealer_dix and turned.rank is Rank.NINE:
        points[hand.dealer] += _dix_value(variant)  # rules/two-hand#setup: a turned dix scores
    return _hand_with(
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


def _after_trump(state: State) -> State:
    """Trump is named: the bidder calls a partner, the partner passes cards, or all meld."""
    if state.variant.deal.partner is not Partner.NONE:  # rules/deck-and-deal#five-hands
        return _with(state, phase=Phase.CALL, to_act=state.hand.bidder)
    if state.variant.passing.cards:
        partner = (_seat(state) + 2) % 4
        return _with(state, phase=Phase.PASS, to_act=partner)
    return _meld(state)


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
    hand = _hand_with(state.hand, melds=_melds(state, state.hand.trump))
    state = _with(state, hand=hand)
    bidder = hand.bidder
    if bidder is None:  # no auction (turned trump): straight to the tricks
        return _start_tricks(state)
    if wins_on_meld(state.variant, _side_melds(state)[state.side_of(bidder)], hand.bid):
        return _settle(state)  # rules/three-hand#auction-pinochle: the meld makes the bid
    if hand.kitty and not hand.buried and not hand.shared:  # a shared kitty is not buried
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


def _throw_in_after_trump(variant: Variant) -> bool:
    """``settlement.throw_in_at = "after-trump"``: the bidder decides before anyone melds."""
    s = variant.settlement
    return s.throw_in and s.throw_in_at is ThrowInAt.AFTER_TRUMP


def _made_on_meld(state: State) -> bool:
    """Whether the meld laid now wins the bid without play (``settlement.meld_makes_bid``).

    Asked before a throw-in offered right after trump: a hand its meld already wins has
    nothing to throw in (rules/three-hand#auction-pinochle), and a throw-in then melds
    the hands as they are (`_concede_after_trump`), so this melds them the same way.
    """
    hand = state.hand
    bidder = hand.bidder
    if bidder is None or not state.variant.settlement.meld_makes_bid:
        return False
    laid = _with(state, hand=_hand_with(hand, melds=_melds(state, hand.trump)))
    return wins_on_meld(state.variant, _side_melds(laid)[laid.side_of(bidder)], hand.bid)


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
        return _offer_moon(state)
    first = _opponents(state)[0]
    return _with(state, phase=Phase.CONCEDE, to_act=first)


def _offer_moon(state: State) -> State:
    """Last before the first lead, the bidder may shoot the moon (``settlement.shoot_the_moon``).

    UB: the bid winner declares it after meld, before the first lead, committing the side
    to win every trick (rules/auction#conventions); `Phase.MOON` waits for `ShootTheMoon`
    or `PlayOn`.
    """
    if not state.variant.settlement.shoot_the_moon:
        return _start_tricks(state)
    return _with(state, phase=Phase.MOON, to_act=state.hand.bidder)


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
    checks = _side_checks(state) if variant.checks.played else None
    partner = state.side_of(hand.partner) if hand.partner is not None else None
    facts = HandFacts(
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
        checks=checks,
        moon=hand.moon,
        partner=partner,
    )
    rule = _SETTLEMENT.get()
    if rule is not None:  # the check kit's broken rule (`CheckHooks.settle`)
        return rule(variant, **facts.keywords())
    # Past settle_hand's checks of its arguments: the engine's facts are sound.
    return settle_facts(variant, facts, checked=False)


def _side_checks(state: State) -> tuple[int, ...]:
    """Each side's checks for the meld its seats laid (``[checks]``, `Meld.checks`)."""
    checks = [0] * state.variant.sides
    for seat, meld in enumerate(state.hand.melds):
        if meld is not None:
            checks[state.side_of(seat)] += meld.checks
    return tuple(checks)


def _outright(state: State) -> tuple[int, str] | None:
    """The side whose meld wins the game outright (``meld.quadruple_wins``), and the meld.

    Several at once (a quadruple run in trump and a quadruple pinochle elsewhere): the
    bidders first, as when several sides reach the target, then seat by seat from the
    dealer's left.
    """
    hand = state.hand
    players = state.variant.deal.players
    seats = range(hand.dealer + 1, hand.dealer + 1 + players)
    order = [hand.bidder] if hand.bidder is not None else []
    for seat in itertools.chain(order, (s % players for s in seats)):
        meld = hand.melds[seat] if seat < len(hand.melds) else None
        if meld is not None and meld.wins is not None:
            return state.side_of(seat), meld.wins
    return None


_SETTLEMENT: ContextVar[Callable[..., HandResult] | None] = ContextVar(
    "pinochle settlement rule", default=None
)
"""A settlement rule used instead of `settle_hand`'s (same keywords), or None (the rule).

Only `pinochle.checking` sets it, to prove its checks catch a broken rule
(`CheckHooks.settle`), through `_settling_by`. A context variable, not a module global
swapped: the rule holds in the checking thread (or task) only, and games played elsewhere
meanwhile settle as always. It is read once a settlement, not once a decision.
"""


@contextlib.contextmanager
def _settling_by(rule: Callable[..., HandResult]) -> Iterator[None]:
    """Settle every hand with ``rule`` in this context (thread or task) until the block ends."""
    token = _SETTLEMENT.set(rule)
    try:
        yield
    finally:
        _SETTLEMENT.reset(token)


def _renege_result(state: State, accused: int, caller: int, proven: bool) -> HandResult:
    """The settlement of a called renege by the profile's table (rules/reneges)."""
    hand = state.hand
    assert hand.bidder is not None  # a renege table needs an auction (variant checks)
    return settle_renege(
        state.variant,
        bidder=state.side_of(hand.bidder),
        bid=hand.bid,
        meld=_side_melds(state),
        offender=state.side_of(accused),
        caller=state.side_of(caller),
        proven=proven,
    )


def _settle(
    state: State, surrendered: str | None = None, result: HandResult | None = None
) -> State:
    """Score the hand (or take its ``result``), then deal the next one or end the game."""
    hand, variant = state.hand, state.variant
    played = surrendered is None and len(state.tricks) == variant.tricks_per_hand
    if result is not None:
        pass  # settled already: a called renege
    elif played:
        result = _result(state, state.points, state.tricks_won, state.counters)
    else:
        result = _result(state, None, None, None, surrendered)
    bidder = state.side_of(hand.bidder) if hand.bidder is not None else None
    game = state.game
    scores = tuple(s + d for s, d in zip(game.scores, result.scores, strict=True))
    swept = None
    if played:  # a side that took every trick (game.all_tricks_win), the called pair one side
        partner = state.side_of(hand.partner) if hand.partner is not None else None
        swept = swept_by(state.tricks_won, bidder, partner)
    won = _outright(state) if variant.meld.quadruple_wins else None
    outright, winning_meld = won if won is not None else (None, "a quadruple")
    failed = None
    if variant.game.slide_out is not None:  # each side's failed bids (game.slide_out)
        failed = failed_bids((*game.results, result), variant.sides)
    end = game_end(
        variant,
        scores,
        bidder=bidder,
        target=game.target,
        hands=len(game.results) + 1,
        swept=swept,
        outright=outright,
        winning_meld=winning_meld,
        failed=failed,
    )
    if variant.checks.played:  # the game's winner gains its checks on the last hand
        result = with_game_checks(variant, result, end)
    game = _game_with(
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


def _trump_or_surrender(state: State, bidder: int) -> State:
    """The bidder names trump, or surrenders the hand holding no marriage (rules/trump)."""
    if not _trump_suits(state.variant, state.hands[bidder]):
        # rules/trump#no-marriage: the bidder cannot name trump; the hand is surrendered.
        hand = _hand_with(state.hand, melds=_melds(state, None))
        return _settle(_with(state, hand=hand), surrendered="no marriage")
    return _with(state, phase=Phase.TRUMP, to_act=bidder)
