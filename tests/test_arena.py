"""pinochle.arena, local backends: duplicate seating, statistics, seeds, records (issue 14)."""

from __future__ import annotations

import copy
import functools
import json
import math
import os
import pickle
import re
import statistics
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import arena_players
import pinochle as pn
from _ctrl_c import default_ctrl_c
from pinochle.arena import (
    ArenaError,
    DealResult,
    ExtraMissingError,
    MatchInterrupted,
    MatchResult,
    Rating,
    Seating,
    Timing,
    TournamentResult,
    bradley_terry,
    read_records,
    run_match,
    run_tournament,
)
from pinochle.arena._tournament import rate, shown_rating
from pinochle.cli import main
from pinochle.records import replay

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


# --- Duplicate seating --------------------------------------------------------------------


def test_partnership_deals_are_played_twice_with_the_seats_swapped() -> None:
    match = run_match("pinochlerun", "easy", "random", deals=2, seed=5, workers=1)
    assert [d.seed for d in match.deals] == [5, 6]
    assert [d.index for d in match.deals] == [0, 1]
    for deal in match.deals:
        first, second = deal.seatings
        assert first.roles == ("a", "b", "a", "b")
        assert second.roles == ("b", "a", "b", "a")
        # Partnerships: side = seat % 2, so A is side 0, then side 1.
        assert first.margin == first.scores[0] - first.scores[1]
        assert second.margin == second.scores[1] - second.scores[0]
        assert deal.margin == (first.margin + second.margin) / 2
    assert match.mean == statistics.fmean(d.margin for d in match.deals)


def test_three_hand_puts_a_alone_in_every_seat() -> None:
    match = run_match("cutthroat-3", "easy", "random", deals=2, workers=1)
    for deal in match.deals:
        assert [s.roles for s in deal.seatings] == [
            ("a", "b", "b"),
            ("b", "a", "b"),
            ("b", "b", "a"),
        ]
        for alone, seating in enumerate(deal.seatings):
            others = [p for seat, p in enumerate(seating.scores) if seat != alone]
            assert seating.margin == seating.scores[alone] - statistics.fmean(others)


def test_two_hand_swaps_the_two_seats() -> None:
    match = run_match("bicycle-two-handed", "random", "easy", deals=1, workers=1)
    first, second = match.deals[0].seatings
    assert (first.roles, second.roles) == (("a", "b"), ("b", "a"))
    assert first.margin == first.scores[0] - first.scores[1]
    assert second.margin == second.scores[1] - second.scores[0]


def make_match(margins: list[float]) -> MatchResult:
    deals = tuple(
        DealResult(i, i, (Seating(("a", "b"), 1, (0, 0), m),)) for i, m in enumerate(margins)
    )
    return MatchResult("pinochlerun", "hard", "medium", 0, len(margins), "hand", deals)


@pytest.mark.parametrize(
    ("margins", "verdict"),
    [
        ([10, 10, 10], "yes (hard better)"),  # sd 0: the interval is the point +10
        ([-4, -6, -5, -5], "yes (medium better)"),  # -5 +- 1.96 * 0.816 / 2 = -5 +- 0.8
        ([1, 3], "yes (hard better)"),  # 2 +- 1.96 * 1.414 / 1.414 = 2 +- 1.96
        ([-5, 5], "no"),  # 0 +- 9.8
        ([30], "no"),  # one deal: no interval
    ],
)
def test_significant_only_when_the_interval_excludes_zero(
    margins: list[float], verdict: str
) -> None:
    assert make_match(margins).verdict == verdict


def test_the_interval_is_the_mean_plus_or_minus_1_96_standard_errors() -> None:
    match = make_match([-4, -6, -5, -5])
    sd = math.sqrt((1 + 1 + 0 + 0) / 3)
    low, high = match.ci
    assert low == pytest.approx(-5 - 1.96 * sd / 2)
    assert high == pytest.approx(-5 + 1.96 * sd / 2)
    assert math.isnan(make_match([3]).half_width)


# --- The same seed, the same results, however the work is cut -----------------------------


