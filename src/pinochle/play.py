"""Play pinochle in a terminal against the computer players (`pinochle play`).

One person takes a seat and `pinochle.bots` players take the others: at a four-hand
partnership table the person sits South with a Hard partner at North against two bots of
the chosen level (S1); at every other table each other seat plays at that level.
`play_game` reads the person's answers from one text stream and writes the table to
another, so a test or another program can drive a whole game with scripted input.

At every prompt the person types a number from the listed choices or the action's text
(``bid 26``, ``pass``, ``trump hearts``, ``play A♠``: see `pinochle.parse_action`). Where
the prompt makes the verb obvious it may be left out (``A♠``, ``hearts``, ``AS 10S KH
QH``), and cards to pass or bury may be picked by their numbers (``1 2 5 9``). ``help``
explains this; ``quit``, the end of the input or Ctrl-C ends the game.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from typing import TextIO

import attrs

from pinochle.actions import (
    Action,
    Bid,
    Bury,
    CallMisdeal,
    Concede,
    Declare,
    Draw,
    ExchangeDix,
    KeepDix,
    NameTrump,
    PassCards,
    Play,
    PlayOn,
    TakeTurnUp,
    ThrowIn,
    parse_action,
)
from pinochle.cards import Card, Suit, format_cards, parse_cards, parse_suit, sort_cards
from pinochle.demo import Player, meld_text, misdeal_shown, person_names, side_name
from pinochle.engine import apply, new_game, observe
from pinochle.errors import IllegalActionError
from pinochle.explain import explain_legal
from pinochle.meld import meld_by_trump, score_meld
from pinochle.state import CompletedTrick, Hand, Observation, Phase, State
from pinochle.terminal import styled
from pinochle.variant import PassingOrder, Variant

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Seating", "play_game", "seating"]

LEVELS = ("easy", "medium", "hard", "expert")
"""The computer players' levels a person may choose (S1's computer levels)."""

DEFAULT_LEVEL = "medium"
"""The opponents' level when none is chosen: a fair game for a newcomer."""

PARTNER_LEVEL = "hard"
"""The person's computer partner always plays at Hard (S1)."""

SHOWN_BIDS = 5
"""How many bids the auction lists as numbered choices; higher ones are typed."""

HELP = (
    "Type one of the numbers shown, or the action itself:",
    "  bid N | pass | trump hearts (or ♥ or H) | play A♠ (or AS) | throw in | concede | play on",
    "  cards to pass or bury: type them (AS 10S KH QH) or their numbers (1 2 5 9)",
    "  two-hand, after winning a trick: declare KIND: CARDS | exchange dix | draw",
    "  right after the deal, with a hand that qualifies: misdeal | keep",
    "  at the last draw (where allowed): draw turn-up; a turned dix: exchange dix | keep dix",
    "The verb may be left out when the prompt says what it is (A♠, hearts, AS 10S KH QH).",
    "quit ends the game.",
)


CLEAR = "\x1b[2J\x1b[3J\x1b[H"
"""Clears a terminal and its scrollback before a cover screen (only when it is a terminal)."""

COVER = "=" * 60
"""The line that opens every cover screen, so a transcript shows where the screen passed."""


LEGEND = "  Key: type a card's number to pick it; * = may be chosen (here: any card)"
"""Under the cards to pass or return, where every card is starred."""


@attrs.frozen
class Seating:
    """Who sits where when people play the computer (`seating`).

    Attributes:
        people: The persons (score indices) the people take, in order.
        levels: Each computer player's level, by person.
        dealer: The first dealer: the person on the first person's right, so that the
            first person speaks first in the first auction.
    """

    people: tuple[int, ...]
    levels: dict[int, str]
    dealer: int


def seating(variant: Variant, players: int = 1, level: str = DEFAULT_LEVEL) -> Seating:
    """Seat one or two people against the computer, as `pinochle play` and `pinochle serve` do.

    At a four-hand table one person sits South, two people South and West (opposite
    sides); at every other table they take the first seat, or the first two. A four-hand
    computer partner of a person always plays `PARTNER_LEVEL`; every other computer player
    plays ``level``.

    Args:
        variant: The rules.
        players: How many people: 1 or 2.
        level: The opponents' level.

    Returns:
        The people's persons, the computer players' levels and the first dealer.

    Raises:
        ValueError: ``players`` is neither 1 nor 2.
    """
    if players not in (1, 2):
        raise ValueError(f"players: expected 1 or 2 people at the screen, found {players}")
    deal = variant.deal
    first = 2 if deal.players == 4 else 0  # South at four-hand tables, else the first
    # Two people: South and West at four-hand tables (opposite sides), else the first two.
    people = (first, (first + 1) % deal.seated) if players == 2 else (first,)
    partners = {(p + 2) % 4 for p in people} if deal.partnerships else set()
    levels = {
        person: PARTNER_LEVEL if person in partners else level
        for person in range(deal.seated)
        if person not in people
    }
    return Seating(people, levels, (first - 1) % deal.seated)


