"""Legal plays, checked exhaustively against a reference written from rules/trick-play#following.

`reference_plays` is a second, independent reading of the following obligations (it does not
use `pinochle.tricks`). It is compared with `pinochle.tricks.legal_plays` on random
positions under every combination of the ``[play]`` keys, and with the engine's
`legal_actions` in real games played at random under several profiles.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle import (
    Action,
    Bid,
    Card,
    DeckKind,
    IllegalActionError,
    Pass,
    Phase,
    PlayOn,
    State,
    Suit,
    Variant,
    apply,
    legal_actions,
    legal_plays,
    load_variant,
    make_deck,
    new_game,
    parse_cards,
)
from pinochle import Play as PlayCard
from pinochle.variant import Beat
from pinochle.variant import Play as PlayRules

# --- The reference (rules/trick-play#following) ---------------------------------------------------


def reference_plays(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, rules: PlayRules
) -> list[Card]:
    """The cards of ``hand`` that rules/trick-play#following lets a player add to
    ``trick`` (twins kept).

    - A leader plays anything.
    - Holding the suit led: follow it; when the profile makes you head (always, or only
      on a trump lead), play a card above the best card of the suit led if you have one,
      except that once a plain-suit lead has been trumped any card of the suit will do
      (unless ``beat_after_trump``).
    - Void in the suit led: trump if you must and can; when a trump is already in the
      trick and you must overtrump, beat the best trump if you can; if you cannot, still
      trump, or play anything when ``trump_when_cannot_overtrump`` is off.
    - With neither the suit led nor (a duty to play) trump: anything.
    """
    if not trick:
        return list(hand)
    led = trick[0].suit
    suited = [c for c in hand if c.suit == led]
    if suited:
        heads = rules.beat is Beat.ALWAYS or (rules.beat is Beat.TRUMP_LED and led == trump)
        ruffed = led != trump and any(c.suit == trump for c in trick)
        if heads and (rules.beat_after_trump or not ruffed):
            best = max(c.rank for c in trick if c.suit == led)
            higher = [c for c in suited if c.rank > best]
            if higher:
                return higher
        return suited
    trumps = [c for c in hand if c.suit == trump]
    if not trumps or not rules.must_trump:
        return list(hand)
    played = [c.rank for c in trick if c.suit == trump]
    if played and rules.must_overtrump:
        over = [c for c in trumps if c.rank > max(played)]
        if over:
            return over
        if not rules.trump_when_cannot_overtrump:
            return list(hand)
    return trumps


def test_reference_reproduces_the_seed_example() -> None:
    """S0 / rules/trick-play#following: the reference itself gives the worked example's answers."""
    s0 = PlayRules()  # the default [play] section is S0's
    assert set(
        reference_plays(parse_cards("A♣ 10♣ 9♣ A♦"), parse_cards("K♣"), Suit.SPADES, s0)
    ) == set(parse_cards("A♣ 10♣"))
    south = parse_cards("9♠ J♠ A♥")
    assert reference_plays(south, parse_cards("K♣ 10♣"), Suit.SPADES, s0) == list(
        parse_cards("9♠ J♠")
    )
    west = parse_cards("A♣ J♣ 9♦")
    assert reference_plays(west, parse_cards("K♣ 10♣ 9♠"), Suit.SPADES, s0) == list(
        parse_cards("A♣ J♣")
    )


# --- Every combination of the [play] keys ----------------------------------------------

ALL_RULES = [
    PlayRules(
        beat=beat,
        beat_after_trump=after,
        must_trump=must,
        must_overtrump=over,
        trump_when_cannot_overtrump=anyway,
    )
    for beat, after, must, over, anyway in itertools.product(
        Beat, (False, True), (False, True), (False, True), (False, True)
    )
]


def rules_id(rules: PlayRules) -> str:
    flags = ("beat_after_trump", "must_trump", "must_overtrump", "trump_when_cannot_overtrump")
    on = [name for name in flags if getattr(rules, name)]
    return "-".join([rules.beat.value, *on])


@st.composite
def positions(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Card, ...], Suit | None]:
    """A hand, a trick of 0-3 cards (rarely 0) and a trump suit (or none), from one deck.

    Trump is often the suit of a card in the trick (so ruffs are common), and the hand is
    drawn from a random subset of the suits, often void in the suit led but holding trump
    (so the trumping duties are as common as following)."""
    kind = draw(st.sampled_from(list(DeckKind)))
    deck = make_deck(kind)
    slots = range(len(deck))
    shortest = draw(st.sampled_from([1] * 9 + [0]))  # mostly a trick to follow, not a lead
    trick = draw(st.lists(st.sampled_from(slots), min_size=shortest, max_size=3, unique=True))
    played = [deck[i].suit for i in trick]
    choices: list[Suit | None] = [None, *Suit, *played, *played]
    trump = draw(st.sampled_from(choices))
    suits: set[Suit] = draw(st.sets(st.sampled_from(list(Suit)), min_size=1))
    if draw(st.booleans()) and played:
        suits = (suits | ({trump} if trump is not None else set())) - {played[0]}
        suits = suits or set(Suit) - {played[0]}
    rest = [i for i in slots if i not in trick and deck[i].suit in suits]
    size = 20 if kind is DeckKind.DOUBLE else 12
    hand = draw(st.lists(st.sampled_from(rest), min_size=1, max_size=size, unique=True))
    return tuple(deck[i] for i in hand), tuple(deck[i] for i in trick), trump


