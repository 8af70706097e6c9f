"""Five hands with a called partner (issue 32, point 1): `deal.partner = "called"`.

WP's five-hand paragraph (rules/deck-and-deal#five-hands): "1.5 or 2 decks; the bidder
calls a trump card to choose a partner". The library plays the double deck, the call right
after trump, the partner the first other player of the called card, and each player keeping
a score of their own (rules/settlement#called-partner).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pinochle as pn
from _bots_play import play_every_level
from pinochle.cards import make_deck
from pinochle.errors import ArgumentError, SettlementError, SheetError, VariantError
from pinochle.sheet import ScoreSheet
from pinochle.testing import check_variant, games

FIVE = pn.load_variant("five-hand")


def card(text: str) -> pn.Card:
    (found,) = pn.parse_cards(text)
    return found


def _to_call(seed: int = 3) -> pn.State:
    """A five-hand game at the bidder's call: the first seat bids the minimum, all pass."""
    state = pn.new_game(FIVE, seed=seed)
    state = pn.apply(state, pn.Bid(FIVE.bidding.minimum))
    while state.phase is pn.Phase.AUCTION:
        state = pn.apply(state, pn.Pass())
    return pn.apply(state, pn.NameTrump("H"))


def _states(state: pn.State, seed: int) -> Iterator[pn.State]:
    """Every state of the rest of the hand, random legal actions."""
    rng = random.Random(seed)
    hand = state.hand.number
    yield state
    while not state.is_over and state.hand.number == hand:
        state = pn.apply(state, rng.choice(pn.legal_actions(state)))
        yield state


# --- The profile and its keys ---------------------------------------------------------------


def test_five_hands_deal_the_double_deck_sixteen_each() -> None:
    """WP: "1.5 or 2 decks": two decks deal 80 cards, 16 to each of five, nothing over."""
    state = pn.new_game(FIVE, seed=1)
    hands = [pn.observe(state, seat).hand for seat in range(5)]
    assert [len(h) for h in hands] == [16] * 5
    assert sorted(c for h in hands for c in h) == sorted(make_deck("double"))
    assert FIVE.sides == 5  # each player keeps a score of their own


def test_five_players_need_a_called_partner() -> None:
    with pytest.raises(VariantError, match=r"deal\.players: five hands play with a called partner"):
        pn.load_variant("pagat-double-deck").override(
            {"deal": {"players": 5, "seated": 5, "hand": 16, "partnerships": False}}
        )


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"deal": {"players": 4, "seated": 4, "hand": 20}}, "deal.partner"),
        ({"deal": {"partnerships": True}}, "deal.partnerships"),
        ({"settlement": {"throw_in": True}}, "settlement.throw_in"),
        ({"settlement": {"out_of_reach": "no-play"}}, "settlement.out_of_reach"),
        ({"settlement": {"shoot_the_moon": True}}, "settlement.shoot_the_moon"),
        ({"settlement": {"bidder_minimum_meld": 20}}, "settlement.bidder_minimum_meld"),
    ],
)
def test_a_called_partner_refuses_what_it_cannot_play(change: dict[str, object], key: str) -> None:
    """The partner is unknown until the called card is played: every hand is played out."""
    with pytest.raises(VariantError, match=key.replace(".", r"\.")):
        FIVE.override(change)


# --- The call -------------------------------------------------------------------------------


def test_the_bidder_calls_a_trump_card_right_after_trump() -> None:
    """WP: "the bidder calls a trump card to choose a partner": any trump card of the deck."""
    state = _to_call()
    assert state.phase is pn.Phase.CALL
    assert state.to_act == state.hand.bidder
    calls = pn.legal_actions(state)
    assert {a.card for a in calls} == {card(r + "H") for r in "AKQJT"}  # type: ignore[union-attr]
    with pytest.raises(pn.IllegalActionError, match="call a trump card"):
        pn.apply(state, pn.CallPartner(card("AS")))
    called = pn.apply(state, pn.CallPartner(card("AH")))
    assert called.hand.called == card("AH")
    assert called.phase is pn.Phase.TRICKS
    assert all(m is not None for m in called.hand.melds)


def test_the_call_is_an_action_everywhere_actions_go() -> None:
    from pinochle import notation

    action = pn.CallPartner(card("TH"))
    assert str(action) == "call 10♥"
    assert pn.parse_action("call 10♥") == action == pn.parse_action("call TH")
    assert notation.write_move(action) == "call:TH"
    assert notation.read_move("call:TH") == action
    with pytest.raises(ArgumentError):
        pn.CallPartner(3)
    state = pn.apply(_to_call(), action)
    again = pn.State.from_json(state.to_json())
    assert again == state
    assert again.hand.called == card("TH")


def test_the_partner_is_the_first_other_player_of_the_called_card() -> None:
    state = pn.apply(_to_call(), pn.CallPartner(card("AH")))
    bidder = state.hand.bidder
    first = None
    for now in _states(state, seed=5):
        if now.hand.number != state.hand.number or now.is_over:
            break
        plays = [p for t in now.tricks for p in t.plays] + list(now.trick)
        first = next((s for s, c in plays if c == card("AH") and s != bidder), None)
        assert now.hand.partner == first
    result = now.results[-1]
    assert result.partner == first


