"""Correcting a renege (``renege.correction``) and proving every duty by a call.

rules/reneges#correction, docs/engine.md "Reneges". Chapman's tournament rules: "player may
correct before the trick is closed". With the option on, a seat whose card in the trick
still open is against its duty may take it back and play a legal card instead
(`CorrectRenege`); the cards played after it go back to their players, who play again.
Once the trick's last card is played the renege stands and can only be called.
"""

from __future__ import annotations

import io
import json
import pickle
import random
import re
from collections.abc import Callable

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle._possible import observation_problems
from pinochle.engine._tricks import reneged
from pinochle.errors import ArgumentError, IllegalActionError, VariantError
from pinochle.notation import (
    position_of,
    read_game,
    read_move,
    read_position,
    write_game,
    write_move,
    write_position,
)
from pinochle.records import record_of, replay
from pinochle.scoring import Outcome
from pinochle.tricks import leads_trump, play_rule


def chapman(base: str = "pagat-partnership", **play: str) -> pn.Variant:
    """Chapman's table with the referee's option and the correction on."""
    layer: dict[str, object] = {
        "renege": {"penalty": "chapman", "accept": True, "correction": True}
    }
    if play:
        layer["play"] = play
    return pn.load_variant(base).override(layer)


def to_tricks(state: pn.State, rng: random.Random) -> pn.State:
    """Play legal actions at random (passing in the auction) until trick play starts."""
    while state.phase is not pn.Phase.TRICKS:
        assert state.phase is not pn.Phase.GAME_OVER
        legal = list(pn.legal_actions(state))
        state = pn.apply(state, pn.Pass() if pn.Pass() in legal else rng.choice(legal))
    return state


def plays(state: pn.State) -> list[pn.Play]:
    """The seat to act's legal cards (calls and corrections left out)."""
    return [a for a in pn.legal_actions(state) if isinstance(a, pn.Play)]


def corrections(state: pn.State) -> list[pn.CorrectRenege]:
    return [a for a in pn.legal_actions(state) if isinstance(a, pn.CorrectRenege)]


def why(state: pn.State, card: pn.Card) -> str:
    """The duty a held card breaks now, in the engine's words ("" for a legal card)."""
    seat = state.to_act
    assert seat is not None
    if pn.Play(card) in plays(state):
        return ""
    trick = [c for _, c in state.trick]
    lead = not trick and not state.tricks and leads_trump(state.variant, state.hand.bid)
    return play_rule(
        state.hands[seat], trick, state.hand.trump, state.variant.play, lead_trump=lead
    )


def mid_trick_renege(variant: pn.Variant, seed: int) -> tuple[pn.State, int] | None:
    """A state right after a renege that is not the trick's last card, and its offender."""
    rng = random.Random(seed)
    state = to_tricks(pn.new_game(variant, seed=seed), rng)
    players = variant.deal.players
    while state.phase is pn.Phase.TRICKS:
        seat = state.to_act
        assert seat is not None
        legal = plays(state)
        bad = sorted({c for c in state.hands[seat] if pn.Play(c) not in legal})
        if bad and state.trick and len(state.trick) < players - 1:
            return pn.apply(state, pn.Play(rng.choice(bad))), seat
        state = pn.apply(state, rng.choice(legal))
    return None  # pragma: no cover


def first_renege(variant: pn.Variant, start: int = 0) -> tuple[pn.State, int]:
    for seed in range(start, start + 200):
        found = mid_trick_renege(variant, seed)
        if found is not None:
            return found
    raise AssertionError("no renege in 200 games")  # pragma: no cover


# --- The key --------------------------------------------------------------------------------


def test_the_correction_is_off_by_default_and_needs_accept() -> None:
    assert not pn.load_variant().renege.correction
    with pytest.raises(VariantError, match=r"renege\.accept = true") as caught:
        pn.load_variant("pagat-partnership").override(
            {"renege": {"penalty": "chapman", "correction": True}}
        )
    assert caught.value.problems[0][0] == "renege.correction"


