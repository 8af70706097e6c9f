"""pinochle.arena on Ray: the same results as the local backends, records, retries (issue 14).

These tests need the ``ray`` extra; without it they are skipped with a reason starting
"extra ray:". They start a small local Ray cluster of their own (2 CPUs, no dashboard)
once for the module and shut it down after; every test is bounded by an alarm, so a Ray
that never answers fails the test instead of hanging the suite.
"""

from __future__ import annotations

import functools
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType, ModuleType

import pytest

ray = pytest.importorskip("ray", reason="extra ray: pip install 'pinochle-rules[ray]'")

import arena_players  # noqa: E402 - after the skip
import pinochle as pn  # noqa: E402
from pinochle.arena import (  # noqa: E402
    ArenaError,
    MatchInterrupted,
    read_records,
    run_match,
    run_tournament,
)
from pinochle.records import replay  # noqa: E402

LIMIT_SECONDS = 240


@pytest.fixture(scope="module")
def cluster() -> Iterator[ModuleType]:
    """A local Ray of 2 CPUs for this module; the players' module travels by value."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    os.environ.setdefault("RAY_DEDUP_LOGS", "0")
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        object_store_memory=100 * 1024 * 1024,
    )
    ray.cloudpickle.register_pickle_by_value(arena_players)  # the workers cannot import it
    try:
        yield ray
    finally:
        ray.cloudpickle.unregister_pickle_by_value(arena_players)
        ray.shutdown()


@pytest.fixture(autouse=True)
def bounded() -> Iterator[None]:
    """Fail (never hang) a test that Ray does not finish in time."""

    def expire(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError(f"the Ray test took more than {LIMIT_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(LIMIT_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize(
    ("variant", "a", "b"),
    [("pinochlerun", "easy", "random"), ("cutthroat-3", "medium", "easy")],
)
def test_ray_local_one_worker_and_local_two_workers_are_equal(
    cluster: ModuleType, variant: str, a: str, b: str
) -> None:
    one = run_match(variant, a, b, deals=6, workers=1)
    two = run_match(variant, a, b, deals=6, workers=2)
    on_ray = run_match(variant, a, b, deals=6, backend="ray")
    assert on_ray.backend == "ray"
    assert on_ray.workers == 2  # the cluster's CPUs
    assert one == two == on_ray
    assert one.margins == on_ray.margins
    assert (one.mean, one.ci) == (on_ray.mean, on_ray.ci)


def test_ray_plays_callables_and_whole_games(cluster: ModuleType) -> None:
    here = run_match(
        "bicycle-two-handed", arena_players.global_random, "easy", deals=2, workers=1, play="game"
    )
    there = run_match(
        "bicycle-two-handed",
        arena_players.global_random,
        "easy",
        deals=2,
        backend="ray",
        play="game",
    )
    assert here == there
    assert here.wins == there.wins


def test_ray_writes_records_that_replay(cluster: ModuleType, tmp_path: Path) -> None:
    match = run_match("pinochlerun", "easy", "random", deals=3, backend="ray", records=tmp_path)
    games = list(read_records(tmp_path))
    assert len(games) == 3 * 2
    for game in games:
        seating = match.deals[game.deal].seatings[game.seating]
        assert replay(game.record).results[0].scores == seating.scores


def test_ray_retries_a_lost_worker_and_counts_its_deals_once(
    cluster: ModuleType, tmp_path: Path
) -> None:
    dying = functools.partial(arena_players.dying_once, str(tmp_path / "died"))
    lost = run_match("pinochlerun", dying, "random", deals=4, backend="ray", records=tmp_path / "r")
    assert (tmp_path / "died").exists()  # a Ray worker did die
    calm = run_match("pinochlerun", arena_players.seeded_easy, "random", deals=4, workers=1)
    assert lost.deals == calm.deals
    assert len(list(read_records(tmp_path / "r"))) == 4 * 2


def test_ray_names_a_failing_player(cluster: ModuleType) -> None:
    with pytest.raises(ArenaError, match=r"player 'broken' \(B\).*ValueError: my bot broke"):
        run_match("pinochlerun", "easy", arena_players.broken, deals=2, backend="ray")


def test_ray_names_a_player_it_cannot_send(cluster: ModuleType) -> None:
    locked = functools.partial(arena_players.dying_once, threading.Lock())  # type: ignore[arg-type]
    with pytest.raises(pn.ArgumentError, match=r"^a: .*found player 'dying_once'"):
        run_match("pinochlerun", locked, "easy", deals=1, backend="ray")


def test_ray_tournament_equals_the_local_one(cluster: ModuleType) -> None:
    players = ["random", "easy"]
    here = run_tournament("pinochlerun", players, deals=3, workers=1)
    there = run_tournament("pinochlerun", players, deals=3, backend="ray")
    assert here == there


def test_a_ray_the_caller_started_is_left_running(cluster: ModuleType) -> None:
    run_match("pinochlerun", "random", "random", deals=1, backend="ray")
    assert cluster.is_initialized()


def test_ctrl_c_on_ray_reports_the_finished_chunks_and_cancels_the_rest(
    cluster: ModuleType,
) -> None:
    def press_ctrl_c(done: int, total: int) -> None:  # in the driver, as a Ctrl-C would
        if done:
            raise KeyboardInterrupt

    with pytest.raises(MatchInterrupted) as info:
        run_match("pinochlerun", "easy", "random", deals=40, backend="ray", progress=press_ctrl_c)
    partial = info.value.result
    assert partial.interrupted
    assert 0 < partial.n < 40
    whole = run_match("pinochlerun", "easy", "random", deals=40, workers=1)
    assert all(deal == whole.deals[deal.index] for deal in partial.deals)
    # The cluster is still there for the next match.
    assert run_match("pinochlerun", "easy", "random", deals=2, backend="ray").n == 2


def test_the_command_on_ray(cluster: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    from pinochle.arena import MatchResult
    from pinochle.cli import main

    argv = "arena --backend ray --a easy --b random --deals 2 --json"
    assert main(argv.split()) == 0
    result = MatchResult.from_json(capsys.readouterr().out)
    assert result.backend == "ray"
    assert result == run_match("pinochlerun", "easy", "random", deals=2, workers=1)
