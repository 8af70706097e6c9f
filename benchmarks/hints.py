"""Hints and review (`pinochle.analysis.hint`, `review`) against issue 29's goals 2 and 4.

The decision set: seeded whole games (``--games``, seeds from ``--seed``) played by bots of
mixed levels (``--levels``, a level a seat: by default Hard and Medium against Hard and
Easy, so that mistakes exist), recorded (`pinochle.records.record_of`); every decision of
the reviewed seats (``--seats``) that a review values (`hintable`, more than one distinct
legal action), with the action the bot took. The records are regenerated from the seeds
on every run; no data is kept.

Each decision is hinted as `review` does (the seat's observation, the action taken valued
too: ``hint(view, also=(action,))``) with seed 0 and ``--seeds`` other seeds (1, 2, ...),
for each setting asked (``--settings``: ``worlds/exact_from`` pairs, ``d`` for the
default). Its loss is the best value minus the action's; its mark is review's (`MARKS` of
`pinochle.deck_points`). Printed per setting:

- stability (goal 2): how many decisions seed 0 marks "??", and the share of the reruns
  with other seeds that mark them "?" or "??" again (the goal: at least 95%); the same for
  "?"; the share of unmarked decisions a rerun marks; how many decisions get the same best
  action at every seed;
- equal-best share (goal 2): on card decisions with at most ``--exact-cards`` cards in hand,
  the true state (every hand in view) solved with `pinochle.analysis.card_values`: the share
  of hints (every seed) whose suggested card's exact value is the maximum, overall and by
  cards in hand, and the suggested card's mean exact loss in points; beside it the same for
  the card the bot played;
- speed (goal 4): each hint's CPU time (``time.process_time``): card hints' median, 90th
  percentile (nearest rank) and maximum, by cards in hand; decisions before play by phase.

Then, with the first setting: each reviewed seat's whole game reviewed by `review` (seed 0),
its CPU time (median and maximum over the games; goal 4: at most a minute), and a check that
the review marks each decision as this script did. A difference, or a hint or review that
raises, is a bug: printed as ``BUG:`` at the end (the run goes on without it), exit 1.
A summary table of the settings ends the run.

Run: ``python benchmarks/hints.py [--profile P] [--games N] [--seed S] [--levels a,b,c,d]
[--seats 0,3] [--hands H] [--seeds K] [--settings d/d,8/5,...] [--exact-cards C] [--quick]``.
The default run (pinochlerun, 2 games, seats 0 and 3: about 320 decisions, 5 other seeds,
default settings) takes about half an hour on 2 cores; ``--quick`` is the smoke test's
(one hand, 2 worlds, one other seed). CPU time, but a loaded machine slows the caches: the
load is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import collections
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

import pinochle as pn
from pinochle.actions import Action, Play
from pinochle.analysis import MARKS, card_values, hintable, review, review_decision
from pinochle.bots import make_bot
from pinochle.cards import Card
from pinochle.errors import PinochleError
from pinochle.records import GameRecord, record_of, replay_states

LEVELS = {3: "hard,medium,easy", 4: "hard,medium,hard,easy"}
"""The default bots by players: a level a seat."""

SEATS = {3: "0,2", 4: "0,3"}
"""The default reviewed seats by players: a Hard seat and an Easy one."""

GOAL_STABLE = 0.95
"""Goal 2: the share of reruns that mark a "??" decision "?" or "??" again."""

GOAL_CARD = 1.0
"""Goal 4: a card hint's median CPU seconds."""

GOAL_REVIEW = 60.0
"""Goal 4: a whole game's review of one seat, CPU seconds."""


@attrs.frozen
class Decision:
    """One decision of a reviewed seat in a recorded game, and what the bot did."""

    game: int  # the game's seed
    seat: int
    index: int  # among the seat's decisions in the game, from 0
    hand: int  # from 1
    state: pn.State
    action: Action

    @property
    def cards(self) -> int:
        """Cards in the seat's hand at the decision."""
        return len(self.state.hands[self.seat])

    @property
    def is_card(self) -> bool:
        return self.state.phase is pn.Phase.TRICKS

    @property
    def where(self) -> str:
        trick = f", trick {len(self.state.tricks) + 1}" if self.is_card else ""
        return (
            f"game seed {self.game}, seat {self.seat}, hand {self.hand}{trick}, "
            f"{self.state.phase} ({self.action})"
        )


@attrs.frozen
class Run:
    """One hint of one decision at one seed."""

    seed: int
    best: Action
    loss: float
    mark: str
    seconds: float


