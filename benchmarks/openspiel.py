"""OpenSpiel: environment steps per second, and Expert against OpenSpiel's IS-MCTS.

Two measurements (the docs' performance page quotes both):

``--steps``: random play of whole hands through OpenSpiel (``pyspiel.load_game("pinochle")``,
``legal_actions`` / ``apply_action``, chance nodes dealt from ``chance_outcomes``) next to the
same play through the library's engine (``legal_actions`` / ``apply``), in the same run, for
each profile. The random player is the ``played`` one of benchmarks/engine.py (uniform card
play, a cautious auction that passes three times in four and otherwise bids the lowest legal
bid, never throws in), so hands are played to the last trick. Figures are per CPU second
(``time.process_time``): decisions (OpenSpiel counts one per card picked to pass), and for
OpenSpiel also every step including the chance nodes that deal the cards.

``--versus``: the library's Expert against OpenSpiel's Python IS-MCTS
(`pinochle.openspiel.ismcts_bot`, through `pinochle.openspiel.arena_player`), duplicate
deals: deal ``i`` (game seed ``seed + i``) is played twice, Expert at seats 0 and 2 then at 1
and 3. A deal's score is Expert's side's points minus IS-MCTS's for that hand, averaged over
the two seatings; the report is the mean with a 95% interval (mean ± 1.96·sd/√n). IS-MCTS's
simulations are chosen so that its CPU time a decision is close to Expert's, measured first
on a few calibration hands; both times are printed.

Run::

    python benchmarks/openspiel.py --steps --seconds 5
    python benchmarks/openspiel.py --versus --deals 20
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

import pyspiel
from engine import played  # benchmarks/engine.py: the same cautious random player

import pinochle as pn
import pinochle.openspiel as pos
from pinochle.bots import make_bot
from pinochle.env import BID_BASE, ActionIndex

PLAY_ON = ActionIndex(pn.load_variant("pinochlerun")).encode(
    pn.PlayOn()
)  # the same in every profile


def played_index(rng: random.Random, legal: Sequence[int]) -> int:
    """The same player on OpenSpiel's action indices (legal indices in increasing order)."""
    first = legal[0]
    if first == 0 and len(legal) > 1 and legal[1] >= BID_BASE:  # pass, then the bids
        return int(first if rng.random() < 0.75 else legal[1])
    if first >= BID_BASE:
        return int(first)
    if PLAY_ON in legal:
        return PLAY_ON
    return int(legal[rng.randrange(len(legal))])


def engine_rate(variant: pn.Variant, seconds: float) -> tuple[float, float]:
    """Hands and decisions per CPU second through the engine."""
    rng = random.Random(7)
    hands = decisions = seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = pn.new_game(variant, seed=seed)
        seed += 1
        number = state.hand.number
        while state.hand.number == number and not state.is_over:
            state = pn.apply(state, played(rng, pn.legal_actions(state)))
            decisions += 1
        hands += 1
    elapsed = time.process_time() - start
    return hands / elapsed, decisions / elapsed


def openspiel_rate(name: str, seconds: float) -> tuple[float, float, float]:
    """Hands, decisions and all steps (chance included) per CPU second through OpenSpiel."""
    game = pyspiel.load_game("pinochle", {"variant": name, "hands": 1})
    rng = random.Random(7)
    hands = decisions = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                faces = [f for f, _ in outcomes]
                weights = [p for _, p in outcomes]
                state.apply_action(rng.choices(faces, weights)[0])
            else:
                state.apply_action(played_index(rng, state.legal_actions()))
                decisions += 1
            steps += 1
        hands += 1
    elapsed = time.process_time() - start
    return hands / elapsed, decisions / elapsed, steps / elapsed


