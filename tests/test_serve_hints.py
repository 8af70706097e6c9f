"""`pinochle serve`'s hints and hand reviews (issue 29): the endpoints, over HTTP.

A hint is `pinochle.analysis.hint` of the asking person's own observation, and only at that
person's decision; a review is `pinochle.analysis.review` of a finished hand for that
person's seat. Both are computed outside the game's lock, in threads of their own: the
tests that show it hold a computation with an event (never a timer) and make the game's
other requests meanwhile. The page's Hint button and review panel are in
tests/test_serve_browser.py.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
import pinochle.serve as serve
from pinochle.analysis import WORLDS as DEFAULT_WORLDS
from pinochle.analysis import hint, review
from pinochle.cards import DeckKind
from pinochle.cli import main
from pinochle.records import record_of
from pinochle.serve import GameStore, RequestError, TableServer, make_server
from test_play import CARD
from test_play_two import cards_in
from test_serve import Client, house, stored
from test_serve_hostile import Table, answers

WORLDS = 4  # deals per hint: rough, and fast


def start(tmp_path: Path, players: int = 1, base: str = "pinochlerun") -> Iterator[TableServer]:
    server = make_server(
        house(tmp_path, base),
        level="easy",
        port=0,
        folder=tmp_path / "games",
        seed=11,
        players=players,
        hint_worlds=WORLDS,
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture
def one(tmp_path: Path) -> Iterator[tuple[TableServer, Client]]:
    for server in start(tmp_path):
        yield server, Client(server)


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[TableServer, Client]]:
    for server in start(tmp_path, players=2):
        yield server, Client(server)


def token_of(game: dict[str, Any], person: int) -> dict[str, str]:
    token = next(p["token"] for p in game["people"] if p["person"] == person)
    return {"X-Pinochle-Token": token}


def ask(
    client: Client, game: dict[str, Any], person: int, what: str, token_person: int | None = None
) -> tuple[int, dict[str, str], Any]:
    """GET a person's ``hint`` or ``review/N``, with a person's token (their own by default)."""
    headers = token_of(game, person if token_person is None else token_person)
    path = f"/api/games/{game['game']}/people/{person}/{what}"
    status, head, body = client.request("GET", path, headers=headers)
    assert head["Content-Type"].startswith("application/json"), head
    return status, head, json.loads(body)


def play_until(
    client: Client, game: dict[str, Any], done: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """Let the people play their first legal action until ``done`` holds for the view of
    the person to act (passing with a low hand keeps the hands short)."""
    people = [p["person"] for p in game["people"]]
    person = game["turn"] if game["turn"] is not None else people[0]
    for _ in range(500):
        status, view = client.view(game, person)
        assert status == 200, view
        if done(view):
            return dict(view)
        if view["turn"] is None:
            raise AssertionError("the game ended first")
        person = view["turn"]
        status, view = client.view(game, person)
        if done(view):
            return dict(view)
        legal = pn.Observation.from_json(json.dumps(view["observation"])).legal_actions
        status, after = client.act(game, person, str(legal[0]), view["actions"])
        assert status == 200, after
    raise AssertionError("the position never came")


def at_card(view: dict[str, Any]) -> bool:
    obs = view["observation"]
    return bool(obs and obs["phase"] == "tricks" and view["turn"] == view["person"])


def after_first_hand(view: dict[str, Any]) -> bool:
    return bool(view["last_hand"] == 1 and view["turn"] == view["person"])


# --- Hints ------------------------------------------------------------------------------------


def test_a_hint_is_the_hint_of_the_persons_own_observation(
    one: tuple[TableServer, Client], tmp_path: Path
) -> None:
    _server, client = one
    game = client.new_game()
    view = play_until(client, game, at_card)
    assert view["hintable"] is True
    person = view["person"]
    status, head, found = ask(client, game, person, "hint")
    assert status == 200, found
    state = stored(tmp_path / "games", game["game"])
    seat = state.hand.persons.index(person)
    truth = hint(pn.observe(state, seat), worlds=WORLDS, seed=0)
    assert found["format"] == "pinochle.table-hint"
    assert (found["game"], found["person"], found["seat"]) == (game["game"], person, seat)
    assert found["actions"] == view["actions"]
    assert head["ETag"] == f'"{view["actions"]}"'
    assert (found["phase"], found["measure"], found["worlds"]) == ("tricks", "trick points", 4)
    # The actions in the page's own encoding (the text the actions endpoint takes), best
    # first, each a legal action of the view.
    legal = view["observation"]["legal_actions"]
    assert found["best"] == str(truth.best.action) == found["values"][0]["action"]
    assert [v["action"] for v in found["values"]] == [str(a.action) for a in truth.actions]
    for entry, valued in zip(found["values"], truth.actions, strict=True):
        assert entry["action"] in legal
        assert entry["value"] == pytest.approx(valued.value, abs=0.01)
        assert entry["low"] == pytest.approx(valued.low, abs=0.01)
        assert entry["high"] == pytest.approx(valued.high, abs=0.01)
        assert entry["low"] <= entry["value"] <= entry["high"]
    best = truth.best.action
    assert isinstance(best, pn.Play)
    card = best.card
    assert found["text"].startswith(f"Hint: {card}, about {round(truth.best.value)} trick points")
    assert "over 4 deals" in found["text"]
    # The answer names no card the seat cannot see.
    visible = {str(c) for c in cards_in([pn.observe(state, seat)])}
    assert set(re.findall(CARD, json.dumps(found, ensure_ascii=False))) <= visible


def test_a_hint_before_play_values_the_bids_by_the_score_margin(
    one: tuple[TableServer, Client],
) -> None:
    _server, client = one
    game = client.new_game()
    status, view = client.view(game, 2)
    assert view["observation"]["phase"] == "auction"
    assert view["hintable"] is True
    status, _, found = ask(client, game, 2, "hint")
    assert status == 200, found
    assert (found["phase"], found["measure"]) == ("auction", "score margin")
    assert {v["action"] for v in found["values"]} <= set(view["observation"]["legal_actions"])
    assert "your side's score this hand about " in found["text"]
    # Asked again, the answer is the same (the same seed), and nothing was played.
    assert ask(client, game, 2, "hint")[2] == found
    assert client.view(game, 2)[1]["actions"] == view["actions"]


def test_a_hint_is_only_for_the_persons_own_decision(two: tuple[TableServer, Client]) -> None:
    _server, client = two
    game = client.new_game()
    turn = game["turn"]
    other = next(p["person"] for p in game["people"] if p["person"] != turn)
    status, view = client.view(game, other)
    assert view["hintable"] is False  # the other person's view offers no hint
    status, _, refused = ask(client, game, other, "hint")
    name = view["names"][other]
    assert (status, refused) == (
        409,
        {"error": f"it is not {name}'s turn: a hint is only for one's own decision"},
    )
    # Another person's token never opens this person's hint, nor does none.
    status, _, refused = ask(client, game, turn, "hint", token_person=other)
    assert status == 403
    assert "token" in refused["error"]
    path = f"/api/games/{game['game']}/people/{turn}/hint"
    assert client.json("GET", path)[0] == 403
    status, _, found = ask(client, game, turn, "hint")
    assert status == 200
    assert found["person"] == turn


def test_a_hint_for_an_old_position_or_a_finished_game_is_refused(
    one: tuple[TableServer, Client],
) -> None:
    _server, client = one
    game = client.new_game()
    status, view = client.view(game, 2)
    path = f"/api/games/{game['game']}/people/2/hint"
    headers = {**token_of(game, 2), "If-Match": f'"{view["actions"] + 1}"'}
    status, refused = client.json("GET", path, headers=headers)
    assert status == 412
    assert refused["error"].startswith("the game has moved on")
    headers["If-Match"] = "twelve"
    assert client.json("GET", path, headers=headers)[0] == 400
    headers["If-Match"] = f'"{view["actions"]}"'
    assert client.json("GET", path, headers=headers)[0] == 200
    assert client.json("POST", path, headers=headers)[0] == 405


def test_a_decision_no_hint_values_is_refused_with_the_reason(tmp_path: Path) -> None:
    # Two-hand: while the stock lasts neither the bids nor the cards get a hint.
    store = GameStore(tmp_path, pn.load_variant("bicycle-two-handed"), level="easy", seed=2)
    try:
        created = store.create()
        person, token = created["people"][0]["person"], created["people"][0]["token"]
        view = store.view(created["game"], person, token)
        assert view["turn"] == person
        assert view["hintable"] is False
        with pytest.raises(RequestError) as refused:
            store.hint(created["game"], person, token)
        assert refused.value.status == 409
        assert view["observation"]["phase"] == "tricks"  # trump is turned up: play begins
        assert str(refused.value) == (
            "no hint for this decision: a hint values a card, a bid, trump, or the cards to "
            "pass, return or bury (two-hand: once the stock is gone), not a card while the "
            "stock lasts"
        )
    finally:
        store.close()


# --- Reviews ----------------------------------------------------------------------------------


def test_a_review_of_a_finished_hand_is_the_persons_review(
    one: tuple[TableServer, Client], tmp_path: Path
) -> None:
    _server, client = one
    game = client.new_game()
    status, _, refused = ask(client, game, 2, "review/1")
    assert (status, refused) == (409, {"error": "hand 1 is not finished: no hand is over yet"})
    view = play_until(client, game, after_first_hand)
    status, _, found = ask(client, game, 2, "review/1")
    assert status == 200, found
    state = stored(tmp_path / "games", game["game"])
    seat = 2  # South sits at seat 2 in every hand of a four-hand game
    truth = review(record_of(state), seat, hand=1, worlds=WORLDS, seed=0)
    assert found["format"] == "pinochle.table-review"
    assert (found["person"], found["seat"], found["hand"]) == (2, seat, 1)
    assert found["summary"] == truth.hands[0].summary
    assert found["loss"] == pytest.approx(truth.loss, abs=0.01)
    assert [d["text"] for d in found["decisions"]] == [d.text for d in truth.decisions]
    assert [d["mark"] for d in found["decisions"]] == [d.mark for d in truth.decisions]
    assert [d["action"] for d in found["decisions"]] == [str(d.action) for d in truth.decisions]
    assert {d["measure"] for d in found["decisions"]} <= {"trick points", "score margin"}
    assert any(d["trick"] == 1 for d in found["decisions"])
    # Hand 2 is under way: refused, with the hands that may be reviewed.
    assert view["last_hand"] == 1
    status, _, refused = ask(client, game, 2, "review/2")
    assert (status, refused) == (409, {"error": "hand 2 is not finished: hand 1 is over"})


@pytest.mark.parametrize(
    ("hand", "status"),
    [("0", 404), ("x", 404), ("%C2%B2", 404), ("1234567", 404), ("-1", 404), ("1.0", 404)],
)
def test_a_review_path_names_the_bad_hand(
    one: tuple[TableServer, Client], hand: str, status: int
) -> None:
    _server, client = one
    game = client.new_game()
    got, _, refused = ask(client, game, 2, f"review/{hand}")
    assert got == status
    assert refused["error"] == f"no such hand: {hand!r} (hands count from 1)"


def test_the_new_endpoints_refuse_other_methods_and_paths(
    one: tuple[TableServer, Client],
) -> None:
    _server, client = one
    game = client.new_game()
    base = f"/api/games/{game['game']}/people/2"
    headers = token_of(game, 2)
    for method, path, status in [
        ("POST", "/hint", 405),
        ("PUT", "/review/1", 405),
        ("GET", "/hint/1", 404),
        ("GET", "/review", 404),
        ("GET", "/review/1/2", 404),
        ("GET", "/reviews/1", 404),
    ]:
        got, refused = client.json(method, base + path, headers=headers)
        assert got == status, (method, path, refused)
        assert refused["error"]
    # Another person's path: no such person at this one-person table.
    assert client.json("GET", f"/api/games/{game['game']}/people/0/hint", headers=headers)[0] == 404


# --- Outside the game's lock, one computation per question, a stop ends the wait ------------------


class Held:
    """Stands in for the review's computation: waits until released, counts its calls."""

    def __init__(self) -> None:
        self.calls = 0
        self.started = threading.Event()
        self.release = threading.Event()

    def __call__(self, game_id: str, person: int, hand: int, *args: Any) -> dict[str, Any]:
        self.calls += 1
        self.started.set()
        self.release.wait()
        return {"format": "pinochle.table-review", "hand": hand, "held": True}


