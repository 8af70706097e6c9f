"""Hard's card memory kept from one decision to the next (`pinochle.bots.memory.Notes`).

Hard "remembers every card played and who has run out of a suit or of trumps" (S1,
"Computer levels"): what `pinochle.knowledge` tells a seat (the unseen cards, the cards
each seat is known to hold, each seat's highest rank per suit). Hard brings its notes up
to date from the cards played since its last look instead of asking `pinochle.knowledge`
each time; at every decision of whole seeded hands they must tell exactly what
`pinochle.knowledge` tells.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from pinochle import Phase, apply, load_variant, new_game, observe
from pinochle.bots.heuristic import HardBot
from pinochle.bots.memory import Notes, _recall
from pinochle.sampling import _Seen

PROFILES = (
    "pagat-partnership",
    "pinochlerun",
    "pinochlerun-double-deck",
    "bicycle-two-handed",
    "cutthroat-3",
)


def _compare(name: str, seed: int) -> tuple[int, int]:
    """Play one seeded hand with Hard at every seat; the decisions whose notes differ from
    `pinochle.knowledge`, and those the notes answered without it."""
    variant = load_variant(name)
    state = new_game(variant, seed)
    bots = [HardBot(seed=seed * 7 + s) for s in range(variant.deal.players)]
    notes = Notes()
    number = state.hand.number
    wrong = updated = 0
    updates = _Seen.update
    while not state.is_over and state.hand.number == number:
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        if view.phase is Phase.TRICKS:
            tracker = notes._seats.get(seat)
            before = None if tracker is None else tracker._seen
            kept = notes.recall(view)
            if before is not None and notes._seats[seat]._seen is before:
                updated += 1
            read = _recall(view)
            players = range(variant.deal.players)
            if (
                kept.free != read.free
                or [kept.held(s) for s in players] != [read.held(s) for s in players]
                or [list(c) for c in kept.ceilings] != [list(c) for c in read.ceilings]
            ):
                wrong += 1
        state = apply(state, bots[seat].choose(view))
    assert _Seen.update is updates
    return wrong, updated


@pytest.mark.parametrize("name", PROFILES)
@pytest.mark.parametrize("seed", range(3))
def test_hard_notes_tell_what_knowledge_tells_at_every_decision(name: str, seed: int) -> None:
    wrong, updated = _compare(name, seed)
    assert wrong == 0
    if load_variant(name).deal.players > 2:  # (two-hand: a table, or counted out)
        assert updated > 0  # the notes were brought up to date, not read afresh each time


def test_notes_that_miss_what_a_trick_shows_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Broken notes (the voids and ceilings a trick shows left unread) differ somewhere."""
    take = _Seen._take

    def blind(self: _Seen, news: object, number: int, start: int, *, count: bool) -> bool:
        ceilings = [list(c) for c in self.ceilings]
        ok = take(self, news, number, start, count=count)  # type: ignore[arg-type]
        for mine, before in zip(self.ceilings, ceilings, strict=True):
            mine[:] = before
        return ok

    monkeypatch.setattr(_Seen, "_take", blind)
    assert sum(_compare(name, seed)[0] for name in PROFILES for seed in range(2)) > 0


def test_notes_that_miss_a_card_played_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Broken notes (a card played taken from nobody) differ somewhere."""
    update = _Seen.update

    def forgetful(self: _Seen, view: object) -> bool:
        free, held = self.free, list(self.held)
        ok = update(self, view)  # type: ignore[arg-type]
        self.free, self.held = free, held
        return ok

    monkeypatch.setattr(_Seen, "update", forgetful)
    assert sum(_compare(name, seed)[0] for name in PROFILES for seed in range(2)) > 0


def test_notes_are_a_cache_pickles_and_copies_start_empty() -> None:
    bot = HardBot(seed=1)
    state = new_game(load_variant("pinochlerun"), 1)
    while state.phase is not Phase.TRICKS or not state.tricks:
        assert state.to_act is not None
        state = apply(state, bot.choose(observe(state, state.to_act)))
    assert state.to_act is not None
    view = observe(state, state.to_act)
    assert bot._notes is not None
    assert bot._notes._seats
    clones = [pickle.loads(pickle.dumps(bot)), copy.deepcopy(bot)]
    for clone in clones:
        assert isinstance(clone._notes, Notes)
        assert not clone._notes._seats
    chosen = bot.choose(view)
    assert [clone.choose(view) for clone in clones] == [chosen, chosen]
