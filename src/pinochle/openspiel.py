"""OpenSpiel: pinochle as the Python game ``"pinochle"`` registered with `pyspiel`.

Install with the ``openspiel`` extra (``pip install "pinochle-rules[openspiel]"``: open_spiel,
numpy). ``import pinochle`` never imports this module; importing it registers the game, and
without open_spiel it raises an `ImportError` that names the extra.

```python
import pinochle.openspiel
import pyspiel

game = pyspiel.load_game("pinochle", {"variant": "cutthroat-3", "hands": 1})
```

The model (the docs' "Reinforcement learning and OpenSpiel" page says more):

- **Players** are the seats, ``0 .. players-1``; seat 0 deals the first hand and the deal
  passes left. Profiles that seat more people than play a hand (sit-outs) are refused.
- **Chance** deals every card explicitly: at the start of each deal one chance node per card
  of the deck, in the order the table deals them (packets from the dealer's left, the widow
  after the first round, then the two-hand stock, its first card turned up). A chance
  outcome is a card face, ``Card.index`` 0-23, with the probability of the copies still
  undealt; so there are at most 24 outcomes a node, and the deal (hands, widow, stock
  order) is exactly the engine's uniform shuffle.
- **Actions** are `pinochle.env.ActionIndex` indices; cards to pass, return or bury are
  picked one card at a time (the same player acts again until the choice is complete).
- **Episodes** last ``hands`` deals (a misdeal or an all-pass redeal is a deal that scores
  nothing), or less if the game ends first.
- **Returns**: for each player, its side's score change over the episode, on the profile's
  scale (partners share one return). The game is general-sum.
- **Information state** string: the records of the episode's earlier deals as this seat
  saw them, then its observation string. **Observation** string: the seat's view of the
  current deal (`pinochle.observe`), plus its picks so far. The two tensors are one
  encoding: `pinochle.env.encode_observation` followed by the cards dealt to the seat so
  far during a deal, the share of the episode's deals begun, and each side's score change
  so far. Both describe what the seat may know and nothing more.

`resample_from_infostate` draws a state the player cannot tell from this one (through
`pinochle.sample_state`), which is what OpenSpiel's Python IS-MCTS bot
(`open_spiel.python.algorithms.ismcts.ISMCTSBot`) needs: `ismcts_bot` builds one, and
`arena_player` turns any bot factory into a player for `pinochle.arena` or
`pinochle.bots`-style loops.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from pinochle import arguments
from pinochle.actions import Action
from pinochle.cards import CARDS, Card, Suit, format_cards, make_deck
from pinochle.documents import parse_json
from pinochle.engine import apply, bid_limit, new_game, observe
from pinochle.engine._course import _redeal
from pinochle.engine._dealing import _deal_order
from pinochle.errors import (
    MAX_WIRE_PROBLEMS,
    ArgumentError,
    ExtraMissingError,
    IllegalActionError,
    PinochleError,
    WireError,
)
from pinochle.meld import highest_meld
from pinochle.sampling import sample_state
from pinochle.state import Observation, Phase, State
from pinochle.tricks import deck_points
from pinochle.variant import Variant, builtin_variants, load_variant

OPENSPIEL_EXTRA: Final = (
    'pip install "pinochle-rules[openspiel]" (from a source checkout: pip install ".[openspiel]")'
)
"""The command that installs the ``openspiel`` extra (open_spiel, numpy)."""

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel

    from pinochle.env import ActionIndex, encode_observation, observation_layout, point_scale
except ImportError as _exc:  # pragma: no cover - exercised with the extra absent
    raise ExtraMissingError(
        f"pinochle.openspiel needs {_exc.name}, which is not installed: {OPENSPIEL_EXTRA}",
        name=_exc.name,
    ) from _exc

__all__ = [
    "GAME_NAME",
    "OPENSPIEL_EXTRA",
    "STATE_FORMAT",
    "TOML_PREFIX",
    "PinochleGame",
    "PinochleState",
    "arena_player",
    "game_parameter",
    "ismcts_bot",
    "load_game",
    "resampler",
    "state_from_observation",
]

GAME_NAME: Final = "pinochle"
"""The game's short name in OpenSpiel: ``pyspiel.load_game("pinochle")``."""
TOML_PREFIX: Final = "toml-base64:"
"""How a game string carries a profile given as TOML text: this prefix, then the resolved
profile's TOML in URL-safe base64 without padding (OpenSpiel's game strings cannot hold
the commas, brackets and newlines of TOML)."""

STATE_FORMAT: Final = "pinochle.openspiel-state"
"""The ``format`` of a serialized state (`PinochleState.serialize`): a JSON document of the
game string and the OpenSpiel history, read back by replaying that history. OpenSpiel's own
form for Python games, a pickled ``__dict__=`` block that could run code, is never written
nor read."""

_FACES = 24
_DEFAULT_VARIANT = "pinochlerun"
_PARAMETERS = ("variant", "hands")
_STATE_FIELDS = ("format", "version", "game", "actions")
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Pinochle (pinochle-rules: any table's rules as a profile)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,  # six- and eight-hand tables
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification={"variant": _DEFAULT_VARIANT, "hands": 1},
)


# --- Parameters ------------------------------------------------------------------------


def game_parameter(variant: Variant | str) -> str:
    """The ``variant`` game parameter for a profile: its name if built in, else its TOML.

    A built-in profile's name stays a name; any other profile (a `Variant`, or TOML text)
    becomes `TOML_PREFIX` followed by its resolved TOML in URL-safe base64, which survives
    OpenSpiel's game strings (``str(game)``, ``pyspiel.load_game(str(game))``, serialized
    states).

    Raises:
        ArgumentError: ``variant`` is neither a `Variant` nor text.
        VariantError: The text is neither a built-in name nor a valid profile.
    """
    rules = _read_variant(variant)
    if rules.name in builtin_variants() and rules == load_variant(rules.name):
        return rules.name
    encoded = base64.urlsafe_b64encode(rules.to_toml().encode("utf-8")).decode("ascii")
    return TOML_PREFIX + encoded.rstrip("=")


