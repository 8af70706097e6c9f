"""Three-hand pinochle through the engine: pagat-auction-3 (chips) and cutthroat-3 (points),
against rules/deck-and-deal#hands (15 each and a 3-card widow),
rules/auction#mechanics (the auction), rules/meld#who-melds (who melds),
rules/three-hand#auction-pinochle and rules/three-hand#everyone-melds (the widow taken, shown and
buried; concession, set, payments), rules/settlement#saving-meld (saving meld) and
rules/game-end#both-reach (ties).

One deal is built by hand: South (seat 0) deals; West (seat 1) speaks first and holds a
heart run, aces around, a pinochle, the dix and the spade marriage; the widow is 9♣ 9♦ J♠.
"""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Callable

import pytest

from pinochle import (
    Bid,
    Concede,
    IllegalActionError,
    MeldStatus,
    NameTrump,
    Observation,
    Outcome,
    Pass,
    Phase,
    PlayOn,
    State,
    Suit,
    ThrowIn,
    Variant,
    apply,
    card_points,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    observe,
    parse_action,
    parse_cards,
)
from pinochle.actions import Action, Bury
from pinochle.bots import make_bot
from pinochle.demo import play_demo
from pinochle.errors import ActionParseError, SettlementError, SheetError, VariantError
from pinochle.records import GameRecord, record_of, replay
from pinochle.sampling import sample_state
from pinochle.scoring import settle_hand
from pinochle.sheet import ScoreSheet

AUCTION = load_variant("pagat-auction-3")
CUTTHROAT = load_variant("cutthroat-3")

BIDDER = 1
STRONG = parse_cards("A♥ 10♥ K♥ Q♥ J♥ 9♥ A♠ A♦ A♣ Q♠ J♦ 10♠ 10♦ 10♣ K♠")
WIDOW = parse_cards("9♣ 9♦ J♠")
_REST = sorted((Counter(make_deck("single")) - Counter(STRONG) - Counter(WIDOW)).elements())
HANDS = (tuple(_REST[:15]), STRONG, tuple(_REST[15:]))
SPARE = parse_cards("10♠ 10♦ 10♣")  # outside the meld with hearts trump (10♠ is in a spade run)
SPARE_SPADES = parse_cards("9♥ 10♦ 10♣")  # outside the meld with spades trump


def win_auction(variant: Variant, bid: int, trump: Suit) -> State:
    """West bids, the other two pass, West names trump."""
    state = new_game(variant, seed=5, hands=HANDS)
    for action in (Bid(bid), Pass(), Pass(), NameTrump(trump)):
        state = apply(state, action)
    return state


def to_play(variant: Variant, bid: int) -> State:
    """Hearts trump, the three tens buried, the bidder plays on (and the opponents too)."""
    state = apply(apply(win_auction(variant, bid, Suit.HEARTS), Bury(SPARE)), PlayOn())
    if state.phase is Phase.CONCEDE:  # 14.1: pagat-auction-3's opponents may concede
        state = apply(state, PlayOn())
    return state


def play_out(state: State, rng: random.Random | None = None) -> list[State]:
    """Every state to the end of the hand: the first legal card, or a random one."""
    states = [state]
    number = state.hand.number
    while state.hand.number == number and not state.is_over:
        legal = legal_actions(state)
        action: Action = legal[rng.randrange(len(legal))] if rng else legal[0]
        state = apply(state, action)
        states.append(state)
    return states


# --- The deal and the auction (rules/deck-and-deal#hands, rules/auction#mechanics,
# rules/three-hand#auction-pinochle, rules/three-hand#everyone-melds)
# -----------------------------------


@pytest.mark.parametrize("variant", [AUCTION, CUTTHROAT], ids=lambda v: v.name)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_fifteen_each_and_a_widow_of_three(variant: Variant, seed: int) -> None:
    """rules/deck-and-deal#hands: 15 cards each and a 3-card widow make the 48-card deck;
    the dealer's left speaks first."""
    state = new_game(variant, seed, dealer=2)
    assert [len(h) for h in state.hands] == [15, 15, 15]
    assert len(state.hand.kitty) == 3
    assert Counter([*state.hand.kitty, *(c for h in state.hands for c in h)]) == Counter(
        make_deck("single")
    )
    assert state.phase is Phase.AUCTION
    assert state.to_act == 0


