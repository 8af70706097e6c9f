"""The heuristic players' non-card decisions (pinochle.bots.bidding) and the levels built on them.

Checked against seed S1 ("Computer levels", "Tips to win") and
docs/bots.md#the-levels: bid on meld and trumps and stop a little short; Hard does not outbid its
partner without good reason; passing helps the bidder (rules/passing-and-kitty#passing) without
breaking the passer's meld; the bidder keeps its meld and trumps; the kitty's discards count for the
bidder (rules/three-hand#everyone-melds); a bidder concedes only a hopeless hand
(rules/settlement#throw-in); the two-hand meld turn (rules/two-hand#stock-meld). Hands are dealt by
hand with ``new_game(..., hands=...)``; seat 0 deals, seat 1 speaks first.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle import (
    Action,
    Bid,
    Bury,
    Card,
    Declare,
    Draw,
    ExchangeDix,
    NameTrump,
    Observation,
    Pass,
    PassCards,
    Phase,
    Play,
    PlayOn,
    Rank,
    State,
    Suit,
    ThrowIn,
    Variant,
    apply,
    builtin_variants,
    load_variant,
    make_deck,
    new_game,
    observe,
    parse_cards,
    score_meld,
)
from pinochle.bots import EasyBot, HardBot, MediumBot, bidding, make_bot
from pinochle.bots.play import play_card

BROWSER = load_variant("browser-game")  # S1's own game: ones, bids from 20, no passing
PINOCHLERUN = load_variant("pinochlerun")  # ones, bids from 25, four cards passed each way
PAGAT = load_variant("pagat-partnership")  # tens, bids from 250, four cards passed
CUTTHROAT = load_variant("cutthroat-3")  # three-hand, tens, 3-card kitty, throw-in allowed

STRONG = "A♥ A♥ 10♥ K♥ Q♥ J♥ 9♥ A♠ A♦ A♣ Q♠ J♦"  # run, dix, aces around, pinochle: 30
WEAK = "9♣ 9♣ J♣ 9♦ Q♦ 10♦ 9♠ 9♠ Q♠ 9♥ 9♥ J♥"  # no meld beyond a dix, no ace, no length
MIDDLING = "K♠ Q♠ 9♠ J♦ Q♦ A♣ 10♣ 9♣ J♥ Q♥ 9♦ 9♥"  # royal marriage + pinochle: 9 in spades


def deal(variant: Variant, given: Mapping[int, str], kitty: str = "") -> list[tuple[Card, ...]]:
    """A whole deal: the given seats' cards, the rest of the deck shared among the others."""
    hands = {seat: parse_cards(text) for seat, text in given.items()}
    rest = Counter(make_deck(variant.deal.deck)) - Counter(parse_cards(kitty))
    for cards in hands.values():
        rest -= Counter(cards)
    left = sorted(rest.elements())
    size = variant.deal.hand
    for seat in range(variant.deal.players):
        if seat not in hands:
            hands[seat], left = tuple(left[:size]), left[size:]
    return [hands[seat] for seat in range(variant.deal.players)]


def play(state: State, *actions: Action) -> State:
    for action in actions:
        state = apply(state, action)
    return state


def view(state: State) -> Observation:
    """The observation of the seat to act."""
    assert state.to_act is not None
    return observe(state, state.to_act)


def seen(actions: object) -> list[Card]:
    """The cards of a PassCards or Bury action."""
    assert isinstance(actions, PassCards | Bury)
    return list(actions.cards)


# --- Bidding: meld plus trumps, a little short (S1 "Tips to win") ---------------------------


def test_hard_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    # S1: "Bid on meld and trumps. Meld is points in the bank". 30 meld beats the 20 minimum
    # on its own; a hand with neither meld nor trumps nor aces has nothing to bid on.
    strong = new_game(BROWSER, seed=1, hands=deal(BROWSER, {1: STRONG}))
    weak = new_game(BROWSER, seed=1, hands=deal(BROWSER, {1: WEAK}))
    assert HardBot(1).choose(view(strong)) == Bid(20)
    assert HardBot(1).choose(view(weak)) == Pass()
    assert MediumBot(1).choose(view(weak)) == Pass()


