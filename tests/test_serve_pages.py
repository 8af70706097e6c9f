"""The meld scorer, counter and score keeper of `pinochle serve` over HTTP (issue 30).

Seed 002's web tool as endpoints: ``/api/meld`` and ``/api/count`` compute with the
library (its worked examples must come out), ``/api/sheets`` keeps ``pinochle score`` files
in the server's folder: strict input, one writer winning when two post at once (the other
412), durable across servers, and one sheet for the page and the command line. The pages
themselves are in tests/test_pages_browser.py.
"""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
from pinochle.cli import main
from pinochle.serve import TableServer, make_server
from pinochle.sheet import ScoreSheet

# Seed 002's worked example (hearts trump: 240) and Pagat's double-deck one (87).
SEED_HAND = ["A♥", "10♥", "K♥", "K♥", "Q♥", "Q♥", "J♥", "9♥", "Q♠", "J♦", "K♦", "K♣"]
DOUBLE_HAND = [
    "A♥",
    "10♥",
    "K♥",
    "K♥",
    "K♥",
    "Q♥",
    "Q♥",
    "J♥",
    "Q♦",
    "Q♦",
    "J♦",
    "Q♣",
    "Q♣",
    "A♠",
    "K♠",
    "K♠",
    "Q♠",
    "Q♠",
    "J♠",
    "J♠",
]


def _start(folder: Path, variant: pn.Variant) -> TableServer:
    server = make_server(variant, port=0, folder=folder, seed=1)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _stop(server: TableServer) -> None:
    server.shutdown()
    server.server_close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TableServer]:
    started = _start(tmp_path / "store", pn.load_variant("pagat-partnership"))
    try:
        yield started
    finally:
        _stop(started)


def call(
    server: TableServer, method: str, path: str, body: Any = None, **headers: str
) -> tuple[int, dict[str, str], Any]:
    """One request; ``body`` is sent as JSON unless it is bytes or text already."""
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(str(host), int(port), timeout=60)
    if body is not None and not isinstance(body, bytes | str):
        body = json.dumps(body)
    data = body.encode() if isinstance(body, str) else body
    try:
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        content = response.read()
        kind = response.getheader("Content-Type") or ""
        answer = json.loads(content) if kind.startswith("application/json") else content
        return response.status, dict(response.getheaders()), answer
    finally:
        connection.close()


def post(server: TableServer, path: str, body: Any, **headers: str) -> tuple[int, Any]:
    status, _, answer = call(server, "POST", path, body, **headers)
    return status, answer


# --- The pages are served ------------------------------------------------------------------


@pytest.mark.parametrize("page", ["/meld", "/counter", "/sheets"])
def test_each_page_is_served_beside_the_table(server: TableServer, page: str) -> None:
    status, headers, body = call(server, "GET", page)
    assert status == 200
    assert headers["Content-Type"].startswith("text/html")
    assert b'src="/static/pages.js"' in body
    for name in ("pages.js", "pages.css"):
        assert call(server, "GET", f"/static/{name}")[0] == 200
    _, _, start = call(server, "GET", "/")
    assert f'href="{page}"'.encode() in start  # reached from the start screen


# --- The meld scorer -------------------------------------------------------------------------


def test_the_seeds_worked_example_scores_240_with_each_meld_and_its_cards(
    server: TableServer,
) -> None:
    status, answer = post(server, "/api/meld", {"cards": SEED_HAND, "trump": "♥"})
    assert status == 200, answer
    assert answer["format"] == "pinochle.table-meld"
    assert answer["meld"]["total"] == 240
    items = {item["name"]: (item["points"], item["cards"]) for item in answer["meld"]["items"]}
    assert items["run"] == (150, ["A♥", "10♥", "K♥", "Q♥", "J♥"])
    assert items["royal marriage"][0] == 40
    assert items["dix"] == (10, ["9♥"])
    assert items["pinochle"] == (40, ["Q♠", "J♦"])
    totals = {suit: meld["total"] for suit, meld in answer["by_trump"].items()}
    assert totals == {"♣": 80, "♦": 80, "♥": 240, "♠": 80}
    assert (answer["deck"], answer["copies"], answer["scale"]) == ("single", 2, 10)


