"""The wire-format page's example documents are real: made from a seeded game, checked here.

Run with ``PINOCHLE_WRITE_DOCS=1`` to write them again after a document's fields change.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pinochle as pn
from pinochle.bots import make_bot
from pinochle.records import record_of

FOLDER = Path(__file__).resolve().parents[1] / "docs" / "wire"


def examples() -> dict[str, Any]:
    """One document of each kind, from seed 7 of the default profile, early in trick play."""
    variant = pn.load_variant("pinochlerun")
    bots = [make_bot("hard", seed=seat) for seat in range(4)]
    state = pn.new_game(variant, seed=7)
    while not (state.results and state.phase is pn.Phase.TRICKS and len(state.trick) == 2):
        seat = state.to_act
        assert seat is not None
        state = pn.apply(state, bots[seat].choose(pn.observe(state, seat)))
    view = pn.observe(state, state.to_act or 0)
    sheet = pn.ScoreSheet(variant).record(bidder=0, bid=34, meld=(28, 12), points=(15, 10))
    return {
        "observation": view.to_dict(),
        "state": state.to_dict(),
        "result": state.results[0].to_dict(),
        "record": json.loads(record_of(state).to_json()),
        "sheet": json.loads(sheet.to_json()),
    }


def test_the_example_documents_are_what_the_library_writes() -> None:
    made = examples()
    for kind, document in made.items():
        path = FOLDER / f"{kind}.json"
        text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
        if os.environ.get("PINOCHLE_WRITE_DOCS"):
            path.write_text(text, encoding="utf-8")
        assert path.read_text(encoding="utf-8") == text, f"{path} is stale"