def test_the_strong_hand_keeps_bidding_until_near_its_estimate_not_past_it() -> None:
    # Meld 30 + the tricks of a run with six trumps and three side aces: a contract of 40 is
    # well within reach, 80 is beyond meld plus every trick point (25): S1's "stop a few
    # points short of your guess".
    state = new_game(BROWSER, seed=1, hands=deal(BROWSER, {1: STRONG}))
    state = play(state, Bid(20), Bid(39))  # seat 2 (an opponent) jumps to 39
    assert view(state).seat == 3
    state = play(state, Pass(), Pass())  # seat 3 and the dealer pass
    assert state.to_act == 1
    assert HardBot(1).choose(view(state)) == Bid(40)
    over = play(
        new_game(BROWSER, seed=1, hands=deal(BROWSER, {1: STRONG})), Bid(20), Bid(80), Pass()
    )
    assert play(over, Pass()).to_act == 1
    assert HardBot(1).choose(view(play(over, Pass()))) == Pass()


def test_hard_does_not_outbid_its_partner_with_a_middling_hand() -> None:
    # S1: Hard "doesn't outbid its partner without good reason". Seat 3's partner (seat 1)
    # opened 25; a royal marriage and a pinochle do not make a higher contract on their own.
    hands = deal(PINOCHLERUN, {3: MIDDLING})
    over_partner = play(new_game(PINOCHLERUN, seed=1, hands=hands), Bid(25), Pass())
    assert view(over_partner).seat == 3
    assert HardBot(1).choose(view(over_partner)) == Pass()
    # Medium has no such restraint, and Hard itself competes with an opponent's 25.
    assert isinstance(MediumBot(1).choose(view(over_partner)), Bid)
    over_opponent = play(new_game(PINOCHLERUN, seed=1, hands=hands), Pass(), Bid(25))
    assert HardBot(1).choose(view(over_opponent)) == Bid(26)


def test_hard_outbids_its_partner_when_its_own_hand_supports_it() -> None:
    # 30 meld alone already beats the partner's 25: good reason to take the contract.
    hands = deal(PINOCHLERUN, {3: STRONG})
    state = play(new_game(PINOCHLERUN, seed=1, hands=hands), Bid(25), Pass())
    assert HardBot(1).choose(view(state)) == Bid(26)


def test_the_last_to_speak_must_bid_when_pass_is_not_legal() -> None:
    # S1: "If the first three players all pass, the fourth must bid" (browser-game:
    # all_pass = "last-must-bid"): the weak dealer bids the minimum.
    state = play(new_game(BROWSER, seed=1, hands=deal(BROWSER, {0: WEAK})), *[Pass()] * 3)
    assert state.to_act == 0
    assert Pass() not in view(state).legal_actions
    assert bidding.choose_bid(view(state)) == Bid(20)  # itself, not the bots' fallback
    for bot in (EasyBot(1), MediumBot(1), HardBot(1)):
        assert bot.choose(view(state)) == Bid(20)


def test_tens_profiles_bid_on_the_tens_scale() -> None:
    # rules/index#scale: the tens scale multiplies every meld value, count and bid by ten.
    state = new_game(PAGAT, seed=1, hands=deal(PAGAT, {1: STRONG}))
    bid = HardBot(1).choose(view(state))
    assert bid == Bid(250)
    weak = new_game(PAGAT, seed=1, hands=deal(PAGAT, {1: WEAK}))
    assert HardBot(1).choose(view(weak)) == Pass()


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_hands_value_is_ten_times_larger_on_the_tens_scale(rng: random.Random) -> None:
    # rules/index#scale: "Same game, zero dropped": the estimate follows the scale exactly.
    cards = tuple(rng.sample(make_deck("single"), 12))
    ones, tens = PINOCHLERUN, PINOCHLERUN.with_scale(10)
    for before_passing in (False, True):
        a = bidding.estimates(cards, ones, before_passing=before_passing)
        b = bidding.estimates(cards, tens, before_passing=before_passing)
        for suit in Suit:
            assert b[suit].total == pytest.approx(10 * a[suit].total)
            assert b[suit].meld == 10 * a[suit].meld


