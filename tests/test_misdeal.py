"""Misdeals: a dealt hand its holder may throw in for a redeal (``deal.misdeal``,
rules/deck-and-deal#misdeals).

rules/deck-and-deal#misdeals, "Misdeal / redeal options": five nines in one hand =
misdeal, or five nines with no ace, or six nines with at most one ace (WP newer revision);
the double deck's "technical misdeal": 13+ non-counters and no aces, declared before the
first trick, meld void, same dealer redeals (WP).

Right after the deal every seat, from the dealer's left, answers ``keep`` or (a qualifying
hand only) ``misdeal``: every seat is asked, so being asked tells the table nothing.
"""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle import (
    CallMisdeal,
    IllegalActionError,
    KeepHand,
    Phase,
    State,
    Variant,
    VariantError,
    apply,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    observe,
    parse_action,
    parse_cards,
    sample_state,
)
from pinochle.checking import check_variant
from pinochle.records import record_of, replay
from pinochle.testing import variants
from pinochle.variant import Partner


def _with(base: str, rule: str) -> Variant:
    return load_variant(base).override({"deal": {"misdeal": rule}})


def _deal(rules: Variant, first: str, dealer: int = 0) -> State:
    """A deal where the dealer's left (the first to answer) holds ``first``."""
    mine = parse_cards(first)
    rest = sorted((Counter(make_deck(rules.deal.deck)) - Counter(mine)).elements())
    size, players = rules.deal.hand, rules.deal.players
    hands: list[Sequence[pn.Card]] = []
    for seat in range(players):
        if seat == (dealer + 1) % players:
            hands.append(mine)
        else:
            hands.append(rest[:size])
            rest = rest[size:]
    return new_game(rules, seed=11, dealer=dealer, hands=hands)


FIVE_NINES = "9♠ 9♠ 9♥ 9♥ 9♦ K♠ K♠ Q♠ Q♠ J♠ J♠ 10♠"  # no ace
FIVE_NINES_ACE = "9♠ 9♠ 9♥ 9♥ 9♦ A♠ K♠ Q♠ Q♠ J♠ J♠ 10♠"
SIX_NINES_ACE = "9♠ 9♠ 9♥ 9♥ 9♦ 9♦ A♠ K♠ Q♠ J♠ J♠ 10♠"
SIX_NINES_TWO_ACES = "9♠ 9♠ 9♥ 9♥ 9♦ 9♦ A♠ A♠ Q♠ J♠ J♠ 10♠"
FOUR_NINES = "9♠ 9♠ 9♥ 9♥ K♦ K♠ K♠ Q♠ Q♠ J♠ J♠ 10♠"


def _offered(rules: Variant, hand: str) -> bool:
    state = _deal(rules, hand)
    assert state.phase is Phase.MISDEAL
    assert state.to_act == 1
    return CallMisdeal() in legal_actions(state)


def test_the_actions_read_back() -> None:
    assert str(CallMisdeal()) == "misdeal"
    assert str(KeepHand()) == "keep"
    assert parse_action("misdeal") == CallMisdeal()
    assert parse_action(" Keep ") == KeepHand()


def test_no_misdeal_rule_costs_nothing() -> None:
    """The default ("none"): the auction starts at once, as before."""
    state = new_game(load_variant("pinochlerun"), seed=3)
    assert state.phase is Phase.AUCTION


@pytest.mark.parametrize(
    ("rule", "hand", "offered"),
    [
        # "five nines in one hand = misdeal"
        ("five-nines", FIVE_NINES, True),
        ("five-nines", FIVE_NINES_ACE, True),
        ("five-nines", FOUR_NINES, False),
        # "five nines, they must also have no aces ..., or six nines and up to one ace"
        ("five-nines-no-ace", FIVE_NINES, True),
        ("five-nines-no-ace", FIVE_NINES_ACE, False),
        ("five-nines-no-ace", SIX_NINES_ACE, True),
        ("five-nines-no-ace", SIX_NINES_TWO_ACES, False),
        # "six nines with at most one ace"
        ("six-nines-one-ace", FIVE_NINES, False),
        ("six-nines-one-ace", SIX_NINES_ACE, True),
        ("six-nines-one-ace", SIX_NINES_TWO_ACES, False),
    ],
)
def test_which_hands_qualify(rule: str, hand: str, offered: bool) -> None:
    assert _offered(_with("pinochlerun", rule), hand) is offered


