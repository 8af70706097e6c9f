"""The arena's throughput on each backend: deals per second, scaling, and Ray's cost a task.

For hard-vs-medium and expert-vs-hard (pinochlerun), the same deals are played in this
process (local, 1 worker), in a local pool of 2 processes, and on a local Ray of 2 CPUs
started here; the three results must be equal (the script says so). It prints deals per
second, the scaling efficiency (rate with 2 workers / (2 x rate with 1)), Ray's rate
against the local pool's, and Ray's overhead a task, measured two ways: an empty task's
round trip, and a chunk of one cheap deal (random players) on Ray against the same in
this process. The machine's load average is printed first: the figures are side by side
in one run, so compare them with each other, not with another run's.

Run::

    python benchmarks/arena_scaling.py            # about 3 minutes on 2 quiet cores
    python benchmarks/arena_scaling.py --quick    # fewer deals
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from pinochle.arena import run_match

MATCHES = (("hard", "medium", 100), ("expert", "hard", 24))
"""(A, B, deals) of each measured match."""


def rate(seconds: float, deals: int) -> float:
    return deals / seconds if seconds > 0 else float("nan")


def _nothing() -> None:
    """An empty task."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a quarter of the deals")
    parser.add_argument("--variant", default="pinochlerun")
    args = parser.parse_args(argv)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    import ray

    load = os.getloadavg()
    print(
        f"python {sys.version.split()[0]}, ray {ray.__version__}, os.cpu_count() = "
        f"{os.cpu_count()}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    print(f"local Ray of 2 CPUs started in {time.perf_counter() - start:.1f} s")
    print()
    print(
        "| Match | Deals | Local, 1 worker | Local, 2 workers | Ray, 2 CPUs "
        "| Scaling efficiency | Ray / local 2 | Equal results |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for a, b, deals in MATCHES:
        deals = max(2, deals // 4) if args.quick else deals
        runs: dict[str, Any] = {}
        for label, options in (
            ("one", {"workers": 1}),
            ("two", {"workers": 2}),
            ("ray", {"backend": "ray"}),
        ):
            runs[label] = run_match(args.variant, a, b, deals=deals, **options)
        one, two, on_ray = (rate(runs[k].seconds, deals) for k in ("one", "two", "ray"))
        equal = runs["one"] == runs["two"] == runs["ray"]
        print(
            f"| {a}-{b} | {deals} | {one:.2f} deals/s | {two:.2f} deals/s | {on_ray:.2f} deals/s "
            f"| {two / (2 * one):.0%} | {on_ray / two:.2f} | {'yes' if equal else 'NO'} |"
        )

    nothing = ray.remote(_nothing)
    ray.get([nothing.remote() for _ in range(20)])  # warm the workers
    tasks = 200
    start = time.perf_counter()
    ray.get([nothing.remote() for _ in range(tasks)])
    empty = (time.perf_counter() - start) / tasks
    start = time.perf_counter()
    for _ in range(50):
        ray.get(nothing.remote())
    serial = (time.perf_counter() - start) / 50
    # Chunks of one cheap deal each: Ray's cost a chunk above playing it here.
    deals = 40
    here = run_match(args.variant, "random", "random", deals=deals, workers=1)
    there = run_match(args.variant, "random", "random", deals=deals, backend="ray", workers=1)
    per_chunk = (there.seconds - here.seconds) / there.chunks
    print()
    print(
        f"Ray overhead: {empty * 1e3:.2f} ms an empty task (200 in flight), "
        f"{serial * 1e3:.2f} ms an empty task's round trip one at a time; "
        f"{per_chunk * 1e3:.1f} ms a chunk above this process ({there.chunks} chunks of "
        f"random-vs-random, one task in flight, {here.seconds:.2f} s here, "
        f"{there.seconds:.2f} s on Ray)"
    )
    ray.shutdown()


if __name__ == "__main__":
    main()
