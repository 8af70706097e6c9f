"""Solve the last tricks of a hand exactly: every card's value and a best line.

Four Hard players play a pinochlerun hand until six cards a hand are left; then the
double-dummy solver (`pinochle.analysis`, every hand in view) values each card the seat to
act may play, and gives the line both sides would play from there.
"""

from __future__ import annotations

import pinochle as pn
from pinochle.analysis import card_values, solve
from pinochle.bots import make_bot


def main() -> None:
    state = pn.new_game(pn.load_variant("pinochlerun"), seed=2)
    bots = [make_bot("hard", seed=seat) for seat in range(4)]
    while not (state.phase is pn.Phase.TRICKS and len(state.hands[0]) == 6 and not state.trick):
        seat = state.to_act
        assert seat is not None
        state = pn.apply(state, bots[seat].choose(pn.observe(state, seat)))
    seat = state.to_act
    assert seat is not None
    print(f"Seat {seat} to lead, {state.hand.trump} trump; the hands:")
    for s, cards in enumerate(state.hands):
        print(f"  seat {s}: {pn.format_cards(cards)}")
    side = state.side_of(seat)
    print(f"What each lead is worth to side {side} (trick points from here):")
    for card, points in sorted(card_values(state).items(), key=lambda item: -item[1]):
        print(f"  {card}: {points}")
    solution = solve(state)
    print(f"With best play the sides take {solution.points}")
    print("A best line:", pn.format_cards(solution.line))


if __name__ == "__main__":
    main()
