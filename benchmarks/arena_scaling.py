"""The arena's throughput on each backend: deals per second, scaling, and Ray's cost a task.

For hard-vs-medium and expert-vs-hard (pinochlerun), the same deals are played in this
process (local, 1 worker), in a local pool of 2 processes, and on a local Ray of 2 CPUs
started here; the three results must be equal (the script says so). Each backend is
opened once and warmed up with a small match (the workers start and import the library),
so the rates are of a running backend; the start-up is printed apart. It prints deals per
second, the scaling efficiency (rate with 2 workers / (2 x rate with 1)), Ray's rate
against the local pool's, and Ray's overhead a task, measured two ways: an empty task
(200 in flight, and one at a time), and chunks of one cheap deal (random players), one
task in flight, on Ray against the same in this process. The machine's load average is
printed first: the figures are side by side in one run, so compare them with each other,
not with another run's.

Run::

    python benchmarks/arena_scaling.py            # about 5 minutes on 2 quiet cores
    python benchmarks/arena_scaling.py --quick    # a quarter of the deals
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from pinochle.arena import MatchResult
from pinochle.arena._backends import Backend, open_backend
from pinochle.arena._match import _checked, _play_match

MATCHES = (("hard", "medium", 100), ("expert", "hard", 24))
"""(A, B, deals) of each measured match."""


def _nothing() -> None:
    """An empty task."""


def play(runner: Backend, variant: str, a: str, b: str, deals: int) -> MatchResult:
    rules, specs, names, count, seed, folder, games = _checked(
        variant, a, b, deals, 0, None, "hand"
    )
    return _play_match(runner, rules, specs, names, count, seed, folder, games, None)


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
    runners: dict[str, Backend] = {}
    for label, backend, workers in (("one", "local", 1), ("two", "local", 2), ("ray", "ray", 2)):
        start = time.perf_counter()
        runners[label] = open_backend(backend, workers, None)
        play(runners[label], args.variant, "random", "random", 16)  # start every worker
        print(f"{label}: opened and warmed up in {time.perf_counter() - start:.1f} s")
    print()
    print(
        "| Match | Deals | Local, 1 worker | Local, 2 workers | Ray, 2 CPUs "
        "| Scaling efficiency | Ray / local 2 | Equal results |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for a, b, deals in MATCHES:
        deals = max(2, deals // 4) if args.quick else deals
        runs = {k: play(r, args.variant, a, b, deals) for k, r in runners.items()}
        one, two, on_ray = (deals / runs[k].seconds for k in ("one", "two", "ray"))
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
    # Chunks of one cheap deal each, one task in flight: Ray's cost a chunk above this process.
    single = open_backend("ray", 1, None)
    deals = 40
    here = play(runners["one"], args.variant, "random", "random", deals)
    there = play(single, args.variant, "random", "random", deals)
    per_chunk = (there.seconds - here.seconds) / there.chunks
    print()
    print(
        f"Ray overhead: {empty * 1e3:.2f} ms an empty task (200 in flight), "
        f"{serial * 1e3:.2f} ms an empty task's round trip one at a time; "
        f"{per_chunk * 1e3:.1f} ms a chunk above this process ({there.chunks} chunks of "
        f"random-vs-random, one task in flight: {here.seconds:.2f} s here, "
        f"{there.seconds:.2f} s on Ray)"
    )
    for runner in runners.values():
        runner.close()


if __name__ == "__main__":
    main()
