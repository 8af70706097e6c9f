"""`explain_legal`: the line that says why agrees with `legal_actions` in every phase.

The expected case of a trick decision is worked out here from the observation alone (the
led suit, whether the seat holds it, its trumps, the trick's best cards and the profile's
``[play]`` keys), without the library's trick rules; the sentence must give that case's
reason and name exactly the legal cards, high to low (or say "any card" when the whole
hand is legal).
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle.testing import games, variants

SUIT = {pn.Suit.CLUBS: "clubs", pn.Suit.DIAMONDS: "diamonds", pn.Suit.HEARTS: "hearts"}
SUIT[pn.Suit.SPADES] = "spades"
PLAY_KEYS = frozenset(
    ("play", key)
    for key in (
        "beat",
        "beat_after_trump",
        "must_trump",
        "must_overtrump",
        "trump_when_cannot_overtrump",
        "first_lead",
    )
)
FOUR_HAND = [n for n in pn.builtin_variants() if pn.load_variant(n).deal.players == 4]


# --- The expected case, from the observation alone --------------------------------------


def expected_play(view: pn.Observation) -> tuple[str, set[pn.Card]]:
    """The sentence's start (or whole text, for "any card") and the legal cards."""
    hand, trump, rules = view.hand, view.trump, view.variant.play
    plays = [card for _, card in view.trick]
    if not plays:
        return "=Lead any card", set(hand)
    if view.turn_up is not None:
        return "=Any card while the stock lasts", set(hand)
    led = plays[0].suit
    name = SUIT[led]
    suited = {c for c in hand if c.suit is led}
    top_led = max((c for c in plays if c.suit is led), key=lambda c: c.rank)
    trumps_played = [c for c in plays if c.suit is trump]
    if suited:
        heads = rules.beat.value == "always" or (rules.beat.value == "trump-led" and led is trump)
        if not heads:
            return f"Follow {name}: ", suited
        if trumps_played and led is not trump and not rules.beat_after_trump:
            return f"Follow {name} (the trick is trumped): ", suited
        higher = {c for c in suited if c.rank > top_led.rank}
        if higher:
            return f"Follow {name} and beat the {top_led}: ", higher
        return f"Follow {name} (you cannot beat the {top_led}): ", suited
    trumps = {c for c in hand if c.suit is trump}
    if not trumps:
        return f"=No {name} and no trump: any card", set(hand)
    if not rules.must_trump:
        return f"=No {name}: any card (you need not trump)", set(hand)
    if trumps_played and rules.must_overtrump:
        top = max(trumps_played, key=lambda c: c.rank)
        higher = {c for c in trumps if c.rank > top.rank}
        if higher:
            return f"No {name}, trump and beat the {top}: ", higher
        if not rules.trump_when_cannot_overtrump:
            return f"=No {name} and you cannot beat the {top}: any card", set(hand)
        return f"No {name}, trump (you cannot beat the {top}): ", trumps
    return f"No {name}, you must trump: ", trumps


def named_cards(tail: str) -> list[pn.Card]:
    """The cards of ``A♣, 10♣ or 9♣``, in the order named."""
    return list(pn.parse_cards(tail.replace(",", " ").replace(" or ", " ")))


def check_trick(view: pn.Observation, text: str) -> None:
    start, cards = expected_play(view)
    legal = {a.card for a in view.legal_actions if isinstance(a, pn.Play)}
    assert cards == legal, "the test's reading of the rules disagrees with the engine"
    if start.startswith("="):
        assert text == start[1:]
        assert cards == set(view.hand)
        return
    assert text.startswith(start), (text, start)
    named = named_cards(text[len(start) :])
    assert set(named) == legal
    assert len(named) == len(legal), "each distinct card once"
    assert named == sorted(named, key=lambda c: (-c.rank, c.suit)), "high to low"


def check_auction(view: pn.Observation, text: str) -> None:
    legal = view.legal_actions
    bids = [a.amount for a in legal[:2] if isinstance(a, pn.Bid)]
    may_pass = isinstance(legal[0], pn.Pass)
    if not bids:
        assert text == f"Pass: no bid can top {view.bid}"
        return
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    assert numbers == [bids[0]], "the smallest legal bid is the one named"
    assert text.startswith("You must bid") is not may_pass
    assert ("at least" in text) is (len(legal) - may_pass > 1)


