"""`pinochle serve` over HTTP (issue 17): only the wire format, no leak, restarts, bad requests.

The server runs in a thread on a free port of 127.0.0.1; the tests talk to it with
`http.client`, as a browser or a phone app would. The browser itself is in
tests/test_serve_browser.py.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinochle as pn
from _ctrl_c import default_ctrl_c
from pinochle.cli import main
from pinochle.serve import MAX_BODY_BYTES, GameStore, RequestError, TableServer, make_server
from test_play import CARD
from test_play_two import cards_in

Reply = tuple[int, dict[str, str], bytes]


def house(tmp_path: Path, base: str = "pinochlerun", target: int = 40) -> pn.Variant:
    path = tmp_path / f"{base}-short.toml"
    path.write_text(f'extends = "{base}"\n[game]\ntarget = {target}\n', encoding="utf-8")
    return pn.load_variant(str(path))


class Client:
    """HTTP requests to one server, with full control of the headers."""

    def __init__(self, server: TableServer) -> None:
        self.host, self.port = server.server_address[:2]
        self.calls: list[tuple[int | None, bytes]] = []  # (person, body) of every reply

    def request(
        self,
        method: str,
        path: str,
        body: bytes | str | None = None,
        headers: dict[str, str] | None = None,
        person: int | None = None,
    ) -> Reply:
        connection = http.client.HTTPConnection(str(self.host), int(self.port), timeout=60)
        try:
            data = body.encode() if isinstance(body, str) else body
            connection.request(method, path, body=data, headers=headers or {})
            response = connection.getresponse()
            content = response.read()
            reply = (response.status, dict(response.getheaders()), content)
        finally:
            connection.close()
        self.calls.append((person, content))
        return reply

    def json(self, method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
        status, headers, body = self.request(method, path, **kwargs)
        assert headers["Content-Type"].startswith("application/json"), headers
        return status, json.loads(body)

    def new_game(self, **settings: Any) -> dict[str, Any]:
        status, created = self.json("POST", "/api/games", body=json.dumps(settings))
        assert status == 201, created
        return dict(created)

    def view(self, game: dict[str, Any], person: int) -> tuple[int, Any]:
        token = next(p["token"] for p in game["people"] if p["person"] == person)
        return self.json(
            "GET",
            f"/api/games/{game['game']}/people/{person}",
            headers={"X-Pinochle-Token": token},
            person=person,
        )

    def act(
        self, game: dict[str, Any], person: int, text: str, etag: int | None = None
    ) -> tuple[int, Any]:
        token = next(p["token"] for p in game["people"] if p["person"] == person)
        headers = {"X-Pinochle-Token": token, "Content-Type": "text/plain; charset=utf-8"}
        if etag is not None:
            headers["If-Match"] = f'"{etag}"'
        path = f"/api/games/{game['game']}/people/{person}/actions"
        return self.json("POST", path, body=text, headers=headers, person=person)


@pytest.fixture
def running(tmp_path: Path) -> Iterator[tuple[TableServer, Client]]:
    server = make_server(house(tmp_path), port=0, folder=tmp_path / "games", seed=11, players=2)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server, Client(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def stored(folder: Path, game: str) -> pn.State:
    """The server's own record of the game: its stored document."""
    data = json.loads((folder / f"{game}.json").read_text(encoding="utf-8"))
    return pn.State.from_json(json.dumps(data["state"]), verify=False)


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A random legal action of the view, read from its observation document."""
    observation = pn.Observation.from_json(json.dumps(view["observation"]))
    legal = observation.legal_actions
    return str(legal[rng.randrange(len(legal))])


def check_view(view: dict[str, Any], body: bytes, state: pn.State, person: int) -> None:
    """The view is exactly the seat's observation, and names no card it may not see."""
    assert view["format"] == "pinochle.table-view"
    seat = state.hand.persons.index(person)
    truth = pn.observe(state, seat)
    assert pn.Observation.from_json(json.dumps(view["observation"])) == truth
    visible = {str(card) for card in cards_in([truth])}
    # Five hands: a called card names a card, not where it lies (public, like a bid).
    calls = [a for a in truth.legal_actions or () if isinstance(a, pn.CallPartner)]
    visible |= {str(a.card) for a in calls}
    if truth.called is not None:
        visible.add(str(truth.called))
    mentioned = set(re.findall(CARD, body.decode()))
    assert mentioned <= visible, mentioned - visible
    # The picture's cards too (they are in the body, but say it plainly).
    assert set(re.findall(r'data-card="([^"]+)"', view["svg"])) <= visible
    assert view["why"] == pn.explain_legal(truth)


