"""`trump_table` and `analyse_play`: the public surface built on the solver (docs/analysis.md).

The table of trumps values each suit as trump for the bidder's side before trump is named,
the bidder leading; `analyse_play` replays a recorded hand and values every card played
without a stock against best play, for the team of the seat that played it.
"""

from __future__ import annotations

import copy
import functools
import pickle
from collections.abc import Callable

import attrs
import pytest

import pinochle as pn
from pinochle.analysis import (
    PlayAnalysis,
    PlayedCard,
    analyse_play,
    card_solutions,
    card_values,
    solve,
    trump_table,
)
from pinochle.bots import make_bot
from pinochle.cards import Suit, parse_cards
from pinochle.errors import ArgumentError, CardParseError, RecordError
from pinochle.records import GameRecord, record_of, replay_states
from pinochle.state import Phase, State
from pinochle.tricks import card_points


def _play(
    name: str, seed: int, until: Callable[[State], bool], *, first: pn.Action | None = None
) -> State:
    """Hard players from a new game until ``until`` holds (the bots' seeds: by seat)."""
    variant = pn.load_variant(name)
    state = pn.new_game(variant, seed)
    bots = [make_bot("hard", seed=seed + person) for person in range(variant.deal.seated)]
    while not until(state):
        assert state.to_act is not None, "the game ended first"
        state = pn.apply(state, bots[state.to_act].choose(pn.observe(state, state.to_act)))
    return state


def _hand_over(number: int) -> Callable[[State], bool]:
    return lambda state: state.is_over or state.hand.number > number


def _open_play(cards: int) -> Callable[[State], bool]:
    """Trick play without a stock, each hand down to ``cards`` and the trick empty."""
    return lambda state: (
        state.phase is Phase.TRICKS
        and not state.hand.stock
        and not state.trick
        and len(state.hands[0]) <= cards
    )


@functools.cache
def _record(name: str, seed: int) -> GameRecord:
    """The record of a game's first hand, played to its end by Hard players."""
    return record_of(_play(name, seed, _hand_over(0)))


def _states(record: GameRecord, hand: int) -> list[tuple[State, pn.Card]]:
    """Each state of the hand (from 1) a card is played to without a stock, and the card."""
    found = []
    for state, action in zip(replay_states(record), record.actions, strict=False):
        if state.hand.number == hand - 1 and isinstance(action, pn.Play) and not state.hand.stock:
            found.append((state, action.card))
    return found


def _team_points(state: State, bidder: int, points: tuple[int, ...]) -> int:
    """The points of the sides on the bidder's team: the bidder's side (the others apart)."""
    side = state.side_of(bidder)
    return points[side]


# --- trump_table --------------------------------------------------------------------------


def test_a_suit_the_bidder_holds_every_trump_of_makes_every_point() -> None:
    variant = pn.load_variant("pinochlerun")
    # Seat 1 bids and leads; with spades trump its three spades take every trick. With
    # another trump, seat 0 or seat 2 trumps its lead.
    hands = ["AH TH AC", "AS AS TS", "AD TD KD", "TS KS KS"]
    table = trump_table(hands, variant=variant, bidder=1)
    everything = card_points(parse_cards(" ".join(hands)), variant) + variant.counting.last_trick
    assert list(table) == list(Suit)
    assert table[Suit.SPADES] == everything
    assert max(table, key=lambda suit: table[suit]) is Suit.SPADES
    assert all(table[suit] < everything for suit in Suit if suit is not Suit.SPADES)
    # The same hands for the other side: with spades trump it takes nothing.
    assert trump_table(hands, variant=variant, bidder=0)[Suit.SPADES] == 0


@pytest.mark.parametrize(
    ("name", "seed"),
    [
        ("pinochlerun", 1),
        ("pagat-partnership", 2),
        ("cutthroat-3", 3),
        ("bicycle-two-handed", 4),
        ("pinochlerun-double-deck", 5),
    ],
)
def test_the_table_agrees_with_solve_on_a_deal_from_a_tricks_start(name: str, seed: int) -> None:
    # The table's entry for the trump in force, from the same hands and the same leader,
    # is what `solve` gives the bidder's side there.
    state = _play(name, seed, _open_play(4))
    bidder = state.hand.bidder if state.hand.bidder is not None else 0
    table = trump_table(state.hands, variant=state.variant, bidder=bidder, leader=state.to_act)
    assert state.hand.trump is not None
    assert table[state.hand.trump] == _team_points(state, bidder, solve(state).points)


