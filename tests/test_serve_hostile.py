"""`pinochle serve` against a hostile client (issue 26): raw bytes on the wire, bad stores.

The server runs in this process on a free port of 127.0.0.1 and the tests speak HTTP with
raw sockets, so that a request can be anything a client may send: a body the server did
not ask for, a body cut short, numbers no parser expects, a reset in the middle. After a
test stops the server, every connection's thread has finished (``server_close`` joins
them), so what the server wrote to stderr and to its folder is final.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
from _ctrl_c import default_ctrl_c
from pinochle.arguments import SEED_LIMIT
from pinochle.cli import main
from pinochle.serve import MAX_BODY_BYTES, GameStore, RequestError, make_server


class Table:
    """A server running in a thread, and raw requests to it."""

    def __init__(self, folder: Path, variant: pn.Variant, players: int = 1) -> None:
        self.folder = folder
        self.server = make_server(variant, port=0, folder=folder, seed=11, players=players)
        self.port = int(self.server.server_address[1])
        self.host = f"127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()
        self._stopped = False

    def stop(self) -> None:
        """Stop serving and wait for every connection's thread."""
        if not self._stopped:
            self._stopped = True
            self.server.shutdown()
            self.server.server_close()
            self._thread.join()

    def exchange(self, data: bytes) -> bytes:
        """Send the bytes, say there are no more, and read until the server closes."""
        answer = b""
        with socket.create_connection(("127.0.0.1", self.port), timeout=60) as raw:
            try:
                raw.sendall(data)
                raw.shutdown(socket.SHUT_WR)
                while chunk := raw.recv(65536):
                    answer += chunk
            except ConnectionResetError:  # the server closed with bytes it did not read
                pass
        return answer

    def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> bytes:
        """One request as bytes, with this server's Host and a Content-Length for a body."""
        fields = {"Host": self.host, **(headers or {})}
        if body and "Content-Length" not in fields:
            fields["Content-Length"] = str(len(body))
        head = "".join(f"{name}: {value}\r\n" for name, value in fields.items())
        return f"{method} {path} HTTP/1.1\r\n{head}\r\n".encode("latin-1") + body

    def games(self) -> list[str]:
        """The games in the folder."""
        return sorted(p.stem for p in self.folder.glob("*.json"))

    def new_game(self) -> dict[str, Any]:
        """A new game, made over HTTP."""
        status, data = answers(self.exchange(self.request("POST", "/api/games", b"{}")))[0]
        assert status == 201, data
        return dict(data)


def answers(stream: bytes) -> list[tuple[int, Any]]:
    """Every HTTP answer in the bytes read from a connection: (status, JSON body)."""
    found: list[tuple[int, Any]] = []
    while stream:
        head, _, rest = stream.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = int(re.search(rb"Content-Length: (\d+)", head)[1])  # type: ignore[index]
        body, stream = rest[:length], rest[length:]
        assert b"Connection: close" in head or stream or status < 400, head
        found.append((status, json.loads(body) if body.startswith(b"{") else body))
    return found


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    path = tmp_path / "pinochlerun-short.toml"
    path.write_text('extends = "pinochlerun"\n[game]\ntarget = 40\n', encoding="utf-8")
    running = Table(tmp_path / "games", pn.load_variant(str(path)))
    try:
        yield running
    finally:
        running.stop()


# --- A body the server did not read is never taken for a request ------------------------------


def smuggled(table: Table) -> bytes:
    """A whole request to start a game, to be hidden in another request's body."""
    return table.request("POST", "/api/games", b"{}")