def test_given_hands_leave_the_rest_as_the_widow() -> None:
    state = new_game(AUCTION, seed=5, hands=HANDS)
    assert Counter(state.hand.kitty) == Counter(WIDOW)


def test_two_passes_end_the_auction_and_the_bidder_takes_the_widow() -> None:
    """14.1: bids from 300 by 10, a pass is final, two passes end it; the high bidder
    takes the widow (18 cards) and names any suit."""
    state = new_game(AUCTION, seed=5, hands=HANDS)
    assert {a for a in legal_actions(state) if isinstance(a, Bid)} >= {Bid(300), Bid(310)}
    with pytest.raises(IllegalActionError, match="300"):
        apply(state, Bid(290))
    state = apply(apply(state, Bid(300)), Pass())
    assert state.phase is Phase.AUCTION
    assert state.to_act == 0
    state = apply(state, Pass())
    assert state.phase is Phase.TRUMP
    assert state.to_act == BIDDER
    assert (state.bidder, state.bid) == (BIDDER, 300)
    assert Counter(state.hands[BIDDER]) == Counter(STRONG) + Counter(WIDOW)
    assert set(legal_actions(state)) == {NameTrump(s) for s in Suit}


def test_a_pass_is_final() -> None:
    """4.2: a player who passed is skipped for the rest of the auction."""
    state = new_game(AUCTION, seed=5, hands=HANDS)
    state = apply(apply(apply(state, Pass()), Bid(300)), Bid(310))
    assert state.to_act == 2  # West passed: East speaks after South
    state = apply(state, Pass())
    assert state.phase is Phase.TRUMP
    assert state.bidder == 0


def test_all_pass_redeals_in_the_auction_game() -> None:
    """19.24: when all three pass, nobody scores and the next dealer deals again."""
    state = new_game(AUCTION, seed=5)
    for _ in range(3):
        state = apply(state, Pass())
    assert state.phase is Phase.AUCTION
    assert state.hand.number == 1
    assert state.dealer == 1
    assert state.to_act == 2
    assert state.results == ()
    assert state.scores == (0, 0, 0)


def test_the_dealer_is_stuck_at_250_in_cutthroat() -> None:
    """rules/three-hand#choice-pagat-cutthroat: when the two others pass, the dealer takes the bid
    at the minimum, 250."""
    state = new_game(CUTTHROAT, seed=5, dealer=0)
    state = apply(apply(state, Pass()), Pass())
    assert state.phase is Phase.TRUMP
    assert (state.bidder, state.bid, state.to_act) == (0, 250, 0)
    assert len(state.hands[0]) == 18


def test_the_widow_stays_hidden_during_the_auction() -> None:
    """14.1: the widow is exposed by the high bidder after the auction, not before."""
    state = apply(new_game(AUCTION, seed=5, hands=HANDS), Bid(300))
    assert state.phase is Phase.AUCTION
    for seat in range(3):
        assert observe(state, seat).kitty == ()


def test_the_widow_is_shown_to_everyone_once_taken() -> None:
    """14.1, ``kitty.shown``: the high bidder exposes the widow to all."""
    state = win_auction(AUCTION, 330, Suit.HEARTS)
    for seat in range(3):
        assert Counter(observe(state, seat).kitty) == Counter(WIDOW)


# --- Meld and the burial (rules/meld#who-melds, rules/three-hand#auction-pinochle,
# rules/three-hand#everyone-melds) ------------------------------------------


def test_only_the_bidder_melds_in_the_auction_game() -> None:
    """8: in three-hand auction only the bidder melds, from hand plus widow: run 150, aces
    around 100, pinochle 40, dix 10, marriage 20 with hearts trump."""
    state = win_auction(AUCTION, 330, Suit.HEARTS)
    melds = state.hand.melds
    assert melds[0] is None
    assert melds[2] is None
    bidder = melds[BIDDER]
    assert bidder is not None
    assert bidder.total == 320