def test_one_worker_and_two_workers_give_equal_results() -> None:
    one = run_match("pinochlerun", "medium", "easy", deals=10, workers=1)
    two = run_match("pinochlerun", "medium", "easy", deals=10, workers=2)
    assert one.chunks != two.chunks  # the work really was cut differently
    assert one == two
    assert one.margins == two.margins
    assert (one.mean, one.ci) == (two.mean, two.ci)


def test_a_deal_does_not_depend_on_its_place_in_the_match() -> None:
    # Deal 2 of a match from seed 0 is dealt from game seed 2, as deal 0 from seed 2 is:
    # its bots are seeded from the game seed, the seating and the seat only.
    longer = run_match("cutthroat-3", "easy", "medium", deals=3, seed=0, workers=1)
    alone = run_match("cutthroat-3", "easy", "medium", deals=1, seed=2, workers=1)
    assert longer.deals[2].seatings == alone.deals[0].seatings


def test_players_drawing_from_the_global_random_play_the_same_on_every_worker_count() -> None:
    one = run_match(
        "pinochlerun", arena_players.global_random, arena_players.seeded_easy, deals=6, workers=1
    )
    two = run_match(
        "pinochlerun", arena_players.global_random, arena_players.seeded_easy, deals=6, workers=2
    )
    assert one == two
    assert one.a == "global_random"


def test_in_process_the_callers_global_random_is_left_as_it_was() -> None:
    import random

    random.seed(99)
    expected = random.random()
    random.seed(99)
    run_match("pinochlerun", arena_players.global_random, "easy", deals=1, workers=1)
    assert random.random() == expected


def test_whole_games_count_the_wins() -> None:
    one = run_match("bicycle-two-handed", "easy", "random", deals=2, workers=1, play="game")
    two = run_match("bicycle-two-handed", "easy", "random", deals=2, workers=2, play="game")
    assert one == two
    wins = one.wins
    assert wins is not None
    assert wins.a + wins.b + wins.unfinished == 2 * 2
    assert wins.a > wins.b  # easy beats the uniformly random player
    for seating in (s for d in one.deals for s in d.seatings):
        assert seating.hands >= 1
    assert run_match("pinochlerun", "easy", "random", deals=1, workers=1).wins is None


# --- Any player ---------------------------------------------------------------------------


def test_any_callable_plays_in_process() -> None:
    from pinochle.bots import make_bot

    match = run_match("pinochlerun", lambda: make_bot("easy", 1), "random", deals=2, workers=1)
    assert match.n == 2
    assert match.a == "test_any_callable_plays_in_process.<locals>.<lambda>"


def test_a_player_that_cannot_reach_a_worker_is_named() -> None:
    with pytest.raises(pn.ArgumentError, match=r"^b: .*workers=1.*found player 'test_") as info:
        run_match("pinochlerun", "easy", lambda: arena_players.seeded_easy(), deals=2, workers=2)
    assert info.value.name == "b"
    locked = functools.partial(arena_players.dying_once, threading.Lock())  # type: ignore[arg-type]
    with pytest.raises(pn.ArgumentError, match=r"^a: .*found player 'dying_once'"):
        run_match("pinochlerun", locked, "easy", deals=2, workers=2)


def test_a_failing_player_is_named_with_the_deal_and_seat() -> None:
    for workers in (1, 2):
        with pytest.raises(ArenaError) as info:
            run_match("pinochlerun", "easy", arena_players.broken, deals=2, workers=workers)
        message = str(info.value)
        assert "player 'broken' (B)" in message
        assert re.search(r"deal (\d) \(game seed \1\), seating 0, seat 1 to act", message)
        assert "ValueError: my bot broke" in message
    with pytest.raises(ArenaError, match=r"player 'illegal' \(A\).*IllegalActionError"):
        run_match("pinochlerun", arena_players.illegal, "easy", deals=1, workers=1)


@pytest.mark.parametrize(
    ("arguments", "name"),
    [
        ({"a": "wizard"}, "a"),
        ({"b": 3}, "b"),
        ({"deals": 0}, "deals"),
        ({"deals": 2.5}, "deals"),
        ({"seed": -1}, "seed"),
        ({"backend": "spark"}, "backend"),
        ({"workers": 0}, "workers"),
        ({"address": "auto"}, "address"),  # an address is for Ray
        ({"play": "set"}, "play"),
        ({"variant": 7}, "variant"),
    ],
)
def test_bad_arguments_are_named(arguments: dict[str, object], name: str) -> None:
    given = {"variant": "pinochlerun", "a": "easy", "b": "random", "deals": 2, "workers": 1}
    given.update(arguments)
    with pytest.raises(pn.ArgumentError) as info:
        run_match(**given)  # type: ignore[arg-type]
    assert info.value.name == name