def test_without_a_marriage_the_double_deck_bidder_passes() -> None:
    # rules/trump#no-marriage (npa-double-deck: trump.rule = "marriage", surrender):
    # with no K+Q in any suit the bidder cannot name trump and the hand is lost,
    # however big the meld.
    variant = load_variant("npa-double-deck")
    no_marriage = "A♠ A♠ A♥ A♥ A♦ A♦ A♣ A♣ K♠ K♥ K♦ K♣ 10♠ 10♥ 10♦ 10♣ J♠ J♥ J♦ J♣"
    married = "A♠ A♠ A♥ A♥ A♦ A♦ A♣ A♣ K♠ K♥ K♦ K♣ 10♠ 10♥ 10♦ 10♣ J♠ J♥ Q♠ Q♥"
    lost = new_game(variant, seed=1, hands=deal(variant, {1: no_marriage}))
    assert score_meld(parse_cards(no_marriage), None, variant).total >= 100  # double aces
    assert HardBot(1).choose(view(lost)) == Pass()
    kept = new_game(variant, seed=1, hands=deal(variant, {1: married}))
    assert HardBot(1).choose(view(kept)) == Bid(50)


def test_easy_misjudges_a_hand_medium_does_not() -> None:
    # S1: Easy's "judgement of a hand can be well off when it bids"; Medium "bids on its meld
    # and the strength of its trumps". One borderline hand, many seeds.
    hand = "K♥ Q♥ 10♥ 9♥ J♥ K♠ Q♠ J♦ A♣ 10♦ 9♣ J♣"
    state = new_game(BROWSER, seed=1, hands=deal(BROWSER, {1: hand}))
    easy = {str(EasyBot(seed).choose(view(state))) for seed in range(60)}
    medium = {str(MediumBot(seed).choose(view(state))) for seed in range(60)}
    assert easy == {"pass", "bid 20"}
    assert len(medium) == 1


# --- Trump -------------------------------------------------------------------------------


def test_names_the_suit_with_the_best_meld_and_length() -> None:
    # Equal meld in spades and hearts (royal marriage, the other marriage, the pinochle);
    # five spades against two hearts: "a long trump suit wins tricks" (S1).
    hand = "K♠ Q♠ J♠ J♠ 10♠ K♥ Q♥ A♣ 10♣ 9♣ J♦ 9♦"
    spades = score_meld(parse_cards(hand), Suit.SPADES, BROWSER).total
    assert spades == score_meld(parse_cards(hand), Suit.HEARTS, BROWSER).total
    state = play(new_game(BROWSER, seed=1, hands=deal(BROWSER, {1: hand})), Bid(20), *[Pass()] * 3)
    assert state.phase is Phase.TRUMP
    for bot in (EasyBot(1), MediumBot(1), HardBot(1)):
        assert bot.choose(view(state)) == NameTrump(Suit.SPADES)


# --- Passing and returning (rules/passing-and-kitty#passing) --------------------------------------

PASSER = "A♥ 10♥ K♥ Q♥ J♥ Q♠ J♦ 9♥ A♣ A♣ 10♣ 9♠"  # a heart run, a pinochle, the dix


def to_passing(hands: list[tuple[Card, ...]]) -> State:
    """Seat 1 bids 25 and names hearts; its partner, seat 3, is to pass."""
    state = play(new_game(PINOCHLERUN, seed=1, hands=hands), Bid(25), *[Pass()] * 3)
    state = play(state, NameTrump(Suit.HEARTS))
    assert state.phase is Phase.PASS
    assert state.to_act == 3
    return state


