"""The bot protocol (docs/protocol.md): programs at the table, held to the protocol.

The host never tells a seat a card it may not see; `pinochle engine` plays exactly as the
bot in process; a program that breaks the protocol loses its deal with the reason named,
and the match goes on.
"""

from __future__ import annotations

import functools
import io
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import pinochle as pn
from pinochle.arena import run_match
from pinochle.cards import Card
from pinochle.notation import Hidden, Revealed, read_deal, read_move
from pinochle.protocol import (
    FAILURES,
    BotError,
    ExternalBot,
    command_of,
    first_legal,
    legal_words,
    run_engine,
)
from pinochle.state import Observation

ROOT = Path(__file__).resolve().parents[1]
BOTS = Path(__file__).resolve().parent / "protocol_bots"
PYTHON = shlex.quote(sys.executable)
ENGINE = f"cmd:{PYTHON} -m pinochle engine"


def _seat(state: pn.State) -> int:
    """The seat to act (the game is not over)."""
    assert state.to_act is not None
    return state.to_act


def _hostile(kind: str) -> list[str]:
    return [sys.executable, str(BOTS / "hostile.py"), kind]


# --- The lines --------------------------------------------------------------------------


def test_go_lists_every_legal_move_with_its_two_short_forms() -> None:
    state = pn.new_game(pn.load_variant("pinochlerun"), seed=7)
    assert legal_words(pn.legal_actions(state)) == "p 25..100"
    big = pn.new_game(pn.load_variant("pagat-partnership"), seed=1)  # a lazy list of bids
    assert legal_words(pn.legal_actions(big)).startswith("p 250..")
    bids: list[pn.Action] = [pn.Bid(20), pn.Bid(25), pn.Bid(30), pn.Bid(31), pn.Pass()]
    assert legal_words(bids) == "20..30/5 31 p"
    while state.phase is not pn.Phase.PASS:
        state = pn.apply(state, pn.legal_actions(state)[0])
    held = state.hands[_seat(state)]
    words = legal_words(pn.legal_actions(state))
    assert words == "pass:4of:" + ",".join(card.ascii for card in held)


def test_the_simplest_answer_is_the_first_legal_move_as_a_token() -> None:
    assert first_legal(["25..60"]) == "25"
    assert first_legal(["250..3850/10", "p"]) == "250"
    assert first_legal(["pass:4of:AS,TS,KS,QS,JS"]) == "pass:AS,TS,KS,QS"
    assert first_legal(["bury:3of:9C,9C,JD,QD"]) == "bury:9C,9C,JD"
    assert first_legal(["AH", "TH"]) == "AH"
    assert read_move(first_legal(["pass:4of:AS,TS,KS,QS,JS"])) == pn.PassCards(
        pn.parse_cards("AS TS KS QS")
    )


def test_a_command_is_split_as_a_shell_splits_words() -> None:
    assert command_of("cmd:node examples/protocol_bot.js") == ["node", "examples/protocol_bot.js"]
    assert command_of("python 'my bot.py' --fast") == ["python", "my bot.py", "--fast"]
    assert command_of(["a b", "c"]) == ["a b", "c"]
    for bad in ("cmd:", "   ", "cmd:'open", 42, [1, 2]):
        with pytest.raises(pn.ArgumentError, match="command"):
            command_of(bad)  # type: ignore[arg-type]


def test_an_external_bot_is_asked_with_the_state_not_an_observation() -> None:
    state = pn.new_game(pn.load_variant("pinochlerun"), seed=1)
    with ExternalBot(["never-run"]) as bot:
        with pytest.raises(pn.ArgumentError, match="act"):
            bot.choose(pn.observe(state, _seat(state)))
        with pytest.raises(pn.ArgumentError, match="seat"):
            bot.act(state, (_seat(state) + 1) % 4)
    for bad in ({"time_limit": 0}, {"start_limit": -1}, {"options": {"a b": "x"}}):
        with pytest.raises(pn.ArgumentError):
            ExternalBot(["x"], **bad)


# --- What a seat is told ---------------------------------------------------------------


