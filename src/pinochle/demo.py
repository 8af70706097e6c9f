"""Narrate a whole game in plain text: the deal, the auction, trump, passes, meld, tricks, scores.

`play_demo` drives a game with one player function per seat (each sees only its
`Observation`) and prints every hand readably. By default every seat is a computer player
of `pinochle.bots` (Hard); any other `Player`, such as `random_player`, plugs in the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TextIO

from pinochle.actions import Action, Bid, CallMisdeal, Pass
from pinochle.cards import Card, Rank, format_cards, sort_cards
from pinochle.engine import apply, legal_actions, new_game, observe
from pinochle.errors import IllegalActionError
from pinochle.meld import Meld
from pinochle.state import Observation, State
from pinochle.variant import LastDraw, Misdeal, Variant

__all__ = [
    "Player",
    "meld_text",
    "misdeal_shown",
    "narrate_hand",
    "person_names",
    "play_demo",
    "random_player",
    "side_name",
]

Player = Callable[[Observation], Action]
"""A player: given what its seat may see, it returns one of the observation's legal actions."""

SEAT_NAMES = {
    4: ("North", "East", "South", "West"),
    3: ("First", "Second", "Third"),
    2: ("First", "Second"),
}
PERSON_NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")  # three-hand tables with sit-outs


def random_player(seed: int | None = None) -> Player:
    """A random legal player that bids cautiously, so that most hands are played out.

    It passes three times in four, else makes the lowest legal bid, and otherwise picks
    uniformly among its legal actions.
    """
    rng = random.Random(seed)

    def choose(view: Observation) -> Action:
        actions: Sequence[Action] = view.legal_actions
        first = actions[0]
        if isinstance(first, Pass) and len(actions) > 1:
            return first if rng.random() < 0.75 else actions[1]
        if isinstance(first, Bid):
            return first
        return actions[rng.randrange(len(actions))]

    return choose


def person_names(variant: Variant) -> tuple[str, ...]:
    """A name per person at the table (per seat when everyone plays).

    Four-hand tables are North, East, South, West; two- and three-hand tables First,
    Second (, Third); three-hand tables with sit-outs name people Ann, Bob, Cid, ...
    """
    if variant.deal.seated != variant.deal.players:
        return PERSON_NAMES[: variant.deal.seated]
    return SEAT_NAMES[variant.deal.players]


def narrate_hand(after: State) -> list[str]:
    """Describe the hand that has just been settled.

    Args:
        after: The state right after the settlement (the next deal, or game over).
    """
    variant = after.variant
    hand = after.game.last_hand
    if hand is None:
        return []
    people = person_names(variant)
    names = tuple(people[person] for person in hand.persons)  # by seat
    lines = [f"Hand {hand.number + 1}: {people[hand.dealer_person]} deals"]
    if len(people) > len(names):
        out = [people[p] for p in range(len(people)) if p not in hand.persons]
        lines[0] += f"; {' and '.join(out)} {'sits' if len(out) == 1 else 'sit'} out"
    for seat, cards in enumerate(hand.dealt):
        lines.append(f"  {names[seat]:<6} {format_cards(sort_cards(cards))}")
    if hand.auction:
        calls = ", ".join(f"{names[seat]} {action}" for seat, action in hand.auction)
        lines.append(f"  Auction: {calls}")
    if hand.bidder is not None:
        lines.append(f"  {names[hand.bidder]} wins the bid at {hand.bid}")
    if hand.kitty and hand.bidder is not None:
        lines.append(
            f"  Kitty: {format_cards(sort_cards(hand.kitty))}, taken by {names[hand.bidder]}"
        )
    if hand.turned_up is not None:
        lines.append(f"  Turned up: {hand.turned_up}")
    if hand.trump is not None:
        lines.append(f"  Trump: {hand.trump} ({hand.trump.name.lower()})")
    if hand.dix_exchanger is not None and hand.turned_up is not None:
        lines.append(
            f"  {names[hand.dix_exchanger]} exchanges the dix for the turned-up {hand.turned_up}"
        )
    if hand.buried and hand.bidder is not None:
        lines.append(f"  {names[hand.bidder]} buries {format_cards(sort_cards(hand.buried))}")
    if hand.passed_cards and hand.bidder is not None:
        partner = (hand.bidder + 2) % 4
        lines.append(
            f"  {names[partner]} passes {format_cards(hand.passed_cards)}; "
            f"{names[hand.bidder]} returns {format_cards(hand.returned_cards)}"
        )
    for seat, meld in enumerate(hand.melds):
        if meld is None:
            continue
        lines.append(f"  Meld {names[seat]:<6} {meld.total:>4}  {meld_text(meld)}")
    for seat, declared in enumerate(hand.shown):  # two-hand: melds laid after tricks
        lines.extend(f"  {names[seat]} melds {shown}" for shown in declared)
    if hand.last_turn_up is not None and variant.stock.last_draw is LastDraw.WINNER_CHOOSES:
        taker, card = hand.last_turn_up
        lines.append(f"  Last draw: {names[taker]} takes the turned-up {card}")
    for number, trick in enumerate(after.game.last_tricks, start=1):
        plays = "  ".join(f"{names[seat][0]} {card}" for seat, card in trick.plays)
        lines.append(f"  Trick {number:>2}: {plays}  -> {names[trick.winner]} takes {trick.points}")
    result = after.results[-1]
    lines.append(f"  Result: {result.reason}")
    sides = "  ".join(f"{side_name(variant, i)} {s:+d}" for i, s in enumerate(result.scores))
    totals = "  ".join(f"{side_name(variant, i)} {s}" for i, s in enumerate(after.scores))
    lines.append(f"  Hand: {sides}   Scores: {totals}")
    return lines