def test_without_the_correction_no_correction_is_offered_or_accepted() -> None:
    variant = chapman().override({"renege": {"correction": False}})
    state, offender = first_renege(variant)
    assert not corrections(state)
    with pytest.raises(IllegalActionError, match=r"renege\.correction"):
        pn.apply(state, pn.CorrectRenege(offender, state.hands[offender][0]))


# --- Chapman: "player may correct before the trick is closed" -------------------------------


def test_a_player_may_correct_before_the_trick_is_closed() -> None:
    """Chapman's tournament rules (rules reference section 15): "player may correct before
    the trick is closed". The offender takes the renege back and plays a legal card; the
    cards played after it go back to their players; the corrected renege is no renege."""
    variant = chapman()
    state, offender = first_renege(variant)
    at = len(state.trick) - 1
    wrong = state.trick[at][1]
    offered = corrections(state)
    assert offered
    assert all(a.seat == offender for a in offered)
    # Another seat plays on after the renege: the correction is still open.
    after = pn.apply(state, plays(state)[0])
    follower, followed = after.trick[-1]
    assert corrections(after) == offered
    fix = offered[-1]
    done = pn.apply(after, fix)
    assert done.trick == (*state.trick[:at], (offender, fix.card))
    assert wrong in done.hands[offender]
    assert fix.card not in done.hands[offender]
    assert followed in done.hands[follower]  # went back: it is played again
    assert done.to_act == (offender + 1) % variant.deal.players
    assert not reneged(done, offender)
    assert not corrections(done)
    # A corrected renege is not provable: a call on it is the caller's renege.
    while done.side_of(done.to_act) == done.side_of(offender):
        done = pn.apply(done, plays(done)[0])
    settled = pn.apply(done, pn.CallRenege(offender))
    assert "was not proven" in settled.results[-1].reason


def test_once_the_trick_is_closed_the_renege_stands() -> None:
    """Chapman: the correction is "before the trick is closed"; after it, only a call."""
    variant = chapman()
    state, offender = first_renege(variant)
    number = len(state.tricks)
    while len(state.tricks) == number:
        assert corrections(state)
        state = pn.apply(state, plays(state)[0])
    assert not corrections(state)
    assert reneged(state, offender)
    while state.side_of(state.to_act) == state.side_of(offender):  # type: ignore[arg-type]
        state = pn.apply(state, plays(state)[0])
    settled = pn.apply(state, pn.CallRenege(offender))
    assert settled.results[-1].outcome is Outcome.RENEGE
    assert "not proven" not in settled.results[-1].reason


def test_only_the_offender_sees_its_corrections() -> None:
    """The seat to act must not learn of a renege from an offer it cannot make; the
    offender sees its corrections whoever is to act, and every observation is possible."""
    variant = chapman()
    for start in (0, 50):
        state, offender = first_renege(variant, start)
        for seat in range(variant.deal.players):
            view = pn.observe(state, seat)
            own = [a for a in view.legal_actions if isinstance(a, pn.CorrectRenege)]
            assert bool(own) == (seat == offender)
            actions = json.dumps(view.to_dict()["legal_actions"])
            assert ("correct renege" in actions) == (seat == offender)
            assert observation_problems(view) == []
            assert pn.Observation.from_json(view.to_json()) == view
        assert pn.explain_legal(pn.observe(state, state.to_act))  # type: ignore[arg-type]


# --- Refused corrections leave the state as it was ------------------------------------------