def test_the_ray_backend_without_ray_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    with pytest.raises(ExtraMissingError, match=r'pip install "pinochle-rules\[ray\]"'):
        run_match("pinochlerun", "easy", "random", deals=1, backend="ray")


def test_importing_the_arena_imports_neither_ray_nor_the_bots() -> None:
    code = (
        "import sys, pinochle, pinochle.arena, pinochle.cli\n"
        "print('ray' in sys.modules, 'pinochle.bots' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    assert out.split() == ["False", "False"]


# --- Records ------------------------------------------------------------------------------


def test_records_hold_every_game_and_replay_to_its_scores(tmp_path: Path) -> None:
    match = run_match(
        "pinochlerun", "easy", "random", deals=5, workers=2, records=tmp_path / "games"
    )
    files = sorted((tmp_path / "games").glob("*.jsonl"))
    assert len(files) == match.chunks  # one file per chunk
    games = list(read_records(tmp_path / "games"))
    assert [(g.deal, g.seating) for g in games] == [(d, s) for d in range(5) for s in range(2)]
    for game in games:
        seating = match.deals[game.deal].seatings[game.seating]
        assert game.roles == seating.roles
        assert game.players == tuple("easy" if r == "a" else "random" for r in game.roles)
        state = replay(game.record)
        assert state.results[0].scores == seating.scores
        assert game.record.seed == game.deal
        assert game.margin == seating.margin


def test_records_of_whole_games_replay_to_their_winner(tmp_path: Path) -> None:
    match = run_match(
        "cutthroat-3", "easy", "random", deals=1, workers=1, play="game", records=tmp_path
    )
    for game in read_records(tmp_path):
        seating = match.deals[game.deal].seatings[game.seating]
        state = replay(game.record)
        assert state.is_over
        assert state.winner is not None
        assert seating.winner == game.roles[state.winner]
        assert state.scores == seating.scores


# --- A lost worker ------------------------------------------------------------------------


def test_a_lost_worker_is_replaced_and_its_deals_are_counted_once(tmp_path: Path) -> None:
    dying = functools.partial(arena_players.dying_once, str(tmp_path / "died"))
    lost = run_match("pinochlerun", dying, "random", deals=8, workers=2, records=tmp_path / "r")
    assert (tmp_path / "died").exists()  # a worker did die
    assert lost.retries >= 1
    calm = run_match("pinochlerun", arena_players.seeded_easy, "random", deals=8, workers=1)
    assert lost.deals == calm.deals
    assert [d.index for d in lost.deals] == list(range(8))
    games = list(read_records(tmp_path / "r"))
    assert len(games) == 8 * 2  # never written twice


# --- Ctrl-C -------------------------------------------------------------------------------


def interrupted_run(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
        "ARENA_COUNTER": str(tmp_path / "count"),
        "ARENA_INTERRUPT_AT": "17",  # each deal makes 4 A players: during deal 4
    }
    command = [sys.executable, "-m", "pinochle", "arena", "--a", "arena_players:interrupting"]
    command += ["--b", "random", "--deals", "40", *extra]
    # A session of its own: the Ctrl-C reaches its process group, not the test runner.
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
        start_new_session=True,
        preexec_fn=default_ctrl_c,
    )


def test_ctrl_c_reports_the_deals_that_finished_and_exits_130(tmp_path: Path) -> None:
    done = interrupted_run(tmp_path, "--workers", "1")
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "pinochle: interrupted"
    lines = done.stdout.splitlines()
    assert lines[0] == "interrupted: 4 of 40 deals finished"
    assert "4 deals (seeds 0-3)" in lines[1]


