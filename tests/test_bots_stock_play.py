"""Expert's integer play-out of the two-hand stock phase agrees with the engine.

`pinochle.bots.stock_play.through_stock` plays a two-hand hand's stock phase (tricks with
any card, the winner's meld turns, the draws, the dix exchange, the last draw) on counts of
cards. The play-out's moves are fixed (`quick_card`, then the biggest meld, the exchange,
the draw), so stepping the engine with the same moves must reach the same position and the
same settled scores: for random positions of every two-hand profile (the built-in ones and
their stock keys turned), in real games and in deals Expert's sampler imagines.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pinochle import (
    CARDS,
    Card,
    Draw,
    Phase,
    Play,
    State,
    Suit,
    Variant,
    apply,
    builtin_variants,
    legal_actions,
    load_variant,
    new_game,
    observe,
    sample_state,
)
from pinochle.bots import stock_play
from pinochle.bots.rollout import (
    Settlements,
    _engine_play_out,
    _engine_until_tricks,
    _list_play_out,
    quick_card,
    sides,
)
from pinochle.bots.stock_play import through_stock
from pinochle.stock import _candidates, _offered, cards_to_table

_TWO_HAND = [name for name in builtin_variants() if load_variant(name).deal.players == 2]
_BC2 = load_variant("bicycle-two-handed")
_PROFILES: list[tuple[str, Variant]] = [(name, load_variant(name)) for name in _TWO_HAND] + [
    ("winner-chooses", _BC2.override({"stock": {"last_draw": "winner-chooses"}})),
    ("first-dix-exchanged", _BC2.override({"stock": {"first_dix_exchanged": True}})),
    ("no-dix-exchange", _BC2.override({"stock": {"dix_exchange": False}})),
    ("no-dealer-dix", _BC2.override({"stock": {"dealer_dix": False}})),
]


def _stock_positions(variant: Variant, seed: int) -> list[State]:
    """Trick-play positions of one random game's first hand while the stock lasts.

    Random legal moves (declares, exchanges, taking the turn-up and all), so the
    positions carry tables and shown melds of every kind.
    """
    rng = random.Random(seed)
    state = new_game(variant, seed=seed)
    found: list[State] = []
    while not state.results and state.hand.turn_up is not None:
        legal = list(legal_actions(state))
        if state.phase is Phase.TRICKS:
            found.append(state)
            state = apply(state, rng.choice(legal))
        else:  # meld turns: mostly declare or exchange, sometimes draw at once
            others = [a for a in legal if not isinstance(a, Draw)]
            pick = rng.choice(others) if others and rng.random() < 0.8 else legal[-1]
            if len(legal) > 1 and rng.random() < 0.1:
                pick = rng.choice(legal)
            state = apply(state, pick)
    return found


def _check(state: State) -> None:
    """Every legal card: the integer stock phase reaches the engine's position and scores."""
    side = sides(state)[state.to_act or 0]
    for action in legal_actions(state):
        assert isinstance(action, Play)
        mine = through_stock(state, action.card)
        assert mine is not None
        engine = _engine_until_tricks(state, action)
        assert engine.phase is Phase.TRICKS
        assert engine.hand.turn_up is None
        assert mine.to_act == engine.to_act
        assert mine.hands == engine.hands
        assert mine.points == engine.points
        assert mine.tricks_won == engine.tricks_won
        assert mine.counters == engine.counters
        assert mine.hand.meld_points == engine.hand.meld_points
        assert mine.hand.stock == engine.hand.stock == ()
        assert mine.hand.turn_up is None
        assert mine.actions == ()  # no list of actions leads to it (its docstring)
        assert _list_play_out(mine, None) == _list_play_out(engine, None)
        assert Settlements().play_out(state, action.card, side) == _engine_play_out(
            state, action.card, side
        )


