"""Wikipedia's three-handed game (``wikipedia-three-hand``): the auction and the concession.

rules/auction#minimum-and-step, "WP three-handed: 20; dealer may bid 19; holder of meld
must open", rules/auction#conventions "first player holding meld must open: WP 3-hand and
4-hand", rules/three-hand#everyone-melds "bids from 20 (dealer 19) by 1 ... concession after
kitty allowed" and rules/settlement#throw-in "WP 3-hand:
concede after seeing kitty: minus bid; must still name trump; others score meld".

The deals are built by hand. Seat 0 deals, so seat 1 speaks first, then seat 2, then the
dealer. Seat 1 holds eight nines and seven tens: no meld before trump (a dix is meld only
in trump).
"""

from __future__ import annotations

import random

import pytest

from pinochle import (
    Bid,
    IllegalActionError,
    NameTrump,
    Outcome,
    Pass,
    Phase,
    PlayOn,
    State,
    Suit,
    ThrowIn,
    Variant,
    apply,
    legal_actions,
    load_variant,
    new_game,
    observe,
    parse_cards,
    sample_state,
    score_meld,
)
from pinochle.records import record_of, replay

NO_MELD = "9♠ 9♠ 9♥ 9♥ 9♦ 9♦ 9♣ 9♣ 10♠ 10♠ 10♥ 10♥ 10♦ 10♦ 10♣"

# Deal A: seat 2 holds the heart marriage (and jacks around twice).
A_DEALER = "K♥ Q♥ K♠ K♠ Q♠ Q♠ K♦ K♦ Q♦ Q♦ K♣ K♣ Q♣ A♦ A♦"
A_SECOND = "K♥ Q♥ A♠ A♠ A♥ A♥ J♠ J♠ J♥ J♥ J♦ J♦ J♣ J♣ 10♣"

# Deal B: seat 2 holds no meld either (no queen, no ace of clubs, no J♦, no K♣); the
# dealer holds marriages in every suit; the kitty is 10♣ A♣ A♣.
B_DEALER = "Q♠ Q♠ Q♥ Q♥ Q♦ Q♦ Q♣ Q♣ K♠ K♥ K♦ K♣ K♣ J♦ J♦"
B_SECOND = "A♠ A♠ A♥ A♥ A♦ A♦ J♠ J♠ J♥ J♥ J♣ J♣ K♠ K♥ K♦"


def _rules() -> Variant:
    return load_variant("wikipedia-three-hand")


def _deal(dealer: str, second: str) -> State:
    return new_game(_rules(), seed=5, dealer=0, hands=[dealer, NO_MELD, second])


def test_the_hands_meld_as_described() -> None:
    rules = _rules()
    assert score_meld(parse_cards(NO_MELD), None, rules).total == 0
    assert score_meld(parse_cards(B_SECOND), None, rules).total == 0
    assert score_meld(parse_cards(A_SECOND), None, rules).total > 0


def test_a_player_without_meld_may_pass() -> None:
    state = _deal(A_DEALER, A_SECOND)
    assert state.to_act == 1
    assert Pass() in legal_actions(state)


def test_the_first_player_holding_meld_must_open() -> None:
    """WP: "the player holding meld is forced to open" while nobody has bid."""
    state = apply(_deal(A_DEALER, A_SECOND), Pass())
    assert state.to_act == 2
    legal = legal_actions(state)
    assert Pass() not in legal
    assert legal[0] == Bid(20)
    with pytest.raises(IllegalActionError, match="you hold meld and nobody has bid"):
        apply(state, Pass())


def test_once_someone_has_bid_a_meld_holder_may_pass() -> None:
    state = apply(apply(_deal(A_DEALER, A_SECOND), Bid(20)), Pass())
    # Seat 2 holds meld, but seat 1 opened: it may pass; then the dealer may too.
    assert state.to_act == 0
    assert Pass() in legal_actions(state)


