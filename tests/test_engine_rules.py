"""The engine against the rules text: auction, trump, passing, meld, tricks and settlement.

Every test cites the rules page (or the seed 000 page, S0) it encodes. Seats are 0-3
clockwise, North 0, East 1, South 2, West 3; sides are seat % 2 (North-South 0, East-West 1).
Positions are built from given hands and reached through the auction with legal actions.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle import (
    Action,
    Bid,
    Card,
    IllegalActionError,
    NameTrump,
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
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    parse_cards,
    parse_suit,
    score_meld,
    settle_hand,
    settle_play,
)
from pinochle.scoring import Outcome

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
CLUBS, DIAMONDS, HEARTS, SPADES = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES

PINOCHLERUN = load_variant("pinochlerun")
PAGAT = load_variant("pagat-partnership")
PAGAT_DD = load_variant("pagat-double-deck")
PINOCHLERUN_DD = load_variant("pinochlerun-double-deck")
BROWSER = load_variant("browser-game")
POST_1945 = load_variant("post-1945-books")
BICYCLE = load_variant("bicycle-partnership-auction")


# --- Helpers ---------------------------------------------------------------------------


def card(text: str) -> Card:
    (one,) = parse_cards(text)
    return one


def deal(
    variant: Variant, fixed: Mapping[int, str], closed: Mapping[int, str] | None = None
) -> tuple[tuple[Card, ...], ...]:
    """Hands holding the ``fixed`` cards; the rest of the deck goes, in card order, to the
    first seat with room that is not closed to its suit (``closed[seat]``: suit symbols)."""
    size = variant.deal.hand
    hands = [list(parse_cards(fixed.get(seat, ""))) for seat in range(4)]
    shut = {seat: {parse_suit(ch) for ch in text} for seat, text in (closed or {}).items()}
    rest = Counter(make_deck(variant.deal.deck)) - Counter(c for h in hands for c in h)
    for c in sorted(rest.elements(), key=lambda c: c.index):
        seat = next(s for s in range(4) if len(hands[s]) < size and c.suit not in shut.get(s, ()))
        hands[seat].append(c)
    return tuple(tuple(h) for h in hands)


def seats(texts: Sequence[str]) -> tuple[tuple[Card, ...], ...]:
    return tuple(parse_cards(t) for t in texts)


def win_auction(state: State, bidder: int, bid: int | None = None) -> State:
    """The bidder bids (the minimum unless told) when first asked; everyone else passes."""
    amount = state.variant.bidding.minimum if bid is None else bid
    number = state.hand.number
    while state.phase is Phase.AUCTION and state.hand.number == number:
        mine = state.to_act == bidder and state.hand.bidder is None
        state = apply(state, Bid(amount) if mine else Pass())
    return state


def exchange(state: State, trump: Suit) -> State:
    """Name trump; the partner passes its first cards and the bidder returns the same ones."""
    state = apply(state, NameTrump(trump))
    if state.phase is Phase.PASS:
        assert state.to_act is not None
        given_cards = state.hands[state.to_act][: state.variant.passing.cards]
        state = apply(apply(state, PassCards(given_cards)), PassCards(given_cards))
    return state


def to_tricks(
    variant: Variant,
    hands: Sequence[Sequence[Card]] | None,
    *,
    dealer: int,
    bidder: int,
    trump: Suit,
    scores: Sequence[int] | None = None,
) -> State:
    """The first trick of a deal: the bidder wins at the minimum, names trump, and the
    partners pass the same cards there and back (the hands stay as dealt)."""
    state = new_game(variant, 0, dealer, hands=hands, scores=scores)
    state = exchange(win_auction(state, bidder), trump)
    if state.phase is Phase.THROW_IN:
        state = apply(state, PlayOn())
    assert state.phase is Phase.TRICKS
    return state


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = apply(state, Play(card(text)))
    return state


def legal_cards(state: State) -> set[Card]:
    return {a.card for a in legal_actions(state) if isinstance(a, Play)}


def amounts(state: State) -> list[int]:
    return [a.amount for a in legal_actions(state) if isinstance(a, Bid)]


def side_meld(state: State, side: int) -> int:
    return sum(m.total for seat, m in enumerate(state.hand.melds) if m and seat % 2 == side)


# --- S0's example trick (rules/trick-play#following, rules/trick-play#example-trick) --------------

# North holds K♣ to lead; East A♣ 10♣ 9♣; South no clubs and 9♠; West A♣ J♣.
SEED_DEAL = seats(
    [
        "K♣ K♣ 10♣ Q♣ Q♣ J♣ 9♣ A♠ A♠ 10♠ 10♠ K♠",
        "A♣ 10♣ 9♣ K♥ Q♥ Q♥ J♥ J♥ 9♥ 9♥ A♦ A♦",
        "9♠ 9♠ J♠ J♠ Q♠ Q♠ K♠ A♥ A♥ 10♥ 10♥ K♥",
        "A♣ J♣ 10♦ 10♦ K♦ K♦ Q♦ Q♦ J♦ J♦ 9♦ 9♦",
    ]
)


def seed_trick(variant: Variant, hands: Sequence[Sequence[Card]] = SEED_DEAL) -> State:
    """Spades trump, North (the bidder, West dealt) to lead the first trick."""
    return to_tricks(variant, hands, dealer=WEST, bidder=NORTH, trump=SPADES)


def test_seed_example_trick() -> None:
    """S0 / rules/trick-play#beat: East must beat K♣, South must trump, West may play either club
    after the ruff; South's 9♠ wins a trick worth K + 10 = 2 to North-South."""
    state = seed_trick(PINOCHLERUN)
    assert state.to_act == NORTH
    state = play(state, "K♣")
    assert legal_cards(state) == set(parse_cards("A♣ 10♣"))
    with pytest.raises(IllegalActionError, match="must beat K♣ with A♣ or 10♣"):
        apply(state, Play(card("9♣")))
    state = play(state, "10♣")
    assert legal_cards(state) == set(parse_cards("9♠ J♠ Q♠ K♠"))  # any trump: none to beat
    with pytest.raises(IllegalActionError, match="must trump"):
        apply(state, Play(card("A♥")))
    state = play(state, "9♠")
    assert legal_cards(state) == set(parse_cards("A♣ J♣"))
    with pytest.raises(IllegalActionError, match="must follow clubs"):
        apply(state, Play(card("9♦")))
    state = play(state, "J♣")
    (trick,) = state.tricks
    assert (trick.winner, trick.points) == (SOUTH, 2)
    assert state.points == (2, 0)
    assert state.trick == ()
    assert state.to_act == SOUTH  # S0: the winner of each trick leads the next


