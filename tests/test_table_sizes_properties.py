"""Engine invariants over random legal games at two and three hands, and with a widow
(docs/testing-house-rules.md#the-invariants).

The invariants of the four-hand property tests, for bicycle-two-handed, pagat-auction-3,
cutthroat-3 and the widow games wikipedia-four-hand-kitty and bicycle-three-hand-double:
cards are conserved across hands, trick, tricks, widow, buried cards, stock and turn-up
(rules/deck-and-deal#hands, rules/two-hand, rules/three-hand); a played hand counts the
whole deck, buried cards included (rules/counting#methods, rules/three-hand#auction-pinochle); legal
actions run out only at the end and are all accepted; illegal actions are refused and change
nothing; observations hold no card the seat may not know (another hand, the stock, the buried
cards); records replay; the seed decides the game. Whole games come from
`pinochle.testing.play_random_game`, single positions from the `pinochle.testing.games` strategy.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle import (
    CARDS,
    Bid,
    Card,
    Hand,
    IllegalActionError,
    NameTrump,
    Observation,
    Pass,
    Phase,
    Play,
    PlayOn,
    State,
    Suit,
    ThrowIn,
    apply,
    card_points,
    deck_points,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    observe,
)
from pinochle.actions import Action, Bury, Declare, Draw, ExchangeDix
from pinochle.records import GameRecord, record_of, replay
from pinochle.testing import games, play_random_game, variants

NAMES = (
    "bicycle-two-handed",
    "pagat-auction-3",
    "cutthroat-3",
    "wikipedia-four-hand-kitty",
    "bicycle-three-hand-double",
)
VARIANTS = {name: load_variant(name) for name in NAMES}
SEEDS = (0, 1, 2)
WALKS = [(name, seed) for name in NAMES for seed in SEEDS]
HAND_CAP = 40  # chip games never end; cutthroat may wander below zero


@functools.cache
def walk(name: str, seed: int) -> tuple[State, ...]:
    return tuple(play_random_game(VARIANTS[name], seed, max_hands=HAND_CAP))


def kitty_taken(state: State) -> bool:
    """The widow is in the bidder's hand once the auction is over (once shared, under
    `kitty.share`), or, where trump is named before the widow is seen (`kitty.trump_first`,
    rules/trump#widow-timing), once trump is."""
    if state.phase in (Phase.AUCTION, Phase.SHARE):  # a shared kitty joins the hands by the share
        return False
    return not (state.variant.kitty.trump_first and state.phase is Phase.TRUMP)


def where_cards_are(state: State) -> Counter[Card]:
    """Every card the state holds, each place counted once (table cards are in the hands)."""
    hand = state.hand
    found = Counter(c for cards in state.hands for c in cards)
    found.update(c for _, c in state.trick)
    found.update(c for trick in state.tricks for _, c in trick.plays)
    if not kitty_taken(state):
        found.update(hand.kitty)
    found.update(hand.buried)
    found.update(hand.stock)
    if hand.turn_up is not None:
        found.update([hand.turn_up])
    return found


# --- Whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "seed"), WALKS)
def test_cards_are_conserved(name: str, seed: int) -> None:
    """rules/deck-and-deal#hands, rules/two-hand, rules/three-hand: every card is in exactly one
    place at every moment."""
    deck = Counter(make_deck(VARIANTS[name].deal.deck))
    for state in walk(name, seed):
        assert where_cards_are(state) == deck, (state.phase, state.actions[-1:])
        for seat, table in enumerate(state.hand.table):
            assert not Counter(table) - Counter(state.hands[seat])  # the table is in the hand


@pytest.mark.parametrize(("name", "seed"), WALKS)
def test_a_played_hand_counts_the_whole_deck(name: str, seed: int) -> None:
    """rules/counting#methods, rules/three-hand#auction-pinochle: the tricks and the buried
    cards hold the deck's 250 points (500 in the double deck, rules/three-hand#double-pinochle)."""
    variant = VARIANTS[name]
    total = 500 if variant.deal.deck.value == "double" else 250
    assert deck_points(variant) == total
    played = 0
    for before, after in itertools.pairwise(walk(name, seed)):
        if len(after.results) == len(before.results):
            continue
        hand = after.game.last_hand
        assert hand is not None
        tricks = after.game.last_tricks
        if len(tricks) != variant.tricks_per_hand:
            assert tricks == ()
            continue
        played += 1
        buried = card_points(hand.buried, variant)
        assert sum(t.points for t in tricks) + buried == total
        if variant.counting.rounding.value == "none":
            assert sum(side.points for side in after.results[-1].sides) == total
    assert played > 0


@pytest.mark.parametrize(("name", "seed"), WALKS)
def test_legal_actions_run_out_only_when_the_game_is_over(name: str, seed: int) -> None:
    for state in walk(name, seed):
        assert bool(legal_actions(state)) is not state.is_over
        assert (state.to_act is None) is state.is_over


@pytest.mark.parametrize(("name", "seed"), WALKS)
def test_games_end_or_reach_the_cap(name: str, seed: int) -> None:
    """rules/game-end#target: a points game ends when someone reaches the target; a chip game never
    ends (every hand is settled on its own, rules/three-hand#auction-pinochle)."""
    variant = VARIANTS[name]
    last = walk(name, seed)[-1]
    if variant.game.target is None:
        assert not last.is_over
        assert last.hand.number == HAND_CAP
    elif name == "bicycle-two-handed":
        assert last.is_over  # no auction: every hand scores, 1000 comes quickly
    else:
        assert last.is_over or last.hand.number == HAND_CAP
    if last.is_over:
        assert last.winner is not None
        assert variant.game.target is not None
        assert last.scores[last.winner] >= variant.game.target


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_game(name: str) -> None:
    """Randomness enters only through the deal (docs/engine.md#what-happens-in-a-hand)."""
    variant = VARIANTS[name]
    first = play_random_game(variant, 7, max_hands=2)
    assert first == play_random_game(variant, 7, max_hands=2)
    replayed = [new_game(variant, seed=7)]
    for action in first[-1].actions:
        replayed.append(apply(replayed[-1], action))
    assert replayed == first
    one, other = new_game(variant, seed=7), new_game(variant, seed=8)
    assert one.hand == new_game(variant, seed=7).hand
    assert (one.hands, one.hand.stock, one.hand.kitty) != (
        other.hands,
        other.hand.stock,
        other.hand.kitty,
    )


# --- Single positions ---------------------------------------------------------------------------


def positions(name: str) -> st.SearchStrategy[State]:
    return games(VARIANTS[name], max_actions=120)


def house_positions(name: str) -> st.SearchStrategy[State]:
    """Positions of house profiles built on ``name`` (`pinochle.testing.variants`)."""
    return variants(name).flatmap(lambda house: games(house, max_actions=120))


@pytest.mark.parametrize("name", [*NAMES, *(f"house {name}" for name in NAMES)])
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_legal_actions_are_distinct_and_accepted(name: str, data: st.DataObject) -> None:
    """Each listed action is listed once and taken, and moves cards without making any;
    on the built-in profiles and on house profiles built on them."""
    house = name.removeprefix("house ")
    state = data.draw(house_positions(house) if house != name else positions(name))
    deck = Counter(make_deck(state.variant.deal.deck))
    legal = legal_actions(state)
    if state.is_over:
        assert len(legal) == 0
        return
    assert len(legal) > 0
    listed = list(legal)
    assert len(set(listed)) == len(listed)
    sample = listed if len(listed) <= 40 else data.draw(st.permutations(listed))[:40]
    for action in sample:
        after = apply(state, action)
        assert after.actions == (*state.actions, action)
        assert where_cards_are(after) == deck


def illegal_candidates(state: State) -> list[Action]:
    """Actions of every kind, most of them illegal in any one state."""
    hand = state.hands[state.to_act] if state.to_act is not None else ()
    minimum = state.variant.bidding.minimum
    some = tuple(hand[:3])
    return [
        Pass(),
        ThrowIn(),
        PlayOn(),
        Draw(),
        ExchangeDix(),
        *(NameTrump(suit) for suit in Suit),
        *(Play(c) for c in CARDS),
        *(Bid(a) for a in (0, minimum - 10, minimum + 5, state.hand.bid)),
        Bury(some[:2]),
        Bury((*some, *hand[3:4])),
        Bury(tuple(c for c in CARDS if c not in hand)[:3]),
        Declare("run", some),
        Declare("pinochle", tuple(CARDS[:2])),
    ]


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_illegal_actions_are_rejected_and_change_nothing(name: str, data: st.DataObject) -> None:
    """Cards not held or not allowed, bids off the grid, burials of the wrong cards or count,
    melds not held, actions of another phase: refused with the reason, the state unchanged."""
    state = data.draw(positions(name))
    twin = replay(record_of(state))
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
    if not state.is_over:
        action = legal_actions(twin)[0]
        assert apply(state, action) == apply(twin, action)


# --- Observations -----------------------------------------------------------------------------


def behind_markers(state: State, seat: int) -> tuple[State, set[int]]:
    """The state with every card ``seat`` may not see replaced by an equal but distinct
    object: the other hands and deals, the stock, the buried cards unless ``seat`` buried
    them, and the widow before it is taken. A correct observation takes public cards from
    public places (tricks, meld, table, the turn-up, the shown widow), so holds no marker."""
    markers: set[int] = set()

    def mark(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        fresh = tuple(Card(c.suit, c.rank) for c in cards)
        markers.update(id(c) for c in fresh)
        return fresh

    def others(hands: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards if s == seat else mark(cards) for s, cards in enumerate(hands))

    def hide(hand: Hand, current: bool) -> Hand:
        return attrs.evolve(
            hand,
            dealt=others(hand.dealt),
            stock=mark(hand.stock),
            buried=hand.buried if seat == hand.bidder else mark(hand.buried),
            kitty=mark(hand.kitty) if current and not kitty_taken(state) else hand.kitty,
        )

    game = state.game
    game = attrs.evolve(
        game,
        start_hands=others(game.start_hands) if game.start_hands is not None else None,
        last_hand=hide(game.last_hand, False) if game.last_hand is not None else None,
    )
    hidden = attrs.evolve(
        state, hands=others(state.hands), hand=hide(state.hand, True), game=game, legal_cache=None
    )
    return hidden, markers


def every_card(value: object, path: str = "observation") -> Iterator[tuple[str, Card]]:
    """Every card anywhere in ``value`` with its path; unknown kinds of value are an error."""
    if isinstance(value, Card):
        yield path, value
    elif value is None or isinstance(value, (bool, int, float, str, enum.Enum)):
        return
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from every_card(item, f"{path}[{key!r}]")
    elif isinstance(value, Iterable):
        for i, item in enumerate(value):
            yield from every_card(item, f"{path}[{i}]")
    elif isinstance(value, Play):
        yield f"{path}.card", value.card
    else:
        kind: Any = type(value)
        if attrs.has(kind):
            for field in attrs.fields(kind):
                yield from every_card(getattr(value, field.name), f"{path}.{field.name}")
            return
        raise TypeError(f"{path}: cannot look inside {type(value).__name__}")


def knowable(state: State, seat: int) -> Counter[Card]:
    """The cards ``seat`` may know: its own, the played ones, every shown meld and table
    card, the turn-up and the first turned card, the widow once shown, and the buried
    cards if it buried them."""
    hand = state.hand
    known: set[Card] = set(state.hands[seat]) | set(hand.dealt[seat])
    known.update(c for _, c in state.trick)
    for trick in (*state.tricks, *state.game.last_tricks):
        known.update(c for _, c in trick.plays)
    for meld in hand.melds:
        if meld is not None:
            known.update(c for item in meld.items for c in item.cards)
    for shown in hand.shown:
        known.update(c for m in shown for c in m.cards)
    known.update(c for table in hand.table for c in table)
    # The turn-up, and the card first turned for trump (face up at the deal, rules/two-hand#setup).
    known.update(c for c in (hand.turn_up, hand.turned_up) if c is not None)
    if kitty_taken(state) and (state.variant.kitty.shown or seat == hand.bidder):
        known.update(hand.kitty)
    if seat == hand.bidder:
        known.update(hand.buried)
    return Counter(known)


def check_view(state: State, seat: int, view: Observation) -> None:
    hand = state.hand
    assert view.hand == state.hands[seat]
    assert view.turn_up == hand.turn_up
    assert view.stock_size == len(hand.stock)
    assert view.table == hand.table
    assert view.buried == (hand.buried if seat == hand.bidder else ())
    if kitty_taken(state) and hand.bidder is not None and hand.kitty:
        assert view.kitty == hand.kitty  # every profile here shows the widow


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_observations_show_no_hidden_card(name: str, data: st.DataObject) -> None:
    """docs/engine.md#observations, rules/two-hand#stock-phase and
    rules/three-hand#auction-pinochle: an observation holds no card of another hand, of the stock,
    or of the buried cards (unless the seat buried them)."""
    state = data.draw(positions(name))
    if not kitty_taken(state) and state.hand.bidder is not None:
        return  # the widow leaks during the auction: test_three_hand's strict xfail
    for seat in range(state.variant.deal.players):
        check_view(state, seat, observe(state, seat))
        hidden, markers = behind_markers(state, seat)
        view = observe(hidden, seat)
        assert view == observe(state, seat)
        known = knowable(state, seat)
        for path, c in every_card(view):
            assert id(c) not in markers, f"seat {seat} sees a hidden {c} at {path}"
            assert c in known, f"seat {seat} sees {c} at {path}, which it cannot know"


@pytest.mark.parametrize(("name", "seed"), [(n, 0) for n in NAMES])
def test_observations_along_a_whole_game(name: str, seed: int) -> None:
    """The same check at every step of one game (all phases, burial and stock included)."""
    for state in walk(name, seed)[:400]:
        if not kitty_taken(state) and state.hand.bidder is not None:
            continue
        seat = len(state.actions) % state.variant.deal.players
        hidden, markers = behind_markers(state, seat)
        for path, c in every_card(observe(hidden, seat)):
            assert id(c) not in markers, f"seat {seat} sees a hidden {c} at {path}"


# --- Records ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_records_replay_to_equal_states(name: str, data: st.DataObject) -> None:
    state = data.draw(positions(name))
    record = record_of(state)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert replay(again) == state
    assert replay(again).actions == state.actions


def test_the_marker_walk_finds_a_stock_leak() -> None:
    """The leak test itself: an observation that carried the stock would be caught."""
    state = new_game(VARIANTS["bicycle-two-handed"], seed=3)
    hidden, markers = behind_markers(state, 0)
    leaky = attrs.evolve(observe(hidden, 0), hand=hidden.hand.stock)
    assert any(id(c) in markers for _, c in every_card(leaky))