class _QuitError(Exception):
    """The person left the table: ``quit``, the end of the input or Ctrl-C."""


class _ReplyError(Exception):
    """A reply that is neither a listed number nor an action."""


@attrs.frozen
class _Prompt:
    """One question to the person: the panel, the numbered choices, how to read a reply.

    Numbers name ``choices``, or, when ``cards`` is set, ``pick`` of the numbered cards,
    which ``make`` turns into the action. A reply without a verb is read with ``verb``;
    ``hint`` tells the person what to type after a reply that names nothing.
    """

    lines: tuple[str, ...]
    question: str
    choices: tuple[Action, ...] = ()
    cards: tuple[Card, ...] = ()
    pick: int = 0
    make: Callable[[tuple[Card, ...]], Action] | None = None
    verb: str = ""
    hint: str = ""


def play_game(
    variant: Variant,
    *,
    level: str = DEFAULT_LEVEL,
    seed: int | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    on_end: Callable[[State], None] | None = None,
    players: int = 1,
    ascii: bool | None = None,
    colour: bool | None = None,
) -> State:
    """Let a person (or two at one screen) play a whole game in a terminal.

    The game goes on until a side wins (chip games never end by themselves) or a person
    types ``quit`` or the input ends; either way it returns normally.

    With ``players=2`` two people share the screen (S1's "2 Players"). At a four-hand
    table they sit South and West, on opposite sides, each with a Hard computer partner
    (North and East); at a two-hand table they play each other; at a three-hand table they
    take the first two seats and the third plays at ``level``. Whenever the turn passes
    from one person to the other the screen is cleared (on a terminal) and a cover screen
    asks for the screen to be passed (``Pass the screen to West: press Enter``); each
    person then sees what happened meanwhile, told from their own seat, and nothing of the
    other person's hidden cards.

    Args:
        variant: The rules.
        level: The opponents' level, one of `LEVELS` (a four-hand partner is always Hard,
            so with two people at a four-hand table every computer player is Hard).
        seed: Makes the deals and the computer players' choices reproducible (default: the
            operating system's entropy; the seed used is printed so the game can be replayed).
        stdin: Where the person's answers come from (default: standard input).
        stdout: Where the table is written (default: standard output).
        on_end: Called with the last state however the game ends (won, left, or stopped by
            an error such as a closed output), before `play_game` returns or raises; what
            it raises propagates. ``pinochle play --record`` saves the game with it.
        players: How many people play at this screen: 1 or 2.
        ascii: Write cards as ``AH TH`` (default: only when ``stdout`` cannot encode the
            suit symbols; see `pinochle.terminal`).
        colour: Red suits in red (default: when ``stdout`` is a terminal, ``NO_COLOR`` is
            unset and ``TERM`` is not ``dumb``).

    Returns:
        The last state: game over, or where a person left.

    Raises:
        ValueError: ``level`` is not a bot level, or ``players`` is neither 1 nor 2.
    """
    if players not in (1, 2):
        raise ValueError(f"players: expected 1 or 2 people at the screen, found {players}")
    out = styled(stdout or sys.stdout, ascii=ascii, colour=colour)
    table = _Table(variant, level, seed, stdin or sys.stdin, out, players)
    try:
        return table.run()
    finally:
        if on_end is not None:
            on_end(table.state)


