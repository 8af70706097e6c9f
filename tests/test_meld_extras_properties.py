"""Properties of the extra melds and checks over random hands and random games.

Each property is checked against a small oracle written from the rules (card counts), not
against the meld tables: grand pinochle adds 2 exactly when one pinochle and a K♠ are held,
the roundhouse bonus once per roundhouse, the checks as rules/settlement#checks lists them,
a winning quadruple exactly when four copies are held.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle.cards import Card, Rank, Suit
from pinochle.meld import highest_meld, meld_totals, score_meld
from pinochle.scoring import Outcome
from pinochle.testing import games, hands, trumps
from pinochle.variant import load_variant

SINGLE = load_variant("pinochlerun")
GRAND = SINGLE.override({"meld": {"grand_pinochle": True}})
BONUS = SINGLE.override({"meld": {"roundhouse_bonus": 1}})
WP_CHECKS = {
    "run": 1,
    "aces": 1,
    "roundhouse": 2,
    "double_marriage": 1,
    "double_pinochle": 1,
    "double_around": 2,
    "seven_nines": 5,
    "game": 5,
    "lost_after_talon": -1,
    "lost_playing": -1,
}
CHECK = load_variant("wikipedia-three-hand").override({"checks": WP_CHECKS})
NO_CHECKS = load_variant("wikipedia-three-hand")
DOUBLE = load_variant("pagat-double-deck")
WINS = DOUBLE.override({"meld": {"quadruple_wins": ["run", "royal-marriage", "pinochle"]}})

QS, JD, KS = (
    Card(Suit.SPADES, Rank.QUEEN),
    Card(Suit.DIAMONDS, Rank.JACK),
    Card(Suit.SPADES, Rank.KING),
)
RUN = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


def around(held: Counter[Card], rank: Rank) -> int:
    return min(held[Card(suit, rank)] for suit in Suit)


@settings(max_examples=150, deadline=None)
@given(cards=hands(SINGLE, max_size=15), trump=trumps())
def test_grand_pinochle_adds_two_exactly_for_a_lone_pinochle_with_the_king(
    cards: tuple[Card, ...], trump: Suit | None
) -> None:
    held = Counter(cards)
    pinochles = min(held[QS], held[JD])
    gain = 2 if pinochles == 1 and held[KS] else 0  # a double pinochle (30) beats 6 + 4
    assert score_meld(cards, trump, GRAND).total == score_meld(cards, trump, SINGLE).total + gain
    totals = meld_totals(cards, GRAND)
    assert totals[trump] == score_meld(cards, trump, GRAND).total
    assert totals[trump] <= highest_meld(GRAND, len(cards))


@settings(max_examples=150, deadline=None)
@given(cards=hands(SINGLE, max_size=18), trump=trumps())
def test_the_roundhouse_bonus_is_one_for_each_roundhouse(
    cards: tuple[Card, ...], trump: Suit | None
) -> None:
    held = Counter(cards)
    roundhouses = min(around(held, Rank.KING), around(held, Rank.QUEEN))
    assert score_meld(cards, trump, BONUS).total == score_meld(cards, trump, SINGLE).total + (
        roundhouses
    )
    assert score_meld(cards, trump, BONUS).total <= highest_meld(BONUS, len(cards))


def oracle_checks(cards: Sequence[Card], trump: Suit | None) -> int:
    """The checks for meld, from rules/settlement#checks and WP's numbers."""
    held = Counter(cards)
    count = 0
    for suit in Suit:
        pairs = min(held[Card(suit, Rank.KING)], held[Card(suit, Rank.QUEEN)])
        runs = min(held[Card(suit, r)] for r in RUN) if suit is trump else 0
        count += 1 if runs else 0  # flush or run
        count += 1 if pairs - runs >= 2 else 0  # double marriage
    arounds = [around(held, rank) for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)]
    count += 1 if arounds[0] == 1 else 0  # aces
    count += 2 * sum(n >= 2 for n in arounds)  # double aces, kings, queens, jacks
    count += 2 if arounds[1] and arounds[2] else 0  # roundtable
    count += 1 if min(held[QS], held[JD]) >= 2 else 0  # double pinochle
    nines = sum(held[Card(suit, Rank.NINE)] for suit in Suit)
    return count + (5 if nines >= 7 else 0)