def finished_store(tmp_path: Path) -> tuple[GameStore, str, str]:
    """A one-person store whose game has finished a hand, South to act in the next."""
    store = GameStore(tmp_path, house(tmp_path), level="easy", seed=11, hint_worlds=WORLDS)
    created = store.create()
    game, token = created["game"], created["people"][0]["token"]
    for _ in range(500):
        view = store.view(game, 2, token)
        if view["last_hand"] == 1:
            return store, game, token
        legal = pn.Observation.from_json(json.dumps(view["observation"])).legal_actions
        store.act(game, 2, token, str(legal[0]), None)
    raise AssertionError("the hand did not end")


def test_a_review_under_way_holds_up_none_of_the_games_requests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = Held()
    monkeypatch.setattr(serve, "_review_document", held)
    store, game, token = finished_store(tmp_path)
    answers: list[dict[str, Any]] = []
    try:
        waiting = [
            threading.Thread(target=lambda: answers.append(store.review(game, 2, token, 1)))
            for _ in range(2)
        ]
        for thread in waiting:
            thread.start()
        assert held.started.wait(60)
        # Meanwhile the same game answers its view, a hint and an action.
        view = store.view(game, 2, token)
        assert store.hint(game, 2, token)["person"] == 2
        legal = pn.Observation.from_json(json.dumps(view["observation"])).legal_actions
        assert (
            store.act(game, 2, token, str(legal[0]), view["actions"])["actions"] > view["actions"]
        )
        held.release.set()
        for thread in waiting:
            thread.join()
        # Two requests, one computation, the same answer; and later ones are remembered.
        assert held.calls == 1
        assert answers == [answers[0], answers[0]]
        assert answers[0]["held"] is True
        assert store.review(game, 2, token, 1) == answers[0]
        assert held.calls == 1
    finally:
        held.release.set()
        store.close()


