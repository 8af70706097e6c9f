"""`pinochle serve --host`: a phone on the network, kept out without the access code (issue 30).

The server listens on a second loopback address, 127.0.0.2 (Linux answers the whole of
127.0.0.0/8 without any set-up), and is asked for a code, as a server on a network address
is by default; the tests speak real HTTP to it with `http.client`. The server on every
address (``--host 0.0.0.0``) and on a network address runs in a network namespace the test
makes (``unshare``), with a pair of virtual interfaces and no way out: never on a real
network. No test waits for the clock: the count of wrong codes runs on a clock the test
moves.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
from pinochle import _access, serve
from pinochle.cli import main
from pinochle.serve import RequestError, TableServer, make_server

HOST = "127.0.0.2"
CODE = "7KQM-D3XA"

Reply = tuple[int, dict[str, str], bytes]


def can_bind(host: str) -> bool:
    try:
        with socket.socket() as probe:
            probe.bind((host, 0))
    except OSError:
        return False
    return True


needs_second_loopback = pytest.mark.skipif(
    not can_bind(HOST), reason=f"{HOST} cannot be bound here (Linux answers 127.0.0.0/8)"
)


class Client:
    """Requests to one server, from a chosen source address, with full control of headers."""

    def __init__(self, server: TableServer, source: str = HOST) -> None:
        self.host, self.port = str(server.server_address[0]), int(server.server_address[1])
        self.origin = f"http://{self.host}:{self.port}"
        self.source = source
        self.cookie = ""

    def request(
        self,
        method: str,
        path: str,
        body: bytes | str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        connection = http.client.HTTPConnection(
            self.host, self.port, timeout=60, source_address=(self.source, 0)
        )
        fields = dict(headers or {})
        if self.cookie and "Cookie" not in fields:
            fields["Cookie"] = self.cookie
        try:
            data = body.encode() if isinstance(body, str) else body
            connection.request(method, path, body=data, headers=fields)
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def enter(self, code: str = CODE) -> Reply:
        """Open the address with the code and keep the cookie it sets."""
        reply = self.request("GET", f"/?code={code}")
        if reply[0] == 303:
            self.cookie = reply[1]["Set-Cookie"].split(";")[0]
        return reply


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TableServer]:
    if not can_bind(HOST):
        pytest.skip(f"{HOST} cannot be bound here (Linux answers 127.0.0.0/8)")
    running = make_server(
        pn.load_variant("pinochlerun"),
        host=HOST,
        port=0,
        folder=tmp_path / "games",
        seed=11,
        code=CODE,
        hint_worlds=1,
    )
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    try:
        yield running
    finally:
        running.shutdown()
        running.server_close()
        thread.join()


def every_route(server: TableServer) -> list[tuple[str, str, str | None, dict[str, str]]]:
    """A request to every route the server has, each one a sound request with the code.

    A game is made through the store, so that the game's routes have a real id and token.
    """
    game = server.store.create()
    token = {"X-Pinochle-Token": game["people"][0]["token"]}
    base = f"/api/games/{game['game']}/people/2"
    return [
        ("GET", "/", None, {}),
        ("GET", "/static/index.html", None, {}),
        ("GET", "/static/table.js", None, {}),
        ("GET", "/static/table.css", None, {}),
        ("GET", "/api/setup", None, {}),
        ("POST", "/api/games", "{}", {}),
        ("GET", base, None, token),
        ("GET", f"{base}/table.svg", None, token),
        ("POST", f"{base}/actions", "pass", token),
        ("GET", f"{base}/hint", None, token),
        ("GET", f"{base}/review/1", None, token),
        ("GET", "/api/games/0123456789abcdef/people/2", None, token),
        ("GET", "/nothing", None, {}),
        ("GET", "/static/nothing.js", None, {}),
        ("PUT", "/api/setup", "", {}),
        ("DELETE", f"/api/games/{game['game']}", None, {}),
    ]


def folder_bytes(server: TableServer) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(server.store.folder.glob("*.json"))}


# --- Without the code: 401 and nothing else ----------------------------------------------------


@pytest.mark.parametrize("accept", ["*/*", "text/html,application/xhtml+xml"])
def test_without_the_code_every_route_gets_401_and_learns_nothing(
    server: TableServer, accept: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    routes = every_route(server)
    before = folder_bytes(server)
    reached: list[str] = []
    route = serve._Handler._route

    def spy(handler: serve._Handler, method: str) -> None:
        reached.append(handler.path)
        route(handler, method)

    monkeypatch.setattr(serve._Handler, "_route", spy)
    client = Client(server)
    bodies = set()
    for method, path, body, headers in routes:
        for cookie in ({}, {"Cookie": f"pinochle_access_{client.port}=forged; other=1"}):
            fields = {"Accept": accept, "Origin": client.origin, **headers, **cookie}
            status, got, content = client.request(method, path, body, fields)
            assert status == 401, (method, path, status, content[:200])
            assert got["Connection"] == "close", (method, path)
            assert "Set-Cookie" not in got
            assert "WWW-Authenticate" in got
            # The form goes back to the page asked for: the one difference allowed.
            bodies.add(re.sub(rb'name="then" value="[^"]*"', b"THEN", content))
    # One answer for every request: nothing tells a game, a token or a path that exists.
    assert len(bodies) == 1, bodies
    [answer] = bodies
    assert b"pinochlerun" not in answer
    assert b"South" not in answer
    if accept == "*/*":
        assert json.loads(answer) == {"error": serve._ASK_CODE}
    else:
        assert b'<form method="post" action="/access">' in answer
    # No route was reached, and nothing was made or changed.
    assert reached == []
    assert folder_bytes(server) == before


def test_with_the_code_every_route_answers_as_it_would_without_a_gate(
    server: TableServer, tmp_path: Path
) -> None:
    # The same requests to a server on this machine only (no code) and to the one with the
    # code, given its cookie: the same statuses.
    client = Client(server)
    assert client.enter()[0] == 303
    routes = every_route(server)
    plain = make_server(pn.load_variant("pinochlerun"), port=0, folder=tmp_path / "p", seed=11)
    thread = threading.Thread(target=plain.serve_forever, daemon=True)
    thread.start()
    try:
        assert plain.code is None
        other = Client(plain, source="127.0.0.1")
        for method, path, body, headers in routes:
            game = re.match(r"/api/games/([0-9a-f]{16})/", path)
            got = client.request(method, path, body, {"Origin": client.origin, **headers})[0]
            if game and game[1] != "0123456789abcdef":
                assert got in (200, 409), (method, path, got)  # 409: a review before a hand
                continue
            want = other.request(method, path, body, {"Origin": other.origin, **headers})[0]
            assert got == want, (method, path, got, want)
    finally:
        plain.shutdown()
        plain.server_close()
        thread.join()


def test_a_request_that_waits_to_send_its_body_is_refused_before_sending_it(
    server: TableServer,
) -> None:
    port = int(server.server_address[1])
    head = (
        f"POST /api/games HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Length: 2\r\n"
        "Expect: 100-continue\r\n\r\n"
    )
    with socket.create_connection((HOST, port), timeout=60) as raw:
        raw.sendall(head.encode())
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 401 "), answer[:100]
    assert b"Connection: close" in answer
    assert list(server.store.folder.glob("*.json")) == []


# --- The code: in the address, or in the page's form --------------------------------------------


def test_the_code_in_the_address_sets_a_cookie_and_goes_to_the_clean_address(
    server: TableServer,
) -> None:
    client = Client(server)
    status, headers, _ = client.request("GET", "/?code=7kqm%20d3xa")  # case, spaces: no matter
    assert status == 303
    assert headers["Location"] == "/"
    cookie = headers["Set-Cookie"]
    parts = [p.strip() for p in cookie.split(";")]
    assert parts[0].startswith(f"pinochle_access_{client.port}=")
    assert CODE.replace("-", "") not in cookie  # the cookie is not the code
    assert {"HttpOnly", "SameSite=Strict", "Path=/"} <= set(parts)
    client.cookie = parts[0]
    status, headers, page = client.request("GET", "/")
    assert status == 200
    assert page.startswith(b"<!doctype html>") or b"<html" in page[:200]
    status, _, body = client.request("GET", "/api/setup")
    assert status == 200
    assert json.loads(body)["variant"] == "pinochlerun"
    status, _, body = client.request(
        "POST", "/api/games", "{}", {"Origin": client.origin, "Content-Type": "application/json"}
    )
    assert status == 201, body
    game = json.loads(body)
    path = f"/api/games/{game['game']}/people/2"
    status, _, body = client.request("GET", path, None, {"X-Pinochle-Token": "x" * 24})
    assert status == 403  # past the gate, a person's token is still needed
    token = {"X-Pinochle-Token": game["people"][0]["token"]}
    assert client.request("GET", path, None, token)[0] == 200
    # The code on any page, the page's other fields kept.
    status, headers, _ = client.request("GET", f"/api/setup?x=1&code={CODE}&y=%20")
    assert status == 303
    assert headers["Location"] == "/api/setup?x=1&y=+"


def test_the_page_asks_for_the_code_and_its_form_takes_it(server: TableServer) -> None:
    client = Client(server)
    html = {"Accept": "text/html"}
    status, headers, page = client.request("GET", "/static/table.css?v=2", None, html)
    assert status == 401
    assert headers["Content-Type"].startswith("text/html")
    # Its form is posted with the page's origin (under "no-referrer" it would be "null").
    assert headers["Referrer-Policy"] == "same-origin"
    text = page.decode()
    assert 'name="then" value="/static/table.css?v=2"' in text
    assert "<script" not in text  # the page's CSP allows no inline script: none is needed
    form = {"Origin": client.origin, "Content-Type": "application/x-www-form-urlencoded", **html}
    body = "code=7kqm-d3xb&then=%2Fstatic%2Ftable.css%3Fv%3D2"
    status, _, page = client.request("POST", "/access", body, form)
    assert status == 401
    assert b"That access code is not right" in page
    body = body.replace("d3xb", "d3xa")
    status, headers, _ = client.request("POST", "/access", body, form)
    assert status == 303, headers
    assert headers["Location"] == "/static/table.css?v=2"
    client.cookie = headers["Set-Cookie"].split(";")[0]
    assert client.request("GET", headers["Location"])[0] == 200


@pytest.mark.parametrize(
    ("then", "location"),
    [
        ("//evil.example/", "/"),
        ("http://evil.example/", "/"),
        ("/\\evil.example", "/%5Cevil.example"),
        ("/\t/evil.example", "/%09/evil.example"),
        ("/x\r\nSet-Cookie: a=b", "/x%0D%0ASet-Cookie:%20a=b"),
        ("", "/"),
    ],
    ids=["protocol-relative", "absolute", "backslash", "tab", "header", "empty"],
)
def test_the_code_never_sends_a_browser_to_another_site(
    server: TableServer, then: str, location: str
) -> None:
    client = Client(server)
    form = {"Origin": client.origin, "Content-Type": "application/x-www-form-urlencoded"}
    body = "code=" + CODE + "&then=" + "".join(f"%{b:02X}" for b in then.encode())
    status, headers, _ = client.request("POST", "/access", body, form)
    assert status == 303
    assert headers["Location"] == location
    assert headers["Set-Cookie"].startswith("pinochle_access_")


def test_the_code_on_a_protocol_relative_path_stays_on_this_server(server: TableServer) -> None:
    for path in ("//evil.example/", "///evil.example/", "/\\evil.example/"):
        status, headers, _ = Client(server).request("GET", f"{path}?code={CODE}")
        assert status == 303
        assert headers["Location"].startswith("/"), path
        assert not headers["Location"].startswith("//"), path
        assert "\\" not in headers["Location"], path


# --- Wrong codes: 401, and a few a minute ---------------------------------------------------------


def test_wrong_codes_are_401_then_429_for_a_minute_per_client_address(
    server: TableServer,
) -> None:
    assert server.gate is not None
    now = [1000.0]
    server.gate.clock = lambda: now[0]
    client = Client(server)
    for n in range(_access.TRIES):
        status, headers, body = client.request("GET", f"/?code=WRONG{n:03d}")
        assert status == 401
        assert json.loads(body)["error"] == "that access code is not right"
        assert "Set-Cookie" not in headers
        now[0] += 1
    # Now every code from this address is refused, the right one too, until a minute after
    # the first wrong one.
    for code in ("WRONG999", CODE):
        status, headers, body = client.request("GET", f"/?code={code}")
        assert status == 429, body
        assert headers["Retry-After"] == str(int(_access.TRY_WINDOW) - _access.TRIES)
        assert "Set-Cookie" not in headers
        assert "try again in" in json.loads(body)["error"]
    # The form says the same on the page.
    form = {"Origin": client.origin, "Accept": "text/html"}
    status, _, page = client.request("POST", "/access", f"code={CODE}", form)
    assert status == 429
    assert b"Too many wrong access codes" in page
    # Another address is not held back.
    other = Client(server, source="127.0.0.3")
    assert other.enter()[0] == 303
    # A minute after the first wrong code, one more try is allowed.
    now[0] = 1000.0 + _access.TRY_WINDOW
    assert client.enter()[0] == 303
    assert client.request("GET", "/api/setup")[0] == 200


def test_a_stale_cookie_is_401_and_not_counted_as_a_wrong_code(server: TableServer) -> None:
    client = Client(server)
    stale = _access.Gate("OTHERCODE", client.port).set_cookie().split(";")[0]
    for _ in range(3 * _access.TRIES):
        assert client.request("GET", "/api/setup", None, {"Cookie": stale})[0] == 401
    assert client.enter()[0] == 303


def test_a_request_from_another_site_cannot_try_codes(server: TableServer) -> None:
    # A page elsewhere may post the form to this server from the person's browser: it is
    # refused as any other cross-site POST, before the code is read or counted.
    client = Client(server)
    form = {"Origin": "http://evil.example", "Content-Type": "application/x-www-form-urlencoded"}
    for _ in range(2 * _access.TRIES):
        status, _, body = client.request("POST", "/access", f"code={CODE}", form)
        assert status == 403, body
    assert client.enter()[0] == 303


# --- The Host and Origin checks hold ------------------------------------------------------------


def test_dns_rebinding_and_other_sites_are_still_refused_with_the_cookie(
    server: TableServer,
) -> None:
    client = Client(server)
    assert client.enter()[0] == 303
    for name in ("evil.example", f"evil.example:{client.port}", f"{HOST}:1"):
        status, _, body = client.request("GET", "/api/setup", None, {"Host": name})
        assert status == 421, (name, body)
        assert "answers for" in json.loads(body)["error"]
    # Nor is a code taken under another name: the Host check comes first.
    status, headers, _ = client.request("GET", f"/?code={CODE}", None, {"Host": "evil.example"})
    assert status == 421
    assert "Set-Cookie" not in headers
    for name in (f"{HOST}:{client.port}", f"localhost:{client.port}"):
        assert client.request("GET", "/api/setup", None, {"Host": name})[0] == 200
    status, _, body = client.request("POST", "/api/games", "{}", {"Origin": "http://evil.example"})
    assert status == 403
    assert "another site" in json.loads(body)["error"]


# --- Which servers ask for a code ---------------------------------------------------------------


@needs_second_loopback
def test_a_loopback_server_asks_for_no_code_unless_told(tmp_path: Path) -> None:
    variant = pn.load_variant("pinochlerun")
    for code, asks in ((None, False), (False, False), (True, True), ("abcd-2345", True)):
        made = make_server(variant, host=HOST, port=0, folder=tmp_path / str(code), code=code)
        try:
            assert (made.code is not None) is asks, code
            assert made.network_urls == []
            if code == "abcd-2345":
                assert made.code == "ABCD2345"
                assert made.with_code("http://x/") == "http://x/?code=ABCD2345"
        finally:
            made.server_close()


def test_a_code_is_random_long_and_easy_to_type() -> None:
    codes = {_access.new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 8
        assert set(code) <= set(_access.ALPHABET)
        assert _access.code_problem(code) is None
    assert not set("01ILOU") & set(_access.ALPHABET)
    assert _access.shown_code("7KQMD3XA") == "7KQM-D3XA"
    assert _access.normal_code(" 7kqm-d3xa ") == "7KQMD3XA"
    # A chosen code keeps its cookie across restarts; a new code ends the old cookies.
    assert _access.Gate("7KQMD3XA", 1).set_cookie() == _access.Gate("7kqm-d3xa", 1).set_cookie()
    assert _access.Gate("7KQMD3XA", 1).set_cookie() != _access.Gate("7KQMD3XB", 1).set_cookie()


@pytest.mark.parametrize("code", ["abc", "", "ab-cd-ef", "ÄBCDEFGH", "abcdefg!", "a" * 65])
def test_a_code_too_short_or_not_letters_and_digits_is_refused(
    code: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(RequestError, match=r"^code: expected 8 to 64 letters") as refused:
        make_server(pn.load_variant("pinochlerun"), port=0, folder=tmp_path, code=code)
    assert refused.value.status == 400
    assert main(["serve", "--port", "0", "--code", code]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pinochle: error: --code: expected 8 to 64 letters"), err
    assert list(tmp_path.iterdir()) == [] or [p.name for p in tmp_path.iterdir()] == [".lock"]


def test_the_help_names_the_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--code [CODE]" in out
    assert "--host ADDRESS" in out
    assert "0.0.0.0" in out


# --- The command: its address and code, on a second loopback address and in a namespace ---------


def start(arguments: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "pinochle", "serve", "--port", "0", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
    )


def first_lines(process: subprocess.Popen[str], count: int) -> list[str]:
    """The first lines the command prints: up to ``count``, fewer if it prints no more.

    Read in a thread, so that a command that prints fewer lines fails the test rather than
    hang it (60 seconds: a bound for a stuck command, not a measure).
    """
    got: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for _ in range(count):
            got.append(process.stdout.readline())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(60)
    return list(got)


def fetch(url: str, cookie: str = "", host: str = "") -> Reply:
    split = re.fullmatch(r"http://([\d.]+):(\d+)(/.*)", url)
    assert split, url
    connection = http.client.HTTPConnection(split[1], int(split[2]), timeout=60)
    headers = {"Cookie": cookie} if cookie else {}
    if host:
        headers["Host"] = host
    try:
        connection.request("GET", split[3], headers=headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


@needs_second_loopback
def test_the_command_prints_the_code_and_the_address_that_carries_it() -> None:
    process = start(["--host", HOST, "--code"])
    try:
        lines = first_lines(process, 3)
        assert len(lines) == 3, lines
        assert re.match(rf"pinochle serve: pinochlerun at http://{HOST}:\d+/ ", lines[0]), lines
        found = re.fullmatch(
            r"pinochle serve: access code ([A-Z2-9]{4})-([A-Z2-9]{4}): every device must give it\n",
            lines[1],
        )
        assert found, lines
        opened = re.fullmatch(rf"pinochle serve: open (http://{HOST}:\d+/)\?code=(\w+)\n", lines[2])
        assert opened, lines
        assert opened[2] == found[1] + found[2]
        url = opened[1]
        assert fetch(url)[0] == 401
        status, headers, _ = fetch(f"{url}?code={opened[2]}")
        assert status == 303
        cookie = headers["Set-Cookie"].split(";")[0]
        assert fetch(f"{url}api/setup", cookie)[0] == 200
    finally:
        process.terminate()
        _, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert "warning" not in err


def test_without_host_the_command_is_as_before() -> None:
    process = start([])
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        url = re.search(r"at (http://127\.0\.0\.1:\d+/) ", line)
        assert url, line
        assert fetch(f"{url[1]}api/setup")[0] == 200
    finally:
        process.terminate()
        out, err = process.communicate(timeout=60)
    assert "code" not in out
    assert err.strip() == "pinochle serve: stopped by SIGTERM"


# In the namespace: lo, and a pair of virtual interfaces, one of them 10.9.8.7/24. The
# script starts the command and reports what a device at 10.9.8.7 gets, as JSON.
_IN_NAMESPACE = textwrap.dedent(
    """
    import http.client, json, re, subprocess, sys, threading
    process = subprocess.Popen(
        [sys.executable, "-m", "pinochle", "serve", "--port", "0", *sys.argv[1:]],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    lines = []
    def read():
        for _ in range(3):
            lines.append(process.stdout.readline())
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(60)  # a bound for a command that prints fewer lines, not a measure
    lines = list(lines)
    url = re.search(r"(http://10[.]9[.]8[.]7:[0-9]+/)[?]code=([A-Z0-9]+)", "".join(lines))
    def get(path, host=None, cookie=None):
        headers = {}
        if host:
            headers["Host"] = host
        if cookie:
            headers["Cookie"] = cookie
        port = int(url[1].rsplit(":", 1)[1].strip("/"))
        connection = http.client.HTTPConnection("10.9.8.7", port, timeout=60)
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status, dict(response.getheaders())
    report = {"lines": lines}
    if url:
        netloc = url[1][len("http://"):-1]
        report["none"] = get("/api/setup")[0]
        status, headers = get("/?code=" + url[2])
        report["code"] = status
        cookie = headers.get("Set-Cookie", "").split(";")[0]
        report["setup"] = get("/api/setup", cookie=cookie)[0]
        report["rebound"] = get("/api/setup", host="table.lan:" + netloc.split(":")[1],
                                cookie=cookie)[0]
        report["named"] = get("/api/setup", host=netloc, cookie=cookie)[0]
    process.terminate()
    report["err"] = process.communicate(timeout=60)[1]
    print(json.dumps(report))
    """
)


def in_namespace(arguments: list[str]) -> dict[str, Any]:
    if not (shutil.which("unshare") and shutil.which("ip")):
        pytest.skip("network namespace: needs unshare and ip (util-linux, iproute2)")
    setup = (
        "ip link set lo up && ip link add v0 type veth peer name v1 && "
        "ip addr add 10.9.8.7/24 dev v0 && ip link set v0 up && ip link set v1 up && "
        'exec "$0" "$@"'
    )
    probe = subprocess.run(["unshare", "-rn", "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"network namespace: unshare -rn fails here: {probe.stderr.decode()[:200]}")
    done = subprocess.run(
        ["unshare", "-rn", "sh", "-c", setup, sys.executable, "-c", _IN_NAMESPACE, *arguments],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_every_address_prints_each_network_address_warns_and_asks_for_a_code() -> None:
    report = in_namespace(["--host", "0.0.0.0"])
    lines = report["lines"]
    assert re.match(r"pinochle serve: pinochlerun at http://127\.0\.0\.1:\d+/ ", lines[0])
    assert re.match(r"pinochle serve: access code [A-Z2-9]{4}-[A-Z2-9]{4}: ", lines[1])
    assert re.match(r"pinochle serve: a phone on your network opens http://10\.9\.8\.7:", lines[2])
    assert "warning: listening on every address of this machine (0.0.0.0)" in report["err"]
    assert "Traceback" not in report["err"]
    assert report["none"] == 401
    assert report["code"] == 303
    assert report["setup"] == 200
    assert report["named"] == 200
    assert report["rebound"] == 421


def test_a_network_address_asks_for_a_code_without_being_told() -> None:
    report = in_namespace(["--host", "10.9.8.7"])
    lines = report["lines"]
    assert re.match(r"pinochle serve: pinochlerun at http://10\.9\.8\.7:\d+/ ", lines[0]), lines
    assert lines[1].startswith("pinochle serve: access code "), lines
    assert "warning" not in report["err"]
    assert (report["none"], report["code"], report["setup"]) == (401, 303, 200)
    assert report["rebound"] == 421


# --- A refusal at the gate closes the connection -----------------------------------------------


@pytest.mark.parametrize("path", ["/api/games", f"/?code={CODE}"], ids=["401", "303"])
def test_a_body_the_gate_did_not_read_is_never_a_request(server: TableServer, path: str) -> None:
    # A request with the cookie, hidden in the body of a request refused at the gate (or
    # answered there with a redirect): it is never read as a request of its own.
    port = int(server.server_address[1])
    cookie = _access.Gate(CODE, port).set_cookie().split(";")[0]
    inner = (
        f"POST /api/games HTTP/1.1\r\nHost: {HOST}:{port}\r\nCookie: {cookie}\r\n"
        "Content-Length: 2\r\n\r\n{}"
    ).encode()
    method = "POST" if path == "/api/games" else "GET"
    outer = (
        f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Length: {len(inner)}\r\n\r\n"
    ).encode()
    answer = b""
    with socket.create_connection((HOST, port), timeout=60) as raw:
        raw.sendall(outer + inner)
        raw.shutdown(socket.SHUT_WR)
        with contextlib.suppress(ConnectionResetError):
            while chunk := raw.recv(65536):
                answer += chunk
    assert answer.count(b"HTTP/1.1 ") == 1, answer
    assert b"Connection: close" in answer
    assert list(server.store.folder.glob("*.json")) == []
