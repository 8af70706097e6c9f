"""The PettingZoo environment (`pinochle.env.aec_env`) against issue 15's contract.

PettingZoo's own `api_test` and `seed_test` pass for every built-in profile; agents are
``player_0..``; rewards are each seat's side's score change at the end of each hand;
the episode terminates at game over or after ``hands`` hands; ``render_mode="ansi"`` tells
the table in the library's text.
"""

from __future__ import annotations

import copy
import random
import subprocess
import sys
import warnings
from typing import Any

import pytest

pytest.importorskip("numpy", reason="extra rl: numpy is not installed")
pytest.importorskip("gymnasium", reason="extra rl: gymnasium is not installed")
pytest.importorskip("pettingzoo", reason="extra rl: pettingzoo is not installed")

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.test import api_test, seed_test

import pinochle as pn
from pinochle.env import ActionIndex, aec_env, encode_observation

BUILTINS = tuple(
    name
    for name in pn.builtin_variants()
    if pn.load_variant(name).deal.partner is pn.variant.Partner.NONE
)
"""The built-in profiles with an action index: five-hand's called partner has none."""


def quietly(run: Any, *args: Any, **kwargs: Any) -> None:
    """PettingZoo's checks warn about every Dict observation (its own card games are listed
    by name as exceptions); those warnings are not failures."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        run(*args, **kwargs)


@pytest.mark.parametrize("name", BUILTINS)
def test_pettingzoo_api_test_passes(name: str) -> None:
    quietly(api_test, aec_env(name, seed=11), num_cycles=150)


@pytest.mark.parametrize("name", BUILTINS)
def test_pettingzoo_seed_test_passes(name: str) -> None:
    quietly(seed_test, lambda: aec_env(name), num_cycles=60)


def test_a_hand_limited_episode_runs_to_termination_in_api_test() -> None:
    quietly(api_test, aec_env("pinochlerun", hands=1), num_cycles=400)


def test_agents_spaces_and_first_observation() -> None:
    env = aec_env("cutthroat-3", seed=4)
    assert isinstance(env, AECEnv)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    env.reset()
    index = ActionIndex(pn.load_variant("cutthroat-3"))
    space = env.observation_space("player_1")
    assert isinstance(space, gymnasium.spaces.Dict)
    assert set(space.spaces) == {"observation", "action_mask"}
    assert env.action_space("player_1") == gymnasium.spaces.Discrete(index.n)
    state = env.state
    assert state is not None
    assert env.agent_selection == f"player_{state.to_act}"
    obs = env.observe(env.agent_selection)
    view = pn.observe(state, state.to_act)
    assert np.array_equal(obs["observation"], encode_observation(view))
    assert np.array_equal(obs["action_mask"], index.mask(view))
    others = [a for a in env.agents if a != env.agent_selection]
    assert not any(env.observe(a)["action_mask"].any() for a in others)


def test_reset_with_a_seed_plays_that_engine_game() -> None:
    env = aec_env("hoyle-1914")
    env.reset(seed=77)
    assert env.state == pn.new_game(pn.load_variant("hoyle-1914"), 77)
    env = aec_env("hoyle-1914", seed=77)
    env.reset()
    assert env.state == pn.new_game(pn.load_variant("hoyle-1914"), 77)
    env.reset()  # the next game of the sequence: another deal
    assert env.state != pn.new_game(pn.load_variant("hoyle-1914"), 77)


def play(env: Any, rng: random.Random) -> dict[str, float]:
    """Play the episode with cautious random legal indices; the total reward per agent."""
    totals: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(20000):
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        if 0 in legal and rng.random() < 0.7:
            env.step(0)
        elif any(i >= 84 for i in legal):
            env.step(next(i for i in legal if i >= 84))
        elif 54 in legal:
            env.step(54)  # play on
        else:
            env.step(rng.choice(legal))
    assert not env.agents
    return totals


@pytest.mark.parametrize("name", ["pinochlerun", "cutthroat-3", "bicycle-two-handed"])
def test_rewards_are_each_sides_score_change(name: str) -> None:
    env = aec_env(name, seed=5, hands=3)
    env.reset()
    totals = play(env, random.Random(1))
    state = env.state
    assert state is not None
    hands = len(state.results)
    assert hands == 3 or state.is_over
    for seat, agent in enumerate(env.possible_agents):
        side = state.side_of(seat)
        assert totals[agent] == state.scores[side]  # the game started from zero
    if state.variant.deal.partnerships:
        assert totals["player_0"] == totals["player_2"]


def test_rewards_arrive_only_when_a_hand_is_settled() -> None:
    env = aec_env("pinochlerun", seed=2, hands=1)
    env.reset()
    rng = random.Random(3)
    while env.agents:
        obs, _, terminated, _, _ = env.last()
        if terminated:
            env.step(None)
            continue
        before = env.state
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
        after = env.state
        assert before is not None
        assert after is not None
        settled = len(after.results) > len(before.results)
        assert any(env.rewards.values()) <= settled
        assert all(env.terminations.values()) == settled


def test_episode_ends_at_game_over() -> None:
    env = aec_env("pinochlerun", seed=9)
    env.reset()
    play(env, random.Random(2))
    assert env.state is not None
    assert env.state.is_over


def test_a_card_choice_is_picked_by_the_same_agent() -> None:
    env = aec_env("pinochlerun", seed=5)
    env.reset()
    while env.state is not None and env.state.phase is not pn.Phase.PASS:
        obs = env.observe(env.agent_selection)
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    partner = env.agent_selection
    state = env.state
    assert state is not None
    hand = state.hands[state.to_act]  # type: ignore[index]
    for step, card in enumerate(hand[:4]):
        assert env.agent_selection == partner
        assert env.state is state  # nothing is applied until the last pick
        obs = env.observe(partner)
        picked = obs["observation"][44:68]  # the "picked" block
        assert picked.sum() == step
        env.step(29 + card.index)
    assert env.state is not state
    assert env.state is not None
    assert env.state.hand.passed_cards == tuple(hand[:4])


def test_render_ansi_tells_the_table_in_the_librarys_text() -> None:
    env = aec_env("pinochlerun", seed=3, render_mode="ansi")
    env.reset()
    text = env.render()
    assert isinstance(text, str)
    assert "Hand 1: North deals" in text
    assert "to act: Bid at least 25, or pass" in text
    state = env.state
    assert state is not None
    assert pn.format_cards(pn.sort_cards(state.hands[0])) in text
    with pytest.warns(UserWarning, match="render_mode"):
        assert aec_env("pinochlerun").render() is None  # no mode: nothing to render
    with pytest.raises(pn.ArgumentError, match="render_mode"):
        aec_env("pinochlerun", render_mode="human")


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(pn.VariantError):
        aec_env("no-such-profile")
    with pytest.raises(pn.ArgumentError, match="hands"):
        aec_env("pinochlerun", hands=0)
    with pytest.raises(pn.ArgumentError, match="seed"):
        aec_env("pinochlerun", seed=-1)
    env = aec_env("pinochlerun", seed=1)
    env.reset()
    with pytest.raises(pn.IllegalActionError):
        env.step(28)  # a play in the auction


def test_import_pinochle_imports_no_extra() -> None:
    code = (
        "import sys, pinochle\n"
        "bad = [m for m in ('numpy', 'pettingzoo', 'gymnasium', 'pinochle.env') "
        "if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_missing_extra_names_it() -> None:
    code = (
        "import sys\n"
        "sys.modules['numpy'] = None\n"
        "try:\n"
        "    import pinochle.env\n"
        "except ImportError as exc:\n"
        "    assert 'pinochle-rules[rl]' in str(exc), exc\n"
        "else:\n"
        "    raise SystemExit('no error')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    code = (
        "import sys\n"
        "import pinochle.env\n"
        "sys.modules['pettingzoo'] = None\n"
        "try:\n"
        "    pinochle.env.aec_env()\n"
        "except ImportError as exc:\n"
        "    assert 'pinochle-rules[rl]' in str(exc), exc\n"
        "else:\n"
        "    raise SystemExit('no error')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_example_seats_a_random_agent_against_the_hard_bot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import runpy
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "examples" / "pettingzoo_agents.py"
    runpy.run_path(str(example), run_name="__main__")
    out = capsys.readouterr().out
    assert "Result:" in out  # a settled hand, told in the library's text
    totals = dict(
        (line.split()[0], float(line.rsplit(":", 1)[1]))
        for line in out.splitlines()
        if line.startswith("  player_")
    )
    assert totals["player_0"] == totals["player_2"]  # partners share each hand's reward
    assert totals["player_1"] == totals["player_3"]


# --- Hostile calls: a refused call changes nothing (issue 26) ------------------------------


def _snapshot(env: Any) -> dict[str, Any]:
    """Everything a step or reset may change, deep-copied for comparison."""
    fields = (
        "state",
        "picked",
        "agents",
        "agent_selection",
        "rewards",
        "_cumulative_rewards",
        "terminations",
        "truncations",
        "infos",
        "_games",
        "_settled",
    )
    snapshot = {name: copy.deepcopy(getattr(env, name, None)) for name in fields}
    if snapshot["_games"] is not None:
        snapshot["_games"] = snapshot["_games"].getstate()
    return snapshot


def _with_a_reward_to_collect(seed: int = 5) -> Any:
    """An env whose agent to act has a settled hand's reward still to collect."""
    env = aec_env("cutthroat-3", seed=seed)
    env.reset()
    rng = random.Random(seed)
    while not env._cumulative_rewards[env.agent_selection]:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice([int(i) for i in np.flatnonzero(mask)]))
        assert not any(env.terminations.values())
    return env


