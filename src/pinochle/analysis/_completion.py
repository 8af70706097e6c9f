"""An imagined deal played to the hand's end: simple open-hand choices, then the solver.

A hint values a decision before trick play (a bid, trump, the cards to pass, return or
bury) by the hand's settled score in each imagined deal. Everything after that decision
is made here, with every hand in view: the decisions before play by the few plain rules
of `open_choice`, the tricks by the search (`finish_tricks`: each seat's first-tried card
until the hands are down to the exact search's size, best play after).
"""

from __future__ import annotations

from collections.abc import Sequence

from pinochle.actions import Action, KeepHand, Play, PlayOn
from pinochle.analysis._position import line_of, search_of
from pinochle.cards import CARDS, Card, Rank, Suit
from pinochle.choices import CardChoices
from pinochle.engine import apply, legal_actions
from pinochle.meld import score_meld
from pinochle.state import Phase, State
from pinochle.tricks import card_points

__all__ = ["card_order", "finish_hand", "finish_tricks", "open_choice", "ranked"]

_TRUMP_CARD = 2  # a trump card is worth two counters when naming trump


def finish_tricks(state: State, exact_from: int) -> tuple[Card, ...]:
    """The rest of the hand's cards from ``state`` (in trick play, the stock gone).

    Each seat plays the card the search tries first (winners first for the side on lead,
    the cheapest card that does the job after) until a trick starts with at most
    ``exact_from`` cards a hand; from there, a best line of the exact search.
    """
    search = search_of(state)
    _, played = search.advance(exact_from)
    return tuple(CARDS[kind] for kind in played) + line_of(search, search.exact())


def finish_hand(
    state: State, exact_from: int, lines: dict[object, tuple[Card, ...]] | None = None
) -> State:
    """``state`` played on to its hand's settlement (or the next deal, for a redeal).

    The decisions before play by `open_choice`, the tricks by `finish_tricks`;
    ``lines`` keeps the tricks' lines by position (a hint tries several decisions on
    one deal, and many reach the same first trick). A two-hand state with its stock
    still to draw cannot be finished: it is returned as it is.
    """
    number, settled = state.hand.number, len(state.results)
    while (
        state.phase is not Phase.GAME_OVER
        and state.hand.number == number
        and len(state.results) == settled
    ):
        if state.phase is Phase.TRICKS:
            if state.hand.stock:
                return state
            key = (state.hands, state.trick, state.to_act, state.hand.trump)
            line = None if lines is None else lines.get(key)
            if line is None:
                line = finish_tricks(state, exact_from)
                if lines is not None:
                    lines[key] = line
            for card in line:
                state = apply(state, Play(card))
            continue
        state = apply(state, open_choice(state))
    return state


def open_choice(state: State) -> Action:
    """A plain choice for the seat to act before trick play, every hand in view.

    Auction: pass (else the lowest bid). Trump: the suit whose meld plus two counters a
    trump card is most. Passing to the bidder: trumps, highest first, then aces. Returning
    and burying: the cards outside the meld, plain non-counters first, short suits first.
    Anything else (play on, keep the hand, the dix): the first legal action.
    """
    legal = legal_actions(state)
    phase = state.phase
    if phase is Phase.AUCTION:
        return legal[0]  # pass, or the lowest bid when forced
    if phase is Phase.TRUMP:
        return max(legal, key=lambda action: _trump_worth(state, action))
    if isinstance(legal, CardChoices):
        seat = state.to_act
        assert seat is not None
        hand = state.hands[seat]
        choice: Action = legal.make(ranked(legal, card_order(state, hand))[0])
        return choice
    for action in legal:
        if isinstance(action, PlayOn | KeepHand):
            return action
    return legal[0]


def ranked(
    legal: CardChoices[Action], order: Sequence[Card], tries: int = 1
) -> list[tuple[Card, ...]]:
    """Up to ``tries`` legal sets of ``legal.k`` cards taken along ``order`` (best first).

    The first is the first ``k`` cards of ``order``; each further try swaps the last card
    taken for the next one in the order. Sets the rules refuse are skipped; with none
    legal, the first legal set.
    """
    k = legal.k
    found: list[tuple[Card, ...]] = []
    for extra in range(len(order) - k + 1):
        cards = (*order[: k - 1], order[k - 1 + extra]) if k else ()
        if legal.make(cards) in legal and cards not in found:
            found.append(cards)
            if len(found) == tries:
                break
    if not found:
        found.append(getattr(legal[0], "cards", ()))
    return found


def _trump_worth(state: State, action: Action) -> int:
    """Meld with this trump plus two counters for each card of the suit."""
    seat = state.to_act
    assert seat is not None
    suit: Suit | None = getattr(action, "suit", None)
    if suit is None:
        return -1
    hand = state.hands[seat]  # with the kitty once taken (a kitty still face down: not yet)
    meld = score_meld(hand, trump=suit, variant=state.variant).total
    counter = _ace_points(state)
    return meld + _TRUMP_CARD * counter * sum(card.suit is suit for card in hand)


def _ace_points(state: State) -> int:
    """What an ace counts for in tricks: the unit a hint weighs a trump card in."""
    return max(card_points([card], state.variant) for card in CARDS if card.rank is Rank.ACE)


def card_order(state: State, hand: Sequence[Card], *, keep_meld: bool = False) -> list[Card]:
    """The seat's cards in the order it passes (to the bidder) or lets them go (return, bury).

    ``keep_meld``: the partner passes its meld's cards last.
    """
    if state.phase is Phase.PASS:
        order = _pass_order(state, hand)
        if keep_meld:
            meld = score_meld(hand, trump=state.hand.trump, variant=state.variant)
            melded = {card for item in meld.items for card in item.cards}
            order.sort(key=lambda card: card in melded)
        return order
    return _discard_order(state, hand)


def _pass_order(state: State, hand: Sequence[Card]) -> list[Card]:
    """The partner's cards in the order it passes them: trumps high to low, then aces."""
    trump = state.hand.trump
    return sorted(
        hand, key=lambda c: (c.suit is trump, c.rank is Rank.ACE, c.rank, -c.index), reverse=True
    )


def _discard_order(state: State, hand: Sequence[Card]) -> list[Card]:
    """The bidder's cards in the order it lets them go: plain low cards outside the meld."""
    trump = state.hand.trump
    melded = list(score_meld(hand, trump=trump, variant=state.variant).items)
    used: dict[Card, int] = {}
    for item in melded:
        for card in item.cards:
            used[card] = max(used.get(card, 0), item.cards.count(card))
    length = {suit: sum(c.suit is suit for c in hand) for suit in Suit}
    in_meld: dict[Card, int] = dict(used)
    order: list[tuple[tuple[int, ...], Card]] = []
    for card in hand:
        kept = in_meld.get(card, 0)
        if kept:
            in_meld[card] = kept - 1
        key = (int(kept > 0), int(card.suit is trump), int(card.rank >= Rank.KING))
        order.append(((*key, length[card.suit], int(card.rank)), card))
    return [card for _, card in sorted(order, key=lambda pair: pair[0])]
