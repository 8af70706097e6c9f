"""pinochle.openspiel: the game "pinochle" in OpenSpiel (issue 15).

What the issue asks: the game registers with pyspiel under ``"pinochle"`` with ``variant`` (a
built-in name or TOML text) and ``hands``; the deal is explicit chance; strings and tensors
for the information state and the observation; returns by side; `pyspiel.random_sim_test`
passes for every built-in profile; OpenSpiel's IS-MCTS plays a whole hand; an adapter lets
an OpenSpiel bot play the library's bots.
"""

from __future__ import annotations

import ast
import base64
import copy
import json
import pathlib
import pickle
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel", reason="extra openspiel: open_spiel is not installed")
np = pytest.importorskip("numpy", reason="extra openspiel: numpy is not installed")

import pinochle as pn  # noqa: E402
import pinochle.openspiel as pos  # noqa: E402
from pinochle.bots import make_bot  # noqa: E402
from pinochle.env import ActionIndex  # noqa: E402
from pinochle.testing import variants  # noqa: E402
from pinochle.variant import Partner  # noqa: E402

CHANCE = pyspiel.PlayerId.CHANCE


def _deal(state: Any, rng: Any) -> None:
    """Play the chance nodes until a player is to act (or the episode ends)."""
    while state.is_chance_node():
        faces, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(faces, p=probabilities)))


def _engine(state: Any) -> pn.State:
    """The library's state of a deal in play."""
    engine = state.engine
    assert isinstance(engine, pn.State)
    return engine


