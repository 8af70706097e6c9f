"""``trump.dix_exchange = "first-holder"``: Parlett's three-hand dix exchange
(rules/three-hand#everyone-melds).

PAR: "Deal sixteen each in fours and turn the last for trump. The first player left of
dealer holding a dix may exchange it for the turned card, the dix then being taken by
dealer. This scores 10, so long as that player subsequently wins at least one trick."
"""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest

from pinochle import (
    Card,
    ExchangeDix,
    IllegalActionError,
    KeepDix,
    Phase,
    Play,
    Rank,
    State,
    Suit,
    VariantError,
    apply,
    knowledge,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    observe,
    parse_action,
    parse_cards,
    sample_state,
    score_meld,
    settle_play,
)
from pinochle.bots import make_bot
from pinochle.demo import play_demo
from pinochle.play import play_game
from pinochle.records import GameRecord, record_of, replay

PARLETT = load_variant("parlett-three-hand")
DEALER, ELDEST, THIRD = 0, 1, 2
DIX = parse_cards("9♠")[0]
TURNED = parse_cards("A♠")[0]

# The dealer's last card (with given hands: its highest card, A♠) is turned: spades trump.
# Eldest holds no dix; the third player and the dealer hold one each.
_DEALER = parse_cards("A♠ 9♠ K♥ Q♥ J♦ 9♦ 9♣ 9♣ J♣ J♣ Q♣ Q♣ J♥ 9♥ 9♥ 9♦")
_THIRD = parse_cards("9♠ A♥ A♦ A♣ K♠ Q♠ J♠ 10♠ 10♠ K♦ Q♦ 10♦ 10♣ K♣ 10♥ J♥")


def _deal() -> tuple[tuple[Card, ...], ...]:
    rest = Counter(make_deck("single")) - Counter(_DEALER) - Counter(_THIRD)
    eldest = tuple(sorted(rest.elements(), key=lambda c: c.index))
    return (_DEALER, eldest, _THIRD)


def _dealt() -> State:
    state = new_game(PARLETT, seed=4, dealer=DEALER, hands=_deal())
    assert (state.hand.turned_up, state.trump) == (TURNED, Suit.SPADES)
    return state


def test_the_first_holder_left_of_the_dealer_is_asked_before_meld() -> None:
    """PAR: eldest holds no dix, so the third player, the first holder, decides; nobody has
    melded yet."""
    state = _dealt()
    assert DIX not in state.hands[ELDEST]
    assert (state.phase, state.to_act) == (Phase.DIX_EXCHANGE, THIRD)
    assert set(legal_actions(state)) == {ExchangeDix(), KeepDix()}
    assert all(meld is None for meld in state.hand.melds)
    with pytest.raises(IllegalActionError, match="exchange the dix or keep it"):
        apply(state, Play(DIX))


def test_the_exchange_gives_the_dix_to_the_dealer_and_scores_it_for_the_exchanger() -> None:
    """PAR: "the dix then being taken by dealer. This scores 10": the exchanger holds the
    turned A♠ and scores 10 more; the dealer holds both dixes but scores only its own."""
    state = apply(_dealt(), ExchangeDix())
    assert state.phase is Phase.TRICKS
    assert state.to_act == ELDEST  # PAR: eldest leads
    assert TURNED in state.hands[THIRD]
    assert DIX not in state.hands[THIRD]
    assert state.hands[DEALER].count(DIX) == 2
    assert TURNED not in state.hands[DEALER] or _DEALER.count(TURNED) > 1
    third, dealer = state.hand.melds[THIRD], state.hand.melds[DEALER]
    assert third is not None
    assert dealer is not None
    assert third.total == score_meld(state.hands[THIRD], Suit.SPADES, PARLETT).total + 10
    assert [i.name for i in third.items][-1] == "dix exchange"
    assert [i.name for i in dealer.items].count("dix") == 1
    assert dealer.total == score_meld(_without(state.hands[DEALER]), Suit.SPADES, PARLETT).total


def _without(cards: tuple[Card, ...]) -> list[Card]:
    rest = list(cards)
    rest.remove(DIX)
    return rest


def test_the_exchange_scores_only_if_the_exchanger_wins_a_trick() -> None:
    """PAR: "so long as that player subsequently wins at least one trick"."""
    state = apply(_dealt(), ExchangeDix())
    meld = state.hand.melds[THIRD]
    assert meld is not None
    side = state.side_of(THIRD)
    no_trick = settle_play(state, (150, 100, 0), (10, 6, 0), (True, True, False))
    assert no_trick.scores[side] == 0
    one_trick = settle_play(state, (150, 90, 10), (10, 5, 1), (True, True, True))
    assert one_trick.scores[side] == meld.total + 10


