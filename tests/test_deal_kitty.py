"""Issue 32, point 3: the deal and the kitty (rules 6 and 14.3).

- `kitty.bury_trump_aces`: trump and aces buried only when forced, and then announced;
- `kitty.trump_first`: trump named before the widow is seen (BC-3D's widow of 5);
- the widow profiles `wikipedia-four-hand-kitty` (WP, TR) and `bicycle-three-hand-double`
  (BC-3D);
- random games under both keys keep every invariant of `pinochle check`.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle import (
    Bid,
    Bury,
    Card,
    IllegalActionError,
    NameTrump,
    Observation,
    Pass,
    Phase,
    PlayOn,
    Rank,
    State,
    Suit,
    ThrowIn,
    Variant,
    WireError,
    apply,
    explain_legal,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    observe,
    parse_cards,
    sample_state,
)
from pinochle.cards import DeckKind
from pinochle.testing import play_random_game, variants

SPADES = Suit.SPADES
KITTY_GAMES = ["wikipedia-three-hand", "cutthroat-3", "wikipedia-four-hand-kitty"]
KITTY_KEYS = frozenset({("kitty", "bury_trump_aces"), ("kitty", "trump_first")})


def _trump_or_ace(card: Card, trump: Suit) -> bool:
    return card.suit is trump or card.rank is Rank.ACE


def _burials(state: State) -> list[Bury]:
    """The legal burials now (the bury phase's actions are all `Bury`)."""
    burials = [a for a in legal_actions(state) if isinstance(a, Bury)]
    assert len(burials) == len(legal_actions(state))
    return burials


def _three_hand(bury_trump_aces: bool) -> Variant:
    # bury_meld: the meld rule out of the way, so only the trump-and-aces rule narrows.
    return load_variant("wikipedia-three-hand").override(
        {"kitty": {"bury_trump_aces": bury_trump_aces, "bury_meld": True}}
    )


def _dealt(bidder_cards: str, kitty_cards: str) -> list[tuple[Card, ...]]:
    """Hands for seats 0, 1, 2 (dealer 0, so seat 1 bids first): seat 1 gets
    ``bidder_cards``, the kitty is what is left after seats 0 and 2 take the rest."""
    mine, kitty = parse_cards(bidder_cards), parse_cards(kitty_cards)
    rest = list((Counter(make_deck(DeckKind.SINGLE)) - Counter(mine) - Counter(kitty)).elements())
    return [tuple(rest[:15]), mine, tuple(rest[15:30])]


def _to_bury(variant: Variant, bidder_cards: str, kitty_cards: str) -> State:
    """Seat 1 wins the auction at 20, names spades and reaches the bury."""
    state = new_game(variant, seed=1, dealer=0, hands=_dealt(bidder_cards, kitty_cards))
    assert Counter(state.hand.kitty) == Counter(parse_cards(kitty_cards))
    state = apply(state, Bid(20))
    while state.phase is Phase.AUCTION:
        state = apply(state, Pass())
    state = apply(state, NameTrump(SPADES))
    if state.phase is Phase.THROW_IN:  # wikipedia-three-hand: decided right after trump
        state = apply(state, PlayOn())
    assert state.phase is Phase.BURY
    assert state.to_act == 1
    return state


# Every spade, and the A♥ A♥ A♦: the bidder's 15.
ALL_SPADES_AND_ACES = "A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ J♠ 9♠ 9♠ A♥ A♥ A♦"


def test_trump_and_aces_are_buried_only_when_forced_and_then_announced() -> None:
    """Rules 6 (club rule sheets): "may not discard trump or aces unless forced, and must
    announce it". With two plain cards and a kitty of three, both plain cards go and one
    trump or ace makes up the count; every seat is told which."""
    state = _to_bury(_three_hand(False), ALL_SPADES_AND_ACES, "K♥ Q♦ A♣")
    legal = _burials(state)
    plain = Counter(parse_cards("K♥ Q♦"))
    assert legal
    assert all(not plain - Counter(a.cards) for a in legal)
    assert {c for a in legal for c in a.cards} - set(plain) == {
        c for c in state.hands[1] if _trump_or_ace(c, SPADES)
    }
    assert explain_legal(observe(state, 1)).startswith("Bury 3 cards: all but trump and aces")
    with pytest.raises(IllegalActionError, match="only when forced"):
        apply(state, Bury(parse_cards("K♥ A♠ A♣")))
    after = apply(state, Bury(parse_cards("K♥ Q♦ 9♠")))
    for seat in range(3):
        assert observe(after, seat).buried_announced == parse_cards("9♠")
    assert Counter(observe(after, 1).buried) == Counter(parse_cards("9♠ Q♦ K♥"))
    assert observe(after, 0).buried == ()  # the plain cards stay hidden


def test_with_enough_plain_cards_no_trump_or_ace_is_buried() -> None:
    """Not forced (three plain cards or more): the burial holds no trump and no ace."""
    state = _to_bury(_three_hand(False), ALL_SPADES_AND_ACES, "K♥ Q♦ J♣")
    legal = _burials(state)
    assert Counter(legal[0].cards) == Counter(parse_cards("K♥ Q♦ J♣"))
    assert len(legal) == 1
    after = apply(state, legal[0])
    assert all(observe(after, seat).buried_announced == () for seat in range(3))


def test_by_default_trump_and_aces_may_be_buried_and_nothing_is_announced() -> None:
    """The default (`kitty.bury_trump_aces = true`): any cards the meld rule allows."""
    state = _to_bury(_three_hand(True), ALL_SPADES_AND_ACES, "K♥ Q♦ J♣")
    after = apply(state, Bury(parse_cards("A♠ A♥ A♦")))
    assert all(observe(after, seat).buried_announced == () for seat in range(3))


def test_trump_is_named_before_the_widow_is_seen_in_bc_3d() -> None:
    """Rules 14.3 (BC-3D): "25 each + 5 widow (trump before widow)": the bidder names trump
    holding 25 cards; nobody sees the widow until then; the bidder then holds 30."""
    variant = load_variant("bicycle-three-hand-double")
    state = new_game(variant, seed=5)
    while state.phase is Phase.AUCTION:
        state = apply(state, Pass())  # the first two pass: the dealer must bid 500
    bidder = state.hand.bidder
    assert state.phase is Phase.TRUMP
    assert bidder == state.to_act == state.hand.dealer
    assert state.hand.bid == 500
    assert len(state.hands[bidder]) == 25
    assert all(observe(state, seat).kitty == () for seat in range(3))
    sampled = sample_state(observe(state, 0), random.Random(1))
    assert observe(sampled, 0) == observe(state, 0)
    kitty = state.hand.kitty
    state = apply(state, NameTrump(Suit.HEARTS))
    assert len(state.hands[bidder]) == 30
    assert not Counter(kitty) - Counter(state.hands[bidder])
    assert all(observe(state, seat).kitty == kitty for seat in range(3))  # shown once taken


def test_without_trump_first_the_kitty_is_taken_when_the_auction_is_won() -> None:
    variant = load_variant("bicycle-three-hand-double").override(
        {"deal": {"hand": 26, "kitty": 2, "packet": 4}, "kitty": {"trump_first": False}}
    )
    state = new_game(variant, seed=5)
    while state.phase is Phase.AUCTION:
        state = apply(state, Pass())
    assert len(state.hands[state.to_act or 0]) == 28
    assert observe(state, 0).kitty == state.hand.kitty


def test_bc_3d_concession_gives_each_opponent_meld_plus_100() -> None:
    """Rules 14.3 (BC-3D): "concession: each opponent meld + 100, bidder minus bid"."""
    variant = load_variant("bicycle-three-hand-double")
    state = new_game(variant, seed=11)
    while state.phase is Phase.AUCTION:
        state = apply(state, Pass())
    state = apply(state, NameTrump(Suit.CLUBS))
    bidder = state.hand.bidder
    assert bidder is not None
    while state.phase is not Phase.THROW_IN:
        assert state.phase is Phase.BURY, "the bid of 500 is within reach of a 30-card hand"
        state = apply(state, legal_actions(state)[0])
    melds = state.hand.melds
    state = apply(state, ThrowIn())
    result = state.results[-1]
    for seat in range(3):
        meld = melds[seat]
        expected = -500 if seat == bidder else (meld.total if meld else 0) + 100
        assert result.scores[seat] == expected


def test_wikipedia_four_hand_kitty_deals_11_each_and_the_bidder_discards_4() -> None:
    """Rules 2 and 6 (WP "popular variation", TR option): 11 cards each and a 4-card kitty
    to the high bidder, who discards 4; the kitty replaces passing."""
    variant = load_variant("wikipedia-four-hand-kitty")
    state = new_game(variant, seed=3)
    assert [len(h) for h in state.hands] == [11] * 4
    assert len(state.hand.kitty) == 4
    while state.phase is Phase.AUCTION:  # the first opens at the minimum, the others pass
        bids = [a for a in legal_actions(state) if isinstance(a, Bid)]
        state = apply(state, bids[0] if state.hand.bidder is None else Pass())
    bidder = state.hand.bidder
    assert bidder is not None
    assert state.phase is Phase.TRUMP
    assert len(state.hands[bidder]) == 15
    state = apply(state, legal_actions(state)[0])
    if state.phase is Phase.BURY:
        assert all(len(a.cards) == 4 for a in _burials(state))
        state = apply(state, legal_actions(state)[0])
        assert [len(h) for h in state.hands] == [11] * 4
        assert state.phase in (Phase.THROW_IN, Phase.TRICKS)


@settings(max_examples=25, deadline=None)
@given(
    variant=st.sampled_from(KITTY_GAMES).flatmap(lambda name: variants(name, keys=KITTY_KEYS)),
    seed=st.integers(0, 2**16),
)
def test_random_games_under_the_kitty_keys_keep_their_rules(variant: Variant, seed: int) -> None:
    """Over random games: a burial takes trump or aces only when too few other cards may
    go, every seat sees exactly those announced, and no observation shows the kitty before
    trump under `trump_first`."""
    states = play_random_game(variant, seed, max_hands=3)
    for before, after in itertools.pairwise(states):
        if before.phase is Phase.TRUMP and variant.kitty.trump_first:
            assert all(observe(before, s).kitty == () for s in range(variant.deal.players))
        if before.phase is not Phase.BURY or after.hand.number != before.hand.number:
            continue
        buried, trump = after.hand.buried, before.hand.trump
        assert trump is not None
        if variant.kitty.bury_trump_aces:
            assert observe(after, 0).buried_announced == ()
            continue
        strong = [c for c in buried if _trump_or_ace(c, trump)]
        if strong:  # forced: every other card that might go went
            options = {c for a in _burials(before) for c in a.cards}
            assert all(c in buried for c in options if not _trump_or_ace(c, trump))
        for seat in range(variant.deal.players):
            assert Counter(observe(after, seat).buried_announced) == Counter(strong)


@pytest.mark.parametrize("name", ["wikipedia-four-hand-kitty", "bicycle-three-hand-double"])
def test_the_widow_profiles_play_random_games_to_the_end(name: str) -> None:
    states = play_random_game(name, 7, max_hands=4)
    assert states[-1].is_over or states[-1].hand.number == 4


def _announced_view() -> tuple[State, int]:
    """A state right after a forced, announced burial, and a seat that did not bury."""
    state = _to_bury(_three_hand(False), ALL_SPADES_AND_ACES, "K♥ Q♦ A♣")
    return apply(state, Bury(parse_cards("K♥ Q♦ 9♠"))), 0


def test_an_announced_burial_reads_back_and_an_impossible_one_is_refused() -> None:
    """The wire reader takes the announcement as the engine writes it, and refuses one no
    game can hold, naming the field (docs/wire-format.md#what-the-reader-checks)."""
    state, seat = _announced_view()
    view = observe(state, seat)
    assert Observation.from_json(view.to_json()) == view
    for announced, message in (
        (["Q♦"], "only trump and aces are announced"),
        (["9♠", "9♠", "A♣", "A♥"], "4 cards; the bidder buries 3"),
    ):
        data = view.to_dict()
        data["buried_announced"] = announced
        with pytest.raises(WireError, match=f"buried_announced: {message}"):
            Observation.from_dict(data)
    plain = _to_bury(_three_hand(True), ALL_SPADES_AND_ACES, "K♥ Q♦ J♣")
    default = observe(apply(plain, Bury(parse_cards("A♠ A♥ A♦"))), 0).to_dict()
    default["buried_announced"] = ["A♠"]
    with pytest.raises(WireError, match="buried_announced: expected \\[\\]"):
        Observation.from_dict(default)