def _played(
    variant: pn.Variant, seed: int, bots: list[ExternalBot], hands: int = 2
) -> Iterator[tuple[pn.State, int]]:
    """A game of programs, up to ``hands`` hands: each state and the seat to act."""
    state = pn.new_game(variant, seed=seed)
    for seat, bot in enumerate(bots):
        bot.new_game(seat)
    for _ in range(5000):  # a bound: no test waits for ever
        if state.is_over or len(state.results) >= hands:
            return
        seat = _seat(state)
        yield state, seat
        person = state.hand.persons[seat]
        state = pn.apply(state, bots[person].act(state, seat))
    raise AssertionError("the game did not end its hands")


def _seen_cards(view: Observation) -> set[Card]:
    """Every card the seat's observation shows."""
    cards = {*view.hand, *view.kitty, *view.buried, *view.passed_to_me, *view.passed_by_me}
    cards |= {card for _, card in view.trick}
    cards |= {card for trick in view.tricks for _, card in trick.plays}
    cards |= {card for meld in view.melds if meld is not None for card in meld.cards}
    cards |= {card for table in view.table for card in table}
    cards |= {c for c in (view.turn_up, view.turned_up) if c is not None}
    if view.last_turn_up is not None:
        cards.add(view.last_turn_up[1])
    return cards


def _cards_in(line: str) -> list[Card]:
    verb, _, rest = line.partition(" ")
    if verb == "played":
        move = read_move(rest.split()[1], view=True)
    elif verb == "seen":
        move = read_move(rest, view=True)
    elif verb == "table":
        cards = rest.split()[1]
        return [] if cards == "-" else list(pn.parse_cards(cards.replace(",", " ")))
    else:
        return []
    if isinstance(move, Hidden):
        return []
    if isinstance(move, Revealed):
        return list(move.cards)
    return list(getattr(move, "cards", ())) + [c for c in [getattr(move, "card", None)] if c]


@pytest.mark.parametrize("name", pn.builtin_variants())
def test_the_host_never_tells_a_seat_a_card_it_may_not_see(name: str, tmp_path: Path) -> None:
    variant = pn.load_variant(name)
    people = variant.deal.seated
    logs = [tmp_path / f"person{p}.log" for p in range(people)]
    bots = [ExternalBot([sys.executable, str(BOTS / "recorder.py"), str(log)]) for log in logs]
    game_seed = 987_654_321
    seen: list[dict[int, set[Card]]] = [{} for _ in range(people)]  # person: hand: cards
    dealt: list[dict[int, tuple[Card, ...]]] = [{} for _ in range(people)]
    try:
        final = None
        for state, _ in _played(variant, game_seed, bots):
            for seat, person in enumerate(state.hand.persons):
                view = pn.observe(state, seat)
                seen[person].setdefault(state.hand.number, set()).update(_seen_cards(view))
                dealt[person][state.hand.number] = state.hand.dealt[seat]
            final = state
        assert final is not None
    finally:
        for bot in bots:
            bot.close()
    for person, log in enumerate(logs):
        lines = log.read_text(encoding="utf-8").splitlines()
        assert lines[0] == "pinochle 1"
        assert f"newgame {person}" in lines  # the bot's seed, never the game's
        assert not any(str(game_seed) in line for line in lines)
        hand = -1
        for line in lines:
            if line == "newhand":
                hand += 1
            elif line.startswith("deal "):
                deal = read_deal(line[5:])
                assert deal.seat is not None
                assert [h is None for h in deal.hands] == [
                    s != deal.seat for s in range(len(deal.hands))
                ]
                assert deal.hands[deal.seat] == tuple(
                    sorted(dealt[person][hand], key=lambda c: c.index)
                )
                assert deal.kitty in (None, ())
                assert deal.stock in (None, ())
            else:
                for card in _cards_in(line):
                    assert card in seen[person][hand], f"{name}: {line!r} shows {card}"


# --- pinochle engine -------------------------------------------------------------------