def test_hard_passes_trumps_and_aces_and_keeps_its_pinochle_and_run() -> None:
    # S1 and docs/bots.md#the-levels: Hard passes what helps the bidder and never
    # breaks its own run or pinochle while other cards will do: the dix (a trump, which
    # scores for the bidder too), both aces, then a counter.
    state = to_passing(deal(PINOCHLERUN, {3: PASSER}))
    passed = seen(HardBot(1).choose(view(state)))
    assert sorted(passed) == sorted(parse_cards("9♥ A♣ A♣ 10♣"))
    kept = list(view(state).hand)
    for card in passed:
        kept.remove(card)
    meld = score_meld(kept, Suit.HEARTS, PINOCHLERUN)
    assert {item.name for item in meld.items} >= {"run", "pinochle"}


def test_a_passer_with_only_meld_cards_breaks_the_least_meld() -> None:
    # Every card is meld (run, dix, aces around, pinochle, queens around, ...): it still
    # passes four, giving up as little meld as it can.
    hand = "A♥ 10♥ K♥ Q♥ J♥ 9♥ A♠ A♦ A♣ Q♠ J♦ Q♦"
    state = to_passing(deal(PINOCHLERUN, {3: hand}))
    obs = view(state)
    action = HardBot(1).choose(obs)
    assert action in obs.legal_actions
    assert len(seen(action)) == 4


def returning(bidder: str, passer: str, passed: str) -> Observation:
    hands = deal(PINOCHLERUN, {1: bidder, 3: passer})
    state = play(to_passing(hands), PassCards(parse_cards(passed)))
    assert state.phase is Phase.RETURN
    assert state.to_act == 1
    return view(state)


def test_the_bidder_returns_side_cards_and_keeps_its_meld_and_trumps() -> None:
    bidder = "A♥ 10♥ K♥ Q♥ J♥ 9♥ A♠ A♦ A♣ Q♠ J♦ 9♣"  # run, dix, aces around, pinochle
    obs = returning(bidder, "9♠ 10♣ K♦ J♣ 9♦ 9♦ J♠ J♠ Q♣ Q♣ K♣ 10♦", "9♠ 10♣ K♦ J♣")
    before = score_meld(obs.hand, Suit.HEARTS, PINOCHLERUN).total
    for bot in (MediumBot(1), HardBot(1)):
        returned = seen(bot.choose(obs))
        assert all(card.suit is not Suit.HEARTS for card in returned)
        kept = list(obs.hand)
        for card in returned:
            kept.remove(card)
        if isinstance(bot, HardBot):
            assert score_meld(kept, Suit.HEARTS, PINOCHLERUN).total == before
            assert set(returned) <= set(parse_cards("9♣ 9♠ 10♣ K♦ J♣"))


def test_hard_returns_a_whole_short_side_suit_to_void_it() -> None:
    # The four clubs are all outside the meld: returning them leaves the bidder void, free
    # to trump clubs, although the diamond nines rank lower than the king of clubs.
    bidder = "A♥ 10♥ K♥ Q♥ J♥ 9♥ A♥ Q♠ J♦ 9♦ 9♦ K♣"
    obs = returning(bidder, "9♣ 9♣ J♣ 10♠ A♦ A♦ Q♣ Q♣ K♦ K♦ J♠ J♠", "9♣ 9♣ J♣ 10♠")
    returned = seen(HardBot(1).choose(obs))
    assert sorted(returned) == sorted(parse_cards("K♣ 9♣ 9♣ J♣"))


# --- The kitty (rules/passing-and-kitty#kitty, rules/three-hand#everyone-melds) -------------------

BURIER = "A♥ 10♥ K♥ Q♥ J♥ 9♥ A♠ A♦ A♣ Q♠ J♦ K♣ 10♦ K♠ 10♠"  # + kitty 9♣ 9♦ J♣; K♠ Q♠ wed
KITTY = "9♣ 9♦ J♣"


