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
explains this; ``hint`` suggests an action from what the person can see (`pinochle.analysis`)
and asks again; ``quit``, the end of the input or Ctrl-C ends the game. With ``review`` each
person reads, after each hand, what their decisions in it cost.

The parts: the table's loop and screens here; ``_prompts`` (what a person is asked, and
reading the reply), ``_telling`` (what happened, as that person may see it), ``_voice``
(everyone's names and sides as that person reads them) and ``_hinting`` (hints and reviews).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

import attrs

from pinochle import arguments
from pinochle._text import printable
from pinochle._words import counted
from pinochle.actions import (
    Action,
    CorrectRenege,
)
from pinochle.demo import Player
from pinochle.engine import apply, new_game, observe
from pinochle.errors import ArgumentError, IllegalActionError, PinochleError, ReplyError
from pinochle.explain import explain_legal
from pinochle.play._hinting import hint_lines, review_head, review_lines
from pinochle.play._prompts import Prompter, card_examples, interpret
from pinochle.play._telling import Teller
from pinochle.play._voice import Voice, action_text, join
from pinochle.records import record_of
from pinochle.state import Observation, Phase, State
from pinochle.terminal import styled
from pinochle.variant import DixExchange, LastDraw, Misdeal, Variant

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Seating", "play_game", "seating"]

LEVELS = ("easy", "medium", "hard", "expert")
"""The computer players' levels a person may choose (S1's computer levels)."""

DEFAULT_LEVEL = "medium"
"""The opponents' level when none is chosen: a fair game for a newcomer."""

PARTNER_LEVEL = "hard"
"""The person's computer partner always plays at Hard (S1)."""


CLEAR = "\x1b[2J\x1b[3J\x1b[H"
"""Clears a terminal and its scrollback before a cover screen (only when it is a terminal)."""

COVER = "=" * 60
"""The line that opens every cover screen, so a transcript shows where the screen passed."""


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
        ArgumentError: ``players`` is neither 1 nor 2.
    """
    if players not in (1, 2):
        raise ArgumentError("players", "1 or 2 people at the screen", players)
    deal = variant.deal
    first = 2 if deal.players == 4 else 0  # South at four-hand tables, else the first
    # Two people: South and West at four-hand tables (opposite sides), else the first two.
    people = (first, (first + 1) % deal.seated) if players == 2 else (first,)
    partners = {q for p in people for q in variant.partners_of(p)}
    levels = {
        person: PARTNER_LEVEL if person in partners else level
        for person in range(deal.seated)
        if person not in people
    }
    return Seating(people, levels, (first - 1) % deal.seated)


class _QuitError(Exception):
    """The person left the table: ``quit``, the end of the input or Ctrl-C."""


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
    review: bool = False,
    hint_worlds: int | None = None,
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
            so with two people at a four-hand table every computer player is Hard), or
            ``cmd:PROGRAM ARGS``: a program speaking the bot protocol
            (`pinochle.protocol.ExternalBot`) plays each opponent.
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
        review: After each hand, show each person the review of their decisions in it
            (`pinochle.analysis.review`): the hand's summary line and each decision marked
            ``?`` or ``??``. With two people each reads their own on their own screen: the
            one holding the screen at once, the other after the next cover screen (at the
            game's end the screen passes to them for it).
        hint_worlds: The deals a hint (and a review) imagines for each decision (default:
            `pinochle.analysis.WORLDS` for the deck); fewer is faster and rougher.

    Returns:
        The last state: game over, or where a person left.

    Raises:
        ArgumentError: ``level`` is not a bot level, ``players`` is neither 1 nor 2, or
            ``hint_worlds`` is not a whole number from 1 to 10000.
    """
    if players not in (1, 2):
        raise ArgumentError("players", "1 or 2 people at the screen", players)
    if hint_worlds is not None:  # checked now, not at the first hint in the middle of a game
        arguments.number("hint_worlds", hint_worlds, 1, 10_000)
    out = styled(stdout or sys.stdout, ascii=ascii, colour=colour)
    table = _Table(variant, level, seed, stdin or sys.stdin, out, players)
    table.review, table.hint_worlds = review, hint_worlds
    try:
        return table.run()
    finally:
        table.close()
        if on_end is not None:
            on_end(table.state)


def _level_name(level: str) -> str:
    """A level as the intro names it: ``Hard``, or ``the program 'node bot.js'``."""
    if level.startswith("cmd:"):
        return f"the program {printable(level[4:].strip())!r}"
    return level.capitalize()


def _program(level: str, seed: int) -> Player:
    """A program seated at the table (``cmd:PROGRAM ARGS``, the bot protocol)."""
    from pinochle.protocol import ExternalBot  # lazily: only for a program
    from pinochle.protocol._host import check_command

    check_command(level, "level")
    bot: Player = ExternalBot(level, seed)
    return bot


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

        self.variant = variant
        self.level = level
        self.stdin, self.stdout = stdin, stdout
        seats = seating(variant, players, level)
        first = seats.people[0]
        self.voice = Voice(variant, seats.people)  # speaks as one person at a time
        self.prompter, self.teller = Prompter(self.voice), Teller(self.voice)
        self.holder: int | None = first if players == 1 else None  # who has the screen
        self.pending: dict[int, list[str]] = {person: [] for person in seats.people}
        self.review = False  # --review: each person's review after each hand
        self.hint_worlds: int | None = None  # the deals a hint imagines (None: the default)
        self.asked: set[tuple[int, int, int]] = set()  # corrections offered: hand, trick, seat
        self.unread: set[int] = set()  # the people with a review waiting behind a cover
        self.state = new_game(variant, seed=seed, dealer=seats.dealer)
        game_seed = self.state.game.seed
        self.bots: dict[int, Player] = {
            person: _program(bot_level, game_seed + person)
            if bot_level.startswith("cmd:")
            else make_bot(bot_level, seed=game_seed + person)
            for person, bot_level in seats.levels.items()
        }

    # --- The loop ---------------------------------------------------------------------

    def run(self) -> State:
        self._say(*self._intro())
        self._tell(lambda: self.teller.hand_start(self.state.hand))
        try:
            if len(self.voice.people) > 1:  # both read the intro before the screen is cleared
                self._say("", "When you have both read this, press Enter.")
                self._read("Press Enter")
            while not self.state.is_over:
                before = self.state
                seat = before.to_act
                assert seat is not None
                person = before.hand.persons[seat]
                corrected = self._correction(before)  # renege.correction: before the next card
                if corrected is not None:
                    action, after = corrected
                elif person in self.voice.people:
                    action, after = self._turn(before, seat, person)
                else:
                    action = self._bot_action(before, seat, person)
                    after = apply(before, action)
                self.state = after
                self._tell(lambda: self.teller.events(before, action, after))  # noqa: B023
                ended = len(after.results) > len(before.results)
                if ended or after.hand.number != before.hand.number:  # over, or redealt
                    if self.review:
                        self._review(before, after)
                    if not after.is_over:
                        self._tell(lambda: self.teller.hand_start(after.hand))  # noqa: B023
            if self.unread:  # the game is over: the other person still has a review to read
                for person in sorted(self.unread):
                    self._take_screen(person)
        except (_QuitError, KeyboardInterrupt) as stop:
            if self.state.is_over:  # left at the last cover screen: the game is over already
                return self.state
            why = str(stop) or "Stopped."
            if len(self.voice.people) > 1:
                why = why.replace("You quit.", f"{self.voice.plain[self.voice.me]} quit.")
            hands = counted(len(self.state.results), "hand")
            self._say(
                "",
                f"{why} The game is abandoned after {hands}.",
                f"Scores: {self.voice.scores(self.state.scores)}",
                f"Replay the same deals with --seed {self.state.game.seed}.",
            )
        return self.state

    def _bot_action(self, state: State, seat: int, person: int) -> Action:
        """A computer player's action.

        A program is given the state (the bot protocol), and its failure is told, once, to
        the people at the screen.
        """
        bot = self.bots[person]
        act = getattr(bot, "act", None)
        if act is None:
            return bot(observe(state, seat))
        failures = getattr(bot, "failures", [])
        known = len(failures)
        action: Action = act(state, seat)
        for failure in failures[known:]:
            name = self.voice.plain[person]
            lines = [
                f"{name}'s program failed ({failure}); a random player plays its cards "
                "until this deal ends."
            ]
            self._tell(lambda lines=lines: lines)  # type: ignore[misc]
        return action

    def close(self) -> None:
        """Stop the programs seated at the table (``cmd:`` levels)."""
        for bot in self.bots.values():
            close = getattr(bot, "close", None)
            if close is not None:
                close()

    def _tell(self, lines_for: Callable[[], list[str]]) -> None:
        """Write what happened as each person at the screen sees it.

        ``lines_for`` is called once per person, with `me` set to that person: the one who
        has the screen reads the lines now, the other after the next cover screen.
        """
        holder = self.holder
        for person in self.voice.people:
            self.voice.me = person
            lines = lines_for()
            if person == holder:
                self._say(*lines)
            else:
                self.pending[person] += lines
        self.voice.me = holder if holder is not None else self.voice.people[0]

    def _review(self, before: State, after: State) -> None:
        """Each person's review of the hand that ``before`` finished, on their own screen."""
        hand = before.hand
        record = record_of(after)
        for person in self.voice.people:
            if person not in hand.persons:  # sat out: no decision to review
                continue
            head = review_head(hand.number + 1)
            if person == self.holder:  # the title first: the review takes a few seconds
                self._say(*head)
            try:
                lines = review_lines(
                    record, hand.number + 1, hand.persons.index(person), self.hint_worlds
                )
            except PinochleError as exc:  # as for a hint: the game goes on
                lines = [f"  The review failed ({exc}); please report it."]
            if person == self.holder:
                self._say(*lines)
            else:
                self.pending[person] += [*head, *lines]
                self.unread.add(person)

    def _take_screen(self, person: int) -> None:
        """Pass the screen to ``person``: clear it, cover it, wait for Enter, catch up."""
        self.unread.discard(person)
        if self.holder == person:
            return
        if self.stdout.isatty():
            self.stdout.write(CLEAR)
        name = self.voice.plain[person]
        self._say("", COVER, f"Pass the screen to {name}: press Enter.")
        self._read("Press Enter")
        self.holder = self.voice.me = person
        lines, self.pending[person] = self.pending[person], []
        self._say(self.voice.introduce(person), *lines)

    def _turn(self, state: State, seat: int, person: int) -> tuple[Action, State]:
        """Ask the person until the answer is a legal action; return it and the new state."""
        view = observe(state, seat)
        if view.phase in (Phase.MELD, Phase.MISDEAL) and len(view.legal_actions) == 1:
            # Nothing to declare or exchange: just draw; no misdeal to call: keep the hand.
            action = view.legal_actions[0]
            return action, apply(state, action)
        self._take_screen(person)
        prompt = self.prompter.prompt(view)
        self._say("", explain_legal(view), *prompt.lines)
        while True:
            text = self._read(prompt.question)
            if text.lower() in ("quit", "exit"):
                raise _QuitError("You quit.")
            if text.lower() in ("help", "?"):
                self._say(*help_lines(self.variant), "", *prompt.lines)
                continue
            if text.lower() == "hint":
                self._hint(view)
                continue
            if not text:
                continue
            try:
                action = interpret(text, prompt)
                return action, apply(state, action)
            except IllegalActionError as exc:
                self._say(f"  {action_text(action, view.trump)}: not allowed, {exc.reason}.")
            except (ReplyError, ValueError) as exc:
                self._say(f"  {exc}")

    def _correction(self, state: State) -> tuple[Action, State] | None:
        """A person's correction of their renege in the open trick (``renege.correction``).

        Asked once a renege, before the next card is played: the person types the card to
        play instead, or presses Enter to let the renege stand. Only the offender is asked,
        so the question tells nobody else of the renege.
        """
        if not self.variant.renege.correction or state.phase is not Phase.TRICKS:
            return None
        hand = state.hand
        for person in self.voice.people:
            if person not in hand.persons:
                continue
            seat = hand.persons.index(person)
            key = (hand.number, len(state.tricks), seat)
            fixes = [a for a in observe(state, seat).legal_actions if type(a) is CorrectRenege]
            if not fixes or key in self.asked:
                continue
            self.asked.add(key)
            wrong = next(card for who, card in state.trick if who == seat)
            self._take_screen(person)
            self._say(
                "",
                f"  Your {wrong} does not meet the duty of this trick: a renege.",
                "  You may correct it before the trick closes: type the card to play instead",
                f"  ({join([str(a.card) for a in fixes])}), or press Enter to let it stand.",
            )
            while True:
                text = self._read("Correct")
                if text.lower() in ("quit", "exit"):
                    raise _QuitError("You quit.")
                if not text:
                    break
                verb, _, rest = text.partition(" ")
                typed = rest if verb.lower() in ("play", "correct") and rest else text
                try:
                    action = CorrectRenege(seat, typed)
                    return action, apply(state, action)
                except IllegalActionError as exc:
                    self._say(f"  {text}: not allowed, {exc.reason}.")
                except ValueError as exc:
                    self._say(f"  {exc}")
        return None

    def _hint(self, view: Observation) -> None:
        """Answer ``hint``: from the person's own observation only, never the state."""
        tty = self.stdout.isatty()
        if tty:  # a note while the deals are imagined, wiped once the hint is there
            self.stdout.write("  Thinking...")
            self.stdout.flush()
        try:
            lines = hint_lines(view, self.hint_worlds)
        except PinochleError as exc:  # a hint is advice: its failure must not end the game
            lines = [f"  No hint for this decision: the hint failed ({exc}); please report it."]
        if tty:
            self.stdout.write("\r\x1b[K")
        self._say(*lines)

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
        for line in lines:  # a profile's name or title may come from a file: escaped
            print(printable(line), file=self.stdout)
        self.stdout.flush()

    def _intro(self) -> list[str]:
        variant = self.variant
        deal = variant.deal
        if len(self.voice.people) > 1:
            return [
                f"{variant.name}: {variant.title} (seed {self.state.game.seed})",
                self._two_people(),
                "A cover screen hides the cards whenever the screen passes to the other person.",
                self._typing_line(),
            ]
        partners = variant.partners_of(self.voice.me)
        others = [
            self.voice.plain[p]
            for p in range(deal.seated)
            if p != self.voice.me and p not in partners
        ]
        level = _level_name(self.level)
        seat = f"You sit {self.voice.plain[self.voice.me]}."
        if deal.seated != deal.players:
            seat = f"You are {self.voice.plain[self.voice.me]}; each hand the dealer sits out"
            seat += "." if deal.seated == 4 else ", and so does the second on the dealer's left."
        if partners:
            names = join([self.voice.plain[p] for p in partners])
            role = "your partner, plays" if len(partners) == 1 else "your partners, play"
            seat += f" {names}, {role} {PARTNER_LEVEL.title()};"
        verb = "plays" if len(others) == 1 else "play"
        return [
            f"{variant.name}: {variant.title} (seed {self.state.game.seed})",
            f"{seat} {join(others)} {verb} {level}.",
            self._typing_line(),
        ]

    def _two_people(self) -> str:
        """Who sits where when two people share the screen."""
        one, two = (self.voice.plain[p] for p in self.voice.people)
        if self.variant.deal.partnerships:
            mates = [
                join([self.voice.plain[q] for q in self.variant.partners_of(p)])
                for p in self.voice.people
            ]
            each = "a computer partner" if len(self.variant.partners_of(0)) == 1 else "partners"
            return (
                f"Two players: {one} and {two} play each other, each with {each}"
                f" at {PARTNER_LEVEL.title()} ({mates[0]} with {one}, {mates[1]} with {two})."
            )
        others = [
            self.voice.plain[p]
            for p in range(self.variant.deal.seated)
            if p not in self.voice.people
        ]
        if not others:
            return f"Two players: {one} and {two} play each other."
        verb = "plays" if len(others) == 1 else "play"
        level = _level_name(self.level)
        return f"Two players: {one} and {two}; {join(others)} {verb} {level}."

    def _typing_line(self) -> str:
        examples = ", ".join(f'"{e}"' for e in example_actions(self.variant))
        return f"Type a number or an action ({examples}); hint; help; quit."


def example_bid(variant: Variant) -> int:
    """A bid to show as an example: one step above the profile's minimum (26 at 25 by 1).

    Never above the profile's highest bid: where the minimum is the highest, the minimum.
    """
    bidding = variant.bidding
    bid = bidding.minimum + bidding.step
    return bid if bidding.maximum is None or bid <= bidding.maximum else bidding.minimum


def example_actions(variant: Variant) -> tuple[str, ...]:
    """The intro's examples: actions a person types at every table of this profile.

    A bid and a trump only where there is an auction (a turned trump has none); the draw
    after a trick where there is a stock (two-hand).
    """
    examples = ["play A♠"]
    if variant.has_auction:
        examples[:0] = [f"bid {example_bid(variant)}", "trump hearts"]
    if variant.deal.stock:
        examples.append("draw")
    return tuple(examples)


def help_lines(variant: Variant) -> tuple[str, ...]:
    """What ``help`` says: only the actions the profile's game has, with examples that fit it.

    Every example in double quotes is something to type at one of the game's prompts.
    """
    lines = ["Type one of the numbers shown, or the action itself:"]
    bare = ['"A♠"']  # what may be typed without its verb
    if variant.has_auction:
        bid = example_bid(variant)
        lines.append(f'  in the auction: "bid {bid}" or "pass"; then "trump hearts" (or ♥ or H)')
        bare.append('"hearts"')
    hand = variant.deal.hand
    for n, step in ((variant.passing.cards, "pass"), (variant.deal.kitty, "bury")):
        if n and (step == "bury" or variant.deal.partnerships):
            typed, numbers = card_examples(n, hand)
            lines.append(f'  cards to {step}: type them ("{typed}") or their numbers ("{numbers}")')
            bare.append(f'"{typed}"')
    lines.append('  a card: "play A♠" (or AS)')
    settle = variant.settlement
    if variant.has_auction and settle.throw_in:  # no auction, no bidder to give up
        lines.append('  the bidder, before play: "throw in" (concede the bid) or "play on"')
    if variant.has_auction and settle.opponents_concede:
        lines.append('  the bidder\'s opponents, before play: "concede" or "play on"')
    if variant.deal.stock:
        turn = variant.stock.dix_exchange
        after = '"declare KIND: CARDS"' + (', "exchange dix"' if turn else "") + ' or "draw"'
        lines.append(f"  after winning a trick: {after}")
        if variant.stock.last_draw is LastDraw.WINNER_CHOOSES:
            lines.append('  at the last draw: "draw turn-up" takes the turned-up card')
    if variant.deal.misdeal is not Misdeal.NONE:
        lines.append('  right after the deal, with a hand that qualifies: "misdeal" or "keep"')
    if variant.renege.accept:
        lines.append(
            '  in trick play, a card without * is played as a renege; "call renege 2" calls'
            " one on seat 2"
        )
    if variant.renege.correction:
        lines.append("  after your renege, before its trick closes: the card to play instead")
    if not variant.deal.stock and variant.trump.dix_exchange is not DixExchange.NONE:
        lines.append('  holding a dix of the turned trump: "exchange dix" or "keep dix"')
    lines += [
        f"The verb may be left out when the prompt says what it is ({join(bare)}).",
        "hint suggests an action for this decision from what you can see; you still choose.",
        "quit ends the game.",
    ]
    return tuple(lines)
