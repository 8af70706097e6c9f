"""A random agent and a library bot play pinochle through the PettingZoo environment.

Needs the ``rl`` extra: ``pip install "pinochle-rules[rl]"``. Nothing is trained: seats 0
and 2 (one partnership) pick uniformly among the legal indices of the action mask, as an
untrained policy would; seats 1 and 3 are the library's Hard bot, which reads the seat's
`pinochle.Observation` and whose action enters the environment as indices
(`ActionIndex.picks`: one index, or one pick per card when it passes cards).
"""

from __future__ import annotations

import random

import numpy as np

import pinochle as pn
from pinochle.bots import make_bot
from pinochle.env import aec_env


def main() -> None:
    env = aec_env("pinochlerun", seed=2026, hands=4, render_mode="ansi")
    env.reset()
    rng = random.Random(1)
    bots = {"player_1": make_bot("hard", seed=1), "player_3": make_bot("hard", seed=3)}
    queued: list[int] = []  # a bot's remaining picks of a card choice
    totals = dict.fromkeys(env.possible_agents, 0.0)
    settled = 0  # hands settled so far
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        if agent in bots:
            if not queued:
                state = env.state
                assert state is not None
                seat = env.possible_agents.index(agent)
                action = bots[agent].choose(pn.observe(state, seat))
                queued = list(env.index.picks(action))
            env.step(queued.pop(0))
        else:
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
        if env.state is not None and len(env.state.results) > settled:
            settled = len(env.state.results)
            print(env.render())  # the hand just settled, in the library's text
            print()
    print("Total rewards (score change over the episode):")
    for agent, total in totals.items():
        kind = "Hard bot" if agent in bots else "random agent"
        print(f"  {agent} ({kind}): {total:+.0f}")


if __name__ == "__main__":
    main()