# --- A whole game, every response inspected --------------------------------------------------


def test_a_whole_two_person_game_over_http_shows_no_seat_a_hidden_card(
    running: tuple[TableServer, Client], tmp_path: Path
) -> None:
    server, client = running
    folder = tmp_path / "games"
    rng = random.Random(5)
    game = client.new_game()
    people = [p["person"] for p in game["people"]]
    assert people == [2, 3]  # South and West, as at the terminal table
    turn = game["turn"]
    assert client.calls[-1][1].count(b"\xe2\x99") == 0  # the new game's reply names no card
    steps = 0
    while turn is not None:
        state = stored(folder, game["game"])
        for person in people:  # both people may look at any time: each sees only their seat
            status, view = client.view(game, person)
            assert status == 200
            check_view(view, client.calls[-1][1], state, person)
        status, view = client.view(game, turn)
        status, after = client.act(game, turn, choose(view, rng), etag=view["actions"])
        assert status == 200, after
        check_view(after, client.calls[-1][1], stored(folder, game["game"]), turn)
        turn = after["turn"]
        steps += 1
        assert steps < 3000
    final = stored(folder, game["game"])
    assert final.is_over
    assert final.winner is not None
    assert after["observation"]["phase"] == "game over"
    assert len(final.results) >= 1
    # A new server on the same folder goes on with the finished game, checked by replay.
    server.server_close()
    again = GameStore(folder, final.variant)
    try:
        token = game["people"][0]["token"]
        assert again.view(game["game"], people[0], token)["observation"]["winner"] == final.winner
    finally:
        again.close()


def test_a_one_person_game_seats_south_with_computer_players(tmp_path: Path) -> None:
    store = GameStore(tmp_path, pn.load_variant("pinochlerun"), level="easy", seed=3)
    try:
        created = store.create()
        assert [p["person"] for p in created["people"]] == [2]
        assert created["people"][0]["name"] == "South"
        assert created["turn"] == 2  # the dealer is East: South speaks first
        token = created["people"][0]["token"]
        view = store.view(created["game"], 2, token)
        assert view["observation"]["phase"] == "auction"
        assert set(view["meld_by_trump"]) == {"♣", "♦", "♥", "♠"}
        assert view["names"] == ["North", "East", "South", "West"]
        assert view["sides"] == ["North & South", "East & West"]
        assert view["why"] == "Bid at least 25, or pass"
        after = store.act(created["game"], 2, token, "bid 25", expected=view["actions"])
        assert after["actions"] > view["actions"]  # the computer players have moved
        assert after["turn"] == 2
        assert after["observation"]["auction"][0] == [2, "bid 25"]  # South speaks first
    finally:
        store.close()


# --- Restarts and stored games ----------------------------------------------------------------


def test_games_survive_a_restart(tmp_path: Path) -> None:
    variant = pn.load_variant("pinochlerun")
    store = GameStore(tmp_path, variant, seed=1)
    created = store.create()
    token = created["people"][0]["token"]
    store.act(created["game"], 2, token, "pass", expected=None)
    before = store.view(created["game"], 2, token)
    with pytest.raises(RequestError) as refused:  # one server per folder
        GameStore(tmp_path, variant)
    assert refused.value.status == 503
    assert "another pinochle serve" in str(refused.value)
    store.close()
    restarted = GameStore(tmp_path, variant)
    try:
        assert restarted.view(created["game"], 2, token) == before
    finally:
        restarted.close()


def test_a_tampered_stored_game_is_refused_not_played(tmp_path: Path) -> None:
    variant = pn.load_variant("pinochlerun")
    store = GameStore(tmp_path, variant, seed=1)
    created = store.create()
    store.close()
    path = tmp_path / f"{created['game']}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["state"]["hands"][0], data["state"]["hands"][1] = (
        data["state"]["hands"][1],
        data["state"]["hands"][0],
    )
    path.write_text(json.dumps(data), encoding="utf-8")
    restarted = GameStore(tmp_path, variant)
    try:
        with pytest.raises(RequestError) as refused:
            restarted.view(created["game"], 2, created["people"][0]["token"])
        assert refused.value.status == 500
        assert "cannot be read" in str(refused.value)
    finally:
        restarted.close()