# --- The auction (rules/auction#mechanics, rules/settlement#examples, rules/auction#example) ------


def test_seed_worked_auction() -> None:
    """S0 / rules/settlement#example-s0: East deals; S 25, W 26, N pass, E pass, S 34, W
    pass: South 34."""
    state = new_game(PINOCHLERUN, 0, EAST)
    script: list[tuple[int, Bid | Pass]] = [
        (SOUTH, Bid(25)),
        (WEST, Bid(26)),
        (NORTH, Pass()),
        (EAST, Pass()),
        (SOUTH, Bid(34)),
        (WEST, Pass()),
    ]
    for seat, action in script:
        assert (state.phase, state.to_act) == (Phase.AUCTION, seat)
        state = apply(state, action)
    assert (state.phase, state.to_act) == (Phase.TRUMP, SOUTH)
    assert (state.hand.bidder, state.hand.bid) == (SOUTH, 34)
    assert state.hand.auction == tuple(script)


def test_bid_of_100_closes_the_auction_at_once() -> None:
    """S0 / rules/auction#minimum-and-step, rules/auction#mechanics: bids go as far as 100, and a
    bid of 100 ends the bidding."""
    state = new_game(PINOCHLERUN, 0, NORTH)
    assert max(amounts(state)) == 100
    with pytest.raises(IllegalActionError, match="at most 100"):
        apply(state, Bid(101))
    state = apply(state, Bid(100))
    assert (state.phase, state.to_act) == (Phase.TRUMP, EAST)
    assert (state.hand.bidder, state.hand.bid) == (EAST, 100)
    assert not any(state.hand.passed)


def test_bids_below_the_next_legal_amount_are_rejected() -> None:
    """S0 / rules/auction#minimum-and-step: the minimum is 25 and each bid must be higher
    than the last."""
    state = new_game(PINOCHLERUN, 0, NORTH)
    with pytest.raises(IllegalActionError, match="bid must be at least 25"):
        apply(state, Bid(24))
    state = apply(state, Bid(25))
    for amount in (20, 25):
        with pytest.raises(IllegalActionError, match="bid must be at least 26"):
            apply(state, Bid(amount))
    assert amounts(state)[:3] == [26, 27, 28]
    assert apply(state, Bid(30)).hand.bid == 30  # S0: "you can jump, for example 26 to 30"


def test_off_grid_bids_are_rejected_on_a_tens_profile() -> None:
    """PG-P / rules/auction#minimum-and-step: bids start at 250 and go up in tens."""
    state = new_game(PAGAT, 0, NORTH)
    assert all((a - 250) % 10 == 0 for a in amounts(state))
    assert amounts(state)[:3] == [250, 260, 270]
    with pytest.raises(IllegalActionError, match="by 10"):
        apply(state, Bid(255))
    state = apply(state, Bid(250))
    with pytest.raises(IllegalActionError, match="by 10"):
        apply(state, Bid(275))
    assert apply(state, Bid(280)).hand.bid == 280


def test_three_passes_end_the_auction_and_a_pass_is_final() -> None:
    """S0 / rules/auction#mechanics: a passed player is out of the bidding for the rest of the hand;
    bidding goes on until three have passed, and the last player left wins the bid."""
    state = new_game(PINOCHLERUN, 0, NORTH)
    script: list[tuple[int, Bid | Pass]] = [
        (EAST, Pass()),
        (SOUTH, Bid(25)),
        (WEST, Bid(26)),
        (NORTH, Bid(27)),
        (SOUTH, Bid(28)),  # East, who passed, is skipped
        (WEST, Pass()),
        (NORTH, Bid(29)),
        (SOUTH, Pass()),
    ]
    for seat, action in script:
        assert (state.phase, state.to_act) == (Phase.AUCTION, seat)
        state = apply(state, action)
    assert (state.phase, state.to_act) == (Phase.TRUMP, NORTH)
    assert (state.hand.bidder, state.hand.bid) == (NORTH, 29)


@settings(max_examples=150, deadline=None)
@given(dealer=st.integers(0, 3), rnd=st.randoms(use_true_random=False))
def test_random_auctions_follow_the_auction_rules(dealer: int, rnd: random.Random) -> None:
    """S0 / rules/auction#mechanics, as a property: the dealer's left speaks first,
    turns go clockwise over the players still in, a passed player never speaks again, and
    the auction ends when three have passed (or on a bid of 100) with the last bid;
    if the other three pass, the dealer takes 25."""
    state = new_game(PINOCHLERUN, 0, dealer)
    passed: set[int] = set()
    high: tuple[int, int] | None = None
    expected = (dealer + 1) % 4
    while state.phase is Phase.AUCTION:
        seat = state.to_act
        assert seat == expected
        assert seat not in passed
        bids = [a for a in legal_actions(state) if isinstance(a, Bid)]
        action: Bid | Pass = (
            Pass() if rnd.random() < 0.45 else bids[min(rnd.randrange(4), len(bids) - 1)]
        )
        state = apply(state, action)
        if isinstance(action, Pass):
            passed.add(seat)
        else:
            high = (seat, action.amount)
        expected = next(s for s in ((seat + k) % 4 for k in range(1, 5)) if s not in passed)
    if high is None:
        high = (dealer, 25)
    assert len(passed) == 3 or high[1] == 100
    assert (state.phase, state.to_act) == (Phase.TRUMP, high[0])
    assert (state.hand.bidder, state.hand.bid) == high


