"""The double-dummy solver is exact: `pinochle.analysis` against a plain minimax and the rules.

`solve`, `card_values` and `can_take` are compared with tests/_minimax.py's `minimax`, a
search written from the rules pages (rules/trick-play#following, rules/trick-play#winner,
rules/counting#methods) with the public rules functions only, on endings of every
built-in profile and a sit-out table; property tests hold the answers to what is left to
take and to the engine (`pinochle.apply`) on random house profiles; hand-worked examples
hold them to the rules themselves.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pinochle as pn
from _minimax import ending, minimax, remaining, trick_play
from pinochle.analysis import can_take, card_values, solve
from pinochle.analysis._position import teams_of
from pinochle.cards import Card, Suit
from pinochle.state import Phase, State
from pinochle.testing import variants
from pinochle.variant import Variant

PROFILES: dict[str, Variant] = {
    **{name: pn.load_variant(name) for name in pn.builtin_variants()},
    # No built-in profile seats more people than play: a three-hand table of four, the
    # dealer sitting out (rules/three-hand#auction-pinochle).
    "pagat-auction-3 seated 4": pn.load_variant("pagat-auction-3").override(
        {"deal": {"seated": 4}}
    ),
}


def _where(state: State) -> str:
    """A failing position, to build it again: profile, trump, hands, trick, seat to act."""
    hands = " / ".join(" ".join(map(str, hand)) for hand in state.hands)
    trick = " ".join(f"{seat}:{card}" for seat, card in state.trick)
    return (
        f"{state.variant.name}, trump {state.hand.trump}, bidder {state.hand.bidder}, "
        f"hands {hands}, trick [{trick}], to act {state.to_act}"
    )


def _side_teams(state: State) -> dict[int, int]:
    """Each side that plays this hand -> its team (`teams_of`); a sitting-out side has none."""
    teams = teams_of(state)
    return {state.side_of(seat): teams[seat] for seat in state.seats()}


def _team_points(state: State, points: tuple[int, ...]) -> tuple[int, int]:
    """Per-side points added up by team."""
    totals = [0, 0]
    for side, team in _side_teams(state).items():
        totals[team] += points[side]
    return totals[0], totals[1]


def _endings(variant: Variant, deals: int, sizes: tuple[int, ...], seed: int) -> Iterator[State]:
    """Endings of ``variant``: for each of ``deals`` deals, one ending of each size.

    Each ending plays its own random cards down from the deal's first trick, then a random
    part of the next trick (none to all but one card). A four-hand ending of 5 cards has at
    least two cards in the trick (hands of 5, 5, 4, 4 or 5, 4, 4, 4): five full four-hand
    hands take the plain minimax about a second each. Tables of five or more hands stop at 3
    cards a hand (a larger size gives a 3-card ending): 4 or 5 cards in each of 6 or 8 hands
    are beyond a plain minimax.
    """
    players = variant.deal.players
    most = 3 if players > 4 else 5
    for deal in range(deals):
        start = trick_play(variant, seed * 1000 + deal)
        rng = random.Random(seed * 1000 + deal)
        for size in sizes:
            cards = min(size, most)
            low = 2 if players == 4 and cards == 5 else 0
            yield ending(start, cards, rng.randint(low, players - 1), rng)


def _check_solve(state: State) -> None:
    solution = solve(state)
    assert _team_points(state, solution.points)[0] == minimax(state), _where(state)
    assert sum(solution.points) == remaining(state), _where(state)


# --- solve = the plain minimax -------------------------------------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_the_endings_are_in_trick_play_of_every_size_and_inside_tricks(name: str) -> None:
    """What the comparisons below stand on: the endings are of the sizes asked, stock gone."""
    states = list(_endings(PROFILES[name], 8, (1, 2, 3), seed=1))
    for state in states:
        assert state.phase is Phase.TRICKS
        assert not state.hand.stock
    assert {max(len(hand) for hand in state.hands) for state in states} == {1, 2, 3}
    assert any(state.trick for state in states)
    assert any(not state.trick for state in states)


@pytest.mark.parametrize("name", PROFILES)
def test_solve_is_the_minimax_on_small_endings(name: str) -> None:
    """The quick run's share: 24 endings of 1-3 cards a hand per profile (16 profiles)."""
    for state in _endings(PROFILES[name], 8, (1, 2, 3), seed=1):
        _check_solve(state)


