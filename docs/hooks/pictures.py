"""A MkDocs hook: the Pictures page's pictures, drawn by `pinochle.svg` when the site is built.

Each picture comes from a seeded game played by Hard computer players, so the page always
shows what the library draws today; nothing is checked in that could go stale.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mkdocs.structure.files import File, Files

import pinochle as pn
from pinochle import svg
from pinochle.bots import make_bot

FOLDER = "pictures"  # under docs/: where the page finds them


def play_until(name: str, seed: int, stop: Callable[[pn.State], bool]) -> pn.State:
    """A seeded game of the profile, played by Hard bots until ``stop`` holds."""
    variant = pn.load_variant(name)
    bots = [make_bot("hard", seed=seat) for seat in range(variant.deal.players)]
    state = pn.new_game(variant, seed=seed)
    while not stop(state):
        seat = state.to_act
        assert seat is not None
        state = pn.apply(state, bots[seat].choose(pn.observe(state, seat)))
    return state


def _must_follow(state: pn.State) -> bool:
    """A trick under way where the seat to act may play only some of its cards."""
    if state.phase is not pn.Phase.TRICKS or not state.trick:
        return False
    return len({a for a in pn.legal_actions(state)}) < len(set(state.hands[state.to_act or 0]))


def pictures() -> dict[str, str]:
    """Every picture on the page, by file name."""
    four = play_until("pinochlerun", 7, _must_follow)
    view = pn.observe(four, four.to_act or 0)
    three = play_until("pagat-auction-3", 3, lambda s: s.phase is pn.Phase.BURY)
    two = play_until("bicycle-two-handed", 5, lambda s: len(s.tricks) == 6 and len(s.trick) == 1)
    later = play_until("pinochlerun", 7, lambda s: len(s.tricks) == 3)
    variant = pn.load_variant("pinochlerun")
    cards = pn.parse_cards("AH TH KH QH JH 9H QS JD KD QD AC AS")
    return {
        "table.svg": svg.table(view),
        "trick.svg": svg.trick(view),
        "hand.svg": svg.hand(
            view.hand,
            raised=[a.card for a in view.legal_actions if isinstance(a, pn.Play)],
            trump=view.trump,
        ),
        "meld.svg": svg.meld(pn.score_meld(cards, trump="H", variant=variant)),
        "completed-trick.svg": svg.trick(later.tricks[-1]),
        "table-three-hand.svg": svg.table(pn.observe(three, three.to_act or 0)),
        "table-two-hand.svg": svg.table(pn.observe(two, two.to_act or 0)),
    }


def on_files(files: Files, config: Any) -> Files:
    """Add every picture to the site as a generated file (MkDocs' ``on_files`` event)."""
    for name, text in pictures().items():
        files.append(File.generated(config, f"{FOLDER}/{name}", content=text))
    return files
