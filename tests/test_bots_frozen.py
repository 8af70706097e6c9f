"""Hard and Expert choose what they chose before their speed work, position by position.

``tests/data/frozen_decisions.json.gz`` holds observations (wire JSON) from seeded games
under five profiles (four-hand ones and tens, double deck, two-hand, three-hand) and the
action a fresh bot of each level, with a fixed seed and Expert's default 24 samples,
chose there before the play-outs, the sampler and the card memory were made faster
(written by ``benchmarks/record_decisions.py`` on main at a0b47d6). Faster code must
give the same answers: same seed and samples, same choice.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from pinochle import Observation
from pinochle.bots import make_bot
from pinochle.wire import from_json

_DATA = Path(__file__).parent / "data" / "frozen_decisions.json.gz"


def _records() -> list[dict[str, Any]]:
    with gzip.open(_DATA, "rt", encoding="utf-8") as data:
        records: list[dict[str, Any]] = json.load(data)
    return records


_RECORDS = _records()


def test_the_positions_cover_every_profile_phase_and_level() -> None:
    seen = {(r["profile"], r["level"]) for r in _RECORDS}
    profiles = {r["profile"] for r in _RECORDS}
    assert len(profiles) == 5
    assert seen == {(p, level) for p in profiles for level in ("hard", "expert")}
    expert_cards = [r for r in _RECORDS if r["level"] == "expert" and r["phase"] == "TRICKS"]
    assert len(expert_cards) >= 100
    assert {r["phase"] for r in _RECORDS} >= {"AUCTION", "TRICKS", "MELD"}


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_same_choice_as_the_frozen_copy(level: str) -> None:
    wrong = []
    for record in _RECORDS:
        if record["level"] != level:
            continue
        view = from_json("observation", record["observation"])
        assert isinstance(view, Observation)
        action = make_bot(level, seed=record["seed"]).choose(view)
        if str(action) != record["action"]:
            wrong.append((record["profile"], record["seed"], record["action"], str(action)))
    assert not wrong, f"{len(wrong)} decisions changed (profile, seed, frozen, now): {wrong[:5]}"
