"""Identical games: the engine reproduces recorded seeded games exactly, for every profile.

The engine's fast paths (issue 18) must not change a single game. Before any of them was
written, this file recorded seeded games of every built-in profile (tests/games/engine.json):
each game's final state as a wire document (its full action sequence included) and a digest
of every legal-action list along the way (their order included: a player picking "the third
legal action" must pick the same one). The test plays the same games again and compares.

Two players drive the games, both seeded and both choosing by position in the legal
actions: "played" bids like a cautious player (passes three times in four, else the lowest
bid, never throws in) and picks every other decision uniformly, so most hands reach the
last trick; "uniform" picks every decision uniformly (absurd bids, throw-ins, concessions).

Re-record (only when a rule change is meant to change games):
``python tests/test_engine_games.py --record``.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn

FIXTURE = Path(__file__).parent / "games" / "engine.json"
SEEDS = (0, 1, 2)
HANDS = {"played": 40, "uniform": 4}
"""A game is played to its end or to the end of this many hands (its state then is kept)."""

Picker = Callable[[random.Random, Sequence[pn.Action]], int]


def _played(rng: random.Random, actions: Sequence[pn.Action]) -> int:
    first = actions[0]
    if isinstance(first, pn.Pass):
        return 0 if rng.random() < 0.75 or len(actions) == 1 else 1
    if isinstance(first, pn.Bid):
        return 0
    if isinstance(first, pn.ThrowIn):
        return 1
    return rng.randrange(len(actions))


def _uniform(rng: random.Random, actions: Sequence[pn.Action]) -> int:
    return rng.randrange(len(actions))


PICKERS: dict[str, Picker] = {"played": _played, "uniform": _uniform}


def _listing(actions: Sequence[pn.Action]) -> str:
    """Every legal action in order (a lazy sequence of thousands: its length and a sample)."""
    n = len(actions)
    if n <= 2000:
        return "|".join(str(a) for a in actions)
    return f"{n}:" + "|".join(str(actions[i]) for i in range(0, n, n // 500))


def play_game(profile: str, seed: int, picker: str) -> dict[str, Any]:
    """One seeded game, with what the fixture keeps of it."""
    variant = pn.load_variant(profile)
    rng = random.Random(f"{profile}:{seed}:{picker}")
    pick = PICKERS[picker]
    legal = hashlib.sha256()
    state = pn.new_game(variant, seed=seed)
    while not state.is_over and len(state.results) < HANDS[picker]:
        actions = pn.legal_actions(state)
        legal.update(_listing(actions).encode())
        legal.update(b"\n")
        state = pn.apply(state, actions[pick(rng, actions)])
    return {
        "profile": profile,
        "seed": seed,
        "picker": picker,
        "legal_sha256": legal.hexdigest(),
        "state": json.loads(state.to_json()),
    }


def _cases() -> list[tuple[str, int, str]]:
    return [
        (profile, seed, picker)
        for profile in pn.builtin_variants()
        for picker in PICKERS
        for seed in SEEDS
    ]


@functools.cache
def _recorded() -> dict[tuple[str, int, str], dict[str, Any]]:
    games = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return {(g["profile"], g["seed"], g["picker"]): g for g in games}


def test_every_builtin_profile_is_recorded() -> None:
    assert set(_recorded()) == set(_cases())


@pytest.mark.parametrize(("profile", "seed", "picker"), _cases())
def test_game_is_identical(profile: str, seed: int, picker: str) -> None:
    expected = _recorded()[profile, seed, picker]
    game = play_game(profile, seed, picker)
    assert game["state"]["actions"] == expected["state"]["actions"]
    assert game["legal_sha256"] == expected["legal_sha256"]
    assert game["state"] == expected["state"]


def test_a_changed_game_is_noticed() -> None:
    # The comparison can fail: a game with one different choice differs from the record.
    expected = _recorded()["pinochlerun", 0, "played"]
    other = play_game("pinochlerun", 0, "uniform")
    assert other["state"]["actions"] != expected["state"]["actions"]
    assert other["state"] != expected["state"]


def _record() -> None:
    FIXTURE.parent.mkdir(exist_ok=True)
    games = [play_game(*case) for case in _cases()]
    text = json.dumps(games, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    FIXTURE.write_text(text + "\n", encoding="utf-8")
    print(f"recorded {len(games)} games in {FIXTURE} ({len(text):,} bytes)")


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python tests/test_engine_games.py --record")
    _record()
