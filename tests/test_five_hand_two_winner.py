"""Five hands with two bid winners (issue 32, point 1): the house notes' double-deck game.

EF, "5 Handed Pinochle Notes" (rules/deck-and-deal#two-winners,
rules/settlement#defenders-pool): "Double deck without nines is used. Bidding starts at 35.
After the bid is won the winner asks for a card starting with the person on their Right.
The two bid winners: Both get all their melt. Both get all their tricks. The three non-bid
partners: Each gets only their own melt. All three gets all their tricks." Keys:
``deal.partner = "asked"`` and ``settlement.defenders_pool_tricks``; profile
``five-hand-two-winner``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle.bots import LEVELS, make_bot
from pinochle.cards import make_deck
from pinochle.errors import VariantError
from pinochle.sheet import ScoreSheet
from pinochle.testing import check_variant, games, variants

TWO = pn.load_variant("five-hand-two-winner")


def card(text: str) -> pn.Card:
    (found,) = pn.parse_cards(text)
    return found


def _deal(holders: dict[int, int], asked: str = "AH") -> list[list[pn.Card]]:
    """Five hands of 16 where seat ``s`` holds ``holders[s]`` copies of ``asked``."""
    deck = list(make_deck("double"))
    copies = [c for c in deck if c == card(asked)]
    rest = [c for c in deck if c != card(asked)]
    hands: list[list[pn.Card]] = [[] for _ in range(5)]
    for seat, n in holders.items():
        hands[seat] = [copies.pop() for _ in range(n)]
    for seat in range(5):
        while len(hands[seat]) < 16:
            hands[seat].append(rest.pop())
    return hands


def _to_ask(hands: Sequence[Sequence[pn.Card]] | None = None, seed: int = 3) -> pn.State:
    """At the bidder's ask: seat 1 (the dealer's left) bids 35, all pass, hearts trump."""
    state = pn.new_game(TWO, seed=seed, hands=hands)
    state = pn.apply(state, pn.Bid(35))
    while state.phase is pn.Phase.AUCTION:
        state = pn.apply(state, pn.Pass())
    assert state.hand.bidder == 1
    return pn.apply(state, pn.NameTrump("H"))


def _states(state: pn.State, seed: int) -> Iterator[pn.State]:
    rng = random.Random(seed)
    hand = state.hand.number
    yield state
    while not state.is_over and state.hand.number == hand:
        state = pn.apply(state, rng.choice(pn.legal_actions(state)))
        yield state


# --- The profile ------------------------------------------------------------------------


def test_the_profile_is_the_notes_game() -> None:
    """EF: "Double deck without nines is used. Bidding starts at 35." Five players, 16 each."""
    assert TWO.deal.deck is pn.DeckKind.DOUBLE
    assert (TWO.deal.players, TWO.deal.hand, TWO.deal.kitty) == (5, 16, 0)
    assert TWO.bidding.minimum == 35
    assert TWO.deal.partner is pn.variant.Partner.ASKED
    assert TWO.settlement.defenders_pool_tricks


def test_the_meld_is_the_notes_table() -> None:
    """EF: "Double Marriages are 30, Triple Marriages are 60 and Quad Marriages are 90. This
    is addition to a run or anything else. Triple Pinochle is either 45 or 90 [...] Quad
    Pinochle is 500 points.\""""
    values = pn.meld_values(TWO)
    assert values["marriage"] == (2, 30, 60, 90)
    assert values["royal_marriage"] == (4, 30, 60, 90)
    assert values["pinochle"] == (4, 30, 45, 500)
    assert pn.score_meld(pn.parse_cards("QS QS QS QS JD JD JD JD"), None, TWO).total == 500
    assert pn.score_meld(pn.parse_cards("KC KC QC QC"), None, TWO).total == 30
    # A run and a spare K Q of trump: the run plus a double royal marriage, 15 + 30.
    run = pn.parse_cards("AH TH KH QH JH KH QH")
    assert pn.score_meld(run, pn.Suit.HEARTS, TWO).total == 45


def test_the_pool_needs_a_called_or_asked_partner() -> None:
    with pytest.raises(VariantError, match=r"settlement\.defenders_pool_tricks"):
        pn.load_variant("pagat-double-deck").override(
            {"settlement": {"defenders_pool_tricks": True}}
        )
    with pytest.raises(VariantError, match="an asked partner is a five-hand rule"):
        pn.load_variant("pagat-double-deck").override(
            {"deal": {"partner": "asked", "partnerships": False}}
        )
    with pytest.raises(VariantError, match="expected false with an asked partner"):
        TWO.override({"settlement": {"throw_in": True}})
    with pytest.raises(VariantError, match="'called' or 'asked'"):
        TWO.override({"deal": {"partner": "none"}, "settlement": {"defenders_pool_tricks": False}})


# --- The ask ----------------------------------------------------------------------------


def test_any_card_of_the_deck_may_be_asked() -> None:
    """EF: the winner "asks for a card": any of the deck's 20 cards, not only trump."""
    state = _to_ask(seed=4)
    assert state.phase is pn.Phase.CALL
    assert state.to_act == 1
    asked = {a.card for a in pn.legal_actions(state) if isinstance(a, pn.CallPartner)}
    assert asked == set(make_deck("double"))
    after = pn.apply(state, pn.CallPartner(card("AS")))  # a spade while hearts are trump
    assert after.hand.called == card("AS")


