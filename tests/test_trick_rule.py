"""Every reader of the trick duty asks the one rule (rules/trick-play#following).

`pinochle.tricks` writes the ``[play]`` obligations once: `_step_of` adds a card to a trick
in progress, `_duty_of` says what the next card must do, `_reveal_of` reads a card played
back into what its player could not hold. The engine's legal cards, `legal_plays`,
`explain_legal`, the ceilings of `pinochle.knowledge`, Hard's notes and the Expert's
play-outs (rollout and search) each keep their own representation (cards, masks, rank
lists) but must give the rule's answer, forward (which cards are legal) and backward (what
a card shows), under every combination of the ``[play]`` keys. tests/test_legality.py
checks the rule itself against an independent reading of the rules page.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle import Card, DeckKind, Rank, Suit
from pinochle.bots import rollout
from pinochle.bots.memory import Notes, _recall
from pinochle.bots.search import Tricks, legal_ranks
from pinochle.explain import _cards
from pinochle.sampling import _read_trick, _Seen
from pinochle.tricks import (
    EMPTY_TRICK,
    _allowed,
    _duty_of,
    _legal_follow,
    _reveal_of,
    _state,
    _step_of,
    legal_plays,
    trick_rule,
)
from pinochle.variant import Beat
from pinochle.variant import Play as PlayRules

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
ACE = int(Rank.ACE)


def rules_id(rules: PlayRules) -> str:
    flags = ("beat_after_trump", "must_trump", "must_overtrump", "trump_when_cannot_overtrump")
    return "-".join([rules.beat.value, *(name for name in flags if getattr(rules, name))])


# --- The rule, from its three functions alone (no tables) --------------------------------

Plays = tuple[tuple[int, Card], ...]


def rule_duties(
    plays: Plays, trump: Suit | None, rules: PlayRules
) -> list[tuple[int, int, int, int, bool]]:
    """The duty each card of the trick was played under (the lead's is None's stand-in)."""
    t = -1 if trump is None else int(trump)
    lead = plays[0][1]
    trick = (int(lead.suit), int(lead.rank), -1)
    duties = [(-1, -1, -1, -1, False)]
    for _, card in plays[1:]:
        duties.append(_duty_of(rules, t, *trick))
        trick = _step_of(*trick, int(card.suit), int(card.rank), t)
    duties.append(_duty_of(rules, t, *trick))  # the next card's
    return duties


def rule_ceilings(
    plays: Plays, trump: Suit | None, rules: PlayRules, seats: int
) -> list[list[int]]:
    """Each seat's highest rank per suit that the trick's cards show, by `_reveal_of`."""
    ceilings = [[ACE] * 4 for _ in range(seats)]
    for (seat, card), duty in zip(plays[1:], rule_duties(plays, trump, rules)[1:], strict=False):
        in_led, in_trump = _reveal_of(duty, int(card.suit), int(card.rank))
        mine = ceilings[seat]
        mine[duty[0]] = min(mine[duty[0]], in_led)
        if in_trump < ACE:
            assert trump is not None
            mine[trump] = min(mine[trump], in_trump)
    return ceilings


# --- Random positions --------------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> tuple[tuple[Card, ...], Plays, Suit | None]:
    """A follower's hand, a started trick of 1-3 cards from seats 1-3, and a trump (or none).

    Single or double deck; trump is often a suit in the trick and the hand often void in
    the suit led, so every duty is common.
    """
    deck = pn.make_deck(draw(st.sampled_from(list(DeckKind))))
    slots = range(len(deck))
    trick = draw(st.lists(st.sampled_from(slots), min_size=1, max_size=3, unique=True))
    played = [deck[i].suit for i in trick]
    trump = draw(st.sampled_from([None, *Suit, *played, *played]))
    suits: set[Suit] = draw(st.sets(st.sampled_from(list(Suit)), min_size=1))
    if draw(st.booleans()):
        suits = (suits | ({trump} if trump is not None else set())) - {played[0]}
        suits = suits or set(Suit) - {played[0]}
    rest = [i for i in slots if i not in trick and deck[i].suit in suits]
    hand = draw(st.lists(st.sampled_from(rest), min_size=1, max_size=20, unique=True))
    cards = tuple(sorted((deck[i] for i in hand), key=lambda c: c.index))
    return cards, tuple((seat + 1, deck[i]) for seat, i in enumerate(trick)), trump


def rank_lists(hand: Sequence[Card]) -> list[list[int]]:
    lists: list[list[int]] = [[], [], [], []]
    for card in sorted(hand, key=lambda c: c.index):
        lists[card.suit].append(int(card.rank))
    return lists


_VARIANT = pn.load_variant("pinochlerun")
_VIEW = pn.observe(pn.new_game(_VARIANT, seed=1), 0)
_VARIANTS = {rules_id(r): attrs.evolve(_VARIANT, play=r) for r in ALL_RULES}


def explained(hand: Sequence[Card], plays: Plays, trump: Suit | None, rules: PlayRules) -> str:
    """`explain_legal`'s sentence for seat 0 following ``plays`` with ``hand``."""
    legal = legal_plays(hand, [c for _, c in plays], trump, rules)
    view = attrs.evolve(
        _VIEW,
        variant=_VARIANTS[rules_id(rules)],
        phase=pn.Phase.TRICKS,
        to_act=0,
        hand=tuple(hand),
        trump=trump,
        trick=plays,
        legal_actions=tuple(dict.fromkeys(pn.Play(c) for c in legal)),
    )
    return pn.explain_legal(view)


