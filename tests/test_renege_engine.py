"""The referee's option, ``renege.accept`` (rules/reneges, docs/engine.md "Reneges").

With it off (every built-in profile) only legal cards are accepted and no renege can be
called. With it on, a held card against the duty is accepted as a renege, hidden from the
other seats (their observations show it as any card), and the seat to act may call a
renege, which stops play and settles the hand by the profile's table.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle.bots import make_bot
from pinochle.bots.base import visible_renege
from pinochle.engine._tricks import reneged
from pinochle.errors import ArgumentError, IllegalActionError, VariantError
from pinochle.notation import read_game, read_move, write_game, write_move
from pinochle.records import record_of, replay
from pinochle.scoring import Outcome

TABLES = {
    "npa": "pinochlerun",
    "spokane": "pagat-double-deck",
    "chapman": "pagat-partnership",
    "wikipedia-three-hand": "wikipedia-three-hand",
}


def referee(penalty: str = "npa", base: str | None = None) -> pn.Variant:
    """A profile with a renege table and the engine's option on."""
    return pn.load_variant(base or TABLES[penalty]).override(
        {"renege": {"penalty": penalty, "accept": True}}
    )


def to_tricks(state: pn.State, rng: random.Random) -> pn.State:
    """Play legal actions at random (passing in the auction) until trick play starts."""
    while state.phase is not pn.Phase.TRICKS:
        assert state.phase is not pn.Phase.GAME_OVER
        legal = list(pn.legal_actions(state))
        state = pn.apply(state, pn.Pass() if pn.Pass() in legal else rng.choice(legal))
    return state


def plays(state: pn.State) -> list[pn.Play]:
    """The seat to act's legal cards, as plays (the calls left out)."""
    return [a for a in pn.legal_actions(state) if isinstance(a, pn.Play)]


def illegal_cards(state: pn.State) -> list[pn.Card]:
    """The held cards the seat to act may not play now."""
    seat = state.to_act
    assert seat is not None
    return sorted({c for c in state.hands[seat] if pn.Play(c) not in plays(state)})


def renege_now(seed: int, variant: pn.Variant, *, off_suit: bool = False) -> tuple[pn.State, int]:
    """A state right after the first renege a seeded game can make, and the offender.

    With ``off_suit`` the renege is a failure to follow suit.
    """
    rng = random.Random(seed)
    state = to_tricks(pn.new_game(variant, seed=seed), rng)
    while True:
        bad = illegal_cards(state)
        if off_suit and state.trick:
            bad = [c for c in bad if c.suit is not state.trick[0][1].suit]
        if bad:
            seat = state.to_act
            assert seat is not None
            return pn.apply(state, pn.Play(rng.choice(bad))), seat
        state = pn.apply(state, rng.choice(plays(state)))
        state = to_tricks(state, rng)


# --- Off: as before -------------------------------------------------------------------------


def test_off_an_illegal_card_is_refused_and_no_call_is_offered() -> None:
    variant = pn.load_variant().override({"renege": {"penalty": "npa"}})
    assert not variant.renege.accept
    rng = random.Random(1)
    state = to_tricks(pn.new_game(variant, seed=1), rng)
    for _ in range(40):
        assert not any(isinstance(a, pn.CallRenege) for a in pn.legal_actions(state))
        bad = illegal_cards(state)
        if bad:
            with pytest.raises(IllegalActionError, match=str(bad[0])):
                pn.apply(state, pn.Play(bad[0]))
            return
        state = to_tricks(pn.apply(state, rng.choice(plays(state))), rng)
    raise AssertionError("no illegal card in 40 plays")  # pragma: no cover


def test_accept_needs_a_table() -> None:
    with pytest.raises(VariantError, match=r"choose renege\.penalty") as caught:
        pn.load_variant().override({"renege": {"accept": True}})
    assert caught.value.problems[0][0] == "renege.accept"