def _small_trump_phase() -> tuple[State, tuple[tuple[pn.Card, ...], ...]]:
    """A four-hand state in the trump phase, its hands cut to three cards each.

    The solver would need a whole hand's search on the dealt hands; the table reads a
    state's hands, profile and bidder, so a state holding fewer cards tests the same path.
    """
    state = _play("pinochlerun", 6, lambda s: s.phase is Phase.TRUMP)
    hands = tuple(tuple(cards[:3]) for cards in state.hands)
    return attrs.evolve(state, hands=hands), hands


def test_a_state_before_trump_gives_its_hands_profile_and_bidder() -> None:
    state, hands = _small_trump_phase()
    assert state.hand.bidder is not None
    expected = trump_table(hands, variant=state.variant, bidder=state.hand.bidder)
    assert trump_table(state) == expected
    assert trump_table(state, variant=state.variant) == expected
    other = (state.hand.bidder + 1) % 4
    assert trump_table(state, bidder=other) == trump_table(
        hands, variant=state.variant, bidder=other
    )
    assert trump_table(state, leader=other) == trump_table(
        hands, variant=state.variant, bidder=state.hand.bidder, leader=other
    )


def test_in_the_auction_before_a_bid_the_bidder_must_be_given() -> None:
    state = _play("pinochlerun", 7, lambda s: True)
    assert state.phase is Phase.AUCTION
    small = attrs.evolve(state, hands=tuple(tuple(cards[:2]) for cards in state.hands))
    with pytest.raises(ArgumentError, match=r"bidder: .*nobody has bid"):
        trump_table(small)
    assert trump_table(small, bidder=2) == trump_table(small.hands, variant=small.variant, bidder=2)


def test_the_table_agrees_with_solve_once_that_trump_is_named() -> None:
    # A profile whose play starts right after trump, the hands unchanged (no passing, no
    # kitty): the table's entry for the trump named is solve's value of the first lead.
    # Seven cards a hand (the deal cut down) keep the solve quick.
    whole = _play("bicycle-partnership-auction", 8, lambda s: s.phase is Phase.TRUMP)
    state = attrs.evolve(whole, hands=tuple(tuple(cards[::2][:7]) for cards in whole.hands))
    bidder = state.hand.bidder
    assert bidder is not None
    named = pn.apply(state, pn.NameTrump(Suit.HEARTS))
    assert named.phase is Phase.TRICKS
    assert named.hands == state.hands
    table = trump_table(state, leader=named.to_act)
    assert table[Suit.HEARTS] == _team_points(named, bidder, solve(named).points)


def test_three_hand_before_the_bury_says_to_bury_or_pass_the_hands() -> None:
    state = _play("cutthroat-3", 9, lambda s: s.phase is Phase.TRUMP)
    assert sorted(len(cards) for cards in state.hands) == [15, 15, 18]
    with pytest.raises(ArgumentError, match=r"equal length.*18.*bury first") as caught:
        trump_table(state)
    assert caught.value.name == "state_or_hands"


def test_a_two_hand_state_says_the_table_is_for_play_without_a_stock() -> None:
    state = _play("bicycle-two-handed", 10, lambda s: True)
    with pytest.raises(ArgumentError, match=r"without a stock.*pass the hands"):
        trump_table(state)


def test_a_state_after_trump_is_refused_naming_its_phase() -> None:
    state = _play("pinochlerun", 11, lambda s: s.phase is Phase.PASS)
    with pytest.raises(ArgumentError, match=r"before trump is named.*pass phase"):
        trump_table(state)


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        ({"hands": ["AS KS", "AH KH", "AD KD", "AC"]}, "equal length.*seat 3 1"),
        ({"hands": ["AS", "AH", "AD"]}, "4 hands, one per seat"),
        ({"hands": ["", "", "", ""]}, "hands with cards"),
        ({"hands": ["AS AS", "AS KS", "AD KD", "AC KC"]}, "one deck.*3 × A♠"),
        ({"hands": "AS AH AD AC"}, "a State, or a sequence of 4 hands"),
        ({"variant": None}, "variant: .*required with hands"),
        ({"variant": "pinochlerun"}, "variant: "),
        ({"bidder": None}, "bidder: .*required with hands"),
        ({"bidder": 4}, "bidder: .*0 to 3"),
        ({"leader": -1}, "leader: .*0 to 3"),
        ({"leader": True}, "leader: "),
    ],
)
def test_bad_hands_and_arguments_are_refused_by_name(
    given: dict[str, object], problem: str
) -> None:
    arguments: dict[str, object] = {
        "hands": ["AS", "AH", "AD", "AC"],
        "variant": pn.load_variant("pinochlerun"),
        "bidder": 0,
        "leader": None,
    }
    arguments |= given
    hands = arguments.pop("hands")
    with pytest.raises(ArgumentError, match=problem):
        trump_table(hands, **arguments)  # type: ignore[arg-type]