def test_everyone_melds_in_cutthroat() -> None:
    """8, 14.2: in cutthroat all three players meld."""
    state = win_auction(CUTTHROAT, 300, Suit.HEARTS)
    assert all(meld is not None for meld in state.hand.melds)


def test_the_bidder_buries_three_cards_outside_the_meld() -> None:
    """14.1: the bidder buries 3 cards; a melded card or the wrong count is refused."""
    state = win_auction(AUCTION, 330, Suit.HEARTS)
    assert state.phase is Phase.BURY
    assert state.to_act == BIDDER
    with pytest.raises(IllegalActionError, match="may not bury A♠"):
        apply(state, Bury(parse_cards("A♠ 10♠ 10♦")))
    with pytest.raises(IllegalActionError, match="bury exactly 3"):
        apply(state, Bury(parse_cards("10♠ 10♦")))
    with pytest.raises(IllegalActionError, match="bury exactly 3"):
        apply(state, Bury(parse_cards("10♠ 10♦ 10♣ 9♣")))
    assert Bury(SPARE) in legal_actions(state)
    assert Bury(parse_cards("9♣ 9♦ J♠")) in legal_actions(state)
    after = apply(state, Bury(SPARE))
    assert Counter(after.hand.buried) == Counter(SPARE)
    assert len(after.hands[BIDDER]) == 15
    for card in SPARE:
        assert card not in after.hands[BIDDER]
    assert Counter(c for h in after.hands for c in h) + Counter(SPARE) == Counter(
        make_deck("single")
    )
    assert observe(after, BIDDER).buried == after.hand.buried
    assert observe(after, 0).buried == observe(after, 2).buried == ()


# --- Settlement in chips (rules/three-hand#auction-pinochle) --------------------------------------


def test_a_concession_pays_single_and_spades_double() -> None:
    """14.1: the bidder who concedes pays each opponent once the schedule's payment (330:
    1 chip), doubled with spades trump (19.24)."""
    state = apply(win_auction(AUCTION, 330, Suit.SPADES), Bury(SPARE_SPADES))
    assert state.phase is Phase.THROW_IN
    assert set(legal_actions(state)) == {ThrowIn(), PlayOn()}
    after = apply(state, ThrowIn())
    result = after.results[-1]
    assert result.outcome is Outcome.THROWN_IN
    assert result.scores == (2, -4, 2)
    assert sum(after.scores) == 0
    assert after.game.last_tricks == ()


def test_a_made_bid_pays_once_and_the_buried_cards_count() -> None:
    """14.1: made, each opponent pays the bidder once (330 with hearts: 1 chip); the three
    buried tens count for the bidder, so the hand still totals 250."""
    states = play_out(to_play(AUCTION, 330))
    before, after = states[-2], states[-1]
    result = after.results[-1]
    assert result.outcome is Outcome.MADE
    assert result.scores == (-1, 2, -1)
    assert sum(after.scores) == 0
    tricks = after.game.last_tricks
    assert len(tricks) == 15
    won = sum(t.points for t in tricks if t.winner == BIDDER)
    assert result.sides[BIDDER].points == won + card_points(SPARE, AUCTION) == won + 30
    assert sum(side.points for side in result.sides) == 250
    assert Counter(before.hand.buried) == Counter(SPARE)


def test_a_set_after_play_pays_double() -> None:
    """14.1: a bidder who plays and fails pays each opponent twice the payment (550: 10
    chips, so 20 each); 320 meld + 250 reaches 550, so the hand is played."""
    states = play_out(to_play(AUCTION, 550))
    after = states[-1]
    result = after.results[-1]
    tricks = after.game.last_tricks
    assert len(tricks) == 15
    taken = sum(t.points for t in tricks if t.winner == BIDDER) + 30
    assert 320 + taken < 550
    assert result.outcome is Outcome.SET
    assert result.scores == (20, -40, 20)
    assert sum(after.scores) == 0