def test_dealer_is_forced_at_the_minimum_when_the_others_pass() -> None:
    """S0 / rules/auction#minimum-and-step, rules/auction#choice-dealer-forced-bid: if the other
    three pass, the dealer must bid 25."""
    state = new_game(PINOCHLERUN, 0, NORTH)
    for _ in range(3):
        assert Pass() in legal_actions(state)
        state = apply(state, Pass())
    assert (state.phase, state.to_act) == (Phase.TRUMP, NORTH)
    assert (state.hand.bidder, state.hand.bid) == (NORTH, 25)


def test_last_player_must_bid_in_the_browser_game() -> None:
    """S1 / rules/auction#minimum-and-step, rules/auction#all-pass: when the first three pass, the
    fourth must bid."""
    state = new_game(BROWSER, 0, NORTH)
    for _ in range(3):
        state = apply(state, Pass())
    assert (state.phase, state.to_act) == (Phase.AUCTION, NORTH)
    actions = legal_actions(state)
    assert Pass() not in actions
    assert all(isinstance(a, Bid) for a in actions)
    assert amounts(state)[:2] == [20, 21]
    with pytest.raises(IllegalActionError, match="must bid"):
        apply(state, Pass())
    state = apply(state, Bid(23))
    assert (state.phase, state.to_act, state.hand.bid) == (Phase.TRUMP, NORTH, 23)


def test_all_pass_redeal_deals_again_with_the_next_dealer() -> None:
    """rules/auction#all-pass: when everyone passes the hand is thrown in and the deal passes
    left; nobody scores. The dealer, last to speak, may still bid after three passes."""
    variant = PINOCHLERUN.override({"bidding": {"all_pass": "redeal"}})
    state = new_game(variant, 7, NORTH)
    first = state.hand.dealt
    for _ in range(3):
        state = apply(state, Pass())
    assert (state.phase, state.to_act) == (Phase.AUCTION, NORTH)  # the dealer speaks last
    assert Pass() in legal_actions(state)
    assert Bid(25) in legal_actions(state)
    state = apply(state, Pass())
    assert (state.hand.number, state.hand.dealer) == (1, EAST)
    assert (state.phase, state.to_act) == (Phase.AUCTION, SOUTH)
    assert state.hand.bidder is None
    assert state.results == ()
    assert state.scores == (0, 0)
    assert state.hand.dealt != first


def test_step_above_the_threshold() -> None:
    """rules/auction#minimum-and-step, rules/auction#choice-double-deck-bidding: double-deck
    tournaments bid +1 from 50 to 60, then +5."""
    state = new_game(PINOCHLERUN_DD, 0, NORTH)
    state = apply(state, Bid(58))
    assert amounts(state)[:4] == [59, 60, 65, 70]
    state = apply(state, Bid(60))
    assert amounts(state)[:2] == [65, 70]
    for amount in (61, 64):
        with pytest.raises(IllegalActionError, match="at least 65"):
            apply(state, Bid(amount))
    state = apply(state, Bid(65))
    with pytest.raises(IllegalActionError, match="by 5"):
        apply(state, Bid(77))
    assert apply(state, Bid(70)).hand.bid == 70


# --- Naming trump (rules/trump#options) ---------------------------------------------------------

# No marriage anywhere in North's hand; South melds two dixes when clubs are trump.
# Under clubs: North aces around 10, East 30, South 2, West 20 (rules/meld#single-deck-table).
OOR_DEAL = seats(
    [
        "10♣ 10♣ 10♦ 10♦ 10♥ 10♥ 10♠ 10♠ A♣ A♦ A♥ A♠",
        "A♣ A♦ A♥ A♠ K♣ K♦ K♥ K♠ Q♣ Q♦ Q♠ J♦",
        "J♣ J♣ J♥ J♥ J♠ J♠ 9♠ 9♠ 9♣ 9♣ Q♥ Q♥",
        "K♣ K♦ K♥ K♠ Q♣ Q♦ Q♠ J♦ 9♥ 9♥ 9♦ 9♦",
    ]
)


@pytest.mark.parametrize("suit", list(Suit))
def test_bidder_names_any_suit(suit: Suit) -> None:
    """S0 / rules/trump#options (any_suit): the winning bidder names any suit, marriage or not."""
    state = win_auction(new_game(PINOCHLERUN, 0, WEST, hands=OOR_DEAL), NORTH)
    assert set(legal_actions(state)) == {NameTrump(s) for s in Suit}
    state = apply(state, NameTrump(suit))
    assert state.hand.trump is suit
    assert (state.phase, state.to_act) == (Phase.PASS, SOUTH)