@pytest.mark.parametrize(("name", "variant"), _PROFILES, ids=[name for name, _ in _PROFILES])
@pytest.mark.parametrize("seed", range(6))
def test_the_integer_stock_phase_settles_as_the_engine(
    name: str, variant: Variant, seed: int
) -> None:
    rng = random.Random(seed)
    positions = _stock_positions(variant, seed)
    assert positions
    for state in rng.sample(positions, min(6, len(positions))):
        _check(state)
        # A deal Expert's sampler imagines for the seat to act (its own hidden facts).
        world = sample_state(observe(state, state.to_act or 0), rng)
        _check(world)


def test_every_two_hand_profile_is_covered() -> None:
    assert _TWO_HAND == ["bicycle-two-handed"]


# --- The pieces, against pinochle.stock and quick_card directly -----------------------------


def _random_hand(rng: random.Random, deck: list[Card], size: int) -> list[Card]:
    return sorted(rng.sample(deck, size))


def _counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * 24
    for card in cards:
        counts[card.index] += 1
    return counts


@pytest.mark.parametrize("name", builtin_variants())
def test_the_meld_list_is_the_stocks(name: str) -> None:
    """Every profile (double deck too: no dix) and trump: the same melds, order, points."""
    variant = load_variant(name)
    for trump in Suit:
        listed = [
            (m.kind, m.cls, m.points, tuple(c.index for c in m.cards), need)
            for m, need in _candidates(trump, variant)
        ]
        mine = [
            (m.kind, m.cls, m.points, m.cards, tuple((CARDS[i], n) for i, n in m.need))
            for m in stock_play._melds(trump, variant)
        ]
        assert mine == listed


@pytest.mark.parametrize("seed", range(300))
def test_melds_on_offer_and_cards_laid_are_the_stocks(seed: int) -> None:
    """Random hands, tables and earlier melds: the same offers, the same cards laid."""
    rng = random.Random(seed)
    deck = [card for card in CARDS for _ in range(2)]
    trump = rng.choice(list(Suit))
    variant = _BC2
    melds = stock_play._melds(trump, variant)
    # Earlier melds: some of the list (repeats and upgrades included); their cards mostly
    # held, some face up.
    shown = [rng.randrange(len(melds)) for _ in range(rng.randrange(6))]
    rest, held = list(deck), []
    for card in (CARDS[i] for at in shown for i in melds[at].cards):
        if card in rest and rng.random() < 0.7:  # at most the deck's two copies
            rest.remove(card)
            held.append(card)
    hand = sorted(held[:14] + rng.sample(rest, max(0, rng.randrange(8, 17) - len(held[:14]))))
    table = sorted(card for card in hand if card in held and rng.random() < 0.8)
    listed = [meld for meld, _ in _candidates(trump, variant)]
    shown_melds = [listed[at] for at in shown]
    held_counts, table_counts = _counts(hand), _counts(table)
    served = stock_play._served(shown, melds)
    offered = stock_play._offered(held_counts, table_counts, served, melds)
    assert tuple(offered) == _offered(hand, table, shown_melds, trump, variant)
    for at in offered:
        laid = list(table_counts)
        stock_play._lay(melds[at], held_counts, laid, served)
        expected = _counts([*table, *cards_to_table(listed[at], hand, table, shown_melds)])
        assert laid == expected


@pytest.mark.parametrize("seed", range(300))
def test_leads_and_follows_are_quick_cards(seed: int) -> None:
    """Any hand, any trump: `quick_card`'s lead, and its answer to an opponent's lead."""
    rng = random.Random(seed)
    deck = [card for card in CARDS for _ in range(2)]
    trump = rng.choice(list(Suit))
    if seed % 5 == 0:  # only trumps (and a few cards)
        deck = [card for card in deck if card.suit is trump]
    hand = _random_hand(rng, deck, rng.randrange(1, min(13, len(deck))))
    cards = list(dict.fromkeys(hand))
    values = stock_play._card_values(_BC2)
    counts = _counts(hand)
    lead = quick_card(cards, [], trump, (0, 1), 0, values)
    assert stock_play._lead(counts, int(trump)) == lead.index
    led = rng.choice(CARDS)
    follow = quick_card(cards, [(1, led)], trump, (0, 1), 0, values)
    assert stock_play._follow(counts, led.index, int(trump), values) == follow.index