def test_a_bid_beyond_meld_and_every_point_is_not_played() -> None:
    """11.5 (``out_of_reach = "no-play"``): with spades the meld is 310 (the widow's J♠
    completes a spade run); 310 + 250 < 570, so the hand is settled after the burial without
    play, as a concession (550+ pays 10, spades double)."""
    state = apply(win_auction(AUCTION, 570, Suit.SPADES), Bury(SPARE_SPADES))
    result = state.results[-1]
    assert result.outcome is Outcome.NOT_ON_BOARD
    assert result.scores == (20, -40, 20)
    assert state.game.last_tricks == ()


# --- The auction shortcuts (rules/three-hand#auction-pinochle): "meld already >= bid ->
# wins without play; opponents may concede; bidder may concede = single bete; play and fail =
# double bete" -----


def test_a_meld_that_reaches_the_bid_wins_without_play() -> None:
    """14.1: West's meld with hearts is 320 (run 150, aces 100, pinochle 40, dix 10,
    marriage 20) >= the bid of 300: won at once, before burying, paid as made (1 chip)."""
    state = win_auction(AUCTION, 300, Suit.HEARTS)
    assert state.hand.number == 1  # the next deal: no burial, no throw-in, no tricks
    result = state.results[-1]
    assert result.outcome is Outcome.MADE_ON_MELD
    assert result.scores == (-1, 2, -1)
    assert result.sides[BIDDER].meld == 320
    assert result.sides[BIDDER].meld_status is MeldStatus.SAVED
    assert state.game.last_tricks == ()
    assert "won without play" in result.reason


def test_a_meld_short_of_the_bid_is_played() -> None:
    """14.1: with spades the meld is 310 < 320: the bidder buries and decides as usual."""
    state = win_auction(AUCTION, 320, Suit.SPADES)
    assert state.phase is Phase.BURY
    assert state.results == ()


def test_a_throw_in_right_after_trump_is_not_offered_when_the_meld_wins() -> None:
    """14.1 with the throw-in offered after trump (11.6, WP three-hand's moment): West's
    meld with hearts (320) reaches the bid of 300, so the hand is won without play as it
    is when the throw-in comes after meld: there is nothing to throw in (a throw-in then
    could not be settled). Short of the bid (spades, 310 < 320), the throw-in is offered."""
    early = AUCTION.override({"settlement": {"throw_in_at": "after-trump"}})
    made = win_auction(early, 300, Suit.HEARTS)
    assert made.results[-1].outcome is Outcome.MADE_ON_MELD
    assert made.hand.number == 1
    short = win_auction(early, 320, Suit.SPADES)
    assert short.phase is Phase.THROW_IN
    assert legal_actions(short) == (ThrowIn(), PlayOn())
    assert apply(short, ThrowIn()).results[-1].outcome is Outcome.THROWN_IN


def test_the_meld_shortcut_is_off_in_cutthroat() -> None:
    """14.2: cutthroat scores points (meld + tricks), so the 14.1 chip shortcut is off."""
    assert not CUTTHROAT.settlement.meld_makes_bid
    assert not CUTTHROAT.settlement.opponents_concede
    state = win_auction(CUTTHROAT, 300, Suit.HEARTS)
    assert state.phase is Phase.BURY


def after_bidder_plays_on(bid: int = 330) -> State:
    state = apply(win_auction(AUCTION, bid, Suit.HEARTS), Bury(SPARE))
    return apply(state, PlayOn())


def test_the_opponents_may_concede_after_meld() -> None:
    """14.1 "opponents may concede": after meld and the bidder's decision, before the first
    lead, each opponent in turn from the bidder's left (East, then South) concedes or plays
    on. Both concede: the bidder wins without play, paid as made (330: 1 chip each)."""
    state = after_bidder_plays_on()
    assert (state.phase, state.to_act) == (Phase.CONCEDE, 2)
    assert set(legal_actions(state)) == {Concede(), PlayOn()}
    state = apply(state, Concede())
    assert (state.phase, state.to_act) == (Phase.CONCEDE, 0)
    after = apply(state, Concede())
    result = after.results[-1]
    assert result.outcome is Outcome.CONCEDED
    assert result.scores == (-1, 2, -1)
    assert after.game.last_tricks == ()
    assert "the opponents conceded" in result.reason