def _random_episode(game: Any, seed: int, stop: int | None = None) -> list[Any]:
    """States of an episode played at random, one after every decision."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    seen = []
    while not state.is_terminal():
        _deal(state, rng)
        if state.is_terminal():
            break
        seen.append(state.clone())
        if stop is not None and len(seen) >= stop:
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    seen.append(state)
    return seen


# --- Registration and parameters --------------------------------------------------------


def test_the_game_is_registered_with_its_parameters() -> None:
    assert "pinochle" in pyspiel.registered_names()
    game = pyspiel.load_game("pinochle")
    assert game.get_parameters() == {"variant": "pinochlerun", "hands": 1}
    assert str(game) == "pinochle(hands=1,variant=pinochlerun)"
    assert game.num_players() == 4
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.num_distinct_actions() == ActionIndex(pn.load_variant("pinochlerun")).n
    assert game.max_chance_outcomes() == 24  # one outcome a card face


@pytest.mark.parametrize(("name", "players"), [("cutthroat-3", 3), ("bicycle-two-handed", 2)])
def test_a_built_in_profile_by_name(name: str, players: int) -> None:
    game = pyspiel.load_game("pinochle", {"variant": name})
    assert game.num_players() == players
    assert game.variant == pn.load_variant(name)


def test_toml_text_survives_the_game_string() -> None:
    # Commas, brackets and newlines: OpenSpiel's game strings cannot hold them raw.
    text = 'extends = "pinochlerun"\ntitle = "Ours (with, commas)"\n[game]\ntarget = 200\n'
    game = pyspiel.load_game("pinochle", {"variant": text, "hands": 2})
    assert game.variant.game.target == 200
    assert game.get_parameters()["variant"].startswith(pos.TOML_PREFIX)
    again = pyspiel.load_game(str(game))
    assert again.variant == game.variant
    assert again.hands == 2


def test_bad_parameters_are_reported() -> None:
    with pytest.raises(pn.ArgumentError, match="hands"):
        pos.load_game("pinochlerun", hands=0)
    with pytest.raises(pn.ArgumentError, match="built-in profile"):
        pyspiel.load_game("pinochle", {"variant": "no-such-profile"})
    with pytest.raises(pn.VariantError):
        pyspiel.load_game(
            "pinochle", {"variant": 'extends = "pinochlerun"\n[bidding]\nminimun = 3'}
        )
    sit_out = 'extends = "cutthroat-3"\n[deal]\nseated = 4\n'
    with pytest.raises(pn.ArgumentError, match="seated"):
        pos.load_game(sit_out)


# --- OpenSpiel's own checks --------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [n for n in pn.builtin_variants() if pn.load_variant(n).deal.partner is Partner.NONE],
)
def test_random_sim_test_passes_for_every_built_in_profile(name: str) -> None:
    game = pyspiel.load_game("pinochle", {"variant": name})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_passes_for_several_hands_and_a_house_profile() -> None:
    text = 'extends = "pagat-partnership"\n[passing]\ncards = 3\n'
    game = pyspiel.load_game("pinochle", {"variant": text, "hands": 3})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


# --- The chance model --------------------------------------------------------------------


@pytest.mark.parametrize("name", ["pinochlerun", "pagat-double-deck", "cutthroat-3"])
def test_every_card_is_a_chance_node_with_the_undealt_copies_odds(name: str) -> None:
    game = pos.load_game(name)
    rules = game.variant
    deck = Counter(card.index for card in pn.make_deck(rules.deal.deck))
    state = game.new_initial_state()
    rng = random.Random(1)
    left = Counter(deck)
    nodes = 0
    while state.is_chance_node():
        outcomes = dict(state.chance_outcomes())
        total = sum(left.values())
        assert outcomes == pytest.approx({f: n / total for f, n in left.items() if n})
        face = rng.choice(sorted(outcomes))
        left[face] -= 1
        state.apply_action(face)
        nodes += 1
    assert nodes == len(pn.make_deck(rules.deal.deck))
    engine = _engine(state)
    dealt = Counter(c.index for h in engine.hands for c in h) + Counter(
        c.index for c in engine.hand.kitty
    )
    assert dealt == deck


def test_the_deal_goes_in_packets_from_the_dealers_left() -> None:
    game = pos.load_game("pinochlerun")  # seat 0 deals; packets of 3
    rules = game.variant
    order = [c.index for c in pn.make_deck(rules.deal.deck)]
    random.Random(5).shuffle(order)
    state = game.new_initial_state()
    for face in order:
        state.apply_action(face)
    hands = _engine(state).hands
    for seat in range(4):
        mine = [f for k, f in enumerate(order) if (k // 3) % 4 == (seat - 1) % 4]
        assert Counter(c.index for c in hands[seat]) == Counter(mine)
    assert state.current_player() == 1  # the dealer's left bids first


def test_the_two_hand_stock_is_dealt_in_order_and_the_turn_up_is_public() -> None:
    game = pos.load_game("bicycle-two-handed")
    order = [c.index for c in pn.make_deck(game.variant.deal.deck)]
    random.Random(6).shuffle(order)
    state = game.new_initial_state()
    for face in order:
        state.apply_action(face)
    engine = _engine(state)
    assert engine.hand.turn_up is not None
    assert engine.hand.turn_up.index == order[24]
    assert [c.index for c in engine.hand.stock] == order[25:]
    for player in range(2):
        assert str(engine.hand.turn_up) in state.observation_string(player)


def test_a_face_with_no_copy_left_cannot_be_dealt() -> None:
    state = pos.load_game("pinochlerun").new_initial_state()
    state.apply_action(0)
    state.apply_action(0)
    assert 0 not in dict(state.chance_outcomes())
    with pytest.raises(pn.IllegalActionError, match="no copy"):
        state.apply_action(0)


def test_each_deal_of_an_episode_is_dealt_by_chance_again() -> None:
    game = pos.load_game("pinochlerun", hands=3)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    deals = 0
    while not state.is_terminal():
        if state.is_chance_node():
            deals += 1
            _deal(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    engine = state._core.engine
    if engine.phase is pn.Phase.GAME_OVER:
        assert deals == engine.hand.number + 1 <= 3
    else:
        assert deals == 3
        assert engine.hand.number == 3  # the library's next deal is never played


# --- Returns ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "hands"), [("pinochlerun", 2), ("cutthroat-3", 1), ("bicycle-two-handed", 1)]
)
def test_returns_are_each_sides_score_change(name: str, hands: int) -> None:
    game = pos.load_game(name, hands=hands)
    for seed in range(3):
        last = _random_episode(game, seed)[-1]
        assert last.is_terminal()
        core = last._core
        scores = core.engine.scores
        returns = last.returns()
        rules = game.variant
        for player in range(game.num_players()):
            side = player % 2 if rules.deal.partnerships else player
            assert returns[player] == scores[side]  # every episode starts from 0
        if rules.deal.partnerships:
            assert returns[0] == returns[2]
            assert returns[1] == returns[3]
        results = core.engine.results
        assert len(results) <= hands  # a redeal is a deal without a result
        assert tuple(sum(r.scores[s] for r in results) for s in range(rules.sides)) == scores


def test_returns_are_zero_until_the_end() -> None:
    for state in _random_episode(pos.load_game("pinochlerun"), 4)[:-1]:
        assert state.returns() == [0.0] * 4


# --- What a player may know --------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["pinochlerun", "pagat-partnership", "bicycle-two-handed", "wikipedia-three-hand"]
)
def test_a_resampled_world_looks_the_same_to_the_player_and_differs_elsewhere(name: str) -> None:
    game = pos.load_game(name)
    info = pyspiel.IIGObservationType(perfect_recall=True)
    observer = game.make_py_observer(info)
    differed = 0
    for seed in range(3):
        for state in _random_episode(game, seed)[:-1:3]:
            player = state.current_player()
            before = state.information_state_string(player)
            tensor = np.array(state.information_state_tensor(player))
            observer.set_from(state, player)
            for k in range(3):
                rng = random.Random(seed * 100 + k)
                other = state.resample_from_infostate(player, rng.random)
                assert other.information_state_string(player) == before
                assert other.observation_string(player) == state.observation_string(player)
                assert np.array_equal(np.array(other.information_state_tensor(player)), tensor)
                assert other.legal_actions() == state.legal_actions()
                if _engine(other).hands != _engine(state).hands:
                    differed += 1
    assert differed  # the hidden cards really are drawn anew


def test_during_the_deal_a_player_sees_only_its_own_cards() -> None:
    game = pos.load_game("pinochlerun")
    state = game.new_initial_state()
    for face in range(12):  # 9♣ J♣ Q♣ K♣ 10♣ A♣ 9♦ J♦ Q♦ K♦ 10♦ A♦
        state.apply_action(face)
    # packets of 3 from the dealer's left: seat 1 gets cards 1-3, ..., the dealer 10-12
    assert "to me: K♦ 10♦ A♦" in state.observation_string(0)
    assert "J♣" not in state.observation_string(0)
    assert "to me: 9♣ J♣ Q♣" in state.observation_string(1)
    changed = 0
    for seed in range(5):
        again = state.resample_from_infostate(1, random.Random(seed).random)
        assert again.observation_string(1) == state.observation_string(1)
        assert again._core.deck[:3] == state._core.deck[:3]  # seat 1's own cards
        changed += again._core.deck[3:] != state._core.deck[3:]
    assert changed


def _reach(game: Any, phase: pn.Phase, seeds: int = 60) -> Any:
    """A state of a random episode where the library's phase is ``phase``."""
    for seed in range(seeds):
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            _deal(state, rng)
            if state.is_terminal():
                break
            if _engine(state).phase is phase:
                return state
            state.apply_action(int(rng.choice(state.legal_actions())))
    pytest.fail(f"no random episode reached {phase}")