@pytest.mark.parametrize("name", PROFILES)
def test_solve_is_the_minimax_on_endings_of_up_to_five_cards(name: str) -> None:
    """Issue 28's goal 1: 2,000 endings over every built-in profile and a sit-out table.

    Per profile 25 deals, one ending of each size 1, 2, 3, 4 and 5 cards a hand (the
    four-hand 5-card ones with two or three cards already in the trick; at five hands and
    more, at most 3 cards: see `_endings`): 125 endings a profile, 22 tables.
    """
    for state in _endings(PROFILES[name], 25, (1, 2, 3, 4, 5), seed=2):
        _check_solve(state)


# --- card_values -----------------------------------------------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_each_cards_value_is_the_minimax_after_it(name: str) -> None:
    """Every distinct legal card, valued for the mover's team; the best is the solved value."""
    for state in _endings(PROFILES[name], 6, (1, 2, 3, 4), seed=3):
        values = card_values(state)
        seat = state.to_act
        assert seat is not None
        team = teams_of(state)[seat]
        left = remaining(state)
        legal = pn.legal_plays(
            state.hands[seat], [c for _, c in state.trick], state.hand.trump, state.variant.play
        )
        assert set(values) == set(legal), _where(state)
        for card, value in values.items():
            after = minimax(state, card)
            assert value == (after if team == 0 else left - after), f"{card}: {_where(state)}"
        solved = _team_points(state, solve(state).points)[team]
        assert max(values.values()) == solved, _where(state)


# --- can_take ----------------------------------------------------------------------------


@functools.cache
def _unit(variant: Variant) -> int:
    """The profile's smallest step of trick points: the gcd of the card values and bonus."""
    values = [pn.card_points([card], variant) for card in pn.make_deck(variant.deal.deck)]
    return math.gcd(*values, variant.counting.last_trick)