class _Table:
    """The game in progress: the state, the bots, the streams and the people's names."""

    def __init__(
        self,
        variant: Variant,
        level: str,
        seed: int | None,
        stdin: TextIO,
        stdout: TextIO,
        players: int = 1,
    ) -> None:
        from pinochle.bots import make_bot  # lazily: the bots are an optional layer

        deal = variant.deal
        self.variant = variant
        self.level = level
        self.stdin, self.stdout = stdin, stdout
        seats = seating(variant, players, level)
        first = seats.people[0]
        self.people = seats.people
        self.me = first  # whose point of view the lines being written take
        self.holder: int | None = first if players == 1 else None  # who has the screen
        self.pending: dict[int, list[str]] = {person: [] for person in self.people}
        self.partner = (first + 2) % 4 if deal.partnerships else None
        self.plain = person_names(variant)
        self.state = new_game(variant, seed=seed, dealer=seats.dealer)
        game_seed = self.state.game.seed
        self.bots: dict[int, Player] = {
            person: make_bot(bot_level, seed=game_seed + person)
            for person, bot_level in seats.levels.items()
        }

    @property
    def names(self) -> tuple[str, ...]:
        """Each person's name as the person whose view is being written reads it."""
        return tuple("You" if p == self.me else n for p, n in enumerate(self.plain))

    # --- The loop ---------------------------------------------------------------------

    def run(self) -> State:
        self._say(*self._intro())
        self._tell(lambda: self._hand_start(self.state.hand))
        try:
            while not self.state.is_over:
                before = self.state
                seat = before.to_act
                assert seat is not None
                person = before.hand.persons[seat]
                if person in self.people:
                    action, after = self._turn(before, seat, person)
                else:
                    action = self.bots[person](observe(before, seat))
                    after = apply(before, action)
                self.state = after
                self._tell(lambda: self._events(before, action, after))  # noqa: B023
        except (_QuitError, KeyboardInterrupt) as stop:
            why = str(stop) or "Stopped."
            if len(self.people) > 1:
                why = why.replace("You quit.", f"{self.plain[self.me]} quit.")
            hands = len(self.state.results)
            self._say(
                "",
                f"{why} The game is abandoned after {hands} hand{'s' * (hands != 1)}.",
                f"Scores: {self._scores(self.state.scores)}",
                f"Replay the same deals with --seed {self.state.game.seed}.",
            )
        return self.state

    def _tell(self, lines_for: Callable[[], list[str]]) -> None:
        """Write what happened as each person at the screen sees it.

        ``lines_for`` is called once per person, with `me` set to that person: the one who
        has the screen reads the lines now, the other after the next cover screen.
        """
        holder = self.holder
        for person in self.people:
            self.me = person
            lines = lines_for()
            if person == holder:
                self._say(*lines)
            else:
                self.pending[person] += lines
        self.me = holder if holder is not None else self.people[0]

    def _take_screen(self, person: int) -> None:
        """Pass the screen to ``person``: clear it, cover it, wait for Enter, catch up."""
        if self.holder == person:
            return
        if self.stdout.isatty():
            self.stdout.write(CLEAR)
        name = self.plain[person]
        self._say("", COVER, f"Pass the screen to {name}: press Enter.")
        self._read("Press Enter")
        self.holder = self.me = person
        lines, self.pending[person] = self.pending[person], []
        self._say(*lines)

    def _turn(self, state: State, seat: int, person: int) -> tuple[Action, State]:
        """Ask the person until the answer is a legal action; return it and the new state."""
        view = observe(state, seat)
        if view.phase in (Phase.MELD, Phase.MISDEAL) and len(view.legal_actions) == 1:
            # Nothing to declare or exchange: just draw; no misdeal to call: keep the hand.
            action = view.legal_actions[0]
            return action, apply(state, action)
        self._take_screen(person)
        prompt = self._prompt(view)
        self._say("", explain_legal(view), *prompt.lines)
        while True:
            text = self._read(prompt.question)
            if text.lower() in ("quit", "exit"):
                raise _QuitError("You quit.")
            if text.lower() in ("help", "?"):
                self._say(*HELP, "", *prompt.lines)
                continue
            if not text:
                continue
            try:
                action = _interpret(text, prompt)
                return action, apply(state, action)
            except IllegalActionError as exc:
                self._say(f"  {exc.action}: not allowed, {exc.reason}.")
            except (_ReplyError, ValueError) as exc:
                self._say(f"  {exc}")

    def _read(self, question: str) -> str:
        self.stdout.write(f"{question}> ")
        self.stdout.flush()
        line = self.stdin.readline()
        if not self.stdin.isatty():  # scripted input: echo it, so the transcript reads well
            self.stdout.write(line.rstrip("\n") + "\n")
        if not line:
            raise _QuitError("End of input.")
        return line.strip()

    def _say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.stdout)
        self.stdout.flush()

    # --- Names --------------------------------------------------------------------------

    def _name(self, persons: Sequence[int], seat: int) -> str:
        """The name of whoever sits at ``seat`` (``persons``: the hand's seating)."""
        return self.names[persons[seat]]

    def _does(self, persons: Sequence[int], seat: int, verb: str, own: str) -> str:
        """``West names`` or, for the person, ``You name`` (``own`` is that form)."""
        name = self._name(persons, seat)
        return f"You {own}" if name == "You" else f"{name} {verb}"

    def _calls(self, persons: Sequence[int], auction: Sequence[tuple[int, Action]]) -> str:
        return ", ".join(f"{self._name(persons, seat)} {call}" for seat, call in auction)

    def _my_seat(self, hand: Hand) -> int | None:
        return hand.persons.index(self.me) if self.me in hand.persons else None

    def _side(self, side: int) -> str:
        label = side_name(self.variant, side)
        mine = self.me % 2 if self.variant.deal.partnerships else self.me
        if side != mine:
            return label
        return f"{label} (you)" if self.variant.deal.partnerships else "You"

    def _scores(self, values: Sequence[int]) -> str:
        return "  ".join(f"{self._side(i)} {v}" for i, v in enumerate(values))

    def _intro(self) -> list[str]:
        variant = self.variant
        deal = variant.deal
        if len(self.people) > 1:
            return [
                f"{variant.name}: {variant.title} (seed {self.state.game.seed})",
                self._two_people(),
                "A cover screen hides the cards whenever the screen passes to the other person.",
                self._typing_line(),
            ]
        others = [self.plain[p] for p in range(deal.seated) if p not in (self.me, self.partner)]
        level = self.level.capitalize()
        seat = f"You sit {self.plain[self.me]}." if deal.players == 4 else "You play first seat."
        if deal.seated != deal.players:
            seat = f"You are {self.plain[self.me]}; each hand the dealer sits out"
            seat += "." if deal.seated == 4 else ", and so does the second on the dealer's left."
        if self.partner is not None:
            seat += f" {self.plain[self.partner]}, your partner, plays {PARTNER_LEVEL.title()};"
        verb = "plays" if len(others) == 1 else "play"
        return [
            f"{variant.name}: {variant.title} (seed {self.state.game.seed})",
            f"{seat} {_join(others)} {verb} {level}.",
            self._typing_line(),
        ]

    def _two_people(self) -> str:
        """Who sits where when two people share the screen."""
        one, two = (self.plain[p] for p in self.people)
        if self.variant.deal.partnerships:
            mates = [self.plain[(p + 2) % 4] for p in self.people]
            return (
                f"Two players: {one} and {two} play each other, each with a computer partner"
                f" at {PARTNER_LEVEL.title()} ({mates[0]} with {one}, {mates[1]} with {two})."
            )
        others = [self.plain[p] for p in range(self.variant.deal.seated) if p not in self.people]
        if not others:
            return f"Two players: {one} and {two} play each other."
        verb = "plays" if len(others) == 1 else "play"
        level = self.level.capitalize()
        return f"Two players: {one} and {two}; {_join(others)} {verb} {level}."

    def _typing_line(self) -> str:
        bid = _example_bid(self.variant)
        return f'Type a number or an action ("bid {bid}", "trump hearts", "play A♠"); help; quit.'

    # --- What the person sees before acting ---------------------------------------------

    def _prompt(self, view: Observation) -> _Prompt:
        phase = view.phase
        if phase is Phase.AUCTION:
            return self._auction(view)
        if phase is Phase.TRUMP:
            return self._trump(view)
        if phase in (Phase.PASS, Phase.RETURN, Phase.BURY):
            return self._card_choice(view)
        if phase is Phase.TRICKS:
            return self._trick(view)
        # The bidder's throw-in, or a two-hand trick winner's melds: a short list.
        lines = [*self._status(view), f"  Your hand: {_cards(view.hand, view.trump)}"]
        if phase is Phase.THROW_IN:
            lines.append("  Throw in (concede the bid) or play the hand out?")
        elif phase is Phase.MISDEAL:
            lines.append(
                "  Your hand may be thrown in as a misdeal (the same dealer deals again), or kept."
            )
        elif phase is Phase.CONCEDE:
            lines.append(self._concede_question(view))
        elif phase is Phase.DIX_EXCHANGE:
            lines.append(
                f"  You hold the dix: exchange it for the turned-up {view.turned_up} (the dix"
                " still scores if you win a trick), or keep it?"
            )
        elif TakeTurnUp() in view.legal_actions:
            lines.append(
                f"  You won the trick: declare a meld, exchange the dix, draw the last card,"
                f" or take the turned-up {view.turn_up}."
            )
        else:
            lines.append("  You won the trick: declare a meld, exchange the dix, or draw.")
        choices = tuple(view.legal_actions)
        hint = f"type a number from 1 to {len(choices)} or an action"
        return _Prompt((*lines, *_choice_lines(choices)), "Your choice", choices, hint=hint)

    def _concede_question(self, view: Observation) -> str:
        """The opponent's choice: concede the hand to the bidder, or play it out (14.1)."""
        assert view.bidder is not None
        meld = view.melds[view.bidder]
        shown = meld.total if meld is not None else 0
        bidder = self._name(view.persons, view.bidder)
        return (
            f"  {bidder} bid {view.bid} with meld {shown}: concede the hand (pay as if made)"
            " or play it out? (It is conceded only if every opponent concedes.)"
        )

    def _auction(self, view: Observation) -> _Prompt:
        melds = meld_by_trump(view.hand, view.variant)
        calls = self._calls(view.persons, view.auction) or "none yet"
        if view.bidder is not None:
            high = f"{view.bid} by {self._name(view.persons, view.bidder)}"
        else:
            high = f"none yet (the minimum is {view.variant.bidding.minimum})"
        legal = view.legal_actions  # lazy when the profile allows very many bids
        first_bid = next((i for i, a in enumerate(legal[:2]) if isinstance(a, Bid)), len(legal))
        choices = tuple(legal[: first_bid + SHOWN_BIDS])
        lines = [
            f"Your call. Scores: {self._scores(view.scores)}",
            f"  Your hand: {_cards(view.hand, None)}",
            "  Your meld with trump  "
            + "   ".join(f"{suit} {meld.total}" for suit, meld in melds.items()),
            f"  Bids so far: {calls}",
            f"  High bid: {high}",
            *_choice_lines(choices),
        ]
        if len(legal) > len(choices):
            top = legal[-1]
            assert isinstance(top, Bid)
            lines.append(f"  or type a higher bid, up to 'bid {top.amount}'")
        hint = f"type a number from 1 to {len(choices)}, 'bid N' or 'pass'"
        return _Prompt(tuple(lines), "Your call", choices, hint=hint)

    def _trump(self, view: Observation) -> _Prompt:
        melds = meld_by_trump(view.hand, view.variant)
        choices = tuple(view.legal_actions)
        labels = [
            f"{a} (meld {melds[a.suit].total})" if isinstance(a, NameTrump) else str(a)
            for a in choices
        ]
        lines = [f"You won the bid at {view.bid}: name trump.", *self._kitty_line(view)]
        lines.append(f"  Your hand: {_cards(view.hand, None)}")
        lines += _choice_lines(choices, labels)
        hint = f"type a number from 1 to {len(choices)} or a suit (hearts, H or ♥)"
        return _Prompt(tuple(lines), "Trump", choices, verb="trump", hint=hint)

    def _card_choice(self, view: Observation) -> _Prompt:
        """Pass, return or bury cards: typed, or picked by number from the hand."""
        assert view.bidder is not None
        bidder = self._name(view.persons, view.bidder)
        cards = sort_cards(view.hand, view.trump)
        lines = list(self._status(view))
        if view.phase is Phase.BURY:
            n = len(view.kitty)
            allowed: Collection[Card] = {c for a in view.legal_actions for c in _cards_of(a)}
            mine = view.melds[view.seat]
            lines += self._kitty_line(view)
            if mine is not None:
                lines.append(f"  Your meld {mine.total}: {meld_text(mine)}")
            lines.append(f"  Bury {n} cards (* = may be buried):")
            make: Callable[[tuple[Card, ...]], Action] = Bury
            verb = "bury"
        else:
            n = view.variant.passing.cards
            partner = self._name(view.persons, (view.seat + 2) % 4)
            allowed = cards
            if view.phase is Phase.PASS:
                lines.append(f"  Pass {n} cards to {bidder}, the bidder:")
            elif view.passed_to_me:
                lines.append(f"  {partner} passed you {format_cards(view.passed_to_me)}.")
                keep = score_meld(view.hand, trump=view.trump, variant=view.variant)
                lines.append(f"  Meld you keep returning none of its cards: {keep.total}")
                lines.append(f"    {meld_text(keep)}")
                lines.append(f"  Return {n} cards to {partner}:")
            else:  # passing.order = "simultaneous": the partner's cards come afterwards
                lines.append(f"  {partner} has chosen {n} cards for you; you see them after.")
                lines.append(f"  Pass {n} cards to {partner} from your own hand:")
            make, verb = PassCards, "pass-cards"
        lines += _numbered(cards, allowed)
        if view.phase is not Phase.BURY:  # every card is starred: say what the marks mean
            lines.append(LEGEND)
        lines.append('  Type the cards ("AS 10S KH QH") or their numbers ("1 2 5 9").')
        hint = f"type {_count(n)} (AS 10S KH QH) or their numbers (1 2 5 9)"
        return _Prompt(tuple(lines), "Cards", cards=cards, pick=n, make=make, verb=verb, hint=hint)

    def _trick(self, view: Observation) -> _Prompt:
        cards = sort_cards(view.hand, view.trump)
        legal = {a.card for a in view.legal_actions if isinstance(a, Play)}
        played = "  ".join(f"{self._name(view.persons, s)} {c}" for s, c in view.trick)
        lines = [
            *self._status(view),
            f"  Trick {len(view.tricks) + 1}: {played or 'you lead'}",
            "  Your hand (* = you may play it):",
            *_numbered(cards, legal),
        ]
        hint = "type a card (A♠ or AS) or its number"
        return _Prompt(
            tuple(lines), "Your card", cards=cards, pick=1, make=_play, verb="play", hint=hint
        )

    def _status(self, view: Observation) -> list[str]:
        """Trump, the bid, meld and trick points this hand, the game score."""
        persons = view.persons
        head = f"Hand {view.hand_number + 1}"
        if view.trump is not None:
            head += f" · trump {view.trump}"
        if view.bidder is not None:
            head += f" · {self._name(persons, view.bidder)} bid {view.bid}"
        if view.turn_up is not None:
            head += f" · turned up {view.turn_up}, stock {view.stock_size}"
        partners = view.variant.deal.partnerships
        meld = [0] * view.variant.sides
        for seat, found in enumerate(view.melds):
            if found is not None:
                meld[seat % 2 if partners else persons[seat]] += found.total
        for seat, shown in enumerate(view.shown):  # two-hand: meld declared after tricks
            meld[persons[seat]] += sum(s.points for s in shown)
        target = f" (to {view.target})" if view.target is not None else ""
        lines = [head]
        if any(view.melds) or any(view.shown):
            lines.append(f"  Meld: {self._scores(meld)} · Points: {self._scores(view.points)}")
        lines.append(f"  Game: {self._scores(view.scores)}{target}")
        for seat, laid in enumerate(view.table):  # two-hand: melds face up on the table
            if laid:
                whose = "your" if seat == view.seat else f"{self._name(persons, seat)}'s"
                lines.append(f"  On {whose} table: {_cards(laid, view.trump)}")
        return lines

    def _kitty_line(self, view: Observation) -> list[str]:
        if not view.kitty:
            return []
        return [f"  You took the kitty: {format_cards(sort_cards(view.kitty))}"]

    # --- What happened ------------------------------------------------------------------

    def _events(self, before: State, action: Action, after: State) -> list[str]:
        """Describe an action and its public effects, hiding what the person may not see."""
        ended = len(after.results) > len(before.results)
        redealt = not ended and after.hand.number != before.hand.number
        hand = after.game.last_hand if ended else after.hand
        assert hand is not None
        seat = before.to_act
        assert seat is not None
        lines = self._action_line(before, action, after)
        if redealt and isinstance(action, CallMisdeal):
            pass  # the action line says it: the same dealer deals again
        elif redealt:  # rules/auction#all-pass: everyone passed and the deal moves on
            calls = self._calls(before.hand.persons, (*before.hand.auction, (seat, action)))
            lines += [f"  Auction: {calls}", "  Everyone passed: the deal moves on."]
        elif before.phase is Phase.AUCTION and (after.phase is not Phase.AUCTION or ended):
            lines += self._auction_end(hand)
        if not redealt and not any(before.hand.melds) and any(hand.melds):
            lines += self._meld_lines(hand)
        tricks = after.game.last_tricks if ended else after.tricks
        if isinstance(action, Play) and len(tricks) > len(before.tricks):
            lines.append(self._trick_line(hand, len(tricks), tricks[-1]))
        if ended:
            lines += self._hand_end(after)
        if (ended or redealt) and not after.is_over:
            lines += self._hand_start(after.hand)
        return lines

    def _action_line(self, before: State, action: Action, after: State) -> list[str]:
        hand = before.hand
        persons = hand.persons
        seat = before.to_act
        assert seat is not None
        me = self._my_seat(hand)
        if isinstance(action, NameTrump):
            who = self._does(persons, seat, "names", "name")
            return [f"  {who} trump {action.suit} ({action.suit.name.lower()})"]
        if isinstance(action, PassCards):
            to = (seat + 2) % 4
            verb = ("passes", "pass") if before.phase is Phase.PASS else ("returns", "return")
            together = self.variant.passing.order is PassingOrder.SIMULTANEOUS
            # Simultaneous passing: the bidder sees the partner's cards only once both chose.
            shown = me == seat or (me == to and not (together and before.phase is Phase.PASS))
            what = _cards(action.cards, hand.trump) if shown else f"{len(action.cards)} cards"
            receiver = self._name(persons, to).replace("You", "you")
            lines = [f"  {self._does(persons, seat, *verb)} {what} to {receiver}"]
            if together and before.phase is Phase.RETURN and me == seat:
                passed = _cards(hand.passed_cards, hand.trump)
                lines.append(f"  {self._name(persons, to)}'s cards reach you: {passed}")
            return lines
        if isinstance(action, Bury):
            what = _cards(action.cards, hand.trump) if me == seat else f"{len(action.cards)} cards"
            return [f"  {self._does(persons, seat, 'buries', 'bury')} {what}"]
        if isinstance(action, ThrowIn):
            return [f"  {self._does(persons, seat, 'throws', 'throw')} in"]
        if isinstance(action, CallMisdeal):
            cards = _cards(misdeal_shown(self.variant, before.hands[seat]), None)
            who = self._does(persons, seat, "calls", "call")
            return [f"  {who} a misdeal, showing {cards}: the same dealer deals again."]
        if isinstance(action, Concede):
            return [f"  {self._does(persons, seat, 'concedes', 'concede')}"]
        if isinstance(action, PlayOn):
            return [f"  {self._does(persons, seat, 'plays', 'play')} on"]
        if isinstance(action, Declare):
            points = after.hand.shown[seat][-1].points
            who = self._does(persons, seat, "declares", "declare")
            return [f"  {who} {action.kind} {_cards(action.cards, hand.trump)}: {points}"]
        if isinstance(action, ExchangeDix):
            who = self._does(persons, seat, "exchanges", "exchange")
            turned = hand.turn_up if hand.turn_up is not None else hand.turned_up
            return [f"  {who} the dix for the turned-up {turned}"]
        if isinstance(action, KeepDix):
            return [f"  {self._does(persons, seat, 'keeps', 'keep')} the dix"]
        if isinstance(action, Draw | TakeTurnUp) and me is not None:
            lines = []
            if isinstance(action, TakeTurnUp):
                who = self._does(persons, seat, "takes", "take")
                lines.append(f"  {who} the turned-up {hand.turn_up}")
            new = Counter(after.hands[me]) - Counter(before.hands[me])
            lines.append(f"  You draw {format_cards(new.elements())}.")
            if after.hand.turn_up is None:
                lines.append("  The stock is used up: the melds go back to the hands.")
            return lines
        return []

    def _auction_end(self, hand: Hand) -> list[str]:
        lines = [f"  Auction: {self._calls(hand.persons, hand.auction)}"]
        if hand.bidder is None:
            return lines
        lines.append(f"  {self._name(hand.persons, hand.bidder)} won the bid at {hand.bid}")
        me = self._my_seat(hand)
        if hand.kitty and (self.variant.kitty.shown or me == hand.bidder):
            lines.append(f"  Kitty: {format_cards(sort_cards(hand.kitty))}")
        return lines

    def _meld_lines(self, hand: Hand) -> list[str]:
        return [
            f"  Meld {self._name(hand.persons, seat):<6} {meld.total:>4}  {meld_text(meld)}"
            for seat, meld in enumerate(hand.melds)
            if meld is not None
        ]

    def _trick_line(self, hand: Hand, number: int, trick: CompletedTrick) -> str:
        plays = "  ".join(f"{self._name(hand.persons, s)} {c}" for s, c in trick.plays)
        winner = self._does(hand.persons, trick.winner, "takes", "take")
        return f"  Trick {number:>2}: {plays}  -> {winner} {trick.points}"

    def _hand_end(self, after: State) -> list[str]:
        result = after.results[-1]
        lines = [
            f"  Result: {result.reason}",
            f"  Hand: {'  '.join(f'{self._side(i)} {s:+d}' for i, s in enumerate(result.scores))}"
            f"   Scores: {self._scores(after.scores)}",
        ]
        if after.is_over and after.winner is not None:
            partners = self.variant.deal.partnerships
            mine = self.me % 2 if partners else self.me
            verdict = "You win!" if after.winner == mine else "You lose."
            if len(self.people) > 1:
                won = [
                    self.plain[p] for p in self.people if (p % 2 if partners else p) == after.winner
                ]
                verdict = f"{won[0]} wins!" if won else "You both lose."
            lines += [
                "",
                f"Game over after {len(after.results)} hands: {self._side(after.winner)} won.",
                verdict,
            ]
        return lines

    def _hand_start(self, hand: Hand) -> list[str]:
        dealer = self.names[hand.dealer_person]
        line = f"Hand {hand.number + 1}: {dealer} deal{'s' * (dealer != 'You')}"
        out = [self.names[p] for p in range(len(self.names)) if p not in hand.persons]
        if out:
            verb = "sit" if len(out) > 1 or self.me not in hand.persons else "sits"
            line += f"; {_join(out).replace('You', 'you')} {verb} out"
        lines = ["", line]
        if hand.turned_up is not None and hand.trump is not None:
            trump = hand.trump
            lines.append(f"  Turned up {hand.turned_up}: trump {trump} ({trump.name.lower()})")
        return lines + self._meld_lines(hand)