def _read_variant(value: object) -> Variant:
    if isinstance(value, Variant):
        return value
    if not isinstance(value, str):
        raise ArgumentError("variant", "a built-in profile's name or a profile's TOML text", value)
    if value in builtin_variants():
        return load_variant(value)
    if value.startswith(TOML_PREFIX):
        return Variant.from_toml(_decoded_toml(value), source="variant")
    if ("=" not in value and "\n" not in value) or not value.strip():
        known = ", ".join(builtin_variants())
        raise ArgumentError(
            "variant", f"a built-in profile ({known}) or a profile's TOML text", value
        )
    return Variant.from_toml(value, source="variant")


def _decoded_toml(value: str) -> str:
    """The TOML text of a `TOML_PREFIX` parameter, read strictly.

    Only what `game_parameter` writes is accepted: the URL-safe alphabet, no padding, no
    stray characters, nothing after the last group, and not empty (a lenient decoder
    drops what it cannot read, and an empty profile is the default ``custom`` one).
    """
    data = value[len(TOML_PREFIX) :]
    expected = f"URL-safe base64 (no padding) of a profile's TOML after {TOML_PREFIX!r}"
    try:
        raw = base64.b64decode(data + "=" * (-len(data) % 4), altchars=b"-_", validate=True)
        text = raw.decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise ArgumentError("variant", expected, value) from None
    # The one canonical spelling: this refuses '+' and '/', padding, and junk bits.
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != data or not text.strip():
        raise ArgumentError("variant", expected, value)
    return text


def _read_hands(value: object) -> int:
    if type(value) is not int or not 1 <= value <= 10_000:
        raise ArgumentError("hands", "a whole number of deals from 1 to 10000", value)
    return value


# --- What the game knows once per profile ------------------------------------------------


@attrs.frozen(eq=False)
class _Const:
    """Everything fixed for one game: shared by all its states, never copied."""

    rules: Variant
    hands: int
    index: ActionIndex
    players: int
    sides: int
    deck_counts: tuple[int, ...]
    deck_size: int
    start: State
    scale: float
    obs_size: int

    def __deepcopy__(self, memo: dict[int, Any]) -> _Const:
        return self

    def __copy__(self) -> _Const:
        return self


