"""Hard's work per decision against a baseline commit, in machine instructions, one by one.

`benchmarks/bots_versus.py` times each decision with the CPU clock; on this shared machine
those medians move by 10-30% between runs (the baseline's more than this tree's), which is
more than the margin a "third of the baseline" goal leaves. This script counts instead:
it plays seeded hands with Hard in every seat on the baseline's ``src/`` and on this
tree's, each under valgrind's callgrind, and counts the instructions of every decision with
a choice on its own (the callgrind options ``--zero-before=getppid`` and
``--dump-before=getuid``: the workload calls ``os.getppid()`` just before
``HardBot.choose`` and ``os.getuid()`` just after, so each decision lands in a dump of its
own; about 400 instructions of the count are those two calls, on both sides). The counts
are the same from run to run, whatever else the machine does.

It prints, per profile, the median instructions of the card decisions with a choice and of
every decision with a choice on both trees and their ratio (this tree / baseline: below 1
is less work), then the median by kind of decision (a first or a later bid, trump, a lead,
a follow, a two-hand play while the stock lasts, ...). The first hand of each run warms
the caches and is not counted. Needs ``valgrind``; a few minutes.

Run: ``python benchmarks/hard_instructions.py [--baseline REV] [--profiles a,b] [--hands N]``
(default baseline cffea72, 24 hands a profile).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from _baseline import ROOT, baseline_tree

PROFILES = "pinochlerun,pagat-partnership,pinochlerun-double-deck,bicycle-two-handed,cutthroat-3"
CARD_KINDS = {"lead", "follow", "stock lead", "stock follow"}

WORKLOAD = r"""
import json, os, sys
import pinochle as pn
from pinochle.bots import HardBot

variant = pn.load_variant(sys.argv[1])
hands = int(sys.argv[2])
start, stop = os.getppid, os.getuid  # the markers callgrind zeroes and dumps at
kinds = []
for number in range(hands + 1):  # hand 0 warms the caches
    bots = [HardBot(seed=number * 10 + s) for s in range(variant.deal.players)]
    state = pn.new_game(variant, seed=number)
    while not state.results:
        seat = state.to_act
        view = pn.observe(state, seat)
        bot = bots[seat]
        if len(view.legal_actions) < 2:
            state = pn.apply(state, bot.choose(view))
            continue
        phase = view.phase
        if phase is pn.Phase.TRICKS:
            kind = "lead" if not view.trick else "follow"
            if view.turn_up is not None:
                kind = "stock " + kind
        elif phase is pn.Phase.AUCTION:
            kind = "later bid" if any(s == seat for s, _ in view.auction) else "first bid"
        else:
            kind = str(phase)
        start()
        action = bot.choose(view)
        stop()
        kinds.append((number, kind))
        state = pn.apply(state, action)
print(json.dumps({"file": pn.__file__, "kinds": kinds}))
"""


def _count(src: Path, profile: str, hands: int) -> list[tuple[int, str, int]]:
    """Each decision's hand number, kind and instructions, in play order."""
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={tmp}/cg",
                "--zero-before=getppid",
                "--dump-before=getuid",
                sys.executable,
                "-s",  # no user site: its check at start-up calls getuid, a marker
                "-c",
                WORKLOAD,
                profile,
                str(hands),
            ],
            env={**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"},
            check=True,
            capture_output=True,
            text=True,
        )
        data = json.loads(out.stdout.strip().splitlines()[-1])
        assert str(data["file"]).startswith(str(src)), "the run imported the wrong tree"
        kinds: list[tuple[int, str]] = data["kinds"]
        dumps = sorted(Path(tmp).glob("cg.*"), key=lambda p: int(p.suffix[1:]))
        assert len(dumps) == len(kinds), "a marker was called outside a decision"
        counts = []
        for dump in dumps:
            found = re.search(r"^summary: (\d+)", dump.read_text(), re.MULTILINE)
            assert found, f"no summary in {dump}"
            counts.append(int(found.group(1)))
    return [(hand, k, n) for (hand, k), n in zip(kinds, counts, strict=True)]


def _same_hands(
    old: list[tuple[int, str, int]], new: list[tuple[int, str, int]]
) -> tuple[list[tuple[str, int]], list[tuple[str, int]], list[int]]:
    """Both runs' counted decisions, in the hands whose decisions agree, and the others.

    A rule the engine corrected after the baseline (a bury it now offers, say) sends a
    hand another way; such hands are left out of both sides. Hand 0 warms the caches.
    """
    hands = {h for h, _, _ in old} | {h for h, _, _ in new}
    kept: tuple[list[tuple[str, int]], list[tuple[str, int]]] = ([], [])
    apart = []
    for hand in sorted(hands - {0}):
        a = [(k, n) for h, k, n in old if h == hand]
        b = [(k, n) for h, k, n in new if h == hand]
        if [k for k, _ in a] != [k for k, _ in b]:
            apart.append(hand)
            continue
        kept[0].extend(a)
        kept[1].extend(b)
    return kept[0], kept[1], apart


def _median(rows: list[tuple[str, int]], kinds: set[str] | None = None) -> float:
    return statistics.median(n for k, n in rows if kinds is None or k in kinds)


def main() -> None:
    """Count both trees and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="cffea72", help="git revision (default cffea72)")
    parser.add_argument("--profiles", default=PROFILES)
    parser.add_argument("--hands", type=int, default=24, help="counted hands (default 24)")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"baseline {args.baseline} vs this tree; {os.cpu_count()} cores, load {load:.2f}")
    print("(instructions are counted, not timed: the load does not change them)")
    with baseline_tree(args.baseline) as base:
        trees = (base, ROOT)
        for profile in args.profiles.split(","):
            with ThreadPoolExecutor(2) as pool:
                runs = [pool.submit(_count, t / "src", profile, args.hands) for t in trees]
                old, new, apart = _same_hands(*(run.result() for run in runs))
            if apart:
                print(f"{profile}: hands {apart} left out (their decisions went apart)")
            for label, kinds in (("cards", CARD_KINDS), ("all", None)):
                a, b = _median(old, kinds), _median(new, kinds)
                n = sum(1 for k, _ in new if kinds is None or k in kinds)
                print(
                    f"{profile:<24} {label:<6} n={n:<5} base {a:>9.0f}  this {b:>9.0f}  "
                    f"ratio {b / a:.3f}"
                )
            for kind in sorted({k for k, _ in new}):
                a, b = _median(old, {kind}), _median(new, {kind})
                n = sum(1 for k, _ in new if k == kind)
                print(f"    {kind:<14} n={n:<5} base {a:>9.0f}  this {b:>9.0f}  {b / a:.3f}")


if __name__ == "__main__":
    main()
