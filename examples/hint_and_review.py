"""Ask for a hint at the table, then review a hand: what each decision cost.

An Easy player sits North among three Hard players for one pinochlerun hand. At North's
first card the hint values every legal card from North's view only (the other hands are
dealt many times in every way that fits what North has seen); after the hand, the review
asks the same question at each of North's decisions and marks the costly ones.
"""

from __future__ import annotations

import pinochle as pn
from pinochle.analysis import hint, review
from pinochle.bots import make_bot
from pinochle.records import record_of


def main() -> None:
    state = pn.new_game(pn.load_variant("pinochlerun"), seed=4)
    bots = [make_bot("easy", seed=0)] + [make_bot("hard", seed=seat) for seat in (1, 2, 3)]
    hinted = False
    while state.hand.number == 0 and not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = pn.observe(state, seat)
        if seat == 0 and state.phase is pn.Phase.TRICKS and not hinted:
            advice = hint(view, worlds=8)
            print(f"North holds {pn.format_cards(view.hand)}; {state.hand.trump} trump.")
            print(f"Hint: {advice.best.action} ({advice.measure} from here, best first):")
            for entry in advice.actions:
                low, high = round(entry.low), round(entry.high)
                print(f"  {entry.action}: about {entry.value:.1f} ({low}-{high})")
            hinted = True
        state = pn.apply(state, bots[seat].choose(view))
    report = review(record_of(state), 0, hand=1, worlds=8)
    print(f"North's hand reviewed: {len(report.decisions)} decisions")
    print(report.hands[0].summary)
    for decision in report.marked:
        print(f"  {decision.mark} {decision.text}")


if __name__ == "__main__":
    main()