REFUSALS = {
    "403 another site": ("POST", "/api/games", {"Origin": "http://evil.example"}, 403),
    "421 another host": ("POST", "/api/games", {"Host": "evil.example"}, 421),
    "404 no such page": ("POST", "/nothing", {}, 404),
    "405 a GET page": ("POST", "/api/setup", {}, 405),
    "404 no such game": ("POST", "/api/games/0123456789abcdef/people/2/actions", {}, 404),
    "403 no token": ("POST", "/api/games/GAME/people/2/actions", {}, 403),
    "400 a bad If-Match": ("POST", "/api/games/GAME/people/2/actions", {"If-Match": "x"}, 400),
    "200 a GET with a body": ("GET", "/api/setup", {}, 200),
    "501 an unknown method": ("PATCH", "/api/setup", {}, 501),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_a_body_the_server_did_not_read_is_never_a_request(table: Table, case: str) -> None:
    # Issue 26: a cross-site POST whose body was itself `POST /api/games` got 403, then
    # 201: the body stayed on the connection and was read as a request with no Origin.
    game = table.new_game()["game"]
    method, path, headers, status = REFUSALS[case]
    path = path.replace("GAME", game)
    before = table.games()
    stream = table.exchange(table.request(method, path, smuggled(table), headers))
    table.stop()
    got = answers(stream)
    assert [s for s, _ in got] == [status], got
    assert table.games() == before


def test_a_chunked_body_is_never_a_request(table: Table) -> None:
    inner = smuggled(table)
    chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(inner), inner)
    for method in ("GET", "POST"):
        stream = table.exchange(
            table.request(method, "/api/setup", chunked, {"Transfer-Encoding": "chunked"})
        )
        assert len(answers(stream)) == 1, stream
    table.stop()
    assert table.games() == []


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Content-Length": str(10**6)}, 413),
        ({"Content-Length": "2", "Origin": "http://evil.example"}, 403),
        ({"Content-Length": "2", "Host": "evil.example"}, 421),
    ],
)
def test_a_body_that_would_be_refused_is_not_asked_for(
    table: Table, headers: dict[str, str], status: int
) -> None:
    # A client that waits for "100 Continue" before sending its body is refused at once.
    request = table.request("POST", "/api/games", headers={"Expect": "100-continue", **headers})
    with socket.create_connection(("127.0.0.1", table.port), timeout=60) as raw:
        raw.sendall(request)
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 %d " % status), answer[:100]
    assert [s for s, _ in answers(answer)] == [status]


def test_two_requests_on_one_connection_are_both_answered(table: Table) -> None:
    # The fix closes only after a refusal or an unread body: a sound keep-alive still works.
    stream = table.exchange(smuggled(table) + table.request("GET", "/api/setup"))
    assert [s for s, _ in answers(stream)] == [201, 200]


# --- A short body is refused, never applied ------------------------------------------------------


def test_a_body_shorter_than_its_length_is_refused_and_nothing_applied(tmp_path: Path) -> None:
    # Issue 26: `bid 2500` cut to `bid 250` (the sender closed its side) was applied.
    table = Table(tmp_path, pn.load_variant("pagat-partnership"))
    try:
        created = table.new_game()
        game, token = created["game"], created["people"][0]["token"]
        before = (tmp_path / f"{game}.json").read_bytes()
        path = f"/api/games/{game}/people/2/actions"
        headers = {"X-Pinochle-Token": token, "Content-Length": "8"}
        stream = table.exchange(table.request("POST", path, b"bid 250", headers))
        [(status, reply)] = answers(stream)
        assert status == 400
        assert "7 of its 8 bytes" in reply["error"]
        assert (tmp_path / f"{game}.json").read_bytes() == before
        # The same game takes the whole request.
        headers["Content-Length"] = "8"
        [(status, view)] = answers(
            table.exchange(table.request("POST", path, b"bid 2500", headers))
        )
        assert status == 200, view
        assert view["observation"]["auction"][0] == [2, "bid 2500"]
    finally:
        table.stop()