def test_bad_card_text_is_refused_naming_the_token() -> None:
    with pytest.raises(CardParseError, match=r"bad card 'XX'"):
        trump_table(["AS", "AH", "AD", "XX"], variant=pn.load_variant("pinochlerun"), bidder=0)


def test_a_state_with_another_profile_is_refused() -> None:
    state, _ = _small_trump_phase()
    with pytest.raises(ArgumentError, match=r"variant: expected the state's own profile"):
        trump_table(state, variant=pn.load_variant("pagat-partnership"))


# --- analyse_play -------------------------------------------------------------------------


def _check_against_card_values(
    analysis: PlayAnalysis, record: GameRecord, hand: int, last: int | None = None
) -> None:
    """Each entry is what `card_values` says of its position: the best and the card played.

    With ``last``, only the last so many entries (each `card_values` is a fresh search).
    """
    positions = _states(record, hand)
    positions = positions[len(positions) - len(analysis.cards) :]
    assert len(analysis.cards) == len(positions)
    checked = len(positions) if last is None else last
    pairs = list(zip(analysis.cards, positions, strict=True))[-checked:]
    for entry, (state, card) in pairs:
        values = card_values(state)
        assert (entry.trick, entry.seat, entry.card) == (len(state.tricks) + 1, state.to_act, card)
        assert entry.before == max(values.values())
        assert entry.after == values[card]
        assert entry.loss == entry.before - entry.after >= 0
        assert (entry in analysis.mistakes) == (entry.after < max(values.values()))


def test_two_hand_is_analysed_once_the_stock_is_gone() -> None:
    record = _record("bicycle-two-handed", 3)
    analysis = analyse_play(record, 1)
    assert analysis.hand == 1
    assert len(analysis.cards) == 24  # the last 12 tricks, 2 cards each
    assert [entry.trick for entry in analysis.cards[::2]] == list(range(13, 25))
    assert all(entry.loss >= 0 for entry in analysis.cards)
    _check_against_card_values(analysis, record, 1, last=12)


@pytest.mark.parametrize(("name", "seed", "first"), [("pinochlerun", 1, 9), ("cutthroat-3", 2, 12)])
def test_every_card_from_a_trick_on_is_valued_for_its_team(
    name: str, seed: int, first: int
) -> None:
    record = _record(name, seed)
    analysis = analyse_play(record, 1, from_trick=first)
    players = record.variant.deal.players
    tricks = len(_states(record, 1)) // players
    assert len(analysis.cards) == (tricks - first + 1) * players
    assert analysis.cards[0].trick == first
    _check_against_card_values(analysis, record, 1)


def test_a_deliberately_bad_card_shows_its_loss() -> None:
    # At the first lead without a stock, play the worst card, then let Hard finish.
    start = _play("bicycle-two-handed", 12, _open_play(6))
    values = card_values(start)
    worst = min(values, key=lambda card: values[card])
    best = max(values.values())
    assert values[worst] < best
    state = pn.apply(start, pn.Play(worst))
    record = record_of(_play_on(state))
    analysis = analyse_play(record, 1, from_trick=len(start.tricks) + 1)
    first = analysis.cards[0]
    assert (first.card, first.before, first.after) == (worst, best, values[worst])
    assert first.loss == best - values[worst] > 0
    assert analysis.mistakes[0] == first
    assert all(entry.loss == 0 for entry in analysis.cards if entry not in analysis.mistakes)


def _play_on(state: State) -> State:
    """Hard players from ``state`` to the end of its hand."""
    bots = [make_bot("hard", seed=person) for person in range(state.variant.deal.seated)]
    number = state.hand.number
    while not state.is_over and state.hand.number == number:
        assert state.to_act is not None
        state = pn.apply(state, bots[state.to_act].choose(pn.observe(state, state.to_act)))
    return state


def test_a_card_of_the_best_value_loses_nothing() -> None:
    start = _play("bicycle-two-handed", 13, _open_play(3))
    values = card_values(start)
    best = max(values, key=lambda card: values[card])
    record = record_of(_play_on(pn.apply(start, pn.Play(best))))
    entry = analyse_play(record, 1, from_trick=len(start.tricks) + 1).cards[0]
    assert (entry.card, entry.loss) == (best, 0)


