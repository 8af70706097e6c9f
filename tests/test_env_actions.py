"""The fixed action index (`pinochle.env.ActionIndex`) against issue 15's contract.

Every legal action of every built-in profile has an index; the mask is exactly the legal
actions; decoding a masked index gives a legal action and encoding it gives the index back;
card choices are single-card picks that assemble the library's action on the last pick.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="extra rl: numpy is not installed")

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle.actions import (
    Bury,
    CallMisdeal,
    Concede,
    Declare,
    Draw,
    ExchangeDix,
    KeepDix,
    KeepHand,
    PassCards,
    PlayOn,
    TakeTurnUp,
    ThrowIn,
)
from pinochle.choices import CardChoices
from pinochle.env import ActionIndex
from pinochle.testing import games

BUILTINS = tuple(
    name
    for name in pn.builtin_variants()
    if pn.load_variant(name).deal.partner is pn.variant.Partner.NONE
)
"""The built-in profiles with an action index: five-hand's called partner has none."""


def card(text: str) -> pn.Card:
    (found,) = pn.parse_cards(text)
    return found


# --- The documented table -------------------------------------------------------------


def test_fixed_indices_follow_the_documented_table() -> None:
    index = ActionIndex(pn.load_variant("pinochlerun"))
    assert index.encode(pn.Pass()) == 0
    assert [index.encode(pn.NameTrump(s)) for s in "CDHS"] == [1, 2, 3, 4]
    assert index.encode(pn.Play(card("9C"))) == 5
    assert index.encode(pn.Play(card("AC"))) == 10
    assert index.encode(pn.Play(card("9D"))) == 11
    assert index.encode(pn.Play(card("AS"))) == 28
    simple: list[pn.Action] = [ThrowIn(), PlayOn(), Concede(), CallMisdeal(), KeepHand()]
    simple += [ExchangeDix(), KeepDix(), Draw(), TakeTurnUp()]
    assert [index.encode(a) for a in simple] == list(range(53, 62))
    assert index.encode(Declare("run", pn.parse_cards("AC TC KC QC JC"))) == 62
    assert index.encode(Declare("run", pn.parse_cards("AS TS KS QS JS"))) == 65
    assert index.encode(Declare("royal marriage", pn.parse_cards("KH QH"))) == 68
    assert index.encode(Declare("marriage", pn.parse_cards("KH QH"))) == 72
    assert index.encode(Declare("dix", pn.parse_cards("9D"))) == 75
    assert index.encode(Declare("aces around", pn.parse_cards("AC AD AH AS"))) == 78
    assert index.encode(Declare("jacks around", pn.parse_cards("JC JD JH JS"))) == 81
    assert index.encode(Declare("pinochle", pn.parse_cards("QS JD"))) == 82
    assert index.encode(Declare("double pinochle", pn.parse_cards("QS JD QS JD"))) == 83
    # pinochlerun bids 25 to its maximum 100 by ones: 76 bids from index 84.
    assert index.encode(pn.Bid(25)) == 84
    assert index.encode(pn.Bid(100)) == 159
    assert index.n == 160
    assert index.picks(PassCards(pn.parse_cards("AS 9C"))) == (29, 52)


def test_every_index_describes_itself() -> None:
    index = ActionIndex(pn.load_variant("pinochlerun"))
    assert index.describe(0) == "pass"
    assert index.describe(28) == "play A♠"
    assert index.describe(29) == "pick 9♣"
    assert index.describe(159) == "bid 100"
    assert all(index.describe(i) for i in range(index.n))
    assert sorted(i for r in index.groups.values() for i in r) == list(range(index.n))


@pytest.mark.parametrize(
    ("name", "amounts"),
    [
        ("pinochlerun", list(range(25, 101))),
        # step 1 to the threshold 60, then by 5 up to the meld-and-tricks cap (bid_limit)
        ("npa-double-deck", [*range(50, 61), *range(65, 681, 5)]),
        # the dealer may bid 19 once the others pass; no maximum: the cap is bid_limit
        ("wikipedia-three-hand", [19, *range(20, 306)]),
        ("hoyle-1914", list(range(250, 3851, 10))),
    ],
)
def test_bids_cover_the_whole_bid_range(name: str, amounts: list[int]) -> None:
    variant = pn.load_variant(name)
    index = ActionIndex(variant)
    assert list(index.bids) == amounts
    assert amounts[-1] == pn.bid_limit(variant)
    assert index.n == 84 + len(amounts)