def test_ones_and_dailey_switches_are_the_profiles_keys(server: TableServer) -> None:
    ones = post(server, "/api/meld", {"cards": SEED_HAND, "trump": "H", "scale": 1})[1]
    assert (ones["meld"]["total"], ones["scale"]) == (24, 1)
    dailey = post(server, "/api/meld", {"cards": SEED_HAND, "trump": "H", "run_extras": True})[1]
    # Dailey's table: a run with an extra K and Q is 230 (no royal marriage beside it).
    assert dailey["meld"]["total"] == 280
    assert dailey["meld"]["items"][0]["points"] == 230
    assert dailey["run_extras"] is True


def test_the_double_deck_scores_pagats_example(server: TableServer) -> None:
    body = {"cards": DOUBLE_HAND, "trump": "♥", "variant": "pagat-double-deck"}
    status, answer = post(server, "/api/meld", body)
    assert status == 200, answer
    assert (answer["meld"]["total"], answer["deck"], answer["copies"]) == (87, "double", 4)
    assert "9" not in answer["ranks"]


def test_a_house_profiles_meld_table_is_used(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "pagat-partnership"\nname = "our-table"\n[meld.values]\npinochle = [50, 300]\n',
        encoding="utf-8",
    )
    started = _start(tmp_path / "store", pn.load_variant(str(house)))
    try:
        # A sheet kept under the house profile: its version holds from creation to reload.
        tag, sheet = new_sheet(started, "house")
        assert sheet["variant"] == "our-table"
        assert add(started, "house", tag)[0] == 200
        answer = post(started, "/api/meld", {"cards": ["Q♠", "J♦"]})[1]
        assert (answer["variant"], answer["meld"]["total"]) == ("our-table", 50)
        builtin = post(
            started, "/api/meld", {"cards": ["Q♠", "J♦"], "variant": "pagat-partnership"}
        )
        assert builtin[1]["meld"]["total"] == 40
    finally:
        _stop(started)


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"cards": SEED_HAND, "colour": "red"}, "meld: unknown key 'colour'"),
        ({"cards": "A♥ 10♥"}, "cards: expected a list of cards"),
        ({"cards": ["A♥", 10]}, "cards: expected a list of cards"),
        ({"cards": ["A♥", "X♥"]}, "cards: bad card 'X♥'"),
        ({"cards": ["A♥", "A♥", "A♥"]}, "cards: 3 × A♥, but the single deck has only 2"),
        ({"cards": ["9♥"], "variant": "pagat-double-deck"}, "cards: 9♥ is not in the double deck"),
        ({"cards": [], "trump": "X"}, "trump:"),
        ({"cards": [], "trump": 2}, "trump: expected a suit, found 2"),
        ({"cards": [], "scale": 5}, "scale: expected 1 (ones) or 10 (tens), found 5"),
        ({"cards": [], "scale": True}, "scale: expected 1 (ones) or 10 (tens), found true"),
        ({"cards": [], "run_extras": "yes"}, "run_extras: expected true or false"),
        (
            {"cards": [], "run_extras": True, "variant": "pagat-double-deck"},
            "meld.run_extras: Dailey's run extras are a single-deck rule",
        ),
        ({"cards": [], "variant": "../house.toml"}, "variant: expected one of"),
        ([], "meld: expected a JSON object"),
        ("{", "meld:"),
    ],
)
def test_the_meld_scorer_refuses_bad_input_naming_it(
    server: TableServer, body: Any, said: str
) -> None:
    status, answer = post(server, "/api/meld", body)
    assert status == 400
    assert answer["error"].startswith(said), answer


def test_the_endpoints_take_a_post_only(server: TableServer) -> None:
    for path in ("/api/meld", "/api/count", "/api/rules"):
        assert call(server, "GET", path)[0] == 405
    assert call(server, "DELETE", "/api/sheets")[0] == 405