# --- Bad requests: a 4xx with a message, and the game unchanged -------------------------------


def test_bad_requests_get_a_4xx_with_a_message_and_change_nothing(
    running: tuple[TableServer, Client], tmp_path: Path
) -> None:
    _server, client = running
    game = client.new_game()
    south, west = game["people"]
    base = f"/api/games/{game['game']}/people/2"
    file = tmp_path / "games" / f"{game['game']}.json"
    before = file.read_bytes()
    _, view = client.view(game, 2)
    mine = {"X-Pinochle-Token": south["token"]}
    cases: list[tuple[str, str, bytes | str | None, dict[str, str], int, str]] = [
        ("GET", base, None, {}, 403, "token"),
        ("GET", base, None, {"X-Pinochle-Token": west["token"]}, 403, "token"),
        ("GET", base, None, {"X-Pinochle-Token": "x" * 5000}, 403, "token"),
        ("GET", "/api/games/0123456789abcdef/people/2", None, mine, 404, "no such game"),
        ("GET", "/api/games/..%2F..%2Fetc%2Fpasswd/people/2", None, mine, 404, "no such game"),
        ("GET", f"/api/games/{game['game']}/people/0", None, mine, 404, "not a person"),
        ("GET", f"/api/games/{game['game']}/people/-1", None, mine, 404, "no such person"),
        ("GET", f"{base}/nothing", None, mine, 404, "no such endpoint"),
        ("GET", "/static/../serve.py", None, {}, 404, "no such"),
        ("GET", "/static/serve.py", None, {}, 404, "no such file"),
        ("DELETE", base, None, mine, 405, "not allowed"),
        ("POST", base, "", mine, 405, "use GET"),
        ("POST", f"{base}/actions", "bid 2S", mine, 400, "bid"),
        ("POST", f"{base}/actions", "fold", mine, 400, "fold"),
        ("POST", f"{base}/actions", "play A♠", mine, 409, "not allowed"),
        ("POST", f"{base}/actions", "bid 10", mine, 409, "at least"),
        ("POST", f"{base}/actions", b"\xff\xfe bid", mine, 400, "UTF"),
        ("POST", f"{base}/actions", b"bid \x00 25", mine, 400, "null"),
        ("POST", f"{base}/actions", "x" * (MAX_BODY_BYTES + 1), mine, 413, "at most"),
        ("POST", f"{base}/actions", "bid 25", {**mine, "If-Match": '"999"'}, 412, "moved on"),
        ("POST", f"{base}/actions", "bid 25", {**mine, "If-Match": "soon"}, 400, "If-Match"),
        ("POST", f"/api/games/{game['game']}/people/3/actions", "pass", {}, 403, "token"),
        ("POST", "/api/games", "{", {}, 400, "settings"),
        ("POST", "/api/games", "[]", {}, 400, "object"),
        ("POST", "/api/games", '{"variant": "/etc/passwd"}', {}, 400, "variant"),
        ("POST", "/api/games", '{"level": "godlike"}', {}, 400, "level"),
        ("POST", "/api/games", '{"players": 3}', {}, 400, "players"),
        ("POST", "/api/games", '{"seed": -1}', {}, 400, "seed"),
        ("POST", "/api/games", '{"colour": "red"}', {}, 400, "unknown setting"),
        ("POST", "/api/games", "{}", {"Origin": "http://evil.example"}, 403, "another site"),
        ("GET", "/api/setup", None, {"Host": "evil.example:80"}, 421, "answers for"),
        ("GET", "/nothing", None, {}, 404, "no such page"),
    ]
    for method, path, body, headers, status, words in cases:
        got, _reply_headers, content = client.request(method, path, body=body, headers=headers)
        assert got == status, (method, path, body, got, content)
        message = json.loads(content)["error"]
        assert words.lower() in message.lower(), (path, body, message)
        assert file.read_bytes() == before, (method, path, body)
    # West may not act for South, nor South out of turn once it is West's.
    status, reply = client.act(game, 3, "pass")
    assert status == 409
    assert "not West's turn" in reply["error"]
    assert file.read_bytes() == before
    # The same request without its faults works, and the server is still well.
    status, after = client.act(game, 2, "bid 25", etag=view["actions"])
    assert status == 200, after
    assert file.read_bytes() != before