def test_a_bidder_holding_every_copy_plays_alone() -> None:
    deck = list(make_deck("double"))
    aces = [c for c in deck if c == card("AH")]
    rest = [c for c in deck if c != card("AH")]
    hands = [rest[0:16], aces + rest[16:28], rest[28:44], rest[44:60], rest[60:76]]
    state = pn.new_game(FIVE, seed=2, hands=hands)
    state = pn.apply(state, pn.Bid(40))  # seat 1, on the dealer's left
    while state.phase is pn.Phase.AUCTION:
        state = pn.apply(state, pn.Pass())
    state = pn.apply(pn.apply(state, pn.NameTrump("H")), pn.CallPartner(card("AH")))
    for now in _states(state, seed=1):
        assert now.hand.partner is None or now.hand.number != state.hand.number
    result = now.results[-1]
    assert result.partner is None
    assert result.bidder == 1


# --- Observations ---------------------------------------------------------------------------


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), call=st.sampled_from("AKQJT"))
def test_no_other_seat_is_told_the_partner_before_the_card_shows(seed: int, call: str) -> None:
    """Every seat hears the call; the partner is in no observation until it plays the card."""
    state = pn.apply(_to_call(seed), pn.CallPartner(card(call + "H")))
    for now in _states(state, seed):
        if now.hand.number != state.hand.number:
            break
        for seat in range(5):
            view = pn.observe(now, seat)
            assert view.called == card(call + "H")
            assert view.partner == now.hand.partner  # None until the card is played
            if now.hand.partner is None:
                assert "partner" not in view.to_dict()
                sampled = pn.sample_state(view, random.Random(seat))
                assert sampled.hand.partner is None
                assert sampled.hand.called == view.called
                assert pn.observe(sampled, seat) == view


# --- Settlement and the score keeper --------------------------------------------------------


def _settle(partner: object = None) -> pn.HandResult:
    """A five-hand of bid 50 by side 1: meld 10 20 5 0 8, trick points 10 20 5 5 10."""
    return pn.settle_hand(
        FIVE,
        bidder=1,
        bid=50,
        meld=(10, 20, 5, 0, 8),
        points=(10, 20, 5, 5, 10),
        partner=partner,  # type: ignore[arg-type]
    )


def test_the_bidder_and_partner_each_score_the_sides_result() -> None:
    """The pair's meld and points make the bid together; each scores it; defenders alone."""
    made = _settle(0)  # 20 + 10 + 20 + 10 = 60
    assert made.outcome is pn.Outcome.MADE
    assert made.partner == 0
    assert made.scores == (60, 60, 10, 5, 18)
    assert (made.sides[0].meld, made.sides[0].points) == (10, 10)  # its own, shown
    set_ = _settle(3)  # 20 + 0 + 20 + 5 = 45
    assert set_.outcome is pn.Outcome.SET
    assert set_.scores == (20, -50, 10, -50, 18)
    alone = _settle()
    assert alone.scores == (20, -50, 10, 5, 18)
    assert alone.partner is None


def test_a_partner_is_refused_where_it_cannot_be() -> None:
    with pytest.raises(SettlementError, match="partner"):
        _settle(1)
    with pytest.raises(SettlementError, match="partner"):
        pn.settle_hand(pn.load_variant("pinochlerun"), bidder=0, bid=25, meld=(0, 0), partner=1)
    with pytest.raises(ArgumentError, match="partner"):
        _settle("3")


def test_the_score_keeper_records_a_called_partner() -> None:
    sheet = ScoreSheet(FIVE).record(
        bidder=1, bid=50, meld=(10, 20, 5, 0, 8), points=(10, 20, 5, 5, 10), partner=0
    )
    assert sheet.scores == (60, 60, 10, 5, 18)
    assert ScoreSheet.from_json(sheet.to_json()).scores == sheet.scores
    with pytest.raises(SheetError, match="partner"):
        sheet.record(bidder=1, bid=50, meld=(10, 20, 5, 0, 8), partner=1)
    with pytest.raises(SheetError, match="calls no partner"):
        ScoreSheet(pn.load_variant("pinochlerun")).record(
            bidder=0, bid=25, meld=(0, 0), points=(25, 25), partner=1
        )


def test_the_engine_settles_what_the_score_keeper_does() -> None:
    state = pn.apply(_to_call(7), pn.CallPartner(card("KH")))
    *_, now = _states(state, seed=7)
    result = now.game.results[-1]
    hand = now.game.last_hand
    assert hand is not None
    assert result.partner == hand.partner
    if result.partner is not None:
        assert result.scores[result.partner] == result.scores[result.bidder or 0]


# --- Random games and the bots --------------------------------------------------------------


def test_every_invariant_holds_over_random_games() -> None:
    """The check kit's invariants; seeds 0 to 3 show the call to a seat that does not bid
    (the called card is a name, not a card it sees: `pinochle check` found it)."""
    check_variant(FIVE, games=4, seed=0).raise_if_failed()


@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_random_games_keep_one_score_per_player(data: st.DataObject) -> None:
    state = data.draw(games(FIVE, max_actions=200))
    assert len(state.scores) == 5
    for result in state.results:
        if result.partner is not None:
            assert result.partner != result.bidder
            assert result.scores[result.partner] == result.scores[result.bidder or 0]


def test_every_bot_level_finishes_a_game() -> None:
    variant = FIVE.override({"game": {"hands": 2}})
    for game in play_every_level(variant):
        assert game.final.is_over
        assert any(r.bidder is not None for r in game.final.results), game.level


def test_the_bots_call_a_trump_card_they_lack() -> None:
    from pinochle.bots.bidding import choose_call

    state = _to_call()
    view = pn.observe(state, state.to_act)  # type: ignore[arg-type]
    call = choose_call(view)
    assert isinstance(call, pn.CallPartner)
    assert call in view.legal_actions
    held = {c for c in view.hand if c.suit is pn.Suit.HEARTS}
    lacking = [card(r + "H") for r in "ATKQJ" if card(r + "H") not in held]
    if lacking:
        assert call.card == lacking[0]  # the highest trump it does not hold
