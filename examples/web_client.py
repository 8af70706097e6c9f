"""A front end of `pinochle serve` in a few lines: the model for a web or phone game.

It starts the web table in this process (as ``pinochle serve --port 0`` would), then plays a
whole game through the HTTP endpoints with the standard library only, exactly as the page
in the browser does: start a game, fetch the person's view, send the chosen action as text
with the view's ETag, and repeat until the game is over. The person here picks the first
legal action of the view's observation document; a real front end shows the view's SVG
picture and the line that says why, and lets the person choose.
"""

from __future__ import annotations

import http.client
import json
import tempfile
import threading
from typing import Any

import pinochle as pn
from pinochle.serve import make_server


class Table:
    """The few requests a front end makes."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port

    def call(self, method: str, path: str, body: str = "", **headers: str) -> tuple[int, Any]:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            connection.request(method, path, body=body.encode() or None, headers=headers)
            response = connection.getresponse()
            return response.status, json.loads(response.read())
        finally:
            connection.close()


def first_legal(observation: dict[str, Any]) -> str:
    """The first legal action's text, read from the observation's wire document."""
    legal = pn.Observation.from_json(json.dumps(observation)).legal_actions
    return str(legal[1] if len(legal) > 1 and str(legal[0]) == "pass" else legal[0])


def main() -> None:
    house = 'extends = "browser-game"\n[game]\ntarget = 40\n'
    with tempfile.TemporaryDirectory() as folder:
        with open(f"{folder}/short.toml", "w", encoding="utf-8") as file:
            file.write(house)
        server = make_server(pn.load_variant(f"{folder}/short.toml"), port=0, seed=8)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            table = Table("127.0.0.1", server.server_address[1])
            status, game = table.call("POST", "/api/games", "{}")
            (me,) = game["people"]  # one person: South, with a computer partner
            print(f"{status}: game {len(game['game'])} hex digits; you are {me['name']}")
            path = f"/api/games/{game['game']}/people/{me['person']}"
            token = {"X-Pinochle-Token": me["token"]}
            status, view = table.call("GET", path, **token)
            print(f"{status}: {view['why']}")
            status, refused = table.call("POST", f"{path}/actions", "bid 5", **token)
            print(f"{status}: {refused['error']}")
            requests = 3
            while view["turn"] is not None:
                action = first_legal(view["observation"])
                etag = {"If-Match": f'"{view["actions"]}"'}
                status, view = table.call("POST", f"{path}/actions", action, **token, **etag)
                requests += 1
                assert status == 200, view
            observation = view["observation"]
            print(f"{requests} requests; game over after {len(observation['results'])} hands")
            print(f"{view['sides'][observation['winner']]} won {observation['scores']}")
        finally:
            server.shutdown()
            server.server_close()


if __name__ == "__main__":
    main()
