"""Issue 32, point 3: Bicycle's "keep one, give one to each other player" kitty.

`kitty.share` (rules/passing-and-kitty#share): in BC-PA's widow variation the high bidder
"looks at the four cards, keeps one and gives one face down to each other player". The
tests quote the rules pages; they play the share through the engine, every place an
action goes (text, notation, records, wire, explain, the terminal's prompt, the protocol),
what each seat may know of it (observations, sampling, knowledge), the bots, and random
games of a house profile under every invariant of `pinochle check`.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pinochle as pn
from _bots_play import play_every_level
from pinochle import (
    IllegalActionError,
    NameTrump,
    Observation,
    Phase,
    ShareKitty,
    State,
    Variant,
    VariantError,
    apply,
    explain_legal,
    knowledge,
    legal_actions,
    load_variant,
    new_game,
    observe,
    parse_action,
    sample_state,
)
from pinochle.bots.bidding import choose_share
from pinochle.notation import Hidden, Revealed, read_move, write_move, write_position
from pinochle.testing import check_variant, games, variants

BC_PA = load_variant("bicycle-partnership-auction")
WIDOW: dict[str, Any] = {
    "deal": {"hand": 11, "kitty": 4},
    "kitty": {"share": True, "shown": False},
}
"""BC-PA's widow variation (rules/deck-and-deal: "11 + 4 widow") as a house file's keys."""
SHARE = BC_PA.override({**WIDOW, "name": "bicycle-partnership-widow"})


def _to_share(variant: Variant = SHARE, seed: int = 0) -> State:
    """A game played by the first legal action up to the bidder's share."""
    for s in range(seed, seed + 50):
        state = new_game(variant, seed=s)
        while state.phase is Phase.AUCTION and not state.results:
            state = apply(state, legal_actions(state)[0])
        if state.phase is Phase.SHARE:
            return state
    raise AssertionError("no hand reached the share")  # pragma: no cover


def _bidder(state: State) -> int:
    bidder = state.hand.bidder
    assert bidder is not None
    return bidder


# --- The rule (rules/passing-and-kitty#share) --------------------------------------------


def test_the_bidder_keeps_one_and_gives_one_face_down_to_each_other_player() -> None:
    """BC-PA's widow variation: "the bidder looks at the four cards, keeps one and gives
    one face down to each other player"."""
    state = _to_share()
    bidder = _bidder(state)
    kitty = state.hand.kitty
    assert len(kitty) == 4
    assert state.to_act == bidder
    assert all(len(cards) == 11 for cards in state.hands)  # the kitty is in no hand yet
    # Every order of the kitty is one share: the card kept, then one for each seat.
    shares = set(legal_actions(state))
    orders = {ShareKitty(order) for order in itertools.permutations(kitty)}
    assert shares == orders
    share = sorted(shares, key=str)[0]
    assert isinstance(share, ShareKitty)
    after = apply(state, share)
    for k, card in enumerate(share.cards):
        seat = (bidder + k) % 4
        assert Counter(after.hands[seat]) == Counter((*state.hands[seat], card))
    assert after.hand.shared == share.cards
    assert after.phase is Phase.TRUMP
    assert after.to_act == bidder


def test_nobody_buries_and_every_hand_plays_twelve_tricks() -> None:
    """The kitty is shared, not buried: each player holds 12 cards, 12 tricks a hand."""
    assert SHARE.tricks_per_hand == 12
    state = _to_share()
    state = apply(state, legal_actions(state)[0])
    phases = set()
    while state.hand.number == 0 and not state.results:
        phases.add(state.phase)
        if state.phase is Phase.TRICKS and not state.tricks and not state.trick:
            assert all(len(cards) == 12 for cards in state.hands)
        state = apply(state, legal_actions(state)[0])
    assert Phase.BURY not in phases
    assert not state.game.last_hand or not state.game.last_hand.buried


