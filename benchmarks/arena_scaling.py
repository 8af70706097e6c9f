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

On a machine shared with other work, wall-clock rates cannot show scaling: Linux's
autogroup scheduler gives each session one share, and every process of this script (the
pool's workers, Ray's daemons and workers) is in its session. So the script also counts
the CPU time of every process of its session (``/proc``) during each match: CPU-seconds a
deal is the cost that a machine's cores would have to pay, whatever else runs, and the
CPU-based efficiency (CPU a deal with 1 worker / CPU a deal with 2) is the share of the
work that is the match's and not the backend's.

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


def session_cpu() -> float:
    """CPU-seconds used so far by every live process of this session (Linux /proc)."""
    session = os.getsid(0)
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:  # fields after the name: state, ppid, pgrp, session
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


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
        "| Match | Deals | Backend | Wall rate | CPU a deal (session) | Rate on dedicated cores "
        "| Efficiency (CPU) | Efficiency (wall) | Equal results |"
    )
    print("|---|---:|---|---:|---:|---:|---:|---:|---|")
    labels = {"one": "local, 1 worker", "two": "local, 2 workers", "ray": "Ray, 2 CPUs"}
    cores = {"one": 1, "two": 2, "ray": 2}
    for a, b, deals in MATCHES:
        deals = max(2, deals // 4) if args.quick else deals
        runs, cpu = {}, {}
        for k, r in runners.items():
            before = session_cpu()
            runs[k] = play(r, args.variant, a, b, deals)
            cpu[k] = (session_cpu() - before) / deals
        equal = "yes" if runs["one"] == runs["two"] == runs["ray"] else "NO"
        wall_one = deals / runs["one"].seconds
        for k in runners:
            wall = deals / runs[k].seconds
            print(
                f"| {a}-{b} | {deals} | {labels[k]} | {wall:.2f} deals/s | {cpu[k]:.3f} s "
                f"| {cores[k] / cpu[k]:.2f} deals/s | {cpu['one'] / cpu[k]:.0%} "
                f"| {wall / (cores[k] * wall_one):.0%} | {equal} |"
            )

    nothing = ray.remote(_nothing)
    ray.get([nothing.remote() for _ in range(20)])  # warm the workers
    tasks = 200
    start, before = time.perf_counter(), session_cpu()
    ray.get([nothing.remote() for _ in range(tasks)])
    empty = (time.perf_counter() - start) / tasks
    empty_cpu = (session_cpu() - before) / tasks
    start = time.perf_counter()
    for _ in range(50):
        ray.get(nothing.remote())
    serial = (time.perf_counter() - start) / 50
    # Chunks of one cheap deal each, one task in flight: Ray's cost a chunk above this process.
    single = open_backend("ray", 1, None)
    deals = 40
    before = session_cpu()
    here = play(runners["one"], args.variant, "random", "random", deals)
    here_cpu, before = session_cpu() - before, session_cpu()
    there = play(single, args.variant, "random", "random", deals)
    there_cpu = session_cpu() - before
    per_chunk = (there.seconds - here.seconds) / there.chunks
    per_chunk_cpu = (there_cpu - here_cpu) / there.chunks
    print()
    print(
        f"Ray overhead: {empty * 1e3:.2f} ms wall and {empty_cpu * 1e3:.2f} ms CPU (session) "
        f"an empty task, 200 in flight; {serial * 1e3:.2f} ms an empty task's round trip one "
        f"at a time; {per_chunk * 1e3:.1f} ms wall and {per_chunk_cpu * 1e3:.1f} ms CPU a "
        f"chunk above this process ({there.chunks} chunks of random-vs-random, one task in "
        f"flight: {here.seconds:.2f} s here, {there.seconds:.2f} s on Ray)"
    )
    for runner in runners.values():
        runner.close()


if __name__ == "__main__":
    main()
