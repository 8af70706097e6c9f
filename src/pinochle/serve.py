"""`pinochle serve`: a local web table, built on the library and speaking only the wire format.

A person (or two people at one device) plays a whole game against the computer players in a
browser. The page is three small static files shipped in the package (``pinochle/web``: no
build step, nothing fetched from elsewhere); everything the page knows of the game comes from
a few JSON endpoints, which are the model for a web or phone front end of your own:

- ``GET /api/setup``: the server's profile, the profiles and levels a game may have;
- ``POST /api/games``: start a game; the answer has its id and one token per person;
- ``GET /api/games/ID/people/P``: person P's view: observation, SVG picture, why;
- ``GET /api/games/ID/people/P/table.svg``: the SVG of that view alone;
- ``POST /api/games/ID/people/P/actions``: an action as text (``play A♥``); the new view;
- ``POST /api/games/ID/people/P/let-stand``: under ``renege.correction``, let P's renege
  stand rather than correct it (the computer players wait for P's answer); the new view;
- ``GET /api/games/ID/people/P/hint``: the hint of P's decision (`pinochle.analysis.hint`
  of P's observation), when P is to act;
- ``GET /api/games/ID/people/P/review/N``: P's decisions in the finished hand N, each
  against the hint from what P knew then (`pinochle.analysis.review`);
- ``POST /api/rules``, ``/api/meld``, ``/api/count``: the meld scorer's and the trick
  counter's answers (`pinochle.score_meld`, `pinochle.meld_by_trump`, `pinochle.card_points`);
- ``GET``/``POST /api/sheets``, ``GET /api/sheets/NAME``, ``POST .../hands`` and
  ``.../undo``: the score keeper's sheets, ``pinochle score`` files in the server's folder.

Beside the table (``/``) the server has three pages of seed 002's web tool: the meld scorer
(``/meld``), the trick counter (``/counter``) and the score keeper (``/sheets``).

Each person's requests carry that person's token (header ``X-Pinochle-Token``), so a
browser only ever gets its own seat's view: `pinochle.observe` of the seat, its picture
(`pinochle.svg.table`) and the line that says why (`pinochle.explain_legal`); never the
state, never another seat's hidden card; a hint or a review is computed from that seat's
observations alone. The computer players move on the server, between
a person's action and the reply. A view carries an ``ETag`` (the number of actions played);
an action sent with ``If-Match`` is applied only to the position it was chosen in, so a
double click cannot play a card twice.

Games are kept as JSON documents (the wire format's state, with the table's seating) in a
folder, one file per game, written atomically: a server started again on the same folder
goes on with every game. Bad requests get a 4xx status and a JSON ``{"error": ...}`` that
says what was wrong, and change nothing; requests to the same game take turns (a lock per
game), and a second server on the same folder is refused.

The server is the standard library's threading HTTP server: a game for one or two people at
one machine needs no more, and the library keeps its three runtime dependencies. It binds
127.0.0.1 unless told otherwise, and refuses requests whose ``Host`` is not its own (its
address, the name it was given, or ``localhost`` on this machine: a defence against DNS
rebinding). Bound to an address that other devices can reach (``--host``), it has an access
code (`pinochle._access`): every request, to every route, needs the code or the cookie the
code buys, or is answered 401 and learns nothing; wrong codes from one client address are
answered 429 after a few a minute. It refuses POSTs from another origin, and reads at most
`MAX_BODY_BYTES` of a request body; a body is applied whole or refused. Every refusal closes
the connection, and so does a request whose body was not read, so that nothing a client
sends is read as a request it did not make. The server's log (standard error) gets one line
for a fault of its own, never a traceback.

Hints and reviews take from a fraction of a second to many seconds. Each is computed in a
thread of its own, outside the game's lock, so the game's other requests and other games go
on meanwhile; the same question asked again (a second click) is answered from the first
computation, at most `ANALYSES` are computed at once, and a stopping server stops waiting
for them.
"""

from __future__ import annotations

import contextlib
import hmac
import http.server
import importlib.resources
import json
import os
import random
import re
import secrets
import socket
import sys
import tempfile
import threading
import urllib.parse
from collections.abc import Callable, Hashable, Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from pinochle import _access, _files, _pages, svg
from pinochle._words import counted
from pinochle.actions import Action, Bury, CorrectRenege, PassCards, Play, parse_action
from pinochle.arguments import SEED_LIMIT
from pinochle.cards import format_cards
from pinochle.demo import person_names
from pinochle.documents import decode_text, parse_json
from pinochle.engine import apply, legal_actions, new_game, observe
from pinochle.errors import (
    ArgumentError,
    IllegalActionError,
    InvariantError,
    PinochleError,
    RequestError,
    TooManyTriesError,
)
from pinochle.explain import explain_legal
from pinochle.meld import meld_by_trump
from pinochle.play import DEFAULT_LEVEL, LEVELS, seating
from pinochle.records import GameRecord, record_of, replay_states
from pinochle.state import Observation, Phase, State
from pinochle.variant import Variant, builtin_variants, load_variant
from pinochle.wire import from_dict

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no lock on the folder
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "ANALYSES",
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "MAX_BODY_BYTES",
    "MAX_HINT_WORLDS",
    "GameStore",
    "RequestError",
    "TableServer",
    "make_server",
]

DEFAULT_HOST = "127.0.0.1"
"""The address the server binds by default: this machine only."""

DEFAULT_PORT = 8150
"""The port `pinochle serve` listens on unless ``--port`` says otherwise (0: any free one)."""

MAX_BODY_BYTES = 4096
"""The largest request body read: an action's text or a new game's settings are far smaller."""

TOKEN_HEADER = "X-Pinochle-Token"
"""The request header that carries a person's token."""

GAME_FORMAT = "pinochle.served-game"
"""The ``format`` of a stored game document (the state plus the table's seating)."""

VIEW_FORMAT = "pinochle.table-view"
"""The ``format`` of a view document, the answer to a person's GET or action."""

HINT_FORMAT = "pinochle.table-hint"
"""The ``format`` of a hint document, the answer to a person's GET of ``hint``."""

REVIEW_FORMAT = "pinochle.table-review"
"""The ``format`` of a hand's review document, the answer to a GET of ``review/N``."""

ANALYSES = 4
"""Hints and reviews computed at once; one more is refused (503) until one of them ends."""

MAX_HINT_WORLDS = 10_000
"""The most deals a server may imagine for a hint (``hint_worlds``), as `pinochle.analysis.hint`."""

_KEPT_ANALYSES = 256  # answers remembered, the oldest dropped first

_GAME_ID = re.compile(r"[0-9a-f]{16}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")  # what secrets.token_urlsafe writes
_NUMBER = re.compile(r"[0-9]+")  # ASCII digits: str.isdigit() takes "²", which int() refuses
_ETAG = re.compile(r'(?:W/)?("?)([0-9]{1,12})\1')
_DRAIN_BYTES = 256 * 1024  # read and dropped before closing a connection with a body unread
_DRAIN_SECONDS = 2.0
_WEB = (
    "index.html",
    "table.js",
    "table.css",
    "meld.html",
    "counter.html",
    "sheets.html",
    "pages.css",
    "pages.js",
)
_PAGES = {"meld": "meld.html", "counter": "counter.html", "sheets": "sheets.html"}
_SHEET_TAG = re.compile(r'(?:W/)?"([0-9a-f]{16})"')
_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
_ASK_CODE = (
    "this table asks for its access code: open the address with ?code= that pinochle serve "
    "printed, or type the code on its page"
)
_AUTO = (Phase.MELD, Phase.MISDEAL)  # a lone legal action here is taken for the person


@attrs.frozen
class _Game:
    """A game in progress: its state and who plays it (the stored document's content)."""

    id: str
    state: State
    level: str
    people: tuple[int, ...]
    tokens: tuple[str, ...]
    levels: Mapping[int, str]
    # renege.correction: the reneges a person let stand, as (hand, trick, seat), in the
    # trick still open only. The server's own, not the engine's: the engine knows no asking.
    standing: frozenset[tuple[int, int, int]] = frozenset()

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "format": GAME_FORMAT,
            "version": 1,
            "id": self.id,
            "level": self.level,
            "people": list(self.people),
            "tokens": list(self.tokens),
            "levels": {str(person): level for person, level in self.levels.items()},
            "state": self.state.to_dict(),
        }
        if self.standing:  # written only when set: every other game's file is as before
            data["standing"] = [list(key) for key in sorted(self.standing)]
        return json.dumps(data, ensure_ascii=False)