def to_bury(variant: Variant, bidder: str = BURIER, bid: int = 250) -> State:
    state = new_game(variant, seed=1, hands=deal(variant, {1: bidder}, kitty=KITTY))
    state = play(state, Bid(bid), Pass(), Pass(), NameTrump(Suit.HEARTS))
    assert state.phase is Phase.BURY
    return state


def test_hard_buries_counters_outside_the_meld_where_they_count_for_the_bidder() -> None:
    # cutthroat-3: the bidder's discards count as its trick cards (WP via
    # rules/three-hand#everyone-melds): burying kings and tens banks their points; the meld and
    # the trumps stay.
    buried = seen(HardBot(1).choose(view(to_bury(CUTTHROAT))))
    assert all(card.rank in (Rank.KING, Rank.TEN) for card in buried)
    assert all(card.suit is not Suit.HEARTS for card in buried)


def test_hard_buries_low_cards_where_buried_cards_count_for_nobody() -> None:
    variant = CUTTHROAT.override({"kitty": {"buried_count": False}})
    buried = seen(HardBot(1).choose(view(to_bury(variant))))
    assert sorted(buried) == sorted(parse_cards(KITTY))  # 9♣ 9♦ J♣: no counters


def test_every_level_buries_outside_its_meld() -> None:
    obs = view(to_bury(CUTTHROAT))
    meld = obs.melds[1]
    assert meld is not None
    melded = Counter(card for item in meld.items for card in item.cards)
    for bot in (EasyBot(1), MediumBot(1), HardBot(1)):
        action = bot.choose(obs)
        assert action in obs.legal_actions
        assert not melded & Counter(seen(action))


# --- Throwing in (rules/settlement#throw-in) ------------------------------------------------------


def test_hard_throws_in_a_hopeless_contract_and_plays_a_made_one() -> None:
    # Meld 0 and 240 to find in tricks out of 250: only a concession saves the defenders'
    # trick points. Meld that already reaches the bid: play on.
    hopeless = "9♣ 9♣ J♣ Q♣ 9♦ J♦ Q♦ 9♠ 9♠ J♠ 9♥ 9♥ J♥ 10♦ K♦"
    state = to_bury(CUTTHROAT, hopeless, bid=250)
    bury = next(a for a in view(state).legal_actions if isinstance(a, Bury))
    state = apply(state, bury)
    assert state.phase is Phase.THROW_IN
    assert HardBot(1).choose(view(state)) == ThrowIn()
    made = apply(to_bury(CUTTHROAT), Bury(parse_cards("K♣ 10♦ 10♠")))
    meld = made.hand.melds[1]
    assert meld is not None
    assert meld.total >= 250
    assert HardBot(1).choose(view(made)) == PlayOn()


# --- Two-hand meld turn (rules/two-hand#stock-meld) -----------------------------------------------

# bicycle-two-handed, rules/meld#single-deck-table on the tens scale, additive doubles,
# double pinochle 300.
TWO_HAND_POINTS = {
    "run": 150,
    "royal marriage": 40,
    "marriage": 20,
    "dix": 10,
    "aces around": 100,
    "kings around": 80,
    "queens around": 60,
    "jacks around": 40,
    "pinochle": 40,
    "double pinochle": 300,
}