def test_the_technical_misdeal_of_the_double_deck() -> None:
    """WP: "dealt 13 or more non-counters and no aces" (20 cards: Q and J are non-counters)."""
    rules = _with("pagat-double-deck", "technical")
    low = "Q♠ Q♠ Q♠ Q♠ Q♥ Q♥ Q♥ Q♥ Q♦ Q♦ Q♦ Q♦ J♠ "
    assert _offered(rules, low + "K♠ K♠ K♥ K♥ 10♠ 10♠ 10♥")
    assert not _offered(rules, low + "A♠ K♠ K♥ K♥ 10♠ 10♠ 10♥")  # an ace
    assert not _offered(rules, "Q♠ Q♠ Q♠ Q♠ Q♥ Q♥ Q♥ Q♥ Q♦ Q♦ Q♦ Q♦ K♠ K♠ K♠ K♥ K♥ 10♠ 10♠ 10♥")


def test_a_called_misdeal_redeals_with_the_same_dealer() -> None:
    rules = _with("pinochlerun", "five-nines")
    state = _deal(rules, FIVE_NINES, dealer=0)
    assert legal_actions(state) == (KeepHand(), CallMisdeal())
    after = apply(state, CallMisdeal())
    assert after.hand.number == 1
    assert after.hand.dealer == 0
    assert after.hand.dealer_person == 0
    assert after.phase is Phase.MISDEAL
    assert after.to_act == 1
    assert after.results == ()
    assert after.scores == (0, 0)
    assert after.hands != state.hands


def test_a_hand_that_does_not_qualify_may_only_keep() -> None:
    rules = _with("pinochlerun", "five-nines")
    state = _deal(rules, FOUR_NINES)
    assert legal_actions(state) == (KeepHand(),)
    with pytest.raises(IllegalActionError, match="no misdeal under 'five-nines'"):
        apply(state, CallMisdeal())
    with pytest.raises(IllegalActionError, match="keep their hands or call a misdeal"):
        apply(state, pn.Pass())


def test_everyone_keeps_then_the_auction_starts_on_the_dealers_left() -> None:
    rules = _with("pinochlerun", "five-nines")
    state = _deal(rules, FIVE_NINES, dealer=0)
    for seat in (1, 2, 3, 0):  # from the dealer's left round to the dealer
        assert state.phase is Phase.MISDEAL
        assert state.to_act == seat
        state = apply(state, KeepHand())
    assert state.phase is Phase.AUCTION
    assert state.to_act == 1
    assert state.hand.number == 0


def test_the_variant_refuses_nines_misdeals_without_nines() -> None:
    with pytest.raises(VariantError, match=r"deal\.misdeal"):
        _with("pagat-double-deck", "five-nines")


def test_being_asked_reveals_nothing_and_samples_match() -> None:
    """Every seat is asked in turn, whatever it holds; a sampled state looks the same."""
    rules = _with("pinochlerun", "five-nines")
    state = _deal(rules, FIVE_NINES)
    for _ in range(4):
        for seat in range(4):
            view = observe(state, seat)
            assert view.phase is Phase.MISDEAL
            assert observe(sample_state(view, random.Random(seat)), seat) == view
        state = apply(state, KeepHand())


def test_three_hand_kitty_stays_face_down_during_the_misdeal_round() -> None:
    rules = _with("wikipedia-three-hand", "five-nines")
    state = new_game(rules, seed=4)
    assert state.phase is Phase.MISDEAL
    view = observe(state, 1)
    assert view.kitty == ()
    assert observe(sample_state(view, random.Random(1)), 1) == view