def steps(profiles: Sequence[str], seconds: float) -> None:
    print(
        "| profile | engine decisions/s | OpenSpiel decisions/s | ratio | OpenSpiel steps/s "
        "(chance too) | engine hands/s | OpenSpiel hands/s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in profiles:
        e_hands, e_decisions = engine_rate(pn.load_variant(name), seconds)
        o_hands, o_decisions, o_steps = openspiel_rate(name, seconds)
        print(
            f"| {name} | {e_decisions:,.0f} | {o_decisions:,.0f} | "
            f"{e_decisions / o_decisions:.1f}× | {o_steps:,.0f} | {e_hands:,.1f} | {o_hands:,.1f} |"
        )


# --- Expert against IS-MCTS ----------------------------------------------------------------

Player = Callable[[pn.Observation], pn.Action]


class Timed:
    """A player that keeps the CPU time of its decisions."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.spent = 0.0
        self.decisions = 0

    def __call__(self, observation: pn.Observation) -> pn.Action:
        start = time.process_time()
        action = self.player(observation)
        self.spent += time.process_time() - start
        self.decisions += 1
        return action

    @property
    def per_decision(self) -> float:
        return self.spent / max(self.decisions, 1)


def play_hand(variant: pn.Variant, seed: int, players: Sequence[Player]) -> tuple[int, ...]:
    """One hand from game seed ``seed`` (after redeals, the first settled one): side points."""
    state = pn.new_game(variant, seed=seed)
    while not state.results and not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = pn.apply(state, players[seat](pn.observe(state, seat)))
    return state.results[0].scores


def duplicate(variant: pn.Variant, seed: int, a: Player, b: Player) -> float:
    """A's points minus B's in one deal, averaged over the seatings.

    Partnerships: A at seats 0 and 2, then at 1 and 3. Otherwise A alone in each seat in
    turn, against the mean of the B's.
    """
    players = variant.deal.players
    if variant.deal.partnerships:
        x = play_hand(variant, seed, [a, b, a, b])
        y = play_hand(variant, seed, [b, a, b, a])
        return ((x[0] - x[1]) + (y[1] - y[0])) / 2
    total = 0.0
    for seat in range(players):
        points = play_hand(variant, seed, [a if s == seat else b for s in range(players)])
        others = [points[s] for s in range(players) if s != seat]
        total += points[seat] - statistics.fmean(others)
    return total / players


def expert_player(seed: int) -> Timed:
    return Timed(make_bot("expert", seed=seed).choose)


def ismcts_player(simulations: int, seed: int) -> Timed:
    factory = pos.arena_player(
        lambda game: pos.ismcts_bot(game, simulations=simulations, seed=seed), seed=seed
    )
    return Timed(factory())


def versus(name: str, deals: int, seed: int, simulations: int | None, budget: float) -> None:
    variant = pn.load_variant(name)
    expert = expert_player(seed)
    if simulations is None:  # calibrate: Expert's CPU time a decision, then IS-MCTS's
        probe = ismcts_player(10, seed)
        for k in range(2):
            duplicate(variant, 10_000 + k, expert, probe)
        ratio = expert.per_decision / probe.per_decision
        simulations = max(1, round(10 * budget * ratio))
        print(
            f"calibration: Expert {expert.per_decision * 1000:.0f} ms a decision, IS-MCTS "
            f"(10 simulations) {probe.per_decision * 1000:.0f} ms: {simulations} simulations"
            f" (budget ×{budget:g})",
            file=sys.stderr,
        )
        expert = expert_player(seed)
    ismcts = ismcts_player(simulations, seed)
    scores: list[float] = []
    for i in range(deals):
        scores.append(duplicate(variant, seed + i, expert, ismcts))
        print(f"deal {i + 1}/{deals}: {scores[-1]:+.1f}", file=sys.stderr)
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0.0
    print(f"profile {name}: Expert against IS-MCTS ({simulations} simulations a decision)")
    print(f"n = {len(scores)} duplicate deals")
    print(
        f"Expert minus IS-MCTS, points a hand: {mean:+.1f} (95% CI {mean - half:+.1f} to "
        f"{mean + half:+.1f})"
    )
    print(
        f"CPU time a decision: Expert {expert.per_decision * 1000:.0f} ms, IS-MCTS "
        f"{ismcts.per_decision * 1000:.0f} ms"
    )


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", action="store_true", help="steps per second")
    parser.add_argument("--versus", action="store_true", help="Expert against IS-MCTS")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a figure")
    parser.add_argument("--profiles", default="pinochlerun,cutthroat-3,bicycle-two-handed")
    parser.add_argument("--variant", default="pinochlerun", help="profile for --versus")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--simulations", type=int, default=None, help="default: calibrated")
    parser.add_argument(
        "--budget", type=float, default=1.0, help="IS-MCTS's calibrated time, times this"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]}, open_spiel via pyspiel; load average {load:.2f}")
    if args.steps or not args.versus:
        steps(args.profiles.split(","), args.seconds)
    if args.versus:
        versus(args.variant, args.deals, args.seed, args.simulations, args.budget)


if __name__ == "__main__":
    main()
