"""Which side a seat plays for, from one rule (docs/engine.md; rules/deck-and-deal#hands).

Partners sit opposite: seats 0 and 2 are side 0, seats 1 and 3 side 1; at six hands the
teams alternate (0 2 4 against 1 3 5) and at eight hands with four teams partners sit
opposite (0 and 4, 1 and 5, ...: rules/deck-and-deal#other-tables). Without
partnerships each person is a side; with sit-outs a seat's side is the person playing
there this hand. `State.side_of`, `Observation.side_of` and `Variant.side_of` agree at
every table size and profile, at every step of a game.
"""

from __future__ import annotations

import random

import pytest

import pinochle as pn
from pinochle.bots import rollout

AUCTION = pn.load_variant("pagat-auction-3")
PROFILES = {
    **{name: pn.load_variant(name) for name in sorted(pn.builtin_variants())},
    "sit-outs-4": AUCTION.override({"deal": {"seated": 4}}),
    "sit-outs-5": AUCTION.override({"deal": {"seated": 5}}),
}


def _expected(variant: pn.Variant, persons: tuple[int, ...], seat: int) -> int:
    """The docs' rule, written out here independently of the library's."""
    if variant.deal.partnerships:
        teams = {
            (4, 2): (0, 1, 0, 1),
            (6, 2): (0, 1, 0, 1, 0, 1),
            (8, 2): (0, 1, 0, 1, 0, 1, 0, 1),
            (8, 4): (0, 1, 2, 3, 0, 1, 2, 3),
        }
        return teams[variant.deal.players, variant.deal.teams][seat]
    return persons[seat]


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_every_seat_has_its_side_at_every_step(name: str) -> None:
    variant = PROFILES[name]
    rng = random.Random(name)
    state = pn.new_game(variant, seed=7)
    for _ in range(120):  # the first hands: an auction, meld, tricks, a settlement, a deal
        persons = state.hand.persons
        seats = range(variant.deal.players)
        expected = tuple(_expected(variant, persons, seat) for seat in seats)
        assert tuple(state.side_of(seat) for seat in seats) == expected
        assert tuple(variant.side_of(persons[seat]) for seat in seats) == expected
        assert tuple(rollout.sides(state)) == expected
        # The play-outs' sides: a called partner once revealed plays on the bidder's side
        # (rules/deck-and-deal#five-hands); before, and at every other table, `sides`.
        playing = list(expected)
        if state.hand.partner is not None and state.hand.bidder is not None:
            playing[state.hand.partner] = expected[state.hand.bidder]
        assert tuple(rollout._sides(state)[seat] for seat in seats) == tuple(playing)
        for observer in seats:
            view = pn.observe(state, observer)
            assert tuple(view.side_of(seat) for seat in seats) == expected
        assert set(expected) <= set(range(variant.sides))
        if state.to_act is None:
            break
        state = pn.apply(state, rng.choice(pn.legal_actions(state)))


def test_a_sit_out_persons_side_is_their_own() -> None:
    variant = PROFILES["sit-outs-5"]
    assert [variant.side_of(person) for person in range(5)] == [0, 1, 2, 3, 4]
    assert variant.sides == 5


def test_partners_share_a_side() -> None:
    variant = pn.load_variant("pinochlerun")
    assert [variant.side_of(person) for person in range(4)] == [0, 1, 0, 1]
