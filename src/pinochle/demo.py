"""Narrate a whole game in plain text: the deal, the auction, trump, passes, meld, tricks, scores.

`play_demo` drives a game with one player function per seat (each sees only its
`Observation`) and prints every hand readably. By default every seat is a computer player
of `pinochle.bots` (Hard); any other `Player`, such as `random_player`, plugs in the same way.

The narration is a function of the sequence of states alone, not of who chose the
actions: `narrate` tells a game from its states (those of `pinochle.records.replay_states`, say),
so a replayed record reads exactly as the game did. With ``seat=`` it tells the game as
that seat saw it, every line drawn from `pinochle.observe`: its own cards and what is
public, never another seat's hidden cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TextIO

from pinochle._text import printable
from pinochle._words import counted
from pinochle.actions import Action, Bid, CallMisdeal, Pass
from pinochle.cards import Card, Rank, format_cards, sort_cards
from pinochle.engine import apply, legal_actions, new_game, observe
from pinochle.errors import IllegalActionError
from pinochle.meld import Meld
from pinochle.scoring import HandResult
from pinochle.state import CompletedTrick, Hand, Observation, Phase, State
from pinochle.variant import LastDraw, Misdeal, Variant

__all__ = [
    "Player",
    "meld_text",
    "misdeal_shown",
    "narrate",
    "narrate_hand",
    "person_names",
    "play_demo",
    "random_player",
    "side_name",
]

Player = Callable[[Observation], Action]
"""A player: given what its seat may see, it returns one of the observation's legal actions."""

