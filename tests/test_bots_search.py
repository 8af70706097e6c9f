"""Expert's card search (`pinochle.bots.search`) against the engine's rules.

The play-out and the exact endgame search work on lists of ranks, apart from the engine;
here every card they choose is checked against `pinochle.legal_actions` (rules/trick-play#reneges:
follow suit, head the trick, trump and overtrump as the profile says), and the endgame
search's value against a minimax that steps the engine itself and scores each trick with
`pinochle.trick_winner` and `pinochle.card_points` (plus the last trick's bonus).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import attrs
import pytest

from pinochle import (
    CARDS,
    Card,
    Phase,
    Play,
    State,
    apply,
    card_points,
    legal_actions,
    load_variant,
    new_game,
    observe,
    sample_states,
    trick_winner,
)
from pinochle.bots import ExpertBot, make_bot
from pinochle.bots.search import (
    PlayoutSettlements,
    Tricks,
    _best_move,
    best_line,
    card_tricks,
)

PROFILES = [
    "pinochlerun",
    "pinochlerun-double-deck",
    "cutthroat-3",
    "hoyle-1914",
    "pagat-partnership",
]


def _card(suit: int, rank: int) -> Card:
    return CARDS[suit * 6 + rank]


@functools.cache
def _positions(profile: str, games: int = 3) -> tuple[State, ...]:
    """Every trick-play state of a few Hard self-play hands (one hand a game)."""
    variant = load_variant(profile)
    players = variant.deal.players
    found: list[State] = []
    for seed in range(games):
        bots = [make_bot("hard", seed=seed * 10 + s) for s in range(players)]
        state = new_game(variant, seed=seed)
        settled = len(state.results)
        while len(state.results) == settled and not state.is_over:
            seat = state.to_act
            assert seat is not None
            if state.phase is Phase.TRICKS and state.hand.turn_up is None:
                found.append(state)
            state = apply(state, bots[seat].choose(observe(state, seat)))
    return tuple(found)


def _end_positions(profile: str, cards: int) -> Iterator[State]:
    for state in _positions(profile):
        if max(len(h) for h in state.hands) <= cards:
            yield state


@pytest.mark.parametrize("profile", PROFILES)
def test_legal_cards_are_the_engines(profile: str) -> None:
    """The search's legal cards are exactly the engine's, in every position reached."""
    positions = _positions(profile)
    assert positions
    for state in positions:
        engine = {a.card for a in legal_actions(state) if isinstance(a, Play)}
        game = Tricks(state)
        assert {_card(s, r) for s, r in game.legal()} == engine


@pytest.mark.parametrize("profile", PROFILES)
def test_play_out_plays_legal_cards_and_counts_every_point(profile: str) -> None:
    """Each card of the Hard-like play-out is legal; the tricks share all the points."""
    variant = load_variant(profile)
    for state in _positions(profile)[::7]:
        game = Tricks(state)
        stepped = state
        while True:
            move = game.choose()
            play = Play(_card(*move))
            assert play in legal_actions(stepped)
            settled = len(stepped.results)
            stepped = apply(stepped, play)
            if game.play(*move):
                assert len(stepped.results) > settled  # the engine's hand is over too
                break
        points, won, _ = card_tricks(state, None)
        assert points == game.points
        in_hand = sum(card_points(h, variant) for h in state.hands)
        in_trick = card_points([c for _, c in state.trick], variant)
        bonus = variant.counting.last_trick
        assert sum(points) == sum(state.points) + in_hand + in_trick + bonus
        tricks = (sum(len(h) for h in state.hands) + len(state.trick)) // variant.deal.players
        assert sum(won) == sum(state.tricks_won) + tricks


def _minimax(state: State, side: int) -> int:
    """``side``'s trick points to the end with best play, stepping the engine."""
    variant = state.variant
    players = variant.deal.players
    seat = state.to_act
    assert seat is not None
    maximise = state.side_of(seat) == side
    values = []
    for action in legal_actions(state):
        assert isinstance(action, Play)
        after = apply(state, action)
        value = 0
        if len(state.trick) == players - 1:
            plays = [*state.trick, (seat, action.card)]
            cards = [c for _, c in plays]
            winner = plays[trick_winner(cards, state.hand.trump)][0]
            last = len(state.hands[seat]) == 1
            points = card_points(cards, variant) + (variant.counting.last_trick if last else 0)
            value = points if state.side_of(winner) == side else 0
            if last:
                values.append(value)
                continue
        values.append(value + _minimax(after, side))
    return max(values) if maximise else min(values)