def test_rules_offer_the_seeds_games_for_each_target(server: TableServer) -> None:
    single = post(server, "/api/rules", {"variant": "pagat-partnership"})[1]
    assert single["targets"] == [1500, 1000]
    assert post(server, "/api/rules", {"variant": "pinochlerun"})[1]["targets"] == [150, 100]
    double = post(server, "/api/rules", {"variant": "pagat-double-deck"})[1]
    assert double["targets"] == [500]
    tens = post(server, "/api/rules", {"variant": "pagat-double-deck", "scale": 10})[1]
    assert tens["targets"] == [5000]  # the seed's reading: Pagat's 500 times ten
    chips = post(server, "/api/rules", {"variant": "pagat-auction-3"})[1]
    assert (chips["chips"], chips["targets"], chips["target"]) == (True, [], None)


# --- The counter -------------------------------------------------------------------------


def test_the_counter_counts_by_the_profile_and_by_every_method(server: TableServer) -> None:
    body = {"cards": ["A♥", "10♥", "K♥", "Q♥"], "last_trick": True}
    status, answer = post(server, "/api/count", body)
    assert status == 200, answer
    assert (answer["card_points"], answer["last_trick_points"], answer["points"]) == (30, 10, 40)
    methods = {(m["method"], m["scale"]): m["points"] for m in answer["methods"]}
    # A 10 K Q and the last trick, as docs/reference/counting.md counts them.
    assert methods == {
        ("counters", 1): 4,
        ("counters", 10): 40,
        ("classic", 10): 11 + 10 + 4 + 3 + 10,
        ("simplified", 10): 10 + 10 + 5 + 5 + 10,
    }
    without = post(server, "/api/count", {"cards": ["A♥"], "last_trick": False})[1]
    assert without["points"] == 10


def test_every_method_counts_the_single_deck_to_the_same_total(server: TableServer) -> None:
    deck = [f"{rank}{suit}" for suit in "♣♦♥♠" for rank in ("A", "10", "K", "Q", "J", "9")] * 2
    answer = post(server, "/api/count", {"cards": deck, "last_trick": True})[1]
    tens = [m["points"] for m in answer["methods"] if m["scale"] == 10]
    assert tens == [250, 250, 250]
    assert answer["points"] == answer["deck_points"] == 250
    assert next(m["points"] for m in answer["methods"] if m["scale"] == 1) == 25


def test_the_counter_rounds_as_the_profile_does(server: TableServer) -> None:
    # Bicycle's two-hand game rounds a side's count: 7 or more goes up to the next ten.
    body = {"cards": ["A♥", "10♥", "K♥", "K♠"], "variant": "bicycle-two-handed"}
    answer = post(server, "/api/count", body)[1]
    assert (answer["card_points"], answer["points"]) == (11 + 10 + 4 + 4, 30)


def test_the_counter_refuses_bad_input_naming_it(server: TableServer) -> None:
    assert post(server, "/api/count", {"cards": [], "last_trick": 1})[1]["error"].startswith(
        "last_trick: expected true or false"
    )
    assert post(server, "/api/count", {"cards": [], "trump": "H"})[1]["error"].startswith(
        "count: unknown key 'trump'"
    )
    assert post(server, "/api/count", {"cards": ["A♥"] * 3})[0] == 400


# --- The score keeper -------------------------------------------------------------------------

HAND = {"bidder": 0, "bid": 300, "meld": [190, 60], "points": [150, 100]}


def new_sheet(server: TableServer, name: str = "kitchen", **settings: Any) -> tuple[str, Any]:
    status, headers, sheet = call(server, "POST", "/api/sheets", {"name": name, **settings})
    assert status == 201, sheet
    assert headers["ETag"] == f'"{sheet["etag"]}"'
    return sheet["etag"], sheet


def add(server: TableServer, name: str, tag: str, hand: Any = HAND) -> tuple[int, Any]:
    return post(server, f"/api/sheets/{name}/hands", hand, **{"If-Match": f'"{tag}"'})


def sheet_file(server: TableServer, name: str) -> Path:
    return server.store.folder / "sheets" / f"{name}.json"


