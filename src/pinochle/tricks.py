"""Tricks: who wins a trick and what won cards are worth (rules/trick-play, rules/counting).

The point values depend only on the profile's counting method and scale, so they are kept
in small tables indexed by `Card.index`, built once and shared by every profile that
counts the same way. `legal_plays` applies the obligations of ``[play]`` (follow suit,
head the trick, trump, overtrump) and `play_rule` says in a player's words what they ask.

This module is the one home of those obligations, the trick duty; everything that decides
legality or reads what a card played reveals asks it (the engine, `legal_plays`,
`play_rule`, `explain_legal`, `knowledge`'s ceilings, Hard's notes, the Expert's
play-outs). The rule is three small functions on plain ints (suits 0-3, ranks 0-5, -1 for
none): `_step_of` adds a card to a trick in progress, a trick being ``(led, top, best)``
(the suit led, the top rank of that suit, the top trump played on a plain-suit lead);
`_duty_of` says what the next card must do, as a `Duty` ``(follow, beat, ruff, over,
discard)``: follow the suit led, above ``beat`` if the hand can; else trump (``ruff``),
above ``over`` if it can, else any trump, or any card when ``discard``; and `_reveal_of`
reads a duty backwards, from a card played, into the highest rank its player may have held
in the suit led and in trump (a void, "could not beat", "could not overtrump"). A
`TrickRule` (`trick_rule`: one per ``[play]`` section and trump, kept) tabulates the
three for every trick state, so an inner loop (the engine, a play-out, a search) holds a
trick as one int and steps it, reads its duty and what a card reveals by indexing tuples
with `Card.index`. Each consumer keeps its own representation (cards, rank lists, masks)
and applies the duty to it; `_allowed` applies it to a hand of cards.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any, Final

from pinochle.cards import CARDS, Card, DeckKind, Rank, Suit, make_deck, parse_cards
from pinochle.errors import VARIANT_EXPECTED, ArgumentError
from pinochle.variant import Beat, CountingMethod, OpeningLead, Play, Rounding, Variant

__all__ = [
    "EMPTY_TRICK",
    "Duty",
    "TrickRule",
    "card_points",
    "deck_points",
    "leads_trump",
    "legal_plays",
    "play_rule",
    "round_trick_points",
    "trick_rule",
    "trick_winner",
]

# Values by rank, high to low (A T K Q J 9), from rules/counting#methods. Counters are on the ones
# scale and multiplied by the profile's scale; classic and simplified exist only on tens.
_RANK_VALUES: dict[CountingMethod, dict[Rank, int]] = {
    CountingMethod.COUNTERS: {Rank.ACE: 1, Rank.TEN: 1, Rank.KING: 1},
    CountingMethod.CLASSIC: {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2},
    CountingMethod.SIMPLIFIED: {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 5, Rank.QUEEN: 5},
}


@functools.cache
def _point_table(method: CountingMethod, scale: int) -> tuple[int, ...]:
    """The trick value of each of the 24 cards, indexed by `Card.index`."""
    factor = scale if method is CountingMethod.COUNTERS else 1
    values = _RANK_VALUES[method]
    return tuple(values.get(card.rank, 0) * factor for card in CARDS)


def _table(variant: Variant) -> tuple[int, ...]:
    # Keyed on (method, scale), not the whole profile: at most six tables ever exist.
    try:
        return _point_table(variant.counting.method, variant.scale)
    except AttributeError:
        raise ArgumentError("variant", VARIANT_EXPECTED, variant) from None


def card_points(cards: Iterable[Card] | str, variant: Variant) -> int:
    """Trick points of captured cards, without the last-trick bonus.

    Args:
        cards: The cards, or card text such as ``"AS TS KH QD"`` (read by `parse_cards`).
        variant: The profile whose ``counting.method`` and ``scale`` give the values: counters
            A, 10, K = 1 each (10 each on the tens scale); classic A 11, 10 10, K 4, Q 3, J 2;
            simplified A 10, 10 10, K 5, Q 5.

    Raises:
        CardParseError: ``cards`` is text and a token is not a card.
    """
    if isinstance(cards, str):
        cards = parse_cards(cards)
    table = _table(variant)
    try:
        return sum(table[card.index] for card in cards)
    except (AttributeError, TypeError):  # card names in a list, or something else entirely
        return sum(table[card.index] for card in parse_cards(cards))


@functools.cache
def _deck_card_points(method: CountingMethod, scale: int, deck: DeckKind) -> int:
    table = _point_table(method, scale)
    return sum(table[card.index] for card in make_deck(deck))


def deck_points(variant: Variant) -> int:
    """All the trick points of one hand: every card of the deck plus the last-trick bonus.

    For example 25 for a single deck on the ones scale, 250 on the tens scale (every method),
    and 50 for the double deck with a last trick worth 2 (rules/counting#double-deck).
    """
    if not isinstance(variant, Variant):
        raise ArgumentError("variant", VARIANT_EXPECTED, variant)
    counting = variant.counting
    return _deck_card_points(counting.method, variant.scale, variant.deal.deck) + (
        counting.last_trick
    )


def round_trick_points(points: int, variant: Variant) -> int:
    """Round a side's final trick-point total as the profile says (``counting.rounding``).

    With ``"nearest-ten"`` a total ending in 7, 8 or 9 goes up to the next ten and one ending
    in 1 to 6 goes down (rules/counting#rounding), so 247 gives 250 and 246 gives 240. Apply it
    once, to the total including the last trick, never to single tricks.

    Args:
        points: The side's trick points, last trick included.
        variant: The profile.
    """
    if variant.counting.rounding is Rounding.NEAREST_TEN:
        return (points + 3) // 10 * 10
    return points


def trick_winner(plays: Sequence[Card], trump: Suit | None) -> int:
    """The index, in play order, of the card that wins a trick.

    The highest trump wins; without trump in the trick, the highest card of the suit led.
    Of identical cards the one played first wins (rules/deck-and-deal#identical-cards).

    Args:
        plays: The cards of the trick in the order played (at least one).
        trump: The trump suit, or None.

    Raises:
        ArgumentError: The trick is empty.
    """
    if not plays:
        raise ArgumentError("plays", "at least one card (an empty trick has no winner)", plays)
    best = 0
    top = plays[0]
    for i in range(1, len(plays)):
        card = plays[i]
        # Only a strictly higher card of the winning card's suit, or a first trump, takes over.
        if card.suit == top.suit:
            if card.rank > top.rank:
                best, top = i, card
        elif card.suit == trump:
            best, top = i, card
    return best


# --- The trick duty (rules/trick-play#following) ---------------------------------------
#
# The one home of the ``[play]`` obligations; the module docstring tells the design. The
# rule is written once, in `_step_of`, `_duty_of` and `_reveal_of`; a `TrickRule`
# tabulates them for one profile section and trump, so an inner loop steps a trick and
# reads its duty by indexing tuples.

_NO_RANK: Final = -1
"""Below every rank: no trump played yet, no duty to beat, a void."""

_ANY_RANK: Final = int(Rank.ACE)  # a ceiling that rules nothing out
_KINDS: Final = len(CARDS)  # 24 distinct cards; a state is a multiple of it
_RUFFED: Final = _KINDS * _KINDS  # the states from here on have been trumped
EMPTY_TRICK: Final = _RUFFED * 7
"""The state of a trick not led yet (see `TrickRule`): 4032."""

Duty = tuple[int, int, int, int, bool]
"""What the next card of a trick must do: ``(follow, beat, ruff, over, discard)``.

- ``follow``: the suit led; a hand holding it must play one of it,
- ``beat``: one ranked above ``beat`` if it holds one (-1: any card of the suit);
- ``ruff``: void in the suit led, a trump (of this suit) if it holds one (-1: any card);
- ``over``: a trump ranked above ``over`` if it holds one (-1: any trump);
- ``discard``: holding trumps but none above ``over`` (0 or more): True any card, False
  any trump.

Suits and ranks are plain ints (0-3 and 0-5 as `Suit` and `Rank` number them), ready to
index a rank list or a mask table. A lead's duty is -1 for each number (any card).
"""

_LEAD: Final[Duty] = (_NO_RANK, _NO_RANK, _NO_RANK, _NO_RANK, False)

_TRUMP_LEADS: Final[tuple[Duty, ...]] = tuple(
    (_NO_RANK, _NO_RANK, suit, _NO_RANK, False) for suit in range(4)
)
"""The duty of an opening lead that must be a trump, by trump suit: no suit to follow,
so a trump if the leader holds one, else any card (`_allowed` reads it as a ruff)."""


def leads_trump(variant: Variant, bid: int | None) -> bool:
    """Whether the first lead of a hand won at ``bid`` must be a trump (``play.opening_lead``).

    The one rule of the opening lead (rules/trick-play#first-lead): ``"trump"`` always (WP:
    "some rules force the opening lead to be a trump"); ``"trump-unless-minimum"`` unless
    the bid was no more than ``bidding.minimum`` (an old double-deck help text: "the
    bidder must lead trump unless the bid was 50"); a hand without a bid (turned trump)
    has no minimum bid to spare it. A leader holding no trump leads any card.
    """
    rule = variant.play.opening_lead
    if rule is OpeningLead.ANY:
        return False
    if rule is OpeningLead.TRUMP or bid is None:
        return True
    return bid > variant.bidding.minimum


def _step_of(
    led: int, top: int, best: int, suit: int, rank: int, trump: int
) -> tuple[int, int, int]:
    """The rule's step: the trick ``(led, top, best)`` once a card (suit, rank) is added.

    ``top`` is the highest rank of the suit led, ``best`` the highest trump played on a
    plain-suit lead (-1 until it is trumped; a trump lead's top trump is ``top``).
    """
    if suit == led:
        return (led, rank, best) if rank > top else (led, top, best)
    if suit == trump and rank > best:
        return (led, top, rank)
    return (led, top, best)


def _duty_of(rules: Play, trump: int, led: int, top: int, best: int) -> Duty:
    """The rule's duty: what the next card added to the trick ``(led, top, best)`` must do.

    Following suit, beat the top card when the profile says (``beat``), after a ruff only
    if ``beat_after_trump``; void in the suit led, trump (``must_trump``), over the best
    trump played (``must_overtrump``), else anything when ``trump_when_cannot_overtrump``
    is off. On a trump lead a void player holds no trump: no trump duty.
    """
    follow = led
    if led == trump:
        heads = rules.beat is not Beat.NEVER
        return (follow, top if heads else _NO_RANK, _NO_RANK, _NO_RANK, False)
    heads = rules.beat is Beat.ALWAYS and (best < 0 or rules.beat_after_trump)
    if trump < 0 or not rules.must_trump:
        return (follow, top if heads else _NO_RANK, _NO_RANK, _NO_RANK, False)
    over = best if rules.must_overtrump else _NO_RANK
    discard = over >= 0 and not rules.trump_when_cannot_overtrump
    return (follow, top if heads else _NO_RANK, trump, over, discard)


def _reveal_of(duty: Duty, suit: int, rank: int) -> tuple[int, int]:
    """The duty read backwards: what a card played under ``duty`` shows its player lacked.

    Returns:
        (ceiling in the suit led, ceiling in trump): the highest rank of each the player
        may have held, -1 for none, `Rank.ACE` where the card shows nothing. The ceilings
        are exact: a hand holding the card meets them if and only if the card was a legal
        play from it (`_allowed`).
    """
    follow, beat, ruff, over, discard = duty
    if suit == follow:
        return (beat if rank <= beat else _ANY_RANK, _ANY_RANK)  # it could not beat
    if ruff < 0:
        return (_NO_RANK, _ANY_RANK)  # void in the suit led, then free
    if suit == ruff:
        return (_NO_RANK, over if rank <= over else _ANY_RANK)  # it could not overtrump
    if discard:
        return (_NO_RANK, over)  # free to discard only when it could not overtrump
    return (_NO_RANK, _NO_RANK)  # no trump either


class TrickRule:
    """The trick duty of one ``[play]`` section and trump, as tables (from `trick_rule`).

    The one statement of the obligations of rules/trick-play#following, shaped for inner
    loops (a play-out, a search): a trick in progress is one int, its *state*, and adding a
    card, the duty of the next card and what a card played reveals are each one tuple
    look-up.

    A state is ``24 * head + 576 * (best + 1)``: ``head`` is the `Card.index` of the card
    heading the suit led, ``best`` the rank of the highest trump played on a plain-suit
    lead (-1 for none, so the trick has been trumped exactly when ``state >= 576``); before
    the lead it is `EMPTY_TRICK`. A state is a multiple of 24, so adding a card's index to
    it looks the pair up. A trick of one card is ``24 * card.index``.

    Attributes:
        trump: The trump suit (0-3), -1 without trump.
        steps: ``steps[state + card.index]``: the state once the card is added to the trick.
        duties: ``duties[state]``: what the next card must do, a `Duty`.
        reveals: ``reveals[state + card.index]``: ``(suit led, ceiling, trump ceiling)``, what
            the card, played to the trick under its duty, shows its player held: no rank of
            the suit led above ``ceiling`` and no trump above ``trump ceiling`` (-1: none;
            5, the ace: the card shows nothing). Exact: a hand holding the card meets them
            if and only if the card was a legal play from it.
    """

    __slots__ = ("duties", "reveals", "steps", "trump")

    def __init__(self, rules: Play, trump: int) -> None:
        self.trump = trump
        steps = [0] * EMPTY_TRICK + [_encode(card.suit, card.rank, _NO_RANK) for card in CARDS]
        duties: list[Duty] = []
        reveals: list[tuple[int, int, int]] = []
        shared: dict[tuple[int, int, int], tuple[int, int, int]] = {}  # a few hundred values
        for state in range(0, EMPTY_TRICK, _KINDS):
            trick = _decode(state)
            duty = _duty_of(rules, trump, *trick)
            duties += [duty] * _KINDS
            if trick[2] >= 0 and (trump < 0 or trick[0] == trump):
                reveals += [_NOWHERE] * _KINDS  # no trick reaches it: nothing to work out
                continue
            for card in CARDS:
                steps[state + card.index] = _STATES[
                    _encode(*_step_of(*trick, card.suit, card.rank, trump)) // _KINDS
                ]
                shown = (duty[0], *_reveal_of(duty, card.suit, card.rank))
                reveals.append(shared.setdefault(shown, shown))
        duties += [_LEAD] * _KINDS  # before the lead: any card, showing nothing
        reveals += [(int(card.suit), _ANY_RANK, _ANY_RANK) for card in CARDS]
        self.steps, self.duties, self.reveals = tuple(steps), tuple(duties), tuple(reveals)


_STATES: Final = tuple(range(0, EMPTY_TRICK + _KINDS, _KINDS))  # one int object each
_NOWHERE: Final = (_NO_RANK, _ANY_RANK, _ANY_RANK)  # the reveal of a state no trick reaches


def _encode(led: int, top: int, best: int) -> int:
    """The state (see `TrickRule`) of the trick ``(led, top, best)``."""
    return _KINDS * (led * 6 + top) + _RUFFED * (best + 1)


def _decode(state: int) -> tuple[int, int, int]:
    """The trick ``(led, top, best)`` of a state (not `EMPTY_TRICK`)."""
    led, top = divmod(state % _RUFFED // _KINDS, 6)
    return led, top, state // _RUFFED - 1


_TABULATED: dict[tuple[object, ...], TrickRule] = {}


def _tabulated(rules: Play, trump: int) -> TrickRule:
    """The rule of these duties, shared by every section that sets the duty keys alike."""
    key = (
        rules.beat,
        rules.beat_after_trump,
        rules.must_trump,
        rules.must_overtrump,
        rules.trump_when_cannot_overtrump,
        trump,
    )  # at most 3 * 16 * 5 rules (first_lead is no duty)
    rule = _TABULATED.get(key)
    if rule is None:
        rule = _TABULATED[key] = TrickRule(rules, trump)
    return rule


_RULES: dict[int, tuple[Play, list[TrickRule | None]]] = {}
_LAST: list[Any] = [None, None, None]  # the last (rules, trump, rule) asked for


def trick_rule(rules: Play, trump: Suit | int | None) -> TrickRule:
    """The trick duty of a profile's ``[play]`` section under a trump, tabulated.

    Built once per section and trump and kept (the engine asks for it at every follow),
    so the same rule comes back for the same arguments.

    Args:
        rules: The profile's ``[play]`` section (``variant.play``).
        trump: The trump suit, a suit number (0-3), or None or -1 for no trump.

    Raises:
        ArgumentError: ``rules`` is not a ``[play]`` section or ``trump`` is no suit.
    """
    if rules is _LAST[0] and trump is _LAST[1]:
        return _LAST[2]  # type: ignore[no-any-return]
    # Kept by the section's identity (the entry holds the section, so its id stays its
    # own): hashing a section's keys would cost the engine more than the rule saves.
    if not isinstance(rules, Play):
        raise ArgumentError("rules", "a profile's [play] section (variant.play)", rules)
    if trump is not None and (type(trump) not in (int, Suit) or not -1 <= trump <= 3):
        raise ArgumentError("trump", "a Suit, a suit number 0-3, or None (no trump)", trump)
    kept = _RULES.get(id(rules))
    if kept is None or kept[0] is not rules:
        if len(_RULES) >= 256:
            _RULES.clear()
        kept = _RULES[id(rules)] = (rules, [None] * 5)
    at = 4 if trump is None or trump < 0 else int(trump)
    rule = kept[1][at]
    if rule is None:
        rule = kept[1][at] = _tabulated(rules, _NO_RANK if at == 4 else at)
    _LAST[:] = (rules, trump, rule)
    return rule


def _state(plays: Iterable[tuple[int, Card]], rule: TrickRule) -> int:
    """The state (see `TrickRule`) of a trick's ``(seat, card)`` plays."""
    steps = rule.steps
    state = EMPTY_TRICK
    for _, card in plays:
        state = steps[state + card.index]
    return state


def _unruffed(state: int) -> int:
    """The state of the same trick had no trump fallen on its plain-suit lead."""
    return state % _RUFFED


_BEAT, _FOLLOW, _OVERTRUMP, _TRUMP, _ANY = "beat", "follow", "overtrump", "trump", "any"
_SUIT_OR_NONE: Final = (*Suit, None)  # by suit number, -1 giving None


def _allowed(hand: Sequence[Card], duty: Duty) -> tuple[Sequence[Card], str]:
    """The cards of ``hand`` that meet ``duty``, and which part of the duty chose them.

    The part is "beat", "follow", "overtrump", "trump" or "any" (the whole hand, returned
    as it is); `play_rule` and `explain_legal` put it in words.
    """
    follow, beat, ruff, over, discard = duty
    # Suits are singletons: a card's suit is compared with the duty's member by ``is``.
    follow_suit = _SUIT_OR_NONE[follow]
    suited = [c for c in hand if c.suit is follow_suit]
    if suited:
        if beat >= 0:
            higher = [c for c in suited if c.rank > beat]
            if higher:
                return higher, _BEAT
        return suited, _FOLLOW
    if ruff < 0:
        return hand, _ANY
    trump = _SUIT_OR_NONE[ruff]
    trumps = [c for c in hand if c.suit is trump]
    if not trumps:
        return hand, _ANY
    if over >= 0:
        higher = [c for c in trumps if c.rank > over]
        if higher:
            return higher, _OVERTRUMP
        if discard:
            return hand, _ANY
    return trumps, _TRUMP


def _follow(
    hand: Sequence[Card], plays: Sequence[Card], trump: Suit | None, rules: Play
) -> tuple[Sequence[Card], str, Duty]:
    """The cards a player may add to a started trick, what chose them, and the duty.

    What chose them is the part of the duty `_allowed` names.
    """
    rule = trick_rule(rules, trump)
    duty = rule.duties[_state(enumerate(plays), rule)]
    cards, part = _allowed(hand, duty)
    return cards, part, duty


def _legal_follow(
    hand: Sequence[Card], trick: Sequence[tuple[int, Card]], trump: Suit | None, rules: Play
) -> Sequence[Card]:
    """`legal_plays` for the engine's inner loop: the trick as ``(seat, card)`` plays.

    The rule's tables read in place (this runs for three plays in four).
    """
    last = _LAST
    rule = last[2] if rules is last[0] and trump is last[1] else trick_rule(rules, trump)
    steps = rule.steps
    state = EMPTY_TRICK
    for _, card in trick:
        state = steps[state + card.index]
    return _allowed(hand, rule.duties[state])[0]


_SUIT_NAMES = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def _either(cards: Sequence[Card]) -> str:
    names = list(dict.fromkeys(str(c) for c in sorted(cards, key=lambda c: -c.rank)))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _opening_lead(hand: Sequence[Card], trump: Suit | None) -> tuple[Sequence[Card], str]:
    """The cards of ``hand`` a first lead that must be trump allows, and the part that chose.

    `_allowed` under the trump-lead duty: the trumps, or the whole hand without one.
    """
    if trump is None:
        return hand, _ANY
    return _allowed(hand, _TRUMP_LEADS[trump])


def legal_plays(
    hand: Sequence[Card],
    plays: Sequence[Card],
    trump: Suit | None,
    rules: Play,
    *,
    lead_trump: bool = False,
) -> Sequence[Card]:
    """The cards of ``hand`` that may be played to a trick (twins kept; the caller dedupes).

    Args:
        hand: The player's cards.
        plays: The cards already in the trick, in play order (empty: the player leads).
        trump: The trump suit.
        rules: The profile's ``[play]`` section.
        lead_trump: The player makes the hand's first lead and it must be a trump
            (`leads_trump`): a trump if the hand holds one.

    Returns:
        The legal cards, in the hand's order.
    """
    if not plays:
        return _opening_lead(hand, trump)[0] if lead_trump else hand
    return _follow(hand, plays, trump, rules)[0]


def play_rule(
    hand: Sequence[Card],
    plays: Sequence[Card],
    trump: Suit | None,
    rules: Play,
    *,
    lead_trump: bool = False,
) -> str:
    """What the obligations ask of this player now, in a player's words ("must trump").

    ``lead_trump``: as in `legal_plays`, the first lead must be a trump.
    """
    if not plays:
        if lead_trump and _opening_lead(hand, trump)[1] == _TRUMP:
            return "the first lead must be a trump"
        return "any card may lead"
    cards, part, duty = _follow(hand, plays, trump, rules)
    follow, beat, ruff, over, _ = duty
    if part == _BEAT:
        return f"must beat {CARDS[follow * 6 + beat]} with {_either(cards)}"
    if part == _OVERTRUMP:
        return f"must overtrump {CARDS[ruff * 6 + over]} with {_either(cards)}"
    if part == _FOLLOW:
        return f"must follow {_SUIT_NAMES[plays[0].suit]}"
    if part == _TRUMP:
        return "must trump"
    return "any card"