def test_double_deck_trump_needs_a_marriage() -> None:
    """PG-DD / rules/trump#options (marriage_required): only a suit where the bidder
    holds K and Q."""
    bidder = "A♣ A♣ A♣ A♣ A♦ A♦ A♦ A♦ A♥ A♥ A♥ A♥ A♠ A♠ K♥ Q♥ K♠ Q♠ 10♣ 10♦"
    hands = deal(PAGAT_DD, {EAST: bidder})
    state = win_auction(new_game(PAGAT_DD, 0, NORTH, hands=hands), EAST)
    assert (state.phase, state.to_act) == (Phase.TRUMP, EAST)
    assert set(legal_actions(state)) == {NameTrump(HEARTS), NameTrump(SPADES)}
    for suit in (CLUBS, DIAMONDS):
        with pytest.raises(IllegalActionError, match="no marriage"):
            apply(state, NameTrump(suit))
    assert apply(state, NameTrump(SPADES)).hand.trump is SPADES


def test_double_deck_bidder_without_a_marriage_surrenders() -> None:
    """PG-DD / rules/trump#no-marriage, rules/settlement#throw-in,
    rules/settlement#choice-surrender-score: with no marriage the bidders are set by the bid without
    play and the opponents score their meld; then the next deal.

    Meld without trump (rules/meld#double-deck-tables, Pagat): North 16 jacks =
    quadruple jacks 80, South 16 kings = quadruple kings 160; East (the bidder) holds only
    aces and tens."""
    hands = seats(
        [
            " ".join(["J♣ J♦ J♥ J♠"] * 4 + ["10♦"] * 4),
            " ".join(["A♣ A♦ A♥ A♠"] * 4 + ["10♣"] * 4),
            " ".join(["K♣ K♦ K♥ K♠"] * 4 + ["10♥"] * 4),
            " ".join(["Q♣ Q♦ Q♥ Q♠"] * 4 + ["10♠"] * 4),
        ]
    )
    state = win_auction(new_game(PAGAT_DD, 0, NORTH, hands=hands), EAST)
    (result,) = state.results
    assert result.outcome is Outcome.NO_MARRIAGE
    assert (result.bidder, result.bid) == (1, 50)
    assert result.scores == (240, -50)
    assert state.scores == (240, -50)
    assert (state.hand.number, state.hand.dealer) == (1, EAST)
    assert (state.phase, state.to_act) == (Phase.AUCTION, SOUTH)


# --- Passing (rules/passing-and-kitty#passing) ----------------------------------------------------


def distinct_choices(hand: Sequence[Card], k: int) -> set[PassCards]:
    """Every distinct set of k cards from the hand: twins make one choice, not two."""
    return {PassCards(chosen) for chosen in itertools.combinations(hand, k)}


def test_partner_passes_four_then_bidder_returns_four() -> None:
    """S0 / rules/passing-and-kitty#passing: after trump, the bidder's partner passes 4 cards
    to the bidder, who then passes 4 back, which may include cards just received;
    nobody else passes."""
    state = apply(
        win_auction(new_game(PINOCHLERUN, 0, WEST, hands=SEED_DEAL), NORTH), NameTrump(SPADES)
    )
    assert (state.phase, state.to_act) == (Phase.PASS, SOUTH)
    south = state.hands[SOUTH]
    choices = legal_actions(state)
    assert len(choices) == len(set(choices)) == len(distinct_choices(south, 4))
    assert set(choices) == distinct_choices(south, 4)

    given_cards = parse_cards("9♠ 9♠ A♥ K♥")
    state = apply(state, PassCards(given_cards))
    assert (state.phase, state.to_act) == (Phase.RETURN, NORTH)
    assert [len(h) for h in state.hands] == [16, 12, 8, 12]
    north = state.hands[NORTH]
    choices = legal_actions(state)
    assert len(choices) == len(set(choices)) == len(distinct_choices(north, 4))
    assert set(choices) == distinct_choices(north, 4)

    returned = parse_cards("9♠ K♥ 9♣ J♣")  # two just received, two of North's own
    state = apply(state, PassCards(returned))
    assert [len(h) for h in state.hands] == [12, 12, 12, 12]
    gone, back = Counter(given_cards), Counter(returned)
    assert Counter(state.hands[NORTH]) == Counter(SEED_DEAL[NORTH]) + gone - back
    assert Counter(state.hands[SOUTH]) == Counter(SEED_DEAL[SOUTH]) - gone + back
    for seat in (EAST, WEST):  # defenders never pass
        assert Counter(state.hands[seat]) == Counter(SEED_DEAL[seat])
    assert (state.hand.passed_cards, state.hand.returned_cards) == (
        PassCards(given_cards).cards,
        PassCards(returned).cards,
    )
    assert (state.phase, state.to_act) == (Phase.TRICKS, NORTH)


def test_passing_cards_you_do_not_hold_is_rejected() -> None:
    """rules/passing-and-kitty#passing: a player passes cards from their own hand, exactly as many
    as the rule says."""
    state = apply(
        win_auction(new_game(PINOCHLERUN, 0, WEST, hands=SEED_DEAL), NORTH), NameTrump(SPADES)
    )
    with pytest.raises(IllegalActionError, match="you do not hold K♣"):
        apply(state, PassCards(parse_cards("K♣ 9♠ J♠ Q♠")))  # South holds no clubs
    with pytest.raises(IllegalActionError, match="you do not hold three 9♠"):
        apply(state, PassCards(parse_cards("9♠ 9♠ 9♠ J♠")))  # only two 9♠
    with pytest.raises(IllegalActionError, match="pass exactly 4 cards"):
        apply(state, PassCards(parse_cards("9♠ J♠ Q♠")))


# --- Meld (rules/meld#combining, rules/meld#who-melds, rules/settlement#out-of-reach,
# rules/settlement#throw-in) --------------------------------------------------