def test_too_many_computations_at_once_are_refused_and_a_stop_ends_the_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = Held()
    monkeypatch.setattr(serve, "_review_document", held)
    monkeypatch.setattr(serve, "ANALYSES", 1)
    store, game, token = finished_store(tmp_path)
    errors: list[RequestError] = []

    def wait_for_review() -> None:
        try:
            store.review(game, 2, token, 1)
        except RequestError as exc:
            errors.append(exc)

    waiting = threading.Thread(target=wait_for_review)
    try:
        waiting.start()
        assert held.started.wait(60)
        with pytest.raises(RequestError) as busy:
            store.hint(game, 2, token)
        assert busy.value.status == 503
        assert (
            str(busy.value) == "the server is busy with 1 hints and reviews; try again in a moment"
        )
        store.stop()  # as server_close does: the waiting request ends now, the held one runs on
        waiting.join()
        assert [(e.status, str(e)) for e in errors] == [(503, "the server is stopping")]
        with pytest.raises(RequestError, match="the server is stopping"):
            store.review(game, 2, token, 1)
    finally:
        held.release.set()
        store.close()


def test_a_failed_computation_is_answered_to_the_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any) -> dict[str, Any]:
        raise RequestError(409, "South sat out hand 1: nothing of theirs to review")

    monkeypatch.setattr(serve, "_review_document", broken)
    store, game, token = finished_store(tmp_path)
    try:
        for _ in range(2):  # not remembered: asked again, computed again
            with pytest.raises(RequestError, match="sat out hand 1"):
                store.review(game, 2, token, 1)
    finally:
        store.close()