@pytest.mark.parametrize("profile", ["pinochlerun", "cutthroat-3", "pinochlerun-double-deck"])
def test_endgame_search_finds_the_best_line(profile: str) -> None:
    """`best_line` equals a minimax over the engine's own moves in the last tricks."""
    checked = 0
    for state in _end_positions(profile, 2):
        seat = state.to_act
        assert seat is not None
        side = state.side_of(seat)
        game = Tricks(state)
        assert best_line(game, side, -1, 1 << 30) == _minimax(state, side)
        # The search leaves the position as it found it.
        again = Tricks(state)
        assert (game.hands, game.points, game.seat) == (again.hands, again.points, again.seat)
        # The chosen card is legal and reaches the best line's value.
        suit, rank = _best_move(game)
        play = Play(_card(suit, rank))
        assert play in legal_actions(state)
        checked += 1
    assert checked >= 3


def test_endgame_search_three_cards() -> None:
    """Three tricks to go (pinochlerun): the search still matches the engine's minimax."""
    checked = 0
    for state in _end_positions("pinochlerun", 3):
        if max(len(h) for h in state.hands) != 3:
            continue
        side = state.side_of(state.to_act or 0)
        assert best_line(Tricks(state), side, -1, 1 << 30) == _minimax(state, side)
        checked += 1
    assert checked >= 2


def test_endgame_search_draws_the_last_trump_first() -> None:
    """A known line: draw the opponent's last trump, then cash the ace.

    pinochlerun (counters count 1, the last trick 1; follow suit, else trump). Two tricks
    to go, the leader holds the ace of a plain suit P and the ten of trump; the opponent on
    its left holds the nine of trump and a king of a third suit Q, void in P. Leading the
    ace (as the quick play-out does) lets the nine ruff it: the leader's side makes 3 of
    the 4 points left (the ace is lost). Leading the ten of trump first draws the nine, and
    the ace then takes the king and the last trick: all 4.
    """
    state = next(s for s in _end_positions("pinochlerun", 2) if not s.trick)
    trump = state.hand.trump
    assert trump is not None
    t = int(trump)
    p, q = [s for s in range(4) if s != t][:2]
    nine, jack, queen, king, ten, ace = range(6)
    leader = state.to_act
    assert leader is not None
    cards = {
        leader: [_card(p, ace), _card(t, ten)],
        (leader + 1) % 4: [_card(t, nine), _card(q, king)],
        (leader + 2) % 4: [_card(q, jack), _card(q, queen)],
        (leader + 3) % 4: [_card(p, jack), _card(q, nine)],
    }
    hands = tuple(tuple(sorted(cards[seat], key=lambda c: c.index)) for seat in range(4))
    built = attrs.evolve(state, hands=hands)
    side = built.side_of(leader)
    assert best_line(Tricks(built), side, -1, 1 << 30) == 4
    assert _best_move(Tricks(built)) == (t, ten)
    game = Tricks(built)
    game.play(p, ace)  # the ace first: ruffed
    assert best_line(game, side, -1, 1 << 30) == 3


@pytest.mark.parametrize("solver", [True, False])
@pytest.mark.parametrize("profile", ["pinochlerun", "pinochlerun-double-deck"])
def test_expert_in_the_endgame_plays_legal_cards(profile: str, solver: bool) -> None:
    """Expert with its endgame search on (the solver's, or `best_line` without it): a
    legal card in every position of the last tricks."""
    bot = ExpertBot(5, samples=6, endgame=3, solver=solver)
    for state in _end_positions(profile, 3):
        seat = state.to_act
        assert seat is not None
        assert bot.choose(observe(state, seat)) in legal_actions(state)


def test_hard_play_outs_in_the_two_hand_stock_settle_their_own_meld() -> None:
    """Two-hand: play-outs that meld differently while the stock lasts never share a score.

    A meld turn adds to the meld shown (rules/two-hand#stock-meld), so two play-outs
    whose tricks end alike but whose meld turns differ settle differently: each shared
    settlement must be the one a fresh `PlayoutSettlements` gives that play-out alone.
    """
    variant = load_variant("bicycle-two-handed")
    checked = 0
    for seed in range(3):
        bots = [make_bot("hard", seed=seed * 10 + s) for s in range(2)]
        state = new_game(variant, seed=seed)
        settled = len(state.results)
        while len(state.results) == settled and not state.is_over:
            seat = state.to_act
            assert seat is not None
            if state.phase is Phase.TRICKS and state.hand.turn_up is not None:
                view = observe(state, seat)
                shared = PlayoutSettlements()
                worlds = list(sample_states(view, random.Random(seed), 6))
                for action in view.legal_actions:
                    assert isinstance(action, Play)
                    for world in worlds:
                        alone = PlayoutSettlements().play_out(world, action.card, 0)
                        assert shared.play_out(world, action.card, 0) == alone
                        checked += 1
            state = apply(state, bots[seat].choose(observe(state, seat)))
    assert checked > 100