@settings(max_examples=600, deadline=None)
@given(position=positions())
def test_legal_plays_follow_the_rules_text(
    position: tuple[tuple[Card, ...], tuple[Card, ...], Suit | None],
) -> None:
    """rules/trick-play#following under every combination of beat, beat_after_trump, must_trump,
    must_overtrump and trump_when_cannot_overtrump (48 in all), for each position: the
    same cards, twins included."""
    hand, trick, trump = position
    for rules in ALL_RULES:
        found = legal_plays(hand, trick, trump, rules)
        assert Counter(found) == Counter(reference_plays(hand, trick, trump, rules)), rules


# --- Through the engine: random games under several profiles ---------------------------

BUILTIN = [
    load_variant(name)
    for name in (
        "pinochlerun",
        "pagat-partnership",
        "post-1945-books",
        "bicycle-partnership-auction",
        "browser-game",
        "hoyle-1914",
        "pagat-double-deck",
        "npa-double-deck",
    )
]
PLAY_KEYS = ("beat_after_trump", "must_trump", "must_overtrump", "trump_when_cannot_overtrump")


def with_rules(base: Variant, rules: PlayRules) -> Variant:
    play: dict[str, object] = {key: getattr(rules, key) for key in PLAY_KEYS}
    play["beat"] = rules.beat.value
    return base.override({"play": play, "name": f"{base.name}-{rules_id(rules)}"})


# Every [play] combination, on a single-deck and a double-deck profile.
OVERRIDDEN = [
    with_rules(load_variant(name), rules)
    for name in ("pinochlerun", "pagat-double-deck")
    for rules in ALL_RULES
]


def choose(state: State, rnd: random.Random) -> Action:
    """A random legal action; bids stay low (pass often, else the lowest bid) so that most
    hands are played, and the bidder always plays on."""
    actions = legal_actions(state)
    if state.phase is Phase.AUCTION:
        if Pass() in actions and rnd.random() < 0.7:
            return Pass()
        return next(a for a in actions if isinstance(a, Bid))
    if state.phase is Phase.THROW_IN:
        return PlayOn()
    return actions[rnd.randrange(len(actions))]


def card_states(state: State, rnd: random.Random) -> Iterator[State]:
    """Every state of the first played hand where a card is to be played."""
    for _ in range(30):  # hands that end before play (no marriage, out of reach): deal again
        number, played = state.hand.number, False
        while not state.is_over and state.hand.number == number:
            if state.phase is Phase.TRICKS:
                played = True
                yield state
            state = apply(state, choose(state, rnd))
        if played or state.is_over:
            return


def check_position(state: State) -> None:
    """The engine's legal cards are the reference's, each once; any other card held is
    refused."""
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    trick = [c for _, c in state.trick]
    actions = legal_actions(state)
    cards = [a.card for a in actions if isinstance(a, PlayCard)]
    assert len(cards) == len(actions) == len(set(cards))
    expected = set(reference_plays(hand, trick, state.hand.trump, state.variant.play))
    assert set(cards) == expected
    for c in set(hand) - expected:
        with pytest.raises(IllegalActionError):
            apply(state, PlayCard(c))


@pytest.mark.parametrize("variant", BUILTIN, ids=lambda v: v.name)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_engine_plays_follow_the_rules_text(
    variant: Variant, seed: int, rnd: random.Random
) -> None:
    """rules/trick-play#following in real games under the built-in four-hand profiles."""
    checked = 0
    for state in card_states(new_game(variant, seed), rnd):
        check_position(state)
        checked += 1
    assert checked == variant.tricks_per_hand * 4  # one whole hand


@pytest.mark.parametrize("variant", OVERRIDDEN, ids=lambda v: v.name)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_engine_plays_follow_the_rules_text_under_every_play_rule(
    variant: Variant, seed: int, rnd: random.Random
) -> None:
    """rules/trick-play#following in real games under every combination of the [play] keys."""
    checked = 0
    for state in card_states(new_game(variant, seed), rnd):
        check_position(state)
        checked += 1
    assert checked == variant.tricks_per_hand * 4  # one whole hand