def test_meld_is_laid_down_after_passing() -> None:
    """S0 / rules/meld#who-melds: all four meld after trump and passing. South passes 9♣ 9♣ J♣ J♣
    and North returns 10♣ 10♣ J♣ J♣: North then melds aces around 10 + two dixes 2 = 12
    and South nothing (as dealt: North 10, South 2); East 30, West 20
    (rules/meld#single-deck-table)."""
    state = apply(
        win_auction(new_game(PINOCHLERUN, 0, WEST, hands=OOR_DEAL), NORTH), NameTrump(CLUBS)
    )
    state = apply(state, PassCards(parse_cards("9♣ 9♣ J♣ J♣")))
    state = apply(state, PassCards(parse_cards("10♣ 10♣ J♣ J♣")))
    assert state.phase is Phase.TRICKS
    assert [m.total if m else None for m in state.hand.melds] == [12, 30, 0, 20]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_every_seat_melds_its_hand_after_passing(seed: int, rnd: random.Random) -> None:
    """S0 / rules/meld#who-melds: each seat's meld is that of the cards it holds
    after passing, in the named trump."""
    state = win_auction(new_game(PINOCHLERUN, seed, rnd.randrange(4)), rnd.randrange(4))
    while state.phase is not Phase.TRICKS:
        actions = legal_actions(state)
        state = apply(state, actions[rnd.randrange(len(actions))])
    trump = state.hand.trump
    assert trump is not None
    for seat in range(4):
        assert state.hand.melds[seat] == score_meld(state.hands[seat], trump, PINOCHLERUN)


def test_bid_out_of_reach_ends_the_hand_after_meld() -> None:
    """S0 / rules/settlement#out-of-reach, rules/settlement#example-out-of-reach: bid 40, meld 12:
    12 + 25 = 37 < 40, so the hand is not played; the bidders lose 40, the defenders score their
    meld (30 + 20)."""
    state = win_auction(new_game(PINOCHLERUN, 0, WEST, hands=OOR_DEAL), NORTH, 40)
    state = exchange(state, CLUBS)
    (result,) = state.results
    assert result.outcome is Outcome.NOT_ON_BOARD
    assert tuple(side.meld for side in result.sides) == (12, 50)
    assert result.scores == (-40, 50)
    assert state.scores == (-40, 50)
    assert (state.hand.number, state.hand.dealer) == (1, NORTH)  # the deal passes left
    assert (state.phase, state.to_act) == (Phase.AUCTION, EAST)


def pagat_after_meld() -> State:
    state = win_auction(new_game(PAGAT, 0, WEST, hands=OOR_DEAL), NORTH)
    return exchange(state, CLUBS)


def test_throw_in_phase_waits_for_the_bidder() -> None:
    """PG-P / rules/settlement#throw-in: the declarer may concede after meld, or play on."""
    state = pagat_after_meld()
    assert (state.phase, state.to_act) == (Phase.THROW_IN, NORTH)
    assert set(legal_actions(state)) == {ThrowIn(), PlayOn()}
    state = apply(state, PlayOn())
    assert (state.phase, state.to_act) == (Phase.TRICKS, NORTH)


def test_throw_in_settles_like_a_bid_out_of_reach() -> None:
    """PG-P / rules/settlement#throw-in: a concession has the same result as a bid out of reach: the
    bidders lose 250 and the defenders score their meld (300 + 200 on the tens scale)."""
    state = apply(pagat_after_meld(), ThrowIn())
    (result,) = state.results
    assert result.outcome is Outcome.THROWN_IN
    assert result.scores == (-250, 500)
    assert (state.hand.number, state.hand.dealer) == (1, NORTH)
    assert state.phase is Phase.AUCTION


# --- Trick play (rules/trick-play#winner) ---------------------------------------------------------


def test_bidder_leads_the_first_trick() -> None:
    """S0 / rules/trick-play#first-lead: the bid winner leads the first trick."""
    state = to_tricks(PINOCHLERUN, None, dealer=NORTH, bidder=SOUTH, trump=HEARTS)
    assert state.to_act == SOUTH


def test_dealers_left_leads_in_bicycle_partnership_auction() -> None:
    """BC-PA / rules/trick-play#first-lead: the player on the dealer's left leads, whoever bid."""
    state = to_tricks(BICYCLE, None, dealer=NORTH, bidder=SOUTH, trump=HEARTS)
    assert (state.hand.bidder, state.to_act) == (SOUTH, EAST)


def test_post_1945_no_heading_on_a_plain_suit_lead() -> None:
    """PG-P's post-1945 books / rules/trick-play#beat (trump_led_only): a club lead need only be
    followed, so East may play any club, the 9♣ included."""
    state = play(seed_trick(POST_1945), "K♣")
    assert legal_cards(state) == set(parse_cards("A♣ 10♣ 9♣"))


# North leads J♠ (trump) or K♣; East and South hold no clubs and exactly these trumps.
TRUMP_DEAL = {NORTH: "J♠ K♣", EAST: "A♠ 9♠", SOUTH: "9♠ K♠"}
TRUMP_CLOSED = {EAST: "♣♠", SOUTH: "♣♠"}


@pytest.mark.parametrize("variant", [POST_1945, PINOCHLERUN], ids=lambda v: v.name)
def test_a_trump_lead_must_be_headed(variant: Variant) -> None:
    """rules/trick-play#beat: when trump is led, a follower must beat it if they can
    (every rule)."""
    hands = deal(variant, TRUMP_DEAL, TRUMP_CLOSED)
    state = play(to_tricks(variant, hands, dealer=WEST, bidder=NORTH, trump=SPADES), "J♠")
    assert legal_cards(state) == {card("A♠")}
    with pytest.raises(IllegalActionError, match="must beat J♠ with A♠"):
        apply(state, Play(card("9♠")))