@attrs.frozen
class Setting:
    """A hint's ``worlds`` and ``exact_from`` (None: the default)."""

    worlds: int | None
    exact_from: int | None

    def __str__(self) -> str:
        worlds = "default" if self.worlds is None else str(self.worlds)
        exact = "default" if self.exact_from is None else str(self.exact_from)
        return f"worlds {worlds}, exact_from {exact}"


def _setting(text: str) -> Setting:
    try:
        worlds, exact = text.split("/")
        return Setting(None if worlds == "d" else int(worlds), None if exact == "d" else int(exact))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a setting is worlds/exact_from, d for the default: {text!r}"
        ) from None


def play_games(
    profile: str, games: int, seed: int, levels: Sequence[str], hands: int | None
) -> list[GameRecord]:
    """``games`` seeded games of ``profile`` played to the end (or ``hands`` hands), recorded."""
    variant = pn.load_variant(profile)
    records = []
    for number in range(seed, seed + games):
        bots = [make_bot(level, seed=number * 10 + s) for s, level in enumerate(levels)]
        state = pn.new_game(variant, seed=number)
        while state.to_act is not None and (hands is None or len(state.results) < hands):
            state = pn.apply(state, bots[state.to_act].choose(pn.observe(state, state.to_act)))
        records.append(record_of(state))
    return records


def decisions_of(game: int, record: GameRecord, seats: Sequence[int]) -> list[Decision]:
    """The reviewed seats' decisions a review values (as `review` picks them)."""
    found: list[Decision] = []
    for state, action in zip(replay_states(record), record.actions, strict=False):
        seat = state.to_act
        if seat is None or seat not in seats:
            continue
        view = pn.observe(state, seat)
        if hintable(view) and len(set(view.legal_actions)) > 1:
            index = sum(d.seat == seat for d in found)
            found.append(Decision(game, seat, index, state.hand.number + 1, state, action))
    return found


MARKED = ("?", "??")
"""The marks goal 2 counts ("?!", a counter or so, is below them)."""


def _hinted(decision: Decision, setting: Setting, seed: int, full: float) -> Run:
    """The decision judged as `review` judges it (`review_decision`), timed."""
    view = pn.observe(decision.state, decision.seat)
    start = time.process_time()
    judged = review_decision(
        view,
        decision.action,
        worlds=setting.worlds,
        seed=seed,
        exact_from=setting.exact_from,
    )
    seconds = time.process_time() - start
    return Run(seed, judged.best, judged.loss, judged.mark, seconds)


def _nearest(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _s(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1e3:.0f} ms"


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} = {100 * part / whole:.1f}%" if whole else "0/0"


def _times(values: Sequence[float]) -> str:
    if not values:
        return "none"
    return (
        f"median {_s(statistics.median(values))}, p90 {_s(_nearest(values, 0.9))}, "
        f"max {_s(max(values))} ({len(values)})"
    )


def _machine() -> str:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (math.nan,) * 3
    return f"{os.cpu_count()} cores, load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"