def seen_ceilings(plays: Plays, trump: Suit | None, rules: PlayRules) -> list[list[int]]:
    """Hard's notes (`_Seen._take`) reading one trick, on a bare set of notes."""
    seen = object.__new__(_Seen)
    seen.hand, seen.unseen, seen.holds, seen.held = [], [], [], []
    seen.seat, seen.free, seen.free_tricks = 0, 0, 0
    seen.rule = trick_rule(rules, trump)
    seen.ceilings = [[ACE] * 4 for _ in range(4)]
    seen.reading = EMPTY_TRICK
    # Read in two parts, as notes brought up to date mid-trick are.
    assert seen._take([plays[:1]], 0, 0, count=False)
    assert seen._take([plays], 0, 1, count=False)
    return seen.ceilings


def knowledge_ceilings(plays: Plays, trump: Suit | None, rules: PlayRules) -> list[list[int]]:
    """`pinochle.knowledge`'s reading of one trick (`pinochle.sampling._read_trick`)."""
    view = attrs.evolve(_VIEW, variant=_VARIANTS[rules_id(rules)], trump=trump)
    ceilings = [[ACE] * 4 for _ in range(4)]
    _read_trick(view, plays, ceilings)
    return ceilings


@settings(max_examples=60, deadline=None)
@given(position=positions())
def test_every_reader_gives_the_rules_answer_under_every_play_rule(
    position: tuple[tuple[Card, ...], Plays, Suit | None],
) -> None:
    hand, plays, trump = position
    cards = [c for _, c in plays]
    for rules in ALL_RULES:
        duties = rule_duties(plays, trump, rules)
        duty = duties[-1]
        legal = list(_allowed(hand, duty)[0])
        # The tables are the three functions.
        rule = trick_rule(rules, trump)
        assert rule.duties[_state(plays, rule)] == duty
        # Forward: the legal cards.
        assert list(_legal_follow(hand, plays, trump, rules)) == legal
        assert list(legal_plays(hand, cards, trump, rules)) == legal
        distinct = sorted({(int(c.suit), int(c.rank)) for c in legal})
        assert legal_ranks(rank_lists(hand), duty) == distinct
        text = explained(hand, plays, trump, rules)
        if "any card" in text:
            assert set(legal) == set(hand), text
        else:
            assert text.endswith(": " + _cards(legal)), text
        # Backward: what the trick's cards show.
        expected = rule_ceilings(plays, trump, rules, 4)
        assert knowledge_ceilings(plays, trump, rules) == expected
        assert seen_ceilings(plays, trump, rules) == expected


@settings(max_examples=100, deadline=None)
@given(position=positions())
def test_what_a_card_reveals_is_exactly_the_duty_read_backwards(
    position: tuple[tuple[Card, ...], Plays, Suit | None],
) -> None:
    """A hand holding a card meets what the card reveals if and only if it was legal."""
    hand, plays, trump = position
    for rules in ALL_RULES:
        duty = rule_duties(plays, trump, rules)[-1]
        legal = _allowed(hand, duty)[0]
        for card in set(hand):
            in_led, in_trump = _reveal_of(duty, int(card.suit), int(card.rank))
            meets = all(
                (c.suit != duty[0] or c.rank <= in_led) and (c.suit != trump or c.rank <= in_trump)
                for c in hand
            )
            assert meets is (card in legal), (card, duty)


# --- Real games: the Expert's play-outs and Hard's notes --------------------------------


class _ChosenError(Exception):
    """Raised by a stand-in for the play-out's choice: the candidates it was offered."""

    def __init__(self, cards: set[tuple[int, int]]) -> None:
        super().__init__()
        self.cards = cards