def test_a_sheet_keeps_the_seeds_settings_in_the_file(server: TableServer) -> None:
    _tag, sheet = new_sheet(
        server, target=1000, set="opponents-score-bid", save_meld=False, scale=10
    )
    assert (sheet["target"], sheet["set"], sheet["save_meld"]) == (
        1000,
        "opponents-score-bid",
        False,
    )
    assert (sheet["scores"], sheet["hands"], sheet["status"]) == ([0, 0], [], "tied (game 1000)")
    kept = ScoreSheet.load(sheet_file(server, "kitchen"))
    rules = kept.variant
    assert rules.game.target == 1000
    assert str(rules.settlement.set) == "opponents-score-bid"
    assert str(rules.settlement.save_meld) == "none"
    ones = new_sheet(server, "ones", variant="pagat-partnership", scale=1, target=100)[1]
    assert (ones["scale"], ones["target"], ones["deck_points"]) == (1, 100, 25)


def test_hands_settle_spot_not_on_the_board_and_undo(server: TableServer) -> None:
    tag, _ = new_sheet(server, target=1000)
    status, sheet = add(server, "kitchen", tag)
    assert status == 200, sheet
    # The seed's example: side A bid 300 with 190 meld and took 150: 340 and 160.
    assert sheet["scores"] == [340, 160]
    assert sheet["hands"][0]["reason"] == "made: meld 190 + points 150 = 340 ≥ 300"
    out = {"bidder": 1, "bid": 400, "meld": [50, 100]}
    status, sheet = add(server, "kitchen", sheet["etag"], out)
    assert sheet["hands"][1]["outcome"] == "not on the board"
    assert sheet["scores"] == [390, -240]
    status, headers, undone = call(
        server, "POST", "/api/sheets/kitchen/undo", "", **{"If-Match": f'"{sheet["etag"]}"'}
    )
    assert status == 200
    assert undone["scores"] == [340, 160]
    assert len(undone["hands"]) == 1
    assert headers["ETag"] == f'"{undone["etag"]}"' != f'"{sheet["etag"]}"'


def test_the_game_end_is_spotted(server: TableServer) -> None:
    tag, _ = new_sheet(server, variant="pinochlerun", target=40)
    status, sheet = add(
        server, "kitchen", tag, {"bidder": 0, "bid": 30, "meld": [28, 4], "points": [15, 10]}
    )
    assert (sheet["over"], sheet["winner"]) == (True, 0)
    assert sheet["status"] == "side 0 won (side 0 reached 40)"
    status, refused = add(server, "kitchen", sheet["etag"])
    assert status == 400
    assert "the game is over" in refused["error"]


def test_sheets_refuse_bad_input_naming_it(server: TableServer) -> None:
    tag, _ = new_sheet(server)
    bad_hands = [
        ({"bidder": 0, "bid": 300, "meld": [190, 60], "points": [150, 101]}, "add up to 251"),
        ({"bidder": 0, "bid": 300, "meld": [190, 60], "score": 1}, "hand: unknown key 'score'"),
        ({"bidder": 0, "bid": 300}, "hand: meld: missing"),
        ({"bidder": 0, "bid": "300", "meld": [190, 60]}, "bid: expected a whole number"),
        ([1], "hand: expected a JSON object"),
    ]
    for hand, said in bad_hands:
        status, refused = add(server, "kitchen", tag, hand)
        assert (status, said in refused["error"]) == (400, True), (hand, refused)
    assert ScoreSheet.load(sheet_file(server, "kitchen")).hands == ()  # nothing half-applied
    assert post(server, "/api/sheets/kitchen/hands", HAND)[0] == 428
    undo = "/api/sheets/kitchen/undo"
    assert post(server, undo, "", **{"If-Match": f'"{tag}"'})[1]["error"].startswith(
        "the sheet has no hand to undo"
    )
    assert post(server, undo, "{}", **{"If-Match": f'"{tag}"'})[1]["error"] == (
        "undo: expected no body"
    )
    assert add(server, "kitchen", "12")[0] == 400
    assert post(server, "/api/sheets", {"name": "kitchen"})[0] == 409
    for settings, said in [
        ({"name": "../etc"}, "name: expected 1 to 40 letters"),
        ({"name": "a", "target": 0}, "target: expected a whole number"),
        ({"name": "a", "set": "zero"}, "set: expected one of minus-bid, opponents-score-bid"),
        ({"name": "a", "variant": "pagat-auction-3", "target": 1000}, "target: pagat-auction-3"),
        ({"name": "a", "save_meld": "no"}, "save_meld: expected true or false"),
        ({"name": "a", "players": 4}, "sheet: unknown key 'players'"),
    ]:
        status, refused = post(server, "/api/sheets", settings)
        assert (status, refused["error"].startswith(said)) == (400, True), (settings, refused)
    assert not sheet_file(server, "a").exists()
    assert call(server, "GET", "/api/sheets/nowhere")[0] == 404
    assert call(server, "GET", "/api/sheets/a.b")[0] == 404
    assert call(server, "GET", "/api/sheets/kitchen/other")[0] == 404


