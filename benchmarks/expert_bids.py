"""How Expert's contracts end: bids against the meld after the pass and the tricks taken.

Plays one hand for each of ``--deals`` seeded deals in both seatings of a partnership
table, Expert's bidding at seats 0 and 2 (then 1 and 3) against Hard, and lists every
contract Expert's side won: the bid, the side's meld after the pass, its trick points, and
how the hand ended. It prints the share of Expert's contracts that were set, out of reach
(the bid above the meld plus every trick point: not played), or thrown in, and the side's
mean score a contract. Both sides play their cards as Hard does (``--expert-play``: Expert's
cards for Expert's side), so only the bids differ and a hand costs a few Expert bid
decisions.

``--old`` bids as Expert did before issue 18: the median of the imagined contracts that
were played, those that ended out of reach after the pass left out (the same sampled deals,
through ``pinochle.bots.expert.contracts``). ``--compare`` runs old and new on the same
deals and prints the paired difference of Expert's side's margin a hand; ``--arena`` plays
new bids against old head to head with `pinochle.arena.run_match`; ``--set NAME=VALUE``
sets a constant of ``pinochle.bots.expert`` (``REACH=0.9``) for the new bid.

Run: ``python benchmarks/expert_bids.py --compare --variant pagat-partnership --deals 400
--seed 1000`` or ``--arena --deals 300 --seed 2000``.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import random
import statistics
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from pinochle import (
    Action,
    Observation,
    Outcome,
    Pass,
    Phase,
    apply,
    deck_points,
    load_variant,
    new_game,
    observe,
)
from pinochle.arena import run_match
from pinochle.arena._play import bot_seed
from pinochle.bots import ExpertBot, HardBot, expert
from pinochle.bots.expert import SAMPLES, Contract


class BiddingExpert(ExpertBot):
    """Expert's bids (new or old), Hard's cards (unless ``cards``)."""

    def __init__(self, seed: int, *, old: bool, cards: bool) -> None:
        super().__init__(seed)
        self.old, self.cards = old, cards
        self.sources: list[Any] = []

    def choose(self, observation: Observation) -> Action:
        """Expert's bid; the card as Expert (``cards``) or Hard."""
        if observation.phase is Phase.TRICKS and not self.cards:
            return self._hard.choose(observation)
        return super().choose(observation)

    def _bid(self, observation: Observation) -> Action | None:
        action = super()._bid(observation)
        self.sources.append((observation.legal_actions[:2], action))
        return action

    def _supports(self, observation: Observation, found: list[Contract], amount: int) -> bool:
        if self.old:  # main before this change: the median of the imagined values
            values = sorted(c.value for c in found if not c.lost)  # it left those out
            samples = self.samples or SAMPLES[observation.variant.deal.deck]
            if len(values) < samples // 3:
                return self._hard.choose(observation) != Pass()
            return values[int(0.5 * (len(values) - 1))] >= amount
        return super()._supports(observation, found, amount)


def _deal(job: tuple[str, int, int, bool, bool]) -> list[dict[str, Any]]:
    name, seed, seating, old, cards = job
    variant = load_variant(name)
    players = [
        BiddingExpert(bot_seed(seed, seating, p), old=old, cards=cards)
        if p % 2 == seating
        else HardBot(bot_seed(seed, seating, p))
        for p in range(variant.deal.players)
    ]
    state = new_game(variant, seed=seed)
    while not state.results:
        seat = state.to_act
        assert seat is not None
        state = apply(state, players[seat].choose(observe(state, seat)))
    result = state.results[-1]
    mine = result.sides[seating].score - result.sides[1 - seating].score
    if result.bidder is None:
        return [{"seed": seed, "expert": False, "deal_margin": mine}]
    side = result.sides[result.bidder]
    return [
        {
            "deal_margin": mine,
            "seed": seed,
            "expert": result.bidder == seating,
            "bid": result.bid,
            "meld": side.meld,
            "points": side.points,
            "outcome": str(result.outcome),
            "score": side.score,
            "margin": side.score - result.sides[1 - result.bidder].score,
            "out_of_reach": result.bid - side.meld > deck_points(variant),
            "last": str(getattr(players[state.hand.bidder], "sources", [[None, "-"]])[-1][1])
            if state.hand.bidder is not None
            else "",
        }
    ]


def collect(
    name: str, deals: int, seed: int, *, old: bool, cards: bool, workers: int
) -> list[dict[str, Any]]:
    """Every hand's contract, for deals ``seed`` .. ``seed + deals - 1``, both seatings."""
    jobs = [(name, s, k, old, cards) for s in range(seed, seed + deals) for k in (0, 1)]
    if workers == 1:
        rows = list(map(_deal, jobs))
    else:
        with multiprocessing.Pool(workers) as pool:
            rows = pool.map(_deal, jobs, chunksize=4)
    return [row for part in rows for row in part]


