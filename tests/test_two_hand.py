"""Two-hand pinochle (bicycle-two-handed) through the engine, against rules/two-hand (the stock
game), rules/two-hand#final-phase (the final phase's obligations), rules/counting#rounding
(classic count, rounded), rules/two-hand#choice-final-phase-heading and
rules/two-hand#choice-last-stock-cards.

Positions come from given hands: ``new_game(v, seed, hands=...)`` shuffles the rest of the
deck from the seed, so a seed is picked for the turned-up card a test needs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from pinochle import (
    Card,
    IllegalActionError,
    Outcome,
    Phase,
    Play,
    Rank,
    State,
    Suit,
    apply,
    card_points,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    observe,
    parse_cards,
)
from pinochle.actions import Action, Declare, Draw, ExchangeDix

V = load_variant("bicycle-two-handed")
H = Suit.HEARTS

# The dealer (seat 0) holds a heart run, the dix and the spade marriage; the non-dealer holds
# the twin K♥ Q♥, so no draw can give the dealer a second royal marriage.
DEALER = parse_cards("A♥ 10♥ K♥ Q♥ J♥ 9♥ A♣ A♠ 10♠ K♠ Q♠ J♠")
ELDER = parse_cards("K♥ Q♥ 9♣ 9♣ 9♠ 9♠ 9♦ 9♦ J♣ J♣ J♦ Q♣")
RUN = parse_cards("A♥ 10♥ K♥ Q♥ J♥")
ROYAL = parse_cards("K♥ Q♥")


def card(text: str) -> Card:
    (found,) = parse_cards(text)
    return found


def seed_where(
    test: Callable[[State], bool], hands: tuple[tuple[Card, ...], ...] | None = None
) -> State:
    """The game from the first seed whose deal passes ``test``."""
    for seed in range(500):
        state = new_game(V, seed, hands=hands) if hands is not None else new_game(V, seed)
        if test(state):
            return state
    raise AssertionError("no seed found")  # pragma: no cover


def hearts_game() -> State:
    """The two hands above with a heart, not the dix, turned up."""

    def fits(s: State) -> bool:
        up = s.hand.turn_up
        return up is not None and up.suit is H and up.rank is not Rank.NINE

    return seed_where(fits, (DEALER, ELDER))


def win_first_trick(state: State) -> State:
    """The non-dealer leads 9♣, the dealer takes it with A♣ (any card may be played)."""
    state = apply(state, Play(card("9♣")))
    return apply(state, Play(card("A♣")))


def win_second_trick(state: State) -> State:
    """The dealer leads A♠, the non-dealer throws 9♦: the dealer wins again."""
    state = apply(state, Play(card("A♠")))
    return apply(state, Play(card("9♦")))


def declare(state: State, kind: str, cards: tuple[Card, ...]) -> State:
    action = Declare(kind, cards)
    assert action in legal_actions(state)
    return apply(state, action)


def kinds(state: State) -> set[str]:
    return {a.kind for a in legal_actions(state) if isinstance(a, Declare)}


# --- The deal (rules/deck-and-deal#hands, rules/two-hand#setup) -----------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_deal_turns_up_trump_over_a_23_card_stock(seed: int) -> None:
    """13.1: 12 each, the next card face up for trump, the rest (23) face down; the
    non-dealer leads; the turned-up card and the stock complete the deck."""
    state = new_game(V, seed)
    hand = state.hand
    assert [len(h) for h in state.hands] == [12, 12]
    assert hand.turn_up is not None
    assert hand.turned_up == hand.turn_up
    assert hand.trump is hand.turn_up.suit
    assert len(hand.stock) == 23
    everything = Counter([*state.hands[0], *state.hands[1], *hand.stock, hand.turn_up])
    assert everything == Counter(make_deck(V.deal.deck))
    assert state.phase is Phase.TRICKS
    assert state.to_act == 1
    assert hand.bidder is None


def test_the_dealer_scores_a_turned_up_dix() -> None:
    """13.1: the dealer scores 10 when the turned card is a dix; nobody can exchange it."""
    state = seed_where(lambda s: s.hand.turn_up is not None and s.hand.turn_up.rank is Rank.NINE)
    assert state.hand.meld_points == (10, 0)
    assert ExchangeDix() not in legal_actions(state)


# --- The stock phase (rules/two-hand#stock-phase) -------------------------------------------------


def test_any_card_may_be_played_while_the_stock_lasts() -> None:
    """13.2: no obligation to follow suit or to trump: the dealer holding A♣ and trumps may
    answer a club lead with any card."""
    state = apply(hearts_game(), Play(card("9♣")))
    assert set(legal_actions(state)) == {Play(c) for c in DEALER}


def test_the_trick_winner_melds_then_both_draw_winner_first() -> None:
    """13.2: the winner may meld, then draws the top stock card; the loser the next."""
    state = win_first_trick(hearts_game())
    assert state.phase is Phase.MELD
    assert state.to_act == 0
    legal = legal_actions(state)
    assert Draw() in legal
    assert {"royal marriage", "run", "marriage", "dix"} <= kinds(state)
    top, second = state.hand.stock[:2]
    held = [Counter(h) for h in state.hands]
    after = apply(state, Draw())
    assert after.phase is Phase.TRICKS
    assert after.to_act == 0
    assert Counter(after.hands[0]) == held[0] + Counter([top])
    assert Counter(after.hands[1]) == held[1] + Counter([second])
    assert after.hand.stock == state.hand.stock[2:]


def test_one_meld_per_turn() -> None:
    """13.2: one meld per turn: after the royal marriage the run waits for the next trick."""
    state = declare(win_first_trick(hearts_game()), "royal marriage", ROYAL)
    assert "run" not in kinds(state)
    assert Draw() in legal_actions(state)


def test_a_royal_marriage_then_the_run_reusing_its_king_and_queen() -> None:
    """13.2: meld K-Q of trump as a royal marriage (40), later add A-10-J for the run (150)."""
    state = declare(win_first_trick(hearts_game()), "royal marriage", ROYAL)
    assert state.hand.meld_points == (40, 0)
    assert Counter(state.hand.table[0]) == Counter(ROYAL)
    state = win_second_trick(apply(state, Draw()))
    assert state.phase is Phase.MELD
    state = declare(state, "run", RUN)
    assert state.hand.meld_points == (40 + 150, 0)
    assert [m.points for m in state.hand.shown[0]] == [40, 150]
    assert Counter(state.hand.table[0]) == Counter(RUN)


def test_the_run_first_then_its_royal_marriage_is_not_offered() -> None:
    """13.2: the reverse (run first, then its K-Q as a royal marriage) scores nothing extra."""
    state = declare(win_first_trick(hearts_game()), "run", RUN)
    assert state.hand.meld_points == (150, 0)
    state = win_second_trick(apply(state, Draw()))
    assert state.phase is Phase.MELD
    assert "royal marriage" not in kinds(state)
    assert Declare("royal marriage", ROYAL) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="not a meld you may declare now"):
        apply(state, Declare("royal marriage", ROYAL))


def test_melded_cards_stay_on_the_table_and_can_be_played() -> None:
    """13.2: melded cards stay face up, still belong to the hand, and may be led; the
    opponent sees them."""
    state = apply(declare(win_first_trick(hearts_game()), "royal marriage", ROYAL), Draw())
    view = observe(state, 1)
    assert Counter(view.table[0]) == Counter(ROYAL)
    assert view.shown[0][0].kind == "royal marriage"
    assert Play(card("K♥")) in legal_actions(state)
    state = apply(state, Play(card("K♥")))
    assert state.hand.table[0] == (card("Q♥"),)
    assert card("K♥") not in state.hands[0]


def test_the_dix_exchange() -> None:
    """13.2: the trick winner holding the dix exchanges it for the turned-up card and scores
    10; the 9 lies under the stock as the new turn-up, and another meld may follow."""
    state = win_first_trick(hearts_game())
    up = state.hand.turn_up
    assert up is not None
    assert ExchangeDix() in legal_actions(state)
    after = apply(state, ExchangeDix())
    dix = card("9♥")
    assert after.hand.turn_up == dix
    assert after.hand.turned_up == up  # the deal's record is unchanged
    assert Counter(after.hands[0]) == Counter(state.hands[0]) - Counter([dix]) + Counter([up])
    assert after.hand.meld_points == (10, 0)
    assert [m.kind for m in after.hand.shown[0]] == ["dix"]
    assert observe(after, 1).turn_up == dix
    assert ExchangeDix() not in legal_actions(after)
    assert "royal marriage" in kinds(after)  # the dix may accompany another meld


def test_the_non_holder_cannot_exchange() -> None:
    """13.2: only the holder of the dix may exchange it: the non-dealer wins a trick without one."""
    state = apply(apply(hearts_game(), Play(card("J♣"))), Play(card("J♠")))
    assert state.phase is Phase.MELD
    assert state.to_act == 1
    assert ExchangeDix() not in legal_actions(state)
    with pytest.raises(IllegalActionError):
        apply(state, ExchangeDix())


# --- Playing the hand out -------------------------------------------------------------------


def play_out(state: State, rng: random.Random, *, exchange: bool = True) -> list[State]:
    """Every state to the end of the hand: random cards, the exchange when offered, draws."""
    states = [state]
    number = state.hand.number
    while state.hand.number == number and not state.is_over:
        legal = legal_actions(state)
        action: Action
        if state.phase is Phase.MELD:
            offered = [a for a in legal if not isinstance(a, Draw)]
            if exchange and ExchangeDix() in legal:
                action = ExchangeDix()
            elif offered and rng.random() < 0.5:
                action = rng.choice(offered)
            else:
                action = Draw()
        else:
            action = legal[rng.randrange(len(legal))]
        state = apply(state, action)
        states.append(state)
    return states


SEEDS = range(6)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_last_two_cards_and_the_table_cleared(seed: int) -> None:
    """13.2, 19.23: after the 12th trick the winner takes the last face-down card and the
    loser the turned-up card (the dix after an exchange); 13.3: the melds go back to the
    hands, and the winner leads the first of 12 more tricks."""
    states = play_out(new_game(V, seed), random.Random(seed))
    # The last draw: the state before it still has a turn-up, the state after has none.
    (i,) = [
        i
        for i in range(len(states) - 1)
        if states[i].hand.turn_up is not None and states[i + 1].hand.turn_up is None
    ]
    before, after = states[i], states[i + 1]
    assert after.actions[-1] == Draw()
    assert len(before.tricks) == 12
    assert len(before.hand.stock) == 1
    winner = before.to_act
    assert winner is not None
    turn_up = before.hand.turn_up
    assert turn_up is not None
    face_down = before.hand.stock[0]
    assert Counter(after.hands[winner]) == Counter(before.hands[winner]) + Counter([face_down])
    loser = 1 - winner
    assert Counter(after.hands[loser]) == Counter(before.hands[loser]) + Counter([turn_up])
    assert after.hand.stock == ()
    assert after.hand.table == ((), ())
    assert [len(h) for h in after.hands] == [12, 12]
    assert after.phase is Phase.TRICKS
    assert after.to_act == winner
    assert Phase.MELD not in {s.phase for s in states[i + 1 :]}


def expected_final_plays(hand: tuple[Card, ...], lead: Card, trump: Suit) -> set[Card]:
    """rules/two-hand#final-phase with rules/two-hand#choice-final-phase-heading: follow suit;
    beat a trump lead if possible; void, trump."""
    suited = [c for c in hand if c.suit is lead.suit]
    if suited:
        if lead.suit is trump:
            higher = [c for c in suited if c.rank > lead.rank]
            return set(higher or suited)
        return set(suited)
    trumps = [c for c in hand if c.suit is trump]
    return set(trumps or hand)


def test_the_final_phase_is_strict() -> None:
    """13.3, 19.22 (``play.beat = "trump-led"``): once the stock is gone the follower must
    follow suit, beat a trump lead if possible, trump when void; any other card is refused
    with the reason. Each duty is met at least once over the seeds."""
    seen: Counter[str] = Counter()
    for seed in range(12):
        for state in play_out(new_game(V, seed), random.Random(seed)):
            if state.phase is not Phase.TRICKS or state.hand.turn_up is not None:
                continue
            if len(state.trick) != 1:
                continue
            seat = state.to_act
            assert seat is not None
            trump = state.hand.trump
            assert trump is not None
            lead = state.trick[0][1]
            held = state.hands[seat]
            expected = expected_final_plays(held, lead, trump)
            assert {a.card for a in legal_actions(state) if isinstance(a, Play)} == expected
            if any(c.suit is lead.suit for c in held):
                seen["beat" if lead.suit is trump and expected != set(held) else "follow"] += 1
            elif any(c.suit is trump for c in held):
                seen["trump"] += 1
            for c in set(held) - expected:
                with pytest.raises(IllegalActionError, match=r"must (follow|beat|trump)"):
                    apply(state, Play(c))
    assert seen["follow"], seen
    assert seen["beat"], seen
    assert seen["trump"], seen


@pytest.mark.parametrize("seed", SEEDS)
def test_a_hand_scores_meld_and_rounded_classic_count(seed: int) -> None:
    """10: classic count, 10 for the last trick, 250 in all; 19.21: each total rounded to
    tens (7-9 up, 1-6 down); 13.4: no bid, each player scores meld + rounded points."""
    states = play_out(new_game(V, seed), random.Random(seed))
    before, after = states[-2], states[-1]
    tricks = after.game.last_tricks
    assert len(tricks) == 24
    last = tricks[-1]
    assert last.points == card_points([c for _, c in last.plays], V) + 10
    assert sum(t.points for t in tricks) == 250
    result = after.results[-1]
    assert result.outcome is Outcome.NO_BID
    assert result.bidder is None
    for seat in (0, 1):
        raw = sum(t.points for t in tricks if t.winner == seat)
        rounded = result.sides[seat].points
        assert rounded % 10 == 0
        assert rounded - raw in ((3, 2, 1) if raw % 10 >= 7 else (0, -1, -2, -3, -4, -5, -6))
        meld = before.hand.meld_points[seat]
        turned = before.hand.turned_up
        assert turned is not None
        dealer_dix = 10 if seat == 0 and turned.rank is Rank.NINE else 0
        assert meld == sum(m.points for m in before.hand.shown[seat]) + dealer_dix
        assert result.sides[seat].meld == meld
        assert result.sides[seat].score == meld + rounded
        assert after.scores[seat] == meld + rounded


def test_the_turned_up_dix_counts_in_the_dealers_score() -> None:
    """13.1: the dealer's 10 for a turned-up dix reaches the hand's settlement."""
    state = seed_where(lambda s: s.hand.turn_up is not None and s.hand.turn_up.rank is Rank.NINE)
    states = play_out(state, random.Random(0))
    before, after = states[-2], states[-1]
    shown = sum(m.points for m in before.hand.shown[0])
    assert after.results[-1].sides[0].meld == shown + 10


# --- Observations (rules/two-hand#stock-phase) ----------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_the_turn_up_and_the_table_are_public_the_stock_is_not(seed: int) -> None:
    """Both players see the turned-up card, every melded card and the stock's size; no
    observation field holds the stock or the opponent's hand."""
    for state in play_out(new_game(V, seed), random.Random(seed))[:-1]:
        for seat in (0, 1):
            view = observe(state, seat)
            assert view.turn_up == state.hand.turn_up
            assert view.table == state.hand.table
            assert view.shown == state.hand.shown
            assert view.stock_size == len(state.hand.stock)
            assert view.hand == state.hands[seat]
            assert view.kitty == view.buried == ()
            assert not hasattr(view, "stock")
