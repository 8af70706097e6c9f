"""A PettingZoo ``AECEnv`` that plays pinochle under any profile (`pinochle.env.aec_env`).

Agents are the seats, ``player_0`` .. ``player_{players-1}``; the agent to act is the
engine's ``state.to_act``. Each agent observes ``{"observation": ..., "action_mask": ...}``:
`pinochle.env.encode_observation` of its own `pinochle.Observation` and
`pinochle.env.ActionIndex.mask` (all zeros when it is not to act). Actions are the
`ActionIndex` integers; a card choice (pass, return, bury) is one pick per card by the same
agent, turn after turn, and the engine gets the library's action on the last pick.

Rewards: when a hand is settled, every seat receives its side's score change for that hand
(partners get the same reward); every other step rewards 0. The episode terminates at game
over, or once ``hands`` hands have been settled.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from pinochle import arguments
from pinochle.cards import Card
from pinochle.demo import _deal_lines, _trick_so_far, narrate_hand, person_names
from pinochle.engine import apply, new_game, observe
from pinochle.env.actions import ActionIndex
from pinochle.env.encoding import encode_observation, observation_layout
from pinochle.errors import ArgumentError
from pinochle.explain import explain_legal
from pinochle.state import Observation, State
from pinochle.variant import Variant, load_variant

__all__ = ["PinochleAECEnv"]

_RENDER_MODES = ("ansi",)


def _variant(value: object) -> Variant:
    if isinstance(value, Variant):
        return value
    if isinstance(value, str):
        return load_variant(value)
    raise ArgumentError("variant", "a Variant, a built-in profile's name or a TOML path", value)


class PinochleAECEnv(AECEnv):  # type: ignore[misc]
    """Pinochle as a PettingZoo agent-environment-cycle game (see the module docstring).

    Build it with `pinochle.env.aec_env`. ``reset(seed=s)`` plays ``new_game(variant,
    seed=s)``; a reset without a seed plays the next game of the sequence the last seed (or
    the constructor's) started.

    Attributes:
        variant: The rules.
        index: The action index (`ActionIndex`) of the profile.
        state: The engine's `pinochle.State` (None before the first reset).
        hands: The hands an episode lasts (None: to game over).
        render_mode: None or ``"ansi"``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention
        "name": "pinochle_v0",
        "render_modes": list(_RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: Variant | str = "pinochlerun",
        *,
        seed: int | None = None,
        hands: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.variant = _variant(variant)
        if seed is not None:
            seed = arguments.number("seed", seed, 0, arguments.SEED_LIMIT - 1)
        if hands is not None:
            hands = arguments.number("hands", hands, 1)
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ArgumentError("render_mode", "None or 'ansi'", render_mode)
        self.hands = hands
        self.render_mode = render_mode
        self.index = ActionIndex(self.variant)
        players = self.variant.deal.players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        layout = observation_layout(self.variant)
        observation = gymnasium.spaces.Box(layout.low(), layout.high(), dtype=np.float32)
        mask = gymnasium.spaces.Box(0, 1, shape=(self.index.n,), dtype=np.int8)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict({"observation": observation, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(self.index.n) for agent in self.possible_agents
        }
        self._seed = seed
        self._games: random.Random | None = None
        self.state: State | None = None
        self.picked: tuple[Card, ...] = ()
        self._view: Observation | None = None
        self._settled = False
        self._start_results = 0

    # --- PettingZoo's interface ---------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's observation space: ``Dict(observation=Box, action_mask=Box)``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's action space: ``Discrete(index.n)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (and episode).

        Args:
            seed: Play ``new_game(variant, seed=seed)``, and seed the games of later resets
                from it; None: the next game of the current sequence.
            options: None or a dict, ignored: the environment has no reset options
                (PettingZoo's checks pass some, which a reset must take).

        Raises:
            ArgumentError: ``seed`` is not a whole number from 0 to 2**63 - 1, or
                ``options`` is neither None nor a dict; the environment is left as it was.
        """
        # Every argument is checked before anything changes: a refused reset leaves the
        # episode in progress as it was.
        if seed is not None:
            seed = arguments.number("seed", seed, 0, arguments.SEED_LIMIT - 1)
        if options is not None and not isinstance(options, dict):
            raise ArgumentError("options", "None or a dict (pinochle ignores its keys)", options)
        if seed is not None:
            self._games = random.Random(seed)
        elif self._games is None:
            self._games = random.Random(self._seed)
            seed = self._seed
        if seed is None:
            seed = self._games.getrandbits(63)
        self.state = new_game(self.variant, seed)
        self._start_results = 0
        self._settled = False
        self.picked = ()
        self._view = None
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._select()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's observation: its encoded view and its action mask."""
        state = self._state()
        seat = self._seat(agent)
        if seat == state.to_act:
            view = self._acting_view()
            picked: Sequence[Card] = self.picked
        else:
            view, picked = observe(state, seat), ()
        return {
            "observation": encode_observation(view, picked),
            "action_mask": self.index.mask(view, picked),
        }

    def step(self, action: int | None) -> None:
        """Take the selected agent's action (an `ActionIndex` integer; None once it is done).

        A refused action changes nothing: the state, the picks, the rewards still to be
        collected and the agent to act are as they were.

        Raises:
            IllegalActionError: The index is not legal now (its mask entry is 0).
            ArgumentError: ``action`` is not an index of the action space (or not None for
                an agent that is done), or there is no episode to step (call `reset`).
        """
        state = self._state()
        agent = self.agent_selection
        if agent not in self.terminations:  # every agent has been stepped out
            raise ArgumentError("env", "an episode with agents left (call reset())", agent)
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ArgumentError("action", "None (the agent is done)", action)
            self._was_dead_step(action)
            return
        if action is None:
            raise ArgumentError("action", "an action index (the agent is still playing)", action)
        # Decode and apply before touching anything, so a refused index leaves the rewards
        # the agent has still to collect (a settled hand's) and the picks as they were.
        view = self._view
        if view is None:
            assert state.to_act is not None
            view = observe(state, state.to_act)
        decoded = self.index.decode(action, view, self.picked)
        if decoded is None:  # a pick: the same agent picks again
            card = self.index.card(action)
            self._cumulative_rewards[agent] = 0.0
            self._clear_rewards()
            self.picked = (*self.picked, card)
            self._view = None
            return
        after = apply(state, decoded)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.picked = ()
        self._view = None
        self.state = after
        if len(after.results) > len(state.results):
            for seat, name in enumerate(self.possible_agents):
                side = state.side_of(seat)
                self.rewards[name] = float(after.scores[side] - state.scores[side])
        self._settled = len(after.results) > len(state.results)
        done = after.is_over or (
            self.hands is not None and len(after.results) - self._start_results >= self.hands
        )
        if done:
            for name in self.agents:
                self.terminations[name] = True
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        """The table in the library's text (``render_mode="ansi"``), else None.

        The current hand as `pinochle demo` tells it (every seat's cards, the
        auction, trump, meld, the tricks so far; a hand just settled with its result), then
        who is to act and the line that says why (`pinochle.explain_legal`), and the scores.
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: aec_env(render_mode='ansi')")
            return None
        if self.state is None:
            return "(no game yet: call reset())"
        state = self.state
        if self._settled:  # the hand just ended: tell it whole, with its result
            lines = narrate_hand(state)
        else:
            names = person_names(self.variant)
            seats = tuple(names[person] for person in state.hand.persons)
            lines = _deal_lines(self.variant, state.hand, state.tricks)
            if state.trick:
                lines.append(_trick_so_far(seats, len(state.tricks) + 1, state.trick))
        if state.to_act is not None:
            name = self.possible_agents[state.to_act]
            person = person_names(self.variant)[state.hand.persons[state.to_act]]
            why = explain_legal(self._acting_view())
            lines.append(f"{name} ({person}) to act: {why}")
            if self.picked:
                lines.append(f"  picked so far: {' '.join(map(str, self.picked))}")
        scores = ", ".join(str(s) for s in state.scores)
        lines.append(f"Scores: {scores}" + ("  (game over)" if state.is_over else ""))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""

    # --- Helpers ------------------------------------------------------------------------

    def _seat(self, agent: object) -> int:
        if agent in self.possible_agents:
            return self.possible_agents.index(agent)
        raise ArgumentError("agent", f"one of {', '.join(self.possible_agents)}", agent)

    def _state(self) -> State:
        if self.state is None:
            raise ArgumentError("env", "an environment after reset()", self)
        return self.state

    def _acting_view(self) -> Observation:
        if self._view is None:
            state = self._state()
            assert state.to_act is not None
            self._view = observe(state, state.to_act)
        return self._view

    def _select(self) -> None:
        state = self._state()
        if state.to_act is not None and not any(self.terminations.values()):
            self.agent_selection = self.possible_agents[state.to_act]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]
