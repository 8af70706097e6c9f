"""Every computer player, at every table (issue 6: "What a bot is").

A bot answers every decision the engine asks of a seat with one of the observation's legal
actions, under every built-in profile; it sees only its observation (it imports only the
public API and needs nothing but the observation's contents); a seeded bot is
deterministic; Expert's quick play-outs settle exactly as the engine would.
"""

from __future__ import annotations

import ast
import pickle
import random
from collections import Counter
from pathlib import Path

import pytest

from pinochle import (
    ArgumentError,
    Bid,
    Card,
    NameTrump,
    Pass,
    Phase,
    Play,
    State,
    Suit,
    apply,
    builtin_variants,
    legal_actions,
    load_variant,
    make_deck,
    new_game,
    observe,
    parse_cards,
)
from pinochle.bots import LEVELS, Bot, ExpertBot, HardBot, make_bot
from pinochle.bots.expert import contract_values
from pinochle.bots.rollout import _engine_play_out, _list_play_out, margin, sides

PROFILES = sorted(builtin_variants())
BOTS_DIR = Path(__file__).parent.parent / "src" / "pinochle" / "bots"


def _play(state: State, bots: list[Bot], hands: int) -> tuple[State, list[str]]:
    """Play until ``hands`` hands are settled, checking every choice is legal."""
    done = len(state.results) + hands
    actions: list[str] = []
    while not state.is_over and len(state.results) < done:
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        action = bots[seat].choose(view)
        assert action in legal_actions(state), f"{bots[seat]} chose {action} in {state.phase}"
        actions.append(str(action))
        state = apply(state, action)
    return state, actions


@pytest.mark.parametrize("name", PROFILES)
def test_every_level_plays_only_legal_actions(name: str) -> None:
    variant = load_variant(name)
    players = variant.deal.players
    levels = ["easy", "medium", "hard", "random"]
    for game in range(3):
        bots = [
            make_bot(levels[(game + seat) % 4], seed=game * 10 + seat) for seat in range(players)
        ]
        _play(new_game(variant, seed=game), bots, hands=3)


@pytest.mark.parametrize("name", PROFILES)
def test_expert_plays_only_legal_actions(name: str) -> None:
    variant = load_variant(name)
    bots: list[Bot] = [ExpertBot(seed=seat, samples=3) for seat in range(variant.deal.players)]
    _play(new_game(variant, seed=7), bots, hands=1)


def test_seeded_bots_are_deterministic() -> None:
    variant = load_variant("pinochlerun")
    for level in LEVELS:
        runs = []
        for _ in range(2):
            bots = [make_bot(level, seed=seat) for seat in range(4)]
            runs.append(_play(new_game(variant, seed=3), bots, hands=1)[1])
        assert runs[0] == runs[1], level


def test_a_bot_needs_nothing_but_its_observation() -> None:
    """The observation is a value: a copy of it, cut from the game, gets the same answer."""
    variant = load_variant("pinochlerun")
    state = new_game(variant, seed=5)
    rng = random.Random(0)
    for _ in range(60):
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        copy = pickle.loads(pickle.dumps(view))
        for level in ("easy", "medium", "hard"):
            assert make_bot(level, seed=1).choose(copy) == make_bot(level, seed=1).choose(view)
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
        if state.phase is not Phase.TRICKS and state.hand.number > 0:
            break


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


# Public modules a player may stand on besides `pinochle` itself (docs/architecture.md).
PUBLIC_MODULES = ("pinochle", "pinochle.analysis")


def test_bots_use_only_the_public_api() -> None:
    modules = sorted(BOTS_DIR.glob("*.py"))
    assert len(modules) >= 4
    for path in modules:
        for module in _imports(path):
            if module.startswith("pinochle"):
                assert module in PUBLIC_MODULES or module.startswith("pinochle.bots"), (
                    f"{path.name} imports {module}"
                )
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module in PUBLIC_MODULES:
                private = [alias.name for alias in node.names if alias.name.startswith("_")]
                assert not private, f"{path.name} imports {private} from {node.module}"


def test_make_bot_names_the_levels() -> None:
    assert list(LEVELS) == ["random", "easy", "medium", "hard", "expert"]
    for level in LEVELS:
        assert make_bot(level.upper(), seed=1).level == level
    with pytest.raises(ValueError, match="one of random, easy, medium, hard, expert"):
        make_bot("grandmaster")


def test_a_bot_refuses_to_act_out_of_turn() -> None:
    state = new_game(load_variant("pinochlerun"), seed=1)
    other = (state.to_act or 0) + 1
    with pytest.raises(ValueError, match="not its turn"):
        make_bot("hard", seed=1).choose(observe(state, other))


# --- Expert ----------------------------------------------------------------------------


# Five hands too: both play-outs put a called partner with the bidder once it shows (an
# asked one from the start) and settle the pair as the engine does.
QUICK = [n for n in PROFILES if not load_variant(n).deal.stock]