def test_the_partner_is_the_first_holder_from_the_bidders_right() -> None:
    """EF: "asks for a card starting with the person on their Right". Seats go clockwise and
    play to the left, so bidder 1's right is seat 0, then 4, 3, 2; seat 2 (on the left)
    also holds a copy, but seat 3 is asked first."""
    state = pn.apply(_to_ask(_deal({2: 2, 3: 1, 1: 1})), pn.CallPartner(card("AH")))
    assert state.hand.partner == 3
    state = pn.apply(_to_ask(_deal({0: 1, 3: 3})), pn.CallPartner(card("AH")))
    assert state.hand.partner == 0


def test_the_partner_is_known_to_every_seat_at_once() -> None:
    state = pn.apply(_to_ask(_deal({4: 2, 2: 2})), pn.CallPartner(card("AH")))
    for now in _states(state, seed=2):
        if now.hand.number != state.hand.number:
            break
        for seat in range(5):
            assert pn.observe(now, seat).partner == 4
    assert now.results[-1].partner == 4


def test_a_bidder_holding_every_copy_plays_alone() -> None:
    state = pn.apply(_to_ask(_deal({1: 4})), pn.CallPartner(card("AH")))
    assert state.hand.partner is None
    *_, now = _states(state, seed=1)
    assert now.results[-1].partner is None


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), asked=st.sampled_from(["AH", "KS", "JD", "TC", "QH"]))
def test_sampled_deals_keep_what_the_ask_told(seed: int, asked: str) -> None:
    """The seats asked before the partner hold no copy; the partner held one."""
    state = pn.apply(_to_ask(seed=seed), pn.CallPartner(card(asked)))
    partner = state.hand.partner
    before = []
    for k in range(1, 5):
        if (1 - k) % 5 == partner:
            break
        before.append((1 - k) % 5)
    for now in _states(state, seed):
        if now.hand.number != state.hand.number:
            break
        for seat in range(5):
            view = pn.observe(now, seat)
            sampled = pn.sample_state(view, random.Random(seat))
            assert pn.observe(sampled, seat) == view
            for other in before:
                assert card(asked) not in sampled.hands[other]
            if partner is not None:
                played = [c for t in sampled.tricks for s, c in t.plays if s == partner]
                played += [c for s, c in sampled.trick if s == partner]
                assert card(asked) in [*sampled.hands[partner], *played]


# --- The settlement ----------------------------------------------------------------------


def _settle(variant: pn.Variant = TWO, partner: int | None = 0, **facts: object) -> pn.HandResult:
    """Bid 50 by side 1: meld 10 20 5 0 8, trick points 10 20 5 5 10."""
    args: dict[str, object] = {
        "bidder": 1,
        "bid": 50,
        "meld": (10, 20, 5, 0, 8),
        "points": (10, 20, 5, 5, 10),
        "partner": partner,
    }
    return pn.settle_hand(variant, **{**args, **facts})  # type: ignore[arg-type]


def test_each_defender_scores_its_own_meld_and_all_their_tricks() -> None:
    """EF: "The two bid winners: Both get all their melt. Both get all their tricks. The
    three non-bid partners: Each gets only their own melt. All three gets all their tricks.\""""
    made = _settle()  # the pair: 20 + 10 + 20 + 10 = 60 >= 50
    assert made.outcome is pn.Outcome.MADE
    # Defenders 2, 3, 4 took 5 + 5 + 10 = 20 together.
    assert made.scores == (60, 60, 5 + 20, 0 + 20, 8 + 20)
    assert [s.points for s in made.sides] == [10, 20, 5, 5, 10]  # each row its own
    set_ = _settle(partner=3)  # 20 + 0 + 20 + 5 = 45 < 50
    assert set_.scores == (10 + 25, -50, 5 + 25, -50, 8 + 25)
    alone = _settle(partner=None)  # four defenders pool 30
    assert alone.scores == (40, -50, 35, 30, 38)
    # Without the key each defender keeps its own tricks (the five-hand profile).
    assert _settle(pn.load_variant("five-hand")).scores == (60, 60, 10, 5, 18)