@attrs.frozen(eq=False)
class _Core:
    """One moment of an episode. Immutable, so clones share it.

    Attributes:
        engine: The library's state; while dealing, the hand about to be dealt again.
        dealing: Whether the deal's chance nodes are under way.
        deck: The faces dealt so far in this deal, in deal order.
        picked: The acting seat's picks so far in a card choice.
        first_number: The library's hand number of the episode's first deal.
        start_scores: The scores when the episode began.
        records: Each earlier deal of the episode: its last state, last action and result.
        over: Whether the episode has ended.
    """

    engine: State
    dealing: bool
    deck: tuple[int, ...]
    picked: tuple[Card, ...]
    first_number: int
    start_scores: tuple[int, ...]
    records: tuple[_Record, ...]
    over: bool
    cache: dict[int, Observation] = attrs.field(factory=dict, repr=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return self

    def __copy__(self) -> _Core:
        return self

    def view(self, seat: int) -> Observation:
        """The engine's observation for ``seat`` (cached: the core never changes)."""
        found = self.cache.get(seat)
        if found is None:
            found = self.cache[seat] = observe(self.engine, seat)
        return found


def _utility_bound(rules: Variant) -> int:
    """A bound on a side's score change in one deal (generous, never exceeded).

    Twice the highest bid plus every seat's best meld and every trick point (two-hand: a
    best meld for every trick), plus the chip payments at their largest and the surrender
    bonus.
    """
    deal = rules.deal
    meld = highest_meld(rules, deal.hand + deal.kitty) * deal.players
    if deal.stock:
        meld = highest_meld(rules, deal.hand) * rules.tricks_per_hand * deal.players
    bound = 2 * (bid_limit(rules) + meld + deck_points(rules))
    chips = rules.chips
    if chips.schedule:
        factor = max(chips.set, chips.concede, 1)
        multiplier = max(chips.suit_multipliers.of(s) for s in Suit)
        each = max(abs(row.pays) for row in chips.schedule) * factor * multiplier
        bound += each * max(1, rules.sides - 1)
    return bound + abs(rules.settlement.surrender_bonus)


def _length_bound(rules: Variant, index: ActionIndex) -> int:
    """A bound on the decisions of one deal (generous, never exceeded).

    Misdeal answers, an auction of at most one pass a seat and each bid amount once, trump,
    the picks of a pass, return and bury, the concessions and dix exchanges, every card
    played, and in two-hand a few declarations and a draw after every trick.
    """
    deal = rules.deal
    decisions = 4 * deal.players + len(index.bids) + 2
    decisions += 2 * deal.kitty + 2 * rules.passing.cards
    decisions += len(make_deck(deal.deck))
    if deal.stock:
        decisions += 8 * rules.tricks_per_hand
    return decisions


# --- The game ----------------------------------------------------------------------------


class PinochleGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one pinochle profile (registered as ``"pinochle"``).

    Load it through OpenSpiel, ``pyspiel.load_game("pinochle", {"variant": ..., "hands":
    ...})``, or with `load_game`. The parameters:

    - ``variant``: a built-in profile's name (default ``"pinochlerun"``), a profile's TOML
      text (it may ``extends`` a built-in profile), or the `TOML_PREFIX` form that
      ``str(game)`` shows for such a profile.
    - ``hands``: how many deals an episode lasts (default 1).

    Attributes:
        variant: The rules.
        hands: Deals an episode lasts.
        action_index: The `pinochle.env.ActionIndex` that numbers the actions.

    Raises:
        ArgumentError: A parameter of the wrong kind, or a profile with sit-outs.
        VariantError: The TOML text is not a valid profile.
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        if params is None:
            params = {}
        if not isinstance(params, Mapping):
            raise ArgumentError("params", "a dict of game parameters", params)
        unknown = sorted(set(params) - set(_PARAMETERS), key=repr)
        if unknown:
            raise ArgumentError("params", "only 'variant' and 'hands'", unknown)
        rules = _read_variant(params.get("variant", _DEFAULT_VARIANT))
        hands = _read_hands(params.get("hands", 1))
        deal = rules.deal
        if deal.seated != deal.players:
            raise ArgumentError(
                "variant",
                "a profile where everyone seated plays every hand (deal.seated = deal.players)",
                f"{rules.name}: {deal.seated} seated, {deal.players} play",
            )
        index = ActionIndex(rules)
        deck = make_deck(deal.deck)
        counts = Counter(card.index for card in deck)
        bound = _utility_bound(rules) * hands
        info = pyspiel.GameInfo(
            num_distinct_actions=index.n,
            max_chance_outcomes=_FACES,
            num_players=deal.players,
            min_utility=float(-bound),
            max_utility=float(bound),
            utility_sum=None,
            max_game_length=_length_bound(rules, index) * hands,
        )
        stored = {"variant": game_parameter(rules), "hands": hands}
        super().__init__(_GAME_TYPE, info, stored)
        start = new_game(rules, seed=0, dealer=0)
        self._const = _Const(
            rules=rules,
            hands=hands,
            index=index,
            players=deal.players,
            sides=rules.sides,
            deck_counts=tuple(counts.get(face, 0) for face in range(_FACES)),
            deck_size=len(deck),
            start=start,
            scale=float(point_scale(rules)),
            obs_size=observation_layout(rules).size,
        )
        self._initial = _Core(
            engine=start,
            dealing=True,
            deck=(),
            picked=(),
            first_number=0,
            start_scores=start.scores,
            records=(),
            over=False,
        )

    @property
    def variant(self) -> Variant:
        """The rules."""
        return self._const.rules

    @property
    def hands(self) -> int:
        """How many deals an episode lasts."""
        return self._const.hands

    @property
    def action_index(self) -> ActionIndex:
        """The fixed action numbering (`pinochle.env.ActionIndex`)."""
        return self._const.index

    def new_initial_state(self) -> PinochleState:
        """The start of an episode: the first card of the first deal is about to be dealt."""
        return PinochleState(self)

    def deserialize_state(self, text: str) -> PinochleState:
        """The state `PinochleState.serialize` wrote, rebuilt by replaying its history.

        Every action is applied through the rules, so no text can make a state the game
        could not reach. OpenSpiel's own form for Python games (a pickled ``__dict__=``
        block) is refused unread: unpickling a text can run any code.

        Raises:
            ArgumentError: ``text`` is not a string.
            WireError: Not a `STATE_FORMAT` document of this game, or an action of its
                history that is not legal where it stands (the error names its position).
        """
        if not isinstance(text, str):
            raise ArgumentError("text", "a state written by PinochleState.serialize", text)
        data = parse_json(text, WireError) if text.lstrip().startswith("{") else None
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise WireError(
                f"not a pinochle state: expected a JSON document of format {STATE_FORMAT!r} "
                "(OpenSpiel's pickled '__dict__=' form is never read: it could run code)"
            )
        problems = [f"{key}: unknown field" for key in data if key not in _STATE_FIELDS]
        if data.get("version") != 1 or type(data.get("version")) is not int:
            problems.append(f"version: expected 1, found {data.get('version')!r}")
        if data.get("game") != str(self):
            problems.append(f"game: expected {str(self)!r}, found {data.get('game')!r}")
        actions = data.get("actions")
        limit = self.max_game_length() + self._const.deck_size * self._const.hands
        if not isinstance(actions, list) or len(actions) > limit:
            problems.append(f"actions: expected a list of at most {limit} action ids")
        else:
            problems += [
                f"actions[{k}]: expected a whole number, found {a!r}"
                for k, a in enumerate(actions)
                if type(a) is not int
            ]
        if problems or not isinstance(actions, list):
            raise WireError(*problems[:MAX_WIRE_PROBLEMS])
        state = self.new_initial_state()
        for k, action in enumerate(actions):
            if state.is_terminal():
                raise WireError(f"actions[{k}]: the episode is over before it")
            try:
                state.apply_action(action)
            except PinochleError as exc:
                raise WireError(f"actions[{k}]: {exc}") from None
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PinochleObserver:
        """An observer of one player's view (OpenSpiel's observation interface).

        ``perfect_recall`` (the information state) adds the records of earlier deals to the
        string; the tensor is the same either way. Only observations of one player's
        private information and the public information together are offered.

        Raises:
            ArgumentError: Another kind of observation, or observation parameters.
        """
        if isinstance(iig_obs_type, dict):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ArgumentError("params", "no observation parameters (pinochle takes none)", params)
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ArgumentError(
                "iig_obs_type",
                "one player's view (public information and that player's private information)",
                iig_obs_type,
            )
        return PinochleObserver(self._const, perfect_recall=bool(iig_obs_type.perfect_recall))


class PinochleState(pyspiel.State):  # type: ignore[misc]
    """A moment of an episode (OpenSpiel's state interface over the library's engine).

    `engine` is the library's `State` once a deal is complete (None while it is dealt).
    """

    def __init__(self, game: PinochleGame) -> None:
        super().__init__(game)
        self._const: _Const = game._const
        self._core: _Core = game._initial
        # Set on a state whose core was drawn rather than played to (resampled, or built
        # from an observation): its OpenSpiel history does not lead to it.
        self._sampled = False

    # --- What the library sees --------------------------------------------------------

    @property
    def engine(self) -> State | None:
        """The library's state of the deal in play (None while dealing or once over)."""
        core = self._core
        return None if core.dealing or core.over else core.engine

    @property
    def picked(self) -> tuple[Card, ...]:
        """The acting seat's picks so far in a card choice."""
        return self._core.picked

    def observation(self, player: int) -> Observation | None:
        """The library's observation for ``player`` (None while dealing or once over).

        Raises:
            ArgumentError: ``player`` is not a seat.
        """
        player = self._seat("player", player)
        core = self._core
        if core.dealing or core.over:
            return None
        return core.view(player)

    # --- OpenSpiel's entry points, their arguments checked first -----------------------
    #
    # pybind11 turns True into 1 and any action id into a C++ integer before the game sees
    # it, and OpenSpiel's own checks raise its SpielError: from Python every call below
    # refuses a bool, a float or an id out of range with the library's ArgumentError,
    # before anything changes. (C++ callers reach `_apply_action` and the others, which
    # check ranges again.)

    def apply_action(self, action: int) -> None:
        """Apply a player's action or a chance outcome (a card face, 0-23).

        Raises:
            ArgumentError: ``action`` is not an action id of this node (nothing changes).
            IllegalActionError: It is not legal now (nothing changes).
        """
        super().apply_action(self._action_id(action))

    def apply_actions(self, actions: Any) -> None:
        """Refused: pinochle is sequential, one action at a time (`apply_action`).

        Raises:
            ArgumentError: Always; nothing changes.
        """
        raise ArgumentError(
            "actions", "one action at a time: pinochle is sequential (apply_action)", actions
        )

    def _apply_actions(self, actions: Any) -> None:
        self.apply_actions(actions)

    def child(self, action: int) -> PinochleState:
        """A copy of the state with ``action`` applied (this state is unchanged).

        Raises:
            ArgumentError, IllegalActionError: As for `apply_action`.
        """
        state: PinochleState = super().child(self._action_id(action))
        return state

    def action_to_string(self, *args: Any) -> str:
        """``action_to_string(action)`` or ``action_to_string(player, action)``, in words.

        Raises:
            ArgumentError: The player is neither a seat nor chance, or the action is out of
                range for it.
        """
        if len(args) == 1:
            player, action = self.current_player(), args[0]
        elif len(args) == 2:
            player, action = args
        else:
            raise ArgumentError("args", "(action) or (player, action)", args)
        if isinstance(action, np.integer):
            action = int(action)
        if type(action) is not int:
            raise ArgumentError("action", "an action id (a whole number)", action)
        return self._action_to_string(self._player(player), action)

    def string_to_action(self, *args: Any) -> int:
        """The legal action (or chance outcome) whose `action_to_string` is the text.

        ``string_to_action(text)`` or ``string_to_action(player, text)``.

        Raises:
            ArgumentError: The player is neither a seat nor chance, or no legal action has
                that text.
        """
        if len(args) == 1:
            player, text = self.current_player(), args[0]
        elif len(args) == 2:
            player, text = args
        else:
            raise ArgumentError("args", "(text) or (player, text)", args)
        player = self._player(player)
        if not isinstance(text, str):
            raise ArgumentError("text", "an action's text", text)
        legal = self.legal_actions()
        for action in legal:
            if self._action_to_string(player, action) == text:
                return action
        named = ", ".join(self._action_to_string(player, a) for a in legal[:8])
        more = ", ..." if len(legal) > 8 else ""
        raise ArgumentError("text", f"a legal action's text ({named}{more})", text)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids now, of ``player`` (default: the player to act).

        Raises:
            ArgumentError: ``player`` is not a seat.
        """
        if player is None:
            actions: list[int] = super().legal_actions()
            return actions
        actions = super().legal_actions(self._seat("player", player))
        return actions

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (default: to act) as zeros and ones.

        Raises:
            ArgumentError: ``player`` is not a seat.
        """
        if player is None:
            mask: list[int] = super().legal_actions_mask()
            return mask
        mask = super().legal_actions_mask(self._seat("player", player))
        return mask

    def observation_string(self, player: int | None = None) -> str:
        """``player``'s observation string (default: the player to act).

        Raises:
            ArgumentError: ``player`` is not a seat.
        """
        text: str = super().observation_string(self._seat_or_current(player))
        return text

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation tensor (default: the player to act).

        Raises:
            ArgumentError: ``player`` is not a seat.
        """
        tensor: list[float] = super().observation_tensor(self._seat_or_current(player))
        return tensor

    def information_state_string(self, player: int | None = None) -> str:
        """``player``'s information state string (default: the player to act).

        Raises:
            ArgumentError: ``player`` is not a seat.
        """
        text: str = super().information_state_string(self._seat_or_current(player))
        return text

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s information state tensor (default: the player to act).

        Raises:
            ArgumentError: ``player`` is not a seat.
        """
        tensor: list[float] = super().information_state_tensor(self._seat_or_current(player))
        return tensor

    # --- Serialization: the history, never a pickle ------------------------------------

    def serialize(self) -> str:
        """The state as text: a `STATE_FORMAT` JSON document of its game and history.

        `PinochleGame.deserialize_state` reads it back by replaying the history, and so do
        ``pyspiel.deserialize_game_and_state`` and ``pickle`` (both routed here).

        Raises:
            ArgumentError: The state was drawn, not played to (`resample_from_infostate`,
                `state_from_observation`): no history leads to it.
        """
        if self._sampled:
            raise ArgumentError(
                "state",
                "a state played to from the game's start (a resampled state, or one built "
                "from an observation, has no history that leads to it)",
                "a sampled state",
            )
        document = {
            "format": STATE_FORMAT,
            "version": 1,
            "game": str(self.get_game()),
            "actions": [int(a) for a in self.history()],
        }
        return json.dumps(document, ensure_ascii=False, separators=(",", ":"))

    def __reduce__(self) -> tuple[Callable[[str, str], PinochleState], tuple[str, str]]:
        """Pickled as its game string and `serialize` text (never a pickled dict)."""
        return _restore_state, (str(self.get_game()), self.serialize())

    def __copy__(self) -> PinochleState:
        state: PinochleState = self.clone()
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> PinochleState:
        state: PinochleState = self.clone()
        return state

    # --- Argument checks ---------------------------------------------------------------

    def _seat(self, name: str, value: object) -> int:
        return arguments.seat(name, value, self._const.players)

    def _action_id(self, action: object) -> int:
        """An action id of this node: a card face while dealing, else an index."""
        value = int(action) if isinstance(action, np.integer) else action
        core = self._core
        if core.over:
            raise ArgumentError("action", "no action: the episode is over", action)
        if core.dealing:
            top, what = _FACES - 1, "a chance outcome: a card face"
        else:
            top, what = self._const.index.n - 1, "an action index"
        if type(value) is not int or not 0 <= value <= top:
            raise ArgumentError("action", f"{what} from 0 to {top}", action)
        return value

    def _seat_or_current(self, player: object) -> int:
        if player is None:
            return int(self.current_player())  # OpenSpiel refuses chance and terminal
        return self._seat("player", player)

    def _player(self, value: object) -> int:
        """A seat, or `pyspiel.PlayerId.CHANCE`."""
        if isinstance(value, np.integer | pyspiel.PlayerId):
            value = int(value)
        if type(value) is int and value == _CHANCE:
            return value
        players = self._const.players
        if type(value) is not int or not 0 <= value < players:
            raise ArgumentError("player", f"a seat from 0 to {players - 1} or chance (-1)", value)
        return value

    # --- OpenSpiel's interface ---------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, `pyspiel.PlayerId.CHANCE` while dealing, or TERMINAL."""
        core = self._core
        if core.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if core.dealing:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = core.engine.to_act
        assert to_act is not None
        return to_act

    def _legal_actions(self, player: int) -> list[int]:
        core = self._core
        return self._const.index.legal_indices(core.view(player), core.picked)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The card faces the next card may be, each with its share of the undealt copies."""
        const, core = self._const, self._core
        left = list(const.deck_counts)
        for face in core.deck:
            left[face] -= 1
        total = const.deck_size - len(core.deck)
        return [(face, n / total) for face, n in enumerate(left) if n]

    def _apply_action(self, action: int) -> None:
        const, core = self._const, self._core
        if core.dealing:
            if not 0 <= action < _FACES:  # a negative id would index from the end
                raise ArgumentError(
                    "action", f"a chance outcome: a card face from 0 to {_FACES - 1}", action
                )
            left = const.deck_counts[action] - core.deck.count(action)
            if left <= 0:
                raise IllegalActionError(f"deal {CARDS[action]}", "no copy of it is left to deal")
            deck = (*core.deck, int(action))
            if len(deck) < const.deck_size:
                self._core = _Core(
                    core.engine,
                    True,
                    deck,
                    core.picked,
                    core.first_number,
                    core.start_scores,
                    core.records,
                    False,
                )
                return
            engine = _redeal(core.engine, [CARDS[face] for face in deck])
            self._core = attrs.evolve(core, engine=engine, dealing=False, deck=(), cache={})
            return
        seat = self.current_player()
        view = core.view(seat)
        chosen = const.index.decode(int(action), view, core.picked)
        if chosen is None:
            card = const.index.card(int(action))
            self._core = attrs.evolve(core, picked=(*core.picked, card), cache={})
            return
        self._core = _advance(const, core, chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        if self._player(int(player)) == _CHANCE:
            if not 0 <= action < _FACES:
                raise ArgumentError(
                    "action", f"a chance outcome: a card face from 0 to {_FACES - 1}", action
                )
            return f"deal {CARDS[action]}"
        return self._const.index.describe(int(action))

    def is_terminal(self) -> bool:
        """Whether the episode is over."""
        return self._core.over

    def returns(self) -> list[float]:
        """Each player's side's score change over the episode (zeros until it ends)."""
        core, const = self._core, self._const
        if not core.over:
            return [0.0] * const.players
        scores = core.engine.scores
        return [
            float(scores[s] - core.start_scores[s])
            for s in (_side(const.rules, core.engine, p) for p in range(const.players))
        ]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PinochleState:
        """A state ``player_id`` cannot tell from this one, its hidden cards drawn anew.

        ``probability_sampler`` is called once for a seed (OpenSpiel passes a
        ``pyspiel.UniformProbabilitySampler``). The hidden cards come from
        `pinochle.sample_state`; earlier deals' records are kept as they are (their cards
        no longer matter to the play).
        """
        player = self._seat("player_id", player_id)
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        return _resampled(self, player, rng)

    def __str__(self) -> str:
        return _describe(self._const, self._core)


@attrs.frozen
class _Record:
    """An earlier deal of the episode: the state before its last action, and that action.

    Each player's record of the deal is its view of ``before`` (rendered when asked).
    """

    before: State
    last: str


def _advance(const: _Const, core: _Core, action: Action) -> _Core:
    """Apply a library action; at the end of a deal, record it and deal again or stop."""
    before = core.engine
    after = apply(before, action)
    ended = after.phase is Phase.GAME_OVER or after.hand.number != before.hand.number
    if not ended:
        return attrs.evolve(core, engine=after, picked=(), cache={})
    result = ""
    if len(after.results) > len(before.results):
        result = f"; {after.results[-1].reason}"
    records = (*core.records, _Record(before, f"then {before.to_act}: {action}{result}"))
    deals = after.hand.number - core.first_number
    over = after.phase is Phase.GAME_OVER or deals >= const.hands
    return attrs.evolve(
        core, engine=after, picked=(), records=records, dealing=not over, over=over, cache={}
    )


def _side(rules: Variant, engine: State, seat: int) -> int:
    return rules.side_of(engine.hand.persons[seat])


# --- Resampling --------------------------------------------------------------------------


def _resampled(state: PinochleState, player: int, rng: random.Random) -> PinochleState:
    const, core = state._const, state._core
    player = arguments.seat("player_id", player, const.players)
    copy: PinochleState = state.clone()
    copy._sampled = True
    if core.over:
        return copy
    if core.dealing:
        copy._core = attrs.evolve(core, deck=_resampled_deck(const, core, player, rng), cache={})
        return copy
    engine = sample_state(core.view(player), rng)
    picked = core.picked
    new = attrs.evolve(core, engine=engine, picked=(), cache={})
    if picked and engine.to_act != player:
        # Another seat's picks are its secret: pick as many again from its sampled hand.
        seat = engine.to_act
        assert seat is not None
        again: tuple[Card, ...] = ()
        for _ in picked:
            options = const.index.legal_indices(new.view(seat), again)
            again = (*again, const.index.card(rng.choice(options)))
        picked = again
    copy._core = attrs.evolve(new, picked=picked, cache={})
    return copy


def _resampled_deck(const: _Const, core: _Core, player: int, rng: random.Random) -> tuple[int, ...]:
    """The deal so far with every card ``player`` has not been dealt drawn anew."""
    order = _deal_order(const.rules, core.engine.hand.dealer)
    mine = [k for k in range(len(core.deck)) if k < len(order) and order[k] == player]
    pool = Counter({face: n for face, n in enumerate(const.deck_counts) if n})
    for k in mine:
        pool[core.deck[k]] -= 1
    faces = list(pool.elements())
    rng.shuffle(faces)
    deck = list(core.deck)
    for k in range(len(deck)):
        if k not in mine:
            deck[k] = faces.pop()
    return tuple(deck)


def resampler(seed: int | None = None) -> Callable[[PinochleState, int], PinochleState]:
    """A seeded resampler for OpenSpiel's Python IS-MCTS (``bot.set_resampler``).

    OpenSpiel's own call draws its sampler from the operating system's entropy; this one
    makes a search reproducible.
    """
    if seed is not None and type(seed) is not int:
        raise ArgumentError("seed", "a whole number or None", seed)
    rng = random.Random(seed)

    def resample(state: PinochleState, player: int) -> PinochleState:
        if isinstance(player, np.integer):  # OpenSpiel's bot may hand a numpy seat
            player = int(player)
        return _resampled(state, player, random.Random(rng.getrandbits(64)))

    return resample


# --- Observations -----------------------------------------------------------------------


class PinochleObserver:
    """OpenSpiel's observer for one player's view of a `PinochleState`.

    Attributes:
        tensor: The flat ``float32`` vector `set_from` fills.
        dict: Named views of ``tensor``: ``observation`` (`pinochle.env.encode_observation`),
            ``dealt`` (cards dealt to the player so far while a deal is under way),
            ``deals`` (the share of the episode's deals begun) and ``returns`` (each side's
            score change so far, the player's side first, divided by
            `pinochle.env.point_scale`).
    """

    def __init__(self, const: _Const, *, perfect_recall: bool) -> None:
        self._const = const
        self._perfect_recall = perfect_recall
        sizes = (
            ("observation", const.obs_size),
            ("dealt", _FACES),
            ("deals", 1),
            ("returns", const.sides),
        )
        self.tensor: npt.NDArray[np.float32] = np.zeros(sum(n for _, n in sizes), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        at = 0
        for name, size in sizes:
            self.dict[name] = self.tensor[at : at + size]
            at += size

    def set_from(self, state: PinochleState, player: int) -> None:
        """Fill `tensor` with ``state`` as ``player`` sees it.

        Raises:
            ArgumentError: ``player`` is not a seat (the tensor is left as it was).
        """
        const, core = self._const, state._core
        player = arguments.seat("player", player, const.players)
        self.tensor.fill(0.0)
        if not core.dealing and not core.over:
            picked = core.picked if core.engine.to_act == player else ()
            self.dict["observation"][:] = encode_observation(core.view(player), picked)
        if core.dealing:
            dealt = self.dict["dealt"]
            for face in _dealt_to(const, core, player):
                dealt[face] += 1.0
        begun = core.engine.hand.number - core.first_number + (0 if core.over else 1)
        self.dict["deals"][0] = min(begun, const.hands) / const.hands
        scores, start = core.engine.scores, core.start_scores
        mine = _side(const.rules, core.engine, player)
        for k in range(const.sides):
            side = (mine + k) % const.sides
            self.dict["returns"][k] = (scores[side] - start[side]) / const.scale

    def string_from(self, state: PinochleState, player: int) -> str:
        """``state`` as ``player`` sees it: the information state or the observation.

        Raises:
            ArgumentError: ``player`` is not a seat.
        """
        const, core = self._const, state._core
        player = arguments.seat("player", player, const.players)
        now = _observation_text(const, core, player)
        if not self._perfect_recall or not core.records:
            return now
        earlier = [
            f"[deal {k + 1}]\n{_text(observe(r.before, player), ())}\n{r.last}"
            for k, r in enumerate(core.records)
        ]
        return "\n".join([*earlier, f"[deal {len(earlier) + 1}]", now])


def _dealt_to(const: _Const, core: _Core, player: int) -> list[int]:
    order = _deal_order(const.rules, core.engine.hand.dealer)
    return [face for k, face in enumerate(core.deck) if k < len(order) and order[k] == player]


def _observation_text(const: _Const, core: _Core, player: int) -> str:
    scores = " ".join(str(s) for s in core.engine.scores)
    if core.over:
        return f"seat {player}; episode over; scores {scores}"
    if core.dealing:
        cards = format_cards([CARDS[f] for f in sorted(_dealt_to(const, core, player))])
        deal = core.engine.hand.number - core.first_number + 1
        return (
            f"seat {player}; deal {deal} of {const.hands}, dealer {core.engine.hand.dealer}; "
            f"{len(core.deck)} cards dealt, to me: {cards}; scores {scores}"
        )
    picked = core.picked if core.engine.to_act == player else ()
    return _text(core.view(player), picked)


def _text(o: Observation, picked: Sequence[Card]) -> str:
    """An observation in lines of text: everything it holds, in a fixed order."""
    lines = [
        f"seat {o.seat}; hand {o.hand_number}; {o.phase.value}; dealer {o.dealer}; "
        f"to act {o.to_act}",
        f"hand: {format_cards(o.hand)}",
        f"sizes: {' '.join(str(n) for n in o.hand_sizes)}",
    ]
    if o.auction:
        lines.append("auction: " + ", ".join(f"{s} {a}" for s, a in o.auction))
    if o.bidder is not None:
        lines.append(f"bidder {o.bidder} at {o.bid}")
    if o.trump is not None:
        lines.append(f"trump {o.trump}")
    if o.turned_up is not None:
        lines.append(f"turned up {o.turned_up}")
    if o.turn_up is not None or o.stock_size:
        lines.append(f"turn-up {o.turn_up}; stock {o.stock_size}")
    if o.kitty:
        lines.append(f"kitty: {format_cards(o.kitty)}")
    if o.buried:
        lines.append(f"buried: {format_cards(o.buried)}")
    if o.buried_announced:
        lines.append(f"buried, announced: {format_cards(o.buried_announced)}")
    if o.passed_to_me or o.passed_by_me:
        lines.append(
            f"passed to me: {format_cards(o.passed_to_me)}; by me: {format_cards(o.passed_by_me)}"
        )
    for seat, meld in enumerate(o.melds):
        if meld is not None:
            items = ", ".join(str(item) for item in meld.items)
            lines.append(f"meld {seat}: {meld.total} ({items})")
    for seat, shown in enumerate(o.shown):
        if shown:
            lines.append(
                f"shown {seat}: "
                + ", ".join(f"{m.kind} {format_cards(m.cards)} {m.points}" for m in shown)
            )
    for seat, cards in enumerate(o.table):
        if cards:
            lines.append(f"table {seat}: {format_cards(cards)}")
    if o.melded_this_turn:
        lines.append("melded this turn")
    if o.last_turn_up is not None:
        lines.append(f"turn-up taken: {o.last_turn_up[0]} {o.last_turn_up[1]}")
    if o.dix_exchanger is not None:
        lines.append(f"dix exchanged by {o.dix_exchanger}")
    if o.moon:
        lines.append(f"moon shot by {o.bidder}")
    for trick in o.tricks:
        plays = " ".join(f"{s}:{c}" for s, c in trick.plays)
        lines.append(f"trick {plays} -> {trick.winner}")
    if o.trick:
        lines.append("trick now " + " ".join(f"{s}:{c}" for s, c in o.trick))
    lines.append(
        f"points {' '.join(map(str, o.points))}; scores {' '.join(map(str, o.scores))}; "
        f"target {o.target}"
    )
    if picked:
        lines.append(f"picked: {format_cards(picked)}")
    return "\n".join(lines)


def _describe(const: _Const, core: _Core) -> str:
    """The whole state, hidden cards included (OpenSpiel's debugging string)."""
    engine = core.engine
    if core.dealing:
        dealt = format_cards([CARDS[f] for f in core.deck])
        return f"dealing hand {engine.hand.number}, dealer {engine.hand.dealer}: {dealt}"
    if core.over:
        return f"over after hand {engine.hand.number - 1}; scores {engine.scores}"
    head = f"hand {engine.hand.number}; {engine.phase.value}; to act {engine.to_act}"
    lines = [head]
    lines += [f"seat {s}: {format_cards(h)}" for s, h in enumerate(engine.hands)]
    hand = engine.hand
    if hand.kitty:
        lines.append(f"kitty: {format_cards(hand.kitty)}")
    if hand.stock:
        lines.append(f"stock: {format_cards(hand.stock)}")
    lines.append(f"history: {len(_flat(engine))} actions; scores {engine.scores}")
    if engine.trick:
        lines.append("trick " + " ".join(f"{s}:{c}" for s, c in engine.trick))
    if core.picked:
        lines.append(f"picked: {format_cards(core.picked)}")
    return "\n".join(lines)


def _flat(engine: State) -> list[Action]:
    out: list[Action] = []
    node = engine.history
    while node is not None:
        out.append(node[0])
        node = node[1]
    return out


# --- Building states, bots and players ----------------------------------------------------


def load_game(variant: Variant | str = _DEFAULT_VARIANT, hands: int = 1) -> PinochleGame:
    """``pyspiel.load_game("pinochle", ...)`` for a profile, a `Variant` accepted too.

    Raises:
        ArgumentError: As for `PinochleGame`.
        VariantError: The TOML text is not a valid profile.
    """
    game: PinochleGame = pyspiel.load_game(
        GAME_NAME, {"variant": game_parameter(variant), "hands": _read_hands(hands)}
    )
    return game


def state_from_observation(
    game: PinochleGame, observation: Observation, rng: random.Random
) -> PinochleState:
    """An OpenSpiel state of ``game`` consistent with what one seat knows.

    The library's state is `pinochle.sample_state` of the observation: the seat's own
    cards and everything public are as observed, every hidden card is a guess. The
    episode is the rest of the observed deal (and ``game.hands - 1`` deals after it), its
    returns counted from the scores observed now.

    Raises:
        ArgumentError: ``observation`` is not of ``game``'s profile.
    """
    if not isinstance(game, PinochleGame):
        raise ArgumentError("game", "a pinochle game (pinochle.openspiel.load_game)", game)
    const = game._const
    if not isinstance(observation, Observation):
        raise ArgumentError("observation", "an Observation (pinochle.observe)", observation)
    if observation.variant != const.rules:
        raise ArgumentError(
            "observation", f"an observation of {const.rules.name!r}", observation.variant.name
        )
    if not isinstance(rng, random.Random):
        raise ArgumentError("rng", "a random.Random", rng)
    engine = sample_state(observation, rng)
    state: PinochleState = game.new_initial_state()
    state._sampled = True
    state._core = _Core(
        engine=engine,
        dealing=False,
        deck=(),
        picked=(),
        first_number=engine.hand.number,
        start_scores=engine.scores,
        records=(),
        over=engine.phase is Phase.GAME_OVER,
    )
    return state


def ismcts_bot(
    game: PinochleGame,
    *,
    simulations: int = 50,
    uct_c: float | None = None,
    rollouts: int = 1,
    seed: int | None = None,
) -> Any:
    """OpenSpiel's Python IS-MCTS bot for ``game``, seeded and with random rollouts.

    It is `open_spiel.python.algorithms.ismcts.ISMCTSBot` with an
    `open_spiel.python.algorithms.mcts.RandomRolloutEvaluator`, the seeded `resampler`, and
    by default ``uct_c`` the deck's trick points (`pinochle.deck_points`), so exploration
    is on the scale of the returns. (OpenSpiel's C++ ``pyspiel.ISMCTSBot`` cannot call a
    Python game's ``resample_from_infostate``; this Python bot can.)

    Raises:
        ArgumentError: ``simulations`` or ``rollouts`` is not a positive whole number,
            ``seed`` not a whole number from 0 to 2**32 - 1 (numpy's seeds) or None, or
            ``uct_c`` not a number from 0 or None.
    """
    from open_spiel.python.algorithms import ismcts, mcts

    if not isinstance(game, PinochleGame):
        raise ArgumentError("game", "a pinochle game (pinochle.openspiel.load_game)", game)
    for name, value in (("simulations", simulations), ("rollouts", rollouts)):
        if type(value) is not int or value < 1:
            raise ArgumentError(name, "a whole number from 1", value)
    if seed is not None:
        arguments.number("seed", seed, 0, 2**32 - 1)
    if uct_c is not None and (type(uct_c) not in (int, float) or not 0 <= uct_c < float("inf")):
        raise ArgumentError("uct_c", "a number from 0, or None", uct_c)
    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=random_state)
    c = float(deck_points(game.variant)) if uct_c is None else float(uct_c)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=evaluator,
        uct_c=c,
        max_simulations=simulations,
        random_state=random_state,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    bot.set_resampler(resampler(seed))
    return bot


