"""Two-hand variants of rules/two-hand#last-cards: the winner's choice at the last draw
(``stock.last_draw``, 19.23) and the first dix that must be exchanged
(``stock.first_dix_exchanged``).

Familyeducation's two-hand page: "When there is just one card left in the stock pile, plus
the face-up trump card ..., the winner of the trick may choose to take either card", and
"The first dix to be melded must be done so by exchanging it for the face-up trump card ...
Even if the card is the other dix, it must still be exchanged."
"""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle import (
    Card,
    Declare,
    Draw,
    ExchangeDix,
    IllegalActionError,
    Phase,
    Play,
    State,
    TakeTurnUp,
    Variant,
    VariantError,
    apply,
    knowledge,
    legal_actions,
    load_variant,
    new_game,
    observe,
    parse_action,
    parse_cards,
    sample_state,
)
from pinochle.bots import make_bot
from pinochle.checking import check_variant
from pinochle.demo import play_demo
from pinochle.testing import games

BC2 = load_variant("bicycle-two-handed")
CHOOSES = BC2.override({"stock": {"last_draw": "winner-chooses"}})
FIRST_EXCHANGED = BC2.override({"stock": {"first_dix_exchanged": True}})

DEALER = parse_cards("A♥ 10♥ K♥ Q♥ J♥ 9♥ A♣ A♠ 10♠ K♠ Q♠ J♠")
ELDER = parse_cards("K♥ Q♥ 9♣ 9♣ 9♠ 9♠ 9♦ 9♦ J♣ J♣ J♦ Q♣")


def card(text: str) -> Card:
    (found,) = parse_cards(text)
    return found


def to_last_draw(state: State, rng: random.Random) -> State:
    """Random cards and plain draws until the winner of the 12th trick is to draw."""
    while not (state.phase is Phase.MELD and len(state.hand.stock) == 1):
        legal = legal_actions(state)
        state = apply(state, Draw() if state.phase is Phase.MELD else rng.choice(list(legal)))
    return state


# --- stock.last_draw ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_the_winner_may_take_the_turn_up_and_the_loser_gets_the_last_card(seed: int) -> None:
    """13.2 (dorogaved, familyeducation): at the last draw the winner takes either card; the
    loser gets the other. The turn-up is public, so both know where it went."""
    state = to_last_draw(new_game(CHOOSES, seed), random.Random(seed))
    winner = state.to_act
    assert winner is not None
    loser = 1 - winner
    legal = legal_actions(state)
    assert TakeTurnUp() in legal
    assert legal[-1] == Draw()
    turn_up, face_down = state.hand.turn_up, state.hand.stock[0]
    assert turn_up is not None
    after = apply(state, TakeTurnUp())
    assert Counter(after.hands[winner]) == Counter(state.hands[winner]) + Counter([turn_up])
    assert Counter(after.hands[loser]) == Counter(state.hands[loser]) + Counter([face_down])
    assert (after.phase, after.to_act) == (Phase.TRICKS, winner)
    assert after.hand.last_turn_up == (winner, turn_up)
    view = observe(after, loser)
    assert view.last_turn_up == (winner, turn_up)
    assert turn_up in knowledge(view).holds[winner]
    rng = random.Random(seed)
    for seat in (0, 1):
        for _ in range(5):
            sampled = sample_state(observe(after, seat), rng)
            assert observe(sampled, seat) == observe(after, seat)
            if seat == loser:
                assert turn_up in sampled.hands[winner]


@pytest.mark.parametrize("seed", range(4))
def test_bc2_gives_the_winner_the_face_down_card(seed: int) -> None:
    """19.23, BC-2 (the default): the winner takes the face-down card; no choice is offered,
    and taking the turn-up is refused."""
    state = to_last_draw(new_game(BC2, seed), random.Random(seed))
    assert TakeTurnUp() not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="only the last draw may take the turn-up"):
        apply(state, TakeTurnUp())
    winner = state.to_act
    assert winner is not None
    after = apply(state, Draw())
    assert after.hand.last_turn_up == (1 - winner, state.hand.turn_up)


def test_the_turn_up_is_only_taken_at_the_last_draw() -> None:
    state = apply(
        apply(new_game(CHOOSES, 3, hands=(DEALER, ELDER)), Play(card("9♣"))), Play(card("A♣"))
    )
    assert state.phase is Phase.MELD
    assert len(state.hand.stock) > 1
    assert TakeTurnUp() not in legal_actions(state)
    with pytest.raises(IllegalActionError):
        apply(state, TakeTurnUp())