def test_keeping_the_dix_melds_it_as_usual() -> None:
    state = apply(_dealt(), KeepDix())
    assert state.hand.dix_exchanger is None
    third = state.hand.melds[THIRD]
    assert third is not None
    assert third == score_meld(_THIRD, Suit.SPADES, PARLETT)
    assert TURNED in state.hands[DEALER]


def test_a_turned_dix_or_the_key_off_asks_nobody() -> None:
    """With the turned card a dix there is nothing to gain; with ``"none"`` (the default,
    cutthroat and Bicycle partnership profiles) the turned card stays with the dealer."""
    off = PARLETT.override({"trump": {"dix_exchange": "none"}})
    state = new_game(off, seed=4, dealer=DEALER, hands=_deal())
    assert state.phase is Phase.TRICKS
    for seed in range(200):
        state = new_game(PARLETT, seed=seed)
        turned = state.hand.turned_up
        assert turned is not None
        if turned.rank is Rank.NINE:
            assert state.phase is Phase.TRICKS
            break
    else:
        pytest.fail("no turned dix in 200 deals")


def test_the_key_needs_a_turned_trump_without_a_stock() -> None:
    with pytest.raises(VariantError, match=r"trump\.dix_exchange"):
        load_variant("cutthroat-3").override({"trump": {"dix_exchange": "first-holder"}})
    with pytest.raises(VariantError, match=r"trump\.dix_exchange"):
        load_variant("bicycle-two-handed").override({"trump": {"dix_exchange": "first-holder"}})


def test_everyone_sees_the_exchange_and_the_sampler_places_both_cards() -> None:
    """The turned card is public, so after the exchange every seat knows the exchanger holds
    it and the dealer the dix; a sampled world agrees with every seat's view."""
    state = apply(_dealt(), ExchangeDix())
    rng = random.Random(1)
    for seat in range(3):
        view = observe(state, seat)
        assert view.dix_exchanger == THIRD
        known = knowledge(view)
        if seat != THIRD:
            assert TURNED in known.holds[THIRD]
        if seat != DEALER:
            assert known.holds[DEALER].count(DIX) == 2
        for _ in range(5):
            sampled = sample_state(view, rng)
            assert observe(sampled, seat) == view
            assert TURNED in sampled.hands[THIRD]
            assert sampled.hands[DEALER].count(DIX) == 2


def test_while_the_holder_decides_the_sampler_gives_it_the_dix_and_earlier_seats_none() -> None:
    state = _dealt()
    rng = random.Random(2)
    for seat in (DEALER, ELDEST):
        view = observe(state, seat)
        for _ in range(10):
            sampled = sample_state(view, rng)
            assert observe(sampled, seat) == view
            assert DIX in sampled.hands[THIRD]
            assert DIX not in sampled.hands[ELDEST]
            assert set(legal_actions(sampled)) == {ExchangeDix(), KeepDix()}


def test_the_actions_read_back_and_the_record_replays() -> None:
    for action in (ExchangeDix(), KeepDix()):
        assert parse_action(str(action)) == action
    state = _dealt()
    bots = [make_bot("hard", seed=s) for s in range(3)]
    while state.hand.number == 0 and not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = apply(state, bots[seat].choose(observe(state, seat)))
    record = record_of(state)
    assert replay(GameRecord.from_json(record.to_json())) == state


def test_pinochle_play_asks_the_person_and_narrates_the_exchange() -> None:
    """`pinochle play`, seed 0: the person holds a dix, the turned card is 10♠."""
    screen = io.StringIO()
    play_game(PARLETT, level="easy", seed=0, stdin=io.StringIO("1\n"), stdout=screen)
    out = screen.getvalue()
    assert "You hold the dix: exchange it for the turned-up 10♠" in out
    assert "1) exchange dix   2) keep dix" in out
    assert "You exchange the dix for the turned-up 10♠" in out
    assert "dix exchange 10" in out


def test_the_demo_narrates_the_exchange() -> None:
    screen = io.StringIO()
    play_demo(PARLETT, seed=0, out=screen, max_hands=2, level="easy")
    assert "exchanges the dix for the turned-up" in screen.getvalue()