def test_a_refused_correction_says_why_and_leaves_the_state_valid() -> None:
    variant = chapman()
    state, offender = first_renege(variant)
    before = state.to_json()
    wrong = state.trick[-1][1]
    legal = {a.card for a in corrections(state)}
    illegal = [c for c in state.hands[offender] if c not in legal]
    other = next(s for s in range(4) if s not in {p for p, _ in state.trick})
    honest = state.trick[0][0]
    cases = [
        (pn.CorrectRenege(offender, wrong), "is no correction"),
        (pn.CorrectRenege(other, state.hands[other][0]), "no card in the open trick"),
        (pn.CorrectRenege(honest, state.hands[honest][0]), "was no renege"),
    ]
    if illegal:
        cases.append((pn.CorrectRenege(offender, illegal[0]), "is no correction: must"))
    missing = next(c for c in pn.make_deck(variant.deal.deck) if c not in state.hands[offender])
    if missing not in legal:
        cases.append((pn.CorrectRenege(offender, missing), "does not hold"))
    for action, reason in cases:
        with pytest.raises(IllegalActionError, match=reason):
            pn.apply(state, action)
        assert state.to_json() == before
    assert pn.apply(state, corrections(state)[0]).trick[-1][0] == offender
    with pytest.raises(ArgumentError):
        pn.CorrectRenege("1", "AS")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        pn.apply(pn.new_game(variant, seed=1), pn.CorrectRenege(0, "AS"))  # the auction


def test_the_correction_fits_every_place_actions_go() -> None:
    fix = pn.CorrectRenege(2, "QS")
    assert str(fix) == "correct renege 2 Q♠"
    assert pn.parse_action("correct renege 2 Q♠") == fix
    assert pn.parse_action("correct renege 2 qs") == fix
    assert write_move(fix) == "correct:2:QS"
    assert read_move("correct:2:qs") == fix
    for bad in ("correct renege x QS", "correct renege 2", "correct renege 2 QS KS"):
        with pytest.raises(pn.ActionParseError):
            pn.parse_action(bad)
    with pytest.raises(pn.NotationError):
        read_move("correct:2")


def test_a_state_mid_correction_round_trips() -> None:
    """Pickle, JSON, the record and the notation read back a game with a renege, a card
    after it, and the correction."""
    variant = chapman()
    state, _ = first_renege(variant, 7)
    state = pn.apply(state, plays(state)[0])
    for position in (state, pn.apply(state, corrections(state)[0])):
        assert pickle.loads(pickle.dumps(position)) == position
        assert pn.State.from_json(position.to_json()) == position
        record = record_of(position)
        assert replay(record) == position
        assert replay(type(record).from_json(record.to_json())) == position
        assert replay(read_game(write_game(record))) == position
        assert corrections(pickle.loads(pickle.dumps(position))) == corrections(position)
        for seat in range(variant.deal.players):  # each seat's view: the correction is public
            view = position_of(position, seat=seat)
            assert read_position(write_position(view)) == view


# --- Every duty the engine accepts as a renege is proven by a call ----------------------------


DUTIES = {
    "follow": ("must follow", {}),
    "beat": ("must beat", {}),
    "trump": ("must trump", {}),
    "overtrump": ("must overtrump", {}),
    "opening lead": ("the first lead must be a trump", {"opening_lead": "trump"}),
}


def _duty_renege(
    variant: pn.Variant, words: str, *, still_open: bool = False
) -> tuple[pn.State, int]:
    """A state right after a renege that breaks the duty named by ``words``.

    With ``still_open`` the renege is not the trick's last card: it may be corrected.
    """
    for seed in range(400):
        rng = random.Random(seed)
        state = to_tricks(pn.new_game(variant, seed=seed), rng)
        while state.phase is pn.Phase.TRICKS:
            seat = state.to_act
            assert seat is not None
            legal = plays(state)
            for card in sorted({c for c in state.hands[seat] if pn.Play(c) not in legal}):
                last = len(state.trick) == variant.deal.players - 1
                if why(state, card).startswith(words) and not (still_open and last):
                    return pn.apply(state, pn.Play(card)), seat
            if len(state.tricks) > 3:
                break
            state = pn.apply(state, rng.choice(legal))
    raise AssertionError(f"no renege of {words!r}")  # pragma: no cover


