"""Expert with other settings against the Expert as it was, in the arena (duplicate deals).

The Expert as it played before this round's speed work chose exactly what it chooses now at
24 samples with the quick play-out and no endgame search (the frozen decisions of
``tests/test_bots_frozen.py`` pin that), so the baseline is ``ExpertBot(samples=24,
playout="quick", endgame=0)``; the other player is ``ExpertBot(samples=N, playout=P,
endgame=E)``, by default today's defaults (``make_bot("expert")``). Both are factories
`pinochle.arena.run_match` accepts (module-level partials, so they pickle into the worker
processes).

Run: ``python benchmarks/expert_versus.py --variant pinochlerun --deals 200 [--samples N]
[--playout quick|hard] [--endgame E] [--seed S] [--workers N]``.
"""

from __future__ import annotations

import argparse
import functools

from pinochle.arena import run_match
from pinochle.bots import ExpertBot
from pinochle.bots.expert import ENDGAME


def main() -> None:
    """Play the match and print its result as the arena does."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=None, help="default: by deck (SAMPLES)")
    parser.add_argument("--playout", choices=("quick", "hard"), default=None, help="by deck")
    parser.add_argument("--endgame", type=int, default=ENDGAME)
    parser.add_argument("--variant", default="pinochlerun")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    new = functools.partial(
        ExpertBot, samples=args.samples, playout=args.playout, endgame=args.endgame
    )
    base = functools.partial(ExpertBot, samples=24, playout="quick", endgame=0)
    result = run_match(
        args.variant, new, base, deals=args.deals, seed=args.seed, workers=args.workers
    )
    low, high = result.ci
    samples, playout = args.samples or "default", args.playout or "default"
    name = f"expert({samples}, {playout}, endgame {args.endgame})"
    print(f"{args.variant}: {name} - expert(24) over {len(result.deals)} deals:")
    print(f"  {result.mean:+.1f} points a hand, 95% interval [{low:+.1f}, {high:+.1f}]")


if __name__ == "__main__":
    main()