def test_a_game_with_misdeals_replays_from_its_record() -> None:
    rules = _with("pinochlerun", "five-nines")
    state = apply(_deal(rules, FIVE_NINES), CallMisdeal())
    for _ in range(4):
        state = apply(state, legal_actions(state)[0])
    assert record_of(state).actions[0] == CallMisdeal()
    assert replay(record_of(state)) == state


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "expert"])
def test_every_bot_answers_the_misdeal_round(level: str) -> None:
    from pinochle.bots import make_bot

    rules = _with("pinochlerun", "five-nines")
    bot = make_bot(level, seed=1)
    state = _deal(rules, FIVE_NINES)
    for _ in range(4):
        view = observe(state, state.to_act or 0)
        action = bot.choose(view)
        assert action in view.legal_actions
        state = apply(state, action)
        if state.hand.number:
            break


def test_hard_throws_in_a_weak_five_nines_and_keeps_a_strong_one() -> None:
    from pinochle.bots import make_bot

    rules = _with("pinochlerun", "five-nines")
    hard = make_bot("hard", seed=1)
    weak = observe(_deal(rules, FIVE_NINES), 1)
    assert hard.choose(weak) == CallMisdeal()
    strong = observe(_deal(rules, "9♠ 9♠ 9♥ 9♥ 9♦ A♠ 10♠ K♠ Q♠ J♠ K♥ Q♥"), 1)  # a run
    assert hard.choose(strong) == KeepHand()


def test_the_demo_tells_of_a_misdeal() -> None:
    from pinochle.demo import play_demo

    rules = _with("pinochlerun", "five-nines")
    out = io.StringIO()
    play_demo(rules, seed=1, out=out, max_hands=1)  # seed 1: South holds five nines
    assert re.search(
        r"^Hand 1: South calls a misdeal, showing .*9.*; North deals again$", out.getvalue(), re.M
    )


def test_pinochle_play_asks_only_a_qualifying_person() -> None:
    from pinochle.play import play_game

    rules = _with("pinochlerun", "five-nines")
    screen = io.StringIO()
    # Seed 116: South (you) holds five nines; answer the misdeal question, then quit.
    play_game(rules, level="easy", seed=116, stdin=io.StringIO("misdeal\nquit\n"), stdout=screen)
    text = screen.getvalue()
    assert "may be thrown in as a misdeal" in text
    assert "You call a misdeal, showing 9♠ 9♥ 9♦ 9♦ 9♣: the same dealer deals again." in text
    assert text.count("Hand 2: East deals") == 1  # the same dealer
    # Seed 1: West calls a misdeal; you never qualify, so you are never asked (you keep).
    screen = io.StringIO()
    play_game(rules, level="easy", seed=1, stdin=io.StringIO("quit\n"), stdout=screen)
    text = screen.getvalue()
    assert "West calls a misdeal, showing" in text
    assert "may be thrown in" not in text


# --- Every invariant, with the issue 12 auction keys on random house profiles -------------


@settings(max_examples=12, deadline=None)
@given(
    house=variants(),
    misdeal=st.sampled_from(["five-nines", "five-nines-no-ace", "six-nines-one-ace", "technical"]),
    must_open=st.booleans(),
    throw_in_at=st.sampled_from(["after-meld", "after-trump"]),
    seed=st.integers(0, 2**16),
)
def test_random_houses_with_the_new_keys_keep_every_invariant(
    house: Variant, misdeal: str, must_open: bool, throw_in_at: str, seed: int
) -> None:
    if house.deal.deck is not pn.DeckKind.SINGLE:
        misdeal = "technical"
    # Five hands play every hand out (rules/deck-and-deal#five-hands): no throw-in there.
    throw_in = house.deal.partner is Partner.NONE
    rules = house.override(
        {
            "deal": {"misdeal": misdeal},
            "bidding": {"meld_must_open": must_open},
            "settlement": {"throw_in": throw_in, "throw_in_at": throw_in_at},
        }
    )
    report = check_variant(rules, games=2, seed=seed, max_hands=3)
    report.raise_if_failed()
