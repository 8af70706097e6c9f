"""Pickles made before issue 32 load, each field added since at its default (a mend of its
review).

``tests/data/pre_issue_32.pickle`` was made by the library at 9aa2c76 (the last commit
before issue 32 added ``deal.teams``, ``game.hands``, a `Hand`'s ``moon``, a result's
``checks`` and the rest) with::

    v = pn.load_variant("pinochlerun")
    s = pn.new_game(v, seed=1)
    rng = random.Random(0)
    while not s.results:
        s = pn.apply(s, rng.choice(list(pn.legal_actions(s))))
    data = {"variant": v, "state": s, "observation": pn.observe(s, s.to_act),
            "sheet": ScoreSheet(v).record(bidder=0, bid=25, meld=(10, 5), points=(15, 10))}
    pickle.dumps(data, protocol=5)

Every new key defaults to the behaviour before it, so the old objects equal the same ones
made now.
"""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import attrs

import pinochle as pn
from pinochle._pickles import fills_new_fields
from pinochle.sheet import ScoreSheet

OLD = Path(__file__).parent / "data" / "pre_issue_32.pickle"


def test_pickles_made_before_issue_32_load_with_the_new_keys_at_their_defaults() -> None:
    old = pickle.loads(OLD.read_bytes())
    variant = pn.load_variant("pinochlerun")
    assert old["variant"] == variant
    assert hash(old["variant"]) == hash(variant)
    assert old["variant"].deal.teams == 2  # a key added since, at its default
    assert old["variant"].sides == 2
    state = pn.new_game(variant, seed=1)
    rng = random.Random(0)
    while not state.results:
        state = pn.apply(state, rng.choice(list(pn.legal_actions(state))))
    assert old["state"] == state
    assert old["state"].game.results[0].checks == ()  # a result's field added since
    assert old["observation"] == pn.observe(state, state.to_act)  # type: ignore[arg-type]
    sheet = ScoreSheet(variant).record(bidder=0, bid=25, meld=(10, 5), points=(15, 10))
    assert old["sheet"] == sheet
    # and the old game plays on
    after = pn.apply(old["state"], pn.legal_actions(old["state"])[0])
    assert after == pn.apply(state, pn.legal_actions(state)[0])


def test_a_pickle_of_this_version_loads_exactly() -> None:
    state = pn.new_game(pn.load_variant("five-hand"), seed=2)
    assert pickle.loads(pickle.dumps(state)) == state
    sheet = ScoreSheet(state.variant)
    assert pickle.loads(pickle.dumps(sheet)) == sheet


def test_a_field_missing_from_a_pickle_takes_its_default() -> None:
    @fills_new_fields
    @attrs.frozen
    class Section:
        old: int
        new: tuple[int, ...] = attrs.field(factory=tuple)
        flag: bool = False

    made = Section.__new__(Section)
    made.__setstate__({"old": 3})  # type: ignore[attr-defined]
    assert made == Section(3)