def test_card_picks_are_the_pickers_secret_until_the_choice_is_complete() -> None:
    game = pos.load_game("pinochlerun")
    cards = game.variant.passing.cards
    assert cards > 0
    state = _reach(game, pn.Phase.PASS)
    picker = state.current_player()
    others = {p: state.observation_string(p) for p in range(4) if p != picker}
    picks = game.action_index.groups["pick"]
    for n in range(cards - 1):
        state.apply_action(int(state.legal_actions()[0]))
        assert state.current_player() == picker  # the same seat picks again
        assert all(a in picks for a in state.legal_actions())
        assert len(state.picked) == n + 1
        assert "picked:" in state.observation_string(picker)
        assert {p: state.observation_string(p) for p in others} == others
    # Another seat's view of the world: the picker's picks are redrawn from its sampled hand.
    watcher = (picker + 1) % 4
    world = state.resample_from_infostate(watcher, random.Random(3).random)
    assert world.observation_string(watcher) == state.observation_string(watcher)
    assert len(world.picked) == len(state.picked)
    assert not Counter(world.picked) - Counter(_engine(world).hands[picker])
    while world.current_player() == picker and _engine(world).phase is pn.Phase.PASS:
        world.apply_action(int(world.legal_actions()[-1]))
    assert _engine(world).phase is pn.Phase.RETURN
    state.apply_action(int(state.legal_actions()[0]))
    assert _engine(state).phase is pn.Phase.RETURN
    assert state.picked == ()


