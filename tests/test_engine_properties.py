"""Engine invariants over random legal games (docs/testing-house-rules.md#the-invariants).

Whole games come from `pinochle.testing.play_random_game` (seeded, cautious bidders) under
every built-in four-hand profile; single positions come from the `pinochle.testing.games`
strategy, under the same profiles and under random house profiles built on them
(`pinochle.testing.variants`). The invariants: cards are conserved (rules/deck-and-deal#hands,
rules/passing-and-kitty#passing), a played hand counts the whole deck (rules/counting#methods), the
auction and the deal follow rules/deck-and-deal#hands and rules/auction#mechanics, `legal_actions`
lists every legal action once and `apply` takes exactly those, games end (rules/game-end#target),
observations hide every card the seat may not know, records replay.
"""

from __future__ import annotations

import enum
import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle import (
    CARDS,
    Action,
    Bid,
    Card,
    Hand,
    IllegalActionError,
    NameTrump,
    Observation,
    Outcome,
    Pass,
    PassCards,
    Phase,
    Play,
    PlayOn,
    State,
    Suit,
    ThrowIn,
    Variant,
    apply,
    bid_limit,
    builtin_variants,
    deck_points,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    observe,
    round_trick_points,
)
from pinochle.auction import next_bid
from pinochle.records import GameRecord, record_of, replay, replay_states
from pinochle.testing import games, play_random_game, variants

FOUR_HAND = (
    "pinochlerun",
    "browser-game",
    "pagat-partnership",
    "post-1945-books",
    "hoyle-1914",
    "bicycle-partnership-auction",
    "pinochlerun-double-deck",
    "pagat-double-deck",
    "npa-double-deck",
)
VARIANTS = {name: load_variant(name) for name in FOUR_HAND}

# rules/counting#methods: the trick points of one hand, last trick included.
DECK_POINTS = {
    "pinochlerun": 25,
    "browser-game": 25,
    "pagat-partnership": 250,
    "post-1945-books": 250,
    "hoyle-1914": 250,
    "bicycle-partnership-auction": 250,
    "pinochlerun-double-deck": 50,
    "pagat-double-deck": 50,
    "npa-double-deck": 50,
}

# Random play may never finish these: the dealer is stuck at 250 (tens), random tricks
# rarely make it, a set costs the bid, the bidder may throw in at the same price, and there
# is no losing floor, so both sides tend to drift below zero, far from 1500. Their games may
# stop at the hand cap; every other profile must reach game over within it.
WANDERING = frozenset({"pagat-partnership", "post-1945-books"})
HAND_CAP = 60
SEEDS = (0, 1, 2)
WALKS = [(name, seed) for name in FOUR_HAND for seed in SEEDS]


def test_the_list_covers_every_four_hand_profile() -> None:
    # A four-hand kitty (wikipedia-four-hand-kitty) is walked with the widow games, whose
    # invariants count the kitty and the buried cards (tests/test_table_sizes_properties.py).
    four = {n for n in builtin_variants() if load_variant(n).deal.players == 4}
    assert {n for n in four if not load_variant(n).deal.kitty} == set(FOUR_HAND)


@functools.cache
def walk(name: str, seed: int) -> tuple[State, ...]:
    """Every state of one seeded random game (shared by the tests below)."""
    return tuple(play_random_game(VARIANTS[name], seed, max_hands=HAND_CAP))


def walk_id(value: object) -> str:
    return str(value)


def settlements(states: Sequence[State]) -> Iterator[tuple[State, State]]:
    """(last state of a hand, first state after its settlement) for every settled hand."""
    for before, after in itertools.pairwise(states):
        if len(after.results) > len(before.results):
            yield before, after


def deals(states: Sequence[State]) -> list[State]:
    """The first state of every deal (redeals included)."""
    return [s for i, s in enumerate(states) if i == 0 or s.hand.number != states[i - 1].hand.number]


def cards_in_play(state: State) -> Counter[Card]:
    """Every card the state holds: in hands, in the current trick, in this hand's tricks."""
    where = Counter(c for hand in state.hands for c in hand)
    where.update(c for _, c in state.trick)
    where.update(c for trick in state.tricks for _, c in trick.plays)
    return where


# --- Whole games ------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "seed"), WALKS, ids=walk_id)
def test_cards_are_conserved(name: str, seed: int) -> None:
    """rules/deck-and-deal#hands, rules/passing-and-kitty#passing: every card of the deck is in
    exactly one place at every moment (a hand, the trick, a finished trick); passing moves cards and
    never makes them."""
    deck = Counter(make_deck(VARIANTS[name].deal.deck))
    for state in walk(name, seed):
        assert cards_in_play(state) == deck, (state.phase, state.actions[-1:])


