"""Expert with other settings against the Expert before the exact solver (duplicate deals).

The baseline is ``ExpertBot(solver=False)``: today's defaults for the samples and the
play-out, the imagined deals finished along `pinochle.bots.search.best_line` from the last
two cards (`pinochle.bots.expert.ENDGAME`), which is what ``make_bot("expert")`` was
before the solver. The other player is ``ExpertBot(samples=N, playout=P, endgame=E)``, by
default today's defaults (``make_bot("expert")``: the exact solver from the profile's
`pinochle.bots.expert.EXACT` cards). ``--old`` plays against the older baseline instead,
``ExpertBot(samples=24, playout="quick", endgame=0)`` (S1's Expert, the frozen decisions of
``tests/test_bots_frozen.py``). Both are factories `pinochle.arena.run_match` accepts
(module-level partials, so they pickle into the worker processes).

Run: ``python benchmarks/expert_versus.py --variant pinochlerun --deals 200 [--samples N]
[--playout quick|hard] [--endgame E] [--seed S] [--workers N] [--old]``.
"""

from __future__ import annotations

import argparse
import functools

from pinochle import load_variant
from pinochle.arena import run_match
from pinochle.arena._cli import match_report
from pinochle.bots import ExpertBot


def main() -> None:
    """Play the match and print the arena's report of it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=None, help="default: by deck (SAMPLES)")
    parser.add_argument("--playout", choices=("quick", "hard"), default=None, help="by deck")
    parser.add_argument("--endgame", type=int, default=None, help="default: by profile (EXACT)")
    parser.add_argument("--variant", default="pinochlerun")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--old", action="store_true", help="against S1's Expert instead")
    args = parser.parse_args()
    new = functools.partial(
        ExpertBot, samples=args.samples, playout=args.playout, endgame=args.endgame
    )
    base = (
        functools.partial(ExpertBot, samples=24, playout="quick", endgame=0)
        if args.old
        else functools.partial(ExpertBot, solver=False)
    )
    result = run_match(
        args.variant, new, base, deals=args.deals, seed=args.seed, workers=args.workers
    )
    samples, playout = args.samples or "default", args.playout or "default"
    endgame = "default" if args.endgame is None else args.endgame
    against = (
        "ExpertBot(samples=24, playout='quick', endgame=0)"
        if args.old
        else ("ExpertBot(solver=False)")
    )
    print(f"A: ExpertBot(samples={samples}, playout={playout}, endgame={endgame}); B: {against}")
    print("\n".join(match_report(result, load_variant(args.variant))))


if __name__ == "__main__":
    main()