# --- Reading a reply ---------------------------------------------------------------------


def _interpret(text: str, prompt: _Prompt) -> Action:
    """The action a reply names: listed numbers, an action's text, or text without its verb.

    Raises:
        _ReplyError: The reply names no action.
    """
    tokens = text.replace(",", " ").split()
    if all(token.isdigit() for token in tokens):
        numbers = [int(token) for token in tokens]
        if prompt.make is None:
            if len(numbers) == 1 and 1 <= numbers[0] <= len(prompt.choices):
                return prompt.choices[numbers[0] - 1]
            raise _ReplyError(f"{text!r} is not a choice; {prompt.hint}")
        size = len(prompt.cards)
        wrong = [n for n in numbers if not 1 <= n <= size]
        if wrong:
            raise _ReplyError(f"no card numbered {wrong[0]}: the cards are numbered 1 to {size}")
        if len(numbers) != prompt.pick:
            raise _ReplyError(f"pick {_count(prompt.pick)} by number, not {len(numbers)}")
        if len(set(numbers)) < len(numbers):
            raise _ReplyError(f"{text!r}: name each card once")
        return prompt.make(tuple(prompt.cards[n - 1] for n in numbers))
    for attempt in (text, f"{prompt.verb} {text}" if prompt.verb else None):
        if attempt is not None:
            try:
                return parse_action(attempt)
            except ValueError:
                pass
    if prompt.make is not None and _is_suit(text):
        raise _ReplyError(f"{text!r} is a suit, not a card: {prompt.hint}")
    if prompt.make is not None:  # say which card is wrong
        try:
            parse_cards(text)
        except ValueError as exc:
            raise _ReplyError(f"{exc}; {prompt.hint}") from None
    raise _ReplyError(f"{text!r} is not understood; {prompt.hint}")