@pytest.mark.parametrize(("name", "seed"), WALKS, ids=walk_id)
def test_a_played_hand_counts_the_whole_deck(name: str, seed: int) -> None:
    """rules/counting#methods: a played hand's tricks hold the deck's trick points (25
    / 250 / 50), and the settlement credits each side with the points of the tricks it won."""
    variant = VARIANTS[name]
    total = DECK_POINTS[name]
    assert deck_points(variant) == total
    played = 0
    for before, after in settlements(walk(name, seed)):
        result = after.results[-1]
        tricks = after.game.last_tricks
        assert after.game.last_hand is not None
        assert after.game.last_hand.number == before.hand.number
        if len(tricks) == variant.tricks_per_hand:
            played += 1
            assert result.outcome in (Outcome.MADE, Outcome.SET)
            assert sum(t.points for t in tricks) == total
            for side, part in enumerate(result.sides):
                won = sum(t.points for t in tricks if before.side_of(t.winner) == side)
                assert part.points == round_trick_points(won, variant)
        else:  # settled before any card was played
            assert tricks == ()
            assert result.outcome in (Outcome.NOT_ON_BOARD, Outcome.THROWN_IN, Outcome.NO_MARRIAGE)
            assert all(part.points == 0 for part in result.sides)
    assert played > 0


@pytest.mark.parametrize(("name", "seed"), WALKS, ids=walk_id)
def test_legal_actions_run_out_only_when_the_game_is_over(name: str, seed: int) -> None:
    for state in walk(name, seed):
        assert bool(legal_actions(state)) is not state.is_over
        assert (state.to_act is None) is state.is_over


@pytest.mark.parametrize(("name", "seed"), WALKS, ids=walk_id)
def test_every_game_ends(name: str, seed: int) -> None:
    """rules/game-end#target: a game ends exactly when a side reaches the target (or falls to the
    floor); random play under a profile without a floor may wander up to the hand cap."""
    variant = VARIANTS[name]
    states = walk(name, seed)
    last = states[-1]
    if name in WANDERING:
        assert last.is_over or last.hand.number == HAND_CAP
    else:
        assert last.is_over
    floor, target = variant.game.lose_at, variant.game.target
    assert target is not None
    for _, after in settlements(states):
        fallen = floor is not None and min(after.scores) <= floor
        reached = [side for side, score in enumerate(after.scores) if score >= target]
        if after.is_over:
            assert fallen or reached
            assert after.winner is not None
            assert fallen or after.winner in reached
        else:
            assert not fallen
            assert not reached


@pytest.mark.parametrize(("name", "seed"), WALKS, ids=walk_id)
def test_the_deal(name: str, seed: int) -> None:
    """rules/deck-and-deal#hands: every hand gets ``deal.hand`` cards and the hands
    make the whole deck; the deal passes to the left, and the dealer's left speaks first
    (rules/auction#mechanics); deals differ from hand to hand."""
    variant = VARIANTS[name]
    deck = Counter(make_deck(variant.deal.deck))
    starts = deals(walk(name, seed))
    for number, state in enumerate(starts):
        hand = state.hand
        assert hand.number == number
        assert state.phase is Phase.AUCTION
        assert [len(cards) for cards in hand.dealt] == [variant.deal.hand] * 4
        assert Counter(c for cards in hand.dealt for c in cards) == deck
        assert state.hands == hand.dealt
        assert hand.dealer == number % 4  # play_random_game deals first from seat 0
        assert state.to_act == (hand.dealer + 1) % 4
    assert len({s.hand.dealt for s in starts}) == len(starts) > 1


@pytest.mark.parametrize("name", FOUR_HAND)
def test_same_seed_same_game(name: str) -> None:
    """Randomness enters only through the deal (docs/engine.md#what-happens-in-a-hand)."""
    variant = VARIANTS[name]
    first = play_random_game(variant, 7, max_hands=2)
    again = play_random_game(variant, 7, max_hands=2)
    assert first == again
    assert [s.actions for s in first] == [s.actions for s in again]
    assert new_game(variant, seed=7).hands == new_game(variant, seed=7).hands
    assert new_game(variant, seed=7).hands != new_game(variant, seed=8).hands
    # The same actions from the same seed give the same states, whoever chose them.
    replayed = [new_game(variant, seed=7)]
    for action in first[-1].actions:
        replayed.append(apply(replayed[-1], action))
    assert replayed == first