# Compass names as at a card table, the person at the terminal (the first person of
# `pinochle.play.seating`) sitting South at every table; play passes to the left (N, E, S,
# W), so at three-hand West follows South and East follows West. The trick lines write
# each name's initial: they differ at every table.
SEAT_NAMES = {
    4: ("North", "East", "South", "West"),
    3: ("South", "West", "East"),
    2: ("South", "North"),
}
# Three-hand tables with sit-outs, and the six- and eight-hand tables (too many seats for
# compass names with distinct initials).
PERSON_NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")


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

    Four-hand tables are North, East, South, West; three-hand tables South, West, East;
    two-hand tables South, North; three-hand tables with sit-outs and six- and eight-hand
    tables name people Ann, Bob, Cid, ... Each name has its own initial (a trick line
    writes ``S 9♣  W J♣``).
    """
    if variant.deal.seated != variant.deal.players or variant.deal.players not in SEAT_NAMES:
        return PERSON_NAMES[: variant.deal.seated]
    return SEAT_NAMES[variant.deal.players]


def narrate_hand(after: State) -> list[str]:
    """Describe the hand that has just been settled.

    Args:
        after: The state right after the settlement (the next deal, or game over).
    """
    hand = after.game.last_hand
    if hand is None:
        return []
    lines = _deal_lines(after.variant, hand, after.game.last_tricks)
    return lines + _result_lines(after.variant, after.results[-1], after.scores)


def _deal_lines(
    variant: Variant,
    hand: Hand,
    tricks: Sequence[CompletedTrick],
    play: Sequence[str] | None = None,
) -> list[str]:
    """Everything about a hand but its result: the deal, auction, trump, meld, tricks.

    ``play`` is the two-hand play as it happened (see `_stock_events`): tricks, melds and
    draws in order. Without it, the melds a two-hand player declared are listed before the
    tricks, as the final hand holds them.
    """
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
            f"  {names[partner]} passes {_sorted(hand.passed_cards)}; "
            f"{names[hand.bidder]} returns {_sorted(hand.returned_cards)}"
        )
    lines += _meld_lines(names, hand.melds)
    if play is not None:
        return [*lines, *play]
    for seat, declared in enumerate(hand.shown):  # two-hand: melds laid after tricks
        lines.extend(f"  {names[seat]} melds {shown}" for shown in declared)
    if hand.last_turn_up is not None and variant.stock.last_draw is LastDraw.WINNER_CHOOSES:
        taker, card = hand.last_turn_up
        lines.append(f"  Last draw: {names[taker]} takes the turned-up {card}")
    lines.extend(_trick_line(names, n, t) for n, t in enumerate(tricks, start=1))
    return lines


def _meld_lines(names: Sequence[str], melds: Sequence[Meld | None]) -> list[str]:
    return [
        f"  Meld {names[seat]:<6} {meld.total:>4}  {meld_text(meld)}"
        for seat, meld in enumerate(melds)
        if meld is not None
    ]


def _trick_line(names: Sequence[str], number: int, trick: CompletedTrick) -> str:
    plays = "  ".join(f"{names[seat][0]} {card}" for seat, card in trick.plays)
    return f"  Trick {number:>2}: {plays}  -> {names[trick.winner]} takes {trick.points}"


def _trick_so_far(names: Sequence[str], number: int, plays: Sequence[tuple[int, Card]]) -> str:
    cards = "  ".join(f"{names[seat][0]} {card}" for seat, card in plays)
    return f"  Trick {number:>2}: {cards}  (not finished)"


def _result_lines(variant: Variant, result: HandResult, scores: Sequence[int]) -> list[str]:
    sides = "  ".join(f"{side_name(variant, i)} {s:+d}" for i, s in enumerate(result.scores))
    totals = "  ".join(f"{side_name(variant, i)} {s}" for i, s in enumerate(scores))
    return [f"  Result: {result.reason}", f"  Hand: {sides}   Scores: {totals}"]


def _redeal_line(before: State, after: State) -> str:
    """A deal that ends without a result: everyone passed, or a misdeal was called."""
    number = before.hand.number
    if after.history is not None and isinstance(after.history[0], CallMisdeal):
        names = person_names(before.variant)
        seat = before.to_act
        assert seat is not None
        caller = names[before.hand.persons[seat]]
        shown = format_cards(misdeal_shown(before.variant, before.hands[seat]))
        dealer = names[before.hand.dealer_person]
        return f"Hand {number + 1}: {caller} calls a misdeal, showing {shown}; {dealer} deals again"
    return f"Hand {number + 1}: everyone passes; redeal"


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
    """A side's name: ``N-S`` or ``E-W`` for partners (``A-C-E`` at six), else the person's."""
    names = person_names(variant)
    if variant.deal.partnerships:
        return "-".join(names[p][0] for p in (side, *variant.partners_of(side)))
    return names[side]


def play_demo(
    variant: Variant,
    players: Sequence[Player] | None = None,
    *,
    seed: int | None = None,
    out: TextIO,
    max_hands: int = 200,
    level: str = "hard",
    ascii: bool | None = None,
    colour: bool | None = None,
) -> State:
    """Play a whole game and print every hand to ``out``.

    The lines are those of `narrate` over the game's states, printed as each hand ends.

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
        ascii: Write cards as ``AH TH`` (default: only when ``out`` cannot encode the suit
            symbols; see `pinochle.terminal`).
        colour: Red suits in red (default: when ``out`` is a terminal, ``NO_COLOR`` is
            unset and ``TERM`` is not ``dumb``).

    Returns:
        The last state.
    """
    state = new_game(variant, seed=seed)
    seats = variant.deal.players
    if players is None:
        from pinochle.bots import make_bot  # lazily: `import pinochle` never imports the bots

        players = [make_bot(level, seed=state.game.seed + seat) for seat in range(seats)]
    chosen = list(players)
    last = [state]

    def states() -> Iterator[State]:
        state = last[0]
        yield state
        while not state.is_over and len(state.results) < max_hands:
            seat = state.to_act
            assert seat is not None
            action = chosen[seat](observe(state, seat))
            if action not in legal_actions(state):
                raise IllegalActionError(
                    str(action), f"seat {seat}'s player chose an illegal action"
                )
            state = apply(state, action)
            last[0] = state
            yield state

    from pinochle.terminal import styled

    out = styled(out, ascii=ascii, colour=colour)
    for line in narrate(states()):
        print(printable(line), file=out)  # a profile's name or title may come from a file
    return last[0]


# --- Narration -------------------------------------------------------------------------

_TITLE = -1  # the tag of the title line (hands are tagged with their number, from 0)
_END = -2  # the tag of the closing line


def narrate(
    states: Iterable[State], *, seat: int | None = None, hand: int | None = None
) -> Iterator[str]:
    """Tell a game from its states, line by line: what `play_demo` prints.

    The narration depends on the states alone: the same states read the same whoever
    chose the actions, so a record replayed with `pinochle.records.replay_states` reads exactly as
    the game did. A hand is told when it ends (a hand the states stop in the middle of is
    told as far as it went); the last line says who won, or that the game stopped.

    With ``seat`` the game is told as that seat saw it, as it happened, and every line is
    drawn from `pinochle.observe` of that seat: its own cards (as dealt, and again after
    passing or burying; the cards it draws in two-hand), the auction, the kitty when it is
    shown (or taken by this seat), trump, the cards passed only when this seat gave or took
    them, the shown meld, each trick as it is taken, and each hand's result. Another seat's
    hidden cards never appear, and neither does the game's seed (it would tell every deal).

    Args:
        states: The game's states in order, the starting one first; read one at a time, and
            the lines about a state come before the next one is read, so a game can be told
            while it is played.
        seat: Tell the game as this seat saw it (default: everything, every seat's cards).
        hand: Tell only this hand (numbered from 1, redeals included) after the title line.

    Yields:
        The lines, without line ends.
    """
    stream = iter(states)
    story = _story(stream) if seat is None else _seat_story(stream, seat)
    for number, line in story:
        if hand is None or number == _TITLE or number == hand - 1:
            yield line
        elif number > hand - 1:
            return


def _story(states: Iterator[State]) -> Iterator[tuple[int, str]]:
    """The whole table's narration, each line tagged with its hand (see `narrate`)."""
    state = next(states, None)
    if state is None:
        return
    variant = state.variant
    yield _TITLE, f"{variant.name}: {variant.title} (seed {state.game.seed})"
    acted = False  # whether an action was taken in the current hand
    # Two-hand: the tricks, melds and draws as they happen, so that no card is told before
    # its player has drawn it; the other tables tell a hand from its settled state alone.
    play: list[str] | None = [] if variant.deal.stock else None
    for after in states:
        number = state.hand.number
        settled = len(after.results) > len(state.results)
        if play is not None:
            play += _stock_events(state, after)
        if settled:
            assert after.game.last_hand is not None
            lines = _deal_lines(variant, after.game.last_hand, after.game.last_tricks, play)
            lines += _result_lines(variant, after.results[-1], after.scores)
            yield from ((number, line) for line in lines)
        elif after.hand.number != number:
            yield number, _redeal_line(state, after)
        acted = not settled and after.hand.number == number
        if play is not None and not acted:
            play = []
        state = after
    if acted and not state.is_over:
        names = tuple(person_names(variant)[p] for p in state.hand.persons)
        lines = _deal_lines(variant, state.hand, state.tricks, play)
        if state.trick:
            lines.append(_trick_so_far(names, len(state.tricks) + 1, state.trick))
        lines.append("  Not finished: the game stops here")
        yield from ((state.hand.number, line) for line in lines)
    yield _END, _closing(variant, state.is_over, state.winner, len(state.results), state.scores)


def _stock_events(before: State, after: State) -> list[str]:
    """Two-hand: what one step did in the play: a trick taken, a meld declared, the draws."""
    variant = before.variant
    hand = before.hand
    same_hand = len(after.results) == len(before.results) and after.hand.number == hand.number
    later = after.hand if same_hand else after.game.last_hand
    tricks = after.tricks if same_hand else after.game.last_tricks
    if later is None or later.number != hand.number:
        return []
    names = tuple(person_names(variant)[p] for p in hand.persons)
    start = len(before.tricks)
    lines = [_trick_line(names, n, t) for n, t in enumerate(tricks[start:], start + 1)]
    for seat, declared in enumerate(later.shown):
        for shown in declared[len(hand.shown[seat]) :]:
            if shown.kind == "dix" and later.turn_up != hand.turn_up:
                lines.append(
                    f"  {names[seat]} exchanges the dix for the turned-up {hand.turn_up}: "
                    f"{shown.points}"
                )
            else:
                lines.append(f"  {names[seat]} melds {shown}")
    if same_hand and len(later.stock) < len(hand.stock) and before.to_act is not None:
        winner = before.to_act  # the trick winner draws first
        order = (winner, *(s for s in range(variant.deal.players) if s != winner))
        draws = []
        for seat in order:
            drawn = sort_cards(
                tuple((Counter(after.hands[seat]) - Counter(before.hands[seat])).elements())
            )
            what = " ".join(
                f"the turned-up {card}" if card == hand.turn_up and not later.stock else str(card)
                for card in drawn
            )
            draws.append(f"{names[seat]} draws {what}")
        lines.append("  " + "; ".join(draws))
    return lines


def _closing(
    variant: Variant, over: bool, winner: int | None, hands: int, scores: Sequence[int]
) -> str:
    if over and winner is not None:
        return f"Game over: {side_name(variant, winner)} win {tuple(scores)}"
    return f"Stopped after {counted(hands, 'hand')}: {tuple(scores)}"


def _seat_story(states: Iterator[State], seat: int) -> Iterator[tuple[int, str]]:
    """One seat's narration from its observations, tagged with the hand (see `narrate`)."""
    state = next(states, None)
    if state is None:
        return
    before = observe(state, seat)
    teller = _SeatTeller(before)
    yield _TITLE, teller.title()
    opened = False
    for state in states:
        after = observe(state, seat)
        number = before.hand_number
        if not opened:
            yield from ((number, line) for line in teller.opening(before))
            opened = True
        if after.hand_number == number and len(after.results) == len(before.results):
            lines = teller.events(before, after)
        else:
            lines = teller.ending(before, after)
            opened = False
        yield from ((number, line) for line in lines)
        before = after
    if opened and before.phase is not Phase.GAME_OVER:
        yield from ((before.hand_number, line) for line in teller.unfinished(before))
    over = before.phase is Phase.GAME_OVER
    closing = _closing(before.variant, over, before.winner, len(before.results), before.scores)
    yield _END, closing


class _SeatTeller:
    """Tells what one seat sees happen, comparing its observation before and after a step."""

    def __init__(self, first: Observation) -> None:
        self.variant = first.variant
        self.seat = first.seat
        self.people = person_names(first.variant)
        self.dealt: tuple[Card, ...] = ()

    def names(self, view: Observation) -> tuple[str, ...]:
        """This hand's name at each seat."""
        return tuple(self.people[person] for person in view.persons)

    def title(self) -> str:
        variant = self.variant
        return f"{variant.name}: {variant.title}, seen from seat {self.seat}"

    def opening(self, view: Observation) -> list[str]:
        names = self.names(view)
        out = [self.people[p] for p in range(len(self.people)) if p not in view.persons]
        head = f"Hand {view.hand_number + 1}: "
        if out:  # with sit-outs the dealer may sit out: say who does
            head += f"{' and '.join(out)} {'sits' if len(out) == 1 else 'sit'} out"
        else:
            head += f"{names[view.dealer]} deals"
        self.dealt = view.hand
        lines = [head, f"  {names[view.seat]:<6} {_sorted(view.hand)}"]
        if view.turned_up is not None:
            lines.append(f"  Turned up: {view.turned_up}")
        if view.trump is not None:
            lines.append(_trump_line(view))
        return lines

    def events(self, before: Observation, after: Observation) -> list[str]:
        """What this seat saw happen in one step within a hand."""
        names = self.names(after)
        me = self.seat
        lines: list[str] = []
        if before.phase is Phase.AUCTION and after.phase is not Phase.AUCTION:
            lines.append(_auction_line(names, after.auction))
            if after.bidder is not None:
                lines.append(f"  {names[after.bidder]} wins the bid at {after.bid}")
        if after.kitty and not before.kitty and after.bidder is not None:
            kitty = _sorted(after.kitty)
            lines.append(f"  Kitty: {kitty}, taken by {names[after.bidder]}")
        if before.trump is None and after.trump is not None:
            lines.append(_trump_line(after))
        bidder = after.bidder
        if before.phase is Phase.BURY and after.phase is not Phase.BURY and bidder is not None:
            count = before.hand_sizes[bidder] - after.hand_sizes[bidder]
            what = _sorted(after.buried) if after.buried else counted(count, "card")
            lines.append(f"  {names[bidder]} buries {what}")
        for phase, verb in ((Phase.PASS, "passes"), (Phase.RETURN, "returns")):
            if before.phase is phase and after.phase is not phase and bidder is not None:
                partner = (bidder + 2) % 4
                giver, taker = (partner, bidder) if phase is Phase.PASS else (bidder, partner)
                what = counted(self.variant.passing.cards, "card")
                if me in (giver, taker):  # this seat gave or took them: it knows them
                    what = _sorted(after.passed_to_me if me == taker else after.passed_by_me)
                lines.append(f"  {names[giver]} {verb} {what} to {names[taker]}")
        if before.phase is Phase.SHARE and after.phase is not Phase.SHARE and bidder is not None:
            lines += self._shared(names, bidder, after)
        if (
            before.phase in (Phase.BURY, Phase.RETURN)
            and after.phase is not before.phase
            and Counter(after.hand) != Counter(self.dealt)
        ):
            lines.append(f"  {names[me]} now holds {_sorted(after.hand)}")
        if not _any(before.melds) and _any(after.melds):
            lines += _meld_lines(names, after.melds)
        if before.phase is Phase.THROW_IN and after.phase is Phase.TRICKS and bidder is not None:
            lines.append(f"  {names[bidder]} plays on")
        if after.moon and not before.moon and bidder is not None:
            lines.append(f"  {names[bidder]} shoots the moon: every trick, or set")
        lines += self._two_hand(names, before, after)
        for number, trick in enumerate(after.tricks[len(before.tricks) :], len(before.tricks) + 1):
            lines.append(_trick_line(names, number, trick))
        return lines

    def _shared(self, names: Sequence[str], bidder: int, after: Observation) -> list[str]:
        """``kitty.share``: the bidder keeps one card and gives one face down to each other."""
        if after.shared_by_me:  # this seat is the bidder: it knows every card
            players = self.variant.deal.players
            gifts = ", ".join(
                f"{card} to {names[(bidder + k) % players]}"
                for k, card in enumerate(after.shared_by_me, 1)
            )
            return [f"  {names[bidder]} shares the kitty: {gifts}"]
        line = f"  {names[bidder]} keeps one kitty card and gives one to each other player"
        if after.shared_to_me:
            line += f"; {names[self.seat]} gets {after.shared_to_me[0]}"
        return [line]

    def _two_hand(self, names: Sequence[str], before: Observation, after: Observation) -> list[str]:
        """Declared melds, the dix exchange and this seat's draws."""
        lines: list[str] = []
        if (
            before.turn_up is not None
            and after.turn_up is not None
            and after.turn_up != before.turn_up
            and before.to_act is not None
        ):
            lines.append(
                f"  {names[before.to_act]} exchanges the dix for the turned-up {before.turn_up}"
            )
        for seat, shown in enumerate(after.shown):
            done = len(before.shown[seat]) if seat < len(before.shown) else 0
            lines.extend(f"  {names[seat]} melds {item}" for item in shown[done:])
        if after.stock_size < before.stock_size:  # both drew from the stock
            drawn = Counter(after.hand) - Counter(before.hand)
            if drawn:
                lines.append(f"  {names[self.seat]} draws {_sorted(drawn.elements())}")
        return lines

    def ending(self, before: Observation, after: Observation) -> list[str]:
        """What this seat saw of a hand's last step: its last tricks and the result."""
        names = self.names(before)
        if len(after.results) == len(before.results) and before.phase is Phase.MISDEAL:
            caller = names[before.to_act] if before.to_act is not None else "A player"
            return [f"  {caller} calls a misdeal: the same dealer deals again"]
        if len(after.results) == len(before.results):  # everyone passed: a new deal
            calls = (*before.auction, (before.to_act, Pass()))
            return [_auction_line(names, calls), "  Everyone passes: redeal"]
        lines = []
        bidder = before.bidder
        if before.phase is Phase.AUCTION:
            lines.append(_auction_line(names, before.auction))
        elif before.phase is Phase.TRUMP and bidder is not None:  # trump is not kept
            lines.append(f"  {names[bidder]} names trump")
        elif before.phase is Phase.BURY and bidder is not None:
            lines.append(f"  {names[bidder]} buries {counted(len(before.kitty), 'card')}")
        elif before.phase is Phase.SHARE and bidder is not None:  # no marriage after sharing
            lines.append(f"  {names[bidder]} shares the kitty and holds no marriage")
        elif before.phase is Phase.RETURN and bidder is not None:
            count = self.variant.passing.cards
            partner = names[(bidder + 2) % 4]
            lines.append(f"  {names[bidder]} returns {counted(count, 'card')} to {partner}")
        done = len(before.tricks)
        for number, trick in enumerate(after.last_tricks[done:], start=done + 1):
            lines.append(_trick_line(names, number, trick))
        result = after.results[-1]
        unseen = not _any(before.melds) and not any(before.shown)
        if unseen and any(side.meld for side in result.sides):  # laid down as the hand ended
            melds = "  ".join(
                f"{side_name(self.variant, i)} {side.meld}" for i, side in enumerate(result.sides)
            )
            lines.append(f"  Meld: {melds}")
        return lines + _result_lines(self.variant, result, after.scores)

    def unfinished(self, view: Observation) -> list[str]:
        """The end of a hand the states stop in: the trick in progress."""
        names = self.names(view)
        lines = []
        if view.phase is Phase.AUCTION and view.auction:
            lines.append(_auction_line(names, view.auction))
        if view.trick:
            lines.append(_trick_so_far(names, len(view.tricks) + 1, view.trick))
        return [*lines, "  Not finished: the game stops here"]


def _auction_line(names: Sequence[str], calls: Iterable[tuple[int | None, Action]]) -> str:
    return "  Auction: " + ", ".join(
        f"{names[seat]} {call}" for seat, call in calls if seat is not None
    )


def _trump_line(view: Observation) -> str:
    assert view.trump is not None
    return f"  Trump: {view.trump} ({view.trump.name.lower()})"


def _sorted(cards: Iterable[Card]) -> str:
    return format_cards(sort_cards(tuple(cards)))


def _any(melds: Sequence[Meld | None]) -> bool:
    return any(meld is not None for meld in melds)