def arena_player(
    make_bot: Callable[[PinochleGame], Any],
    *,
    hands: int = 1,
    seed: int | None = None,
    bot_per_decision: bool = False,
) -> Callable[[], Callable[[Observation], Action]]:
    """A player factory for `pinochle.arena`: an OpenSpiel bot choosing the library's actions.

    ``make_bot(game)`` builds the bot (anything with OpenSpiel's ``step(state)``, such as
    `ismcts_bot`) for the observed profile's game with ``hands`` deals: once per player, or
    before every decision with ``bot_per_decision``. Each decision hands the bot
    `state_from_observation`: a state sampled from what the seat knows, never the true one
    (a bot that reads hidden cards reads a guess). A card choice is the bot's picks, one
    ``step`` each, returned as one `PassCards` or `Bury`.

    With a ``seed`` the sampled state is a function of the seed and the observation alone,
    so a game plays the same in any process and in any order of games; the bot's own
    randomness is too when it is built per decision (``bot_per_decision``) from a seeded
    factory. The factory and its players pickle when ``make_bot`` does (a module-level
    function or a ``functools.partial`` of one, not a lambda), so a worker pool can use them.

    Returns:
        A zero-argument callable; each call makes a fresh player ``Observation -> Action``.

    Raises:
        ArgumentError: ``make_bot`` is not callable, or ``hands`` or ``seed`` is not a whole
            number.
    """
    if not callable(make_bot):
        raise ArgumentError("make_bot", "a callable that builds a bot for a game", make_bot)
    _read_hands(hands)
    if seed is not None and type(seed) is not int:
        raise ArgumentError("seed", "a whole number or None", seed)
    return _PlayerFactory(make_bot, hands, seed, bot_per_decision)


