"""A plain minimax of trick play, and endings to compare the double-dummy solver with.

Written from the rules pages, not from ``pinochle.analysis``: it uses only the public rules
functions, so the exactness tests (tests/test_analysis_exact.py) hold the solver to the
rules rather than to itself.

- `minimax`: every legal card tried at every turn (rules/trick-play#following, through
  `pinochle.legal_plays`), no pruning, no table, no bound; only the two copies of a card
  are tried once, as they are the same card (rules/deck-and-deal#identical-cards).
- `trick_play` and `ending`: states in trick play with at most a few cards a hand,
  reached from a new game of any profile by random legal play that mostly passes in the
  auction (random bidding loops for thousands of actions), then random cards until the
  hands are small, and as many cards of the next trick as asked.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pinochle as pn
from pinochle.actions import Pass, PlayOn
from pinochle.analysis._position import teams_of
from pinochle.cards import Card, Suit
from pinochle.state import Phase, State
from pinochle.variant import Variant


def minimax(state: State, first: Card | None = None) -> int:
    """Team 0's trick points from ``state`` to the hand's end, every seat playing best.

    Team 0 (`pinochle.analysis._position.teams_of`: the bidder's side) maximises, team 1
    minimises. A finished trick goes to `pinochle.trick_winner` (rules/trick-play#winner),
    who leads the next; its cards count `pinochle.card_points` (rules/counting#methods),
    and the last trick adds ``counting.last_trick`` (rules/counting#methods). The trick in
    progress counts; tricks already taken do not. With ``first``, the seat to act plays that card
    first (a legal card of its hand), and the value is the one after it.

    No pruning: every card is searched to the hand's end. A position met again at a
    trick's start (the same cards left, the same leader) reuses its value, which is exact
    (never a bound), so the answer is the plain minimax's.
    """
    teams = teams_of(state)
    hands = [list(cards) for cards in state.hands]
    trick = list(state.trick)
    seat = state.to_act or 0
    if first is not None:
        hands[seat].remove(first)
        trick.append((seat, first))
        seat = (seat + 1) % state.variant.deal.players
    return _value(state.variant, state.hand.trump, teams, hands, trick, seat, {})


def _value(
    variant: Variant,
    trump: Suit | None,
    teams: Sequence[int],
    hands: list[list[Card]],
    trick: list[tuple[int, Card]],
    seat: int,
    seen: dict[tuple[object, ...] | None, int],
) -> int:
    """Team 0's points from here: ``seat`` to play to ``trick`` from ``hands``.

    ``seen`` holds the values of the trick starts met before (the same cards left, the
    same leader: the same position, whatever the order that led to it).
    """
    players = variant.deal.players
    key = None if trick else (seat, *map(tuple, hands))
    if key in seen:
        return seen[key]
    if len(trick) == players:  # the trick is full: count it and lead again
        cards = [card for _, card in trick]
        winner = trick[pn.trick_winner(cards, trump)][0]
        taken = pn.card_points(cards, variant)
        if not any(hands):
            taken += variant.counting.last_trick
        here = taken if teams[winner] == 0 else 0
        if not any(hands):
            return here
        return here + _value(variant, trump, teams, hands, [], winner, seen)
    hand = hands[seat]
    legal = pn.legal_plays(hand, [card for _, card in trick], trump, variant.play)
    results = []
    for card in dict.fromkeys(legal):  # the two copies are one choice
        hand.remove(card)
        trick.append((seat, card))
        results.append(_value(variant, trump, teams, hands, trick, (seat + 1) % players, seen))
        trick.pop()
        hand.append(card)
        hand.sort(key=lambda c: c.index)
    best = max(results) if teams[seat] == 0 else min(results)
    if key is not None:
        seen[key] = best
    return best


def remaining(state: State) -> int:
    """Every trick point still to take: the cards in the hands and the trick, and the bonus."""
    cards = [card for hand in state.hands for card in hand] + [c for _, c in state.trick]
    return pn.card_points(cards, state.variant) + state.variant.counting.last_trick


def _setup_action(state: State, rng: random.Random) -> pn.Action:
    """A legal action before trick play that mostly leads to a played hand."""
    legal = pn.legal_actions(state)
    if state.phase is Phase.TRICKS:
        return legal[rng.randrange(len(legal))]
    if state.phase is Phase.AUCTION:
        if isinstance(legal[0], Pass) and (len(legal) == 1 or rng.random() < 0.8):
            return legal[0]
        return legal[1] if isinstance(legal[0], Pass) else legal[0]
    if state.phase in (Phase.THROW_IN, Phase.CONCEDE):
        return next(a for a in legal if isinstance(a, PlayOn))
    if state.phase is Phase.MISDEAL:
        return legal[0]  # keep the hand
    return legal[rng.randrange(len(legal))]


def _in_play(state: State) -> bool:
    return state.phase is Phase.TRICKS and not state.hand.stock


def trick_play(variant: Variant, seed: int) -> State:
    """The first state of trick play (two-hand: once the stock is gone) of a random hand.

    From ``new_game(variant, seed)``: in the auction mostly a pass, else the lowest bid;
    the bidder plays on; any other choice (trump, passing, burying, meld, the two-hand
    stock's tricks) at random. A game decided before trick play starts again.
    """
    rng = random.Random(seed)
    state = pn.new_game(variant, seed % 2**32, seed % variant.deal.players)
    while not _in_play(state):
        if state.is_over:
            state = pn.new_game(variant, rng.randrange(2**32), 0)
        else:
            state = pn.apply(state, _setup_action(state, rng))
    return state


def ending(state: State, cards: int, in_trick: int, rng: random.Random) -> State:
    """``state`` (in trick play) played on at random until no hand holds more than ``cards``.

    Then ``in_trick`` more random cards start the next trick (fewer than a trick's cards).
    """
    while max(len(hand) for hand in state.hands) > cards or state.trick:
        state = pn.apply(state, _random(state, rng))
    for _ in range(in_trick):
        state = pn.apply(state, _random(state, rng))
    return state


def _random(state: State, rng: random.Random) -> pn.Action:
    legal = pn.legal_actions(state)
    return legal[rng.randrange(len(legal))]