def _tree() -> str:
    """Which pinochle the run imported, and its commit (``+`` when its tree has changes)."""
    src = Path(pn.__file__).resolve().parents[1]
    try:
        head = subprocess.run(
            ["git", "-C", str(src), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(src), "status", "--porcelain", "--", "."],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return str(src)
    return f"{src} at {head}{'+' if dirty else ''}"


def _progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


@attrs.frozen
class Summary:
    """One setting's figures for the closing table."""

    setting: Setting
    again: str  # "??" marked again
    again_q: str  # "?" marked again
    same: str  # the same best action at every seed
    equal: str  # equal-best share
    loss: str  # mean exact loss
    card: str  # card hint median / p90
    before: str  # before play median


def measure(
    decisions: Sequence[Decision],
    setting: Setting,
    seeds: int,
    full: float,
    exact: Callable[[Decision], dict[Card, int] | None],
    problems: list[str],
) -> tuple[Summary, dict[tuple[int, int, int], str]]:
    """Hint every decision at every seed with ``setting``; print the figures.

    Returns the setting's summary and each decision's mark at seed 0, keyed by
    (game, seat, index among the seat's decisions of the game). A hint that raises is
    added to ``problems`` and its decision left out of the figures.
    """
    runs: list[list[Run]] = []
    kept: list[Decision] = []
    for i, decision in enumerate(decisions):
        found: list[Run] = []
        for seed in range(seeds + 1):
            try:
                found.append(_hinted(decision, setting, seed, full))
            except PinochleError as error:  # a bug of the hint: kept for the end, not fatal
                problems.append(
                    f"{decision.where}, {setting}, seed {seed}: hint raised "
                    f"{type(error).__name__}: {error}"
                )
                break
        else:
            kept.append(decision)
            runs.append(found)
        if i % 25 == 24:
            _progress(f"  {setting}: {i + 1}/{len(decisions)} decisions ({_machine()})")
    left_out = len(decisions) - len(kept)
    decisions = kept
    print(
        f"{setting}: {len(decisions)} decisions, seed 0 and {seeds} other seeds"
        + (f" ({left_out} left out: a hint failed, see the end)" if left_out else "")
    )

    # Stability: marks and best actions across seeds.
    def again(first: str, kind: bool | None = None) -> tuple[int, int, int]:
        """(decisions marked ``first`` at seed 0, reruns, reruns marked ? or ?? again).

        ``kind``: card decisions only (True), decisions before play only (False), or all.
        """
        chosen = [
            r
            for d, r in zip(decisions, runs, strict=True)
            if r[0].mark == first and kind in (None, d.is_card)
        ]
        reruns = [run for r in chosen for run in r[1:]]
        return len(chosen), len(reruns), sum(run.mark in MARKED for run in reruns)

    twice, twice_runs, twice_again = again("??")
    once, once_runs, once_again = again("?")
    clean, clean_runs, clean_marked = again("")
    both = [r for r in runs if r[0].mark == "??"]
    as_both = sum(run.mark == "??" for r in both for run in r[1:])
    met = "met" if twice_runs and twice_again >= GOAL_STABLE * twice_runs else "NOT met"
    print(
        f"  marked ?? at seed 0: {twice}; reruns marked ? or ?? again: "
        f"{_share(twice_again, twice_runs)} (goal >= {GOAL_STABLE:.0%}: {met}); "
        f"?? again: {_share(as_both, twice_runs)}"
    )
    for mark in ("??", "?"):
        parts = []
        for name, kind in (("cards", True), ("before play", False)):
            _, rerun, kept_mark = again(mark, kind)
            parts.append(f"{name} {_share(kept_mark, rerun)}")
        print(f"    {mark} marked again by kind: " + ", ".join(parts))
    print(f"  marked ? at seed 0: {once}; reruns marked ? or ?? again: ", end="")
    print(_share(once_again, once_runs))
    print(
        f"  unmarked at seed 0: {clean}; reruns that mark them: {_share(clean_marked, clean_runs)}"
    )
    for d, r in zip(decisions, runs, strict=True):
        if r[0].mark == "??" and not all(run.mark in MARKED for run in r[1:]):
            losses = " ".join(f"{run.loss:.1f}" for run in r)
            print(f"    ?? not kept: {d.where}: losses at each seed {losses}")
    same = [len({run.best for run in r}) == 1 for r in runs]
    cards = [d.is_card for d in decisions]
    same_cards = sum(s for s, c in zip(same, cards, strict=True) if c)
    same_before = sum(s for s, c in zip(same, cards, strict=True) if not c)
    agree = sum(run.best == r[0].best for r in runs for run in r[1:])
    reruns = sum(len(r) - 1 for r in runs)
    print(
        f"  the same best action at every seed: {_share(sum(same), len(same))} "
        f"(cards {_share(same_cards, sum(cards))}, "
        f"before play {_share(same_before, len(cards) - sum(cards))}); "
        f"reruns whose best is seed 0's: {_share(agree, reruns)}"
    )
    parts = []
    for name, kind in (("cards", True), ("before play", False)):
        chosen = [r for d, r in zip(decisions, runs, strict=True) if d.is_card == kind]
        agreed = sum(run.best == r[0].best for r in chosen for run in r[1:])
        parts.append(f"{name} {_share(agreed, sum(len(r) - 1 for r in chosen))}")
    print("    reruns whose best is seed 0's by kind: " + ", ".join(parts))

    # Equal-best: the suggested card against the true state solved.
    equal: dict[int, list[tuple[bool, int]]] = collections.defaultdict(list)
    played: dict[int, list[tuple[bool, int]]] = collections.defaultdict(list)
    for decision, r in zip(decisions, runs, strict=True):
        values = exact(decision) if decision.is_card else None
        if values is None:
            continue
        top = max(values.values())
        for run in r:
            assert isinstance(run.best, Play)
            equal[decision.cards].append(
                (values[run.best.card] == top, top - values[run.best.card])
            )
        assert isinstance(decision.action, Play)
        lost = top - values[decision.action.card]
        played[decision.cards].append((lost == 0, lost))
    every = [entry for size in equal for entry in equal[size]]
    bots = [entry for size in played for entry in played[size]]
    equal_share = loss_mean = "n/a"
    if every:
        equal_share = f"{100 * sum(e for e, _ in every) / len(every):.1f}%"
        loss_mean = f"{statistics.fmean(lost for _, lost in every):.2f}"
        print(
            f"  equal-best (card decisions, true state solved, every seed): suggested card "
            f"equal-best in {_share(sum(e for e, _ in every), len(every))}, mean exact loss "
            f"{loss_mean} points; the bot's card: {_share(sum(e for e, _ in bots), len(bots))}, "
            f"mean loss {statistics.fmean(lost for _, lost in bots):.2f}"
        )
        print(
            "    by cards in hand: "
            + ", ".join(
                f"{size}: {100 * sum(e for e, _ in equal[size]) / len(equal[size]):.0f}% "
                f"(loss {statistics.fmean(lost for _, lost in equal[size]):.2f}, "
                f"{len(equal[size])})"
                for size in sorted(equal)
            )
        )

    # Speed: every run's CPU time.
    card_times: dict[int, list[float]] = collections.defaultdict(list)
    phase_times: dict[str, list[float]] = collections.defaultdict(list)
    for decision, r in zip(decisions, runs, strict=True):
        for run in r:
            if decision.is_card:
                card_times[decision.cards].append(run.seconds)
            else:
                phase_times[str(decision.state.phase)].append(run.seconds)
    all_cards = [t for size in card_times for t in card_times[size]]
    all_before = [t for phase in phase_times for t in phase_times[phase]]
    median = statistics.median(all_cards) if all_cards else math.nan
    met = "met" if median <= GOAL_CARD else "NOT met"
    print(f"  card hint CPU: {_times(all_cards)} (goal: median <= {GOAL_CARD:g} s: {met})")
    print(
        "    by cards in hand (median/p90): "
        + ", ".join(
            f"{size}: {_s(statistics.median(card_times[size]))}/"
            f"{_s(_nearest(card_times[size], 0.9))}"
            for size in sorted(card_times, reverse=True)
        )
    )
    print(f"  before play CPU: {_times(all_before)}")
    for phase in sorted(phase_times):
        print(f"    {phase}: {_times(phase_times[phase])}")
    sys.stdout.flush()

    marks: dict[tuple[int, int, int], str] = {}
    for decision, r in zip(decisions, runs, strict=True):
        marks[(decision.game, decision.seat, decision.index)] = r[0].mark
    summary = Summary(
        setting,
        f"{100 * twice_again / twice_runs:.1f}% of {twice_runs}" if twice_runs else "n/a",
        f"{100 * once_again / once_runs:.1f}% of {once_runs}" if once_runs else "n/a",
        f"{100 * sum(same) / len(same):.1f}%" if same else "n/a",
        equal_share,
        loss_mean,
        f"{_s(median)} / {_s(_nearest(all_cards, 0.9))}" if all_cards else "n/a",
        _s(statistics.median(all_before)) if all_before else "n/a",
    )
    return summary, marks


def review_games(
    records: dict[int, GameRecord],
    seats: Sequence[int],
    setting: Setting,
    marks: dict[tuple[int, int, int], str],
    counts: collections.Counter[tuple[int, int]],
) -> list[str]:
    """Time each reviewed seat's whole-game review; return where its marks differ from ours.

    A decision the benchmark left out (its hint failed) is not compared; a review that
    raises is a problem too.
    """
    problems = []
    times = []
    for game, record in records.items():
        for seat in seats:
            start = time.process_time()
            try:
                found = review(
                    record, seat, worlds=setting.worlds, seed=0, exact_from=setting.exact_from
                )
            except PinochleError as error:
                problems.append(
                    f"game seed {game}, seat {seat}: review raised {type(error).__name__}: {error}"
                )
                continue
            seconds = time.process_time() - start
            times.append(seconds)
            hands = len({d.hand for d in found.decisions})
            print(
                f"  game seed {game}, seat {seat}: {len(found.decisions)} decisions over {hands} "
                f"hands, {len(found.marked)} marked, {_s(seconds)}"
            )
            for i, decision in enumerate(found.decisions):
                ours = marks.get((game, seat, i), decision.mark)  # none: left out
                if ours != decision.mark:
                    problems.append(
                        f"game seed {game}, seat {seat}, decision {i + 1} ({decision.text}): "
                        f"review marks {decision.mark!r}, the benchmark {ours!r}"
                    )
            if len(found.decisions) != counts[(game, seat)]:
                problems.append(
                    f"game seed {game}, seat {seat}: review has {len(found.decisions)} "
                    f"decisions, the benchmark {counts[(game, seat)]}"
                )
    if not times:
        print("  no review finished")
        return problems
    met = "met" if max(times) <= GOAL_REVIEW else "NOT met"
    print(
        f"  a whole game's review of one seat, CPU: median {_s(statistics.median(times))}, "
        f"max {_s(max(times))} over {len(times)} (goal: at most {GOAL_REVIEW:g} s: {met})"
    )
    return problems


def main() -> None:
    """Build the decision set, measure every setting asked, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="pinochlerun")
    parser.add_argument("--games", type=int, default=2, help="seeded games (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--levels", default=None, help="a bot level a seat (comma list)")
    parser.add_argument("--seats", default=None, help="the reviewed seats (comma list)")
    parser.add_argument("--hands", type=int, default=None, help="stop each game after H hands")
    parser.add_argument("--seeds", type=int, default=5, help="other seeds a decision (default 5)")
    parser.add_argument(
        "--settings",
        type=lambda text: [_setting(part) for part in text.split(",")],
        default=[Setting(None, None)],
        help="worlds/exact_from pairs, d for the default (default d/d)",
    )
    parser.add_argument(
        "--exact-cards", type=int, default=8, help="solve the true state up to C cards a hand"
    )
    parser.add_argument(
        "--kinds", choices=("all", "cards", "before"), default="all", help="decisions measured"
    )
    parser.add_argument("--no-review", action="store_true", help="skip the whole-game reviews")
    parser.add_argument("--quick", action="store_true", help="tiny: the smoke test's run")
    args = parser.parse_args()
    if args.quick:
        args.games, args.hands, args.seeds, args.exact_cards = 1, 1, 1, 4
        args.settings = [Setting(2, None)]
    variant = pn.load_variant(args.profile)
    players = variant.deal.players
    levels = (args.levels or LEVELS[players]).split(",")
    seats = [int(s) for s in (args.seats or SEATS[players]).split(",")]
    print(f"pinochle {_tree()}")
    print(f"{platform.python_implementation()} {platform.python_version()}, {_machine()}")
    print(
        f"{args.profile}: {args.games} games from seed {args.seed}, seats {levels}, reviewed "
        f"{seats}; hand's points {pn.deck_points(variant)}, marks {MARKS[0]:.3g} and "
        f"{MARKS[1]:.3g} of them"
    )
    records = dict(
        zip(
            range(args.seed, args.seed + args.games),
            play_games(args.profile, args.games, args.seed, levels, args.hands),
            strict=True,
        )
    )
    decisions = [d for game, record in records.items() for d in decisions_of(game, record, seats)]
    if args.kinds != "all":  # the indices stay the game's: review compares only those kept
        decisions = [d for d in decisions if d.is_card == (args.kinds == "cards")]
    count = collections.Counter("cards" if d.is_card else str(d.state.phase) for d in decisions)
    print(
        f"decision set: {len(decisions)} decisions ("
        + ", ".join(f"{name} {n}" for name, n in sorted(count.items()))
        + f"); the true state solved up to {args.exact_cards} cards a hand"
    )
    full = float(pn.deck_points(variant))
    solved: dict[int, dict[Card, int] | None] = {}

    def exact(decision: Decision) -> dict[Card, int] | None:
        key = id(decision)
        if key not in solved:
            small = max(len(h) for h in decision.state.hands) <= args.exact_cards
            solved[key] = card_values(decision.state) if small else None
        return solved[key]

    summaries = []
    problems: list[str] = []
    for i, setting in enumerate(args.settings):
        summary, marks = measure(decisions, setting, args.seeds, full, exact, problems)
        summaries.append(summary)
        if i == 0 and not args.no_review and args.kinds == "all":  # review takes every kind
            print(f"review (seed 0, {setting}):")
            counts = collections.Counter((d.game, d.seat) for d in decisions)
            problems += review_games(records, seats, setting, marks, counts)
    print("summary: setting | ?? again | ? again | same best | equal-best | exact loss | ", end="")
    print("card median / p90 | before play median")
    for s in summaries:
        print(
            f"  {s.setting} | {s.again} | {s.again_q} | {s.same} | {s.equal} | {s.loss} | "
            f"{s.card} | {s.before}"
        )
    print(f"load at the end: {_machine()}")
    for problem in problems:
        print(f"BUG: {problem}")
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
