"""House rules of the auction, trump, the first lead, the contract and the game's length.

Issue 32, point 3: single-round bidding (`bidding.rounds`), the run, marriage or dix trump
(`trump.rule = "run-marriage-or-dix"`), the trump first lead (`play.opening_lead`), the
bidders' minimum meld (`settlement.bidder_minimum_meld`), games of a fixed number of hands
(`game.hands`) and pinochling (`game.all_tricks_win`). Each test quotes the rules
reference's words for its source (docs/rules/*.md); the property tests play random games
under each key, and every bot level plays a small house profile of each key to the end.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _bots_play import play_every_level
from pinochle import (
    Bid,
    Card,
    DeckKind,
    IllegalActionError,
    NameTrump,
    Outcome,
    Pass,
    Phase,
    Play,
    State,
    Suit,
    Variant,
    apply,
    game_end,
    legal_actions,
    legal_plays,
    load_variant,
    make_deck,
    new_game,
    observe,
    parse_cards,
    settle_hand,
)
from pinochle.bots import make_bot
from pinochle.testing import check_variant, games
from pinochle.tricks import leads_trump, play_rule

RUN = load_variant("pinochlerun")


def _hands(cards: str, seat: int) -> list[tuple[Card, ...]]:
    """A deal in which ``seat`` holds these 12 cards, the others the rest in deck order."""
    deck = list(make_deck(DeckKind.SINGLE))
    mine = parse_cards(cards)
    assert len(mine) == 12
    for card in mine:
        deck.remove(card)
    hands: list[tuple[Card, ...]] = []
    for s in range(4):
        if s == seat:
            hands.append(tuple(mine))
        else:
            hands.append(tuple(deck[:12]))
            deck = deck[12:]
    return hands


def _auction(variant: Variant, actions: list[Bid | Pass], seed: int = 1) -> State:
    state = new_game(variant, seed=seed)  # dealer 0: seat 1 speaks first
    for action in actions:
        state = apply(state, action)
    return state


# --- bidding.rounds (rules/auction#single-round) ------------------------------------------


def test_firehouse_gives_each_player_one_bid() -> None:
    """rules/auction#single-round:
    "'Firehouse pinocle' one bid each, min 200" (a book copy), tens scale.
    """
    firehouse = RUN.with_scale(10).override({"bidding": {"rounds": 1, "minimum": 200}})
    state = _auction(firehouse, [Bid(200), Pass(), Bid(250)])
    assert state.phase is Phase.AUCTION
    assert state.to_act == 0
    assert Bid(200) not in legal_actions(state)
    assert Bid(260) in legal_actions(state)
    state = apply(state, Pass())
    # Everyone has spoken once: seat 3's 250 wins, though seat 1 could have raised it.
    assert state.phase is Phase.TRUMP
    assert state.hand.bidder == 3
    assert state.hand.bid == 250


def test_a_player_who_made_their_last_bid_may_not_bid_again() -> None:
    """rules/auction#single-round: "'Aeroplane/racehorse': two bids each, min 250 (poker.tj)"."""
    racehorse = RUN.with_scale(10).override({"bidding": {"rounds": 2, "minimum": 250}})
    state = _auction(racehorse, [Bid(250), Bid(260), Pass(), Pass(), Bid(270)])
    # Seat 1 has bid twice: it holds the bid but is out; seat 2 has one bid left.
    assert state.to_act == 2
    state = apply(state, Bid(280))
    assert state.phase is Phase.TRUMP
    assert (state.hand.bidder, state.hand.bid) == (2, 280)


def test_the_open_auction_lets_a_player_bid_again() -> None:
    """The default (`rounds = false`) is today's auction: bid until everyone else passed."""
    state = _auction(RUN, [Bid(25), Pass(), Pass(), Pass()])
    assert state.phase is Phase.TRUMP
    assert state.hand.bidder == 1
    state = _auction(RUN, [Bid(25), Bid(26), Pass(), Pass()])
    assert state.phase is Phase.AUCTION
    assert state.to_act == 1


def test_a_single_round_in_which_nobody_bids_falls_to_all_pass() -> None:
    """rules/auction#all-pass: "(a) dealer forced at minimum"; the dealer speaks last."""
    one = RUN.override({"bidding": {"rounds": 1}})
    state = _auction(one, [Pass(), Pass(), Pass()])
    assert state.phase is Phase.TRUMP
    assert (state.hand.bidder, state.hand.bid) == (0, 25)
    last = one.override({"bidding": {"all_pass": "last-must-bid"}})
    state = _auction(last, [Pass(), Pass(), Pass()])
    assert Pass() not in legal_actions(state)


