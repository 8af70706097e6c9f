"""A minimal game server loop: games kept as JSON, each seat served its own observation.

This is the shape of a web or phone game's back end, with the standard library only. The
server keeps every game as a state document (`State.to_json`) in a store (here a folder; a
database row or a cache entry works the same way), so a restart loses nothing. Each request
loads the state, answers, and saves the new state:

- ``view(game, seat)`` returns the seat's observation as JSON: its cards and the public
  history, never another seat's hidden card, with its legal actions as text;
- ``act(game, seat, text)`` reads an action's text (``"bid 26"``, ``"play A♥"``), applies
  it if it is that seat's legal action, and answers with a small JSON reply; a bad request
  changes nothing.

The clients here are the library's own computer players, which read only the observation
JSON they are sent, as a browser would.
"""

from __future__ import annotations

import json
import secrets
import tempfile
from pathlib import Path
from typing import Any

import pinochle as pn
from pinochle.bots import make_bot


class GameServer:
    """Games in progress, stored as state documents in a folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, game: str) -> Path:
        if not game.isalnum():  # a game id is ours: never a path from the client
            raise KeyError(game)
        return self.folder / f"{game}.json"

    def _load(self, game: str) -> pn.State:
        # Our own store: trusted, so the history need not be replayed (verify=False).
        return pn.State.from_json(self._path(game).read_bytes(), verify=False)

    def _save(self, game: str, state: pn.State) -> None:
        path = self._path(game)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(state.to_json(), encoding="utf-8")
        temporary.replace(path)  # atomic: a crash leaves the old state or the new one

    def new_game(self, profile: str = "pinochlerun", seed: int | None = None) -> str:
        """Start a game and return its id."""
        game = secrets.token_hex(8)
        self._save(game, pn.new_game(pn.load_variant(profile), seed=seed))
        return game

    def view(self, game: str, seat: int) -> str:
        """The seat's observation as a wire document (JSON)."""
        return pn.observe(self._load(game), seat).to_json()

    def act(self, game: str, seat: int, text: str) -> str:
        """Apply a seat's action, given as text; the reply says what happened."""
        state = self._load(game)
        if state.to_act != seat:
            return json.dumps({"ok": False, "error": "it is not your turn"})
        try:
            state = pn.apply(state, pn.parse_action(text))
        except pn.PinochleError as error:  # unreadable or illegal: the game is unchanged
            return json.dumps({"ok": False, "error": str(error)}, ensure_ascii=False)
        self._save(game, state)
        reply: dict[str, Any] = {"ok": True, "to_act": state.to_act, "over": state.is_over}
        return json.dumps(reply)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = GameServer(Path(folder))
        game = server.new_game("pinochlerun", seed=7)
        players = [make_bot("hard", seed=seat) for seat in range(4)]
        print(server.act(game, 2, "bid 25"))  # not seat 2's turn: refused, nothing changes
        print(server.act(game, 1, "bid 2S"))  # not an action: refused with the reason
        requests = 0
        seat: int | None = 1
        while seat is not None:
            view = pn.Observation.from_json(server.view(game, seat))  # what the client got
            reply = json.loads(server.act(game, seat, str(players[seat].choose(view))))
            requests += 2
            assert reply["ok"], reply
            seat = None if reply["over"] else reply["to_act"]
        final = pn.Observation.from_json(server.view(game, 0))
        print(f"{requests} requests; game over after {len(final.results)} hands: {final.scores}")
        print(f"South's last view: {len(server.view(game, 0))} bytes of JSON")


if __name__ == "__main__":
    main()