@pytest.mark.parametrize("duty", sorted(DUTIES))
def test_every_duty_the_engine_accepts_is_proven_by_a_call(duty: str) -> None:
    """Each duty of trick play (following, beating, trumping, overtrumping and the opening
    lead's trump, ``play.opening_lead``) that ``renege.accept`` takes as a renege is proven
    when called, and a correction of it is offered."""
    words, play = DUTIES[duty]
    layer: dict[str, object] = {"renege": {"penalty": "chapman", "accept": True}}
    layer["play"] = {**play, **({"must_overtrump": True} if duty == "overtrump" else {})}
    variant = pn.load_variant("pagat-partnership").override(layer)
    state, offender = _duty_renege(variant, words)
    assert reneged(state, offender)
    while state.side_of(state.to_act) == state.side_of(offender):  # type: ignore[arg-type]
        state = pn.apply(state, plays(state)[0])
    settled = pn.apply(state, pn.CallRenege(offender))
    assert "not proven" not in settled.results[-1].reason


@pytest.mark.parametrize("duty", sorted(DUTIES))
def test_every_duty_may_be_corrected(duty: str) -> None:
    """The correction covers the same duties as the proof: a legal card for each."""
    words, play = DUTIES[duty]
    variant = chapman("pagat-partnership", **play).override(
        {"play": {"must_overtrump": True}} if duty == "overtrump" else {}
    )
    state, offender = _duty_renege(variant, words, still_open=True)
    offered = corrections(state)
    assert offered
    assert {a.seat for a in offered} == {offender}
    done = pn.apply(state, offered[0])
    assert not reneged(done, offender)


# --- Properties -----------------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    base=st.sampled_from(["pagat-partnership", "wikipedia-three-hand", "pinochlerun"]),
    lead=st.sampled_from(["any", "trump"]),
)
def test_random_games_with_reneges_and_corrections_end_and_score(
    seed: int, base: str, lead: str
) -> None:
    """Random actions over games of two hands, each played out: legal actions (calls and
    corrections among them, whichever seat they name; mostly passes in the auction, so play
    starts) and now and then a renege; every game ends, the scores add up, and every
    observation is possible."""
    variant = chapman(base, opening_lead=lead).override(
        {"game": {"hands": 2}, "settlement": {"out_of_reach": "play"}}
    )
    fixes = 0
    rng = random.Random(seed)
    state = pn.new_game(variant, seed=seed)
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        legal = list(pn.legal_actions(state))
        if state.phase is pn.Phase.TRICKS and rng.random() < 0.15:
            card = rng.choice(state.hands[seat])
            state = pn.apply(state, pn.Play(card))  # legal or a renege: both accepted
        elif pn.Pass() in legal and rng.random() < 0.8:
            state = pn.apply(state, pn.Pass())
        else:
            calls = [a for a in legal if isinstance(a, pn.CallRenege)]
            if calls and rng.random() > 0.05:
                legal = [a for a in legal if a not in calls]  # a call ends the hand: rarely
            action = rng.choice(legal)
            fixes += isinstance(action, pn.CorrectRenege)
            state = pn.apply(state, action)
        if state.phase is pn.Phase.TRICKS:
            for s in range(variant.deal.players):
                assert observation_problems(pn.observe(state, s)) == []
    assert state.is_over
    event(f"corrections: {min(fixes, 3)}")
    totals = [sum(r.scores[i] for r in state.results) for i in range(variant.sides)]
    assert list(state.scores) == totals
    assert replay(record_of(state)) == state


def test_the_bots_call_a_visible_opening_lead_renege() -> None:
    """A first leader bound to lead trump (``play.opening_lead = "trump"``) who led another
    suit and later plays a trump held that trump at the lead: every seat can see it."""
    from pinochle.bots.base import visible_renege

    variant = pn.load_variant("pagat-partnership").override(
        {"renege": {"penalty": "chapman", "accept": True}, "play": {"opening_lead": "trump"}}
    )
    for seed in range(40):
        rng = random.Random(seed)
        state = to_tricks(pn.new_game(variant, seed=seed), rng)
        leader = state.to_act
        assert leader is not None
        trump = state.hand.trump
        held = state.hands[leader]
        others = [c for c in held if c.suit is not trump]
        if not others or len(others) == len(held):
            continue
        state = pn.apply(state, pn.Play(others[0]))
        while state.phase is pn.Phase.TRICKS:
            seat = state.to_act
            assert seat is not None
            if state.side_of(seat) != state.side_of(leader):
                call = visible_renege(pn.observe(state, seat))
                played_trump = any(
                    s == leader and c.suit is trump
                    for t in (*[t.plays for t in state.tricks], state.trick)
                    for s, c in t
                )
                assert (call == pn.CallRenege(leader)) == played_trump
                if played_trump:
                    return
            own = [a for a in plays(state) if a.card.suit is trump]
            state = pn.apply(state, own[0] if seat == leader and own else plays(state)[0])
    raise AssertionError("no visible opening-lead renege in 40 games")  # pragma: no cover