def test_the_information_state_keeps_the_earlier_deals() -> None:
    game = pos.load_game("pinochlerun", hands=2)
    for seed in range(5):
        states = _random_episode(game, seed)
        late = [s for s in states if not s.is_terminal() and s.engine.hand.number == 1]
        if late:
            break
    else:
        pytest.fail("no episode reached its second deal")
    state = late[0]
    player = state.current_player()
    text = state.information_state_string(player)
    assert text.startswith("[deal 1]")
    assert "[deal 2]" in text
    assert text.endswith(state.observation_string(player))


# --- OpenSpiel's bots ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["parlett-three-hand", "pinochlerun", "bicycle-two-handed"])
def test_ismcts_plays_a_whole_hand(name: str) -> None:
    game = pos.load_game(name)
    bots = [pos.ismcts_bot(game, simulations=3, seed=p) for p in range(game.num_players())]
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            _deal(state, rng)
            continue
        action = int(bots[state.current_player()].step(state))
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions > 0
    result = state._core.engine.results[-1] if state._core.engine.results else None
    assert result is not None or game.variant.bidding.all_pass.value == "redeal"


def test_ismcts_is_reproducible_with_a_seed() -> None:
    game = pos.load_game("parlett-three-hand")
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    _deal(state, rng)
    first = [int(pos.ismcts_bot(game, simulations=4, seed=9).step(state)) for _ in range(2)]
    assert first[0] == first[1]


