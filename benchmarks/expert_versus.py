"""Expert with other settings against the Expert as it was, in the arena (duplicate deals).

The Expert as it played before this round's speed work chose exactly what it chooses now at
24 samples (the frozen decisions of ``tests/test_bots_frozen.py`` pin that), so the
baseline is ``make_bot("expert", samples=24)``; the other player is ``make_bot("expert",
samples=N)``. Both are factories `pinochle.arena.run_match` accepts (module-level
partials, so they pickle into the worker processes).

Run: ``python benchmarks/expert_versus.py --samples 48 --variant pinochlerun --deals 200
[--workers N]``.
"""

from __future__ import annotations

import argparse
import functools

from pinochle.arena import run_match
from pinochle.bots import make_bot
from pinochle.bots.expert import SAMPLES


def main() -> None:
    """Play the match and print its result as the arena does."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--variant", default="pinochlerun")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    new = functools.partial(make_bot, "expert", samples=args.samples)
    base = functools.partial(make_bot, "expert", samples=24)
    result = run_match(
        args.variant, new, base, deals=args.deals, seed=args.seed, workers=args.workers
    )
    low, high = result.ci
    print(f"{args.variant}: expert({args.samples}) - expert(24) over {len(result.deals)} deals:")
    print(f"  {result.mean:+.1f} points a hand, 95% interval [{low:+.1f}, {high:+.1f}]")


if __name__ == "__main__":
    main()
