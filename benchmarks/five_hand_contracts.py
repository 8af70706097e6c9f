"""How five-hand contracts end when one level plays every seat (docs/bots.md#five-hands).

Plays one hand for each of ``--deals`` seeded deals of the ``five-hand`` profile with the
same level at all five seats (seat s of deal i seeded ``10 i + s``) and prints, as one JSON
line: the contracts, how many the bidder's side made, the mean bid, how many were at the
minimum, how many bidders played alone, and the bidder's mean score a hand. The deals are
the same in every run, so two checkouts compare on the same deals: run it with
``PYTHONPATH`` set to each.

Run: ``python benchmarks/five_hand_contracts.py --level hard --deals 400``.
"""

from __future__ import annotations

import argparse
import json
import statistics

from pinochle import Outcome, apply, load_variant, new_game, observe
from pinochle.bots import LEVELS, make_bot

_MADE = (Outcome.MADE, Outcome.MADE_ON_MELD)


def contracts(level: str, deals: int, start: int = 0) -> dict[str, float]:
    """The contract figures of ``deals`` hands from seed ``start``, ``level`` at every seat."""
    variant = load_variant("five-hand")
    amounts: list[int] = []
    scores: list[int] = []
    made = alone = 0
    for seed in range(start, start + deals):
        state = new_game(variant, seed=seed)
        bots = [make_bot(level, seed=seed * 10 + s) for s in range(variant.deal.players)]
        while not state.results:
            seat = state.to_act
            assert seat is not None
            state = apply(state, bots[seat].choose(observe(state, seat)))
        result = state.results[-1]
        if result.bidder is None:
            continue
        amounts.append(result.bid)
        scores.append(result.scores[result.bidder])
        made += result.outcome in _MADE
        alone += result.partner is None
    return {
        "contracts": len(amounts),
        "made": made,
        "made_share": round(made / len(amounts), 3),
        "mean_bid": round(statistics.fmean(amounts), 2),
        "at_minimum": sum(a == variant.bidding.minimum for a in amounts),
        "alone": alone,
        "bidder_score": round(statistics.fmean(scores), 2),
    }


def main() -> None:
    """Parse the arguments and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=LEVELS, default="hard")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    args = parser.parse_args()
    found = contracts(args.level, args.deals, args.seed)
    print(json.dumps({"level": args.level, "deals": args.deals, **found}))


if __name__ == "__main__":
    main()