@attrs.frozen
class _PlayerFactory:
    make_bot: Callable[[PinochleGame], Any]
    hands: int
    seed: int | None
    per_decision: bool

    def __call__(self) -> Callable[[Observation], Action]:
        return _OpenSpielPlayer(self)


class _OpenSpielPlayer:
    """One player: an OpenSpiel bot behind the library's ``Observation -> Action``."""

    def __init__(self, factory: _PlayerFactory) -> None:
        self.factory = factory
        self.bots: dict[Variant, Any] = {}

    def __getstate__(self) -> dict[str, Any]:
        return {"factory": self.factory, "bots": {}}  # bots are rebuilt where they play

    def __call__(self, observation: Observation) -> Action:
        if not isinstance(observation, Observation):
            raise ArgumentError("observation", "an Observation (pinochle.observe)", observation)
        if observation.to_act != observation.seat or not observation.legal_actions:
            raise ArgumentError("observation", "the view of the seat to act", observation)
        factory = self.factory
        game = _game_for(observation.variant, factory.hands)
        if factory.per_decision or observation.variant not in self.bots:
            self.bots[observation.variant] = factory.make_bot(game)
        bot = self.bots[observation.variant]
        state = state_from_observation(game, observation, _decision_rng(factory.seed, observation))
        index = game._const.index
        while True:
            chosen = int(bot.step(state))
            core = state._core
            action = index.decode(chosen, core.view(observation.seat), core.picked)
            if action is not None:
                return action
            state.apply_action(chosen)