def test_rounds_must_be_positive() -> None:
    with pytest.raises(Exception, match=r"bidding\.rounds"):
        RUN.override({"bidding": {"rounds": 0}})


# --- bidding.meld_must_open (rules/auction#all-pass) --------------------------------------


def test_the_player_holding_meld_must_open_with_any_all_pass_rule() -> None:
    """rules/auction#all-pass (d): "first player holding meld must open: WP 3-hand and 4-hand"."""
    for rule in ("dealer-forced", "last-must-bid", "redeal"):
        variant = RUN.override({"bidding": {"meld_must_open": True, "all_pass": rule}})
        state = new_game(variant, seed=0, hands=_hands("KH QH 9C 9C JC JC 9D JD 9S 9S JS JS", 1))
        with pytest.raises(IllegalActionError, match="you hold meld"):
            apply(state, Pass())
        plain = new_game(RUN, seed=0, hands=_hands("KH QH 9C 9C JC JC 9D JD 9S 9S JS JS", 1))
        assert Pass() in legal_actions(plain)


# --- trump.rule = "run-marriage-or-dix" (rules/trump#options) -----------------------------


def _dix_rule() -> Variant:
    return RUN.override({"trump": {"rule": "run-marriage-or-dix"}})


def test_the_bidder_may_name_a_suit_holding_a_run_marriage_or_dix() -> None:
    """rules/trump#options:
    "run_marriage_or_dix_required: suit must contain a run, marriage or dix".
    """
    # The bidder (seat 0): a run in ♦, the 9♣, nothing in ♥ or ♠.
    hands = _hands("9C JC QC AD TD KD QD JD AS JS QS AH", 0)
    state = new_game(_dix_rule(), seed=0, dealer=3, hands=hands)
    state = apply(apply(apply(apply(state, Bid(25)), Pass()), Pass()), Pass())
    assert set(legal_actions(state)) == {NameTrump(Suit.CLUBS), NameTrump(Suit.DIAMONDS)}
    with pytest.raises(IllegalActionError, match="no run, marriage or dix in hearts"):
        apply(state, NameTrump(Suit.HEARTS))


def test_a_bidder_without_a_run_marriage_or_dix_surrenders() -> None:
    """rules/trump#no-marriage: the no-marriage outcome, "bidder's side is set by the bid"."""
    hands = _hands("JC QC TC AC JD TD AD JH TH AH JS AS", 0)  # no K+Q, no nine
    state = new_game(_dix_rule(), seed=0, dealer=3, hands=hands)
    state = apply(apply(apply(apply(state, Bid(25)), Pass()), Pass()), Pass())
    assert state.results[-1].outcome is Outcome.NO_MARRIAGE


# --- play.opening_lead (rules/trick-play#first-lead) --------------------------------------


def _first_lead(variant: Variant, bid: int) -> State:
    hands = _hands("9C JC QC KC AD TD KD QD JD 9S JS AH", 0)
    state = new_game(variant, seed=0, dealer=3, hands=hands)
    state = apply(apply(apply(apply(state, Bid(bid)), Pass()), Pass()), Pass())
    state = apply(state, NameTrump(Suit.DIAMONDS))
    while state.phase is not Phase.TRICKS:  # the passes of four cards each way
        state = apply(state, legal_actions(state)[0])
    return state


def test_the_first_lead_must_be_a_trump() -> None:
    """rules/trick-play#first-lead: "some rules force the opening lead to be a trump (WP)"."""
    variant = RUN.override({"play": {"opening_lead": "trump"}})
    state = _first_lead(variant, 25)
    leader = state.to_act or 0
    trumps = {Play(c) for c in state.hands[leader] if c.suit is Suit.DIAMONDS}
    assert trumps
    assert set(legal_actions(state)) == trumps
    spade = next(c for c in state.hands[leader] if c.suit is not Suit.DIAMONDS)
    with pytest.raises(IllegalActionError, match="the first lead must be a trump"):
        apply(state, Play(spade))
    # Only the first lead: the next trick's leader may lead anything.
    for _ in range(4):
        state = apply(state, legal_actions(state)[0])
    assert len(legal_actions(state)) == len(set(state.hands[state.to_act or 0]))