def test_only_the_receiver_and_the_bidder_see_each_card() -> None:
    """rules/passing-and-kitty#share: "A receiving seat sees only its own card; the bidder
    knows where every card went." Nobody but the bidder sees the kitty before."""
    state = _to_share()
    bidder = _bidder(state)
    for seat in range(4):
        view = observe(state, seat)
        assert view.kitty == (state.hand.kitty if seat == bidder else ())
    share = legal_actions(state)[0]
    assert isinstance(share, ShareKitty)
    after = apply(state, share)
    for seat in range(4):
        view = observe(after, seat)
        k = (seat - bidder) % 4
        if seat == bidder:
            assert view.shared_by_me == share.cards[1:]
            assert view.shared_to_me == ()
        else:
            assert view.shared_to_me == (share.cards[k],)
            assert view.shared_by_me == ()
            assert view.kitty == ()  # the other cards stay hidden
            others = [c for j, c in enumerate(share.cards) if j != k]
            # The seat's document names no other kitty card outside its own hand (no meld
            # is laid and no trick played yet).
            text = view.to_json()
            for card in others:
                assert text.count(f'"{card}"') == view.hand.count(card)
    check_variant(SHARE, games=2, max_hands=2).raise_if_failed()  # no leak at any step


def test_a_bidder_without_a_marriage_after_the_share_surrenders() -> None:
    """rules/trump#no-marriage stays as it is: the bidder names trump after the share, and
    one holding no marriage then (under trump.rule = "marriage") surrenders the hand."""
    strict = SHARE.override({"trump": {"rule": "marriage"}})
    found = False
    for seed in range(200):
        state = _to_share(strict, seed)
        for share in legal_actions(state):
            after = apply(state, share)
            if after.phase is not Phase.TRUMP:
                assert after.results
                assert after.results[-1].reason
                assert "no marriage" in after.results[-1].reason
                found = True
                break
        if found:
            break
    assert found


# --- The cross-key rules ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "key", "words"),
    [
        ({"deal": {"hand": 12, "kitty": 0}}, "kitty.share", "one card a seat"),
        ({"kitty": {"shown": True}}, "kitty.shown", "face down"),
        ({"kitty": {"trump_first": True}}, "kitty.trump_first", "before naming trump"),
    ],
)
def test_a_share_needs_one_card_a_seat_face_down_seen_before_trump(
    changes: dict[str, Any], key: str, words: str
) -> None:
    """A kitty of one card a seat, given face down, seen before trump: each broken rule is
    refused at load time, naming its key."""
    with pytest.raises(VariantError, match=re.escape(key)) as caught:
        SHARE.override(changes)
    assert words in str(caught.value)


def test_the_key_defaults_to_todays_rules() -> None:
    for name in pn.builtin_variants():
        assert load_variant(name).kitty.share is False
    assert "share = false" in load_variant("pinochlerun").to_toml()


# --- Everywhere an action goes -----------------------------------------------------------


def test_the_share_reads_back_in_every_form() -> None:
    share = ShareKitty(pn.parse_cards("AS TH KC 9D"))
    assert str(share) == "share A♠ 10♥ K♣ 9♦"
    assert parse_action("share A♠ 10♥ K♣ 9♦") == share
    assert parse_action("share AS,TH,KC,9D") == share
    assert ShareKitty("AS TH KC 9D") == share
    # The order is the share: the same cards in another order are another share.
    assert ShareKitty("TH AS KC 9D") != share
    assert write_move(share) == "share:AS,TH,KC,9D"
    assert read_move("share:AS,TH,KC,9D") == share
    assert read_move("share:?4", view=True) == Hidden("share", 4)
    assert write_move(Hidden("share", 4)) == "share:?4"
    assert read_move("+shared:AS", view=True) == Revealed("shared", pn.parse_cards("AS"))
    assert write_move(Revealed("shared", pn.parse_cards("AS"))) == "+shared:AS"
    with pytest.raises(pn.ActionParseError, match="share CARDS"):
        parse_action("sharing")


def test_an_illegal_share_is_refused_with_the_reason() -> None:
    state = _to_share()
    kitty = state.hand.kitty
    with pytest.raises(IllegalActionError, match="share all 4 kitty cards"):
        apply(state, ShareKitty(kitty[:3]))
    absent = next(c for c in pn.make_deck(SHARE.deal.deck) if c not in kitty)
    with pytest.raises(IllegalActionError, match=f"the kitty holds no {absent}"):
        apply(state, ShareKitty((absent, *kitty[1:])))
    with pytest.raises(IllegalActionError, match="the bidder must share the kitty"):
        apply(state, NameTrump("H"))
    played = apply(state, legal_actions(state)[0])
    with pytest.raises(IllegalActionError, match="the bidder must name trump"):
        apply(played, ShareKitty(kitty))


