"""Correcting a renege at the web table (``pinochle serve``, ``renege.correction``).

rules/reneges#correction: Chapman's tournament rules say a "player may correct before the
trick is closed". At the web table the computer players move between a person's action and
the reply, so a person's correction was never possible: the trick closed at once. Now,
after a person's renege in a trick still open, the computer players wait; the person
corrects (``correct renege SEAT CARD`` to the actions endpoint) or lets it stand
(``POST .../let-stand``), and play goes on. A refused request changes nothing.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pinochle as pn
from pinochle.engine._tricks import reneged
from pinochle.serve import GameStore, RequestError, TableServer, make_server
from test_serve import Client, check_view, stored

HOUSE = (
    'extends = "pagat-partnership"\n[game]\ntarget = 100000\n'
    '[renege]\npenalty = "chapman"\naccept = true\ncorrection = true\n'
)


def chapman(tmp_path: Path, correction: bool = True) -> pn.Variant:
    """Chapman's table with the referee's option (and the correction unless told)."""
    path = tmp_path / "chapman.toml"
    text = HOUSE if correction else HOUSE.replace("correction = true\n", "")
    path.write_text(text, encoding="utf-8")
    return pn.load_variant(str(path))


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[TableServer, Client]]:
    server = make_server(chapman(tmp_path), level="easy", port=0, folder=tmp_path / "games", seed=4)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server, Client(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def observation(view: dict[str, Any]) -> pn.Observation:
    return pn.Observation.from_json(json.dumps(view["observation"]))


def renege_of(view: dict[str, Any], obs: pn.Observation | None = None) -> pn.Play | None:
    """A held card against the duty of the trick the person follows, if there is one."""
    obs = obs or observation(view)
    if obs.phase is not pn.Phase.TRICKS or not obs.trick or obs.to_act != obs.seat:
        return None
    legal = {a.card for a in obs.legal_actions if isinstance(a, pn.Play)}
    wrong = [card for card in obs.hand if card not in legal]
    return pn.Play(wrong[0]) if wrong else None


def first_action(view: dict[str, Any]) -> str:
    legal = observation(view).legal_actions
    return str(pn.Pass() if pn.Pass() in legal else legal[0])


def to_renege(client: Client, game: dict[str, Any], person: int) -> dict[str, Any]:
    """Play the first legal action each time until the person reneges; the view after it."""
    _, view = client.view(game, person)
    for _ in range(300):
        wrong = renege_of(view)
        status, view = client.act(game, person, str(wrong or first_action(view)), view["actions"])
        assert status == 200, view
        if wrong is not None:
            return dict(view)
    raise AssertionError("no renege came up")  # pragma: no cover


def person_of(game: dict[str, Any]) -> int:
    return int(game["people"][0]["person"])


def test_after_a_persons_renege_the_table_waits_and_the_person_corrects(
    table: tuple[TableServer, Client], tmp_path: Path
) -> None:
    """Chapman: "player may correct before the trick is closed": the bots wait for it."""
    _server, client = table
    game = client.new_game()
    person = person_of(game)
    view = to_renege(client, game, person)
    state = stored(tmp_path / "games", game["game"])
    seat = state.hand.persons.index(person)
    # The computer players waited: the person's renege is the trick's last card.
    assert state.trick[-1][0] == seat
    assert reneged(state, seat)
    assert view["correction"] is True
    assert view["turn"] == person
    check_view(view, json.dumps(view).encode(), state, person)
    fixes = [a for a in observation(view).legal_actions if isinstance(a, pn.CorrectRenege)]
    assert fixes
    assert all(a.seat == seat for a in fixes)
    # The same view fetched again asks the same (the server keeps the question).
    _, again = client.view(game, person)
    assert again["correction"] is True
    status, after = client.act(game, person, str(fixes[0]), view["actions"])
    assert status == 200, after
    assert after["correction"] is False
    state = stored(tmp_path / "games", game["game"])
    assert not reneged(state, seat)  # corrected: no renege in the hand
    assert any(isinstance(a, pn.CorrectRenege) for a in state.actions)


def test_letting_a_renege_stand_resumes_play(
    table: tuple[TableServer, Client], tmp_path: Path
) -> None:
    _server, client = table
    game = client.new_game()
    person = person_of(game)
    view = to_renege(client, game, person)
    folder = tmp_path / "games"
    before = stored(folder, game["game"])
    seat = before.hand.persons.index(person)
    token = {"X-Pinochle-Token": game["people"][0]["token"]}
    path = f"/api/games/{game['game']}/people/{person}/let-stand"
    status, after = client.json(
        "POST", path, body="", headers={**token, "If-Match": f'"{view["actions"]}"'}
    )
    assert status == 200, after
    assert after["correction"] is False
    state = stored(folder, game["game"])
    assert len(state.actions) > len(before.actions)  # the computer players went on
    assert len(state.tricks) > len(before.tricks)  # the trick closed on the renege
    assert reneged(state, seat)  # it stands, and may be called
    # Once its trick has closed the question is forgotten: the file is as any other game's.
    data = json.loads((folder / f"{game['game']}.json").read_text(encoding="utf-8"))
    assert "standing" not in data
    # No renege waits now: letting it stand again is refused.
    status, reply = client.json("POST", path, body="", headers=token)
    assert status == 409
    assert "no renege to let stand" in reply["error"]


def test_bad_requests_while_asked_are_refused_and_change_nothing(
    table: tuple[TableServer, Client], tmp_path: Path
) -> None:
    _server, client = table
    game = client.new_game()
    person = person_of(game)
    view = to_renege(client, game, person)
    state = stored(tmp_path / "games", game["game"])
    seat = state.hand.persons.index(person)
    obs = observation(view)
    fix = next(a for a in obs.legal_actions if isinstance(a, pn.CorrectRenege))
    wrong_card = next(c for c in obs.hand if pn.CorrectRenege(seat, c) not in obs.legal_actions)
    file = tmp_path / "games" / f"{game['game']}.json"
    before = file.read_bytes()
    token = {"X-Pinochle-Token": game["people"][0]["token"]}
    base = f"/api/games/{game['game']}/people/{person}"
    other = (seat + 1) % 4
    cases: list[tuple[str, str, str, dict[str, str], int, str]] = [
        ("POST", "actions", f"play {obs.hand[0]}", token, 409, "asked first to correct"),
        ("POST", "actions", f"correct renege {other} {fix.card}", token, 409, f"seat {seat}"),
        ("POST", "actions", f"correct renege {seat} {wrong_card}", token, 409, "no correction"),
        ("POST", "actions", "correct renege", token, 400, "correct renege"),
        ("POST", "let-stand", "stand", token, 400, "expected no body"),
        ("POST", "let-stand", "", {**token, "If-Match": '"1"'}, 412, "moved on"),
        ("POST", "let-stand", "", {}, 403, "token"),
        ("GET", "let-stand", "", token, 405, "use POST"),
    ]
    for method, end, body, headers, status, words in cases:
        got, reply = client.json(method, f"{base}/{end}", body=body, headers=headers)
        assert got == status, (end, body, reply)
        assert words.lower() in reply["error"].lower(), (end, body, reply)
        assert file.read_bytes() == before, (end, body)
    # No hint for a correction, and still nothing changed.
    got, reply = client.json("GET", f"{base}/hint", headers=token)
    assert got == 409
    assert "correcting a renege" in reply["error"]
    assert file.read_bytes() == before
    # The question is still open, and the correction is taken.
    status, after = client.act(game, person, str(fix), view["actions"])
    assert status == 200, after


def test_the_question_survives_a_restart_and_a_damaged_answer_is_refused(
    tmp_path: Path,
) -> None:
    variant = chapman(tmp_path)
    folder = tmp_path / "games"
    store = GameStore(folder, variant, level="easy", seed=4)
    game = store.create()
    person, token = person_of(game), game["people"][0]["token"]
    view = store.view(game["game"], person, token)
    for _ in range(300):
        wrong = renege_of(view)
        view = store.act(game["game"], person, token, str(wrong or first_action(view)), None)
        if wrong is not None:
            break
    assert view["correction"] is True
    store.close()
    restarted = GameStore(folder, variant)
    assert restarted.view(game["game"], person, token)["correction"] is True
    restarted.close()
    # A stored "standing" that is not [hand, trick, seat] triples is refused, named.
    file = folder / f"{game['game']}.json"
    data = json.loads(file.read_text(encoding="utf-8"))
    for bad in ([[0, 0, 9]], [["0", 0, 1]], {"0": 1}, [[0, 0]]):
        file.write_text(json.dumps({**data, "standing": bad}), encoding="utf-8")
        again = GameStore(folder, variant)
        with pytest.raises(RequestError, match="standing") as caught:
            again.view(game["game"], person, token)
        assert caught.value.status == 500
        again.close()


def test_without_the_correction_the_table_never_waits(tmp_path: Path) -> None:
    """renege.accept alone: a renege stands at once, as before (the question is the key's)."""
    store = GameStore(tmp_path / "games", chapman(tmp_path, correction=False), seed=4)
    game = store.create()
    person, token = person_of(game), game["people"][0]["token"]
    view = store.view(game["game"], person, token)
    for _ in range(300):
        wrong = renege_of(view)
        view = store.act(game["game"], person, token, str(wrong or first_action(view)), None)
        if wrong is not None:
            break
    assert view["correction"] is False
    assert view["turn"] == person
    with pytest.raises(RequestError, match="no renege to let stand"):
        store.let_stand(game["game"], person, token, None)


@pytest.mark.parametrize("seed", range(3))
def test_random_play_with_reneges_corrections_and_stands(tmp_path: Path, seed: int) -> None:
    """Random reneges, corrected or let stand at random, over whole hands: the computer
    players never move while a person is asked, and every view is the seat's own."""
    rng = random.Random(seed)
    store = GameStore(tmp_path / f"games{seed}", chapman(tmp_path), level="easy", seed=seed)
    game = store.create()
    gid, person, token = game["game"], person_of(game), game["people"][0]["token"]
    view = store.view(gid, person, token)
    asked = 0
    for _ in range(3000):
        state = store._load(gid).state
        if state.results and asked >= 2:
            break
        obs = observation(view)
        if view["correction"]:
            asked += 1
            check_view(view, json.dumps(view).encode(), state, person)
            seat = state.hand.persons.index(person)
            assert state.trick[-1][0] == seat  # nobody played after the renege
            fixes = [a for a in obs.legal_actions if isinstance(a, pn.CorrectRenege)]
            if rng.random() < 0.5:
                view = store.act(gid, person, token, str(rng.choice(fixes)), view["actions"])
            else:
                view = store.let_stand(gid, person, token, view["actions"])
            continue
        wrong = renege_of(view, obs)
        if wrong is not None and rng.random() < 0.5:
            view = store.act(gid, person, token, str(wrong), view["actions"])
            continue
        legal = [a for a in obs.legal_actions if not isinstance(a, pn.CallRenege)]
        view = store.act(gid, person, token, str(rng.choice(legal)), view["actions"])
    assert store._load(gid).state.results, "no hand ended"
    assert asked >= 2