@pytest.mark.parametrize(
    ("variant", "legal"),
    [(POST_1945, "9♠ K♠"), (PINOCHLERUN, "K♠")],
    ids=["post-1945-books", "pinochlerun"],
)
def test_overtrumping(variant: Variant, legal: str) -> None:
    """rules/trick-play#following, rules/trick-play#choice-post-1945-overtrump: a void player must
    trump; S0 also makes them beat a trump already played, the post-1945 books do not (East ruffs K♣
    with 9♠; South holds 9♠ K♠)."""
    hands = deal(variant, TRUMP_DEAL, TRUMP_CLOSED)
    state = play(to_tricks(variant, hands, dealer=WEST, bidder=NORTH, trump=SPADES), "K♣")
    assert legal_cards(state) == set(parse_cards("A♠ 9♠"))
    state = play(state, "9♠")
    assert legal_cards(state) == set(parse_cards(legal))


def test_first_of_identical_cards_wins_a_plain_trick() -> None:
    """S0 / rules/deck-and-deal#identical-cards, rules/trick-play#winner: of two identical cards in
    a trick, the one played first wins."""
    hands = deal(
        PINOCHLERUN,
        {NORTH: "A♣", EAST: "A♣ 9♣", SOUTH: "9♣", WEST: "J♣"},
        {EAST: "♣", SOUTH: "♣", WEST: "♣"},
    )
    state = to_tricks(PINOCHLERUN, hands, dealer=WEST, bidder=NORTH, trump=SPADES)
    state = play(state, "A♣", "A♣", "9♣", "J♣")
    assert state.tricks[0].winner == NORTH
    assert (state.points, state.to_act) == ((2, 0), NORTH)


def test_first_of_identical_trumps_wins() -> None:
    """S0 / rules/deck-and-deal#identical-cards, rules/trick-play#void: East and South, void in
    clubs, both ruff K♣ with 9♠ (South must trump though it cannot overtrump); East's,
    played first, wins."""
    hands = deal(
        PINOCHLERUN,
        {NORTH: "K♣", EAST: "9♠", SOUTH: "9♠", WEST: "Q♣"},
        {EAST: "♣♠", SOUTH: "♣♠"},
    )
    state = to_tricks(PINOCHLERUN, hands, dealer=WEST, bidder=NORTH, trump=SPADES)
    state = play(state, "K♣", "9♠")
    assert legal_cards(state) == {card("9♠")}
    state = play(state, "9♠", "Q♣")
    assert state.tricks[0].winner == EAST
    assert (state.points, state.to_act) == ((0, 1), EAST)


COUNTERS = (Rank.ACE, Rank.TEN, Rank.KING)


def rules_winner(plays: Sequence[tuple[int, Card]], trump: Suit) -> int:
    """rules/trick-play#winner: the highest trump wins, else the highest card of the suit led; of
    identical cards the one played first."""
    trumped = any(c.suit == trump for _, c in plays)
    suit = trump if trumped else plays[0][1].suit
    contenders = [(seat, c) for seat, c in plays if c.suit == suit]
    top = max(c.rank for _, c in contenders)
    return next(seat for seat, c in contenders if c.rank == top)


def play_one_hand(state: State, rnd: random.Random) -> tuple[State, State]:
    """Play the current deal: the dealer's left bids the minimum and the others pass; trump,
    passes and cards at random; the bidder plays on. Returns the hand's last state and the
    state after it."""
    number = state.hand.number
    bidder = (state.hand.dealer + 1) % 4
    while True:
        action: Action
        if state.phase is Phase.AUCTION:
            mine = state.to_act == bidder
            action = Bid(state.variant.bidding.minimum) if mine else Pass()
        elif state.phase is Phase.THROW_IN:
            action = PlayOn()
        else:
            actions = legal_actions(state)
            action = actions[rnd.randrange(len(actions))]
        after = apply(state, action)
        if after.is_over or after.hand.number != number:
            return state, after
        state = after


def only_dixes(state: State, side: int, trump: Suit) -> bool:
    """Whether a side's meld is nothing but nines of trump (S0: they save themselves)."""
    items = [i for s, m in enumerate(state.hand.melds) if m and s % 2 == side for i in m.items]
    dix = Card(trump, Rank.NINE)
    return bool(items) and all(c == dix for item in items for c in item.cards)


