"""The RL mask of a shoot-the-moon profile (a mend of issue 32's review).

In a profile with ``settlement.shoot_the_moon`` the moon has its own index, right after the
bids (`ActionIndex`); the auction's mask wrote its bid hits over every index from the first
bid on, so the hits no longer fitted (an IndexError) once the moon's index was added.
"""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="extra rl: numpy is not installed")

import pinochle as pn
from pinochle.actions import ShootTheMoon
from pinochle.choices import BidChoices
from pinochle.env import ActionIndex
from pinochle.state import Phase

# A double deck without a maximum bid: more than 256 bids, so the auction's legal actions
# are a `BidChoices` (listed lazily) and the mask is set from its runs of amounts.
MOON = pn.load_variant("pagat-double-deck").override({"settlement": {"shoot_the_moon": True}})


def test_a_moon_profiles_auction_mask_is_its_legal_bids_and_no_moon() -> None:
    """rules/auction#conventions: the moon is shot by the high bidder after the auction, so
    the auction's mask holds exactly the legal bids and the pass, never the moon's index.

    Before the mend (40f9700) the mask's bid slice ran over the moon's index: IndexError.
    """
    index = ActionIndex(MOON)
    state = pn.new_game(MOON, seed=3)
    for _ in range(3):  # the first bids, each seat's mask
        assert state.phase is Phase.AUCTION
        seat = state.to_act
        assert seat is not None
        view = pn.observe(state, seat)
        assert isinstance(view.legal_actions, BidChoices)
        chosen = {index.decode(i, view) for i in index.legal_indices(view)}
        assert chosen == set(pn.legal_actions(state))
        assert ShootTheMoon() not in chosen
        state = pn.apply(state, pn.legal_actions(state)[1])  # the lowest bid