@pytest.mark.parametrize("conceding", [(), (Concede(),)])
def test_one_opponent_playing_on_starts_the_play(conceding: tuple[Action, ...]) -> None:
    """The opponents give up together: if either plays on, the bidder leads to trick 1."""
    state = after_bidder_plays_on()
    for action in (*conceding, PlayOn()):
        state = apply(state, action)
    assert (state.phase, state.to_act) == (Phase.TRICKS, BIDDER)
    assert state.results == ()


def test_the_bidder_cannot_concede_for_the_opponents() -> None:
    state = after_bidder_plays_on()
    with pytest.raises(IllegalActionError, match="opponents must concede or play on"):
        apply(state, ThrowIn())
    with pytest.raises(IllegalActionError, match="concede"):
        apply(to_play(AUCTION, 330), Concede())


def test_the_bidder_who_throws_in_pays_single_the_one_set_after_play_double() -> None:
    """14.1 "single bete" / "double bete": conceding pays the payment once (330: 1 chip to
    each opponent), playing and failing twice (550: 10 chips, 20 to each)."""
    thrown = apply(apply(win_auction(AUCTION, 330, Suit.HEARTS), Bury(SPARE)), ThrowIn())
    assert thrown.results[-1].scores == (1, -2, 1)
    set_hand = play_out(to_play(AUCTION, 550))[-1].results[-1]
    assert set_hand.outcome is Outcome.SET
    assert set_hand.scores == (20, -40, 20)


def test_concede_has_a_text_form_that_parses_back() -> None:
    assert str(Concede()) == "concede"
    assert parse_action("concede") == Concede()
    assert parse_action(" Concede ") == Concede()
    with pytest.raises(ActionParseError):
        parse_action("concede now")


def test_a_conceded_hand_records_and_replays() -> None:
    """records: the concession is two actions of text that replay to the same states."""
    states = [after_bidder_plays_on()]
    for action in (Concede(), Concede()):
        states.append(apply(states[-1], action))
    record = record_of(states[-1])
    text = record.to_json()
    assert '"concede"' in text
    again = replay(GameRecord.from_json(text))
    assert again == states[-1]
    assert again.results[-1].outcome is Outcome.CONCEDED


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_sampled_state_at_the_concession_is_indistinguishable(seat: int) -> None:
    """sampling: after East concedes, every seat's view of the sampled state is its own."""
    state = apply(after_bidder_plays_on(), Concede())
    view = observe(state, seat)
    sampled = sample_state(view, random.Random(seat))
    assert observe(sampled, seat) == view
    assert (sampled.phase, sampled.to_act) == (Phase.CONCEDE, 0)
    assert apply(sampled, Concede()).results[-1].outcome is Outcome.CONCEDED


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_bots_concede_only_when_the_bidder_cannot_be_set(level: str) -> None:
    """bots: 330 bid on 320 meld needs 10 more (the buried tens alone bring 30): concede;
    550 on 320 needs 230 of the 250 trick points: play on."""
    bot = make_bot(level, seed=1)
    near = after_bidder_plays_on(330)
    assert bot.choose(observe(near, near.to_act or 0)) == Concede()
    far = after_bidder_plays_on(550)
    assert bot.choose(observe(far, far.to_act or 0)) == PlayOn()