def test_the_first_lead_must_be_a_trump_unless_the_bid_was_the_minimum() -> None:
    """rules/trick-play#first-lead:
    "Atari DD help: bidder must lead trump unless the bid was 50".
    """
    variant = RUN.override({"play": {"opening_lead": "trump-unless-minimum"}})
    assert not leads_trump(variant, 25)
    assert leads_trump(variant, 26)
    free = _first_lead(variant, 25)
    assert len(legal_actions(free)) == len(set(free.hands[free.to_act or 0]))
    bound = _first_lead(variant, 30)
    assert {a.card.suit for a in legal_actions(bound)} == {Suit.DIAMONDS}  # type: ignore[union-attr]


def test_the_rule_functions_read_the_first_lead() -> None:
    hand = parse_cards("AS TS 9H KD")
    play = RUN.play
    assert list(legal_plays(hand, [], Suit.DIAMONDS, play, lead_trump=True)) == list(
        parse_cards("KD")
    )
    assert list(legal_plays(hand, [], Suit.CLUBS, play, lead_trump=True)) == list(hand)
    assert play_rule(hand, [], Suit.DIAMONDS, play, lead_trump=True) == (
        "the first lead must be a trump"
    )
    assert legal_plays(hand, [], Suit.DIAMONDS, play) == hand
    assert not leads_trump(RUN, 25)


def test_a_stock_game_keeps_a_free_first_lead() -> None:
    with pytest.raises(Exception, match=r"play\.opening_lead"):
        load_variant("bicycle-two-handed").override({"play": {"opening_lead": "trump"}})


# --- settlement.bidder_minimum_meld (rules/meld#minimum-meld) -----------------------------


def test_a_bidding_side_under_20_meld_is_set_without_play() -> None:
    """rules/meld#minimum-meld: "Spokane: bidding team with under 20 meld is set without play"."""
    spokane = load_variant("pagat-double-deck").override(
        {"settlement": {"bidder_minimum_meld": 20}}
    )
    result = settle_hand(spokane, bidder=0, bid=50, meld=(19, 30))
    assert result.outcome is Outcome.NOT_ON_BOARD
    assert result.scores[0] == -50
    assert "under" not in result.reason
    assert "meld 19 < the 20 a bidding side needs" in result.reason
    with pytest.raises(Exception, match="not played"):
        settle_hand(spokane, bidder=0, bid=50, meld=(19, 30), points=(30, 20), tricks=(10, 10))
    made = settle_hand(spokane, bidder=0, bid=50, meld=(20, 30), points=(30, 20), tricks=(10, 10))
    assert made.outcome is Outcome.MADE


def test_the_engine_ends_the_hand_of_a_bidder_short_of_meld() -> None:
    variant = RUN.override({"settlement": {"bidder_minimum_meld": 20}, "passing": {"cards": 0}})
    state = _auction(variant, [Bid(25), Pass(), Pass(), Pass()], seed=4)
    state = apply(state, legal_actions(state)[0])  # trump: the meld is laid down at once
    result = state.results[-1]
    assert result.sides[1].meld < 20
    assert result.outcome is Outcome.NOT_ON_BOARD


# --- The set side's meld (rules/settlement#choice-set-meld) -------------------------------


@pytest.mark.parametrize("rule", ["minus-bid", "opponents-score-bid", "npa", "zero"])
def test_a_set_side_loses_its_meld_under_every_set_rule(rule: str) -> None:
    """rules/settlement#set: "minus_bid_and_meld: bid subtracted and the hand's meld lost"."""
    variant = RUN.override({"settlement": {"set": rule}})
    result = settle_hand(variant, bidder=0, bid=40, meld=(20, 4), points=(10, 15))
    assert result.outcome is Outcome.SET
    assert not result.sides[0].meld_counted
    assert result.scores[0] in (-40, 0)


# --- game.hands and game.all_tricks_win (rules/game-end) ----------------------------------


def test_a_game_of_six_hands_ends_after_the_sixth() -> None:
    """rules/game-end#fixed-length:
    "fixed length: tournaments: rounds of N hands (Spokane: six hands a game)".
    """
    six = RUN.override({"game": {"hands": 6}})
    assert game_end(six, (80, 60), bidder=0, hands=5).winner is None
    end = game_end(six, (80, 60), bidder=1, hands=6)
    assert end.winner == 0
    assert "6 hands" in end.reason
    tie = game_end(six, (70, 70), bidder=0, hands=6)
    assert tie.winner is None
    assert "tie" in tie.reason
    assert game_end(six, (70, 71), bidder=0, hands=7).winner == 1  # ... until broken
    assert game_end(six, (150, 20), bidder=0, hands=2).winner == 0  # the target still wins
    assert game_end(RUN, (80, 60), bidder=0, hands=600).winner is None