def test_a_body_that_does_not_come_in_time_gets_408(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pinochle import serve

    monkeypatch.setattr(serve._Handler, "timeout", 1)
    game = table.new_game()
    path = f"/api/games/{game['game']}/people/2/actions"
    headers = {"X-Pinochle-Token": game["people"][0]["token"], "Content-Length": "8"}
    with socket.create_connection(("127.0.0.1", table.port), timeout=60) as raw:
        raw.sendall(table.request("POST", path, b"bid", headers))  # and wait, side open
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    [(status, reply)] = answers(answer)
    assert status == 408
    assert "in time" in reply["error"]


# --- Every number the server reads from a request ----------------------------------------------


NUMBERS = {
    "Content-Length: ²": ({"Content-Length": "²"}, "", 400, "Content-Length"),
    "Content-Length: 5,000 digits": ({"Content-Length": "9" * 5000}, "", 413, "at most"),
    "Content-Length: 5,000 zeros": ({"Content-Length": "0" * 4998 + "99"}, "", 400, "ended"),
    "Content-Length: -1": ({"Content-Length": "-1"}, "", 400, "Content-Length"),
    "Content-Length: +5": ({"Content-Length": "+5"}, "", 400, "Content-Length"),
    "Content-Length: 0x10": ({"Content-Length": "0x10"}, "", 400, "Content-Length"),
    "If-Match: ²": ({"If-Match": '"²"'}, "", 400, "If-Match"),
    "If-Match: 5,000 digits": ({"If-Match": '"' + "9" * 5000 + '"'}, "", 400, "If-Match"),
    "If-Match: ¹²": ({"If-Match": "¹²"}, "", 400, "If-Match"),
    "person ²": ({}, "/api/games/GAME/people/²/actions", 404, "no such person"),
    "person 5,000 digits": ({}, "/api/games/GAME/people/" + "2" * 5000, 404, "no such person"),
    "game ²": ({}, "/api/games/²/people/2/actions", 404, "no such game"),
    "a path http://[": ({}, "http://[/api/setup", 400, "path"),
    "Origin http://[": ({"Origin": "http://["}, "", 403, "another site"),
}


@pytest.mark.parametrize("case", sorted(NUMBERS))
def test_every_number_in_a_request_is_read_strictly(table: Table, case: str) -> None:
    # Issue 26: a non-ASCII digit, or 5,000 digits, got 500 "internal error: ValueError".
    game = table.new_game()
    token = game["people"][0]["token"]
    headers, path, status, words = NUMBERS[case]
    path = (path or "/api/games/GAME/people/2/actions").replace("GAME", game["game"])
    fields = {"X-Pinochle-Token": token, "Content-Length": "4", **headers}
    data = table.request("POST", path, b"pass", fields)
    before = (table.folder / f"{game['game']}.json").read_bytes()
    [(got, reply)] = answers(table.exchange(data))
    assert got == status, reply
    assert words.lower() in reply["error"].lower(), reply
    assert "internal" not in reply["error"]
    assert (table.folder / f"{game['game']}.json").read_bytes() == before


def test_repeated_length_and_host_headers_are_refused(table: Table) -> None:
    twice = table.request("POST", "/api/games", b"{}", {"Content-Length": "2"})
    twice = twice.replace(b"Content-Length: 2\r\n", b"Content-Length: 2\r\nContent-Length: 40\r\n")
    [(status, reply)] = answers(table.exchange(twice))
    assert status == 400
    assert "Content-Length" in reply["error"]
    hosts = table.request("GET", "/api/setup").replace(
        b"\r\n\r\n", b"\r\nHost: evil.example\r\n\r\n"
    )
    [(status, reply)] = answers(table.exchange(hosts))
    assert status == 400
    assert "Host" in reply["error"]
    table.stop()
    assert table.games() == []


@pytest.mark.parametrize(
    "settings",
    [
        '{"seed": ' + "9" * 4000 + "}",
        '{"seed": 1e400}',
        f'{{"seed": {SEED_LIMIT}}}',
        '{"players": true}',
        '{"level": ["hard"]}',
        '{"variant": {"name": "x"}}',
        '{"seed": NaN}',
        "[" * 100_000,
    ],
    ids=["4000 digits", "1e400", "2**64", "true", "a list", "an object", "NaN", "deep"],
)
def test_settings_of_a_new_game_are_read_strictly(table: Table, settings: str) -> None:
    body = settings.encode()[:MAX_BODY_BYTES]
    [(status, reply)] = answers(table.exchange(table.request("POST", "/api/games", body)))
    assert 400 <= status < 500, reply
    assert "internal" not in reply["error"]
    table.stop()
    assert table.games() == []


def test_the_largest_seed_is_a_game(table: Table) -> None:
    body = b'{"seed": %d}' % (SEED_LIMIT - 1)
    [(status, reply)] = answers(table.exchange(table.request("POST", "/api/games", body)))
    assert status == 201, reply


# --- Stored games are hostile input too -----------------------------------------------------------


def tamper(data: dict[str, Any], key: str, value: Any) -> None:
    if value is KeyError:
        del data[key]
    else:
        data[key] = value


STORED = [
    ("tokens", []),
    ("tokens", [5]),
    ("tokens", [""]),
    ("tokens", ["a" * 24, "b" * 24]),
    ("tokens", "abc"),
    ("tokens", KeyError),
    ("people", ["2"]),
    ("people", [2.0]),
    ("people", [True]),
    ("people", [99]),
    ("people", [-1]),
    ("people", []),
    ("people", None),
    ("levels", {}),
    ("levels", {"0": "godlike", "1": "easy", "3": "easy"}),
    ("levels", {"0": "hard", "1": "easy", "3": "easy", "x": "easy"}),
    ("levels", {"0": "hard", "1": "easy", "²": "easy"}),
    ("levels", []),
    ("level", "godlike"),
    ("level", 5),
    ("version", 2),
    ("id", "0123456789abcdef"),
    ("state", {"format": "pinochle.state"}),
    ("state", KeyError),
]


@pytest.mark.parametrize(("key", "value"), STORED, ids=[f"{k}={v!r}"[:40] for k, v in STORED])
def test_a_damaged_stored_game_is_refused_with_a_clear_message(
    table: Table, key: str, value: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 26: a stored game with `tokens: []` got 500 "IndexError".
    game = table.new_game()
    token = game["people"][0]["token"]
    table.stop()
    path = table.folder / f"{game['game']}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    tamper(data, key, value)
    path.write_text(json.dumps(data), encoding="utf-8")
    again = Table(table.folder, pn.load_variant("pinochlerun"))
    try:
        for method, suffix, body in (("GET", "", b""), ("POST", "/actions", b"pass")):
            base = f"/api/games/{game['game']}/people/2"
            request = again.request(method, base + suffix, body, {"X-Pinochle-Token": token})
            [(status, reply)] = answers(again.exchange(request))
            assert status == 500, reply
            assert reply["error"].startswith(f"stored game {game['game']} cannot be read: ")
            assert key in reply["error"], reply
    finally:
        again.stop()
    lines = capsys.readouterr().err.splitlines()  # one line in the log a refusal, no more
    assert len(lines) == 2, lines
    assert all(line.startswith("pinochle serve: ") for line in lines), lines
    assert all("cannot be read" in line for line in lines), lines
    assert path.read_text(encoding="utf-8") == json.dumps(data)


# --- The server's log: one line, never a traceback -----------------------------------------------


def test_a_client_that_resets_leaves_no_traceback(
    table: Table, capsys: pytest.CaptureFixture[str]
) -> None:
    for size in (10**9, MAX_BODY_BYTES + 1, MAX_BODY_BYTES):
        for _ in range(5):
            raw = socket.create_connection(("127.0.0.1", table.port), timeout=60)
            head = table.request("POST", "/api/games", headers={"Content-Length": str(size)})
            raw.sendall(head + b"x" * 3000)
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            raw.close()  # a reset, not a goodbye
    table.stop()
    assert capsys.readouterr().err == ""


class _GoneClient:
    """A socket whose client has sent a request and left: every write is refused."""

    def __init__(self, request: bytes) -> None:
        self.request = request

    def settimeout(self, timeout: float | None) -> None:
        pass

    def setsockopt(self, *args: Any) -> None:
        pass

    def makefile(self, mode: str, *args: Any) -> io.BytesIO:
        return io.BytesIO(self.request)

    def sendall(self, data: bytes) -> None:
        raise ConnectionResetError(104, "Connection reset by peer")

    def recv(self, size: int) -> bytes:
        raise ConnectionResetError(104, "Connection reset by peer")

    def shutdown(self, how: int) -> None:
        pass


@pytest.mark.parametrize("body", [b"{}", b"x" * (MAX_BODY_BYTES + 1), b"{"])
def test_an_answer_to_a_client_that_left_is_dropped_quietly(
    table: Table, body: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    from pinochle import serve

    data = table.request("POST", "/api/games", body)
    serve._Handler(_GoneClient(data), ("127.0.0.1", 1), table.server)  # type: ignore[arg-type]
    assert capsys.readouterr().err == ""


def test_a_bug_is_answered_500_and_logged_in_one_line(
    table: Table, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken() -> dict[str, Any]:
        raise ZeroDivisionError("a bug\nin two lines")

    monkeypatch.setattr(table.server.store, "setup", broken)
    [(status, reply)] = answers(table.exchange(table.request("GET", "/api/setup")))
    table.stop()
    assert status == 500
    assert reply["error"].startswith("internal error: ZeroDivisionError")
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert "ZeroDivisionError" in err
    assert "GET /api/setup" in err
    assert "Traceback" not in err


def test_an_error_outside_a_request_is_logged_in_one_line(
    table: Table, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        raise RuntimeError("the handler itself failed")
    except RuntimeError:
        table.server.handle_error(None, ("127.0.0.1", 5))
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert "RuntimeError: the handler itself failed" in err


# --- The server's arguments ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["-5", "-1", str(SEED_LIMIT), str(2**100)])
def test_serve_refuses_a_seed_no_game_takes(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 26: `serve --seed -5` started, then every new game failed with 400.
    assert main(["serve", "--port", "0", "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pinochle: error: --seed: "), err
    assert str(SEED_LIMIT - 1) in err


def test_the_store_refuses_a_seed_no_game_takes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for seed in (-5, SEED_LIMIT, 10**5000, True, 1.0):
        with pytest.raises(RequestError, match="seed"):
            GameStore(tmp_path, pn.load_variant("pinochlerun"), seed=seed)  # type: ignore[arg-type]
    with pytest.raises(RequestError, match="players"):
        GameStore(tmp_path, pn.load_variant("pinochlerun"), players=3)
    with pytest.raises(RequestError, match="folder"):
        GameStore("", pn.load_variant("pinochlerun"))


def test_the_seed_after_the_largest_is_zero(tmp_path: Path) -> None:
    store = GameStore(tmp_path, pn.load_variant("pinochlerun"), seed=SEED_LIMIT - 1)
    try:
        first, second = store.create(), store.create()
    finally:
        store.close()
    seeds = []
    for game in (first, second):
        data = json.loads((tmp_path / f"{game['game']}.json").read_text(encoding="utf-8"))
        seeds.append(pn.State.from_json(json.dumps(data["state"])).game.seed)
    assert seeds == [SEED_LIMIT - 1, 0]


@pytest.mark.parametrize("option", ["--store", "--host"])
def test_serve_refuses_an_empty_store_or_host(
    option: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Issue 26: `--store ''` said the games were kept until it stopped, and wrote its
    # lock and games into the current folder; `--host ''` listens on every address.
    monkeypatch.chdir(tmp_path)
    assert main(["serve", "--port", "0", option, ""]) == 2
    assert capsys.readouterr().err.startswith(f"pinochle: error: {option}: ")
    assert list(tmp_path.iterdir()) == []


def test_stopping_ends_an_idle_kept_alive_connection(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A browser keeps its connection open between requests; stopping the server must not
    # wait for it (here it would wait for ever: the handler has no timeout).
    from pinochle import serve

    monkeypatch.setattr(serve._Handler, "timeout", None)
    with socket.create_connection(("127.0.0.1", table.port), timeout=60) as raw:
        raw.sendall(table.request("GET", "/api/setup"))
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += raw.recv(65536)
        length = int(re.search(rb"Content-Length: (\d+)", answer)[1])  # type: ignore[index]
        while len(answer.partition(b"\r\n\r\n")[2]) < length:
            answer += raw.recv(65536)
        assert answers(answer)[0][0] == 200  # and the connection stays open
        stopping = threading.Thread(target=table.stop, daemon=True)
        stopping.start()
        stopping.join(timeout=60)
        assert not stopping.is_alive()
        assert raw.recv(65536) == b""  # the server closed it


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_stop_signal_removes_the_temporary_store(tmp_path: Path, name: str) -> None:
    # Issue 26: SIGTERM left the temporary folder of games behind.
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    process = subprocess.Popen(
        [sys.executable, "-m", "pinochle", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "TMPDIR": str(temporary)},
        preexec_fn=default_ctrl_c,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"at http://127\.0\.0\.1:(\d+)/ ", line)
        assert found, line
        with socket.create_connection(("127.0.0.1", int(found[1])), timeout=60) as raw:
            host = f"127.0.0.1:{found[1]}"
            raw.sendall(
                f"POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Length: 2\r\n"
                "Connection: close\r\n\r\n{}".encode()
            )
            assert raw.recv(100).startswith(b"HTTP/1.1 201")
        [folder] = temporary.iterdir()
        assert list(folder.glob("*.json"))
    finally:
        process.send_signal(getattr(signal, name))
        _, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert "Traceback" not in err
    assert list(temporary.iterdir()) == []


def test_a_broken_invariant_is_a_bug_not_bad_input(
    table: Table, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # An InvariantError is a PinochleError (docs/errors.md), yet it says the library is
    # wrong, not the request: 500 and a line in the log, as any other bug.
    def broken() -> dict[str, Any]:
        raise pn.InvariantError("no active player in the auction")

    monkeypatch.setattr(table.server.store, "setup", broken)
    [(status, reply)] = answers(table.exchange(table.request("GET", "/api/setup")))
    table.stop()
    assert status == 500
    assert reply["error"].startswith("internal error: InvariantError")
    assert "InvariantError: no active player" in capsys.readouterr().err