def test_the_dealer_may_bid_19_when_the_others_pass() -> None:
    """WP: bids from 20, "dealer 19"; the dealer holds meld, so must bid."""
    state = apply(apply(_deal(B_DEALER, B_SECOND), Pass()), Pass())
    assert state.to_act == 0
    legal = legal_actions(state)
    assert legal[:2] == (Bid(19), Bid(20))  # holding meld: no pass
    after = apply(state, Bid(19))
    assert (after.phase, after.hand.bidder, after.hand.bid) == (Phase.TRUMP, 0, 19)


def test_only_the_dealer_may_bid_19() -> None:
    state = _deal(B_DEALER, B_SECOND)
    assert Bid(19) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="at least 20"):
        apply(state, Bid(19))
    # ... and not once somebody has bid.
    state = apply(state, Bid(20))
    state = apply(state, Pass())
    assert state.to_act == 0
    assert Bid(19) not in legal_actions(state)


def test_a_stuck_dealer_takes_the_dealer_minimum() -> None:
    """Clubs (rules/auction#minimum-and-step): "16, dealer stuck at 15"; here S0's 25 with the
    dealer at 24."""
    rules = load_variant("pinochlerun").override({"bidding": {"dealer_minimum": 24}})
    state = new_game(rules, seed=2)
    for _ in range(3):
        state = apply(state, Pass())
    assert (state.hand.bidder, state.hand.bid) == (state.hand.dealer, 24)


def _won_by_dealer_at_19() -> State:
    state = apply(apply(_deal(B_DEALER, B_SECOND), Pass()), Pass())
    return apply(state, Bid(19))


def test_the_bidder_decides_on_conceding_right_after_naming_trump() -> None:
    """WP: the bidder may concede after seeing the kitty, and must still name trump."""
    state = _won_by_dealer_at_19()
    assert state.phase is Phase.TRUMP  # trump first, even to concede
    assert len(state.hands[0]) == 18  # the kitty is taken (and shown)
    state = apply(state, NameTrump(Suit.HEARTS))
    assert state.phase is Phase.THROW_IN
    assert state.to_act == 0
    assert not any(state.hand.melds)  # before anyone melds or buries
    assert set(legal_actions(state)) == {ThrowIn(), PlayOn()}


def test_a_concession_after_the_kitty_scores_minus_bid_and_the_others_meld() -> None:
    """rules/settlement#throw-in: minus the bid; the others score their meld (for the
    trump named)."""
    rules = _rules()
    state = apply(_won_by_dealer_at_19(), NameTrump(Suit.HEARTS))
    state = apply(state, ThrowIn())
    result = state.results[-1]
    assert result.outcome is Outcome.THROWN_IN
    first_meld = score_meld(parse_cards(NO_MELD), Suit.HEARTS, rules).total
    assert first_meld == 2  # both 9♥: two dixes
    second_meld = score_meld(parse_cards(B_SECOND), Suit.HEARTS, rules).total
    assert result.scores == (-19, first_meld, second_meld)
    assert state.hand.number == 1  # the next deal


def test_playing_on_melds_buries_and_plays_without_a_second_choice() -> None:
    state = apply(_won_by_dealer_at_19(), NameTrump(Suit.HEARTS))
    state = apply(state, PlayOn())
    assert all(m is not None for m in state.hand.melds)
    assert state.phase is Phase.BURY
    state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.TRICKS


def test_the_concession_phase_keeps_observations_and_records_whole() -> None:
    state = apply(_won_by_dealer_at_19(), NameTrump(Suit.HEARTS))
    for seat in range(3):
        view = observe(state, seat)
        assert observe(sample_state(view, random.Random(seat)), seat) == view
    done = apply(state, ThrowIn())
    assert replay(record_of(done)) == done


def test_sampled_deals_give_a_passer_no_meld() -> None:
    """A pass while nobody has bid shows the passer held no meld; search players' imagined
    deals respect that (and still look the same to the observer)."""
    rules = _rules()
    state = apply(_deal(A_DEALER, A_SECOND), Pass())
    view = observe(state, 2)
    rng = random.Random(1)
    for _ in range(30):
        sampled = sample_state(view, rng)
        assert observe(sampled, 2) == view
        assert score_meld(sampled.hands[1], None, rules).total == 0
