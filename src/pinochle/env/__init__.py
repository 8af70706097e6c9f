"""Reinforcement-learning adapters: a fixed action index, observation encodings, PettingZoo.

Install with the ``rl`` extra (``pip install "pinochle-rules[rl]"``: pettingzoo, gymnasium,
numpy). ``import pinochle`` never imports this package; importing it without numpy raises
an `ImportError` that names the extra.

- `ActionIndex`: every action of a profile as an integer ``0 .. n-1``, a legal-action mask,
  and card choices as single-card picks.
- `encode_observation`, `observation_layout`: a seat's view as a fixed-size vector;
  `encode_state`, `state_layout`: the perfect-information encoding of a whole state.
- `aec_env`: a PettingZoo ``AECEnv`` for any profile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pinochle.env._numpy import RL_EXTRA, missing

try:
    import numpy  # noqa: F401
except ImportError as _exc:  # pragma: no cover - exercised with numpy absent
    raise missing("numpy", _exc) from _exc

from pinochle.env.actions import (
    BID_BASE,
    DECLARATIONS,
    DECLARE_BASE,
    MAX_BIDS,
    PICK_BASE,
    PLAY_BASE,
    SIMPLE_ACTIONS,
    ActionIndex,
)
from pinochle.env.encoding import (
    PHASES,
    Block,
    Layout,
    encode_observation,
    encode_state,
    observation_layout,
    point_scale,
    state_layout,
)

if TYPE_CHECKING:
    from pinochle.env.aec import PinochleAECEnv

__all__ = [
    "BID_BASE",
    "DECLARATIONS",
    "DECLARE_BASE",
    "MAX_BIDS",
    "PHASES",
    "PICK_BASE",
    "PLAY_BASE",
    "RL_EXTRA",
    "SIMPLE_ACTIONS",
    "ActionIndex",
    "Block",
    "Layout",
    "aec_env",
    "encode_observation",
    "encode_state",
    "observation_layout",
    "point_scale",
    "state_layout",
]


def aec_env(
    variant: Any = "pinochlerun",
    *,
    seed: int | None = None,
    hands: int | None = None,
    render_mode: str | None = None,
) -> PinochleAECEnv:
    """A PettingZoo ``AECEnv`` that plays games of a profile (see `pinochle.env.aec`).

    Args:
        variant: A `pinochle.Variant`, or a built-in profile's name or a TOML path.
        seed: Seeds the games: each reset without its own seed starts the next game of a
            sequence drawn from this one (None: fresh entropy).
        hands: End each episode after this many hands (None: at game over).
        render_mode: None, or ``"ansi"`` for the library's text of the table.

    Raises:
        ImportError: pettingzoo or gymnasium is missing (names ``pinochle-rules[rl]``).
        ArgumentError: A bad argument.
    """
    from pinochle.env._numpy import require

    require("pettingzoo")
    require("gymnasium")
    from pinochle.env.aec import PinochleAECEnv

    return PinochleAECEnv(variant, seed=seed, hands=hands, render_mode=render_mode)