def misdeal_shown(variant: Variant, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a player shows to call a misdeal (``deal.misdeal``, rules/deck-and-deal#misdeals).

    The nines and any aces; for the technical misdeal (13 or more non-counters, no ace)
    the whole hand.
    """
    if variant.deal.misdeal is Misdeal.TECHNICAL:
        return sort_cards(cards)
    return sort_cards(c for c in cards if c.rank in (Rank.NINE, Rank.ACE))


def meld_text(meld: Meld) -> str:
    """A meld's combinations on one line: ``marriage K♥ Q♥ 2; pinochle Q♠ J♦ 4`` (or ``-``)."""
    parts = (
        " ".join(filter(None, (i.name, format_cards(i.cards), str(i.points)))) for i in meld.items
    )
    return "; ".join(parts) or "-"


def side_name(variant: Variant, side: int) -> str:
    """A side's name: ``N-S`` or ``E-W`` for partners, else the person's name."""
    names = person_names(variant)
    if variant.deal.partnerships:
        return f"{names[side][0]}-{names[side + 2][0]}"
    return names[side]


def play_demo(
    variant: Variant,
    players: Sequence[Player] | None = None,
    *,
    seed: int | None = None,
    out: TextIO,
    max_hands: int = 200,
    level: str = "hard",
) -> State:
    """Play a whole game and print every hand to ``out``.

    Args:
        variant: The rules.
        players: One player per seat (default: a `pinochle.bots` player of ``level`` at every
            seat, each seeded from the game's seed and its seat).
        seed: The game's seed (default: the operating system's entropy).
        out: Where to write.
        max_hands: Stop after this many hands even if nobody has won (random players can
            wander a long time under profiles without a losing floor).
        level: The default players' level: ``"easy"``, ``"medium"``, ``"hard"`` or
            ``"expert"`` (see `pinochle.bots.make_bot`).

    Returns:
        The last state.
    """
    state = new_game(variant, seed=seed)
    seats = variant.deal.players
    if players is None:
        from pinochle.bots import make_bot  # lazily: `import pinochle` never imports the bots

        players = [make_bot(level, seed=state.game.seed + seat) for seat in range(seats)]
    chosen = list(players)
    print(f"{variant.name}: {variant.title} (seed {state.game.seed})", file=out)
    while not state.is_over and len(state.results) < max_hands:
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        action = chosen[seat](view)
        if action not in legal_actions(state):
            raise IllegalActionError(str(action), f"seat {seat}'s player chose an illegal action")
        nxt = apply(state, action)
        if len(nxt.results) > len(state.results):
            for line in narrate_hand(nxt):
                print(line, file=out)
        elif nxt.hand.number != state.hand.number and isinstance(action, CallMisdeal):
            names = person_names(variant)
            caller = names[state.hand.persons[seat]]
            shown = format_cards(misdeal_shown(variant, state.hands[seat]))
            dealer = names[state.hand.dealer_person]
            print(
                f"Hand {state.hand.number + 1}: {caller} calls a misdeal, showing {shown}; "
                f"{dealer} deals again",
                file=out,
            )
        elif nxt.hand.number != state.hand.number:
            print(f"Hand {state.hand.number + 1}: everyone passes; redeal", file=out)
        state = nxt
    if state.is_over and state.winner is not None:
        print(f"Game over: {side_name(variant, state.winner)} win {state.scores}", file=out)
    else:
        print(f"Stopped after {len(state.results)} hands: {state.scores}", file=out)
    return state