def check(view: pn.Observation) -> str:
    """Check the sentence for the seat to act; return it."""
    text = pn.explain_legal(view)
    assert text, "the seat to act is told something"
    assert "\n" not in text
    assert len(text) < 90, text
    legal = view.legal_actions
    phase = view.phase
    if phase is pn.Phase.TRICKS:
        check_trick(view, text)
    elif phase is pn.Phase.AUCTION:
        check_auction(view, text)
    elif phase is pn.Phase.TRUMP:
        suits = {a.suit for a in legal if isinstance(a, pn.NameTrump)}
        named = {s for s in pn.Suit if s.symbol in text}
        if "any suit" in text:
            assert suits == set(pn.Suit)
        else:
            assert view.variant.trump.rule.value == "marriage"
            assert named == suits
    elif phase in (pn.Phase.PASS, pn.Phase.RETURN):
        n = view.variant.passing.cards
        verb = "Return" if phase is pn.Phase.RETURN and view.passed_to_me else "Pass"
        assert text.startswith(f"{verb} {n} cards to your partner")
        assert all(len(a.cards) == n for a in legal[:3])  # type: ignore[union-attr]
    elif phase is pn.Phase.BURY:
        n = len(view.kitty)
        free = {c for a in legal for c in a.cards}  # type: ignore[union-attr]
        restricted = len(free) < len(set(view.hand))
        assert text == f"Bury {n} cards" + " (not from your meld)" * restricted
    elif phase is pn.Phase.MELD:
        kinds = {type(a) for a in legal}
        assert (pn.Declare in kinds) is ("eld" in text)
        assert (pn.ExchangeDix in kinds) is ("exchange the dix" in text)
        assert (pn.TakeTurnUp in kinds) is (f"take the turned-up {view.turn_up}" in text)
        assert text.endswith("raw")
    elif phase is pn.Phase.MISDEAL:
        may_call = pn.CallMisdeal() in legal
        assert text.startswith("Call a misdeal") is may_call
    elif phase is pn.Phase.THROW_IN:
        assert set(legal) == {pn.ThrowIn(), pn.PlayOn()}
        assert text == "Throw in or play on"
    elif phase is pn.Phase.CONCEDE:
        assert text.startswith("Concede or play on")
    elif phase is pn.Phase.DIX_EXCHANGE:
        assert text.startswith(f"Exchange the dix for the turned-up {view.turned_up}")
    return text


def check_state(state: pn.State) -> str:
    """Check every seat's sentence: the seat to act explains, the others say nothing."""
    text = ""
    for seat in state.seats():
        view = pn.observe(state, seat)
        if seat == state.to_act:
            text = check(view)
        else:
            assert pn.explain_legal(view) == ""
    return text


# --- Random games of random four-hand profiles -------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(FOUR_HAND)
    .flatmap(lambda name: variants(name, keys=PLAY_KEYS, scale=False))
    .flatmap(lambda v: games(v, max_actions=120))
)
def test_the_sentence_agrees_with_the_legal_actions(state: pn.State) -> None:
    check_state(state)


# --- Seeded games of every built-in profile (and a few keys they leave off) --------------


def profiles() -> Iterator[pn.Variant]:
    for name in pn.builtin_variants():
        yield pn.load_variant(name)
    extras: list[tuple[str, dict[str, dict[str, object]]]] = [
        ("pinochlerun", {"deal": {"misdeal": "five-nines"}}),
        ("pagat-partnership", {"passing": {"order": "simultaneous"}}),
        ("bicycle-two-handed", {"stock": {"last_draw": "winner-chooses"}}),
        ("pagat-double-deck", {"trump": {"without_marriage": "any-suit"}}),
        ("pinochlerun", {"play": {"beat": "trump-led", "must_overtrump": False}}),
        ("pinochlerun", {"play": {"trump_when_cannot_overtrump": False, "must_trump": True}}),
        ("pinochlerun", {"play": {"must_trump": False, "beat": "never"}}),
        ("pinochlerun", {"play": {"beat_after_trump": True}}),
    ]
    for base, changes in extras:
        yield pn.load_variant(base).override(changes, source="<test_explain>")


PROFILES = list(profiles())