def test_take_turn_up_reads_back() -> None:
    assert str(TakeTurnUp()) == "draw turn-up"
    assert parse_action("draw turn-up") == TakeTurnUp()


# --- stock.first_dix_exchanged -------------------------------------------------------------


def _dealer_wins_first_trick(variant_seed: int = 3) -> State:
    state = new_game(FIRST_EXCHANGED, variant_seed, hands=(DEALER, ELDER))
    return apply(apply(state, Play(card("9♣"))), Play(card("A♣")))


def test_the_first_dix_is_melded_only_by_exchanging_it() -> None:
    """Familyeducation: "The first dix to be melded must be done so by exchanging it for the
    face-up trump card": the dealer holding 9♥ (10♥ turned) may not declare it."""
    state = _dealer_wins_first_trick()
    assert state.hand.turn_up == card("10♥")
    legal = legal_actions(state)
    assert ExchangeDix() in legal
    assert Declare("dix", (card("9♥"),)) not in legal
    with pytest.raises(IllegalActionError):
        apply(state, Declare("dix", (card("9♥"),)))
    after = apply(state, ExchangeDix())
    assert after.hand.meld_points == (10, 0)
    plain = apply(
        apply(new_game(BC2, 3, hands=(DEALER, ELDER)), Play(card("9♣"))), Play(card("A♣"))
    )
    assert Declare("dix", (card("9♥"),)) in legal_actions(plain)


def test_even_a_turned_dix_must_be_exchanged_first_then_the_second_is_declared() -> None:
    """Familyeducation: "Even if the card is the other dix, it must still be exchanged";
    the second dix is then declared as usual."""
    hands = (parse_cards("9♥ A♣ A♠ 10♠ K♠ Q♠ J♠ A♦ 10♦ K♦ Q♦ J♦"), ELDER)
    for seed in range(500):
        state = new_game(FIRST_EXCHANGED, seed, hands=hands)
        if state.hand.turn_up == card("9♥"):
            break
    else:
        pytest.fail("no seed turns up the other 9♥")
    state = apply(apply(state, Play(card("9♣"))), Play(card("A♣")))
    assert ExchangeDix() in legal_actions(state)
    assert Declare("dix", (card("9♥"),)) not in legal_actions(state)
    after = apply(state, ExchangeDix())
    assert after.hand.turn_up == card("9♥")
    assert [m.kind for m in after.hand.shown[0]] == ["dix"]
    assert ExchangeDix() not in legal_actions(after)


def test_first_dix_exchanged_needs_exchanges() -> None:
    with pytest.raises(VariantError, match=r"stock\.first_dix_exchanged"):
        BC2.override({"stock": {"first_dix_exchanged": True, "dix_exchange": False}})


# --- Everything that must cope with the new decisions ---------------------------------------

BOTH = BC2.override({"stock": {"last_draw": "winner-chooses", "first_dix_exchanged": True}})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(BOTH, max_actions=120), seed=st.integers(0, 2**32))
def test_sampled_worlds_agree_under_both_keys(game: State, seed: int) -> None:
    rng = random.Random(seed)
    for seat in (0, 1):
        view = observe(game, seat)
        assert observe(sample_state(view, rng), seat) == view


def test_every_bot_level_plays_a_hand_under_both_keys() -> None:
    for level in ("random", "easy", "medium", "hard", "expert"):
        state = new_game(BOTH, 5)
        bots = [make_bot(level, seed=s) for s in (0, 1)]
        while state.hand.number == 0 and not state.is_over:
            seat = state.to_act
            assert seat is not None
            state = apply(state, bots[seat].choose(observe(state, seat)))
        assert state.results, level


def test_the_house_rules_check_holds_under_both_keys() -> None:
    report = check_variant(BOTH, games=4, max_hands=2)
    assert report.ok, report


def _last_draw(variant: Variant) -> list[str]:
    """The demo's line for the last draw of a seeded hand, split into the two draws."""
    screen = io.StringIO()
    play_demo(variant, seed=1, out=screen, max_hands=1, ascii=True)
    lines = screen.getvalue().splitlines()
    line = next(line for line in lines if " draws " in line and "the turned-up" in line)
    return line.strip().split("; ")


def test_the_demo_narrates_who_takes_the_turn_up_at_the_last_draw() -> None:
    # BC-2: the winner draws the last face-down card, the loser the turned-up one.
    winner, loser = _last_draw(BC2)
    assert "the turned-up" not in winner
    assert "draws the turned-up" in loser
    # Winner chooses: the narration says which card each took, whichever the winner chose.
    draws = _last_draw(CHOOSES)
    assert len(draws) == 2
    assert sum("the turned-up" in d for d in draws) == 1
