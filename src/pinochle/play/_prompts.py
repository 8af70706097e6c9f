"""What the person sees before acting: the panel, the numbered choices, and reading a reply."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import attrs

from pinochle.actions import (
    Action,
    Bid,
    Bury,
    CallRenege,
    NameTrump,
    PassCards,
    Play,
    TakeTurnUp,
    parse_action,
)
from pinochle.cards import Card, parse_cards, parse_suit, sort_cards
from pinochle.demo import meld_text
from pinochle.errors import ReplyError
from pinochle.explain import explain_legal
from pinochle.meld import meld_by_trump, score_meld
from pinochle.play._voice import Voice, action_text, cards_text, count, join
from pinochle.state import Observation, Phase

SHOWN_BIDS = 5
"""How many bids the auction lists as numbered choices; higher ones are typed."""

LEGEND = "  Key: type a card's number to pick it; * = may be chosen (here: any card)"
"""Under the cards to pass or return, where every card is starred."""


@attrs.frozen
class Prompt:
    """One question to the person: the panel, the numbered choices, how to read a reply.

    Numbers name ``choices``, or, when ``cards`` is set, ``pick`` of the numbered cards,
    which ``make`` turns into the action. A reply without a verb is read with ``verb``, and
    one led by a word of ``words`` (``pass A♠ ...`` for ``pass-cards``) as if without it;
    ``usage`` tells the person what to type after a reply that names nothing.
    """

    lines: tuple[str, ...]
    question: str
    choices: tuple[Action, ...] = ()
    cards: tuple[Card, ...] = ()
    pick: int = 0
    make: Callable[[tuple[Card, ...]], Action] | None = None
    verb: str = ""
    usage: str = ""
    words: tuple[str, ...] = ()


class Prompter:
    """Builds the question for a person's decision from their observation."""

    def __init__(self, voice: Voice) -> None:
        self.voice = voice

    def prompt(self, view: Observation) -> Prompt:
        """The question for the seat's current decision."""
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
        lines = [*self._status(view), f"  Your hand: {cards_text(view.hand, view.trump)}"]
        if phase is Phase.THROW_IN:
            lines.append("  Throw in (concede the bid) or play the hand out?")
        elif phase is Phase.MISDEAL:
            lines.append(
                "  Your hand may be thrown in as a misdeal (the same dealer deals again), or kept."
            )
        elif phase is Phase.CONCEDE:
            lines.append(self._concede_question(view))
        elif phase is Phase.CALL:
            lines.append(f"  {explain_legal(view)}.")  # deal.partner: called or asked
        elif phase is Phase.MOON:
            s = view.variant.settlement
            lines.append(
                f"  Shoot the moon (your side takes every trick: +{s.moon_bonus}, or"
                f" -{s.moon_penalty} and no meld or points), or play on?"
            )
        elif phase is Phase.SHARE:
            lines += self._share_lines(view)
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
        labels = [action_text(a, view.trump) for a in choices]  # a declaration's cards sorted
        usage = f"type a number from 1 to {len(choices)} or an action"
        return Prompt(
            (*lines, *_choice_lines(choices, labels)), "Your choice", choices, usage=usage
        )

    def _concede_question(self, view: Observation) -> str:
        """The opponent's choice: concede the hand to the bidder, or play it out (14.1)."""
        assert view.bidder is not None
        meld = view.melds[view.bidder]
        shown = meld.total if meld is not None else 0
        bidder = self.voice.name(view.persons, view.bidder)
        return (
            f"  {bidder} bid {view.bid} with meld {shown}: concede the hand (pay as if made)"
            " or play it out? (It is conceded only if every opponent concedes.)"
        )

    def _auction(self, view: Observation) -> Prompt:
        melds = meld_by_trump(view.hand, view.variant)
        calls = self.voice.calls(view.persons, view.auction) or "none yet"
        if view.bidder is not None:
            high = f"{view.bid} by {self.voice.name(view.persons, view.bidder)}"
        else:
            high = f"none yet (the minimum is {view.variant.bidding.minimum})"
        legal = view.legal_actions  # lazy when the profile allows very many bids
        first_bid = next((i for i, a in enumerate(legal[:2]) if isinstance(a, Bid)), len(legal))
        choices = tuple(legal[: first_bid + SHOWN_BIDS])
        lines = [
            f"Your call. Scores: {self.voice.scores(view.scores)}",
            f"  Your hand: {cards_text(view.hand, None)}",
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
        usage = f"type a number from 1 to {len(choices)}, 'bid N' or 'pass'"
        return Prompt(tuple(lines), "Your call", choices, usage=usage)

    def _trump(self, view: Observation) -> Prompt:
        melds = meld_by_trump(view.hand, view.variant)
        choices = tuple(view.legal_actions)
        labels = [
            f"{a} (meld {melds[a.suit].total})" if isinstance(a, NameTrump) else str(a)
            for a in choices
        ]
        lines = [f"You won the bid at {view.bid}: name trump.", *self._kitty_line(view)]
        lines.append(f"  Your hand: {cards_text(view.hand, None)}")
        lines += _choice_lines(choices, labels)
        usage = f"type a number from 1 to {len(choices)} or a suit (hearts, H or ♥)"
        return Prompt(tuple(lines), "Trump", choices, verb="trump", usage=usage)

    def _card_choice(self, view: Observation) -> Prompt:
        """Pass, return or bury cards: typed, or picked by number from the hand."""
        assert view.bidder is not None
        bidder = self.voice.name(view.persons, view.bidder)
        cards = sort_cards(view.hand, view.trump)
        lines = list(self._status(view))
        if view.phase is Phase.BURY:
            n = len(view.kitty)
            allowed: Collection[Card] = {c for a in view.legal_actions for c in _cards_of(a)}
            mine = view.melds[view.seat]
            lines += self._kitty_line(view)
            if mine is not None:
                lines.append(f"  Your meld {mine.total}: {meld_text(mine)}")
            lines.append(f"  Bury {count(n)} (* = may be buried):")
            make: Callable[[tuple[Card, ...]], Action] = Bury
            verb = "bury"
        else:
            n = view.variant.passing.cards
            partner = self.voice.name(view.persons, (view.seat + 2) % 4)
            allowed = cards
            if view.phase is Phase.PASS:
                lines.append(f"  Pass {count(n)} to {bidder}, the bidder:")
            elif view.passed_to_me:
                lines.append(f"  {partner} passed you {cards_text(view.passed_to_me, view.trump)}.")
                keep = score_meld(view.hand, trump=view.trump, variant=view.variant)
                lines.append(f"  Meld you keep returning none of its cards: {keep.total}")
                lines.append(f"    {meld_text(keep)}")
                lines.append(f"  Return {count(n)} to {partner}:")
            else:  # passing.order = "simultaneous": the partner's cards come afterwards
                lines.append(f"  {partner} has chosen {count(n)} for you; you see them after.")
                lines.append(f"  Pass {count(n)} to {partner} from your own hand:")
            make, verb = PassCards, "pass-cards"
        lines += _numbered(cards, allowed)
        if view.phase is not Phase.BURY:  # every card is starred: say what the marks mean
            lines.append(LEGEND)
        typed, numbers = card_examples(n, len(cards))
        lines.append(f'  Type the cards ("{typed}") or their numbers ("{numbers}").')
        usage = f"type {count(n)} ({typed}) or their numbers ({numbers})"
        # "pass A♠ 10♠ ...", "return ...": the step's own word, as a hint writes it.
        words = () if view.phase is Phase.BURY else ("pass", "return")
        return Prompt(
            tuple(lines),
            "Cards",
            cards=cards,
            pick=n,
            make=make,
            verb=verb,
            usage=usage,
            words=words,
        )

    def _trick(self, view: Observation) -> Prompt:
        cards = sort_cards(view.hand, view.trump)
        legal = {a.card for a in view.legal_actions if isinstance(a, Play)}
        played = "  ".join(f"{self.voice.name(view.persons, s)} {c}" for s, c in view.trick)
        lines = [
            *self._status(view),
            f"  Trick {len(view.tricks) + 1}: {played or 'you lead'}",
            "  Your hand (* = you may play it):",
            *_numbered(cards, legal),
        ]
        if view.variant.renege.accept:  # a live table's referee: a renege is accepted
            lines.append("  A card without * is a renege: typed, it is played all the same.")
            calls = [a for a in view.legal_actions if isinstance(a, CallRenege)]
            if calls:
                named = [f'"{a}" on {self.voice.name(view.persons, a.seat)}' for a in calls]
                lines.append(f"  Or call a renege (play stops): {join(named)}.")
        usage = "type a card (A♠ or AS) or its number"
        return Prompt(
            tuple(lines), "Your card", cards=cards, pick=1, make=_play, verb="play", usage=usage
        )

    def _status(self, view: Observation) -> list[str]:
        """Trump, the bid, meld and trick points this hand, the game score."""
        persons = view.persons
        head = f"Hand {view.hand_number + 1}"
        if view.trump is not None:
            head += f" · trump {view.trump}"
        if view.bidder is not None:
            head += f" · {self.voice.name(persons, view.bidder)} bid {view.bid}"
        if view.turn_up is not None:
            head += f" · turned up {view.turn_up}, stock {view.stock_size}"
        meld = [0] * view.variant.sides
        for seat, found in enumerate(view.melds):
            if found is not None:
                meld[view.side_of(seat)] += found.total
        for seat, shown in enumerate(view.shown):  # two-hand: meld declared after tricks
            meld[view.side_of(seat)] += sum(s.points for s in shown)
        target = f" (to {view.target})" if view.target is not None else ""
        lines = [head]
        if any(view.melds) or any(view.shown):
            lines.append(
                f"  Meld: {self.voice.scores(meld)} · Points: {self.voice.scores(view.points)}"
            )
        lines.append(f"  Game: {self.voice.scores(view.scores)}{target}")
        for seat, laid in enumerate(view.table):  # two-hand: melds face up on the table
            if laid:
                whose = "your" if seat == view.seat else f"{self.voice.name(persons, seat)}'s"
                lines.append(f"  On {whose} table: {cards_text(laid, view.trump)}")
        return lines

    def _share_lines(self, view: Observation) -> list[str]:
        """``kitty.share``: the kitty, and who gets the second, third ... card of a share."""
        players = view.variant.deal.players
        left = [self.voice.name(view.persons, (view.seat + k) % players) for k in range(1, players)]
        return [
            *self._kitty_line(view),
            "  Keep one card and give one face down to each other player: the card you keep"
            f" first, then {join(left)}'s (typed: share A♠ 10♥ ...).",
        ]

    def _kitty_line(self, view: Observation) -> list[str]:
        if not view.kitty:
            return []
        return [f"  You took the kitty: {cards_text(view.kitty, view.trump)}"]


def interpret(text: str, prompt: Prompt) -> Action:
    """The action a reply names: listed numbers, an action's text, or text without its verb.

    Raises:
        ReplyError: The reply names no action.
    """
    word, _, rest = text.partition(" ")
    if rest.strip() and word.lower() in prompt.words:
        text = rest.strip()
    tokens = text.replace(",", " ").split()
    if all(token.isdigit() for token in tokens):
        numbers = [int(token) for token in tokens]
        if prompt.make is None:
            if len(numbers) == 1 and 1 <= numbers[0] <= len(prompt.choices):
                return prompt.choices[numbers[0] - 1]
            raise ReplyError(f"{text!r} is not a choice; {prompt.usage}")
        size = len(prompt.cards)
        wrong = [n for n in numbers if not 1 <= n <= size]
        if wrong:
            raise ReplyError(f"no card numbered {wrong[0]}: the cards are numbered 1 to {size}")
        if len(numbers) != prompt.pick:
            raise ReplyError(f"pick {count(prompt.pick)} by number, not {len(numbers)}")
        if len(set(numbers)) < len(numbers):
            raise ReplyError(f"{text!r}: name each card once")
        return prompt.make(tuple(prompt.cards[n - 1] for n in numbers))
    for attempt in (text, f"{prompt.verb} {text}" if prompt.verb else None):
        if attempt is not None:
            try:
                return parse_action(attempt)
            except ValueError:
                pass
    if prompt.make is not None and _is_suit(text):
        raise ReplyError(f"{text!r} is a suit, not a card: {prompt.usage}")
    if prompt.make is not None:  # say which card is wrong, of the cards after any verb
        verb, _, rest = text.partition(" ")
        try:
            parse_cards(rest if verb.lower() == prompt.verb else text)
        except ValueError as exc:
            raise ReplyError(f"{exc}; {prompt.usage}") from None
    raise ReplyError(f"{text!r} is not understood; {prompt.usage}")


_EXAMPLE_CARDS = ("AS", "10S", "KH", "QH", "JD", "AC", "10C", "KD", "QS", "JH", "AD", "KC")
"""Cards to show as typed examples: no nines, so they fit the double deck too."""


def card_examples(n: int, size: int) -> tuple[str, str]:
    """Examples of ``n`` cards to type, as cards and as numbers in a hand of ``size`` cards.

    ``("AS 10S KH QH", "1 2 5 9")`` for four; as many cards as the step asks for.
    """
    numbers = (1, 2, 5, 9) if n <= 4 and size >= 9 else range(1, n + 1)
    typed = " ".join(_EXAMPLE_CARDS[: min(n, len(_EXAMPLE_CARDS))])
    return typed, " ".join(str(k) for k in list(numbers)[:n])


def _play(cards: tuple[Card, ...]) -> Action:
    return Play(cards[0])


def _cards_of(action: Action) -> tuple[Card, ...]:
    return action.cards if isinstance(action, Bury | PassCards) else ()


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