@settings(max_examples=200, deadline=None)
@given(cards=hands(CHECK, max_size=18), trump=trumps())
def test_the_checks_for_meld_follow_the_rules(cards: tuple[Card, ...], trump: Suit | None) -> None:
    assert score_meld(cards, trump, CHECK).checks == oracle_checks(cards, trump)
    assert score_meld(cards, trump, CHECK).total == score_meld(cards, trump, NO_CHECKS).total


@settings(max_examples=150, deadline=None)
@given(cards=hands(WINS, min_size=20, max_size=20), trump=trumps())
def test_a_quadruple_wins_exactly_when_all_four_copies_are_held(
    cards: tuple[Card, ...], trump: Suit | None
) -> None:
    held = Counter(cards)
    won = score_meld(cards, trump, WINS).wins
    full_run = trump is not None and all(held[Card(trump, r)] == 4 for r in RUN)
    full_royal = trump is not None and all(held[Card(trump, r)] == 4 for r in RUN[2:4])
    expected = (
        "quadruple run"
        if full_run
        else "quadruple royal marriage"
        if full_royal
        else "quadruple pinochle"
        if held[QS] == 4 and held[JD] == 4
        else None
    )
    assert won == expected
    assert score_meld(cards, trump, WINS).total <= highest_meld(WINS, len(cards))


def hand_quadruple(length: int) -> st.SearchStrategy[tuple[Card, ...]]:
    """Double-deck hands holding every Q♠ and J♦, so that the win is not rare."""
    rest = hands(DOUBLE, max_size=length - 8).filter(lambda cards: not (set(cards) & {QS, JD}))
    return rest.map(lambda cards: (*cards, *[QS] * 4, *[JD] * 4))


@settings(max_examples=60, deadline=None)
@given(cards=hand_quadruple(20), trump=trumps())
def test_a_quadruple_pinochle_is_melded_whole(cards: tuple[Card, ...], trump: Suit | None) -> None:
    meld = score_meld(cards, trump, WINS)
    assert meld.wins is not None
    assert sum(1 for card in meld.cards if card in (QS, JD)) == 8


@settings(max_examples=25, deadline=None)
@given(state=games(CHECK, max_actions=200))
def test_random_check_games_settle_checks_by_the_rules(state: pn.State) -> None:
    if not state.results:
        return
    result = state.results[-1]
    assert len(result.checks) == CHECK.sides
    assert sum(result.check_payments) == 0
    hand = state.game.last_hand
    assert hand is not None
    expected = [0] * CHECK.sides
    for seat, meld in enumerate(hand.melds):
        if meld is not None:
            expected[state.side_of(seat)] += meld.checks
    if result.bidder is not None and result.outcome in (
        Outcome.SET,
        Outcome.THROWN_IN,
        Outcome.NOT_ON_BOARD,
        Outcome.NO_MARRIAGE,
    ):
        expected[result.bidder] -= 2 if result.outcome is Outcome.SET else 1
    if state.is_over and state.winner is not None:
        expected[state.winner] += 5
    assert result.checks == tuple(expected)


@settings(max_examples=15, deadline=None)
@given(state=games(WINS, max_actions=120))
def test_random_games_with_winning_quadruples_end_only_by_the_rules(state: pn.State) -> None:
    hand = state.game.last_hand
    if hand is None:
        return
    winners = {state.side_of(seat) for seat, m in enumerate(hand.melds) if m and m.wins}
    if winners:
        assert state.is_over
        assert state.winner in winners