def summary(rows: list[dict[str, Any]]) -> str:
    """The rates over Expert's contracts, one line."""
    mine = [r for r in rows if r["expert"]]
    n = len(mine)
    if not n:
        return "no contracts"
    outcomes = Counter(r["outcome"] for r in mine)
    reach = sum(r["out_of_reach"] for r in mine)
    bad = outcomes[str(Outcome.SET)] + outcomes[str(Outcome.NOT_ON_BOARD)]
    bad += outcomes[str(Outcome.THROWN_IN)]
    return (
        f"{n} contracts (mean bid {statistics.fmean(r['bid'] for r in mine):.0f}): "
        f"set {outcomes[str(Outcome.SET)] / n:.1%}, "
        f"out of reach {reach / n:.1%}, thrown in {outcomes[str(Outcome.THROWN_IN)] / n:.1%}, "
        f"all failed {bad / n:.1%}; mean score {statistics.fmean(r['score'] for r in mine):+.1f}, "
        f"margin {statistics.fmean(r['margin'] for r in mine):+.1f}"
    )


def compare(name: str, deals: int, seed: int, *, cards: bool, workers: int) -> None:
    """Old and new bids on the same deals; the paired difference of Expert's margin."""
    runs: dict[bool, list[dict[str, Any]]] = {}
    cache = Path(tempfile.gettempdir()) / f"expert_bids_old_{name}_{deals}_{seed}_{cards}.json"
    for old in (True, False):
        if old and cache.exists():
            runs[old] = json.loads(cache.read_text())
        else:
            runs[old] = collect(name, deals, seed, old=old, cards=cards, workers=workers)
            if old:
                cache.write_text(json.dumps(runs[old]))
        label = "old" if old else "new"
        print(f"{name} ({label} Expert bids, deals {seed}..): {summary(runs[old])}", flush=True)
    per_deal: dict[int, float] = {}
    for sign, rows in ((-1, runs[True]), (1, runs[False])):
        for r in rows:  # each deal's two seatings, averaged as the arena does
            per_deal[r["seed"]] = per_deal.get(r["seed"], 0.0) + sign * r["deal_margin"] / 2
    diffs = list(per_deal.values())
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    changed = sum(d != 0 for d in diffs)
    print(
        f"new minus old, Expert's side margin a hand: {mean:+.1f} ± {half:.1f} "
        f"over {len(diffs)} deals ({changed} changed)"
    )


def _player(old: bool, cards: bool) -> BiddingExpert:
    """A fresh player for the arena, seeded from `random` (the arena seeds it per game)."""
    return BiddingExpert(random.getrandbits(32), old=old, cards=cards)


def arena(name: str, deals: int, seed: int, *, cards: bool, workers: int) -> None:
    """New bids against old bids head to head in `pinochle.arena.run_match`."""
    new = functools.partial(_player, False, cards)
    old = functools.partial(_player, True, cards)
    result = run_match(name, new, old, deals=deals, seed=seed, workers=workers)
    low, high = result.ci
    print(f"{name}: new bids - old bids over {len(result.deals)} deals (seed {seed}):")
    print(f"  {result.mean:+.1f} points a hand, 95% interval [{low:+.1f}, {high:+.1f}]")


def main() -> None:
    """Collect and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="pagat-partnership")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--old", action="store_true")
    parser.add_argument("--expert-play", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE in the module")
    parser.add_argument("--arena", action="store_true", help="new against old, head to head")
    parser.add_argument("--compare", action="store_true", help="new against old, paired")
    parser.add_argument("--list", action="store_true", help="print every failed contract")
    args = parser.parse_args()
    for setting in args.set:  # e.g. REACH=0.8: try another setting of the new bid
        key, value = setting.split("=")
        setattr(expert, key, type(getattr(expert, key))(float(value)))
    if args.arena:
        arena(args.variant, args.deals, args.seed, cards=args.expert_play, workers=args.workers)
        return
    if args.compare:
        compare(args.variant, args.deals, args.seed, cards=args.expert_play, workers=args.workers)
        return
    rows = collect(
        args.variant,
        args.deals,
        args.seed,
        old=args.old,
        cards=args.expert_play,
        workers=args.workers,
    )
    if args.list:
        for r in rows:
            if r["expert"] and r["outcome"] != str(Outcome.MADE):
                print(r)
    label = "old" if args.old else "new"
    print(f"{args.variant} ({label} Expert bids, deals {args.seed}..): {summary(rows)}")


if __name__ == "__main__":
    main()