def test_two_writers_on_one_version_one_wins_the_other_gets_412(server: TableServer) -> None:
    tag, _ = new_sheet(server)
    start = threading.Barrier(2)
    answers: list[tuple[int, Any]] = []

    def write(points: list[int]) -> None:
        start.wait()
        answers.append(add(server, "kitchen", tag, {**HAND, "points": points}))

    writers = [threading.Thread(target=write, args=(p,)) for p in ([150, 100], [160, 90])]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    assert sorted(status for status, _ in answers) == [200, 412]
    won = next(answer for status, answer in answers if status == 200)
    lost = next(answer for status, answer in answers if status == 412)
    assert "changed since you loaded it" in lost["error"]
    kept = ScoreSheet.load(sheet_file(server, "kitchen"))
    assert len(kept) == 1
    assert list(kept.scores) == won["scores"]


def test_a_new_server_on_the_same_folder_has_the_sheets(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    first = _start(folder, pn.load_variant("pagat-partnership"))
    try:
        tag, _ = new_sheet(first)
        assert add(first, "kitchen", tag)[0] == 200
        new_sheet(first, "porch")
    finally:
        _stop(first)
    second = _start(folder, pn.load_variant("pinochlerun"))
    try:
        listed = call(second, "GET", "/api/sheets")[2]["sheets"]
        assert [(s["name"], s["hands"]) for s in listed] == [("kitchen", 1), ("porch", 0)]
        status, headers, sheet = call(second, "GET", "/api/sheets/kitchen")
        assert status == 200
        assert sheet["scores"] == [340, 160]
        assert headers["ETag"] == f'"{sheet["etag"]}"'
    finally:
        _stop(second)


def test_the_page_and_the_command_line_keep_one_sheet(
    server: TableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    tag, _ = new_sheet(server)
    tag = add(server, "kitchen", tag)[1]["etag"]
    path = str(sheet_file(server, "kitchen"))
    capsys.readouterr()
    assert main(["score", "show", path]) == 0
    shown = capsys.readouterr().out
    assert "made: meld 190 + points 150 = 340 ≥ 300" in shown
    assert "side 0 340" in shown
    # The command line adds a hand: the page's old version is refused, the new one has it.
    add_cli = ["score", "add", path, "--bidder", "1", "--bid", "250", "--meld", "40", "200"]
    assert main([*add_cli, "--points", "60", "190"]) == 0
    assert add(server, "kitchen", tag)[0] == 412
    _status, _headers, sheet = call(server, "GET", "/api/sheets/kitchen")
    assert [hand["bid"] for hand in sheet["hands"]] == [300, 250]
    assert sheet["scores"] == [340 + 100, 160 + 390]
    assert add(server, "kitchen", sheet["etag"])[0] == 200
    capsys.readouterr()
    assert main(["score", "undo", path]) == 0
    assert len(ScoreSheet.load(path)) == 2


def test_a_damaged_sheet_is_a_500_that_names_it_and_the_list_goes_on(
    server: TableServer,
) -> None:
    new_sheet(server)
    new_sheet(server, "porch")
    sheet_file(server, "porch").write_text("{", encoding="utf-8")
    status, _, refused = call(server, "GET", "/api/sheets/porch")
    assert status == 500
    assert refused["error"].startswith("the sheet 'porch' cannot be used")
    listed = call(server, "GET", "/api/sheets")[2]["sheets"]
    assert listed[0]["name"] == "kitchen"
    assert "error" in listed[1]