def test_the_rl_action_space_refuses_the_option() -> None:
    pytest.importorskip("numpy")
    from pinochle.env import ActionIndex

    with pytest.raises(ArgumentError, match=r"renege\.accept"):
        ActionIndex(referee())


# --- On -------------------------------------------------------------------------------------


def test_a_renege_is_accepted_hidden_and_a_proven_call_settles_it() -> None:
    """NPA (via S0): "only an opponent may call; play stops; opposing team gets the bid plus
    its meld"."""
    variant = referee("npa")
    state, offender = renege_now(3, variant)
    assert reneged(state, offender)
    hand = state.hand
    # Every other seat sees the card as any card: nothing in its observation says "renege".
    for seat in range(4):
        if seat != offender:
            assert "renege" not in json.dumps(pn.observe(state, seat).to_dict()).replace(
                '"renege": {', ""
            ).replace("call renege", "")
    # Play goes on until an opponent of the offender is to act; it may call.
    rng = random.Random(0)
    while state.side_of(state.to_act) == state.side_of(offender):  # type: ignore[arg-type]
        state = pn.apply(state, rng.choice(plays(state)))
    caller = state.to_act
    assert pn.CallRenege(offender) in pn.legal_actions(state)
    done = pn.apply(state, pn.CallRenege(offender))
    result = done.results[-1]
    assert result.outcome is Outcome.RENEGE
    assert "reneged (called by" in result.reason
    bidder = state.side_of(hand.bidder)  # type: ignore[arg-type]
    wronged = 1 - state.side_of(offender)
    melds = [0, 0]
    for seat, meld in enumerate(hand.melds):
        melds[state.side_of(seat)] += meld.total if meld is not None else 0
    assert result.scores[wronged] == hand.bid + melds[wronged]
    expected_offender = -hand.bid if state.side_of(offender) == bidder else 0
    assert result.scores[state.side_of(offender)] == expected_offender
    assert caller is not None
    assert state.side_of(caller) == wronged


def test_an_unproven_call_is_the_callers_renege() -> None:
    """NPA: "an unproven call is itself a renege by the caller"."""
    variant = referee("npa")
    rng = random.Random(5)
    state = to_tricks(pn.new_game(variant, seed=5), rng)
    state = pn.apply(state, rng.choice(plays(state)))  # the lead: never a renege
    leader = state.trick[0][0]
    assert pn.CallRenege(leader) in pn.legal_actions(state)
    assert not reneged(state, leader)
    caller = state.to_act
    done = pn.apply(state, pn.CallRenege(leader))
    result = done.results[-1]
    assert "was not proven" in result.reason
    assert caller is not None
    assert result.sides[state.side_of(caller)].meld_status in (
        pn.MeldStatus.SET,
        pn.MeldStatus.NONE,
    )


def test_only_opponents_who_have_played_may_be_called() -> None:
    variant = referee("wikipedia-three-hand")
    rng = random.Random(2)
    state = to_tricks(pn.new_game(variant, seed=2), rng)
    assert not any(isinstance(a, pn.CallRenege) for a in pn.legal_actions(state))
    state = pn.apply(state, rng.choice(plays(state)))
    calls = [a for a in pn.legal_actions(state) if isinstance(a, pn.CallRenege)]
    assert calls == [pn.CallRenege(state.trick[0][0])]
    with pytest.raises(IllegalActionError):
        pn.apply(state, pn.CallRenege(state.to_act))  # type: ignore[arg-type]


def test_the_call_fits_every_place_actions_go() -> None:
    call = pn.CallRenege(2)
    assert str(call) == "call renege 2"
    assert pn.parse_action("call renege 2") == call
    assert write_move(call) == "renege:2"
    assert read_move("renege:2") == call
    with pytest.raises(pn.ActionParseError):
        pn.parse_action("call renege x")
    with pytest.raises(ArgumentError):
        pn.CallRenege("2")  # type: ignore[arg-type]