def test_a_game_of_hands_without_a_target_plays_that_many_hands() -> None:
    variant = RUN.override({"game": {"hands": 3, "target": False, "lose_at": False}})
    state = new_game(variant, seed=2)
    bots = [make_bot("easy", seed=seat) for seat in range(4)]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = apply(state, bots[seat].choose(observe(state, seat)))
    assert len(state.results) >= 3
    assert state.scores[state.winner or 0] == max(state.scores)
    with pytest.raises(Exception, match=r"game\.target"):
        RUN.override({"game": {"target": False}})
    with pytest.raises(Exception, match=r"game\.hands"):
        RUN.override({"game": {"hands": 0}})


def test_taking_every_trick_wins_the_game() -> None:
    """rules/game-end#other-endings:
    "'Pinochling' (WP): taking every trick wins the game outright".
    """
    variant = RUN.override({"game": {"all_tricks_win": True}})
    end = game_end(variant, (-250, 40), bidder=1, swept=0)
    assert end.winner == 0
    assert "every trick" in end.reason
    assert game_end(RUN, (-250, 40), bidder=1, swept=0).winner is None


# --- Random games under each key, and every bot level -------------------------------------

HOUSES: dict[str, dict[str, Any]] = {
    "firehouse": {"scale": 10, "bidding": {"rounds": 1, "minimum": 200, "maximum": False}},
    "racehorse": {"scale": 10, "bidding": {"rounds": 2, "minimum": 250, "maximum": False}},
    "meld-opens": {"bidding": {"meld_must_open": True, "all_pass": "redeal"}},
    "dix-trump": {"trump": {"rule": "run-marriage-or-dix"}},
    "trump-lead": {"play": {"opening_lead": "trump"}},
    "trump-lead-over-minimum": {"play": {"opening_lead": "trump-unless-minimum"}},
    "spokane-meld": {"settlement": {"bidder_minimum_meld": 20}},
    "six-hands": {"game": {"hands": 6}},
    "pinochling": {"game": {"all_tricks_win": True}},
}


def _house(name: str) -> Variant:
    return RUN.override({**HOUSES[name], "name": name})


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(HOUSES)).flatmap(lambda name: games(_house(name))))
def test_random_games_keep_each_house_rule(state: State) -> None:
    """Every position of a random game under each key obeys it."""
    variant = state.variant
    if state.phase is Phase.TRICKS and not state.tricks and not state.trick:
        legal = {a.card for a in legal_actions(state)}  # type: ignore[union-attr]
        held = state.hands[state.to_act or 0]
        if leads_trump(variant, state.hand.bid) and any(c.suit == state.hand.trump for c in held):
            assert {c.suit for c in legal} == {state.hand.trump}
        else:
            assert legal == set(held)
    rounds = variant.bidding.rounds
    if rounds is not None:
        spoken = [seat for seat, action in state.hand.auction if isinstance(action, Bid)]
        assert all(spoken.count(seat) <= rounds for seat in spoken)
    if variant.game.hands is not None and state.is_over:
        assert len(state.results) >= variant.game.hands or max(state.scores) >= 150


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_every_bot_level_plays_each_house_profile_to_the_end(name: str) -> None:
    variant = _house(name).override({"game": {"hands": 3}} if name != "six-hands" else {})
    for game in play_every_level(variant):
        assert game.final.is_over
    check_variant(variant, games=4).raise_if_failed()


def test_the_bots_bid_when_trump_needs_a_marriage_and_partners_pass() -> None:
    """rules/trump#options: "marriage_required: may name only a suit in which the bidder holds K+Q".

    The bots' estimate of what passing gains named trump in a random hand's best suit, and
    a hand with no marriage has none: under the marriage rule with passing every bot failed
    on its first bid. The same class as the run, marriage or dix rule above.
    """
    variant = RUN.override({"trump": {"rule": "marriage"}})
    state = new_game(variant, seed=0)
    bot = make_bot("medium", seed=0)
    action = bot.choose(observe(state, state.to_act or 0))
    assert action in legal_actions(state)