def test_a_trick_any_defender_took_saves_every_defenders_meld() -> None:
    """Where meld must be saved by a trick, the defenders' pool saves it."""
    strict = TWO.override({"settlement": {"save_meld": "trick"}})
    result = _settle(strict, points=(0, 30, 0, 0, 20), tricks=(0, 8, 0, 0, 8))
    statuses = [s.meld_status for s in result.sides]
    assert (statuses[2], statuses[4]) == (pn.MeldStatus.SAVED, pn.MeldStatus.SAVED)
    assert result.scores[2:] == (5 + 20, 0 + 20, 8 + 20)
    apart = pn.load_variant("five-hand").override({"settlement": {"save_meld": "trick"}})
    kept = _settle(apart, points=(0, 30, 0, 0, 20), tricks=(0, 8, 0, 0, 8))
    assert kept.sides[2].meld_status is pn.MeldStatus.LOST


def test_the_score_keeper_settles_a_two_winner_hand() -> None:
    sheet = ScoreSheet(TWO).record(
        bidder=1, bid=50, meld=(10, 20, 5, 0, 8), points=(10, 20, 5, 5, 10), partner=0
    )
    assert sheet.scores == (60, 60, 25, 20, 28)
    assert ScoreSheet.from_json(sheet.to_json()).scores == sheet.scores


def test_the_engine_settles_the_pooled_defenders() -> None:
    state = pn.apply(_to_ask(_deal({4: 2, 2: 2})), pn.CallPartner(card("AH")))
    *_, now = _states(state, seed=7)
    hand = now.game.last_hand
    assert hand is not None
    assert hand.partner == 4
    result = now.game.results[-1]
    defenders = [s for s in range(5) if s not in (1, 4)]
    pool = sum(result.sides[s].points for s in defenders)
    for s in defenders:  # the double deck's meld always counts
        assert result.scores[s] == result.sides[s].meld + pool


# --- Random games and the bots ------------------------------------------------------------


def test_every_invariant_holds_over_random_games() -> None:
    check_variant(TWO, games=4, seed=0).raise_if_failed()


@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_random_games_pool_the_defenders_tricks(data: st.DataObject) -> None:
    """Over random house profiles on the two-winner game: the partner is named at the ask,
    scores what the bidder scores, and the defenders' scores differ only by counted meld."""
    variant = data.draw(variants(TWO))
    state = data.draw(games(variant, max_actions=300))
    for result in state.results:
        if result.bidder is None:
            continue
        if result.partner is not None:
            assert result.scores[result.partner] == result.scores[result.bidder]
        if not variant.settlement.defenders_pool_tricks:
            continue
        winners = {result.bidder, result.partner}
        rest = {
            result.scores[s]
            - (
                result.sides[s].meld
                if result.sides[s].meld_status in (pn.MeldStatus.SAVED, pn.MeldStatus.NINES)
                else 0
            )
            for s in range(5)
            if s not in winners
        }
        assert len(rest) == 1


def test_every_bot_level_finishes_a_game() -> None:
    variant = TWO.override({"game": {"hands": 2}})
    for game, level in enumerate(LEVELS):
        bots = [make_bot(level if level != "expert" else "hard", seed=s) for s in range(5)]
        if level == "expert":  # one expert seat: it samples, so keep the game short
            bots[game % 5] = make_bot("expert", seed=game)
        state = pn.new_game(variant, seed=game)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            action = bots[seat].choose(pn.observe(state, seat))
            assert action in pn.legal_actions(state), (level, state.phase, action)
            state = pn.apply(state, action)
        assert any(r.bidder is not None for r in state.results)


def test_the_table_picture_marks_the_partner_once_known() -> None:
    from pinochle import svg

    state = _to_ask(_deal({4: 2, 2: 2}))
    assert "partner" not in svg.table(pn.observe(state, 0))
    state = pn.apply(state, pn.CallPartner(card("AH")))
    assert "partner" in svg.table(pn.observe(state, 0))
