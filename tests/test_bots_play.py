"""Card play of the Medium and Hard computer players against seed S1 and docs/bots.md#the-levels.

S1 "Computer levels": Hard "remembers every card played and who has run out of a suit or of
trumps", "gives aces, tens and kings to its partner when the partner is winning the trick"
and "draws trumps when its team won the bid"; Medium "plays sensible cards, but doesn't
remember which cards have gone". S1 "Tips to win": "Feed your partner. When your partner is
sure to win a trick, play an ace, ten or king on it", "Keep counters away from the other
team. When they're winning a trick, play a nine, jack or queen if you can".

Seats 0-3 clockwise, North 0, East 1, South 2, West 3; partners sit opposite (seat % 2).
Positions come from given hands, reached by the auction and plays through the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle import (
    CARDS,
    Bid,
    Card,
    NameTrump,
    Pass,
    Phase,
    Play,
    PlayOn,
    Rank,
    State,
    Suit,
    Variant,
    apply,
    builtin_variants,
    card_points,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    observe,
    parse_cards,
)
from pinochle.bots.play import play_card

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
BROWSER = load_variant("browser-game")  # S1's own table: no passing, the bidder leads
BICYCLE = load_variant("bicycle-partnership-auction")  # the dealer's left leads
TWO_HAND = load_variant("bicycle-two-handed")
LEVELS = pytest.mark.parametrize("memory", [False, True], ids=["medium", "hard"])


def card(text: str) -> Card:
    (one,) = parse_cards(text)
    return one


def hands_of(variant: Variant, fixed: Mapping[int, str]) -> tuple[tuple[Card, ...], ...]:
    """The ``fixed`` hands; seats not given share the rest of the deck, in card order."""
    players, size = variant.deal.players, variant.deal.hand
    hands = [list(parse_cards(fixed.get(seat, ""))) for seat in range(players)]
    rest = Counter(make_deck(variant.deal.deck)) - Counter(c for h in hands for c in h)
    for c in sorted(rest.elements(), key=lambda c: c.index):
        seat = next(s for s in range(players) if len(hands[s]) < size)
        hands[seat].append(c)
    return tuple(tuple(h) for h in hands)


def to_tricks(variant: Variant, fixed: Mapping[int, str], bidder: int, trump: str) -> State:
    """The first trick: ``bidder`` wins the auction at the minimum and names ``trump``."""
    state = new_game(variant, 1, hands=hands_of(variant, fixed))
    while state.phase is Phase.AUCTION:
        mine = state.to_act == bidder and state.hand.bidder is None
        state = apply(state, Bid(variant.bidding.minimum) if mine else Pass())
    state = apply(state, NameTrump(Suit[trump]))
    if state.phase is Phase.THROW_IN:
        state = apply(state, PlayOn())
    assert state.phase is Phase.TRICKS
    return state


def play(state: State, cards: str) -> State:
    """Play these cards in turn (each must be legal)."""
    for c in parse_cards(cards):
        state = apply(state, Play(c))
    return state


def choose(state: State, *, memory: bool, seed: int = 0) -> Card:
    """The card the seat to act plays, with its legality checked."""
    assert state.to_act is not None
    chosen = play_card(observe(state, state.to_act), random.Random(seed), memory=memory)
    assert Play(chosen) in legal_actions(state)
    return chosen


def value(c: Card, variant: Variant = BROWSER) -> int:
    return card_points([c], variant)


# --- Smearing on the partner's sure trick -------------------------------------------------

# Spades trump, North bids. Both A♠ fall to North's lead (East must follow with its twin);
# North then leads T♠, the top trump left, and only West, who can no longer hold an ace of
# trump, plays after South. South has no spades: any card is legal.
SMEAR = {
    NORTH: "A♠ T♠ K♠ Q♠ J♠ 9♠ A♣ A♦ T♦ K♥ A♥ Q♣",
    EAST: "A♠ 9♠ A♣ T♣ K♣ Q♣ T♥ T♥ K♥ A♦ T♦ K♦",
    SOUTH: "T♣ K♣ 9♣ J♣ A♥ Q♥ 9♥ J♥ K♦ 9♦ J♦ Q♦",
    WEST: "T♠ K♠ Q♠ J♠ J♣ 9♣ Q♥ J♥ 9♥ Q♦ J♦ 9♦",
}


def smear_position() -> State:
    state = to_tricks(BROWSER, SMEAR, NORTH, "SPADES")
    state = play(state, "A♠ A♠ 9♦ J♠")  # North wins with the first ace
    return play(state, "T♠ 9♠")  # South to play


@pytest.mark.parametrize("seed", range(5))
def test_hard_smears_a_ten_when_the_partner_is_sure_to_win(seed: int) -> None:
    # S1 "Feed your partner": T♠ is now the top trump and West cannot beat it. South smears
    # a counter, the ten first (A, 10, K); its A♥ is a sure winner of its own and stays.
    assert choose(smear_position(), memory=True, seed=seed) == card("T♣")


def test_medium_forgets_the_aces_and_does_not_smear() -> None:
    # S1: Medium "doesn't remember which cards have gone": for all it knows West holds an
    # ace of trump, so it keeps its counters off the trick.
    chosen = choose(smear_position(), memory=False)
    assert value(chosen) == 0


@LEVELS
def test_an_ace_of_trump_is_sure_for_both_levels(memory: bool) -> None:
    # Trick 1, South to play after A♠ A♠: nothing beats the first ace of trump
    # (rules/deck-and-deal#identical-cards: the first played wins), so even Medium feeds it;
    # 9♦ and the other low cards would give nothing.
    state = play(to_tricks(BROWSER, SMEAR, NORTH, "SPADES"), "A♠ A♠")
    assert choose(state, memory=memory) == card("T♣")


# --- Low cards on the opponents' trick ----------------------------------------------------

# Hearts trump, East bids and leads A♣; South and West follow low and North, last, cannot
# beat the ace (rules/trick-play#following: it follows with any club).
LOW = {
    NORTH: "T♣ Q♣ 9♣ K♠ Q♠ J♠ 9♠ T♦ J♦ 9♦ J♥ 9♥",
    EAST: "A♣ A♣ K♣ A♥ A♥ T♥ T♥ K♥ A♠ A♠ A♦ A♦",
    SOUTH: "T♣ K♣ J♣ T♠ T♠ K♠ K♦ K♦ Q♦ K♥ Q♥ Q♥",
    WEST: "Q♣ J♣ 9♣ Q♠ J♠ 9♠ T♦ Q♦ J♦ 9♦ J♥ 9♥",
}


@LEVELS
def test_a_nine_on_the_opponents_winning_trick(memory: bool) -> None:
    # S1 "Keep counters away from the other team": T♣ would give East a point.
    state = play(to_tricks(BROWSER, LOW, EAST, "HEARTS"), "A♣ J♣ 9♣")
    assert choose(state, memory=memory) == card("9♣")


# --- Winning a trick cheaply, and leading ---------------------------------------------------

# Spades trump, North bids. Trick 1: North's A♥, East's twin A♥ (first played wins), South
# 9♥, West 9♥. Trick 2: North leads 9♣, East beats it with K♣; South can beat K♣ with T♣ or
# A♣, and West, still to play, holds A♣ T♣ K♣ Q♣.
LEAD = {
    NORTH: "A♥ 9♣ A♠ A♠ T♠ K♠ Q♠ J♠ 9♠ A♦ A♦ T♦",
    EAST: "A♥ K♥ Q♥ J♣ Q♣ K♣ T♦ K♦ T♠ K♠ Q♠ J♦",
    SOUTH: "T♥ 9♥ J♥ A♣ 9♣ J♣ T♣ K♦ Q♦ J♦ 9♦ 9♦",
    WEST: "T♥ K♥ Q♥ J♥ 9♥ A♣ T♣ K♣ Q♣ Q♦ J♠ 9♠",
}


@LEVELS
def test_the_bidding_side_draws_trump(memory: bool) -> None:
    # S1: Hard "draws trumps when its team won the bid". North holds both A♠, so its T♠
    # cannot be beaten either: it leads the lowest sure trump and keeps the aces.
    state = to_tricks(BROWSER, LEAD, NORTH, "SPADES")
    assert choose(state, memory=memory) == card("T♠")


def lead_position() -> State:
    state = play(to_tricks(BROWSER, LEAD, NORTH, "SPADES"), "A♥ A♥ 9♥ 9♥")
    return play(state, "9♣ K♣")


@LEVELS
def test_wins_with_the_card_no_later_player_can_beat(memory: bool) -> None:
    # T♣ beats K♣ now, but West may hold A♣; A♣ cannot be beaten (West's twin ties).
    assert choose(lead_position(), memory=memory) == card("A♣")


def test_hard_remembers_the_aces_are_gone_and_leads_its_ten() -> None:
    # Both A♥ fell in trick 1, so South's T♥ is the top heart: a sure winner to cash (and
    # South holds no trump to draw with). Its T♣ is not: West kept an A♣.
    state = play(lead_position(), "A♣ K♣")
    assert state.to_act == SOUTH
    assert choose(state, memory=True) == card("T♥")


def test_medium_does_not_know_the_ten_is_high() -> None:
    state = play(lead_position(), "A♣ K♣")
    chosen = choose(state, memory=False)
    assert chosen != card("T♥")
    assert value(chosen) == 0


# Spades trump, North bids. Trick 1: North's A♦ is ruffed by West (9♠), void in diamonds.
# Trick 2: West leads 9♣ and North takes it with A♣. Trick 3: North leads its other A♦, East
# follows, and South (T♦ K♦ 9♦ left in diamonds) plays before West.
RUFF = {
    NORTH: "A♦ A♦ A♣ A♠ T♠ K♠ Q♠ J♠ A♥ T♥ K♥ Q♥",
    EAST: "A♠ T♠ T♦ K♦ Q♦ Q♦ J♦ 9♦ T♣ K♣ Q♣ J♣",
    SOUTH: "J♦ T♦ K♦ 9♦ A♣ T♣ 9♣ A♥ T♥ K♥ K♠ Q♠",
    WEST: "9♠ 9♠ J♠ 9♣ J♣ Q♣ K♣ 9♥ 9♥ J♥ J♥ Q♥",
}


def ruff_position() -> State:
    state = play(to_tricks(BROWSER, RUFF, NORTH, "SPADES"), "A♦ 9♦ J♦ 9♠")
    state = play(state, "9♣ A♣ J♣ 9♣")
    return play(state, "A♦ Q♦")


def test_hard_does_not_smear_when_a_later_opponent_has_shown_out() -> None:
    # S1: Hard remembers "who has run out of a suit": West may ruff North's ace.
    assert choose(ruff_position(), memory=True) == card("9♦")


def test_medium_does_not_track_voids_and_smears() -> None:
    assert choose(ruff_position(), memory=False) == card("T♦")


# East bids nothing here: the defenders of North's bid lead first (dealer's left).
DEFENCE = {EAST: "9♠ J♠ Q♠ K♠ T♣ 9♣ J♣ K♥ 9♥ J♥ Q♦ 9♦"}


@LEVELS
def test_a_defender_leads_low_in_a_plain_suit_not_trump(memory: bool) -> None:
    # East holds trumps but no sure winner: it leads a card worth nothing, not a trump.
    state = to_tricks(BICYCLE, DEFENCE, NORTH, "SPADES")
    assert state.to_act == EAST
    chosen = choose(state, memory=memory)
    assert chosen.suit is not Suit.SPADES
    assert value(chosen, BICYCLE) == 0


# --- Two-hand, while the stock lasts --------------------------------------------------------

# Hearts turned up. The dealer (seat 0) holds no meld: no hearts, no marriage, one card of
# the pinochle (J♦) and two aces. The non-dealer leads; any card may be played
# (rules/two-hand#stock-phase).
DEALER = "T♣ J♣ J♦ K♦ T♦ A♦ T♠ T♠ K♠ J♠ A♣ K♣"
ELDER = "9♥ K♦ Q♦ Q♣ Q♣ 9♣ 9♣ 9♠ 9♠ Q♠ Q♠ 9♦"


def two_hand() -> State:
    hands = (parse_cards(DEALER), parse_cards(ELDER))
    for seed in range(500):
        state = new_game(TWO_HAND, seed, hands=hands)
        up = state.hand.turn_up
        if up is not None and up.suit is Suit.HEARTS and up.rank is not Rank.NINE:
            return state
    raise AssertionError("no seed turns up a heart")  # pragma: no cover


@LEVELS
@pytest.mark.parametrize("seed", range(10))
def test_stock_phase_throws_a_low_card_no_meld_needs(memory: bool, seed: int) -> None:
    # 9♥ of trump cannot be beaten from this hand: throw the cheapest card, but not J♦ (the
    # pinochle to be), which is worth as little as J♣ and J♠.
    state = play(two_hand(), "9♥")
    assert choose(state, memory=memory, seed=seed) in parse_cards("J♣ J♠")


@LEVELS
def test_stock_phase_takes_a_counter_with_a_card_no_meld_needs(memory: bool) -> None:
    # K♦ carries points: T♦ takes it; A♦ would too, but aces make meld.
    state = play(two_hand(), "K♦")
    assert choose(state, memory=memory) == card("T♦")


# --- Every profile: legal and reproducible ----------------------------------------------------


@pytest.mark.parametrize("name", builtin_variants())
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_always_a_legal_card_and_the_same_for_the_same_rng(name: str, seed: int) -> None:
    variant = load_variant(name)
    rng = random.Random(seed)
    state = new_game(variant, seed)
    number = state.hand.number
    while not state.is_over and state.hand.number == number:
        actions = legal_actions(state)
        if state.phase is not Phase.TRICKS:
            state = apply(state, actions[rng.randrange(len(actions))])
            continue
        assert state.to_act is not None
        view = observe(state, state.to_act)
        memory = rng.random() < 0.5
        bot_seed = rng.randrange(1000)
        chosen = play_card(view, random.Random(bot_seed), memory=memory)
        assert Play(chosen) in actions
        assert play_card(view, random.Random(bot_seed), memory=memory) == chosen
        state = apply(state, Play(chosen))


def test_refuses_a_seat_that_is_not_to_play() -> None:
    state = to_tricks(BROWSER, SMEAR, NORTH, "SPADES")
    with pytest.raises(ValueError, match="seat 1"):
        play_card(observe(state, EAST), random.Random(0), memory=True)


@pytest.mark.parametrize("seed", range(6))
def test_hard_counts_the_two_hand_cards_out_as_knowledge_recalls_them(seed: int) -> None:
    """Two-hand, once the stock is gone, every card is in a hand or played (rules/two-hand):
    the opponent may hold exactly the cards neither in the seat's hand nor played, which
    is what `pinochle.knowledge` tells; Hard counts them instead of recalling them."""
    from pinochle.bots.heuristic import HardBot
    from pinochle.bots.memory import _count_out, _recall

    bots = [HardBot(seed=seed * 2 + s) for s in range(2)]
    state = new_game(TWO_HAND, seed=seed)
    counted = 0
    while not state.results:
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        if view.phase is Phase.TRICKS:
            memory = _count_out(view)
            assert (memory is None) == (view.turn_up is not None)
            if memory is not None:
                counted += 1
                opponent = 1 - view.seat
                assert memory.mask(opponent) == _recall(view).mask(opponent)
        state = apply(state, bots[view.seat].choose(view))
    assert counted > 0


def _beats_lead(may: int, card: Card, trump: Suit | None) -> bool:
    """The reading of a lead (docs/bots.md#the-levels), opponent by opponent: one that
    may hold a card of the suit is taken to follow and beats the lead with a higher one of
    it; one void in it beats a plain lead with any trump it may hold."""
    suit_cards = [c for c in CARDS if c.suit is card.suit]
    if any(may >> c.index & 1 for c in suit_cards):
        return any(may >> c.index & 1 for c in suit_cards if c.rank > card.rank)
    trumps = [c for c in CARDS if c.suit is trump]
    return card.suit is not trump and any(may >> c.index & 1 for c in trumps)


def _beats_best(may: int, best: Card, led: Suit, trump: Suit | None) -> bool:
    """The same for the card winning a started trick (of the suit led, or a trump)."""
    if any(may >> c.index & 1 for c in CARDS if c.suit is led):
        return best.suit is led and any(
            may >> c.index & 1 for c in CARDS if c.suit is led and c.rank > best.rank
        )
    if trump is None or led is trump:
        return False
    trumps = [c for c in CARDS if c.suit is trump]
    if best.suit is trump:
        return any(may >> c.index & 1 for c in trumps if c.rank > best.rank)
    return any(may >> c.index & 1 for c in trumps)


@pytest.mark.parametrize(
    "name", ["pinochlerun", "pagat-partnership", "cutthroat-3", "pinochlerun-double-deck"]
)
def test_sure_and_safe_cards_are_read_opponent_by_opponent(name: str) -> None:
    """Hard reads a sure lead and a safe winner from one floor a suit (`_Table.sure_floor`,
    `_Table.safe_floors`); the same answer as asking each opponent in turn, for every card
    at every card decision of a few Hard games."""
    from pinochle.bots.heuristic import HardBot
    from pinochle.bots.play import _Table

    variant = load_variant(name)
    checked = 0
    for seed in range(8):
        bots = [HardBot(seed=seed * 10 + s) for s in range(variant.deal.players)]
        state = new_game(variant, seed=seed)
        while not state.results:
            seat = state.to_act
            assert seat is not None
            view = observe(state, seat)
            if view.phase is Phase.TRICKS and len(view.legal_actions) > 1:
                table = _Table(view, True, None)
                memory, trump = table.memory, view.trump
                for c in CARDS:
                    beaten = [_beats_lead(memory.mask(o), c, trump) for o in table.opponents]
                    assert table.sure_lead(c) is not any(beaten), (seed, view.tricks, c)
                if view.trick:
                    led = view.trick[0][1].suit
                    for c in CARDS:
                        if c.suit is led or c.suit is trump:
                            later = table.later_opponents
                            beaten = [_beats_best(memory.mask(o), c, led, trump) for o in later]
                            assert table.safe(c, led) is not any(beaten), (seed, view.trick, c)
                checked += 1
            state = apply(state, bots[seat].choose(view))
    assert checked > 40
