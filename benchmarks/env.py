"""Environment speed: PettingZoo steps per second next to the engine's own loop, one run.

For three profiles (four-, three- and two-hand) the same cautious random player (pass
three times in four, else the lowest bid; play on; any legal card) plays for a fixed CPU
time:

- ``engine``: ``legal_actions`` / ``apply`` only, decisions per second;
- ``engine+encode``: the same, plus what an environment adds per decision: the acting
  seat's ``observe``, ``encode_observation`` and ``ActionIndex.mask``;
- ``pettingzoo``: ``aec_env`` through ``agent_iter`` / ``last`` / ``step`` with a random
  masked choice; steps per second (a card choice is one step per picked card) and decisions
  per second (steps that reached the engine).

The ratios in the last column are against ``engine`` in the same run. Run:
``python benchmarks/env.py [--seconds S] [--profiles a,b,c]``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Sequence

import numpy as np

import pinochle as pn
from pinochle.env import ActionIndex, aec_env, encode_observation

PROFILES = ("pinochlerun", "cutthroat-3", "bicycle-two-handed")
THROW_IN, PLAY_ON, BID_BASE = 53, 54, 84


def cautious(rng: random.Random, actions: Sequence[pn.Action]) -> pn.Action:
    first = actions[0]
    if isinstance(first, pn.Pass):
        return first if rng.random() < 0.75 or len(actions) == 1 else actions[1]
    if isinstance(first, pn.Bid):
        return first
    if isinstance(first, pn.ThrowIn | pn.Concede):
        return actions[1]  # play on
    return actions[rng.randrange(len(actions))]


def cautious_index(rng: random.Random, mask: np.ndarray) -> int:
    legal = np.flatnonzero(mask)
    if mask[0]:
        bids = legal[legal >= BID_BASE]
        return 0 if rng.random() < 0.75 or not len(bids) else int(bids[0])
    if legal[0] >= BID_BASE:
        return int(legal[0])
    if mask[PLAY_ON]:
        return PLAY_ON
    return int(legal[rng.randrange(len(legal))])


def engine(variant: pn.Variant, seconds: float, encode: bool) -> float:
    """Decisions per second of the engine's loop (with the env's per-decision work)."""
    rng = random.Random(7)
    index = ActionIndex(variant)
    decisions, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = pn.new_game(variant, seed=seed)
        seed += 1
        while not state.is_over and len(state.results) < 3:
            if encode:
                view = pn.observe(state, state.to_act)  # type: ignore[arg-type]
                encode_observation(view)
                index.mask(view)
            state = pn.apply(state, cautious(rng, pn.legal_actions(state)))
            decisions += 1
    return decisions / (time.process_time() - start)


def pettingzoo(name: str, seconds: float) -> tuple[float, float]:
    """Steps per second and decisions per second through the AEC environment."""
    rng = random.Random(7)
    env = aec_env(name, seed=0, hands=3)
    steps = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset()
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            before = env.state
            env.step(cautious_index(rng, observation["action_mask"]))
            steps += 1
            decisions += env.state is not before
    elapsed = time.process_time() - start
    return steps / elapsed, decisions / elapsed


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per figure")
    parser.add_argument("--profiles", default=",".join(PROFILES))
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]}, load average {load:.2f}, {args.seconds:g} s each")
    header = f"{'profile':<20} {'loop':<14} {'steps/s':>9} {'decisions/s':>12} {'vs engine':>10}"
    print(header)
    for name in args.profiles.split(","):
        variant = pn.load_variant(name)
        base = engine(variant, args.seconds, encode=False)
        encoded = engine(variant, args.seconds, encode=True)
        steps, decided = pettingzoo(name, args.seconds)
        print(f"{name:<20} {'engine':<14} {'':>9} {base:>12,.0f} {1:>10.2f}")
        print(f"{'':<20} {'engine+encode':<14} {'':>9} {encoded:>12,.0f} {encoded / base:>10.2f}")
        print(
            f"{'':<20} {'pettingzoo':<14} {steps:>9,.0f} {decided:>12,.0f} {decided / base:>10.2f}"
        )


if __name__ == "__main__":
    main()