def test_the_engine_answers_the_handshake_and_a_move() -> None:
    host = io.StringIO(
        "pinochle 1\nnewgame 5\nprofile pinochlerun\nnewhand\nseat 1\n"
        "deal pinochlerun 3 ?/J.AKQ.TTQ.ATQJ9/?/? scores=0,0 seat=1\nplayed 0 p\n"
        "go 1000 p 25..100\nquit\n"
    )
    out = io.StringIO()
    assert run_engine("hard", stdin=host, stdout=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[:4] == [
        "id name pinochle-rules hard",
        "id author pinochle-rules",
        "option level hard",
        "ready",
    ]
    assert len(lines) == 5  # no info: the engine followed the game
    assert lines[4].split()[0] == "move"
    assert lines[4].split()[1] == "p" or lines[4].split()[1].isdigit()


def test_the_engine_refuses_another_protocol_and_says_so() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pinochle", "engine"],
        input="uci\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "pinochle 1" in done.stdout


@pytest.mark.parametrize("name", ["pinochlerun", "bicycle-two-handed", "parlett-three-hand"])
def test_the_engine_plays_exactly_as_the_same_bot_in_process(name: str) -> None:
    # The engine rebuilds its seat's observation from what it is told: the same bot with
    # the same seed then makes the same choices, so the match's results are equal.
    through = run_match(name, f"{ENGINE} --level hard", "medium", deals=2, workers=1)
    inside = run_match(name, "hard", "medium", deals=2, workers=1)
    assert through.deals == inside.deals
    assert not through.forfeits


@pytest.mark.slow
def test_the_expert_engine_plays_exactly_as_expert_in_process() -> None:
    through = run_match("pinochlerun", f"{ENGINE} --level expert", "expert", deals=2, workers=1)
    inside = run_match("pinochlerun", "expert", "expert", deals=2, workers=1)
    assert through.deals == inside.deals
    assert not through.forfeits


# --- Programs that break the protocol --------------------------------------------------

HOSTILE = {
    "crash": ("crash", "exited with status 3; its last error output: hostile bot: boom"),
    "hang": ("timeout", "no move within its time"),
    "garbage": ("garbage", "expected 'move TOKEN' or info, found 'hello, is this"),
    "unreadable": ("garbage", "not a move: 'ZZ'"),
    "illegal": ("illegal", "'exchange-dix'"),
    "huge-line": ("flood", f"a line longer than {16 * 1024} bytes"),
    "chatty": ("flood", f"more than {1024 * 1024} bytes without an answer"),
    "closed-input": ("closed-input", "it closed its standard input"),
}


@pytest.mark.parametrize("behaviour", sorted(HOSTILE))
def test_a_program_that_breaks_the_protocol_loses_its_deal_and_the_match_goes_on(
    behaviour: str,
) -> None:
    kind, words = HOSTILE[behaviour]
    limit = 1.0 if behaviour == "hang" else 60.0  # a correct answer never waits for it
    deals = 1 if behaviour in ("hang", "closed-input") else 2  # each of these faults waits
    program = functools.partial(ExternalBot, _hostile(behaviour), time_limit=limit)
    match = run_match("pinochlerun", program, "random", deals=deals, workers=1)
    assert match.n == deals
    for deal in match.deals:
        for seating in deal.seatings:
            assert seating.forfeits, "each seating's program broke the protocol"
            for forfeit in seating.forfeits:
                assert forfeit.role == "a"
                assert forfeit.kind == kind
                assert words in forfeit.reason
            assert seating.margin <= 0  # a forfeit never wins the seating
    assert kind in FAILURES


def test_a_program_that_cannot_start_loses_and_the_reason_says_why() -> None:
    state = pn.new_game(pn.load_variant("pinochlerun"), seed=3)
    bot = ExternalBot(["/no/such/program"], seed=1)
    action = bot.act(state, _seat(state))
    assert action in pn.legal_actions(state)  # the stand-in played
    assert [f.kind for f in bot.failures] == ["no-start"]
    assert "/no/such/program" in bot.failures[0].reason
    after = pn.apply(state, action)
    bot.act(after, _seat(after))  # the same deal:
    assert len(bot.failures) == 1  # the stand-in plays on, no second failure
    with pytest.raises(pn.ArgumentError, match="was not found"):
        run_match("pinochlerun", "cmd:/no/such/program", "random", deals=1, workers=1)


def test_options_are_set_only_when_the_program_offers_them(tmp_path: Path) -> None:
    state = pn.new_game(pn.load_variant("pinochlerun"), seed=3)
    log = tmp_path / "log"
    argv = [sys.executable, str(BOTS / "recorder.py"), str(log)]
    with ExternalBot(argv, options={"style": "loud"}) as bot:
        bot.act(state, _seat(state))
        assert bot.name == "recorder"
        assert bot.declared == {"style": "quiet"}
        assert not bot.failures
    assert "set style loud" in log.read_text(encoding="utf-8").splitlines()
    with ExternalBot(argv, options={"colour": "red"}) as bot:
        bot.act(state, _seat(state))
        assert [(f.kind, f.reason) for f in bot.failures] == [
            ("no-start", "it declares no option 'colour'")
        ]


def test_bot_errors_cross_process_boundaries() -> None:
    import pickle

    error = pickle.loads(pickle.dumps(BotError("timeout", "no move within its time")))
    assert (error.kind, error.reason) == ("timeout", "no move within its time")
    assert str(error) == "timeout: no move within its time"


# --- Where a level is taken ------------------------------------------------------------


def test_the_arena_command_seats_a_program_and_reports_its_forfeits() -> None:
    crash = " ".join(shlex.quote(word) for word in _hostile("crash"))
    done = subprocess.run(
        [
            *(sys.executable, "-m", "pinochle", "arena", "--a", f"cmd:{crash}", "--b"),
            *("random", "--deals", "1", "--workers", "1"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "forfeits (a program broke the bot protocol; its seating counts as lost): A " in (
        done.stdout
    )
    assert "crash: it exited with status 3" in done.stdout
    missing = subprocess.run(
        [sys.executable, "-m", "pinochle", "arena", "--a", "cmd:/no/such/bot", "--deals", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert missing.returncode == 2
    assert "'/no/such/bot' was not found" in missing.stderr


def test_the_terminal_table_tells_the_people_when_a_program_fails() -> None:
    from pinochle.play import play_game

    out = io.StringIO()
    crash = " ".join(shlex.quote(word) for word in _hostile("crash"))
    state = play_game(
        pn.load_variant("cutthroat-3"),
        level=f"cmd:{crash}",
        seed=2,
        stdin=io.StringIO("1\n" * 40 + "quit\n"),
        stdout=out,
        ascii=True,
    )
    text = out.getvalue()
    assert "West and East play the program" in text
    assert "West's program failed (crash: it exited with status 3" in text
    assert "a random player plays its cards until this deal ends." in text
    assert state.results  # the game went on


def test_the_web_table_seats_the_servers_program_and_no_other(tmp_path: Path) -> None:
    from pinochle.serve import GameStore

    bot = f"cmd:{PYTHON} {shlex.quote(str(ROOT / 'examples' / 'protocol_bot.py'))}"
    store = GameStore(tmp_path / "games", pn.load_variant("pinochlerun"), level=bot, seed=4)
    try:
        assert bot in store.setup()["levels"]
        game = store.create()
        turn = game["turn"]
        assert turn is not None  # the programs moved until a person is to act
        with pytest.raises(pn.RequestError, match="level"):
            store.create({"level": "cmd:rm -rf /"})
    finally:
        store.close()
    # A stored game names a program: a server that does not run that program refuses it.
    other = GameStore(tmp_path / "games", pn.load_variant("pinochlerun"), level="medium")
    try:
        person = game["people"][0]
        with pytest.raises(pn.RequestError, match="level") as refused:
            other.view(game["game"], person["person"], person["token"])
        assert refused.value.status == 500
    finally:
        other.close()
    with pytest.raises(pn.RequestError, match="was not found"):
        GameStore(tmp_path / "other", pn.load_variant("pinochlerun"), level="cmd:/no/such")