def _rollout_candidates(state: pn.State, monkeypatch: pytest.MonkeyPatch) -> set[tuple[int, int]]:
    """The cards the rollout's first choice of this state chooses among."""

    def in_suit(ranks: list[int], suit: int, *_: Any) -> int:
        raise _ChosenError({(suit, r) for r in ranks})

    def anywhere(hand: list[list[int]], *_: Any) -> tuple[int, int]:
        raise _ChosenError({(s, r) for s in range(4) for r in hand[s]})

    with monkeypatch.context() as patch:
        patch.setattr(rollout, "_in_suit", in_suit)
        patch.setattr(rollout, "_anywhere", anywhere)
        try:
            rollout._list_tricks(state, None)
        except _ChosenError as chosen:
            return chosen.cards
    raise AssertionError("the play-out chose no card")


def _games(rules: PlayRules) -> list[pn.Variant]:
    return [
        attrs.evolve(pn.load_variant(name), play=rules)
        for name in ("pinochlerun", "pinochlerun-double-deck", "cutthroat-3")
    ]


@pytest.mark.slow
@pytest.mark.parametrize("rules", ALL_RULES, ids=rules_id)
def test_play_outs_and_notes_read_the_rule_in_real_games(
    rules: PlayRules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At every follow of seeded random hands: the Expert's rollout and search offer the
    engine's legal cards, and Hard's notes tell what `pinochle.knowledge` tells."""
    for variant in _games(rules):
        rng = random.Random(variant.name)
        state = pn.new_game(variant, seed=rng.randrange(1000))
        notes = Notes()
        while not state.results:
            legal = pn.legal_actions(state)
            seat = state.to_act
            assert seat is not None
            if state.phase is pn.Phase.TRICKS and state.trick:
                cards = {(int(a.card.suit), int(a.card.rank)) for a in legal}  # type: ignore[union-attr]
                assert _rollout_candidates(state, monkeypatch) == cards
                assert set(Tricks(state).legal()) == cards
                view = pn.observe(state, seat)
                kept, read = notes.recall(view), _recall(view)
                assert [list(c) for c in kept.ceilings] == [list(c) for c in read.ceilings]
            state = pn.apply(state, _pick(rng, legal))


def _pick(rng: random.Random, legal: Sequence[pn.Action]) -> pn.Action:
    """A random action, but bid, and play the hand on rather than throw it in."""
    first = legal[0]
    if isinstance(first, pn.Pass):
        return first if rng.random() < 0.75 or len(legal) == 1 else legal[1]
    if isinstance(first, pn.Bid):
        return first
    if isinstance(first, pn.ThrowIn):
        return legal[1]
    return legal[rng.randrange(len(legal))]


# --- The public face: states, duties and what a card shows, as a program reads them -----


def test_the_rules_pages_example_read_through_the_tables() -> None:
    """rules/trick-play#example-trick: K♣ led, spades trump, S0's [play] section."""
    rule = pn.trick_rule(PlayRules(), Suit.SPADES)
    king, ten, nine_s = pn.parse_cards("KC TC 9S")
    clubs, spades = int(Suit.CLUBS), int(Suit.SPADES)
    state = rule.steps[pn.EMPTY_TRICK + king.index]
    assert state == 24 * king.index
    # Hold clubs: beat the K♣; else trump (no trump yet: any trump).
    assert rule.duties[state] == (clubs, int(Rank.KING), spades, -1, False)
    state = rule.steps[state + ten.index]
    assert rule.duties[state] == (clubs, int(Rank.TEN), spades, -1, False)
    # The 9♠ shows no club; once trumped, any club will do and a trump must beat the 9♠.
    assert rule.reveals[state + nine_s.index] == (clubs, -1, ACE)
    state = rule.steps[state + nine_s.index]
    assert state >= 576
    assert rule.duties[state] == (clubs, -1, spades, int(Rank.NINE), False)
    # A 9♣ after the 10♣ shows no club above the 10 (it could not beat it).
    nine_c = pn.parse_cards("9C")[0]
    ten_state = rule.steps[rule.steps[pn.EMPTY_TRICK + king.index] + ten.index]
    assert rule.reveals[ten_state + nine_c.index] == (clubs, int(Rank.TEN), ACE)


def test_the_same_rule_comes_back_for_the_same_section_and_trump() -> None:
    rules = PlayRules()
    assert pn.trick_rule(rules, Suit.SPADES) is pn.trick_rule(rules, 3)
    assert pn.trick_rule(rules, None) is pn.trick_rule(rules, -1)
    assert pn.trick_rule(rules, None).trump == -1


@pytest.mark.parametrize(
    ("rules", "trump", "named"),
    [("always", None, "rules"), (PlayRules(), 4, "trump"), (PlayRules(), "S", "trump")],
)
def test_trick_rule_refuses_what_is_no_play_section_or_suit(
    rules: object, trump: object, named: str
) -> None:
    with pytest.raises(pn.ArgumentError, match=f"^{named}: expected"):
        pn.trick_rule(rules, trump)  # type: ignore[arg-type]