def test_ctrl_c_json_holds_the_finished_deals_as_an_uninterrupted_run_plays_them(
    tmp_path: Path,
) -> None:
    done = interrupted_run(tmp_path, "--workers", "1", "--json")
    assert done.returncode == 130
    partial = MatchResult.from_json(done.stdout)
    assert partial.interrupted
    assert (partial.n, partial.requested) == (4, 40)
    whole = run_match("pinochlerun", arena_players.seeded_easy, "random", deals=4, workers=1)
    assert partial.deals == whole.deals


def test_ctrl_c_stops_the_worker_processes_too(tmp_path: Path) -> None:
    done = interrupted_run(tmp_path, "--workers", "2")
    assert done.returncode == 130, done.stderr
    assert done.stdout.startswith("interrupted: ")
    finished = int(done.stdout.split()[1])
    assert finished < 40


def test_match_interrupted_is_a_keyboard_interrupt_that_pickles() -> None:
    partial = make_match([1.0, 2.0])
    stop = MatchInterrupted(partial)
    assert isinstance(stop, KeyboardInterrupt)
    again = pickle.loads(pickle.dumps(stop))
    assert again.result == partial


# --- Values that cross processes and files ------------------------------------------------


def test_a_match_survives_json_pickle_and_copy() -> None:
    match = run_match("cutthroat-3", "easy", "random", deals=3, workers=1, play="game")
    back = MatchResult.from_json(match.to_json())
    assert back == match
    assert back.timings == match.timings
    assert pickle.loads(pickle.dumps(match)) == match
    assert copy.deepcopy(match) == match
    data = json.loads(match.to_json(deals=False))
    assert "deals" not in data
    assert data["wins"] == {"a": match.wins.a, "b": match.wins.b, "unfinished": 0}  # type: ignore[union-attr]


def test_the_timings_cover_each_player_and_phase() -> None:
    match = run_match("pinochlerun", "medium", "easy", deals=3, workers=1)
    assert set(match.timings) == {"a", "b"}
    for phases in match.timings.values():
        assert "auction" in phases
    tricks = match.timings["a"]["tricks"].count + match.timings["b"]["tricks"].count
    # Every played hand has 12 tricks of 4 cards; a hand ended after meld has none.
    assert tricks % 4 == 0
    assert tricks <= 3 * 2 * 48


positive = st.floats(min_value=1e-7, max_value=100, allow_nan=False)


@given(st.lists(positive, min_size=1, max_size=200), st.lists(positive, min_size=1, max_size=50))
def test_timing_percentiles_are_within_their_bin_and_merge_exactly(
    first: list[float], second: list[float]
) -> None:
    timing = Timing.of(first)
    for fraction in (0.5, 0.95):
        exact = sorted(first)[max(0, math.ceil(fraction * len(first)) - 1)]
        assert abs(timing.percentile(fraction) / exact - 1) <= 2 ** (1 / 64) - 1 + 1e-12
    merged = timing.merge(Timing.of(second))
    direct = Timing.of(first + second)
    assert (merged.count, merged.bins, merged.fastest, merged.slowest) == (
        direct.count,
        direct.bins,
        direct.fastest,
        direct.slowest,
    )
    assert merged.total == pytest.approx(direct.total)


# --- Tournaments and ratings --------------------------------------------------------------


def test_bradley_terry_two_players() -> None:
    # 3 wins to 1: the strength ratio is 3, so the gap is 400·log10(3) Elo; the standard
    # error of the gap is 1/sqrt(n·p·(1-p)) = 1/sqrt(4·3/16), each rating carries half.
    ratings, errors = bradley_terry([[0, 3], [1, 0]])
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(3))
    assert ratings[0] + ratings[1] == pytest.approx(0)
    elo = 400 / math.log(10)
    assert errors[0] == pytest.approx(elo * (1 / math.sqrt(0.75)) / 2)


def test_bradley_terry_solves_its_likelihood_equations() -> None:
    # The maximum-likelihood strengths make each player's expected wins its actual wins.
    wins = [[0, 7, 9], [3, 0, 6], [1, 4, 0]]
    ratings, errors = bradley_terry(wins)
    strength = [10 ** (r / 400) for r in ratings]
    for i in range(3):
        expected = sum(
            (wins[i][j] + wins[j][i]) * strength[i] / (strength[i] + strength[j])
            for j in range(3)
            if j != i
        )
        assert expected == pytest.approx(sum(wins[i]))
    assert ratings[0] > ratings[1] > ratings[2]
    assert all(e > 0 for e in errors)