# --- The terminal table: a person reneges, corrects, calls ------------------------------------


class _Autopilot(io.StringIO):
    """A standard input answering each prompt from the screen so far (as tests/test_play)."""

    def __init__(self, screen: io.StringIO, policy: Callable[[str], str | None]) -> None:
        super().__init__()
        self.screen, self.policy, self.count = screen, policy, 0

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        reply = self.policy(self.screen.getvalue())
        self.count += 1
        return "" if reply is None or self.count > 2000 else reply + "\n"


_CARD = r"(?:10|[AKQJ9])[♣♦♥♠]"


def _panel_cards(screen: str) -> list[tuple[int, str, bool]]:
    """The last trick panel's numbered hand: (number, card, starred)."""
    panel = screen[screen.rfind("Your hand (* = you may play it):") :]
    return [
        (int(n), card, star == "*") for n, card, star in re.findall(rf"(\d+) ({_CARD})(\*?)", panel)
    ]


def _terminal_game(policy: Callable[[str], str | None], seed: int) -> str:
    from pinochle.play import play_game

    screen = io.StringIO()
    rules = chapman().override({"game": {"hands": 1}})
    play_game(rules, level="easy", seed=seed, stdin=_Autopilot(screen, policy), stdout=screen)
    return screen.getvalue()


def test_a_person_at_the_terminal_may_renege_and_correct_it() -> None:
    """``pinochle play`` with ``renege.accept`` and ``renege.correction``: an unstarred card
    is played as a renege, and the person is asked, before the next card, to correct it
    ("player may correct before the trick is closed")."""
    for seed in range(10):
        done: list[str] = []

        def policy(screen: str, done: list[str] = done) -> str | None:
            if "  Result: " in screen:
                return None
            tail = screen[-200:]
            if tail.endswith("Correct> "):
                done.append("corrected")
                offered = re.search(r"the card to play instead\n  \(([^)]*)\)", screen[-600:])
                assert offered is not None
                return str(re.findall(_CARD, offered.group(1))[0])
            if tail.endswith("Your card> "):
                cards = _panel_cards(screen)
                unstarred = [card for _, card, star in cards if not star]
                if not done and unstarred and "A card without * is a renege" in screen[-900:]:
                    trick = screen[screen.rfind("  Trick ") :].split("\n", 1)[0]
                    if "you lead" not in trick:
                        done.append("reneged")
                        return unstarred[0]
                return next(card for _, card, star in cards if star)
            return "pass" if "Your call> " in tail else "1"

        out = _terminal_game(policy, seed)
        if done == ["reneged", "corrected"]:
            assert "does not meet the duty of this trick: a renege." in out
            assert re.search(rf"  You correct a renege: {_CARD} is taken back and", out)
            assert "  Result: " in out
            return
    raise AssertionError("no renege at the terminal in 10 games")  # pragma: no cover


@pytest.mark.parametrize("base", ["pagat-partnership", "wikipedia-three-hand"])
def test_pinochle_check_passes_a_profile_with_the_correction(base: str) -> None:
    """Random legal games under the option (calls among them): every invariant holds."""
    from pinochle.checking import check_variant

    report = check_variant(chapman(base, opening_lead="trump"), games=6, max_hands=4)
    assert report.ok, report
