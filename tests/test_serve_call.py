"""The words for a five-hand call, called or asked (rules/deck-and-deal#five-hands, #two-winners).

The line that says why (`pinochle.explain_legal`) is what the web table shows above the
call panel and the terminal table prints: under ``deal.partner = "asked"`` the bidder asks
for any card, not a trump card.
"""

from __future__ import annotations

import pinochle as pn


def _to_call(name: str) -> pn.State:
    """The first seeded game of the profile that reaches the bidder's call."""
    variant = pn.load_variant(name)
    for seed in range(40):
        state = pn.new_game(variant, seed=seed)
        while state.phase in (pn.Phase.AUCTION, pn.Phase.TRUMP) and not state.results:
            state = pn.apply(state, pn.legal_actions(state)[0])
        if state.phase is pn.Phase.CALL:
            return state
    raise AssertionError("no game reached the call")  # pragma: no cover


def test_a_called_partner_is_asked_for_a_trump_card() -> None:
    """WP's five hands: the bidder calls a trump card; its first other player is the partner."""
    state = _to_call("five-hand")
    view = pn.observe(state, state.to_act)  # type: ignore[arg-type]
    assert {a.card.suit for a in view.legal_actions} == {state.hand.trump}  # type: ignore[union-attr]
    text = pn.explain_legal(view)
    assert text == "Call a trump card: the first other player to play a copy is your partner"


def test_an_asked_partner_is_any_card_from_the_bidders_right() -> None:
    """EF's notes: "After the bid is won the winner asks for a card starting with the person
    on their Right." Any card, not a trump card."""
    state = _to_call("five-hand-two-winner")
    view = pn.observe(state, state.to_act)  # type: ignore[arg-type]
    suits = {a.card.suit for a in view.legal_actions}  # type: ignore[union-attr]
    assert len(suits) == 4
    text = pn.explain_legal(view)
    assert text.startswith("Ask for any card: the first player from your right holding a copy")
    assert "trump" not in text
    assert len(text) < 90