def test_the_demo_narrates_a_concession() -> None:
    """demo: the result line says the opponents conceded."""

    def player(seat: int) -> Callable[[Observation], Action]:
        def choose(view: Observation) -> Action:
            legal = view.legal_actions
            if Concede() in legal:
                return Concede()
            if PlayOn() in legal:
                return PlayOn()  # the bidder plays on
            if view.phase is Phase.AUCTION and seat == 1 and isinstance(legal[1], Bid):
                return legal[1]  # West bids the minimum, the others pass
            return legal[0]

        return choose

    out = io.StringIO()
    play_demo(AUCTION, [player(s) for s in range(3)], seed=2, out=out, max_hands=1)
    assert "conceded" in out.getvalue()
    assert "(the opponents conceded after meld)" in out.getvalue()


def test_the_shortcuts_are_chip_rules() -> None:
    """14.1: won without play, a hand is paid on the bid alone: a points game refuses them."""
    for key in ("meld_makes_bid", "opponents_concede"):
        with pytest.raises(VariantError, match=f"settlement.{key}.*chips"):
            CUTTHROAT.override({"settlement": {key: True}})
    with pytest.raises(SettlementError, match="does not let the opponents concede"):
        settle_hand(CUTTHROAT, bidder=0, bid=300, meld=(100, 0, 0), conceded=True)


def test_the_sheet_records_a_conceded_hand_and_a_hand_made_on_meld() -> None:
    sheet = ScoreSheet(AUCTION).record(
        bidder=0, bid=350, meld=(330, 0, 0), conceded=True, trump="D"
    )
    sheet = sheet.record(bidder=1, bid=300, meld=(0, 320, 0), trump="H")
    assert [h.result.outcome for h in sheet.hands] == [Outcome.CONCEDED, Outcome.MADE_ON_MELD]
    assert sheet.scores == (3, 0, -3)
    assert ScoreSheet.from_json(sheet.to_json()) == sheet
    with pytest.raises(SheetError, match="not played"):
        sheet.record(bidder=1, bid=300, meld=(0, 320, 0), points=(100, 150, 0), trump="H")


@pytest.mark.parametrize("seed", range(4))
def test_chip_totals_sum_to_zero(seed: int) -> None:
    """Chips move between players: every hand's payments sum to zero."""
    state = new_game(AUCTION, seed)
    rng = random.Random(seed)
    while len(state.results) < 3:
        legal = legal_actions(state)
        if state.phase is Phase.AUCTION and len(legal) > 1:
            action = legal[0] if rng.random() < 0.6 else legal[1]  # pass, or the lowest bid
        else:
            action = legal[rng.randrange(len(legal))]
        state = apply(state, action)
    assert all(sum(r.scores) == 0 for r in state.results)
    assert sum(state.scores) == 0


# --- Cutthroat: each for themselves (rules/three-hand#everyone-melds, rules/settlement#saving-meld,
# rules/game-end#target) --------------------------------


def check_cutthroat(before: State, after: State) -> bool:
    """Each player scores alone: the bidder meld + points if made, else minus the bid; a
    defender meld + points with a trick, else nothing. Returns whether a defender with meld
    took no trick (the saving rule at work)."""
    result = after.results[-1]
    tricks = after.game.last_tricks
    bidder = before.bidder
    assert bidder is not None
    lost = False
    for seat in range(3):
        meld = before.hand.melds[seat]
        assert meld is not None
        side = result.sides[seat]
        assert side.meld == meld.total
        took = any(t.winner == seat for t in tricks)
        if seat == bidder:
            made = meld.total + side.points >= before.bid
            assert result.outcome is (Outcome.MADE if made else Outcome.SET)
            assert side.score == (meld.total + side.points if made else -before.bid)
        elif took:
            assert side.score == meld.total + side.points
        else:
            assert side.score == 0
            assert side.meld_status is (MeldStatus.LOST if meld.total else MeldStatus.NONE)
            lost = lost or meld.total > 0
    return lost


def test_cutthroat_a_defender_without_a_trick_loses_the_meld() -> None:
    """14.2, 11.4 (``save_meld = "trick"`` per player): South melds 80 but takes no trick
    and scores nothing; East takes tricks and scores meld + points; West made the bid
    and scores meld + points (``settlement.made = "all"``)."""
    states = play_out(to_play(CUTTHROAT, 300))
    before, after = states[-2], states[-1]
    assert not any(t.winner == 0 for t in after.game.last_tricks)
    assert check_cutthroat(before, after)
    result = after.results[-1]
    assert result.sides[0].meld == 80
    assert result.scores[0] == 0


