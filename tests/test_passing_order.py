"""``passing.order = "simultaneous"`` (rules/passing-and-kitty#passing, the WP variation:
"both at once").

The partner and the bidder each choose from their own dealt hands: the bidder's choice
cannot depend on the partner's cards, which reach the bidder only once both have chosen.
The default, ``"partner-first"`` (S0, PG-P), lets the bidder return cards just received.
"""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle import (
    Bid,
    Card,
    IllegalActionError,
    NameTrump,
    Pass,
    PassCards,
    Phase,
    State,
    Suit,
    Variant,
    apply,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    observe,
    parse_cards,
    sample_state,
)
from pinochle.bots import make_bot
from pinochle.checking import check_variant
from pinochle.play import play_game
from pinochle.testing import games

PINOCHLERUN = load_variant("pinochlerun")
TOGETHER = PINOCHLERUN.override({"passing": {"order": "simultaneous"}})
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3

# North bids and names spades; South, the partner, holds four hearts North lacks.
NORTH_HAND = parse_cards("A♠ A♠ 10♠ K♠ Q♠ J♠ 9♠ A♣ 10♣ K♣ 9♣ 9♣")
SOUTH_HAND = parse_cards("A♥ A♥ 10♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ J♥ 9♥ 9♥")


def _deal() -> tuple[tuple[Card, ...], ...]:
    rest = sorted(
        (Counter(make_deck("single")) - Counter(NORTH_HAND) - Counter(SOUTH_HAND)).elements(),
        key=lambda c: c.index,
    )
    return (NORTH_HAND, tuple(rest[:12]), SOUTH_HAND, tuple(rest[12:]))


def _to_passing(variant: Variant) -> State:
    """West deals; North bids 25, the others pass, North names spades."""
    state = new_game(variant, 0, WEST, hands=_deal())
    for action in (Bid(25), Pass(), Pass(), Pass(), NameTrump(Suit.SPADES)):
        state = apply(state, action)
    assert (state.phase, state.to_act) == (Phase.PASS, SOUTH)
    return state


GIVEN = parse_cards("A♥ A♥ 10♥ K♥")


def test_the_bidder_chooses_from_its_own_hand_without_seeing_the_partners_cards() -> None:
    """rules/passing-and-kitty#passing, "simultaneous ... both at once": after South has
    chosen, North chooses from its dealt hand; South's hearts are not in it, nor in
    North's observation."""
    state = apply(_to_passing(TOGETHER), PassCards(GIVEN))
    assert (state.phase, state.to_act) == (Phase.RETURN, NORTH)
    assert Counter(state.hands[NORTH]) == Counter(NORTH_HAND)
    assert Counter(state.hands[SOUTH]) == Counter(SOUTH_HAND)  # nothing has moved yet
    choices = legal_actions(state)
    assert all(not set(a.cards) & set(GIVEN) for a in choices if isinstance(a, PassCards))
    with pytest.raises(IllegalActionError, match="you do not hold A♥"):
        apply(state, PassCards(parse_cards("A♥ 9♣ 9♣ K♣")))
    view = observe(state, NORTH)
    assert view.passed_to_me == ()
    assert not set(view.hand) & set(GIVEN)
    assert observe(state, SOUTH).passed_by_me == PassCards(GIVEN).cards
    for seat in (EAST, WEST):
        assert observe(state, seat).passed_to_me == observe(state, seat).passed_by_me == ()

    returned = parse_cards("9♣ 9♣ K♣ A♣")
    state = apply(state, PassCards(returned))
    assert Counter(state.hands[NORTH]) == Counter(NORTH_HAND) - Counter(returned) + Counter(GIVEN)
    assert Counter(state.hands[SOUTH]) == Counter(SOUTH_HAND) - Counter(GIVEN) + Counter(returned)
    view = observe(state, NORTH)
    assert (view.passed_to_me, view.passed_by_me) == (
        PassCards(GIVEN).cards,
        PassCards(returned).cards,
    )
    assert state.phase is Phase.TRICKS


def test_partner_first_is_the_default_and_lets_the_bidder_return_cards_received() -> None:
    """rules/passing-and-kitty#passing, S0 and PG-P: the partner passes first, then the bidder
    returns, and the return may include cards just received."""
    assert PINOCHLERUN.passing.order.value == "partner-first"
    state = apply(_to_passing(PINOCHLERUN), PassCards(GIVEN))
    assert observe(state, NORTH).passed_to_me == PassCards(GIVEN).cards
    assert PassCards(parse_cards("A♥ 9♣ 9♣ K♣")) in legal_actions(state)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(TOGETHER, max_actions=12), seed=st.integers(0, 2**32))
def test_sampled_worlds_agree_with_every_seat_during_simultaneous_passing(
    game: State, seed: int
) -> None:
    """A sampled state is indistinguishable (``observe(sample, seat) == observation``) and
    can be played on: the sampled partner's choice is part of its sampled hand."""
    rng = random.Random(seed)
    for seat in range(4):
        view = observe(game, seat)
        sampled = sample_state(view, rng)
        assert observe(sampled, seat) == view
        if sampled.phase is Phase.RETURN:
            partner = (sampled.hand.bidder or 0) + 2
            assert not Counter(sampled.hand.passed_cards) - Counter(sampled.hands[partner % 4])
        while not sampled.is_over and sampled.phase in (Phase.PASS, Phase.RETURN):
            actions = legal_actions(sampled)
            sampled = apply(sampled, actions[rng.randrange(len(actions))])


def test_every_bot_level_passes_and_returns_simultaneously() -> None:
    for level in ("random", "easy", "medium", "hard", "expert"):
        state = _to_passing(TOGETHER)
        bots = {seat: make_bot(level, seed=seat) for seat in range(4)}
        while state.phase in (Phase.PASS, Phase.RETURN):
            seat = state.to_act
            assert seat is not None
            state = apply(state, bots[seat].choose(observe(state, seat)))
        assert state.phase is Phase.TRICKS, level


def test_the_house_rules_check_holds_under_simultaneous_passing() -> None:
    report = check_variant(TOGETHER, games=4, max_hands=2)
    assert report.ok, report


def test_pinochle_play_hides_the_partners_cards_until_both_have_passed() -> None:
    """`pinochle play`: the person bids, names clubs and returns from its own hand; the
    partner's cards are named only once both have passed."""
    screen = io.StringIO()
    answers = io.StringIO("\n".join(["2"] * 5 + ["1", "1 2 3 4"]) + "\n")
    play_game(TOGETHER, level="easy", seed=0, stdin=answers, stdout=screen)
    out = screen.getvalue()
    chosen = out.index("North has chosen 4 cards for you; you see them after.")
    assert "North passes 4 cards to you" in out[:chosen]
    reached = out.index("North's cards reach you: J♣ 9♣ A♠ A♠")
    assert chosen < out.index("You return 10♣ K♣ 10♠ J♠ to North") < reached