def test_a_visible_renege_is_called_by_the_bots() -> None:
    """A seat that failed to follow a suit and later plays it reneged: every seat sees it."""
    variant = referee("npa")
    for seed in range(60):
        state, offender = renege_now(seed, variant, off_suit=True)
        rng = random.Random(seed)
        # The offender's renege becomes visible when it later plays the suit it did not follow.
        led = state.trick[0][1].suit if state.trick else state.tricks[-1].plays[0][1].suit
        assert any(c.suit is led for c in state.hands[offender])
        number = state.hand.number
        while state.phase is pn.Phase.TRICKS and state.hand.number == number:
            seat = state.to_act
            assert seat is not None
            view = pn.observe(state, seat)
            call = visible_renege(view)
            if call is not None:
                assert call.seat == offender
                for level in ("random", "medium", "hard"):
                    assert make_bot(level, seed=1).choose(view) == call
                return
            own = [a for a in plays(state) if a.card.suit is led]
            state = pn.apply(
                state, own[0] if seat == offender and own else rng.choice(plays(state))
            )
    raise AssertionError("no visible renege in 60 games")  # pragma: no cover


# --- Properties -----------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    penalty=st.sampled_from(sorted(TABLES)),
    seed=st.integers(0, 10**6),
    when=st.integers(0, 40),
    level=st.sampled_from(["random", "medium"]),
)
def test_a_random_renege_and_call_always_settles_and_the_sheet_adds_up(
    penalty: str, seed: int, when: int, level: str
) -> None:
    """A random seat reneges at a random moment and a random opponent calls it (the bots play
    the rest and call what they can see): the hand settles, the scores add up, and the
    record, the wire documents and the notation read back."""
    variant = referee(penalty)
    rng = random.Random(seed)
    bots = [make_bot(level, seed=seed + i) for i in range(variant.deal.players)]
    state = pn.new_game(variant, seed=seed)
    offender: int | None = None
    for _ in range(400):
        if state.phase is pn.Phase.GAME_OVER or state.results:
            break
        seat = state.to_act
        assert seat is not None
        if state.phase is pn.Phase.TRICKS:
            bad = illegal_cards(state)
            if offender is None and bad and when <= 0:
                offender = seat
                state = pn.apply(state, pn.Play(rng.choice(bad)))
                continue
            when -= 1
            calls = [a for a in pn.legal_actions(state) if isinstance(a, pn.CallRenege)]
            if offender is not None and pn.CallRenege(offender) in calls and rng.random() < 0.5:
                state = pn.apply(state, pn.CallRenege(offender))
                continue
            view = pn.observe(state, seat)
            assert pn.explain_legal(view).startswith("Call a renege, or ") == bool(calls)
        action = bots[seat].choose(pn.observe(state, seat))
        if state.phase is pn.Phase.TRICKS and isinstance(action, pn.Play):
            assert action in pn.legal_actions(state)  # the bots never renege
        state = pn.apply(state, action)
    assert state.results, "the first hand ended"
    result = state.results[0]
    if result.outcome is Outcome.RENEGE:
        assert offender is not None or "not proven" in result.reason
    # The running scores are the sum of the hands' results, as a sheet would add them.
    totals = [sum(r.scores[i] for r in state.results) for i in range(variant.sides)]
    assert list(state.scores) == totals
    # Every place a game goes reads it back.
    record = record_of(state)
    assert replay(record) == state
    assert replay(type(record).from_json(record.to_json())) == state
    assert replay(read_game(write_game(record))) == state
    assert pn.State.from_json(state.to_json()) == state
    for seat in range(variant.deal.players):
        view = pn.observe(state, seat)
        assert pn.Observation.from_json(view.to_json()) == view


@pytest.mark.parametrize("penalty", sorted(TABLES))
def test_pinochle_check_passes_a_referee_profile(penalty: str) -> None:
    """Random legal games call reneges (every such call is unproven): every invariant holds,
    the illegal-action check knowing that a held card is a renege, not refused."""
    from pinochle.checking import check_variant

    report = check_variant(referee(penalty), games=6, max_hands=4)
    assert report.ok, report