def test_the_record_may_be_given_as_its_json_text() -> None:
    record = _record("bicycle-two-handed", 3)
    assert analyse_play(record.to_json(), 1, from_trick=20) == analyse_play(
        record, 1, from_trick=20
    )
    assert analyse_play(record.to_json().encode(), 1, from_trick=23) == analyse_play(
        record, 1, from_trick=23
    )


def test_hands_count_from_one_as_pinochle_replay_does() -> None:
    state = _play("bicycle-two-handed", 14, _hand_over(1))
    record = record_of(state)
    second = analyse_play(record, 2, from_trick=22)
    assert second.hand == 2
    first_cards = {e.card for e in analyse_play(record, 1, from_trick=22).cards}
    hand_two = [card for s, card in _states(record, 2) if len(s.tricks) >= 21]
    assert [e.card for e in second.cards] == hand_two
    assert first_cards  # both hands analysed
    with pytest.raises(ArgumentError, match=r"hand: expected a hand of the record \(hands 1 to"):
        analyse_play(record, 4)
    with pytest.raises(ArgumentError, match=r"hand: "):
        analyse_play(record, 0)


def test_a_hand_without_trick_play_has_no_cards() -> None:
    # The record stops in the auction of its first hand.
    state = _play("pinochlerun", 15, lambda s: len(s.hand.auction) == 2)
    assert analyse_play(record_of(state), 1) == PlayAnalysis(1)
    assert analyse_play(record_of(state), 1).mistakes == ()


def test_a_record_stopped_in_trick_play_gives_the_cards_so_far() -> None:
    state = _play(
        "pinochlerun", 16, lambda s: _open_play(3)(s) or bool(s.trick and len(s.hands[0]) < 3)
    )
    state = _play_two_more(state)
    analysis = analyse_play(record_of(state), 1, from_trick=len(state.tricks) + 1)
    assert [entry.card for entry in analysis.cards] == [card for _, card in state.trick]


def _play_two_more(state: State) -> State:
    bots = [make_bot("hard", seed=person) for person in range(state.variant.deal.seated)]
    while len(state.trick) < 2:
        assert state.to_act is not None
        state = pn.apply(state, bots[state.to_act].choose(pn.observe(state, state.to_act)))
    return state


def test_from_trick_must_be_a_trick_played_without_the_stock() -> None:
    record = _record("bicycle-two-handed", 3)
    with pytest.raises(ArgumentError, match=r"trick 3 is played with the stock.*trick 13"):
        analyse_play(record, 1, from_trick=3)
    with pytest.raises(
        ArgumentError, match=r"from_trick: expected a trick of the hand \(tricks 13 to 24\)"
    ):
        analyse_play(record, 1, from_trick=25)
    with pytest.raises(ArgumentError, match=r"from_trick: "):
        analyse_play(record, 1, from_trick=0)


def test_what_is_not_a_record_is_refused() -> None:
    with pytest.raises(ArgumentError, match=r"record: expected a pinochle.records.GameRecord"):
        analyse_play(123, 1)  # type: ignore[arg-type]
    with pytest.raises(RecordError):
        analyse_play("{}", 1)


def test_the_values_are_frozen_and_survive_pickle_and_copy() -> None:
    analysis = analyse_play(_record("bicycle-two-handed", 3), 1, from_trick=21)
    assert pickle.loads(pickle.dumps(analysis)) == analysis
    assert copy.deepcopy(analysis) == analysis
    assert copy.copy(analysis.cards[0]) == analysis.cards[0]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        analysis.cards[0].after = 0  # type: ignore[misc]
    entry = PlayedCard(1, 0, pn.Card(Suit.SPADES, pn.Rank.ACE), 10, 7)
    assert entry.loss == 3
    assert PlayAnalysis(1, (entry,)).mistakes == (entry,)


@pytest.mark.parametrize("name", ["pinochlerun", "cutthroat-3", "bicycle-two-handed"])
def test_each_cards_solution_is_solve_after_that_card(name: str) -> None:
    # card_solutions: per legal card, solve's answer once the card is played, the line
    # starting with the card; its points for the mover's team are card_values' value.
    state = _play(name, 5, _open_play(4))
    seat = state.to_act
    assert seat is not None
    solutions = card_solutions(state)
    values = card_values(state)
    assert set(solutions) == set(values)
    for card, solution in solutions.items():
        assert solution.line[0] == card
        after = pn.apply(state, pn.Play(card))
        rest = solve(after)
        mine = state.side_of(seat)
        assert sum(solution.points) >= sum(rest.points)  # what the card's trick adds
        assert len(solution.line) == 1 + len(rest.line)
        if name != "cutthroat-3":  # two teams: the side's share is the card's value
            assert solution.points[mine] == values[card]