def test_a_request_without_a_length_or_chunked_is_refused(
    running: tuple[TableServer, Client],
) -> None:
    server, _ = running
    host, port = server.server_address[:2]
    with socket.create_connection((str(host), int(port)), timeout=30) as raw:
        raw.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" % port
        )
        answer = raw.recv(4096)
    assert answer.startswith(b"HTTP/1.1 411"), answer[:100]
    with socket.create_connection((str(host), int(port)), timeout=30) as raw:
        raw.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
        answer = raw.recv(4096)
    assert answer.startswith(b"HTTP/1.1 411"), answer[:100]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    texts=st.lists(
        st.one_of(
            st.text(max_size=30),
            st.sampled_from(["pass", "bid 25", "bid 26", "bid 100", "bid 101", "play A♠"]),
            st.builds(lambda n: f"bid {n}", st.integers(-5, 200)),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_any_text_is_applied_only_if_legal(
    tmp_path_factory: pytest.TempPathFactory, texts: list[str]
) -> None:
    folder = tmp_path_factory.mktemp("games")
    store = GameStore(folder, pn.load_variant("pinochlerun"), level="easy", seed=2)
    try:
        created = store.create()
        game, token = created["game"], created["people"][0]["token"]
        for text in texts:
            file = folder / f"{game}.json"
            before = file.read_bytes()
            state = stored(folder, game)
            seat = state.to_act
            try:
                legal = pn.parse_action(text) in pn.legal_actions(state)
            except ValueError:
                legal = False
            if not legal:
                with pytest.raises(RequestError) as refused:
                    store.act(game, 2, token, text, expected=None)
                assert 400 <= refused.value.status < 500
                assert str(refused.value)
                assert file.read_bytes() == before
            else:
                view = store.act(game, 2, token, text, expected=None)
                assert stored(folder, game).actions[: len(state.actions) + 1] == (
                    *state.actions,
                    pn.parse_action(text),
                )
                assert view["person"] == 2
                assert seat is not None
            if store.view(game, 2, token)["turn"] is None:
                break
    finally:
        store.close()


# --- Concurrency: one position, one action ---------------------------------------------------


def test_simultaneous_requests_to_one_game_apply_one_action(
    running: tuple[TableServer, Client], tmp_path: Path
) -> None:
    _, client = running
    game = client.new_game(players=1)
    _, view = client.view(game, 2)
    etag = view["actions"]
    barrier = threading.Barrier(8)
    statuses: list[int] = []
    lock = threading.Lock()

    def send() -> None:
        barrier.wait()
        status, _ = client.act(game, 2, "bid 25", etag=etag)
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=send) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] + [412] * 7
    data = json.loads((tmp_path / "games" / f"{game['game']}.json").read_text(encoding="utf-8"))
    state = pn.State.from_json(json.dumps(data["state"]))  # replayed: a sound game
    assert [str(a) for a in state.actions].count("bid 25") == 1


# --- The page's files --------------------------------------------------------------------------


def test_the_page_and_its_files_are_served_from_the_package(
    running: tuple[TableServer, Client],
) -> None:
    _, client = running
    status, headers, page = client.request("GET", "/")
    assert status == 200
    assert headers["Content-Type"].startswith("text/html")
    for name in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.decode()):
        got, kind, body = client.request("GET", name)
        assert got == 200, name
        assert body, name
        assert "default-src 'self'" in kind["Content-Security-Policy"]
    assert b"http://" not in page
    assert b"https://" not in page
    status, headers, _ = client.request("GET", "/api/setup")
    assert headers["Cache-Control"] == "no-store"


def test_the_svg_endpoint_is_the_views_picture(running: tuple[TableServer, Client]) -> None:
    _, client = running
    game = client.new_game()
    token = game["people"][0]["token"]
    path = f"/api/games/{game['game']}/people/2/table.svg"
    status, headers, picture = client.request("GET", path, headers={"X-Pinochle-Token": token})
    assert status == 200
    assert headers["Content-Type"] == "image/svg+xml"
    _, view = client.view(game, 2)
    assert picture.decode() == view["svg"]
    assert "South" not in view["svg"] or "You" in view["svg"]  # the seat itself is "You"
    assert "West" in view["svg"]
    assert "Seat 3" not in view["svg"]


