"""The notation (docs/notation.md): deals, positions and games as text, and back.

Issue 31's goals: every record of games played by bots on every built-in profile reads back
identical from its notation; positions of random house profiles round-trip; a seat's view
names no card hidden from it; bad text gets a `NotationError` naming its line and column.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinochle as pn
from _minimax import trick_play
from pinochle import notation
from pinochle.actions import (
    Bid,
    Bury,
    CallMisdeal,
    Concede,
    Declare,
    Draw,
    ExchangeDix,
    KeepDix,
    KeepHand,
    NameTrump,
    Pass,
    PassCards,
    PlayOn,
    TakeTurnUp,
    ThrowIn,
    play_action,
)
from pinochle.bots import make_bot
from pinochle.cards import Card, parse_cards
from pinochle.notation import Hidden, Position, Revealed
from pinochle.records import GameRecord, record_of, replay
from pinochle.state import Observation, State
from pinochle.testing import variants

ROOT = Path(__file__).resolve().parents[1]
PROFILES = pn.builtin_variants()


def _game(name: str, seed: int, hands: int = 2, level: str = "medium") -> State:
    """A game of bots under a built-in profile: ``hands`` settled hands, or to its end."""
    variant = pn.load_variant(name)
    bots = [make_bot(level, seed=seed * 10 + s) for s in range(variant.deal.players)]
    state = pn.new_game(variant, seed, seed % variant.deal.seated)
    while not state.is_over and len(state.results) < hands:
        seat = state.to_act
        assert seat is not None
        state = pn.apply(state, bots[seat].choose(pn.observe(state, seat)))
    return state


def _states(name: str, seed: int) -> Iterator[State]:
    """Every state of a seeded game of easy bots, one hand."""
    variant = pn.load_variant(name)
    bots = [make_bot("easy", seed=seed + s) for s in range(variant.deal.players)]
    state = pn.new_game(variant, seed)
    while not state.is_over and not state.results:
        yield state
        seat = state.to_act
        assert seat is not None
        state = pn.apply(state, bots[seat].choose(pn.observe(state, seat)))
    yield state


# --- The move syntax ---------------------------------------------------------------------

C = parse_cards
EVERY_ACTION: list[tuple[pn.Action, str]] = [
    (Bid(25), "25"),
    (Bid(350), "350"),
    (Pass(), "p"),
    (NameTrump("H"), "trump:H"),
    (NameTrump("C"), "trump:C"),
    (PassCards(C("AS TS KS QS")), "pass:QS,KS,TS,AS"),
    (Bury(C("9C 9C JD")), "bury:9C,9C,JD"),
    (Declare("royal marriage", C("KH QH")), "meld:royal-marriage:QH,KH"),
    (Declare("aces around", C("AS AH AD AC")), "meld:aces-around:AC,AD,AH,AS"),
    (ExchangeDix(), "exchange-dix"),
    (Draw(), "draw"),
    (TakeTurnUp(), "draw-turn-up"),
    (KeepDix(), "keep-dix"),
    (ThrowIn(), "throw-in"),
    (Concede(), "concede"),
    (PlayOn(), "play-on"),
    (CallMisdeal(), "misdeal"),
    (KeepHand(), "keep"),
    (pn.CallRenege(2), "renege:2"),
    (pn.ShootTheMoon(), "shoot-the-moon"),
    (pn.ShareKitty(C("AS TH KC 9D")), "share:AS,TH,KC,9D"),
    (pn.CallPartner(C("AH")[0]), "call:AH"),
    (pn.CorrectRenege(2, C("QS")[0]), "correct:2:QS"),
    (play_action(C("TH")[0]), "TH"),
    (play_action(C("9C")[0]), "9C"),
]


@pytest.mark.parametrize(("action", "token"), EVERY_ACTION, ids=[t for _, t in EVERY_ACTION])
def test_every_action_has_one_token_that_reads_back(action: pn.Action, token: str) -> None:
    assert notation.write_move(action) == token
    assert notation.read_move(token) == action
    assert " " not in token


def test_every_action_class_is_in_the_table() -> None:
    classes = {type(action) for action, _ in EVERY_ACTION}
    assert classes == set(pn.Action.__args__)


@pytest.mark.parametrize(
    ("token", "action"),
    [
        ("10H", play_action(C("TH")[0])),
        ("A♥", play_action(C("AH")[0])),
        ("th", play_action(C("TH")[0])),
        ("P", Pass()),
        ("pass", Pass()),
        ("trump:♠", NameTrump("S")),
        ("pass:10♥,AS,as,KS", PassCards(C("TH AS AS KS"))),
        ("MELD:Dix:9S", Declare("dix", C("9S"))),
        ("10", Bid(10)),
    ],
)
def test_moves_are_read_in_any_case_and_with_suit_symbols(token: str, action: pn.Action) -> None:
    assert notation.read_move(token) == action


def test_the_tokens_of_a_seats_view_read_back() -> None:
    tokens: list[tuple[notation.Move, str]] = [
        (Hidden("pass", 4), "pass:?4"),
        (Hidden("bury", 3), "bury:?3"),
        (Revealed("kitty", C("AS TD 9C")), "+kitty:9C,TD,AS"),
        (Revealed("meld", C("KH QH"), 2), "+meld:2:QH,KH"),
        (Revealed("passed", C("AS TS KS QS")), "+passed:QS,KS,TS,AS"),
        (Revealed("drew", C("AH")), "+drew:AH"),
    ]
    for move, token in tokens:
        assert notation.write_move(move) == token
        assert notation.read_move(token, view=True) == move
        with pytest.raises(pn.NotationError, match="seat's view"):
            notation.read_move(token)


@pytest.mark.parametrize(
    ("token", "column", "words"),
    [
        ("ZZ", 1, "expected a move"),
        ("trump:X", 7, "expected a suit"),
        ("pass:AS,ZZ,KS", 9, "expected a card such as AH"),
        ("meld:wedding:KH,QH", 6, "expected a meld kind"),
        ("9" * 30, 1, "expected a bid from 0 to"),
        ("", 1, "expected a move"),
    ],
)
def test_a_bad_token_names_its_column(token: str, column: int, words: str) -> None:
    with pytest.raises(pn.NotationError) as caught:
        notation.read_move(token)
    assert (caught.value.line, caught.value.column) == (1, column)
    assert words in str(caught.value)
    assert isinstance(caught.value, pn.ParseError)


@pytest.mark.parametrize(
    ("token", "column"),
    [("+drew", 1), ("?4", 1), ("+seen:AH", 1), ("+meld:AH", 7), ("pass:?x", 7), ("+drew:ZZ", 7)],
)
def test_a_bad_token_of_a_seats_view_names_its_column(token: str, column: int) -> None:
    with pytest.raises(pn.NotationError) as caught:
        notation.read_move(token, view=True)
    assert (caught.value.line, caught.value.column) == (1, column)


def test_write_move_refuses_what_has_no_token() -> None:
    with pytest.raises(pn.ArgumentError):
        notation.write_move(Bid(-5))
    with pytest.raises(pn.ArgumentError):
        notation.write_move(Declare("wedding", C("KH QH")))
    with pytest.raises(pn.ArgumentError):
        notation.write_move("bid 25")  # type: ignore[arg-type]


# --- Games: the same record out that went in ----------------------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_games_of_bots_read_back_as_the_same_record(name: str) -> None:
    for seed in (1, 2):
        record = record_of(_game(name, seed))
        text = notation.write_game(record, tags={"Event": "test", "Player0": 'Ann "A" \\'})
        back = notation.read_game(text)
        assert back == record
        assert text.isascii() or "Ann" in text
        assert notation.read_tags(text)["Player0"] == 'Ann "A" \\'
        assert notation.read_game(text.encode("utf-8")) == record


@pytest.mark.slow
@pytest.mark.parametrize("name", PROFILES)
def test_whole_games_read_back_as_the_same_record(name: str) -> None:
    for seed in range(3):
        state = _game(name, seed, hands=50, level="easy")
        record = record_of(state)
        assert notation.read_game(notation.write_game(record)) == record


def test_a_game_from_given_hands_and_scores_reads_back() -> None:
    variant = pn.load_variant("pinochlerun")
    first = pn.new_game(variant, 5)
    state = pn.new_game(variant, 9, 2, hands=first.hands, scores=(40, -20))
    for _ in range(30):
        state = pn.apply(state, pn.legal_actions(state)[0])
    record = record_of(state)
    text = notation.write_game(record)
    assert '[Hands "' in text
    assert '[Scores "40,-20"]' in text
    assert notation.read_game(text) == record
    # hands kept in another order than the engine's are written as lists, and kept
    shuffled = GameRecord(
        variant, 9, 2, (40, -20), tuple(tuple(reversed(h)) for h in first.hands), ()
    )
    assert notation.read_game(notation.write_game(shuffled)) == shuffled


def test_a_house_profile_reads_back_equal() -> None:
    house = pn.load_variant("pinochlerun").override(
        {
            "name": "kitchen",
            "title": 'Thursday "night" café',
            "bidding": {"minimum": 30, "maximum": False},
            "meld": {"values": {"run": [160, 1600]}},
        }
    )
    text = notation.write_profile(house)
    assert text.startswith("pinochlerun{")
    assert " " not in text.replace("Thursday", "").split('"')[0]
    assert notation.read_profile(text) == house
    record = record_of(pn.new_game(house, 3))
    assert notation.read_game(notation.write_game(record)) == record
    chips = pn.load_variant("pagat-auction-3").override(
        {"chips": {"schedule": [{"bid": 300, "pays": 1}, {"bid": 350, "pays": 3}]}}
    )
    assert notation.read_profile(notation.write_profile(chips)) == chips
    tens = pn.load_variant("pinochlerun").with_scale(10)
    assert notation.write_profile(tens).startswith("pinochlerun{scale=10")
    assert notation.read_profile(notation.write_profile(tens)) == tens


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(variants())
def test_random_house_profiles_read_back_equal(variant: pn.Variant) -> None:
    assert notation.read_profile(notation.write_profile(variant)) == variant


def test_the_game_text_lays_the_moves_out_hand_by_hand() -> None:
    record = record_of(_game("pinochlerun", 1))
    lines = notation.write_game(record).splitlines()
    assert lines[:4] == ['[Profile "pinochlerun"]', '[Seed "1"]', '[Dealer "1"]', '[Scores "0,0"]']
    starts = [line.split()[0] for line in lines if line[:1].isdigit()]
    assert starts == ["1.", "2."]
    tricks = [line for line in lines if line.startswith("   ") and "trump:" not in line]
    assert len(tricks) == 2 * 12  # a line a trick
    assert any("{meld " in line for line in lines)


def test_comments_and_layout_are_ignored_on_read() -> None:
    record = record_of(_game("pinochlerun", 1))
    text = notation.write_game(record)
    tags, moves = text.split("\n\n", 1)
    moves = re.sub(r"\{[^}]*\}", "", moves)  # the writer's comments out, then remarks in
    messy = moves.replace(" ", "  {a remark} \n\t").replace("2.", "{before the hand}\n2.")
    assert notation.read_game(f"{{first}} {tags}\n{{after the tags}}{messy}") == record
    without_numbers = "\n".join(
        " ".join(w for w in line.split() if not w.endswith(".")) for line in text.splitlines()
    )
    assert notation.read_game(without_numbers) == record


def test_write_game_refuses_bad_tags() -> None:
    record = record_of(pn.new_game(pn.load_variant("pinochlerun"), 1))
    for tags in ({"Seed": "5"}, {"Bad Name": "x"}, {"Event": "two\nlines"}, {"Event": 5}):
        with pytest.raises(pn.ArgumentError):
            notation.write_game(record, tags=tags)  # type: ignore[arg-type]


# --- Positions and deals -----------------------------------------------------------------


def _some_states() -> Iterator[State]:
    for name in PROFILES:
        states = list(_states(name, 3))
        yield from states[:: max(1, len(states) // 6)]


@pytest.mark.parametrize("name", PROFILES)
def test_a_position_reads_back_and_plays_on_as_the_game(name: str) -> None:
    states = list(_states(name, 3))
    for state in states[:: max(1, len(states) // 8)]:
        text = notation.write_position(state)
        assert "\n" not in text
        position = notation.read_position(text)
        assert position == notation.position_of(state)
        assert notation.write_position(position) == text
        _same_hand(position.state(seed=11), state)


def _same_hand(mine: State, theirs: State) -> None:
    """The position's game is the game's current hand: the same cards, turn and choices."""
    assert mine.hands == theirs.hands
    assert mine.phase == theirs.phase
    assert mine.to_act == theirs.to_act
    assert mine.trick == theirs.trick
    assert mine.tricks == theirs.tricks
    assert mine.hand.kitty == theirs.hand.kitty
    assert mine.hand.stock == theirs.hand.stock
    assert mine.hand.turned_up == theirs.hand.turned_up
    assert mine.scores == theirs.scores or theirs.is_over
    if not theirs.is_over:
        assert list(pn.legal_actions(mine)) == list(pn.legal_actions(theirs))


@pytest.mark.parametrize("name", PROFILES)
def test_a_deal_reads_back_and_starts_the_same_hand(name: str) -> None:
    for seed in (1, 2, 3):
        state = pn.new_game(pn.load_variant(name), seed, seed % pn.load_variant(name).deal.seated)
        text = notation.write_deal(state)
        deal = notation.read_deal(text)
        assert deal == notation.deal_of(state)
        assert notation.write_deal(deal) == text
        _same_hand(deal.start(seed=seed), state)


def test_a_deal_written_by_hand_starts_a_game() -> None:
    text = (
        "pinochlerun 3 ATKQJ.T.TKQ.ATJ/KJ9.ATQ.KJ9.AKK/T9.AKKJ9.AT9.TJ/AQ.QJ9.AQJ.QQ99"
        " scores=100,-20"
    )
    deal = notation.read_deal(text)
    assert deal.dealer == 3
    assert deal.hands[0] == tuple(sorted(C("AS TS KS QS JS TH TD KD QD AC TC JC")))
    state = deal.start(seed=4)
    assert state.scores == (100, -20)
    assert state.hand.dealer_person == 3
    assert record_of(state).hands == deal.hands  # new_game(hands=): the record replays it
    # cards as lists, symbols and lower case read the same
    lists = text.replace("ATKQJ.T.TKQ.ATJ", "as,ts,ks,qs,js,10♥,TD,KD,QD,A♣,TC,JC")
    assert notation.read_deal(lists) == deal


@pytest.mark.parametrize("name", ["bicycle-two-handed", "parlett-three-hand"])
def test_a_turned_card_and_a_stock_start_as_written(name: str) -> None:
    for seed in range(6):
        state = pn.new_game(pn.load_variant(name), seed)
        for _ in range(seed * 3):
            state = pn.apply(state, pn.legal_actions(state)[-1])
        position = notation.read_position(notation.write_position(state))
        _same_hand(position.state(seed=99), state)
        deal = position.deal
        assert deal.up is not None
        assert attrs.evolve(deal, up=deal.up.ascii) == deal  # a card as its text


@pytest.mark.parametrize("seated", [4, 5])
@pytest.mark.parametrize("name", ["cutthroat-3", "parlett-three-hand"])
def test_a_table_with_sit_outs_names_the_dealing_person(name: str, seated: int) -> None:
    variant = pn.load_variant(name).override({"deal": {"seated": seated}})
    for seed in range(4):
        state = pn.new_game(variant, seed, seed % seated)
        rng = random.Random(seed)
        for _ in range(40 + 9 * seed):
            if state.is_over:
                break
            legal = pn.legal_actions(state)
            state = pn.apply(state, legal[rng.randrange(len(legal))])
        position = notation.read_position(notation.write_position(state))
        assert position.deal.dealer == state.hand.dealer_person
        mine = position.state(seed=1)
        assert mine.hand.persons == state.hand.persons
        _same_hand(mine, state)


def test_after_a_misdeal_the_position_is_the_new_deal() -> None:
    variant = pn.load_variant("pinochlerun").override({"deal": {"misdeal": "five-nines"}})
    state = pn.new_game(variant, 1)  # seat 1 holds five nines
    state = pn.apply(pn.apply(state, KeepHand()), CallMisdeal())
    for _ in range(5):
        state = pn.apply(state, pn.legal_actions(state)[0])
    text = notation.write_position(state)
    assert notation.read_position(text).moves == (KeepHand(),) * 4 + (Pass(),)
    _same_hand(notation.read_position(text).state(), state)
    record = record_of(state)
    game = notation.write_game(record)
    assert "1. keep misdeal\n\n2. keep keep keep keep p" in game
    assert notation.read_game(game) == record


def _house_position(variant: pn.Variant, seed: int) -> State:
    """A position of a random hand: the start of trick play, then a few random cards."""
    state = trick_play(variant, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 2 * variant.deal.players + 1)):
        if state.is_over:
            break
        legal = pn.legal_actions(state)
        state = pn.apply(state, legal[rng.randrange(len(legal))])
    return state


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(variants(), st.integers(0, 2**32 - 1))
def test_positions_of_random_house_profiles_read_back(variant: pn.Variant, seed: int) -> None:
    state = _house_position(variant, seed)
    text = notation.write_position(state)
    position = notation.read_position(text)
    assert position == notation.position_of(state)
    _same_hand(position.state(seed=seed), state)
    seat = seed % variant.deal.players
    view = notation.write_position(state, seat=seat)
    assert notation.read_position(view) == notation.position_of(state, seat=seat)
    _names_nothing_hidden(view, pn.observe(state, seat))


def test_a_record_prefix_is_a_position() -> None:
    state = _game("pinochlerun", 2, hands=1)
    record = record_of(state)
    prefix = GameRecord(record.variant, record.seed, record.dealer, None, None, record.actions[:20])
    assert notation.position_of(prefix) == notation.position_of(replay(prefix))


def test_a_state_without_its_history_is_refused() -> None:
    state = _game("pinochlerun", 2, hands=1)
    sampled = pn.sample_state(pn.observe(state, 0), random.Random(1))
    with pytest.raises(pn.ArgumentError, match="history"):
        notation.write_position(sampled)


# --- A seat's view ------------------------------------------------------------------------


def _visible(view: Observation) -> set[Card]:
    """Every card an observation shows its seat."""
    cards = {*view.hand, *view.kitty, *view.buried, *view.passed_to_me, *view.passed_by_me}
    cards |= {card for _, card in view.trick}
    cards |= {card for trick in view.tricks for _, card in trick.plays}
    cards |= {card for meld in view.melds if meld is not None for card in meld.cards}
    cards |= {card for table in view.table for card in table}
    cards |= {card for shown in view.shown for meld in shown for card in meld.cards}
    cards |= {c for c in (view.turn_up, view.turned_up) if c is not None}
    if view.last_turn_up is not None:
        cards.add(view.last_turn_up[1])
    return cards


def _cards_in(position: Position) -> set[Card]:
    deal = position.deal
    cards = {c for hand in deal.hands if hand is not None for c in hand}
    cards |= {*(deal.kitty or ()), *(deal.stock or ())}
    if deal.up is not None:
        cards.add(deal.up)
    for move in position.moves:
        if isinstance(move, PassCards | Bury | Declare | Revealed):
            cards |= set(move.cards)
        elif isinstance(move, pn.Play):
            cards.add(move.card)
    return cards


def _names_nothing_hidden(text: str, view: Observation) -> None:
    position = notation.read_position(text)
    assert position.deal.seat == view.seat
    hidden = _cards_in(position) - _visible(view)
    assert not hidden, f"seat {view.seat} sees none of {hidden} but the text names them"
    for seat, hand in enumerate(position.deal.hands):
        assert (hand is None) == (seat != view.seat)


@pytest.mark.parametrize("name", PROFILES)
def test_a_seats_view_names_no_card_hidden_from_it(name: str) -> None:
    count = 0
    for seed in (1, 2):
        states = list(_states(name, seed))
        for state in states[:: max(1, len(states) // 12)]:
            for seat in range(state.variant.deal.players):
                _names_nothing_hidden(
                    notation.write_position(state, seat=seat), pn.observe(state, seat)
                )
                count += 1
    assert count > 40


def test_a_seats_view_hides_the_others_passes_and_burials() -> None:
    state = _game("pinochlerun", 1, hands=0)
    for _ in range(200):
        if state.hand.returned_cards:
            break
        state = pn.apply(state, pn.legal_actions(state)[-1])
    bidder = state.hand.bidder
    assert bidder is not None
    opponent = (bidder + 1) % 4
    view = notation.read_position(notation.write_position(state, seat=opponent))
    assert view.moves.count(Hidden("pass", 4)) == 2
    mine = notation.read_position(notation.write_position(state, seat=bidder))
    assert Hidden("pass", 4) not in mine.moves
    assert any(isinstance(m, Revealed) and m.what == "meld" for m in view.moves)
    with pytest.raises(pn.RecordError, match="hidden"):
        view.state()


def test_a_seats_view_told_move_by_move_is_its_position() -> None:
    # view_moves: what a program telling a seat of the game as it goes sends it
    for name in ("pagat-partnership", "wikipedia-three-hand", "bicycle-two-handed"):
        states = list(_states(name, 5))
        for seat in range(states[0].variant.deal.players):
            told = [
                move
                for before, after in itertools.pairwise(states[:-1])
                for move in notation.view_moves(before, after.actions[-1], after, seat)
            ]
            assert tuple(told) == notation.position_of(states[-2], seat=seat).moves


def test_the_two_hand_view_tells_a_seat_its_draws() -> None:
    state = _game("bicycle-two-handed", 4, hands=0)
    for _ in range(40):
        state = pn.apply(state, pn.legal_actions(state)[-1])
    for seat in (0, 1):
        text = notation.write_position(state, seat=seat)
        assert "stock=?" in text
        moves = notation.read_position(text).moves
        draws = sum(isinstance(m, Draw | TakeTurnUp) for m in moves)
        drew = [m for m in moves if isinstance(m, Revealed) and m.what == "drew"]
        assert len(drew) == draws > 0


# --- Bad text ----------------------------------------------------------------------------

GOOD = notation.write_game(record_of(pn.new_game(pn.load_variant("pinochlerun"), 1)))


def _error(text: str | bytes, read: object = notation.read_game) -> pn.NotationError:
    with pytest.raises(pn.NotationError) as caught:
        read(text)  # type: ignore[operator]
    return caught.value


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ('[Profile "pinochlerun"]\n[Seed "1"]\n\n1. 25 p ZZ p\n', 4, 9, "found 'ZZ'"),
        ('[Profile "pinochlerun"]\n[Seed "1"]\n\n1. 25 p\n   pass:AS,ZZ\n', 5, 12, "a card"),
        ('[Profile "pinochlerun"]\n[Seed 1]\n', 2, 7, "double quotes"),
        ('[Profile "pinochlerun"]\n[Seed "1]\n', 2, 7, "never closed"),
        ('[Profile "pinochlerun"\n', 1, 23, "']'"),
        ('[Profile "pinochle"]\n[Seed "1"]\n', 1, 11, "no built-in profile"),
        ('[Profile "pinochlerun{bidding.minimum=\\"x\\"}"]\n[Seed "1"]\n', 1, 23, "minimum"),
        ('[Profile "pinochlerun"]\n[Seed "-1"]\n', 2, 8, "a seed from 0"),
        ('[Profile "pinochlerun"]\n[Seed "' + "9" * 5000 + '"]\n', 2, 8, "a seed from 0"),
        ('[Profile "pinochlerun"]\n[Seed "1"]\n[Seed "2"]\n', 3, 1, "given twice"),
        ('[Profile "pinochlerun"]\n\n1. p\n', 3, 1, "[Seed"),
        ('[Profile "pinochlerun"]\n[Seed "1"]\n1. p {open\n', 3, 6, "never closed"),
        ('[Profile "pinochlerun"]\n[Seed "1"]\n1. p {a {b} c}\n', 3, 9, "do not nest"),
        ('[Profile "pinochlerun"]\n[Seed "1"]\n1. p }\n', 3, 6, "closes nothing"),
        ('[Profile "pinochlerun"]\n[Seed "1"]\n1. p\n[Event "x"]\n', 4, 1, "tags come first"),
        ('[Profile "pinochlerun"]\n[Seed "1"]\n1. p\n3. p\n', 4, 1, "hand 3 where hand 2"),
        ('[Profile "pinochlerun"]\n[Seed "1"]\n1. p pass:?4\n', 3, 6, "seat's view"),
        ('[Profile "pinochlerun"]\n[Seed "1"]\n[Dealer "4"]\n', 3, 10, "the dealer from 0 to 3"),
        ('[Profile "pinochlerun"]\n[Seed "1"]\n[Scores "1,2,3"]\n', 3, 10, "2 scores"),
        ('[Profile "pinochlerun"]\n[Seed "1"]\n[Hands "AS/KS"]\n', 3, 9, "a hand of 12"),
    ],
)
def test_bad_game_text_names_the_line_and_column(
    text: str, line: int, column: int, words: str
) -> None:
    error = _error(text)
    assert (error.line, error.column) == (line, column), str(error)
    assert words in str(error)
    assert str(error).startswith(f"line {line}, column {column}: ")


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("pinochlerun 0 ATKQJ.T.TKQ.ATJ/?/?", 15, "4 hands"),
        ("pinochlerun 9 ?/?/?/?", 13, "the dealer from 0 to 3"),
        ("pinochlerun 0 AX.../?/?/?", 16, "a rank"),
        ("pinochlerun 0 AAA.../?/?/?", 15, "hands[0]"),
        ("pinochlerun 0 AAA..../?/?/?", 15, "four groups"),
        ("pinochlerun 0 AAAAAAAAAAAA.../?/?/?", 15, "2 of each card"),
        ("pinochlerun 0 ?/?/?/? kitty=?", 23, "no kitty"),
        ("pinochlerun 0 ?/?/?/? 25 scores=1,2", 26, "before the moves"),
        ("pinochlerun 0 ?/?/?/? seat=0 seat=1", 30, "given twice"),
        ("pinochlerun 0 ?/?/?/? colour=red", 23, "a field"),
        ("cutthroat-3 0 ?/?/?", 20, "kitty="),
        ("bicycle-two-handed 0 ?/? up=KD", 31, "stock="),
        ("pinochlerun 0 ?/?/?/? pass:?4", 23, "seat's view"),
        ("pinochlerun{bidding.minimum=30 0 ?/?/?/?", 31, "'}' to end the keys"),
        ("", 1, "a deal"),
    ],
)
def test_bad_positions_name_the_column(text: str, column: int, words: str) -> None:
    error = _error(text, notation.read_position)
    assert (error.line, error.column) == (1, column), str(error)
    assert words in str(error)


def test_a_deal_has_no_moves() -> None:
    error = _error("pinochlerun 0 ?/?/?/? 25", notation.read_deal)
    assert (error.line, error.column) == (1, 23)


def test_hostile_text_gets_a_clear_error_at_once() -> None:
    # deep nesting of braces: the second brace is refused, nothing recurses
    error = _error('[Profile "pinochlerun"]\n[Seed "1"]\n' + "{" * 200_000 + "}" * 200_000)
    assert (error.line, error.column) == (3, 2)
    error = _error("pinochlerun" + "{a=" * 100_000 + "1" + "}" * 100_000, notation.read_profile)
    assert "nest more than" in str(error)
    error = _error("pinochlerun{a=" + "[" * 100_000, notation.read_profile)
    assert "nest more than" in str(error)
    # invalid UTF-8: the line and column of the bad byte
    error = _error(b'[Profile "pinochlerun"]\n[Seed "1"]\n1. p \xff p\n')
    assert (error.line, error.column) == (3, 6)
    assert "0xff" in str(error)
    # a huge number is refused before it is converted
    error = _error('[Profile "pinochlerun"]\n[Seed "1"]\n1. ' + "9" * 100_000 + "\n")
    assert (error.line, error.column) == (3, 4)
    # a null byte, a text too large
    _error('[Profile "pinochlerun"]\x00')
    _error("p " * (9 * 1024 * 1024))


def test_a_very_long_line_reads() -> None:
    moves = " ".join(["p"] * 200_000)
    record = notation.read_game(f'[Profile "pinochlerun"]\n[Seed "1"]\n1. {moves}\n')
    assert len(record.actions) == 200_000


def test_errors_cross_a_process_boundary() -> None:
    import pickle

    error = _error(GOOD.replace("[Seed", "[Seed "[:-1] + "x"))
    again = pickle.loads(pickle.dumps(error))
    assert (again.line, again.column, str(again)) == (error.line, error.column, str(error))


# --- The command line ----------------------------------------------------------------------


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pinochle", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        check=False,
    )


def test_record_convert_goes_both_ways(tmp_path: Path) -> None:
    record = record_of(_game("pinochlerun", 1))
    (tmp_path / "game.json").write_text(record.to_json(), encoding="utf-8")
    out = _run("record", "convert", "game.json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout == notation.write_game(record)
    done = _run("record", "convert", "game.json", "--out", "game.pgn", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, "")
    back = _run("record", "convert", "game.pgn", cwd=tmp_path)
    assert back.returncode == 0, back.stderr
    assert GameRecord.from_json(back.stdout) == record
    assert json.loads(back.stdout)["format"] == "pinochle.record"
    same = _run("record", "convert", "game.pgn", "--to", "notation", cwd=tmp_path)
    assert same.stdout == notation.write_game(record)


def test_record_convert_names_the_file_and_line_of_a_problem(tmp_path: Path) -> None:
    (tmp_path / "bad.pgn").write_text('[Profile "pinochlerun"]\n[Seed "1"]\n\n1. 25 ZZ\n')
    out = _run("record", "convert", "bad.pgn", cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr.startswith("pinochle: error: bad.pgn: line 4, column 7: expected a move")
    (tmp_path / "illegal.pgn").write_text('[Profile "pinochlerun"]\n[Seed "1"]\n\n1. AS\n')
    out = _run("record", "convert", "illegal.pgn", "--to", "notation", cwd=tmp_path)
    assert out.returncode == 2
    assert "illegal.pgn: step 1 (play A♠)" in out.stderr
    (tmp_path / "bad.json").write_text('{"format": "pinochle.record", "version": 7}')
    out = _run("record", "convert", "bad.json", cwd=tmp_path)
    assert out.returncode == 2
    assert "bad.json: version" in out.stderr
    out = _run("record", "convert", "missing.pgn", cwd=tmp_path)
    assert (out.returncode, out.stderr) == (2, "pinochle: error: missing.pgn: no such file\n")
    out = _run("record", "convert", "bad.json", "--to", "yaml", cwd=tmp_path)
    assert out.returncode == 2
