"""`trump_table`: what each suit as trump makes for the bidder's side (DDS's table of strains)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pinochle import arguments
from pinochle.analysis._search import Search
from pinochle.cards import Card, Suit, check_in_deck
from pinochle.errors import ArgumentError, DeckError
from pinochle.state import Phase, State
from pinochle.variant import Variant

__all__ = ["trump_table"]

_BEFORE_TRUMP = (Phase.AUCTION, Phase.TRUMP)
_HANDS_INSTEAD = "or pass the hands to value, with variant= and bidder="


def trump_table(
    state_or_hands: State | Sequence[Sequence[Card] | str],
    *,
    variant: Variant | None = None,
    bidder: int | None = None,
    leader: int | None = None,
) -> dict[Suit, int]:
    """Each suit's exact trick points for the bidder's side, were it trump and the bidder led.

    The table of strains of a bridge solver: for a deal before trump is named, every suit
    is tried as trump on the hands as they are, all of them in view, the bidder's side
    against the others (three-hand: the bidder against the other two together), every seat
    playing best. A value is the trick points the bidder's side takes in the whole play,
    the last trick's bonus included, counted as the profile counts them.

    The hands are valued as they are now: in the auction the kitty (three-hand) is not yet
    in the bidder's hand, and cards a four-hand profile passes after trump is named are
    not passed. To value another deal (the bidder's hand after the bury or the pass, or a
    deal a program imagined) pass the hands themselves.

    Args:
        state_or_hands: A state before trump is named (the auction or the trump phase),
            whose hands, profile and high bidder are used; or each seat's cards (cards or
            card text), seat by seat, every hand as long as the others (they need not make
            a whole deck).
        variant: The profile: required with hands; with a state, the state's own (or left
            out).
        bidder: The bidder's seat: required with hands; with a state, the high bidder's by
            default (required while nobody has bid).
        leader: The seat that leads the first trick (default: the bidder).

    Returns:
        Each suit (clubs, diamonds, hearts, spades, in that order) to the points the
        bidder's side takes with it as trump.

    Raises:
        ArgumentError: The state is not before trump, holds a stock (two-hand: the table is
            for trick play without a stock), or has hands of unequal length (three-hand:
            the bidder has taken the kitty and not yet buried); the hands are not one per
            seat, not of equal length, or hold more copies of a card than the deck; a
            variant, bidder or leader is missing or out of range.
    """
    hands, variant, bidder, sides = _deal(state_or_hands, variant, bidder)
    players = len(hands)
    first = bidder if leader is None else arguments.seat("leader", leader, players)
    teams = tuple(0 if side == sides[bidder] else 1 for side in sides)
    table: dict[Suit, int] = {}
    for suit in Suit:
        search = Search(variant, int(suit), hands, [], first, teams)
        table[suit] = search.exact() * search.unit
    return table


def _deal(
    state_or_hands: object, variant: Variant | None, bidder: int | None
) -> tuple[tuple[tuple[Card, ...], ...], Variant, int, tuple[int, ...]]:
    """The hands, the profile, the bidder and each seat's side, checked."""
    if isinstance(state_or_hands, State):
        return _from_state(state_or_hands, variant, bidder)
    if variant is None:
        raise ArgumentError("variant", "the profile of the hands (required with hands)", None)
    variant = arguments.variant(variant)
    players = variant.deal.players
    if isinstance(state_or_hands, str | bytes) or not isinstance(state_or_hands, Sequence):
        raise ArgumentError(
            "state_or_hands", f"a State, or a sequence of {players} hands", state_or_hands
        )
    if len(state_or_hands) != players:
        raise ArgumentError(
            "state_or_hands", f"{players} hands, one per seat ({variant.name})", state_or_hands
        )
    hands = tuple(
        arguments.cards(f"state_or_hands[{seat}]", cards)
        for seat, cards in enumerate(state_or_hands)
    )
    _check_sizes(hands, "give every seat as many cards")
    try:
        check_in_deck([card for cards in hands for card in cards], variant.deal.deck)
    except DeckError as exc:
        raise ArgumentError("state_or_hands", f"hands from one deck ({exc})", hands) from None
    if bidder is None:
        raise ArgumentError("bidder", "the bidder's seat (required with hands)", None)
    seat = arguments.seat("bidder", bidder, players)
    return hands, variant, seat, tuple(variant.side_of(s) for s in range(players))


def _from_state(
    state: State, variant: Variant | None, bidder: int | None
) -> tuple[tuple[tuple[Card, ...], ...], Variant, int, tuple[int, ...]]:
    """A state's hands, profile, bidder and sides: before trump, no stock, equal hands."""
    if variant is not None and variant != state.variant:
        raise ArgumentError("variant", "the state's own profile, or left out", variant)
    if state.hand.stock:
        raise ArgumentError(
            "state_or_hands",
            f"a deal for trick play without a stock (this two-hand state has "
            f"{len(state.hand.stock)} cards in the stock, whose order no open-hand play "
            f"knows); {_HANDS_INSTEAD}",
            state,
        )
    if state.phase not in _BEFORE_TRUMP:
        raise ArgumentError(
            "state_or_hands",
            f"a state before trump is named, in the auction or the trump phase (this one is "
            f"in the {state.phase} phase, trump {state.hand.trump}); {_HANDS_INSTEAD}",
            state,
        )
    _check_sizes(state.hands, f"bury first, {_HANDS_INSTEAD}")  # three-hand's trump phase
    players = len(state.hands)
    if bidder is None:
        if state.hand.bidder is None:
            raise ArgumentError("bidder", "the bidder's seat (nobody has bid yet)", None)
        seat = state.hand.bidder
    else:
        seat = arguments.seat("bidder", bidder, players)
    return state.hands, state.variant, seat, tuple(state.side_of(s) for s in state.seats())


def _check_sizes(hands: Sequence[Sequence[Card]], remedy: str) -> None:
    """Every hand as long as the others, and not empty: trick play deals them out evenly."""
    sizes = Counter(len(cards) for cards in hands)
    if len(sizes) > 1:
        held = ", ".join(f"seat {seat} {len(cards)}" for seat, cards in enumerate(hands))
        raise ArgumentError(
            "state_or_hands",
            f"hands of equal length for trick play (they hold {held} cards; three-hand's "
            f"bidder holds the kitty's cards too until the bury): {remedy}",
            [len(cards) for cards in hands],
        )
    if not hands or not hands[0]:
        raise ArgumentError("state_or_hands", "hands with cards to play", hands)