# --- The command line --------------------------------------------------------------------------


def test_serve_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--players", "3"]) == 2
    assert main(["serve", "--variant", "nonesuch"]) == 2
    assert "nonesuch" in capsys.readouterr().err
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port" in capsys.readouterr().err
    assert main(["serve", "--level", "godlike"]) == 2


def test_serve_says_when_the_port_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pinochle: error: --port: ")
    assert "in use" in err


def test_the_command_serves_keeps_games_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    folder = tmp_path / "kept"

    def run() -> tuple[subprocess.Popen[str], str]:
        process = subprocess.Popen(
            [sys.executable, "-m", "pinochle", "serve", "--port", "0", "--store", str(folder)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            preexec_fn=default_ctrl_c,
        )
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"at (http://127\.0\.0\.1:\d+/) ", line)
        assert found, line
        return process, found[1]

    def get(url: str, path: str, token: str = "") -> tuple[int, Any]:
        split = re.match(r"http://([\d.]+):(\d+)/", url)
        assert split
        connection = http.client.HTTPConnection(split[1], int(split[2]), timeout=60)
        method = "POST" if path == "/api/games" else "GET"
        connection.request(
            method,
            path,
            body=b"{}" if method == "POST" else None,
            headers={"X-Pinochle-Token": token},
        )
        response = connection.getresponse()
        return response.status, json.loads(response.read())

    process, url = run()
    try:
        status, created = get(url, "/api/games")
        assert status == 201
        token = created["people"][0]["token"]
        path = f"/api/games/{created['game']}/people/2"
        status, first = get(url, path, token)
        assert status == 200
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    assert (folder / f"{created['game']}.json").is_file()
    process, url = run()  # started again on the same folder: the game goes on
    try:
        status, again = get(url, path, token)
        assert status == 200
        assert again == first
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=60)


def test_the_help_states_the_servers_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    from pinochle.serve import DEFAULT_HOST, DEFAULT_PORT

    assert main(["serve", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"default: {DEFAULT_PORT};" in out
    assert f"default: {DEFAULT_HOST}," in out
    assert "--store DIR" in out
    assert "--open" in out


def test_other_commands_do_not_load_the_web_server() -> None:
    code = (
        "import sys\nfrom pinochle.cli import main\nmain(['count', 'AH'])\n"
        "assert 'pinochle.serve' not in sys.modules and 'http.server' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_a_malformed_request_gets_json_and_the_server_goes_on(
    running: tuple[TableServer, Client],
) -> None:
    server, client = running
    host, port = server.server_address[:2]
    with socket.create_connection((str(host), int(port)), timeout=30) as raw:
        raw.sendall(b'GET /"quoted" HTTP/1.1\r\nX-Long: ' + b"a" * 70_000 + b"\r\n\r\n")
        answer = b""
        while chunk := raw.recv(4096):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 431"), head
    assert "too long" in json.loads(body)["error"].lower()
    status, setup = client.json("GET", "/api/setup")
    assert status == 200
    assert setup["variant"] == "pinochlerun-short"


@pytest.mark.parametrize("name", pn.builtin_variants())
def test_every_built_in_profile_is_served_without_a_leak(tmp_path: Path, name: str) -> None:
    # The first decisions of a two-person game: auctions, kitties and burials, passing,
    # two-hand melds and draws; every view is the seat's observation and nothing more.
    store = GameStore(tmp_path, pn.load_variant(name), level="easy", players=2, seed=6)
    rng = random.Random(name)
    try:
        created = store.create()
        game = created["game"]
        tokens = {p["person"]: p["token"] for p in created["people"]}
        turn = created["turn"]
        for _ in range(20):
            if turn is None:
                break
            view = store.view(game, turn, tokens[turn])
            state = stored(tmp_path, game)
            check_view(view, json.dumps(view, ensure_ascii=False).encode(), state, turn)
            view = store.act(game, turn, tokens[turn], choose(view, rng), view["actions"])
            turn = view["turn"]
    finally:
        store.close()