# --- Options ----------------------------------------------------------------------------------


def test_hint_worlds_is_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad: Any
    for bad in (0, 10_001, True, 2.5):
        with pytest.raises(RequestError, match="hint_worlds: expected a whole number from 1"):
            GameStore(tmp_path / "games", pn.load_variant("pinochlerun"), hint_worlds=bad)
    assert main(["serve", "--hint-worlds", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pinochle: error: --hint-worlds: expected a whole number from 1 to ")
    assert main(["serve", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--hint-worlds N deals imagined per hint and per reviewed decision" in out
    single, double = DEFAULT_WORLDS[DeckKind.SINGLE], DEFAULT_WORLDS[DeckKind.DOUBLE]
    assert f"default: {single}, double deck {double})" in out


# --- Hostile requests ---------------------------------------------------------------------------


RAW = {
    "hand ²": ("/review/²", {}, 404, "no such hand: '²'"),
    "hand 5,000 digits": ("/review/" + "1" * 5000, {}, 404, "no such hand"),
    "hint If-Match ²": ("/hint", {"If-Match": '"²"'}, 400, "If-Match"),
    "hint If-Match twice": ("/hint", {"If-Match": '"0"\r\nIf-Match: "0"'}, 400, "more than once"),
    "review without a token": ("/review/1", {"X-Pinochle-Token": ""}, 403, "token"),
}


@pytest.mark.parametrize("case", sorted(RAW))
def test_every_part_of_a_hint_or_review_request_is_read_strictly(tmp_path: Path, case: str) -> None:
    table = Table(tmp_path / "games", house(tmp_path))
    try:
        game = table.new_game()
        path, headers, status, words = RAW[case]
        fields = {"X-Pinochle-Token": game["people"][0]["token"], **headers}
        if not fields["X-Pinochle-Token"]:
            del fields["X-Pinochle-Token"]
        data = table.request("GET", f"/api/games/{game['game']}/people/2{path}", b"", fields)
        [(got, reply)] = answers(table.exchange(data))
        assert got == status, reply
        assert words in reply["error"], reply
    finally:
        table.stop()


def test_a_body_sent_with_a_hint_request_is_never_a_request(tmp_path: Path) -> None:
    table = Table(tmp_path / "games", house(tmp_path))
    try:
        game = table.new_game()
        before = table.games()
        inner = table.request("POST", "/api/games", b"{}")
        fields = {"X-Pinochle-Token": game["people"][0]["token"], "If-Match": '"1"'}
        data = table.request("GET", f"/api/games/{game['game']}/people/2/hint", inner, fields)
        got = answers(table.exchange(data))  # the reply says Connection: close (answers checks)
        assert [status for status, _ in got] == [412], got
        assert table.games() == before
    finally:
        table.stop()