# --- Small helpers -------------------------------------------------------------------------


def _play(cards: tuple[Card, ...]) -> Action:
    return Play(cards[0])


def _cards_of(action: Action) -> tuple[Card, ...]:
    return action.cards if isinstance(action, Bury | PassCards) else ()


def _cards(cards: Sequence[Card], trump: Suit | None) -> str:
    return format_cards(sort_cards(cards, trump))


def _numbered(cards: Sequence[Card], allowed: Collection[Card]) -> list[str]:
    """The hand, one suit per line, each card numbered and starred when it is allowed."""
    rows: list[list[str]] = []
    suit = None
    for number, card in enumerate(cards, start=1):
        if card.suit is not suit:
            rows.append([])
            suit = card.suit
        mark = "*" if card in allowed else ""
        rows[-1].append(f"{number:>2} {card}{mark}".ljust(7))
    return ["  " + " ".join(row).rstrip() for row in rows]


def _choice_lines(choices: Sequence[Action], labels: Sequence[str] | None = None) -> list[str]:
    texts = labels if labels is not None else [str(a) for a in choices]
    return ["  " + "   ".join(f"{n}) {t}" for n, t in enumerate(texts, start=1))]


def _is_suit(text: str) -> bool:
    try:
        parse_suit(text)
    except ValueError:
        return False
    return True


def _example_bid(variant: Variant) -> int:
    """A bid to show as an example: one step above the profile's minimum (26 at 25 by 1)."""
    return variant.bidding.minimum + variant.bidding.step


def _join(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _count(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"