@pytest.mark.parametrize(
    ("variant", "counter", "last", "total", "save"),
    [
        (PINOCHLERUN, 1, 1, 25, True),
        (PAGAT, 10, 10, 250, True),
        (PAGAT_DD, 1, 2, 50, False),
    ],
    ids=["pinochlerun", "pagat-partnership", "pagat-double-deck"],
)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_a_played_hand_counts_and_settles_by_the_rules(
    variant: Variant,
    counter: int,
    last: int,
    total: int,
    save: bool,
    seed: int,
    rnd: random.Random,
) -> None:
    """rules/trick-play, rules/counting and rules/settlement over whole random hands: the bidder
    leads; every trick goes to the highest trump or the highest card of the suit led (the first of
    twins); its winner leads next; A, 10, K count (rules/counting#methods) and the last trick adds
    its bonus, 25 / 250 / 50 in all. Bidders who reach the bid score meld + points, else lose the
    bid (rules/settlement#made, rules/settlement#set); under S0 and PG-P defenders keep meld +
    points only with a trick point, or with a meld of dixes alone (rules/settlement#defenders,
    rules/settlement#saving-meld); in PG-DD meld always counts. The deal then passes left."""
    state = new_game(variant, seed, rnd.randrange(4))
    for _ in range(30):  # double deck: a bidder with no marriage surrenders; deal again
        prev, after = play_one_hand(state, rnd)
        if prev.phase is Phase.TRICKS:
            break
        state = after
    assert prev.phase is Phase.TRICKS
    seat = prev.to_act
    assert seat is not None
    trump, bidder, bid = prev.hand.trump, prev.hand.bidder, prev.hand.bid
    assert trump is not None
    assert bidder is not None
    assert len(prev.tricks) == variant.tricks_per_hand - 1
    tricks = [t.plays for t in prev.tricks] + [(*prev.trick, (seat, prev.hands[seat][0]))]

    points, won, counters = [0, 0], [0, 0], [False, False]
    leader = bidder
    for k, plays in enumerate(tricks):
        assert plays[0][0] == leader
        leader = rules_winner(plays, trump)
        if k < len(prev.tricks):
            assert prev.tricks[k].winner == leader
        points[leader % 2] += sum(counter for _, c in plays if c.rank in COUNTERS)
        won[leader % 2] += 1
        counters[leader % 2] |= any(c.rank in COUNTERS for _, c in plays)
    points[leader % 2] += last
    counters[leader % 2] = True
    assert sum(points) == total

    result = after.results[-1]
    assert tuple(side.points for side in result.sides) == tuple(points)
    meld = [side_meld(prev, 0), side_meld(prev, 1)]
    b = bidder % 2
    d = 1 - b
    expected = [0, 0]
    made = meld[b] + points[b] >= bid
    expected[b] = meld[b] + points[b] if made else -bid
    if not save or points[d] > 0:
        expected[d] = meld[d] + points[d]
    elif only_dixes(prev, d, trump):
        expected[d] = meld[d]
    assert result.outcome is (Outcome.MADE if made else Outcome.SET)
    assert result.scores == tuple(expected)
    # ... and the engine hands these same facts to the settlement module.
    assert result == settle_hand(
        variant,
        bidder=b,
        bid=bid,
        meld=meld,
        points=points,
        tricks=won,
        counters=counters,
        nines_only=[only_dixes(prev, side, trump) for side in (0, 1)],
        trump=trump,
    )
    assert after.scores == (prev.scores[0] + expected[0], prev.scores[1] + expected[1])
    if not after.is_over:
        assert after.hand.dealer == (prev.hand.dealer + 1) % 4
        assert after.hand.number == prev.hand.number + 1


# North leads out every trump but the two 9♠ West melds as dixes, then its two aces.
DIX_DEAL = seats(
    [
        "A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ J♠ A♣ A♣",
        "10♣ 10♣ 10♦ 10♦ 10♥ 10♥ Q♣ Q♣ Q♦ Q♦ J♦ J♦",
        "K♣ K♣ A♦ A♦ K♦ K♦ A♥ A♥ K♥ K♥ Q♥ Q♥",
        "9♠ 9♠ 9♣ 9♣ 9♦ 9♦ 9♥ 9♥ J♣ J♣ J♥ J♥",
    ]
)


@pytest.mark.parametrize(
    ("variant", "score"),
    [(PINOCHLERUN, 2), (BROWSER, 0)],
    ids=["pinochlerun", "browser-game"],
)
def test_nines_save_themselves(variant: Variant, score: int) -> None:
    """S0 / rules/settlement#saving-meld, rules/settlement#choice-s1-nines: East-West take no trick,
    yet their meld of two dixes counts under S0 ("the nines save themselves"); the browser game has
    no such exception."""
    state = to_tricks(variant, DIX_DEAL, dealer=WEST, bidder=NORTH, trump=SPADES)
    leads = iter(parse_cards("A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ J♠ A♣ A♣"))
    while state.phase is Phase.TRICKS:
        action = Play(next(leads)) if state.to_act == NORTH else legal_actions(state)[0]
        state = apply(state, action)
    (result,) = state.results
    assert result.outcome is Outcome.MADE
    assert (result.sides[1].meld, result.sides[1].points) == (2, 0)
    assert result.scores[1] == score


# --- Game end (rules/game-end#target) ------------------------------------------------------------

# North holds every spade; the other seats one plain suit each.
SPADES_DEAL = seats(
    [
        "A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ J♠ 9♠ 9♠",
        "A♣ A♣ 10♣ 10♣ K♣ K♣ Q♣ Q♣ J♣ J♣ 9♣ 9♣",
        "A♦ A♦ 10♦ 10♦ K♦ K♦ Q♦ Q♦ J♦ J♦ 9♦ 9♦",
        "A♥ A♥ 10♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ J♥ 9♥ 9♥",
    ]
)


def test_the_first_side_to_reach_150_wins() -> None:
    """S0 / rules/game-end#target: first to 150 wins. North-South, on 148, bid 25 with North holding
    every spade: they take all 12 tricks (25 points) and meld 150 + 2 (double run and two
    dixes, rules/meld#doubles) + 4 (South's two diamond marriages); East-West save nothing."""
    state = to_tricks(
        PINOCHLERUN, SPADES_DEAL, dealer=WEST, bidder=NORTH, trump=SPADES, scores=(148, 0)
    )
    while state.phase is Phase.TRICKS:
        state = apply(state, legal_actions(state)[0])
    assert state.is_over
    assert (state.phase, state.to_act, state.winner) == (Phase.GAME_OVER, None, 0)
    assert state.results[-1].scores == (181, 0)
    assert state.scores == (329, 0)
    assert legal_actions(state) == ()
    with pytest.raises(IllegalActionError, match="the game is over"):
        apply(state, Pass())


def test_a_side_at_minus_300_loses_at_once() -> None:
    """S0 / rules/game-end#floor: a team that falls to -300 loses the game at once."""
    state = new_game(PINOCHLERUN, 0, WEST, hands=OOR_DEAL, scores=(-270, 0))
    state = exchange(win_auction(state, NORTH, 40), CLUBS)
    assert state.scores == (-310, 50)
    assert (state.phase, state.winner) == (Phase.GAME_OVER, 1)