@pytest.mark.parametrize("name", ["pinochlerun", "pagat-double-deck"])
def test_cards_built_with_the_constructor_are_conserved(name: str) -> None:
    """Twins are one value (cards.py), however they were made: a deal of ``Card(...)``
    copies plays like the shared cards, each card leaving the hand it was played from."""
    variant = VARIANTS[name]
    dealt = new_game(variant, seed=5).hands
    state = new_game(variant, seed=5, hands=[[Card(c.suit, c.rank) for c in h] for h in dealt])
    deck = Counter(make_deck(variant.deal.deck))
    rnd = random.Random(5)
    while state.hand.number == 0:
        legal = legal_actions(state)
        assert len(set(legal)) == len(legal)
        state = apply(state, legal[0] if state.phase is Phase.AUCTION else rnd.choice(legal))
        assert cards_in_play(state) == deck
    assert len(state.game.last_tricks) == variant.tricks_per_hand


def test_a_game_without_a_seed_keeps_the_one_it_drew() -> None:
    variant = VARIANTS["pinochlerun"]
    state = new_game(variant)
    assert new_game(variant, state.game.seed).hands == state.hands
    assert new_game(variant).game.seed != state.game.seed


# --- Single positions: built-in and house profiles --------------------------------------

PROFILES = [*FOUR_HAND, "house"]
HOUSE = st.sampled_from(FOUR_HAND).flatmap(lambda name: variants(base=name))


def positions(profile: str) -> st.SearchStrategy[State]:
    if profile == "house":
        return HOUSE.flatmap(lambda v: games(v))
    return games(VARIANTS[profile])


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_legal_actions_are_distinct_and_accepted(profile: str, data: st.DataObject) -> None:
    """Every listed action is taken (and moves cards without making or losing any), each
    is listed once (twins are one action), and the list is empty only at the end."""
    state = data.draw(positions(profile))
    deck = Counter(make_deck(state.variant.deal.deck))
    assert cards_in_play(state) == deck
    legal = legal_actions(state)
    if state.is_over:
        assert len(legal) == 0
        with pytest.raises(IllegalActionError, match="the game is over"):
            apply(state, Pass())
        return
    assert len(legal) > 0
    if state.phase in (Phase.PASS, Phase.RETURN):
        # rules/passing-and-kitty#passing: any `passing.cards` of the cards held, twins
        # making one choice.
        assert state.to_act is not None
        hand = state.hands[state.to_act]
        choices = {PassCards(c) for c in itertools.combinations(hand, state.variant.passing.cards)}
        assert len(legal) == len(choices)
        assert set(legal) == choices
    else:
        assert len(set(legal)) == len(legal)
    for action in legal:
        assert action in legal
        after = apply(state, action)
        assert after.actions == (*state.actions, action)
        assert cards_in_play(after) == deck


def illegal_candidates(state: State) -> list[Action]:
    """Actions of every kind: cards not held or not allowed, bids off the grid or out of
    range, passes, wrong card counts; most of them are illegal in any given state."""
    variant = state.variant
    hand = state.hands[state.to_act] if state.to_act is not None else ()
    held = Counter(hand)
    n = variant.passing.cards or 4
    absent = [c for c in CARDS if c not in held]
    lowest, step = variant.bidding.minimum, variant.bidding.step
    current = state.hand.bid if state.hand.bidder is not None else None
    following = next_bid(variant, current)
    amounts = {0, -step, lowest - 1, lowest + 1, bid_limit(variant) + 1, bid_limit(variant) + step}
    if current is not None:
        amounts |= {current, current - 1}
    if following is not None:
        amounts |= {following - 1, following + 1, following + step // 2}
    passes = [hand[: n - 1], hand[: n + 1], (*hand[: n - 1], *absent[:1]), hand[:1] * n]
    return [
        Pass(),
        ThrowIn(),
        PlayOn(),
        *(NameTrump(suit) for suit in Suit),
        *(Play(c) for c in CARDS),
        *(Bid(a) for a in sorted(amounts)),
        *(PassCards(cards) for cards in passes),
    ]


def check_rejections(state: State) -> None:
    """Every candidate that is not legal is refused with its text and a reason, and the
    state stays equal to an untouched twin and as usable."""
    twin = replay(record_of(state))  # an equal state that no rejected action has touched
    legal = legal_actions(state)
    refused = 0
    for action in illegal_candidates(state):
        if action in legal:
            continue
        with pytest.raises(IllegalActionError) as caught:
            apply(state, action)
        assert caught.value.action == str(action)
        assert caught.value.reason
        refused += 1
    assert refused > 0
    assert state == twin
    assert state.actions == twin.actions
    assert list(legal_actions(state)[:5]) == list(legal_actions(twin)[:5])
    assert len(legal_actions(state)) == len(legal_actions(twin))
    if not state.is_over:
        action = legal_actions(twin)[0]
        assert apply(state, action) == apply(twin, action)


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_illegal_actions_are_rejected_and_change_nothing(profile: str, data: st.DataObject) -> None:
    """Cards not held, cards the rules forbid (rules/trick-play#following), trump without a marriage
    (rules/trump#options), bids off the grid or below the next bid (rules/auction#mechanics),
    the wrong number of cards to pass (rules/passing-and-kitty#passing), actions of another phase:
    each is refused, and the state stays as it was and usable."""
    check_rejections(data.draw(positions(profile)))


LAST_MUST_BID = st.one_of(
    st.just(VARIANTS["browser-game"]),
    HOUSE.map(lambda v: v.override({"bidding": {"all_pass": "last-must-bid"}})),
)


@settings(max_examples=15, deadline=None)
@given(variant=LAST_MUST_BID, seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3))
def test_a_player_who_must_bid_cannot_pass(variant: Variant, seed: int, dealer: int) -> None:
    """rules/auction#all-pass: when the first three pass, the last player must bid."""
    state = new_game(variant, seed, dealer)
    for _ in range(3):
        state = apply(state, Pass())
    assert state.to_act == dealer
    assert Pass() not in legal_actions(state)
    assert all(isinstance(action, Bid) for action in legal_actions(state))
    check_rejections(state)