def test_a_tournament_plays_every_pair_and_rates_the_stronger_higher() -> None:
    result = run_tournament("pinochlerun", ["random", "easy", "medium"], deals=4, workers=1)
    assert [(m.a, m.b) for m in result.matches] == [
        ("random", "easy"),
        ("random", "medium"),
        ("easy", "medium"),
    ]
    assert {m.deals[0].seed for m in result.matches} == {0}  # the same deals for every pair
    assert result.ratings[-1].player == "random"
    assert sum(r.rating for r in result.ratings) == pytest.approx(0, abs=1e-9)
    assert result.mean("easy", "random") == -result.mean("random", "easy")
    means = result.means
    assert means[0][0] is None
    assert means[0][1] == result.matches[0].mean
    table = result.table()
    assert table.splitlines()[0].startswith("| Rank | Player | Rating |")
    json.loads(result.to_json())
    again = run_tournament("pinochlerun", ["random", "easy", "medium"], deals=4, workers=2)
    assert again == result


def test_a_tournament_needs_two_players_with_different_names() -> None:
    with pytest.raises(pn.ArgumentError, match="at least two"):
        run_tournament("pinochlerun", ["easy"], deals=1)
    with pytest.raises(pn.ArgumentError, match="'easy' twice"):
        run_tournament("pinochlerun", ["easy", "Easy"], deals=1)


# --- The command --------------------------------------------------------------------------


def test_the_command_reports_a_match(capsys: pytest.CaptureFixture[str]) -> None:
    argv = "arena --variant pinochlerun --a easy --b random --deals 3 --workers 1"
    assert main(argv.split()) == 0
    lines = capsys.readouterr().out.splitlines()
    expected = run_match("pinochlerun", "easy", "random", deals=3, workers=1)
    assert lines[0].startswith("pinochlerun: easy (A) against random (B), 3 deals (seeds 0-2)")
    assert f"{expected.mean:+.1f} ± {expected.half_width:.1f}" in lines[1]
    assert "| Player | Phase | Decisions | Median | 95th percentile |" in lines


def test_the_command_writes_json_and_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["arena", "--a", "easy", "--b", "random", "--deals", "2", "--workers", "2"]
    assert main([*argv, "--json", "--records", str(tmp_path)]) == 0
    result = MatchResult.from_json(capsys.readouterr().out)
    assert result == run_match("pinochlerun", "easy", "random", deals=2, workers=1)
    assert len(list(read_records(tmp_path))) == 4


@pytest.mark.parametrize(
    "argv",
    [
        "arena --a wizard",
        "arena --deals 0",
        "arena --workers 0",
        "arena --address auto",
        "arena --variant nosuch",
        "arena --a nosuchmodule:make",
    ],
)
def test_bad_command_input_is_one_line_and_status_2(
    argv: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv.split()) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("pinochle: error: ")


def test_an_unknown_backend_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    argv = "arena --backend spark"
    assert main(argv.split()) == 2
    assert "invalid choice: 'spark'" in capsys.readouterr().err


def test_a_failing_player_on_the_command_line_is_status_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(TESTS))
    argv = "arena --a arena_players:broken --b easy --deals 1 --workers 1"
    assert main(argv.split()) == 1
    assert "player 'broken' (A)" in capsys.readouterr().err


def test_the_ladder_prints_the_bots_pages_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = "arena --ladder --variants cutthroat-3 --deals 2 --deals-expert 1 --workers 1"
    assert main(argv.split()) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out if line.startswith("| cutthroat-3 (tens) |")]
    assert [row.split(" | ")[1:4] for row in rows[:4]] == [
        ["expert", "hard", "1"],
        ["hard", "medium", "2"],
        ["medium", "easy", "2"],
        ["easy", "random", "2"],
    ]
    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    assert out[0] in page.splitlines()  # the page's table is this command's table
    assert "pinochle arena --ladder" in page


def test_the_tournament_command(capsys: pytest.CaptureFixture[str]) -> None:
    argv = "arena --tournament random,easy --deals 2 --workers 1"
    assert main(argv.split()) == 0
    out = capsys.readouterr().out
    assert "| 1 | easy |" in out