def test_an_opening_bidder_may_make_every_indexed_bid() -> None:
    for name in BUILTINS:
        variant = pn.load_variant(name)
        state = pn.new_game(variant, seed=3)
        while state.phase is pn.Phase.MISDEAL:
            state = pn.apply(state, KeepHand())
        if state.phase is not pn.Phase.AUCTION:
            continue  # a profile that turns trump and has no auction
        view = pn.observe(state, state.to_act)  # type: ignore[arg-type]
        index = ActionIndex(variant)
        mask = index.mask(view)
        low = variant.bidding.dealer_minimum is not None
        assert mask[84 + low :].all(), name  # every bid but the dealer's under the minimum


def test_a_huge_maximum_is_capped_at_the_lowest_1024_bids(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "pinochlerun"\n[bidding]\nmaximum = 1000000\n', encoding="utf-8")
    variant = pn.load_variant(house)
    index = ActionIndex(variant)
    assert index.n == 84 + 1024
    assert index.bids[0] == 25
    assert index.bids[-1] == 25 + 1023
    state = pn.new_game(variant, seed=1)
    view = pn.observe(state, state.to_act)  # type: ignore[arg-type]
    assert index.mask(view).sum() == 1 + 1024  # the pass and every bid with an index
    with pytest.raises(pn.ArgumentError, match="bid in the index"):
        index.encode(pn.Bid(5000))


# --- Over random games of every built-in profile --------------------------------------


def check_position(state: pn.State, rng: random.Random) -> None:
    """The mask, decode and encode agree with legal_actions for every seat of the state."""
    variant = state.variant
    index = ActionIndex(variant)
    for seat in range(variant.deal.players):
        view = pn.observe(state, seat)
        mask = index.mask(view)
        assert mask.shape == (index.n,)
        assert mask.dtype == np.int8
        if seat != state.to_act:
            assert not mask.any()
            continue
        legal = pn.legal_actions(state)
        if isinstance(legal, CardChoices):
            check_picking(index, view, legal, rng)
            continue
        assert index.picks_needed(view) == 0
        codes = [index.encode(a) for a in legal]
        assert len(set(codes)) == len(codes)  # each legal action has its own index
        assert sorted(codes) == index.legal_indices(view)
        for code in codes:
            action = index.decode(code, view)
            assert action in legal
            assert index.encode(action) == code  # type: ignore[arg-type]
            assert index.action(code) == action


def check_picking(
    index: ActionIndex, view: pn.Observation, legal: CardChoices[pn.Action], rng: random.Random
) -> None:
    k = legal.k
    assert index.picks_needed(view) == k
    faces = {c.index for c in legal.cards}
    assert set(index.legal_indices(view)) == {29 + f for f in faces}
    # A drawn legal choice, picked card by card, assembles to itself.
    choice = legal[rng.randrange(len(legal))]
    picks = index.picks(choice)
    assert len(picks) == k
    picked: list[pn.Card] = []
    for step, code in enumerate(picks):
        mask = index.mask(view, picked)
        assert mask[code] == 1
        assert mask[:29].sum() == 0
        assert mask[53:].sum() == 0
        decoded = index.decode(code, view, picked)
        picked.append(index.card(code))
        if step < k - 1:
            assert decoded is None
        else:
            assert decoded == choice
            assert type(decoded) is (Bury if view.phase is pn.Phase.BURY else PassCards)
    # No more copies of a card can be picked than the seat may choose from.
    held = Counter(legal.cards)
    for face, count in held.items():
        if count < k:
            mask = index.mask(view, [face] * count)
            assert mask[29 + face.index] == 0


@pytest.mark.parametrize("name", BUILTINS)
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_mask_decode_encode_agree_over_random_games(name: str, data: st.DataObject) -> None:
    state = data.draw(games(name, max_actions=120))
    check_position(state, random.Random(data.draw(st.integers(0, 2**16))))


def cautious(choices: list[int], rng: random.Random) -> int:
    """A random legal index; in the auction mostly a pass or the lowest bid, and mostly play
    on rather than throw in or concede (uniform bids are never played)."""
    if rng.random() < 0.9:
        if 0 in choices and rng.random() < 0.7:
            return 0
        bids = [c for c in choices if c >= 84]
        if bids:
            return bids[0]
        if 54 in choices:  # play on
            return 54
    return rng.choice(choices)


@pytest.mark.parametrize("name", BUILTINS)
def test_a_random_agent_plays_whole_hands_through_the_index(name: str) -> None:
    """Choosing only masked indices (picks included) always gives actions the engine takes."""
    variant = pn.load_variant(name)
    index = ActionIndex(variant)
    rng = random.Random(name)
    seen: set[int] = set()
    for seed in range(3):
        state = pn.new_game(variant, seed=seed)
        picked: list[pn.Card] = []
        while not state.is_over and len(state.results) < 2:
            seat = state.to_act
            assert seat is not None
            view = pn.observe(state, seat)
            check_position(state, rng) if not picked and rng.random() < 0.05 else None
            choices = index.legal_indices(view, picked)
            assert choices, f"no legal index in {state.phase}"
            code = cautious(choices, rng)
            seen.add(code)
            action = index.decode(code, view, picked)
            if action is None:
                picked.append(index.card(code))
                continue
            picked = []
            state = pn.apply(state, action)
    assert seen & set(range(5, 29))  # cards were played


# --- Errors -----------------------------------------------------------------------------


def test_bad_indices_and_picks_are_refused() -> None:
    variant = pn.load_variant("pinochlerun")
    index = ActionIndex(variant)
    state = pn.new_game(variant, seed=5)
    seat = state.to_act
    assert seat is not None
    view = pn.observe(state, seat)
    with pytest.raises(pn.IllegalActionError, match="not legal now"):
        index.decode(28, view)  # a play in the auction
    with pytest.raises(pn.ArgumentError, match="index"):
        index.decode(index.n, view)
    with pytest.raises(pn.ArgumentError, match="index"):
        index.decode(-1, view)
    with pytest.raises(pn.ArgumentError, match="picks"):
        index.encode(PassCards(pn.parse_cards("AS KS QS JS")))
    with pytest.raises(pn.ArgumentError, match="picked"):
        index.mask(view, [card("AS")])  # picks outside a card choice
    with pytest.raises(pn.ArgumentError, match="observation"):
        index.mask(state)  # type: ignore[arg-type]
    other = pn.observe(pn.new_game(pn.load_variant("hoyle-1914"), seed=1), 0)
    with pytest.raises(pn.ArgumentError, match="observation"):
        index.mask(other)
    with pytest.raises(pn.ArgumentError, match="variant"):
        ActionIndex("pinochlerun")  # type: ignore[arg-type]


def test_picks_must_be_cards_the_seat_may_choose() -> None:
    variant = pn.load_variant("pinochlerun")
    index = ActionIndex(variant)
    state = pn.new_game(variant, seed=5)
    while state.phase is not pn.Phase.PASS:
        state = pn.apply(state, pn.legal_actions(state)[0])
    seat = state.to_act
    assert seat is not None
    view = pn.observe(state, seat)
    missing = next(c for c in pn.CARDS if c not in view.hand)
    with pytest.raises(pn.ArgumentError, match="picked"):
        index.mask(view, [missing])
    with pytest.raises(pn.ArgumentError, match="picked"):
        index.mask(view, view.hand[:4])  # as many picks as the choice holds: it is complete
    first = view.hand[0]
    assert index.decode(29 + first.index, view) is None


def test_an_index_is_a_pure_function_of_the_profile() -> None:
    one = ActionIndex(pn.load_variant("npa-double-deck"))
    two = ActionIndex(pn.load_variant("npa-double-deck"))
    assert one == two
    assert hash(one) == hash(two)
    copy = pickle.loads(pickle.dumps(one))
    assert copy == one
    assert copy.bids == one.bids
    assert copy.n == one.n
    assert ActionIndex(pn.load_variant("pinochlerun")) != one


def test_the_docs_profile_table_is_the_index() -> None:
    import re

    from pinochle.env import observation_layout, state_layout

    page = Path(__file__).resolve().parents[1] / "docs" / "reinforcement-learning.md"
    text = page.read_text(encoding="utf-8")
    rows = re.findall(
        r"^\| ([a-z0-9-]+) \| (\d+) to (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$",
        text,
        re.MULTILINE,
    )
    assert sorted(r[0] for r in rows) == sorted(BUILTINS)
    for name, low, high, bids, n, obs, full in rows:
        variant = pn.load_variant(name)
        index = ActionIndex(variant)
        assert (index.bids[0], index.bids[-1], len(index.bids)) == (int(low), int(high), int(bids))
        assert index.n == int(n)
        assert observation_layout(variant).size == int(obs)
        assert state_layout(variant).size == int(full)