# --- Illegal actions (design: IllegalActionError leaves the state valid) ---------------


def phases() -> dict[Phase, tuple[State, Action, str]]:
    """A PG-P state in every phase, with an action of the wrong kind and the words expected."""
    auction = new_game(PAGAT, 0, WEST, hands=OOR_DEAL)
    trump = win_auction(auction, NORTH)
    passing = apply(trump, NameTrump(CLUBS))
    back = apply(passing, PassCards(passing.hands[SOUTH][:4]))
    throw_in = apply(back, PassCards(back.hands[NORTH][:4]))
    tricks = apply(throw_in, PlayOn())
    ace = Play(card("A♣"))
    return {
        Phase.AUCTION: (auction, NameTrump(CLUBS), "bid or pass"),
        Phase.TRUMP: (trump, Bid(300), "name trump"),
        Phase.PASS: (passing, ace, "pass cards"),
        Phase.RETURN: (back, Pass(), "return cards"),
        Phase.THROW_IN: (throw_in, ace, "throw in or play on"),
        Phase.TRICKS: (tricks, ThrowIn(), "play a card"),
    }


@pytest.mark.parametrize("phase", list(phases()), ids=str)
def test_wrong_kind_of_action_is_rejected_and_the_state_stays_valid(phase: Phase) -> None:
    """An action of the wrong kind for the phase is refused with a message that says what
    is expected; the state is unchanged and still accepts a legal action."""
    state, wrong, words = phases()[phase]
    assert state.phase is phase
    before = (state.phase, state.to_act, state.hands, state.hand, state.game)
    with pytest.raises(IllegalActionError, match=words) as caught:
        apply(state, wrong)
    assert caught.value.action == str(wrong)
    assert (state.phase, state.to_act, state.hands, state.hand, state.game) == before
    action = legal_actions(state)[0]
    assert apply(state, action) == apply(phases()[phase][0], action)


def test_illegal_card_leaves_the_state_valid() -> None:
    """After a refused card the same state accepts a legal one, as if nothing happened."""
    state = play(seed_trick(PINOCHLERUN), "K♣")
    before = state.hands
    with pytest.raises(IllegalActionError):
        apply(state, Play(card("9♣")))
    with pytest.raises(IllegalActionError, match="you do not hold"):
        apply(state, Play(card("K♠")))
    assert state.hands == before
    assert legal_cards(state) == set(parse_cards("A♣ 10♣"))
    after = apply(state, Play(card("10♣")))
    assert after == play(seed_trick(PINOCHLERUN), "K♣", "10♣")


# --- Cards built with the Card constructor (twins are equal values) --------------------

FRESH_DEAL = tuple(tuple(Card(c.suit, c.rank) for c in hand) for hand in SEED_DEAL)


def test_twins_built_with_the_constructor_are_one_action() -> None:
    """Twins are one value (cards.py) and legal_actions lists each choice once: North's
    K♣ 10♣ Q♣ J♣ 9♣ A♠ 10♠ K♠."""
    actions = legal_actions(seed_trick(PINOCHLERUN, FRESH_DEAL))
    assert len(actions) == len(set(actions)) == 8


def test_playing_a_constructed_card_removes_that_card() -> None:
    """The card played leaves the hand, and no other (rules/trick-play#following: one
    card per player)."""
    state = seed_trick(PINOCHLERUN, FRESH_DEAL)
    after = play(state, "9♣")
    assert Counter(after.hands[NORTH]) == Counter(state.hands[NORTH]) - Counter([card("9♣")])


def test_passed_constructed_cards_join_their_twins() -> None:
    """rules/passing-and-kitty#passing: a passed card built with Card(...) is one choice
    with its twin."""
    state = win_auction(new_game(PINOCHLERUN, 0, WEST, hands=SEED_DEAL), NORTH)
    state = apply(state, NameTrump(SPADES))
    fresh = tuple(Card(c.suit, c.rank) for c in parse_cards("K♠ Q♠ Q♠ 9♠"))
    state = apply(state, PassCards(fresh))  # North already holds a K♠
    state = apply(state, PassCards(parse_cards("9♣ J♣ Q♣ Q♣")))
    assert state.phase is Phase.TRICKS
    actions = legal_actions(state)
    assert len(actions) == len(set(actions)) == len(set(state.hands[NORTH])) == 7


# --- Settlement through the engine (rules/settlement#defenders,
# rules/settlement#choice-unsaved-trick-points) ------------------------------


def test_engine_settles_the_twenty_point_rule_like_the_sheet() -> None:
    # npa-double-deck: a side under 20 trick points scores nothing for the hand, meld
    # included, whatever its meld; the engine's settlement is settle_hand's.
    variant = load_variant("npa-double-deck")
    state = new_game(variant, seed=32)
    while state.phase is not Phase.TRICKS:  # all pass: the dealer is stuck at 50
        actions = legal_actions(state)
        state = apply(state, PlayOn() if PlayOn() in actions else actions[0])
    assert state.hand.bidder is not None
    bidder = state.side_of(state.hand.bidder)
    points = [0, 0]
    points[bidder], points[1 - bidder] = 35, 15
    tricks = [0, 0]
    tricks[bidder], tricks[1 - bidder] = 15, 5
    result = settle_play(state, points, tricks, (True, True))
    assert 0 < result.sides[1 - bidder].meld < 20  # under minimum_meld: it counts nothing
    assert result.scores[1 - bidder] == 0
    assert result.sides[1 - bidder].points == 15