def test_an_openspiel_bot_plays_the_librarys_bots_through_the_adapter() -> None:
    rules = pn.load_variant("pinochlerun")
    factory = pos.arena_player(lambda g: pos.ismcts_bot(g, simulations=3, seed=4), seed=5)
    ismcts = [factory(), factory()]
    hard = [make_bot("hard", seed=1), make_bot("hard", seed=2)]
    for seed in range(2):
        state = pn.new_game(rules, seed=seed)
        while not state.results:
            seat = state.to_act
            assert seat is not None
            view = pn.observe(state, seat)
            if seat % 2 == 0:
                action = ismcts[seat // 2](view)
                assert action in view.legal_actions
            else:
                action = hard[seat // 2].choose(view)
            state = pn.apply(state, action)
        assert state.results[0].reason


def test_the_adapter_answers_a_card_choice_with_one_whole_action() -> None:
    game = pos.load_game("pinochlerun")
    state = _reach(game, pn.Phase.PASS)
    view = state.observation(state.current_player())
    player = pos.arena_player(lambda g: pos.ismcts_bot(g, simulations=2, seed=1), seed=2)()
    action = player(view)
    assert isinstance(action, pn.PassCards)
    assert len(action.cards) == game.variant.passing.cards
    assert action in view.legal_actions


def test_the_adapter_never_sees_the_true_hidden_cards() -> None:
    # The bot is handed a state sampled from the observation: another seat's cards in it
    # are a guess, drawn afresh for each decision.
    rules = pn.load_variant("pinochlerun")
    handed: list[Any] = []

    class Spy:
        def step(self, state: Any) -> int:
            handed.append(state.engine)
            return int(state.legal_actions()[0])

    player = pos.arena_player(lambda g: Spy())()  # no seed: every guess drawn afresh
    true = pn.new_game(rules, seed=8)
    assert true.to_act is not None
    view = pn.observe(true, true.to_act)
    for _ in range(4):
        player(view)
    seat = view.seat
    assert all(s.hands[seat] == true.hands[seat] for s in handed)
    others = {tuple(s.hands[(seat + 1) % 4]) for s in handed}
    assert len(others) > 1


def test_a_seeded_adapter_plays_by_the_observation_alone_and_pickles() -> None:
    import functools
    import pickle

    game = pos.load_game("pinochlerun")
    state = _reach(game, pn.Phase.PASS)
    view = state.observation(state.current_player())
    make = functools.partial(pos.ismcts_bot, simulations=3, seed=2)
    factory = pos.arena_player(make, seed=7, bot_per_decision=True)
    first = factory()
    first(pn.observe(pn.new_game(game.variant, seed=1), 1))  # an unrelated decision first
    again = pickle.loads(pickle.dumps(factory))()  # as a worker process would get it
    assert first(view) == again(view)
    assert pickle.loads(pickle.dumps(first))(view) == first(view)


def test_the_adapter_refuses_a_view_that_is_not_to_act() -> None:
    player = pos.arena_player(functools_partial_bot())()
    state = pn.new_game(pn.load_variant("pinochlerun"), seed=1)
    with pytest.raises(pn.ArgumentError, match="to act"):
        player(pn.observe(state, 0))  # seat 1 bids first
    with pytest.raises(pn.ArgumentError, match="make_bot"):
        pos.arena_player("ismcts")  # type: ignore[arg-type]


def functools_partial_bot() -> Any:
    import functools

    return functools.partial(pos.ismcts_bot, simulations=2, seed=1)


def test_import_pinochle_does_not_import_openspiel() -> None:
    import subprocess
    import sys

    code = (
        "import sys, pinochle\nprint('pyspiel' in sys.modules, 'pinochle.openspiel' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_a_missing_extra_names_it() -> None:
    import subprocess
    import sys

    code = (
        "import sys\nsys.modules['pyspiel'] = None\n"
        "try:\n    import pinochle.openspiel\nexcept ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert 'pip install "pinochle-rules[openspiel]"' in out.stdout


# --- Random house profiles ------------------------------------------------------------------


@settings(max_examples=8, deadline=None)
@given(rules=variants(), hands=st.integers(min_value=1, max_value=2))
def test_random_house_profiles_pass_openspiels_checks(rules: pn.Variant, hands: int) -> None:
    if rules.deal.seated != rules.deal.players:
        with pytest.raises(pn.ArgumentError, match="seated"):
            pos.load_game(rules, hands)
        return
    if rules.kitty.share:  # the action index has no ordered share (rules/passing-and-kitty)
        with pytest.raises(pn.ArgumentError, match=r"kitty\.share"):
            pos.load_game(rules, hands)
        return
    if rules.deal.partner is not pn.variant.Partner.NONE:  # five hands: no call, no fixed sides
        with pytest.raises(pn.ArgumentError, match="called partner"):
            pos.load_game(rules, hands)
        return
    game = pos.load_game(rules, hands)
    assert pyspiel.load_game(str(game)).variant == rules  # the game string carries it
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_an_openspiel_bot_plays_in_the_arena_the_same_in_process_and_in_a_pool() -> None:
    """The adapter's players run in `pinochle.arena.run_match`, equal on one worker and two."""
    import functools

    from pinochle.arena import run_match

    ismcts = pos.arena_player(
        functools.partial(pos.ismcts_bot, simulations=4, seed=1), seed=2, bot_per_decision=True
    )
    alone = run_match("pinochlerun", ismcts, "easy", deals=2, workers=1)
    pooled = run_match("pinochlerun", ismcts, "easy", deals=2, workers=2)
    assert len(alone.deals) == 2
    assert alone == pooled


# --- Hostile calls: arguments checked first, no pickle (issue 26) ---------------------------


def _snapshot(state: Any) -> tuple[Any, ...]:
    """Everything a refused call must leave alone."""
    return (
        state.history(),
        state.move_number(),
        state._core,
        getattr(state, "_sampled", None),
        str(state),
    )


def _mid_auction(variant: str = "pinochlerun", hands: int = 1, seed: int = 4) -> Any:
    state = pos.load_game(variant, hands=hands).new_initial_state()
    _deal(state, np.random.RandomState(seed))
    return state


def test_a_chance_outcome_out_of_range_is_refused_and_changes_nothing() -> None:
    state = pos.load_game("pinochlerun").new_initial_state()
    state.apply_action(3)
    before = _snapshot(state)
    bad: Any
    for bad in (24, 99, -1, -2, -24, 2**40, True, 1.5, "3", None):
        with pytest.raises(pn.ArgumentError, match="chance outcome"):
            state.apply_action(bad)
        assert _snapshot(state) == before, bad
    state.apply_action(np.int64(5))  # numpy's integers are whole numbers too
    assert state.history() == [3, 5]


def test_a_players_action_id_out_of_range_is_refused_and_changes_nothing() -> None:
    state = _mid_auction()
    before = _snapshot(state)
    n = state.get_game().num_distinct_actions()
    for bad in (-1, -2, n, n + 5, True, 1.5, None):
        with pytest.raises(pn.ArgumentError, match="action"):
            state.apply_action(bad)
        assert _snapshot(state) == before, bad
        with pytest.raises(pn.ArgumentError, match="action"):
            state.child(bad)
        assert _snapshot(state) == before, bad
    with pytest.raises(pn.IllegalActionError):
        state.apply_action(29)  # a pick in the auction
    assert _snapshot(state) == before
    with pytest.raises(pn.ArgumentError, match="sequential"):
        state.apply_actions([0])
    assert _snapshot(state) == before


def test_an_episode_over_takes_no_action() -> None:
    state = _random_episode(pos.load_game("bicycle-two-handed"), seed=2)[-1]
    assert state.is_terminal()
    before = _snapshot(state)
    with pytest.raises(pn.ArgumentError, match="over"):
        state.apply_action(0)
    assert _snapshot(state) == before


def test_player_ids_are_range_checked_by_every_view() -> None:
    state = _mid_auction()
    before = _snapshot(state)
    views = (
        state.observation_string,
        state.observation_tensor,
        state.information_state_string,
        state.information_state_tensor,
        state.legal_actions,
        state.legal_actions_mask,
        state.observation,
        lambda p: state.resample_from_infostate(p, lambda: 0.5),
        lambda p: state.action_to_string(p, 0),
        lambda p: state.string_to_action(p, "pass"),
    )
    for view in views:
        for bad in (-2, 4, 7, True, 1.0):
            with pytest.raises(pn.ArgumentError, match="player"):
                view(bad)
        assert _snapshot(state) == before
    for bad in (-1, -3):  # chance and the other pseudo-players are no seat to view
        with pytest.raises(pn.ArgumentError, match="player"):
            state.observation_tensor(bad)
    observer = state.get_game().make_py_observer()
    observer.set_from(state, 1)
    tensor = observer.tensor.copy()
    with pytest.raises(pn.ArgumentError, match="player"):
        observer.set_from(state, -1)
    assert np.array_equal(observer.tensor, tensor)  # left as it was
    with pytest.raises(pn.ArgumentError, match="player"):
        observer.string_from(state, 4)


def test_actions_in_words_are_range_checked_both_ways() -> None:
    state = pos.load_game("pinochlerun").new_initial_state()
    assert state.action_to_string(CHANCE, 23) == "deal A♠"
    for bad in (24, 99, -1, -2, -24):
        with pytest.raises(pn.ArgumentError, match="chance outcome"):
            state.action_to_string(CHANCE, bad)
        with pytest.raises(pn.ArgumentError, match="chance outcome"):
            state.action_to_string(bad)
    state = _mid_auction()
    player = state.current_player()
    with pytest.raises(pn.ArgumentError, match="index"):
        state.action_to_string(player, -1)
    assert state.string_to_action(player, "pass") == 0
    assert state.string_to_action("pass") == 0
    with pytest.raises(pn.ArgumentError, match="legal action"):
        state.string_to_action(player, "trump ♣")  # not legal in the auction
    with pytest.raises(pn.ArgumentError, match="text"):
        state.string_to_action(player, 0)


def test_the_variant_parameter_is_decoded_strictly() -> None:
    rules = attrs.evolve(pn.load_variant("cutthroat-3"), name="ours")
    good = pos.game_parameter(rules)
    data = good.removeprefix(pos.TOML_PREFIX)
    assert pos.PinochleGame({"variant": good}).variant == rules
    stray = data[:10] + "!" + data[10:]
    plus = data.replace("-", "+").replace("_", "/") if "-" in data or "_" in data else None
    bad = [
        "toml-base64:!!!",  # a lenient decoder reads nothing: the default "custom" profile
        pos.TOML_PREFIX,
        good + "==",  # padding
        good + "==QUFB",  # data after the padding
        pos.TOML_PREFIX + stray,
        good[:-1] + ("B" if good[-1] == "A" else "A") if len(data) % 4 == 2 else good + "!",
        "toml-base64:IA",  # a blank profile
        " ",
        "\n",
    ]
    if plus is not None:
        bad.append(pos.TOML_PREFIX + plus)
    for value in bad:
        with pytest.raises((pn.ArgumentError, pn.VariantError), match="variant"):
            pos.PinochleGame({"variant": value})
        with pytest.raises((pn.ArgumentError, pn.VariantError), match="variant"):
            pyspiel.load_game("pinochle", {"variant": value})


def test_game_parameters_are_checked_by_name() -> None:
    with pytest.raises(pn.ArgumentError, match=r"params.*seed"):
        pos.PinochleGame({"variant": "pinochlerun", "seed": 1})
    with pytest.raises(pn.ArgumentError, match="params"):
        pos.PinochleGame(["variant"])  # type: ignore[arg-type]
    for hands in (True, 0, -1, 1.0, "2", 10_001):
        with pytest.raises(pn.ArgumentError, match="hands"):
            pos.PinochleGame({"hands": hands})
    with pytest.raises(pn.ArgumentError, match="variant"):
        pos.PinochleGame({"variant": 3})


# --- Serialization: the history as JSON, never a pickle ------------------------------------


def _midway(hands: int = 2) -> Any:
    """A state in the second deal of a cutthroat episode."""
    game = pos.load_game("cutthroat-3", hands=hands)
    rng = np.random.RandomState(8)
    state = game.new_initial_state()
    while not state._core.records:  # through the first deal
        if state.is_chance_node():
            _deal(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    _deal(state, rng)  # the second
    assert not state.is_terminal()
    for _ in range(5):
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_a_state_round_trips_through_every_serialization() -> None:
    state = _midway()
    text = state.serialize()
    assert "__dict__" not in text
    document = json.loads(text)
    assert document["format"] == pos.STATE_FORMAT
    assert document["game"] == str(state.get_game())
    game = state.get_game()
    copies = [
        game.deserialize_state(text),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
        pickle.loads(pickle.dumps(state)),
        copy.deepcopy(state),
        copy.copy(state),
    ]
    for again in copies:
        assert isinstance(again, pos.PinochleState)
        assert again.history() == state.history()
        assert again.move_number() == state.move_number()
        assert str(again) == str(state)
        assert again._core.engine == state._core.engine
        assert again.information_state_string(0) == state.information_state_string(0)
    assert "__dict__" not in pyspiel.serialize_game_and_state(game, state)
    # Other games keep OpenSpiel's own serialization.
    kuhn = pyspiel.load_game("kuhn_poker")
    dealt = kuhn.new_initial_state().child(0)
    text = pyspiel.serialize_game_and_state(kuhn, dealt)
    assert pyspiel.deserialize_game_and_state(text)[1].history() == [0]


class _Touch:
    """Unpickling this creates a file: the proof that a text ran code."""

    def __init__(self, path: Any) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, tuple[Any]]:
        return (pathlib.Path.touch, (self.path,))


def test_a_pickled_state_text_is_refused_and_never_run(tmp_path: Any) -> None:
    marker = tmp_path / "ran"
    payload = base64.b64encode(pickle.dumps({"_core": _Touch(marker)})).decode("ascii")
    crafted = f"history=\nmove_number=0\n__dict__={payload}"
    game = pos.load_game("pinochlerun")
    with pytest.raises(pn.WireError, match="never read"):
        game.deserialize_state(crafted)
    assert not marker.exists()
    for game_string in (str(game), "pinochle()", "pinochle(hands=1)"):
        for text in (
            f"[Game]\n{game_string}\n[State]\n{crafted}\n",
            f"# a comment\n[Meta]\nVersion: 1\n\n[Game]\n\n{game_string}\n[State]\n{crafted}",
        ):
            with pytest.raises(pn.WireError, match="never read"):
                pyspiel.deserialize_game_and_state(text)
            assert not marker.exists()


def test_a_state_text_is_replayed_through_the_rules() -> None:
    state = _midway()
    game = state.get_game()
    document = json.loads(state.serialize())

    def read(**changes: Any) -> Any:
        return game.deserialize_state(json.dumps({**document, **changes}))

    with pytest.raises(pn.WireError, match="game"):
        read(game="pinochle(hands=2,variant=pinochlerun)")
    with pytest.raises(pn.WireError, match="version"):
        read(version=2)
    with pytest.raises(pn.WireError, match="extra: unknown"):
        read(extra=1)
    with pytest.raises(pn.WireError, match=r"actions\[1\]"):
        read(actions=[0, True])
    with pytest.raises(pn.WireError, match=r"actions\[2\].*no copy"):
        read(actions=[0, 0, 0])  # two copies of each face
    with pytest.raises(pn.WireError, match=r"actions\[0\].*chance outcome"):
        read(actions=[-2])
    with pytest.raises(pn.WireError, match="at most"):
        read(actions=[0] * 100_000)
    with pytest.raises(pn.WireError):
        game.deserialize_state("not json")
    with pytest.raises(pn.ArgumentError, match="text"):
        game.deserialize_state(b"{}")


def test_a_sampled_state_has_no_history_to_serialize() -> None:
    state = _mid_auction()
    sampled = state.resample_from_infostate(state.current_player(), lambda: 0.25)
    with pytest.raises(pn.ArgumentError, match="sampled"):
        sampled.serialize()
    assert state.serialize()  # the state it was drawn from still serializes


def test_no_pickle_eval_or_exec_reads_caller_text() -> None:
    sources = [pathlib.Path(pos.__file__)]
    sources += sorted(pathlib.Path(pos.__file__).parent.joinpath("env").glob("*.py"))
    for source in sources:
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [alias.name for alias in node.names] + [getattr(node, "module", "")]
                assert not {"pickle", "marshal", "shelve", "dill"} & set(names), source
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"eval", "exec", "compile"}, source


def test_the_bots_and_samplers_check_their_arguments() -> None:
    game = pos.load_game("pinochlerun")
    seed: Any
    uct_c: Any
    for seed in (-1, 2**32, True, 1.5):
        with pytest.raises(pn.ArgumentError, match="seed"):
            pos.ismcts_bot(game, simulations=2, seed=seed)
    for uct_c in (-1.0, True, "2", float("nan"), float("inf")):
        with pytest.raises(pn.ArgumentError, match="uct_c"):
            pos.ismcts_bot(game, simulations=2, uct_c=uct_c)
    with pytest.raises(pn.ArgumentError, match="game"):
        pos.ismcts_bot(pyspiel.load_game("kuhn_poker"), simulations=2)
    for seed in (1.5, "x", True):
        with pytest.raises(pn.ArgumentError, match="seed"):
            pos.resampler(seed)
    view = _mid_auction().observation(1)
    with pytest.raises(pn.ArgumentError, match="rng"):
        pos.state_from_observation(game, view, 5)  # type: ignore[arg-type]
    with pytest.raises(pn.ArgumentError, match="game"):
        pos.state_from_observation(pyspiel.load_game("kuhn_poker"), view, random.Random(1))