def test_whole_games_need_a_game_that_ends() -> None:
    # pagat-auction-3 keeps chips: no target, no losing score, so a game never ends.
    with pytest.raises(pn.ArgumentError, match="has no end") as info:
        run_match("pagat-auction-3", "easy", "random", deals=1, workers=1, play="game")
    assert info.value.name == "play"


def test_records_must_be_a_folder(tmp_path: Path) -> None:
    taken = tmp_path / "file.txt"
    taken.write_text("mine", encoding="utf-8")
    with pytest.raises(pn.ArgumentError) as info:
        run_match("pinochlerun", "easy", "random", deals=1, workers=1, records=taken)
    assert info.value.name == "records"
    assert taken.read_text(encoding="utf-8") == "mine"


def test_ctrl_c_in_the_driver_of_a_pool_keeps_the_finished_chunks() -> None:
    def press_ctrl_c(done: int, total: int) -> None:
        if done:
            raise KeyboardInterrupt

    with pytest.raises(MatchInterrupted) as info:
        run_match("pinochlerun", "easy", "random", deals=30, workers=2, progress=press_ctrl_c)
    partial = info.value.result
    assert 0 < partial.n < 30
    whole = run_match("pinochlerun", "easy", "random", deals=30, workers=1)
    assert all(deal == whole.deals[deal.index] for deal in partial.deals)


def test_players_rated_alike_in_whole_points_share_a_rank() -> None:
    # Issue 26: easy and medium win the same deals here (+127 each), yet were ranked 1 and 2.
    result = run_tournament("pinochlerun", ["random", "easy", "medium"], deals=4, workers=1)
    assert result.ranks == (1, 1, 3)
    rows = [line.split(" | ")[:3] for line in result.table().splitlines()[2:5]]
    assert rows == [["| 1", "easy", "+127"], ["| 1", "medium", "+127"], ["| 3", "random", "-254"]]
    assert [r["rank"] for r in result.to_dict()["ratings"]] == [1, 1, 3]


def _match(a: str, b: str, margins: list[float]) -> MatchResult:
    deals = tuple(
        DealResult(i, i, (Seating(("a", "b"), 1, (0, 0), m),)) for i, m in enumerate(margins)
    )
    return MatchResult("pinochlerun", a, b, 0, len(margins), "hand", deals)


@pytest.mark.parametrize("order", [["x", "y", "z"], ["y", "z", "x"], ["z", "y", "x"]])
def test_players_rated_alike_are_listed_in_the_order_given(order: list[str]) -> None:
    # x and y split their deals and both beat z every time: equal ratings.
    matches = [
        _match("x", "y", [1, -1, 1, -1]),
        _match("x", "z", [5] * 4),
        _match("y", "z", [5] * 4),
    ]
    ratings = rate(order, matches)
    assert [r.player for r in ratings] == [p for p in order if p != "z"] + ["z"]
    result = TournamentResult("pinochlerun", tuple(order), tuple(matches), tuple(ratings))
    assert result.ranks == (1, 1, 3)


def test_ranks_follow_the_ratings_as_the_table_shows_them() -> None:
    def rating(player: str, value: float) -> Rating:
        return Rating(player, value, 10.0, 4, 2.0)

    result = TournamentResult(
        "pinochlerun",
        ("a", "b", "c", "d"),
        (),
        (rating("a", 127.6), rating("b", 127.4), rating("c", 126.6), rating("d", -381.6)),
    )
    # 128, 127, 127, -382: b and c look alike, so they rank alike; a is shown higher.
    assert result.ranks == (1, 2, 2, 4)
    assert shown_rating(126.50000000001) == shown_rating(126.49999999999)


def test_the_report_counts_one_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 26's plural slip: "1 deals", "1 worker(s), 1 chunk(s)".
    argv = "arena --variant pinochlerun --a easy --b random --deals 1 --workers 1"
    assert main(argv.split()) == 0
    out = capsys.readouterr().out
    assert "easy (A) against random (B), 1 deal (seeds 0-0)" in out
    assert "; local backend, 1 worker, 1 chunk, 0 retried" in out
    assert "(s)" not in out