def test_a_refused_step_keeps_the_reward_still_to_collect() -> None:
    env = _with_a_reward_to_collect()
    agent = env.agent_selection
    pending = env._cumulative_rewards[agent]
    before = _snapshot(env)
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(pn.IllegalActionError):
        env.step(illegal)
    assert _snapshot(env) == before
    assert env.last()[1] == pending != 0.0
    for bad in (-1, -2, env.index.n, True, 1.5, "0", None):
        with pytest.raises(pn.ArgumentError):
            env.step(bad)
        assert _snapshot(env) == before, bad


def test_a_refused_pick_leaves_the_picks_so_far() -> None:
    env = aec_env("pinochlerun", seed=3)
    env.reset()
    rng = random.Random(3)
    while not env.picked:  # play until a seat is part-way through a card choice
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice([int(i) for i in np.flatnonzero(mask)]))
    before = _snapshot(env)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(pn.IllegalActionError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(pn.ArgumentError):
        env.step(-1)
    assert _snapshot(env) == before


def test_a_refused_reset_changes_nothing() -> None:
    env = _with_a_reward_to_collect()
    before = _snapshot(env)
    for kwargs in ({"seed": -1}, {"seed": True}, {"seed": 1.0}, {"options": 5}, {"options": "x"}):
        with pytest.raises(pn.ArgumentError):
            env.reset(**kwargs)
        assert _snapshot(env) == before, kwargs
    env.reset(seed=2, options={"anything": 1})  # PettingZoo's options are taken and ignored
    assert env.state == pn.new_game(env.variant, 2)


def test_steps_outside_an_episode_are_refused_by_name() -> None:
    env = aec_env("pinochlerun", seed=1)
    with pytest.raises(pn.ArgumentError, match="reset"):
        env.step(0)  # no episode yet
    env = aec_env("pinochlerun", seed=1, hands=1)
    env.reset()
    rng = random.Random(1)
    while not any(env.terminations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice([int(i) for i in np.flatnonzero(mask)]))
    before = _snapshot(env)
    with pytest.raises(pn.ArgumentError, match="None"):
        env.step(0)  # a done agent only takes None
    assert _snapshot(env) == before
    while env.agents:
        env.step(None)
    with pytest.raises(pn.ArgumentError, match="reset"):
        env.step(None)


def test_observing_an_unknown_agent_names_the_agent() -> None:
    env = aec_env("pinochlerun", seed=1)
    env.reset()
    agent: Any
    for agent in ("player_4", "player_-1", 0, None):
        with pytest.raises(pn.ArgumentError, match="agent"):
            env.observe(agent)