# --- Observations ----------------------------------------------------------------------


def partners_of_the_pass(hand: Hand) -> tuple[int, ...]:
    """The bidder and partner: the seats that see the passed cards
    (rules/passing-and-kitty#passing)."""
    return () if hand.bidder is None else (hand.bidder, (hand.bidder + 2) % 4)


def behind_markers(state: State, seat: int) -> tuple[State, set[int]]:
    """The state with every card ``seat`` may not see replaced by an equal but distinct
    object: other seats' hands and deals, and the passed cards unless ``seat`` passed or
    received them. A correct observation copies shown cards from the meld, the tricks and
    the passes, never from those places, so it holds no marker."""
    markers: set[int] = set()

    def mark(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        fresh = tuple(Card(c.suit, c.rank) for c in cards)
        markers.update(id(c) for c in fresh)
        return fresh

    def others(hands: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards if s == seat else mark(cards) for s, cards in enumerate(hands))

    def hide(hand: Hand) -> Hand:
        if seat in partners_of_the_pass(hand):
            return attrs.evolve(hand, dealt=others(hand.dealt))
        return attrs.evolve(
            hand,
            dealt=others(hand.dealt),
            passed_cards=mark(hand.passed_cards),
            returned_cards=mark(hand.returned_cards),
        )

    game = state.game
    game = attrs.evolve(
        game,
        start_hands=others(game.start_hands) if game.start_hands is not None else None,
        last_hand=hide(game.last_hand) if game.last_hand is not None else None,
    )
    hidden = attrs.evolve(
        state, hands=others(state.hands), hand=hide(state.hand), game=game, legal_cache=None
    )
    return hidden, markers


def every_card(value: object, path: str = "observation") -> Iterator[tuple[str, Card]]:
    """Every card anywhere in ``value``, with where it is: attributes (attrs fields, slots,
    ``__dict__``), sequences (lazy ones too) and mappings; a value with none of these stops
    the walk with an error, so that a new kind of field cannot hide cards from the test."""
    if isinstance(value, Card):
        yield path, value
    elif value is None or isinstance(value, (bool, int, float, str, enum.Enum)):
        return
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from every_card(key, f"{path}[{key!r}]")
            yield from every_card(item, f"{path}[{key!r}]")
    elif isinstance(value, Iterable):
        for i, item in enumerate(value):
            yield from every_card(item, f"{path}[{i}]")
    else:
        for name in attribute_names(value, path):
            yield from every_card(getattr(value, name), f"{path}.{name}")


def attribute_names(value: object, path: str) -> list[str]:
    kind: Any = type(value)
    if attrs.has(kind):
        return [field.name for field in attrs.fields(kind)]
    slotted = [k for k in kind.__mro__ if k is not object and "__slots__" in vars(k)]
    if not slotted and not hasattr(value, "__dict__"):
        raise TypeError(f"{path}: cannot look inside {kind.__name__}")
    names = [n for k in slotted for n in vars(k)["__slots__"] if not n.startswith("__")]
    return names + list(getattr(value, "__dict__", {}))


def knowable(state: State, seat: int) -> set[Card]:
    """The cards ``seat`` may know of: its own, the played ones (this hand's and the last
    hand's tricks), every shown meld, and the passed cards if it passed or received them."""
    hand = state.hand
    known = set(state.hands[seat]) | set(hand.dealt[seat])
    known.update(c for _, c in state.trick)
    for trick in (*state.tricks, *state.game.last_tricks):
        known.update(c for _, c in trick.plays)
    for meld in hand.melds:
        if meld is not None:
            known.update(c for item in meld.items for c in item.cards)
    if seat in partners_of_the_pass(hand):
        known.update(hand.passed_cards, hand.returned_cards)
    return known


def check_observation(state: State, seat: int, view: Observation) -> None:
    """The fields that say whose cards are whose."""
    hand = state.hand
    assert view.hand == state.hands[seat]
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.melds == hand.melds
    assert view.trick == state.trick
    assert view.tricks == state.tricks
    if state.to_act == seat:
        assert list(view.legal_actions) == list(legal_actions(state))
    else:
        assert len(view.legal_actions) == 0
    passed, returned = hand.passed_cards, hand.returned_cards
    if hand.bidder is not None and seat == hand.bidder:
        assert (view.passed_to_me, view.passed_by_me) == (passed, returned)
    elif hand.bidder is not None and seat == (hand.bidder + 2) % 4:
        assert (view.passed_to_me, view.passed_by_me) == (returned, passed)
    else:
        assert view.passed_to_me == view.passed_by_me == ()


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_observations_show_no_hidden_card(profile: str, data: st.DataObject) -> None:
    """docs/engine.md#observations: an observation holds the seat's own cards and the public
    history, never another seat's unplayed, unshown, unpassed card, in any field."""
    state = data.draw(positions(profile))
    for seat in range(4):
        check_observation(state, seat, observe(state, seat))
        hidden, markers = behind_markers(state, seat)
        view = observe(hidden, seat)
        assert view == observe(state, seat)
        known = knowable(state, seat)
        for path, c in every_card(view):
            assert id(c) not in markers, f"seat {seat} sees a hidden {c} at {path}"
            assert c in known, f"seat {seat} sees {c} at {path}, which it cannot know"


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=10, deadline=None)
@given(data=st.data(), rnd=st.randoms(use_true_random=False))
def test_observations_do_not_depend_on_other_hands(
    profile: str, data: st.DataObject, rnd: random.Random
) -> None:
    """Deal the other seats' cards out again among them (and their deals, and swap the
    passed cards for a seat that did not see them): the seat's observation is the same."""
    state = data.draw(positions(profile))
    seat = data.draw(st.integers(0, 3))

    def reshuffle(hands: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
        pool = [c for s, cards in enumerate(hands) if s != seat for c in cards]
        rnd.shuffle(pool)
        dealt: list[tuple[Card, ...]] = []
        for s, cards in enumerate(hands):
            dealt.append(cards if s == seat else tuple(sorted(pool[: len(cards)])))
            pool = pool if s == seat else pool[len(cards) :]
        return tuple(dealt)

    hand = state.hand
    hand = attrs.evolve(hand, dealt=reshuffle(hand.dealt))
    if seat not in partners_of_the_pass(hand):
        hand = attrs.evolve(
            hand, passed_cards=hand.returned_cards, returned_cards=hand.passed_cards
        )
    other = attrs.evolve(state, hands=reshuffle(state.hands), hand=hand, legal_cache=None)
    assert observe(other, seat) == observe(state, seat)


def test_the_marker_walk_finds_a_leak() -> None:
    """The leak test itself: an observation that carries another seat's hand is caught."""
    state = play_random_game(VARIANTS["pinochlerun"], 3, max_hands=1)[10]
    hidden, markers = behind_markers(state, 0)
    leaky = attrs.evolve(observe(hidden, 0), hand=hidden.hands[1])
    found = [path for path, c in every_card(leaky) if id(c) in markers]
    assert found
    assert found[0].startswith("observation.hand[")


# --- Records ---------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_records_replay_to_equal_states(profile: str, data: st.DataObject) -> None:
    state = data.draw(positions(profile))
    record = record_of(state)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert replay(again) == state
    assert replay(again).actions == state.actions
    game = state.game
    direct = [new_game(state.variant, game.seed, game.first_dealer, scores=game.start_scores)]
    for action in state.actions:
        direct.append(apply(direct[-1], action))
    assert list(replay_states(again)) == direct