def test_explain_the_prompt_and_the_records_know_the_share() -> None:
    state = _to_share()
    bidder = _bidder(state)
    view = observe(state, bidder)
    text = explain_legal(view)
    assert text.startswith("Share the kitty: keep one card, then give one to each other player")
    assert all(str(card) in text for card in state.hand.kitty)
    from pinochle.play._prompts import Prompter
    from pinochle.play._voice import Voice

    voice = Voice(SHARE, (bidder,))
    prompt = Prompter(voice).prompt(view)
    assert any("Keep one card and give one face down" in line for line in prompt.lines)
    share = legal_actions(state)[0]
    after = apply(state, share)
    assert State.from_json(after.to_json()) == after
    for seat in range(4):
        seen = observe(after, seat)
        assert Observation.from_json(seen.to_json()) == seen
    from pinochle.records import record_of

    assert f'"{share}"' in record_of(after).to_json()


def test_a_seat_view_hides_the_share_but_its_own_card() -> None:
    state = _to_share()
    bidder = _bidder(state)
    share = legal_actions(state)[0]
    assert isinstance(share, ShareKitty)
    after = apply(state, share)
    mine = (bidder + 1) % 4
    view = write_position(after, seat=mine)
    assert "share:?4" in view
    assert f"+shared:{share.cards[1].ascii}" in view
    assert write_move(share) not in view
    assert write_move(share) in write_position(after, seat=bidder)


def test_the_terminal_tells_each_person_only_their_card() -> None:
    from pinochle.play._telling import Teller
    from pinochle.play._voice import Voice

    state = _to_share()
    bidder = _bidder(state)
    share = legal_actions(state)[0]
    assert isinstance(share, ShareKitty)
    after = apply(state, share)
    told_bidder = Teller(Voice(SHARE, (bidder,))).events(state, share, after)
    assert all(str(card) in " ".join(told_bidder) for card in share.cards)
    receiver = (bidder + 2) % 4
    told = " ".join(Teller(Voice(SHARE, (receiver,))).events(state, share, after))
    assert f"You get {share.cards[2]}" in told
    assert "gives one face down to each other player" in told


def test_the_action_index_refuses_the_key_by_name() -> None:
    """PettingZoo and OpenSpiel number actions by `ActionIndex`, whose single-card picks
    cannot express an ordered share: the index refuses the profile, naming the key."""
    from pinochle.env import ActionIndex

    with pytest.raises(pn.ArgumentError, match=r"kitty\.share"):
        ActionIndex(SHARE)
    pytest.importorskip("pyspiel")
    from pinochle import openspiel

    with pytest.raises(pn.ArgumentError, match=r"kitty\.share"):
        openspiel.load_game(SHARE)


def test_documents_without_the_share_are_as_before() -> None:
    """The wire writes ``shared`` only once the kitty is shared: every other document is
    unchanged, and a document written before the rule existed still reads."""
    plain = new_game(BC_PA, seed=1)
    data = plain.to_dict()
    assert "shared" not in data["hand"]
    assert "shared_to_me" not in observe(plain, 0).to_dict()
    assert State.from_dict(data) == plain
    assert "shared_to_me" not in pn.schema("observation")["required"]
    state = _to_share()
    after = apply(state, legal_actions(state)[0])
    assert after.to_dict()["hand"]["shared"]
    other = (_bidder(after) + 1) % 4
    assert observe(after, other).to_dict()["shared_to_me"]


# --- What each seat knows -------------------------------------------------------------------


