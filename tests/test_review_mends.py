"""The review's mends of issue 32: one list of a hand's settlement facts, a table of the
cross-key rules that need points and an auction, the RL mask of a moon profile, old pickles,
and the called pair's checks and sweep."""

from __future__ import annotations

import inspect

import attrs

from pinochle.scoring import settle_hand
from pinochle.scoring._settle import HandFacts
from pinochle.sheet._facts import HandRecord

# --- One list of the facts a hand settles from -------------------------------------------


def test_the_facts_are_settle_hands_keywords_and_the_sheet_records_each() -> None:
    """The engine, the check kit and the score keeper settle through `HandFacts`: it names
    every keyword of `settle_hand` (a new fact is added there once), and the sheet's
    `HandRecord` holds each of them under the same name."""
    keywords = [
        name
        for name, p in inspect.signature(settle_hand).parameters.items()
        if p.kind is inspect.Parameter.KEYWORD_ONLY
    ]
    fields = [f.name for f in attrs.fields(HandFacts)]
    assert fields == keywords
    assert set(fields) <= {f.name for f in attrs.fields(HandRecord)}
    for f in attrs.fields(HandFacts):  # the same defaults as settle_hand's
        default = inspect.signature(settle_hand).parameters[f.name].default
        assert f.default is attrs.NOTHING or f.default == default, f.name


def test_a_house_fact_at_its_default_is_left_out_of_the_keywords() -> None:
    """A replacement rule with settle_hand's older signature still settles plain hands."""
    plain = HandFacts(bidder=0, bid=250, meld=(100, 50))
    assert set(plain.keywords()) == {
        "bidder", "bid", "meld", "points", "tricks", "counters", "nines_only",
        "thrown_in", "no_marriage", "trump", "conceded",
    }  # fmt: skip
    called = attrs.evolve(plain, partner=1, moon=True, checks=(1, 0))
    assert {"partner", "moon", "checks"} <= set(called.keywords())