@pytest.mark.parametrize("name", QUICK)
def test_quick_play_outs_settle_as_the_engine_does(name: str) -> None:
    """Finishing a hand on lists of cards gives exactly the engine's settlement."""
    variant = load_variant(name)
    bots = [make_bot("hard", seed=seat) for seat in range(variant.deal.players)]
    state = new_game(variant, seed=2)
    compared = 0
    while not state.is_over and len(state.results) < 2:
        if state.phase is Phase.TRICKS:
            side = sides(state)[state.to_act or 0]
            for action in legal_actions(state):
                assert isinstance(action, Play)
                quick = margin(_list_play_out(state, action.card), side)
                assert quick == _engine_play_out(state, action.card, side)
                compared += 1
        seat = state.to_act
        assert seat is not None
        state = apply(state, bots[seat].choose(observe(state, seat)))
    assert compared > 10


def _browser_game(hands: list[str], trump: Suit) -> State:
    """browser-game (no passing): seat 1 bids 20 and names trump; seat 1 leads."""
    variant = load_variant("browser-game")
    state = new_game(variant, seed=3, hands=[parse_cards(h) for h in hands])
    for action in (Bid(20), Pass(), Pass(), Pass(), NameTrump(trump)):
        state = apply(state, action)
    return state


def test_expert_takes_a_trick_full_of_counters_it_is_sure_to_win() -> None:
    hands = [
        "AS 9S KH QH JH 9H AD TD KD QD JD 9D",
        "TS TS KS KS QS JS 9C 9C JC JC QC QC",
        "AS QS JS 9S AH AH TH TH AC AC TC TC",
        "KH QH JH 9H KC KC 9D JD QD KD TD AD",
    ]
    state = _browser_game(hands, Suit.CLUBS)
    state = apply(state, Play(parse_cards("TS")[0]))  # seat 1 leads 10♠
    state = apply(state, Play(parse_cards("AS")[0]))  # seat 2: A♠ wins so far
    state = apply(state, Play(parse_cards("KC")[0]))  # seat 3 trumps with K♣ (a counter)
    # Seat 0 must follow spades: A♠ (the other ace, first A♠ wins ties) or 9♠. A♠ cannot
    # win (trumped) — so the Expert keeps it and plays 9♠.
    choice = ExpertBot(seed=1).choose(observe(state, 0))
    assert choice == Play(parse_cards("9S")[0])


def _pinochlerun_deal(first: str) -> list[list[Card]]:
    """Seat 1 (first to speak when seat 0 deals) holds ``first``; the rest dealt in order."""
    mine = list(parse_cards(first))
    rest = list((Counter(make_deck("single")) - Counter(mine)).elements())
    return [rest[0:12], mine, rest[12:24], rest[24:36]]


def test_expert_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    variant = load_variant("pinochlerun")
    strong = new_game(
        variant, seed=1, hands=_pinochlerun_deal("AS AS TS TS KS KS QS QS JS JS AH AD")
    )
    assert isinstance(ExpertBot(seed=2).choose(observe(strong, 1)), Bid)
    weak = new_game(variant, seed=1, hands=_pinochlerun_deal("9C 9C JC JC 9D 9D QD 9H 9H JH 9S JS"))
    assert ExpertBot(seed=2).choose(observe(weak, 1)) == Pass()


def test_expert_sampled_contract_values_are_meld_plus_trick_points() -> None:
    variant = load_variant("pinochlerun")
    state = new_game(
        variant, seed=1, hands=_pinochlerun_deal("AS AS TS TS KS KS QS QS JS JS AH AD")
    )
    values = contract_values(observe(state, 1), random.Random(3), 12, HardBot(seed=1))
    assert len(values) == 12  # nobody else is forced to bid: every deal comes to seat 1
    # A double run in spades is 150 on the ones scale (rules/meld#doubles) before the partner's
    # meld, and the side cannot take more than the deck's 25 trick points (rules/counting#methods).
    assert all(150 <= v <= 150 + 80 + 25 for v in values)


def test_expert_leaves_to_hard_what_sampling_does_not_help() -> None:
    """Double deck, a partner's bid, and everything but bids and cards are Hard's."""
    for name in ("pinochlerun-double-deck", "pagat-double-deck"):
        state = new_game(load_variant(name), seed=8)
        view = observe(state, state.to_act or 0)
        assert ExpertBot(seed=4).choose(view) == HardBot(seed=4).choose(view)
    state = new_game(load_variant("pinochlerun"), seed=8)
    state = apply(state, Bid(25))  # seat 1 bids; seat 2 passes; seat 3 (partner 1) to speak
    state = apply(state, Pass())
    view = observe(state, 3)
    assert view.bidder == 1
    assert ExpertBot(seed=4).choose(view) == HardBot(seed=4).choose(view)
    while state.phase is Phase.AUCTION:
        state = apply(state, Pass() if Pass() in legal_actions(state) else legal_actions(state)[0])
    view = observe(state, state.to_act or 0)
    assert view.phase is Phase.TRUMP
    assert ExpertBot(seed=4).choose(view) == HardBot(seed=4).choose(view)


@pytest.mark.parametrize(
    ("keywords", "name"),
    [
        ({"samples": 0}, "samples"),
        ({"samples": 2.5}, "samples"),
        ({"playout": "fast"}, "playout"),
        ({"endgame": -1}, "endgame"),
        ({"endgame": True}, "endgame"),
        ({"solver": 1}, "solver"),
        ({"solver": None}, "solver"),
    ],
)
def test_expert_refuses_bad_settings_by_name(keywords: dict[str, object], name: str) -> None:
    with pytest.raises(ArgumentError, match=name):
        ExpertBot(1, **keywords)  # type: ignore[arg-type]