@pytest.mark.parametrize("name", PROFILES)
def test_can_take_is_true_exactly_up_to_the_exact_value(name: str) -> None:
    """For every side: True at its value and below, False above, in whole units too."""
    variant = PROFILES[name]
    unit = _unit(variant)
    for state in _endings(variant, 5, (1, 2, 3, 4), seed=4):
        teams = _team_points(state, solve(state).points)
        side_teams = _side_teams(state)
        for side in range(len(state.points)):
            value = teams[side_teams[side]] if side in side_teams else 0
            asks = {value: True, value + 1: False, 0: True, -unit: True}
            if value > 0:
                asks[value - 1] = True
            if unit > 1:  # 25 points when the unit is 10 need 30
                asks[value + unit // 2] = False
                asks[value - unit // 2] = True
            for points, expected in asks.items():
                assert can_take(state, side, points) is expected, (
                    f"side {side}, {points} points (value {value}): {_where(state)}"
                )


def test_the_tens_scale_rounds_a_target_up_to_whole_units() -> None:
    # pagat-partnership counts A, 10, K ten each: every trick value is a multiple of 10, so
    # taking 25 is taking 30, and 20 is 20.
    variant = PROFILES["pagat-partnership"]
    assert _unit(variant) == 10
    for state in _endings(variant, 10, (2, 3), seed=5):
        value = _team_points(state, solve(state).points)[0]
        side = next(s for s, team in _side_teams(state).items() if team == 0)
        if value >= 30:
            assert can_take(state, side, 25)
            assert can_take(state, side, value - 5)
            assert not can_take(state, side, value + 5)
            return
    pytest.fail("no ending worth 30 or more in ten deals")


# --- Properties on random house profiles ---------------------------------------------------


@st.composite
def _house_endings(draw: st.DrawFn) -> State:
    variant = draw(variants())
    seed = draw(st.integers(0, 2**31))
    cards = draw(st.integers(1, 4 if variant.deal.players < 4 else 3))
    rng = random.Random(seed)
    return ending(trick_play(variant, seed), cards, rng.randrange(variant.deal.players), rng)


def _played_out(state: State, line: tuple[Card, ...]) -> tuple[int, ...]:
    """Apply ``line`` with `pinochle.apply`, counting each trick's points from its cards.

    The engine starts the next hand after the last card (and its points with it), so the
    tricks are counted here, by the rules (rules/trick-play#winner, rules/counting#methods).
    """
    variant, trump = state.variant, state.hand.trump
    points = [0] * len(state.points)
    trick = list(state.trick)
    left = sum(len(hand) for hand in state.hands)
    for card in line:
        seat = state.to_act
        assert seat is not None
        assert state.phase is Phase.TRICKS
        state = pn.apply(state, pn.Play(card))  # raises on an illegal card
        trick.append((seat, card))
        left -= 1
        if len(trick) == variant.deal.players:
            cards = [c for _, c in trick]
            winner = trick[pn.trick_winner(cards, trump)][0]
            bonus = variant.counting.last_trick if left == 0 else 0
            points[state.side_of(winner)] += pn.card_points(cards, variant) + bonus
            trick = []
    assert left == 0, "the line stops before the hand's end"
    return tuple(points)


@settings(max_examples=25, deadline=None)
@given(_house_endings())
def test_values_lie_in_what_is_left_and_add_up_to_it(state: State) -> None:
    solution = solve(state)
    left = remaining(state)
    assert all(0 <= points <= left for points in solution.points), _where(state)
    assert sum(solution.points) == left, _where(state)
    team0, team1 = _team_points(state, solution.points)
    assert team0 + team1 == left
    assert team0 == minimax(state), _where(state)


@settings(max_examples=25, deadline=None)
@given(_house_endings())
def test_the_best_line_is_legal_and_plays_out_to_the_value(state: State) -> None:
    solution = solve(state)
    assert len(solution.line) == sum(len(hand) for hand in state.hands)
    assert _played_out(state, solution.line) == solution.points, _where(state)


# --- Errors -----------------------------------------------------------------------------


def _two_hand_with_stock() -> State:
    state = pn.new_game(PROFILES["bicycle-two-handed"], 1)
    while state.phase is not Phase.TRICKS:
        state = pn.apply(state, pn.legal_actions(state)[0])
    assert state.hand.stock
    return state


@pytest.mark.parametrize("call", [solve, card_values, lambda s: can_take(s, 0, 1)])
def test_a_state_not_in_trick_play_is_refused(call: object) -> None:
    assert callable(call)
    for state in (pn.new_game(PROFILES["pinochlerun"], 1), _two_hand_with_stock(), "a state"):
        with pytest.raises(pn.ArgumentError) as info:
            call(state)
        assert info.value.name == "state"


def test_can_take_refuses_a_bad_side_or_points() -> None:
    state = next(_endings(PROFILES["pinochlerun"], 1, (2,), seed=6))
    for side in (-1, 2, "0", 0.0, True, None):
        with pytest.raises(pn.ArgumentError) as info:
            can_take(state, side, 1)  # type: ignore[arg-type]
        assert info.value.name == "side"
    for points in ("1", 1.0, None):
        with pytest.raises(pn.ArgumentError) as info:
            can_take(state, 0, points)  # type: ignore[arg-type]
        assert info.value.name == "points"


# --- Worked by hand ---------------------------------------------------------------------


def _position(
    name: str, trump: Suit, hands: tuple[str, ...], to_act: int, bidder: int = 0
) -> State:
    """A position of trick play built by hand: these hands, no trick, ``to_act`` leads."""
    base = next(_endings(PROFILES[name], 1, (len(hands[0].split()),), seed=7))
    cards = tuple(tuple(sorted(pn.parse_cards(h), key=lambda c: c.index)) for h in hands)
    return pn.build_state(
        phase=Phase.TRICKS,
        to_act=to_act,
        hands=cards,
        trick=(),
        tricks=base.tricks,
        points=base.points,
        tricks_won=base.tricks_won,
        counters=base.counters,
        hand=attrs.evolve(base.hand, trump=trump, bidder=bidder),
        game=base.game,
    )


def test_two_hand_cashing_the_ace_first_loses_the_last_trick() -> None:
    """bicycle-two-handed, hearts trump, the last two tricks; seat 0 leads.

    Seat 0 holds A♠ K♣, seat 1 holds 10♠ 9♥. The count is classic (A 11, 10 10, K 4,
    9 0, last trick 10: rules/counting#methods); a player void in the suit led must trump
    (``play.must_trump``, rules/two-hand#final-phase).

    - A♠ first: seat 1 must follow with 10♠, seat 0 takes 11 + 10 = 21. Seat 0 then leads
      K♣; seat 1, void in clubs, must trump with 9♥ and takes 4 and the last trick's 10:
      21 to 14.
    - K♣ first: seat 1 must trump with 9♥ and takes 4, then leads 10♠ into seat 0's A♠:
      seat 0 takes 11 + 10 and the last trick's 10 = 31, to 4.

    So the best is 31 to 4, K♣ is worth 31 and A♠ 21, and the line is K♣ 9♥ 10♠ A♠.
    """
    state = _position("bicycle-two-handed", Suit.HEARTS, ("AS KC", "TS 9H"), to_act=0)
    solution = solve(state)
    assert solution.points == (31, 4)
    assert solution.line == tuple(pn.parse_cards("KC 9H TS AS"))
    assert card_values(state) == dict(zip(pn.parse_cards("KC AS"), (31, 21), strict=True))
    assert can_take(state, 0, 31)
    assert not can_take(state, 0, 32)
    assert can_take(state, 1, 4)
    assert not can_take(state, 1, 5)
    assert minimax(state) == 31


def test_four_hand_the_leader_gives_up_a_trick_to_take_a_point() -> None:
    """pinochlerun, spades trump, the last two tricks; North (seat 0) leads for North-South.

    North K♣ 9♦, East A♣ 9♣, South 10♦ J♣, West Q♣ J♦; nobody holds a trump. Counters
    A, 10, K count 1 each and the last trick 1 (rules/counting#methods); a player must
    follow suit and beat the trick if able (``play.beat = "always"``,
    rules/trick-play#following). Left to take: K♣ A♣ 10♦ and the last trick, 4.

    - K♣ first: East must beat it with A♣, South and West follow with J♣ and Q♣; East
      takes 2 and leads 9♣, which nobody can follow or trump: East takes 10♦ and the last
      trick. North-South 0.
    - 9♦ first: South must beat it with 10♦ and West follows with J♦; East, void, may
      throw either club. Throwing A♣ gives North-South 2 now, and then South's J♣, West's
      Q♣, North's K♣ (beating) and East's 9♣ give North the last trick too: 4. Keeping A♣
      (throwing 9♣) gives North-South the 10♦ alone: East's A♣ beats North's K♣ on the
      last trick and takes 3.

    So the best is 9♦, worth 1 to North-South (K♣ is worth 0), East throws 9♣, and the line
    is 9♦ 9♣ 10♦ J♦, then J♣ Q♣ K♣ A♣.
    """
    state = _position("pinochlerun", Suit.SPADES, ("KC 9D", "AC 9C", "TD JC", "QC JD"), to_act=0)
    solution = solve(state)
    assert solution.points == (1, 3)
    assert solution.line == tuple(pn.parse_cards("9D 9C TD JD JC QC KC AC"))
    assert card_values(state) == dict(zip(pn.parse_cards("KC 9D"), (0, 1), strict=True))
    assert minimax(state) == 1


def test_four_hand_a_partner_forced_to_overtake_takes_the_lead_from_sure_winners() -> None:
    """pinochlerun, clubs trump (nobody holds one), the last four tricks; West (seat 3)
    bid and leads for East-West. Counters A, 10, K count 1 each, the last trick 1; a player
    must follow suit and beat the trick if able (rules/trick-play#following).

    North A♥ Q♠ Q♠ 10♠, East J♥ J♥ 9♠ J♠, South K♥ K♥ 10♥ A♠, West Q♦ K♦ K♠ K♠.

    West leads K♠: North must beat with 10♠, East follows J♠, South must beat with A♠
    and takes 3. South's hearts are all above East's, but they are not sure winners:
    when South leads 10♥, North must beat it with A♥ and the lead passes to North (West,
    void, throws Q♦). North leads Q♠; East follows 9♠, South (void) throws K♥ and West's
    K♠ wins 2; West leads K♦, North throws Q♠, East J♥, South its last K♥: West takes
    K♦ K♥ and the last trick, 3. East-West 5 of the 10 left; Q♦ or K♦ first give them 4.

    (The solver once counted South's three hearts as sure for North-South and found 4.)
    """
    hands = ("AH QS QS TS", "JH JH 9S JS", "KH KH TH AS", "QD KD KS KS")
    state = _position("pinochlerun", Suit.CLUBS, hands, to_act=3, bidder=3)
    assert minimax(state) == 5
    values = card_values(state)
    assert values == dict(zip(pn.parse_cards("QD KD KS"), (4, 4, 5), strict=True))
    assert solve(state).points[state.side_of(3)] == 5
    assert solve(state).line[:8] == tuple(pn.parse_cards("KS TS JS AS TH QD AH JH"))