@pytest.mark.parametrize("variant", PROFILES, ids=[f"{i}-{v.name}" for i, v in enumerate(PROFILES)])
def test_every_decision_of_seeded_games(variant: pn.Variant) -> None:
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = pn.new_game(variant, seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            text = check_state(state)
            seen.add(state.phase.value)
            legal = pn.legal_actions(state)
            if state.phase is pn.Phase.AUCTION and rng.random() < 0.9:
                action = legal[0] if rng.random() < 0.6 else legal[min(1, len(legal) - 1)]
            elif state.phase in (pn.Phase.THROW_IN, pn.Phase.CONCEDE):
                action = pn.PlayOn() if rng.random() < 0.9 else legal[0]
            else:
                action = legal[rng.randrange(len(legal))]
            state = pn.apply(state, action)
        assert text is not None
    assert "tricks" in seen


# --- The sentences, case by case ----------------------------------------------------------


def trick_view(
    hand: str, trick: str, play: dict[str, object], trump: str = "S"
) -> tuple[pn.Observation, str]:
    """A seat holding ``hand`` following ``trick`` under pinochlerun with ``play`` keys."""
    variant = pn.load_variant("pinochlerun").override({"play": play})
    cards = pn.parse_cards(hand)
    plays = pn.parse_cards(trick)
    view = pn.observe(pn.new_game(variant, seed=1), 0)
    legal = pn.legal_plays(cards, plays, pn.parse_suit(trump), variant.play)
    view = attrs.evolve(
        view,
        phase=pn.Phase.TRICKS,
        to_act=0,
        hand=cards,
        trump=pn.parse_suit(trump),
        trick=tuple((seat, card) for seat, card in zip((1, 2, 3), plays, strict=False)),
        legal_actions=tuple(dict.fromkeys(pn.Play(c) for c in legal)),
    )
    return view, pn.explain_legal(view)


@pytest.mark.parametrize(
    ("hand", "trick", "play", "expected"),
    [
        ("AC TC 9C AS", "KC", {}, "Follow clubs and beat the K♣: A♣ or 10♣"),
        ("TC 9C AS", "AC", {}, "Follow clubs (you cannot beat the A♣): 10♣ or 9♣"),
        ("AC 9C AS", "KC 9S", {}, "Follow clubs (the trick is trumped): A♣ or 9♣"),
        ("AC 9C AS", "KC 9S", {"beat_after_trump": True}, "Follow clubs and beat the K♣: A♣"),
        ("AC 9C", "KC", {"beat": "never"}, "Follow clubs: A♣ or 9♣"),
        ("AS 9S AH", "KC", {}, "No clubs, you must trump: A♠ or 9♠"),
        ("AS 9S AH", "KC TS", {}, "No clubs, trump and beat the 10♠: A♠"),
        ("KS 9S AH", "KC AS", {}, "No clubs, trump (you cannot beat the A♠): K♠ or 9♠"),
        (
            "KS 9S AH",
            "KC AS",
            {"trump_when_cannot_overtrump": False},
            "No clubs and you cannot beat the A♠: any card",
        ),
        ("AS AH", "KC", {"must_trump": False}, "No clubs: any card (you need not trump)"),
        ("AH AD", "KC", {}, "No clubs and no trump: any card"),
        ("AH AD", "", {}, "Lead any card"),
    ],
)
def test_trick_sentences(hand: str, trick: str, play: dict[str, object], expected: str) -> None:
    view, text = trick_view(hand, trick, play)
    assert text == expected
    if view.trick:
        check_trick(view, text)


def test_a_misdeal_may_be_called() -> None:
    variant = pn.load_variant("pinochlerun").override({"deal": {"misdeal": "five-nines"}})
    deck = sorted(pn.make_deck(variant.deal.deck), key=lambda c: (c.rank != pn.Rank.NINE, c.index))
    first = deck[:12]  # eight nines and four more: seat 0 qualifies
    rest = deck[12:]
    hands = (tuple(first), tuple(rest[:12]), tuple(rest[12:24]), tuple(rest[24:]))
    state = pn.new_game(variant, seed=1, dealer=3, hands=hands)
    assert state.phase is pn.Phase.MISDEAL
    assert state.to_act == 0
    assert check_state(state) == "Call a misdeal or keep your hand"
    state = pn.apply(state, pn.KeepHand())
    assert check_state(state) == "Keep your hand (it is no misdeal)"


def test_names_trump_with_a_marriage() -> None:
    variant = pn.load_variant("pagat-double-deck")
    for seed in range(40):
        state = pn.new_game(variant, seed=seed)
        while state.phase is pn.Phase.AUCTION:
            legal = pn.legal_actions(state)
            state = pn.apply(state, legal[min(1, len(legal) - 1)] if not state.bid else legal[0])
        if state.phase is pn.Phase.TRUMP:
            text = check_state(state)
            assert text.startswith("Name trump: you need a marriage in it: ")
            return
    pytest.fail("no seed reached the trump phase")  # pragma: no cover


def test_not_an_observation() -> None:
    with pytest.raises(pn.ArgumentError):
        pn.explain_legal("play A♠")  # type: ignore[arg-type]


def test_nobody_to_act_says_nothing() -> None:
    state = pn.new_game(pn.load_variant("pinochlerun"), seed=3)
    seat = state.to_act
    assert seat is not None
    other = pn.observe(state, (seat + 1) % 4)
    assert pn.explain_legal(other) == ""
    assert pn.explain_legal(pn.observe(state, seat)).startswith("Bid at least")


def test_pinochle_play_shows_the_line_above_the_hand() -> None:
    from pinochle.play import play_game

    out = io.StringIO()
    play_game(pn.load_variant("pinochlerun"), seed=3, stdin=io.StringIO("1\nquit\n"), stdout=out)
    lines = out.getvalue().splitlines()
    at = lines.index("Bid at least 25, or pass")
    assert lines[at + 1].startswith("Your call.")
    assert lines[at + 2].startswith("  Your hand: ")
    assert "Pass 4 cards to your partner" in lines