def test_cutthroat_scores_follow_the_saving_rule_over_random_hands() -> None:
    """14.2, 11.4: every played hand of random games settles by the rule above."""
    played = 0
    for seed in range(25):
        state = new_game(CUTTHROAT, seed)
        rng = random.Random(seed)
        while state.phase is not Phase.THROW_IN:
            state = apply(state, legal_actions(state)[0 if state.phase is Phase.AUCTION else -1])
        states = play_out(apply(state, PlayOn()), rng)
        check_cutthroat(states[-2], states[-1])
        played += 1
    assert played == 25


def test_cutthroat_concession_scores_the_defenders_meld() -> None:
    """11.6 (WP three-hand): a bidder who concedes after the widow loses the bid; the others
    score their meld."""
    state = apply(win_auction(CUTTHROAT, 300, Suit.HEARTS), Bury(SPARE))
    melds = state.hand.melds
    after = apply(state, ThrowIn())
    result = after.results[-1]
    assert result.outcome is Outcome.THROWN_IN
    expected = [m.total if m is not None else 0 for m in melds]
    expected[BIDDER] = -300
    assert result.scores == tuple(expected)


@pytest.mark.parametrize("above", [(0, 0, 0), (10, 0, 20)])
def test_all_three_past_1500_the_bidder_wins(above: tuple[int, int, int]) -> None:
    """12 and the profile (``both_reach = "bidder-wins"``): when all three reach 1500 on the
    same hand, tied at 1500 or with the bidder lowest, the bidder wins."""
    played = play_out(to_play(CUTTHROAT, 300), random.Random(0))
    result = played[-1].results[-1]
    assert all(score > 0 for score in result.scores)  # everyone saved meld or took points
    start = tuple(1500 + a - score for a, score in zip(above, result.scores, strict=True))
    state = new_game(CUTTHROAT, seed=5, hands=HANDS, scores=start)
    for action in played[-1].actions:
        state = apply(state, action)
    assert state.is_over
    assert state.scores == tuple(1500 + a for a in above)
    assert state.winner == BIDDER


def test_a_card_in_two_meld_types_is_one_melded_card_for_the_burial() -> None:
    """14.2, "sets aside 3 non-meld cards", with 7.1 (a card serves once within a type but
    in several types): the J♥ of the run is also the J♥ of jacks around, so its twin is
    free. With exactly three free cards (J♥, 10♠, 9♣) only those may be buried."""
    bidder = parse_cards("A♥ 10♥ K♥ Q♥ J♥ J♥ 9♥ A♠ K♠ Q♠ J♠ 10♠ A♦ J♦ A♣")
    widow = parse_cards("9♥ J♣ 9♣")
    rest = sorted((Counter(make_deck("single")) - Counter(bidder) - Counter(widow)).elements())
    state = new_game(AUCTION, seed=5, hands=(tuple(rest[:15]), bidder, tuple(rest[15:])))
    # Bid above the meld: pagat-auction-3 settles a bid the meld reaches without play.
    for action in (Bid(380), Pass(), Pass(), NameTrump(Suit.HEARTS)):
        state = apply(state, action)
    meld = state.hand.melds[BIDDER]
    assert meld is not None
    # Run 150, aces 100, jacks 40, pinochle 40, two dixes 20, spade marriage 20.
    assert meld.total == 370
    assert Counter(meld.cards) == Counter(state.hands[BIDDER]) - Counter(parse_cards("J♥ 10♠ 9♣"))
    assert state.phase is Phase.BURY
    assert list(legal_actions(state)) == [Bury(parse_cards("J♥ 10♠ 9♣"))]
    with pytest.raises(IllegalActionError, match="may not bury A♠"):
        apply(state, Bury(parse_cards("J♥ 10♠ A♠")))