def _decision_rng(seed: int | None, observation: Observation) -> random.Random:
    if seed is None:
        return random.Random()
    digest = hashlib.sha256(f"{seed}:{observation.to_json()}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


@functools.lru_cache(maxsize=32)
def _game_for(rules: Variant, hands: int) -> PinochleGame:
    return load_game(rules, hands)


def _restore_state(game: str, text: str) -> PinochleState:
    """A pickled `PinochleState` back: its game loaded, its history replayed."""
    loaded = pyspiel.load_game(game)
    if not isinstance(loaded, PinochleGame):
        raise WireError(f"game: expected a pinochle game, found {game!r}")
    return loaded.deserialize_state(text)


# --- OpenSpiel's serialization of a game and state, routed through the history ------------
#
# OpenSpiel's C++ SerializeGameAndState writes a Python game's state as its pickled
# ``__dict__`` and DeserializeGameAndState unpickles whatever text it is given, so a
# crafted string runs code. Neither calls back into Python, so the module-level functions
# are wrapped: a pinochle game and state take the wire path above, any other game goes to
# OpenSpiel's own functions unchanged.

_HEADER = "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"


def _game_and_state_sections(text: str) -> tuple[str, str]:
    """The game string and the state text, read as OpenSpiel's DeserializeGameAndState does.

    Lines split at newlines; empty lines and lines starting with ``#`` are skipped;
    ``[Meta]``, ``[Game]`` and ``[State]`` start a section; every other line (with its
    newline) goes to the current section, and each section loses its last newline.
    """
    sections = {"[Meta]": "", "[Game]": "", "[State]": ""}
    current: str | None = None
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue
        if line in sections:
            current = line
        elif current is not None:
            sections[current] += line + "\n"
    return sections["[Game]"].removesuffix("\n"), sections["[State]"].removesuffix("\n")


def _wrap_serialization() -> None:
    if getattr(pyspiel.serialize_game_and_state, "_pinochle", False):
        return  # already wrapped (the module imported twice)
    cpp_serialize = pyspiel.serialize_game_and_state
    cpp_deserialize = pyspiel.deserialize_game_and_state

    def serialize_game_and_state(game: Any, state: Any) -> str:
        if isinstance(state, PinochleState):
            return f"{_HEADER}[Game]\n{game}\n[State]\n{state.serialize()}\n"
        text: str = cpp_serialize(game, state)
        return text

    def deserialize_game_and_state(text: str) -> tuple[Any, Any]:
        if isinstance(text, str):
            # The game is loaded as OpenSpiel would load it, so no spelling of a pinochle
            # game string reaches the C++ reader (and its unpickling).
            game_string, state_text = _game_and_state_sections(text)
            game = pyspiel.load_game(game_string) if game_string else None
            if isinstance(game, PinochleGame):
                return game, game.deserialize_state(state_text)
        return tuple(cpp_deserialize(text))

    for wrapper, wrapped in (
        (serialize_game_and_state, cpp_serialize),
        (deserialize_game_and_state, cpp_deserialize),
    ):
        wrapper.__doc__ = (
            f"{wrapped.__doc__ or ''}\n\nWrapped by pinochle.openspiel: a pinochle game "
            "and state are written and read as a JSON history, never as a pickle."
        )
        setattr(wrapper, "_pinochle", True)  # noqa: B010 - a mark on a function object
        setattr(wrapper, "_wrapped", wrapped)  # noqa: B010
    pyspiel.serialize_game_and_state = serialize_game_and_state
    pyspiel.deserialize_game_and_state = deserialize_game_and_state


_wrap_serialization()
pyspiel.register_game(_GAME_TYPE, PinochleGame)