@pytest.mark.parametrize("seed", range(3))
def test_the_meld_turn_declares_the_best_meld_exchanges_the_dix_and_draws_last(seed: int) -> None:
    variant = load_variant("bicycle-two-handed")
    state = new_game(variant, seed=seed)
    bots = [HardBot(seed), MediumBot(seed)]
    turns = 0
    while not state.is_over and state.hand.number < 2:
        obs = view(state)
        action = bots[obs.seat].choose(obs)
        if obs.phase is Phase.MELD:
            turns += 1
            legal = obs.legal_actions
            melds = [a for a in legal if isinstance(a, Declare) and a.kind != "dix"]
            if melds:
                best = max(TWO_HAND_POINTS[a.kind] for a in melds)
                assert isinstance(action, Declare)
                assert TWO_HAND_POINTS[action.kind] == best
            elif ExchangeDix() in legal:
                assert action == ExchangeDix()
            elif any(isinstance(a, Declare) for a in legal):
                assert isinstance(action, Declare)
            else:
                assert action == Draw()
        state = apply(state, action)
    assert turns > 10


# --- Every table: every decision legal, seeded bots repeat themselves ---------------------

SIT_OUTS = [
    load_variant("pagat-auction-3").override({"deal": {"seated": 4}}),
    load_variant("pagat-auction-3").override({"deal": {"seated": 5}}),
]
TABLES = [load_variant(name) for name in builtin_variants()] + SIT_OUTS

# Each phase's decision, as Medium and Easy (careless) and as Hard (careful) take it.
DECISIONS: dict[Phase, tuple[Callable[..., Action], ...]] = {
    Phase.AUCTION: (bidding.choose_bid,),
    Phase.TRUMP: (bidding.choose_trump,),
    Phase.PASS: (bidding.choose_pass,),
    Phase.RETURN: (bidding.choose_return,),
    Phase.BURY: (bidding.choose_bury,),
    Phase.THROW_IN: (bidding.choose_throw_in,),
    Phase.CONCEDE: (bidding.choose_concede,),
    Phase.MELD: (bidding.choose_meld_turn,),
    Phase.DIX_EXCHANGE: (bidding.choose_turned_dix,),
    Phase.MOON: (bidding.choose_moon,),
    Phase.SHARE: (bidding.choose_share,),
    Phase.CALL: (bidding.choose_call,),
}


def decisions(phase: Phase) -> list[Callable[[Observation], Action]]:
    (decide,) = DECISIONS[phase]
    if phase in (Phase.AUCTION, Phase.PASS, Phase.RETURN, Phase.BURY):
        return [functools.partial(decide, careful=False), functools.partial(decide, careful=True)]
    return [decide]


def run(variant: Variant, seed: int, levels: list[str], hands: int = 3) -> list[str]:
    """Play up to ``hands`` hands; every decision is checked against the legal actions."""
    state = new_game(variant, seed=seed)
    bots = [make_bot(levels[i % len(levels)], seed=seed + i) for i in range(variant.deal.players)]
    rng = random.Random(seed)
    record = []
    while not state.is_over and state.hand.number < hands:
        obs = view(state)
        legal = obs.legal_actions
        if obs.phase is Phase.TRICKS:
            for memory in (False, True):
                assert Play(play_card(obs, rng, memory=memory)) in legal
        else:  # the pure functions themselves, without the bots' fallback
            for decide in decisions(obs.phase):
                assert decide(obs) in legal
        action = bots[obs.seat].choose(obs)
        assert action in legal
        record.append(str(action))
        state = apply(state, action)
    return record


@pytest.mark.parametrize("variant", TABLES, ids=lambda v: f"{v.name}-{v.deal.seated}")
def test_every_decision_is_legal_at_every_table(variant: Variant) -> None:
    for seed in range(2):
        assert run(variant, seed, ["hard", "medium", "easy"])


@pytest.mark.parametrize("name", ["pinochlerun", "cutthroat-3", "bicycle-two-handed"])
def test_seeded_bots_make_the_same_choices(name: str) -> None:
    variant = load_variant(name)
    for levels in (["easy"], ["medium"], ["hard"]):
        assert run(variant, 7, levels, hands=2) == run(variant, 7, levels, hands=2)


def test_choose_refuses_when_it_is_not_the_seats_turn() -> None:
    state = new_game(BROWSER, seed=1)
    with pytest.raises(ValueError, match="not its turn"):
        HardBot(1).choose(observe(state, 2))
