"""Test your house rules: the engine's invariants over random games, and a property of your own.

`pinochle.testing` (the ``testing`` extra: hypothesis) ships `check_variant`, which plays
random legal games under a profile and checks every promise of the engine, and the
strategies that make random hands and games for your own property tests.
"""

from __future__ import annotations

from hypothesis import given, settings

import pinochle as pn
from pinochle.testing import check_variant, games

HOUSE = pn.load_variant("pinochlerun").override(
    {"name": "our-table", "bidding": {"minimum": 20}, "passing": {"cards": 3}}
)


@settings(max_examples=25, deadline=None)
@given(games(HOUSE))
def test_the_trick_points_never_exceed_the_deck(state: pn.State) -> None:
    """However the hand has gone, the tricks taken hold at most the deck's points."""
    assert sum(trick.points for trick in state.tricks) <= pn.deck_points(HOUSE)


def main() -> None:
    report = check_variant(HOUSE, games=5)
    print(report.summary())
    test_the_trick_points_never_exceed_the_deck()
    print("property held on 25 random games")


if __name__ == "__main__":
    main()
