"""Record Hard's and Expert's decisions on a fixed set of positions (the frozen copy).

The speed work on the computer players must not change what they choose. This script,
run once on the code before that work (main at a0b47d6; cffea72 has no wire format, so it
cannot write observations), plays seeded games with Hard in every seat under five
profiles, keeps a spread of the observations where the seat had a choice, and writes each
one as wire JSON with the action Hard and Expert (fresh bots, fixed seeds, 24 samples,
Expert's default then) chose there. ``tests/test_bots_frozen.py`` replays them against
the current bots.

Run: ``python benchmarks/record_decisions.py [--out tests/data/frozen_decisions.json.gz]``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
from pathlib import Path

from pinochle import Observation, Phase, apply, load_variant, new_game, observe
from pinochle.bots import make_bot
from pinochle.wire import to_json

PROFILES = (
    "pinochlerun",
    "pagat-partnership",
    "pinochlerun-double-deck",
    "bicycle-two-handed",
    "cutthroat-3",
)
HARD_PER_PROFILE = 40
EXPERT_CARDS_PER_PROFILE = 24
EXPERT_OTHER_PER_PROFILE = 8
HANDS = 6


def positions(profile: str, seed: int) -> list[Observation]:
    """Every observation with a choice in a few seeded Hard-vs-Hard hands."""
    variant = load_variant(profile)
    seats = variant.deal.players
    bots = [make_bot("hard", seed=seed * 10 + s) for s in range(seats)]
    found: list[Observation] = []
    for game in range(HANDS):
        state = new_game(variant, seed=seed * 100 + game)
        while not state.results:
            seat = state.to_act
            assert seat is not None
            view = observe(state, seat)
            if len(view.legal_actions) > 1:
                found.append(view)
            state = apply(state, bots[seat].choose(view))
    return found


def main() -> None:
    """Write the frozen decisions."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="tests/data/frozen_decisions.json.gz")
    args = parser.parse_args()
    rng = random.Random(2026)
    records: list[dict[str, object]] = []
    for profile in PROFILES:
        found = positions(profile, len(records))
        cards = [v for v in found if v.phase is Phase.TRICKS]
        others = [v for v in found if v.phase is not Phase.TRICKS]
        hard = rng.sample(found, min(HARD_PER_PROFILE, len(found)))
        expert = rng.sample(cards, min(EXPERT_CARDS_PER_PROFILE, len(cards)))
        expert += rng.sample(others, min(EXPERT_OTHER_PER_PROFILE, len(others)))
        for level, views in (("hard", hard), ("expert", expert)):
            for view in views:
                seed = len(records)
                bot = (
                    make_bot(level, seed) if level == "hard" else make_bot(level, seed, samples=24)
                )
                action = bot.choose(view)
                records.append(
                    {
                        "profile": profile,
                        "level": level,
                        "seed": seed,
                        "phase": view.phase.name,
                        "action": str(action),
                        "observation": to_json(view),
                    }
                )
        print(profile, len(found), "positions with a choice")
    path = Path(args.out)
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8") as out:
        json.dump(records, out, ensure_ascii=False, indent=0)
    print(len(records), "decisions written to", path)


if __name__ == "__main__":
    main()