class GameStore:
    """Games kept as JSON documents in a folder, and the table logic around them.

    Every method is safe to call from several threads: the requests to one game take turns.
    The HTTP layer (`TableServer`) only translates requests into these calls.

    Args:
        folder: Where the games are kept (created if missing). One server at a time may use
            it: a second store on the same folder raises `RequestError` (503).
        variant: The profile of new games unless a request names a built-in one.
        level: The computer opponents' level (`pinochle.play.LEVELS`).
        players: People per game: 1, or 2 at one device.
        seed: Makes the first game's deals and computer players reproducible (each later
            game adds one); default: the operating system's entropy.
        hint_worlds: Deals imagined for each hint and each reviewed decision, 1 to
            `MAX_HINT_WORLDS` (default: `pinochle.analysis.WORLDS`, by deck); fewer is
            faster and rougher.
    """

    def __init__(
        self,
        folder: Path | str,
        variant: Variant,
        *,
        level: str = DEFAULT_LEVEL,
        players: int = 1,
        seed: int | None = None,
        hint_worlds: int | None = None,
    ) -> None:
        if level not in LEVELS and not _is_program(level):
            raise RequestError(400, f"level: expected one of {', '.join(LEVELS)}, found {level!r}")
        if _is_program(level):
            from pinochle.protocol._host import check_command

            try:
                check_command(level, "level")
            except ArgumentError as exc:
                raise RequestError(400, str(exc)) from None
        if type(players) is not int or players not in (1, 2):
            raise RequestError(400, f"players: expected 1 or 2, found {players!r}")
        if seed is not None:
            _check_seed(seed)
        if hint_worlds is not None and (
            type(hint_worlds) is not int or not 1 <= hint_worlds <= MAX_HINT_WORLDS
        ):
            raise RequestError(
                400,
                f"hint_worlds: expected a whole number from 1 to {MAX_HINT_WORLDS}, "
                f"found {_shown(hint_worlds)}",
            )
        if not isinstance(folder, Path) and not folder:  # Path("") is the current folder
            raise RequestError(400, f"folder: expected a folder's path, found {folder!r}")
        self.folder = Path(folder)
        self.variant = variant
        self.level = level
        self._program = level if _is_program(level) else None  # the one program games may seat
        self.players = players
        self.seed = seed
        self.hint_worlds = hint_worlds
        self._analyses = _Analyses(ANALYSES, _KEPT_ANALYSES)
        self._games: dict[str, _Game] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._folder_lock = self._lock_folder()
        self.sheets = _pages.SheetStore(self.folder / "sheets", self._variant)
        """The score keeper's sheets, ``pinochle score`` files in the folder's ``sheets``."""

    def _lock_folder(self) -> int | None:
        def error(problem: str) -> PinochleError:
            return RequestError(503, f"{self.folder}: {problem}")

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.folder / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise error(f"cannot use the folder: {exc.strerror or exc}") from None
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                raise error("another pinochle serve is using this folder") from None
        del error
        return fd

    def stop(self) -> None:
        """Stop waiting for hints and reviews: their requests are refused (503) from now on."""
        self._analyses.stop()

    def close(self) -> None:
        """Let another store use the folder (the games stay in it); hints and reviews stop."""
        self.stop()
        if self._folder_lock is not None:
            os.close(self._folder_lock)
            self._folder_lock = None

    # --- The endpoints' logic -------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        """What a new game may be: the server's profile, the built-in ones, levels, players."""
        variants = list(builtin_variants())
        if self.variant.name not in variants:
            variants.insert(0, self.variant.name)
        return {
            "variant": self.variant.name,
            "title": self.variant.title,
            "variants": variants,
            "level": self.level,
            "levels": [*LEVELS, self._program] if self._program else list(LEVELS),
            "players": self.players,
        }

    def create(self, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Start a game; the computer players move until a person is to act.

        Args:
            settings: May name a ``variant`` (built-in, or the server's own), a ``level``,
                ``players`` (1 or 2) and a ``seed``; the server's settings otherwise.

        Returns:
            The game's id, its people with their names and tokens, and who is to act.

        Raises:
            RequestError: A setting that is unknown or wrong (400).
        """
        settings = dict(settings or {})
        unknown = sorted(set(settings) - {"variant", "level", "players", "seed"})
        if unknown:
            raise RequestError(
                400, f"unknown setting {unknown[0]!r}; known: variant, level, players, seed"
            )
        variant = self._variant(settings.get("variant"))
        level = settings.get("level", self.level)
        if level not in LEVELS and level != self._program:  # only the server's own program
            raise RequestError(400, f"level: expected one of {', '.join(LEVELS)}, found {level!r}")
        players = settings.get("players", self.players)
        if type(players) is not int or players not in (1, 2):
            raise RequestError(400, f"players: expected 1 or 2, found {players!r}")
        seed = settings.get("seed")
        if seed is None and self.seed is not None:
            with self._guard:  # the seed after the largest is 0: every game has one
                seed, self.seed = self.seed, (self.seed + 1) % SEED_LIMIT
        if seed is not None:
            _check_seed(seed)
        seats = seating(variant, players, level)
        state = new_game(variant, seed=seed, dealer=seats.dealer)
        game = _Game(
            id=secrets.token_hex(8),
            state=state,
            level=level,
            people=seats.people,
            tokens=tuple(secrets.token_urlsafe(18) for _ in seats.people),
            levels=seats.levels,
        )
        game = attrs.evolve(game, state=_advance(game, state))
        with self._game_lock(game.id):
            self._save(game)
        names = person_names(variant)
        return {
            "game": game.id,
            "variant": variant.name,
            "people": [
                {"person": person, "name": names[person], "token": token}
                for person, token in zip(game.people, game.tokens, strict=True)
            ],
            "turn": _turn(game),
        }

    def rules(self, data: object) -> dict[str, Any]:
        """What the pages need of a profile: deck, scale, switches, the keeper's settings.

        Args:
            data: The request's JSON: ``variant``, ``scale`` (1 or 10), ``run_extras``.

        Raises:
            RequestError: An unknown key, profile or a switch it cannot take (400).
        """
        return _pages.rules(self._variant, data)

    def meld(self, data: object) -> dict[str, Any]:
        """The meld scorer: a hand's meld with one trump and with each (`pinochle.score_meld`).

        Args:
            data: The request's JSON: ``cards``, ``trump`` and the switches of `rules`.

        Raises:
            RequestError: A key, card, suit or switch that is wrong (400), named.
        """
        return _pages.meld(self._variant, data)

    def count(self, data: object) -> dict[str, Any]:
        """The trick counter: a side's points by the profile and by each counting method.

        Args:
            data: The request's JSON: ``cards``, ``last_trick``, ``variant``, ``scale``.

        Raises:
            RequestError: A key, card or switch that is wrong (400), named.
        """
        return _pages.count(self._variant, data)

    def view(self, game_id: str, person: int, token: str | None) -> dict[str, Any]:
        """A person's view of a game (see `TableServer`).

        Raises:
            RequestError: No such game (404), or the token is not this person's (403).
        """
        with self._game_lock(game_id):
            game = self._load(game_id)
            self._check_token(game, person, token)
            return _view(game, person)

    def act(
        self, game_id: str, person: int, token: str | None, text: str, expected: int | None
    ) -> dict[str, Any]:
        """Apply a person's action (its text, as `pinochle.parse_action` reads it).

        The computer players then move until a person is to act or the game is over; the
        answer is the acting person's new view. ``expected``, when given, is the number of
        actions played in the position the action was chosen in. Under
        ``renege.correction`` a person's correction of their own renege (``correct renege
        SEAT CARD``) is taken out of turn, and after a person's renege the computer players
        wait for it (or for `let_stand`).

        Raises:
            RequestError: No such game (404); not this person's token (403); not a readable
                action (400); not this person's turn, a correction of another seat's renege,
                or not a legal action now (409); the position has moved on since
                ``expected`` (412). The game is unchanged.
        """
        with self._game_lock(game_id):
            game = self._load(game_id)
            self._check_token(game, person, token)
            state = game.state
            _check_expected(state, expected)
            if state.is_over:
                raise RequestError(409, "the game is over")
            name = person_names(state.variant)[person]
            try:
                action: Action | None = parse_action(text)
                unread = ""
            except ValueError as exc:
                action, unread = None, str(exc)
            if type(action) is CorrectRenege:  # out of turn: the action names its seat
                _check_correction(state, person, action)
            elif _turn(game) != person:
                raise RequestError(409, f"it is not {name}'s turn")
            elif action is None:
                raise RequestError(400, unread)
            elif _asked(game, state) == person:  # the engine's seat to act is another's
                raise RequestError(
                    409,
                    f"{action}: not allowed, {name} is asked first to correct the renege in "
                    "this trick (correct renege SEAT CARD) or to let it stand (let-stand)",
                )
            try:
                after = apply(state, action)
            except IllegalActionError as exc:
                raise RequestError(409, f"{exc.action}: not allowed, {exc.reason}") from None
            changed = _moved(game, after)
            self._save(changed)
            return _view(changed, person)

    def let_stand(
        self, game_id: str, person: int, token: str | None, expected: int | None
    ) -> dict[str, Any]:
        """Let the person's renege stand rather than correct it (``renege.correction``).

        After a person's renege in a trick still open the computer players wait: the person
        corrects it (`act` with ``correct renege SEAT CARD``) or lets it stand (this call),
        and play goes on. The answer is the person's new view. ``expected`` is as in `act`.

        Raises:
            RequestError: No such game (404); not this person's token (403); the position
                has moved on since ``expected`` (412); the game is over, or no renege of the
                person's waits for an answer (409). The game is unchanged.
        """
        with self._game_lock(game_id):
            game = self._load(game_id)
            self._check_token(game, person, token)
            state = game.state
            _check_expected(state, expected)
            if state.is_over:
                raise RequestError(409, "the game is over")
            if _asked(game, state) != person:
                name = person_names(state.variant)[person]
                raise RequestError(
                    409, f"{name} has no renege to let stand: no correction of theirs is asked"
                )
            seat = state.hand.persons.index(person)
            key = (state.hand.number, len(state.tricks), seat)
            changed = _moved(attrs.evolve(game, standing=game.standing | {key}), state)
            self._save(changed)
            return _view(changed, person)

    def svg(self, game_id: str, person: int, token: str | None) -> str:
        """The SVG picture of a person's view (the ``svg`` field of `view`)."""
        picture: str = self.view(game_id, person, token)["svg"]
        return picture

    def hint(
        self, game_id: str, person: int, token: str | None, expected: int | None = None
    ) -> dict[str, Any]:
        """The hint of the decision the person is to make (`pinochle.analysis.hint`).

        Computed from the person's observation alone (so it never tells a hidden card) and
        only for that person's own decision. The answer lists every valued action as the
        text the actions endpoint takes, best first, with its expected value and interval
        in the hint's measure. ``expected``, when given, is the number of actions played
        in the position the person sees.

        Raises:
            RequestError: No such game (404); not this person's token (403); the game has
                moved on since ``expected`` (412); the game is over, the person sits out,
                it is not their turn, or the decision is not one a hint values (409); the
                server is busy with other hints and reviews, or stopping (503).
        """
        from pinochle.analysis import hintable  # lazily: the solver loads on first use

        game = self._checked(game_id, person, token)
        state = game.state
        played = len(state.actions)
        _check_expected(state, expected)
        name = person_names(state.variant)[person]
        if state.is_over:
            raise RequestError(409, "the game is over: no decision to hint")
        if person not in state.hand.persons:
            raise RequestError(409, f"{name} sits out this hand: no decision to hint")
        if _turn(game) != person:
            raise RequestError(
                409, f"it is not {name}'s turn: a hint is only for one's own decision"
            )
        view = observe(state, state.hand.persons.index(person))
        if not hintable(view):
            raise RequestError(409, _not_hintable(view))
        worlds = self.hint_worlds
        return self._analyses.answer(
            ("hint", game.id, person, played),
            lambda: _hint_document(game.id, person, played, view, worlds),
        )

    def review(self, game_id: str, person: int, token: str | None, hand: int) -> dict[str, Any]:
        """The person's decisions in a finished hand, each against the hint of that moment.

        `pinochle.analysis.review` of the game's record for the person's seat in that hand:
        each decision a hint values, with the hint from what the seat knew then, the points
        it was expected to lose against the best, its mark (``?``, ``??`` or none) and its
        line, and the hand's summary line. It can take many seconds.

        Args:
            game_id: The game.
            person: Whose decisions.
            token: That person's token.
            hand: The hand, from 1 (as the score bar counts): a finished one.

        Raises:
            RequestError: No such game (404); not this person's token (403); the hand is
                not over yet, or the person sat it out (409); the server is busy with other
                hints and reviews, or stopping (503).
        """
        game = self._checked(game_id, person, token)
        state = game.state
        if type(hand) is not int or hand < 1:
            raise RequestError(404, f"no such hand: {_shown(hand)} (hands count from 1)")
        finished = state.hand.number + (1 if state.is_over else 0)  # hands count from 0
        if hand > finished:
            done = (
                "no hand is over yet"
                if not finished
                else "hand 1 is over"
                if finished == 1
                else f"hands 1 to {finished} are over"
            )
            raise RequestError(409, f"hand {hand} is not finished: {done}")
        record = record_of(state)
        worlds = self.hint_worlds
        return self._analyses.answer(
            ("review", game.id, person, hand),
            lambda: _review_document(game.id, person, hand, record, worlds),
        )

    def _checked(self, game_id: str, person: int, token: str | None) -> _Game:
        """The game as it is now, for a request with the person's token."""
        with self._game_lock(game_id):
            game = self._load(game_id)
            self._check_token(game, person, token)
            return game  # immutable: read on without the lock

    # --- Storage ------------------------------------------------------------------------

    @contextlib.contextmanager
    def _game_lock(self, game_id: str) -> Iterator[None]:
        if not _GAME_ID.fullmatch(game_id):
            raise RequestError(404, "no such game")
        with self._guard:
            lock = self._locks.setdefault(game_id, threading.Lock())
        with lock:
            yield

    def _path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.json"

    def _load(self, game_id: str) -> _Game:
        game = self._games.get(game_id)
        if game is not None:
            return game
        path = self._path(game_id)
        if not path.is_file():
            raise RequestError(404, "no such game")
        game = _read_game(path, game_id, self._program)
        self._games[game_id] = game
        return game

    def _save(self, game: _Game) -> None:
        """Write the game, then remember it: a failed write leaves both as they were."""
        path = self._path(game.id)

        def error(problem: str) -> PinochleError:
            return RequestError(503, f"cannot save the game: {problem}")

        _files.replace(path, game.to_json() + "\n", 0o600, error)
        self._games[game.id] = game

    def _variant(self, name: object) -> Variant:
        if name is None or name == self.variant.name:
            return self.variant
        if not isinstance(name, str) or name not in builtin_variants():
            known = ", ".join([self.variant.name, *builtin_variants()])
            raise RequestError(400, f"variant: expected one of {known}, found {name!r}")
        return load_variant(name)

    @staticmethod
    def _check_token(game: _Game, person: int, token: str | None) -> None:
        if person not in game.people:
            raise RequestError(404, f"person {person} is not a person at this table")
        wanted = game.tokens[game.people.index(person)]
        if token is None or not hmac.compare_digest(token.encode(), wanted.encode()):
            raise RequestError(403, f"this request needs person {person}'s token ({TOKEN_HEADER})")


def _check_seed(seed: object) -> None:
    """A seed a game takes (`pinochle.new_game`'s range), or a 400 that says the range."""
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise RequestError(
            400, f"seed: expected a whole number from 0 to {SEED_LIMIT - 1}, found {_shown(seed)}"
        )


def _check_expected(state: State, expected: int | None) -> None:
    """A 412 if the game has moved on since the position of ``expected`` actions played."""
    if expected is not None and expected != len(state.actions):
        raise RequestError(
            412,
            f"the game has moved on: {len(state.actions)} actions played, not {expected}; "
            "fetch the view again",
        )


def _read_game(path: Path, game_id: str, program: str | None = None) -> _Game:
    """A stored game, checked as strictly as any document (its history is replayed).

    The folder is input like any other: every field the table reads is checked here, so a
    damaged or edited file is refused with a 500 that names the field, never played.
    """

    def error(problem: str) -> PinochleError:
        return RequestError(500, f"stored game {game_id} cannot be read: {problem}")

    try:
        data = parse_json(path.read_bytes(), error)
    except OSError as exc:
        raise error(exc.strerror or str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
        raise error(f"not a {GAME_FORMAT} document")
    for key in ("version", "id", "level", "people", "tokens", "levels", "state"):
        if key not in data:
            raise error(f"{key}: missing")
    if type(data["version"]) is not int or data["version"] != 1:
        raise error(f"version: this server reads version 1, found {_shown(data['version'])}")
    if data["id"] != game_id:
        raise error(f"id: expected {game_id!r} (the file's name), found {_shown(data['id'])}")
    level = data["level"]
    known = (*LEVELS, program) if program is not None else LEVELS  # a file names no other
    if not isinstance(level, str) or level not in known:
        raise error(f"level: expected one of {', '.join(LEVELS)}, found {_shown(level)}")
    try:
        state = from_dict("state", data["state"])
    except (PinochleError, KeyError, TypeError, ValueError, AttributeError) as exc:
        problem = str(exc)
        raise error(problem if problem.startswith("state") else f"state: {problem}") from None
    persons = state.variant.deal.seated
    people = data["people"]
    if (
        not isinstance(people, list)
        or not 1 <= len(people) <= 2
        or any(type(p) is not int or not 0 <= p < persons for p in people)
        or len(set(people)) != len(people)
    ):
        raise error(
            f"people: expected one or two different persons from 0 to {persons - 1}, "
            f"found {_shown(people)}"
        )
    tokens = data["tokens"]
    if (
        not isinstance(tokens, list)
        or len(tokens) != len(people)
        or not all(isinstance(t, str) and _TOKEN.fullmatch(t) for t in tokens)
        or len(set(tokens)) != len(tokens)  # one person's token must not open another's view
    ):
        raise error(
            f"tokens: expected {len(people)} different tokens (16 to 64 letters, digits, "
            f"- or _), one per person, found {_shown(tokens)}"
        )
    levels = data["levels"]
    computers = [str(p) for p in range(persons) if p not in people]
    if (
        not isinstance(levels, dict)
        or sorted(levels) != computers
        or not all(isinstance(v, str) and v in known for v in levels.values())
    ):
        raise error(
            f"levels: expected a level ({', '.join(LEVELS)}) for each computer player "
            f"({', '.join(computers)}), found {_shown(levels)}"
        )
    standing = data.get("standing", [])  # written only while a renege stands in the trick
    players = state.variant.deal.players
    if not isinstance(standing, list) or not all(
        isinstance(key, list)
        and len(key) == 3
        and all(type(n) is int and n >= 0 for n in key)
        and key[2] < players
        for key in standing
    ):
        raise error(
            "standing: expected a list of [hand, trick, seat], whole numbers (a seat from 0 "
            f"to {players - 1}), found {_shown(standing)}"
        )
    return _Game(
        game_id,
        state,
        level,
        tuple(people),
        tuple(tokens),
        {int(p): str(v) for p, v in levels.items()},
        frozenset((hand, trick, seat) for hand, trick, seat in standing),
    )


def _shown(value: object) -> str:
    """A found value in a message: its repr, cut short (a stored file may hold anything)."""
    try:
        text = repr(value)
    except ValueError:  # an int of more than 4,300 digits has no repr
        return "a number of more than 4300 digits"
    return text if len(text) <= 60 else text[:57] + "..."


def _bot_seed(game: _Game, state: State, person: int) -> int:
    """Each decision's seed: the game's seed, the person and the move number (restart-proof)."""
    return random.Random(f"{state.game.seed}:{person}:{len(state.actions)}").getrandbits(63)


def _advance(game: _Game, state: State) -> State:
    """Let the computer players move until a person is to decide, or the game is over.

    A person's lone legal action in a two-hand meld turn or a misdeal offer (nothing to
    declare: draw; no misdeal to call: keep) is taken for them, as at the terminal table.
    Under ``renege.correction`` they also wait while a person may correct a renege in the
    open trick and has not let it stand (`_asked`): the next card would close the chance.
    """
    from pinochle.bots import make_bot  # lazily: the bots are an optional layer

    while not state.is_over and state.to_act is not None:
        if _asked(game, state) is not None:
            break
        seat = state.to_act
        person = state.hand.persons[seat]
        view = observe(state, seat)
        if person in game.people:
            if view.phase in _AUTO and len(view.legal_actions) == 1:
                state = apply(state, view.legal_actions[0])
                continue
            break
        level, seed = game.levels[person], _bot_seed(game, state, person)
        if _is_program(level):
            state = apply(state, _program_action(level, seed, state, seat))
            continue
        bot = make_bot(level, seed=seed)
        state = apply(state, bot.choose(view))
    return state


def _moved(game: _Game, state: State) -> _Game:
    """The game once a person has acted: the computer players' moves, and what still stands.

    A renege let stand matters only while its trick is open: keys of closed tricks go.
    """
    state = _advance(game, state)
    now = (state.hand.number, len(state.tricks))
    standing = frozenset(key for key in game.standing if key[:2] == now)
    return attrs.evolve(game, state=state, standing=standing)


def _asked(game: _Game, state: State) -> int | None:
    """The person the table waits for to correct a renege or let it stand, if any.

    Under ``renege.correction``: a person at this device whose card in the trick still
    open is a renege the engine lets them correct, and who has not let it stand. The first
    such card of the trick is asked first (two people at one device).
    """
    if not state.variant.renege.correction or state.phase is not Phase.TRICKS or not state.trick:
        return None
    open_seats = {a.seat for a in legal_actions(state) if type(a) is CorrectRenege}
    if not open_seats:
        return None
    hand = state.hand
    for seat, _card in state.trick:
        person = hand.persons[seat]
        key = (hand.number, len(state.tricks), seat)
        if seat in open_seats and person in game.people and key not in game.standing:
            return person
    return None


def _check_correction(state: State, person: int, action: CorrectRenege) -> None:
    """A person's correction names their own seat in this hand (the engine checks the rest)."""
    name = person_names(state.variant)[person]
    if person not in state.hand.persons:
        raise RequestError(409, f"{action}: not allowed, {name} sits out this hand")
    seat = state.hand.persons.index(person)
    if action.seat != seat:
        raise RequestError(
            409,
            f"{action}: not allowed, {name} sits at seat {seat}: one corrects only one's own "
            "renege",
        )


def _is_program(level: str) -> bool:
    """Whether a level is the server's program (``cmd:PROGRAM ARGS``: the bot protocol)."""
    return isinstance(level, str) and level.startswith("cmd:")


def _program_action(level: str, seed: int, state: State, seat: int) -> Action:
    """A program's decision: started for it, told the deal so far, stopped after.

    A program that fails is replaced by a random player for this decision (the failure
    goes to the server's log); the next decision starts it afresh.
    """
    from pinochle.protocol import ExternalBot  # lazily: only a server that seats a program

    with ExternalBot(level, seed) as bot:
        action = bot.act(state, seat)
        for failure in bot.failures:
            print(f"pinochle serve: {level[4:]}: {failure}", file=sys.stderr, flush=True)
    return action


# --- Hints and reviews --------------------------------------------------------------------


class _Job:
    """One hint or review under way: its answer, or its failure, once ``done`` is set."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.answer: dict[str, Any] | None = None
        self.failure: BaseException | None = None


class _Analyses:
    """Hints and reviews, each computed in a daemon thread of its own and remembered.

    A request waits for its answer in its connection's thread, never under a game's lock.
    The same question asked while it is computed waits for the same computation; an answer
    is kept (the last ``kept`` of them) since it depends on nothing that changes. A
    stopping server stops waiting: its connections' threads end at once, and a computation
    left running ends with the process.
    """

    def __init__(self, limit: int, kept: int) -> None:
        self._limit = limit
        self._kept = kept
        self._lock = threading.Lock()
        self._answers: dict[Hashable, dict[str, Any]] = {}  # oldest first
        self._running: dict[Hashable, _Job] = {}
        self._stopping = False

    def answer(self, key: Hashable, compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """The answer for ``key``: remembered, being computed, or computed now."""
        with self._lock:
            if self._stopping:
                raise _stopping()
            found = self._answers.get(key)
            if found is not None:
                return found
            job = self._running.get(key)
            if job is None:
                if len(self._running) >= self._limit:
                    raise RequestError(
                        503,
                        f"the server is busy with {self._limit} hints and reviews; try again "
                        "in a moment",
                    )
                job = self._running[key] = _Job()
                threading.Thread(
                    target=self._run,
                    args=(key, job, compute),
                    name="pinochle-analysis",
                    daemon=True,
                ).start()
        job.done.wait()
        if job.failure is not None:
            raise job.failure
        assert job.answer is not None
        return job.answer

    def _run(self, key: Hashable, job: _Job, compute: Callable[[], dict[str, Any]]) -> None:
        answer: dict[str, Any] | None = None
        failure: Exception | None = None
        try:
            answer = compute()
        except Exception as exc:  # the waiting request answers it (a 4xx, or a logged 500)
            failure = exc
        finally:  # whatever happened, no request waits for ever
            if answer is None and failure is None:
                failure = InvariantError("a hint or review stopped without an answer")
            self._finish(key, job, answer, failure)

    def _finish(
        self, key: Hashable, job: _Job, answer: dict[str, Any] | None, failure: Exception | None
    ) -> None:
        with self._lock:
            self._running.pop(key, None)
            if job.done.is_set():  # stopped meanwhile: the requests have had their answer
                return
            job.answer, job.failure = answer, failure
            if answer is not None:
                self._answers[key] = answer
                while len(self._answers) > self._kept:
                    del self._answers[next(iter(self._answers))]
            job.done.set()

    def stop(self) -> None:
        """Refuse every waiting and later request (503): the server is stopping."""
        with self._lock:
            self._stopping = True
            for job in self._running.values():
                job.failure = _stopping()
                job.done.set()


def _stopping() -> RequestError:
    return RequestError(503, "the server is stopping")


def _not_hintable(view: Observation) -> str:
    """Why a seat to act gets no hint: the decisions a hint values, and this one."""
    if view.to_act != view.seat:  # renege.correction: asked out of turn
        return "no hint for this decision: a hint does not value correcting a renege"
    if view.phase is Phase.TRICKS:
        now = "a card while the stock lasts"
    elif view.stock_size:
        now = f"the {view.phase} phase while the stock lasts"
    else:
        now = f"the {view.phase} phase"
    return (
        "no hint for this decision: a hint values a card, a bid, trump, or the cards to "
        f"pass, return or bury (two-hand: once the stock is gone), not {now}"
    )


def _said(action: Action) -> str:
    """An action as the hint's line says it: ``A♠``, ``bid 26``, ``pass A♥ 10♥ K♠ Q♠``."""
    if isinstance(action, Play):
        return str(action.card)
    if isinstance(action, PassCards):
        return f"pass {format_cards(action.cards)}"
    if isinstance(action, Bury):
        return f"bury {format_cards(action.cards)}"
    return str(action)


def _hint_document(
    game_id: str, person: int, played: int, view: Observation, worlds: int | None
) -> dict[str, Any]:
    """The answer to a hint request: the hint of the person's observation, as JSON."""
    from pinochle.analysis import hint

    found = hint(view, worlds=worlds, seed=0)
    best = found.best
    if found.measure == "trick points":
        worth = (
            f"about {round(best.value)} trick points for your side from here "
            f"({round(best.low)} to {round(best.high)})"
        )
    else:
        others = "the other side's" if view.variant.sides == 2 else "the best other side's"
        worth = (
            f"your side's score this hand about {round(best.value):+d} against {others} "
            f"({round(best.low):+d} to {round(best.high):+d})"
        )
    return {
        "format": HINT_FORMAT,
        "version": 1,
        "game": game_id,
        "person": person,
        "actions": played,
        "seat": found.seat,
        "phase": str(found.phase),
        "measure": found.measure,
        "worlds": found.worlds,
        "best": str(best.action),
        "values": [
            {
                "action": str(entry.action),
                "value": round(entry.value, 2),
                "low": round(entry.low, 2),
                "high": round(entry.high, 2),
            }
            for entry in found.actions
        ],
        "text": f"Hint: {_said(best.action)}, {worth}, over {counted(found.worlds, 'deal')}.",
    }


def _review_document(
    game_id: str, person: int, hand: int, record: GameRecord, worlds: int | None
) -> dict[str, Any]:
    """The answer to a review request: `pinochle.analysis.review` of one hand, as JSON."""
    from pinochle.analysis import review

    name = person_names(record.variant)[person]
    persons = next((s.hand.persons for s in replay_states(record) if s.hand.number == hand - 1), ())
    if person not in persons:
        raise RequestError(409, f"{name} sat out hand {hand}: nothing of theirs to review")
    seat = persons.index(person)
    try:
        found = review(record, seat, hand=hand, worlds=worlds, seed=0)
    except ArgumentError as exc:  # a hand without an action (a redeal): nothing to review
        raise RequestError(409, f"hand {hand}: nothing to review ({exc})") from None
    decisions = [d for d in found.decisions if d.hand == hand]
    summary = found.hands[0].summary if found.hands else f"hand {hand}: no decision to review"
    return {
        "format": REVIEW_FORMAT,
        "version": 1,
        "game": game_id,
        "person": person,
        "seat": seat,
        "hand": hand,
        "summary": summary,
        "loss": round(sum(d.loss for d in decisions), 2),
        "decisions": [
            {
                "trick": d.trick,
                "phase": str(d.phase),
                "action": str(d.action),
                "best": str(d.best),
                "measure": d.hint.measure,
                "loss": round(d.loss, 2),
                "mark": d.mark,
                "text": d.text,
            }
            for d in decisions
        ],
    }


def _turn(game: _Game) -> int | None:
    """The person whose decision the game waits for (None once it is over)."""
    state = game.state
    if state.is_over or state.to_act is None:
        return None
    asked = _asked(game, state)  # renege.correction: a person's answer comes first
    return asked if asked is not None else state.hand.persons[state.to_act]


def _view(game: _Game, person: int) -> dict[str, Any]:
    """What the person's browser gets: only what that person's seat may know."""
    state = game.state
    variant = state.variant
    names = person_names(variant)
    side_of = [variant.side_of(p) for p in range(variant.deal.seated)]
    sides = [
        " & ".join(names[p] for p in range(variant.deal.seated) if side_of[p] == side)
        for side in range(variant.sides)
    ]
    turn = _turn(game)
    data: dict[str, Any] = {
        "format": VIEW_FORMAT,
        "version": 1,
        "game": game.id,
        "person": person,
        "side": side_of[person],
        "side_of": side_of,
        "names": list(names),
        "sides": sides,
        "people": [{"person": p, "name": names[p]} for p in game.people],
        "turn": turn,
        "actions": len(state.actions),
        "level": game.level,
        "title": variant.title,
        # The last finished hand, from 1 (the one a review may be asked of), or None.
        "last_hand": state.hand.number + 1 if state.is_over else state.hand.number or None,
        # renege.correction: the table waits for this person to correct or let stand.
        "correction": turn == person and _asked(game, state) == person,
    }
    if person not in state.hand.persons:  # a sit-out: nothing of this hand to see
        data.update(observation=None, svg="", why="", meld_by_trump={}, hintable=False)
        return data
    seat = state.hand.persons.index(person)
    view = observe(state, seat)
    data["observation"] = view.to_dict()
    data["svg"] = svg.table(view, names=names)
    data["why"] = explain_legal(view)
    bidding = view.phase in (Phase.AUCTION, Phase.TRUMP) and view.to_act == seat
    melds = meld_by_trump(view.hand, variant) if bidding else {}
    data["meld_by_trump"] = {str(suit): meld.total for suit, meld in melds.items()}
    data["hintable"] = _hintable(view)
    return data


def _hintable(view: Observation) -> bool:
    """`pinochle.analysis.hintable`, loaded only once a decision may be hinted."""
    if view.to_act != view.seat:
        return False
    from pinochle.analysis import hintable  # lazily: the solver loads on first use

    return hintable(view)


# --- HTTP ------------------------------------------------------------------------------


class TableServer(http.server.ThreadingHTTPServer):
    """The web table: the page's files and the JSON endpoints over a `GameStore`.

    Args:
        address: ``(host, port)`` to bind; port 0 picks a free one.
        store: The games.
        temporary: A temporary folder of games to remove when the server closes.
        code: The access code every request must carry (see `make_server`): None, a new
            random one unless the server is bound to a loopback address; True, a new random
            one; a string, that one; False, none (only on a loopback address).

    Raises:
        RequestError: A code that is too short or not letters and digits, or ``code=False``
            on an address other devices can reach (400).
        OSError: The address cannot be bound.
    """

    daemon_threads = True
    block_on_close = True

    def __init__(
        self,
        address: tuple[str, int],
        store: GameStore,
        temporary: tempfile.TemporaryDirectory[str] | None = None,
        *,
        code: str | bool | None = None,
    ) -> None:
        if isinstance(code, str) and (problem := _access.code_problem(code)):
            raise RequestError(400, f"code: {problem}")
        self.store = store
        self._temporary = temporary
        self._connections: set[socket.socket] = set()  # open ones, ended by server_close
        self._connections_lock = threading.Lock()
        super().__init__(address, _Handler)
        host, port = str(self.server_address[0]), int(self.server_address[1])
        self.hosts = _allowed_hosts(host, port, address[0])
        self.gate: _access.Gate | None = None
        """The access code's gate (None: the server asks for no code)."""
        loopback = _loopback(host, address[0])
        if code is False and not loopback:
            self.socket.close()
            raise RequestError(
                400, f"code: a server on {host}, which other devices can reach, needs a code"
            )
        if code is True or (code is None and not loopback):
            code = _access.new_code()
        if isinstance(code, str):
            self.gate = _access.Gate(code, port)

    @property
    def code(self) -> str | None:
        """The access code every request needs (capitals, no dashes), or None: none needed."""
        return None if self.gate is None else self.gate.code

    @property
    def network_urls(self) -> list[str]:
        """The page's addresses for other devices (none for a loopback server).

        For a server bound to every address (``0.0.0.0``), one per address of this machine
        that another device may reach (`pinochle._access.local_addresses`).
        """
        host, port = str(self.server_address[0]), int(self.server_address[1])
        if _loopback(host, host):
            return []
        if self.host_is_wildcard:
            return [f"http://{a}:{port}/" for a in _access.local_addresses()]
        return [self.url]

    @property
    def host_is_wildcard(self) -> bool:
        """Whether the server listens on every address of this machine (``0.0.0.0``)."""
        return str(self.server_address[0]) in _WILDCARDS

    def with_code(self, url: str) -> str:
        """The address with the access code (``?code=...``), which sets the cookie at once."""
        return url if self.gate is None else f"{url}?code={self.gate.code}"

    @property
    def url(self) -> str:
        """The page's address, for a browser on this machine."""
        host, port = self.server_address[:2]
        shown = str(host)
        if shown in _WILDCARDS:
            shown = "127.0.0.1"
        if ":" in shown:
            shown = f"[{shown}]"
        return f"http://{shown}:{port}/"

    def log(self, message: str) -> None:
        """Write one line to the server's log (standard error), never a traceback.

        Line breaks and other control characters are escaped and the line is cut at 500
        characters, so that nothing a request holds can write lines of its own.
        """
        line = "".join(
            c if c.isprintable() else c.encode("unicode_escape").decode() for c in message
        )
        if len(line) > 500:
            line = line[:497] + "..."
        print(f"pinochle serve: {line}", file=sys.stderr, flush=True)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection that failed outside a request's handling: one line in the log.

        A client that left (a reset, a broken pipe, a timeout) is no news and is not logged.
        """
        exc = sys.exc_info()[1]
        if exc is None or isinstance(exc, ConnectionError | TimeoutError):
            return
        where = client_address[0] if isinstance(client_address, tuple) else client_address
        self.log(f"a connection from {where} failed: {type(exc).__name__}: {exc}")

    def process_request(self, request: Any, client_address: Any) -> None:
        """Handle a connection in a thread of its own (and remember it until it closes)."""
        with self._connections_lock:
            self._connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        """Close a connection."""
        with self._connections_lock:
            self._connections.discard(request)
        super().shutdown_request(request)

    def server_close(self) -> None:
        """Stop listening, end the open connections, let another server use the folder.

        A browser keeps its connection open between requests; it is ended here rather than
        waited for. A request under way is applied whole or not at all.
        """
        with self._connections_lock:
            connections = list(self._connections)
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        self.store.stop()  # a request waiting for a hint or a review ends now
        super().server_close()  # waits for the connections' threads
        self.store.close()
        if self._temporary is not None:
            self._temporary.cleanup()
            self._temporary = None


_WILDCARDS = ("0.0.0.0", "::")  # bound to every address of the machine


def _loopback(host: str, asked: str) -> bool:
    """Whether a server bound to ``host`` (asked for as ``asked``) is this machine's only."""
    return host.startswith("127.") or host == "::1" or asked == "localhost"


def _allowed_hosts(host: str, port: int, asked: str) -> frozenset[str]:
    """The ``Host`` values a server answers, besides the address a connection reached.

    A page on another site can make a browser send requests to this server under a name of
    its own (DNS rebinding); the server refuses any name but its own: the address it is
    bound to, the name it was given (``--host table.lan``) and, on this machine only,
    ``localhost``. A server bound to every address (``0.0.0.0``) answers, on each
    connection, the address that connection reached (`_Handler._check_host`).
    """
    names = {n for n in (host, asked) if n and n not in _WILDCARDS}
    if _loopback(host, asked) or host in _WILDCARDS:
        names |= {"localhost", "127.0.0.1", "[::1]"}
    names = {f"[{n}]" if ":" in n and not n.startswith("[") else n for n in names}
    return frozenset(f"{n}:{port}".lower() for n in names)


class _DeniedError(RequestError):
    """A request without the access code (401), or with a wrong one (401, 429).

    Answered with the page that asks for the code (to a browser opening a page) or a JSON
    error, and nothing else: no game, no profile, not whether the path exists.
    """

    def __init__(self, status: int, message: str, *, then: str = "/", retry: int = 0) -> None:
        super().__init__(status, message)
        self.then = then
        self.retry = retry


class _Handler(http.server.BaseHTTPRequestHandler):
    """One request: routed to the store; every refusal is a 4xx with a JSON message.

    A refusal closes the connection, and so does a request whose body was not read (a GET
    with a body, a chunked body): what a client sends after the headers is never taken for
    its next request. A body is read whole or the request is refused.
    """

    server: TableServer
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out at once, not 40 ms apart
    timeout = 30  # a client that stops sending mid-request frees its thread
    _unread: int | None = 0  # the body's bytes not read yet; None: unknown (chunked, malformed)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: a game's requests are not news (a server fault is logged by `_handle`)."""

    def do_GET(self) -> None:
        """Serve the page's files, the setup, a view or its SVG."""
        self._handle("GET")

    def do_POST(self) -> None:
        """Start a game or apply an action."""
        self._handle("POST")

    def do_PUT(self) -> None:
        """Not allowed."""
        self._handle("PUT")

    def do_DELETE(self) -> None:
        """Not allowed."""
        self._handle("DELETE")

    def _handle(self, method: str) -> None:
        self._unread = self._declared_body()
        try:
            self._check_host(method)
            if not self._gate(method):  # every route is behind it
                self._route(method)
        except _DeniedError as exc:
            self._deny(exc)
        except RequestError as exc:
            if exc.status >= 500:  # the server's trouble (a damaged stored game): say so
                self.server.log(f"{method} {self.path}: {exc.status} {exc}")
            self._refuse(exc.status, str(exc))
        except PinochleError as exc:  # a library error on a request: bad input, unless a bug
            if not isinstance(exc, InvariantError):
                self._refuse(400, str(exc))
            else:
                self._internal_error(method, exc)
        except (ConnectionError, TimeoutError):  # the client left: nothing to answer
            self.close_connection = True
        except Exception as exc:  # a bug of ours: one line in the log, and the server goes on
            self._internal_error(method, exc)

    def _internal_error(self, method: str, exc: Exception) -> None:
        """A bug of ours: one line in the log, a 500 to the client, and the server goes on."""
        self.server.log(f"internal error on {method} {self.path}: {type(exc).__name__}: {exc}")
        self._refuse(500, f"internal error: {type(exc).__name__} (see the server's log)")

    def _refuse(self, status: int, message: str) -> None:
        """Answer a refusal and close; a client that has left gets nothing, quietly."""
        self.close_connection = True
        with contextlib.suppress(OSError):  # ConnectionError, TimeoutError: the client is gone
            self._json(status, {"error": message})

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The base class's own refusals (a malformed request line, say), as JSON."""
        self._unread = None  # the request was not understood: neither is what follows it
        phrase = self.responses.get(code, ("error",))[0]
        self._refuse(code, message or phrase)

    def handle_expect_100(self) -> bool:
        """Ask for the body (``100 Continue``) only of a request that may be taken.

        A request for another host, from another site or with a body over the limit is
        refused at once, so that the client does not send a body only to have it dropped.
        """
        self._unread = length = self._declared_body()
        try:
            self._check_host(self.command)
            if self.server.gate is not None and not self._admitted(self.command):
                raise _DeniedError(401, _ASK_CODE)
            if length is not None and length > MAX_BODY_BYTES:
                self._body()  # refuses it (413) and says why
        except RequestError as exc:
            self._refuse(exc.status, str(exc))
            return False
        return super().handle_expect_100()

    def finish(self) -> None:
        """After the last answer, drop what the client sent that was not read, then close.

        Closing with unread bytes resets the connection, and a reset can destroy the answer
        before the client reads it; so the server says it is done and reads (and drops) up to
        `_DRAIN_BYTES` until the client closes too, for at most `_DRAIN_SECONDS`.
        """
        super().finish()
        if self._unread != 0:
            with contextlib.suppress(OSError):
                self.connection.shutdown(socket.SHUT_WR)
                self.connection.settimeout(_DRAIN_SECONDS)
                left = _DRAIN_BYTES
                while left > 0 and (chunk := self.connection.recv(min(left, 65536))):
                    left -= len(chunk)

    def _header(self, name: str) -> str | None:
        """A header's value; one given twice is refused (two values, two readings)."""
        values = self.headers.get_all(name) or []
        if len(values) > 1:
            raise RequestError(400, f"{name}: given more than once")
        return values[0].strip() if values else None

    def _check_host(self, method: str) -> None:
        host = (self._header("Host") or "").lower()
        hosts = self.server.hosts
        if host not in hosts:
            reached = self._reached()
            if host != reached:
                own = reached or min(hosts, default="its own address")
                raise RequestError(421, f"this server answers for {own}, not {host[:100]!r}")
        origin = self._header("Origin")
        if method != "GET" and origin is not None and _netloc(origin) != host:
            raise RequestError(403, "requests from another site are refused")

    def _reached(self) -> str:
        """The ``address:port`` this connection reached, as a ``Host`` names it ("": unknown)."""
        try:
            address, port = self.connection.getsockname()[:2]
        except (OSError, AttributeError, TypeError, ValueError):
            return ""
        return f"[{address}]:{port}" if ":" in str(address) else f"{address}:{port}"

    # --- The access code: every request passes here, before its route ---------------------

    def _gate(self, method: str) -> bool:
        """Let the request on to its route (False), answer it here (True), or refuse it.

        With no access code every request goes on. With one, a request goes on only with
        the code's cookie. The code itself comes as ``?code=`` on a GET (the address that
        `pinochle serve` prints) or in the form of the page that asks for it (a POST to
        ``/access``); a right code is answered with the cookie and a redirect to the same
        page without the code, a wrong one is counted (`pinochle._access.Gate.right`).
        """
        gate = self.server.gate
        if gate is None:
            return False
        path, query = self._split()
        if method == "POST" and path == "/access":
            form = self._form(self._body())
            self._enter(gate, form.get("code", ""), _access.local_path(form.get("then", "/")))
            return True
        if method == "GET" and query:
            pairs = self._query(query)
            codes = [value for name, value in pairs if name == "code"]
            if len(codes) > 1:
                raise RequestError(400, "code: given more than once")
            if codes:
                rest = urllib.parse.urlencode([(n, v) for n, v in pairs if n != "code"])
                then = path + (f"?{rest}" if rest else "")
                self._enter(gate, codes[0], _access.local_path(then))
                return True
        if not gate.admits(self._header("Cookie")):
            raise _DeniedError(401, _ASK_CODE, then=_access.local_path(self.path))
        return False

    def _admitted(self, method: str) -> bool:
        """Whether a request may send its body: it has the cookie, or it brings the code."""
        gate = self.server.gate
        if gate is None or gate.admits(self._header("Cookie")):
            return True
        return method == "POST" and self._split()[0] == "/access"

    def _split(self) -> tuple[str, str]:
        """The request's path and query."""
        try:
            parts = urllib.parse.urlsplit(self.path)
        except ValueError:  # "//[": an IPv6 address that never ends
            raise RequestError(400, f"cannot read the path {self.path[:200]!r}") from None
        return parts.path, parts.query

    @staticmethod
    def _query(text: str) -> list[tuple[str, str]]:
        try:
            return urllib.parse.parse_qsl(text, keep_blank_values=True, max_num_fields=20)
        except ValueError:
            raise RequestError(400, "cannot read the query: more than 20 fields") from None

    def _form(self, body: bytes) -> dict[str, str]:
        """The fields of a form's body (the first of each name)."""
        text = decode_text(body, lambda p: RequestError(400, f"form: {p}"))
        form: dict[str, str] = {}
        for name, value in self._query(text):
            form.setdefault(name, value)
        return form

    def _enter(self, gate: _access.Gate, code: str, then: str) -> None:
        """A code given: the cookie and a redirect to ``then``, or a refusal (401, 429)."""
        try:
            right = gate.right(str(self.client_address[0]), code)
        except TooManyTriesError as exc:
            raise _DeniedError(429, str(exc), then=then, retry=exc.seconds) from None
        if not right:
            raise _DeniedError(401, "that access code is not right", then=then)
        extra = (("Location", then), ("Set-Cookie", gate.set_cookie()))
        self._send(303, b"", "text/plain; charset=utf-8", extra=extra)

    def _deny(self, exc: _DeniedError) -> None:
        """Answer a request without the code: the page that asks for it, or a JSON error.

        The same answer whatever the request asked for; the connection closes.
        """
        self.close_connection = True
        extra: list[tuple[str, str]] = []
        if exc.status == 401:
            extra.append(("WWW-Authenticate", 'AccessCode realm="pinochle serve"'))
        if exc.retry:
            extra.append(("Retry-After", str(exc.retry)))
        accept = self.headers.get("Accept") or ""
        with contextlib.suppress(OSError):  # ConnectionError, TimeoutError: the client is gone
            if "text/html" in accept:  # a browser opening a page, or the form sent again
                said = "" if str(exc) == _ASK_CODE else str(exc)
                page = _access.page(said[:1].upper() + said[1:], exc.then)
                # A form posted from a "no-referrer" page says it comes from Origin "null",
                # which the same-origin check refuses: this page names its own origin.
                kind = "text/html; charset=utf-8"
                self._send(exc.status, page, kind, extra=tuple(extra), referrer="same-origin")
            else:
                body = json.dumps({"error": str(exc)}).encode()
                kind = "application/json; charset=utf-8"
                self._send(exc.status, body, kind, extra=tuple(extra))

    def _route(self, method: str) -> None:
        try:
            path = urllib.parse.urlsplit(self.path).path
        except ValueError:  # "//[": an IPv6 address that never ends
            raise RequestError(400, f"cannot read the path {self.path[:200]!r}") from None
        parts = [p for p in path.split("/") if p]
        store = self.server.store
        if path == "/" or (len(parts) == 2 and parts[0] == "static"):
            self._allow(method, "GET")
            self._static("index.html" if path == "/" else parts[1])
        elif len(parts) == 1 and parts[0] in _PAGES:
            self._allow(method, "GET")
            self._static(_PAGES[parts[0]])
        elif parts == ["api", "setup"]:
            self._allow(method, "GET")
            self._json(200, store.setup())
        elif len(parts) == 2 and parts[0] == "api" and parts[1] in ("rules", "meld", "count"):
            self._allow(method, "POST")
            compute = {"rules": store.rules, "meld": store.meld, "count": store.count}[parts[1]]
            self._json(200, compute(self._json_body(parts[1])))
        elif parts[:2] == ["api", "sheets"]:
            self._sheets(method, parts[2:])
        elif parts == ["api", "games"]:
            self._allow(method, "POST")
            body = self._body()
            settings = (
                parse_json(body, lambda p: RequestError(400, f"settings: {p}")) if body else {}
            )
            if not isinstance(settings, dict):
                raise RequestError(400, "settings: expected a JSON object")
            self._json(201, store.create(settings))
        elif len(parts) in (5, 6, 7) and parts[:2] == ["api", "games"] and parts[3] == "people":
            game, person = parts[2], _person(parts[4])
            token = self._header(TOKEN_HEADER)
            rest = parts[5:]
            if not rest:
                self._allow(method, "GET")
                self._view(store.view(game, person, token))
            elif rest == ["table.svg"]:
                self._allow(method, "GET")
                self._send(200, store.svg(game, person, token).encode(), "image/svg+xml")
            elif rest == ["actions"]:
                self._allow(method, "POST")
                expected = self._expected()
                text = decode_text(self._body(), lambda p: RequestError(400, f"action: {p}"))
                self._view(store.act(game, person, token, text, expected))
            elif rest == ["let-stand"]:
                self._allow(method, "POST")
                expected = self._expected()
                if self._body():
                    raise RequestError(400, "let-stand: expected no body")
                self._view(store.let_stand(game, person, token, expected))
            elif rest == ["hint"]:
                self._allow(method, "GET")
                answer = store.hint(game, person, token, self._expected())
                self._json(200, answer, etag=f'"{answer["actions"]}"')
            elif len(rest) == 2 and rest[0] == "review":
                self._allow(method, "GET")
                self._json(200, store.review(game, person, token, _hand(rest[1])))
            else:
                raise RequestError(404, f"no such endpoint: {path[:200]}")
        else:
            raise RequestError(404, f"no such page: {path[:200]}")

    def _sheets(self, method: str, rest: list[str]) -> None:
        """The score keeper: the list, a new sheet, a sheet, a hand added or undone."""
        sheets = self.server.store.sheets
        if not rest:
            if method == "POST":
                created = sheets.create(self._json_body("sheet"))
                self._json(201, created, etag=f'"{created["etag"]}"')
                return
            self._allow(method, "GET")
            self._json(200, sheets.list())
            return
        name = rest[0]
        sheets.path(name)  # 404 for a name no sheet can have
        if len(rest) == 1:
            self._allow(method, "GET")
            answer = sheets.get(name)
        elif rest[1:] == ["hands"]:
            self._allow(method, "POST")
            tag = self._sheet_tag()
            answer = sheets.add(name, self._json_body("hand"), tag)
        elif rest[1:] == ["undo"]:
            self._allow(method, "POST")
            tag = self._sheet_tag()
            if self._body():
                raise RequestError(400, "undo: expected no body")
            answer = sheets.undo(name, tag)
        else:
            raise RequestError(404, f"no such endpoint: /api/sheets/{'/'.join(rest)[:200]}")
        self._json(200, answer, etag=f'"{answer["etag"]}"')

    def _sheet_tag(self) -> str:
        """The sheet's version a change was made on: ``If-Match`` is required (428)."""
        tag = self._header("If-Match")
        if tag is None:
            raise RequestError(
                428, "a change to a sheet needs If-Match with the sheet's ETag (load it first)"
            )
        found = _SHEET_TAG.fullmatch(tag)
        if found is None:
            raise RequestError(
                400,
                f'If-Match: expected the sheet\'s ETag, "0123456789abcdef" say, found {tag[:40]!r}',
            )
        return found[1]

    def _json_body(self, what: str) -> Any:
        """The request's body as JSON (400 naming ``what`` if it is not)."""
        body = self._body()
        return parse_json(body, lambda p: RequestError(400, f"{what}: {p}"))

    def _allow(self, method: str, allowed: str) -> None:
        if method != allowed:
            raise RequestError(405, f"{method} is not allowed here; use {allowed}")

    def _expected(self) -> int | None:
        tag = self._header("If-Match")
        if tag is None:
            return None
        found = _ETAG.fullmatch(tag)
        if found is None:
            raise RequestError(400, f'If-Match: expected an ETag such as "12", found {tag[:40]!r}')
        return int(found[2])

    def _declared_body(self) -> int | None:
        """The body's length as the headers give it: 0 for none, None if unknown or absurd."""
        if "Transfer-Encoding" in self.headers:
            return None
        lengths = self.headers.get_all("Content-Length") or []
        if not lengths:
            return 0
        text = lengths[0].strip()
        if len(lengths) > 1 or not _NUMBER.fullmatch(text):
            return None
        digits = text.lstrip("0") or "0"
        return int(digits) if len(digits) <= 12 else None

    def _body(self) -> bytes:
        """The request's body, whole: refused unless its length is given, sane and all sent."""
        if "Transfer-Encoding" in self.headers:
            raise RequestError(411, "send the body with a Content-Length, not chunked")
        length = self._header("Content-Length")
        if length is None:
            raise RequestError(411, "a POST needs a Content-Length")
        if not _NUMBER.fullmatch(length):
            raise RequestError(
                400, f"Content-Length: expected a number of bytes, found {length[:40]!r}"
            )
        digits = length.lstrip("0") or "0"
        if len(digits) > len(str(MAX_BODY_BYTES)) or int(digits) > MAX_BODY_BYTES:
            shown = digits if len(digits) <= 20 else f"a {len(digits)}-digit number of"
            raise RequestError(413, f"the body has {shown} bytes; at most {MAX_BODY_BYTES}")
        size = int(digits)
        self._unread = None  # a failure from here leaves an unknown part unread
        try:
            body = self.rfile.read(size)
        except TimeoutError:
            raise RequestError(
                408, f"the body did not come in time: {size} bytes were announced"
            ) from None
        if len(body) != size:  # the client closed its side early: apply nothing of it
            raise RequestError(
                400,
                f"the body ended after {len(body)} of its {size} bytes (Content-Length); "
                "nothing was done",
            )
        self._unread = 0
        return body

    def _static(self, name: str) -> None:
        if name not in _WEB:
            raise RequestError(404, f"no such file: {name[:200]}")
        data = importlib.resources.files("pinochle").joinpath("web", name).read_bytes()
        kind = _TYPES[Path(name).suffix]
        self._send(200, data, f"{kind}; charset=utf-8", cache="no-cache")

    def _view(self, data: dict[str, Any]) -> None:
        self._json(200, data, etag=f'"{data["actions"]}"')

    def _json(self, status: int, data: Any, *, etag: str | None = None) -> None:
        body = json.dumps(data, ensure_ascii=False).encode()
        self._send(status, body, "application/json; charset=utf-8", etag=etag)

    def _send(
        self,
        status: int,
        body: bytes,
        kind: str,
        *,
        etag: str | None = None,
        cache: str = "no-store",
        extra: tuple[tuple[str, str], ...] = (),
        referrer: str = "no-referrer",
    ) -> None:
        if status >= 400 or self._unread != 0:
            # After a refusal, or with a body left unread, the connection closes: the rest
            # of what the client sent is never read as its next request.
            self.close_connection = True
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", referrer)
        self.send_header(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline';"
            " frame-ancestors 'none'",
        )
        if etag is not None:
            self.send_header("ETag", etag)
        for name, value in extra:
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def _netloc(url: str) -> str | None:
    """The ``host:port`` of an ``Origin``, lower case (None: it cannot be read)."""
    try:
        return urllib.parse.urlsplit(url).netloc.lower()
    except ValueError:  # "http://[": an IPv6 address that never ends
        return None


def _person(text: str) -> int:
    if len(text) > 3 or not _NUMBER.fullmatch(text):
        raise RequestError(404, f"no such person: {text[:40]!r}")
    return int(text)


def _hand(text: str) -> int:
    """A hand's number in a path, from 1: ASCII digits, at most six of them."""
    if len(text) > 6 or not _NUMBER.fullmatch(text) or int(text) < 1:
        raise RequestError(404, f"no such hand: {text[:40]!r} (hands count from 1)")
    return int(text)


def make_server(
    variant: Variant,
    *,
    level: str = DEFAULT_LEVEL,
    players: int = 1,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    folder: Path | str | None = None,
    seed: int | None = None,
    hint_worlds: int | None = None,
    code: str | bool | None = None,
) -> TableServer:
    """A web table, bound and ready: call ``serve_forever()`` on it (and ``server_close()``).

    Args:
        variant: The profile of new games.
        level: The computer opponents' level.
        players: People per game: 1, or 2 sharing one device with a cover screen.
        host: The address to bind (default 127.0.0.1: this machine only).
        port: The port (0: any free one; the server's ``url`` says which).
        folder: Where games are kept (default: a new temporary folder, removed by
            ``server_close()``).
        seed: Makes the games reproducible (see `GameStore`).
        hint_worlds: Deals imagined per hint and per reviewed decision (see `GameStore`).
        code: The access code every request must carry, in a cookie after the first page
            (the server's ``code``; ``with_code`` gives the address that sets the cookie).
            None (the default): a new random code unless ``host`` is a loopback address, so
            that a server other devices can reach always asks for one; True: a new random
            code, whatever the address; a string: that code (8 to 64 letters and digits,
            case and dashes ignored); False: none, only allowed on a loopback address.

    Raises:
        RequestError: The folder cannot be used (503), or a setting is wrong (400).
        OSError: The address cannot be bound (the port is in use, say).
    """
    temporary = tempfile.TemporaryDirectory(prefix="pinochle-serve-") if folder is None else None
    where = temporary.name if temporary is not None else folder
    assert where is not None
    store = GameStore(
        where, variant, level=level, players=players, seed=seed, hint_worlds=hint_worlds
    )
    try:
        return TableServer((host, port), store, temporary, code=code)
    except BaseException:
        store.close()
        if temporary is not None:
            temporary.cleanup()
        raise