def test_sampled_worlds_keep_what_each_seat_knows_of_the_share() -> None:
    """A seat knows the card it got; the bidder knows where each card went."""
    rng = random.Random(7)
    state = _to_share()
    bidder = _bidder(state)
    share = legal_actions(state)[0]
    assert isinstance(share, ShareKitty)
    after = apply(state, share)
    trump = next(a for a in legal_actions(after) if isinstance(a, NameTrump))
    after = apply(after, trump)
    for _ in range(20):
        world = sample_state(observe(after, bidder), rng)
        assert world.hand.shared == share.cards
        for k, card in enumerate(share.cards[1:], 1):
            assert card in world.hands[(bidder + k) % 4]
        known = knowledge(observe(after, bidder))
        for k, card in enumerate(share.cards[1:], 1):
            assert card in known.holds[(bidder + k) % 4]
    for seat in range(4):
        view = observe(after, seat)
        world = sample_state(view, rng)
        assert observe(world, seat).shared_to_me == view.shared_to_me
        assert observe(world, seat).hand == view.hand
    # While the bidder shares, every seat's worlds keep the kitty apart.
    for seat in range(4):
        world = sample_state(observe(state, seat), rng)
        assert world.phase is Phase.SHARE
        assert len(world.hand.kitty) == 4
        assert all(len(h) == 11 for h in world.hands)
        if seat == bidder:
            assert Counter(world.hand.kitty) == Counter(state.hand.kitty)


# --- The bots --------------------------------------------------------------------------------


def test_the_bots_keep_the_card_worth_most_and_give_the_partner_the_best() -> None:
    """Every level shares by `choose_share`: the card kept makes the hand worth most, the
    partner opposite gets the strongest card left, the opponents the weakest."""
    from pinochle.bots.bidding import _best, _hand_sums

    for seed in range(10):
        state = _to_share(seed=seed)
        bidder = _bidder(state)
        view = observe(state, bidder)
        share = choose_share(view)
        assert share in legal_actions(state)
        worth = {
            card: _best(_hand_sums((*view.hand, card), SHARE, False), alone=True)
            for card in view.kitty
        }
        assert worth[share.cards[0]] == max(worth.values())
        partner = share.cards[2]
        assert all(partner.rank >= c.rank for c in (share.cards[1], share.cards[3]))


HOUSE = SHARE.override({"game": {"hands": 3}})


def test_every_bot_level_plays_the_house_profile_to_the_end() -> None:
    for game in play_every_level(HOUSE):
        assert game.final.is_over
        # every game shared the kitty at least once
        assert any(isinstance(action, ShareKitty) for action in game.actions), game.level
    check_variant(HOUSE, games=4).raise_if_failed()


@settings(max_examples=30, deadline=None)
@given(games(SHARE))
def test_random_games_share_right_after_the_auction(state: State) -> None:
    hand = state.hand
    if state.phase is Phase.SHARE:
        assert state.to_act == hand.bidder
        assert hand.trump is None
        assert not hand.shared
        assert all(len(cards) == 11 for cards in state.hands)
    if hand.shared:
        assert state.phase is not Phase.BURY
        assert Counter(hand.shared) == Counter(hand.kitty)
        played = Counter(c for t in state.tricks for _, c in t.plays)
        played.update(c for _, c in state.trick)
        for k, card in enumerate(hand.shared):
            seat = (_bidder(state) + k) % 4
            mine = Counter(state.hands[seat]) + Counter(
                c for t in state.tricks for s, c in t.plays if s == seat
            )
            mine.update(c for s, c in state.trick if s == seat)
            assert mine[card] >= 1


@settings(max_examples=20, deadline=None)
@given(
    variants("wikipedia-four-hand-kitty", keys=frozenset({("kitty", "share")}))
    .filter(lambda v: v.kitty.share)
    .flatmap(lambda v: st.tuples(st.just(v), st.integers(0, 2**16)))
)
def test_the_variants_strategy_makes_playable_share_profiles(case: tuple[Variant, int]) -> None:
    """`pinochle.testing.variants` turns the share on only where the kitty holds one card a
    seat (WP's four-hand kitty), and then gives it face down and before trump."""
    variant, seed = case
    assert variant.deal.kitty == variant.deal.players
    assert not variant.kitty.shown
    state = new_game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(200):
        if state.is_over:
            break
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])


def test_the_engine_follows_a_share_it_did_not_see() -> None:
    """docs/protocol.md: a program hears ``share:?4`` and, if it got a card, ``+shared:``;
    `pinochle engine` rebuilds its seat's view from that and plays exactly as in process."""
    import shlex
    import sys

    from pinochle.arena import run_match

    engine = f"cmd:{shlex.quote(sys.executable)} -m pinochle engine --level hard"
    through = run_match(SHARE, engine, "medium", deals=2, workers=1)
    inside = run_match(SHARE, "hard", "medium", deals=2, workers=1)
    assert through.deals == inside.deals
    assert not through.forfeits
