"""Playing a chunk of deals: what every worker runs, on every backend, the same way.

A chunk is a run of consecutive deal indices. Everything random in a deal is a function
of the match's seed and the deal's index alone, never of the chunk or the worker that
plays it: deal ``i`` is dealt from game seed ``seed + i``, and in seating ``k`` the player
at place ``p`` (seat, or person at a table without partners) is made with bot seed
``((seed + i) * 8 + k) * 8 + p``. A level is made by ``make_bot(level, that seed)``; before
a callable is called to make its player, Python's global `random` is seeded with that
seed too (and restored after the chunk), so a player that draws from `random` also plays
the same wherever it runs. A program (``cmd:PROGRAM ARGS``) is a
`pinochle.protocol.ExternalBot` given that seed with each ``newgame``; a worker keeps its
programs running from one game of the chunk to the next.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from pinochle.actions import Action
from pinochle.arena._results import DealResult, Forfeit, Seating, Timing, Timings, bin_of
from pinochle.documents import parse_json
from pinochle.engine import apply, new_game, observe
from pinochle.errors import ArenaError, RecordError
from pinochle.records import GameRecord, record_of
from pinochle.state import Observation, State
from pinochle.variant import Variant

__all__ = [
    "MAX_HANDS",
    "MAX_REDEALS",
    "ArenaError",
    "Chunk",
    "ChunkResult",
    "PlayedGame",
    "PlayerSpec",
    "play_chunk",
    "read_records",
    "seatings",
]

Player = Callable[[Observation], Action]
PlayerSpec = str | Callable[[], Player]
"""A level's name, ``cmd:PROGRAM ARGS`` (a program speaking the bot protocol), or a
zero-argument callable that returns a player."""

MAX_REDEALS = 100
"""Deals of one game without a settled hand before the arena gives up (bots that never bid)."""
MAX_HANDS = 500
"""Hands of a whole game before the arena stops it without a winner."""

RECORD_FORMAT = "pinochle.arena-game"
"""The ``format`` tag of one line of a records file."""


@attrs.frozen
class Chunk:
    """A run of deals for one worker to play.

    Attributes:
        variant: The rules.
        players: Player A and player B.
        names: Their names, for errors and records.
        seed: The match's seed.
        start: The first deal's index.
        stop: One past the last deal's index.
        games: Play whole games (else one settled hand a deal).
        records: The folder to write the chunk's records to, or None.
    """

    variant: Variant
    players: tuple[PlayerSpec, PlayerSpec]
    names: tuple[str, str]
    seed: int
    start: int
    stop: int
    games: bool = False
    records: str | None = None


@attrs.frozen
class ChunkResult:
    """What a worker sends back for one chunk.

    Attributes:
        start: The chunk's first deal index.
        deals: The deals played, in order.
        timings: Decisions timed, by role and phase.
        records: The records file written, or None.
        interrupted: Whether the chunk was stopped before its last deal (in process only).
    """

    start: int
    deals: tuple[DealResult, ...]
    timings: Timings
    records: str | None = None
    interrupted: bool = False


@attrs.frozen
class PlayedGame:
    """One game of a records file: a deal played in one seating.

    Attributes:
        deal: The deal's index in the match.
        seating: The seating's number.
        players: The player's name at each place (seat, or person without partners).
        roles: ``"a"`` or ``"b"`` at each place.
        margin: The seating's margin (A minus B, points a hand).
        record: The game (`pinochle.GameRecord`): replay it with `pinochle.records.replay`.
    """

    deal: int
    seating: int
    players: tuple[str, ...]
    roles: tuple[str, ...]
    margin: float
    record: GameRecord


def seatings(variant: Variant) -> list[tuple[bool, ...]]:
    """Every seating of a deal, as whether each place (seat, or person) is A's.

    Partnerships: A at the even seats, then at the odd ones; with more than two teams
    (eight hands, four teams) A as each team in turn against B at every other. Otherwise A
    alone against a B at every other place, once at each place.
    """
    if variant.deal.partnerships:
        return [
            tuple(variant.side_of(seat) == k for seat in range(variant.deal.players))
            for k in range(variant.sides)
        ]
    people = variant.deal.seated
    return [tuple(person == alone for person in range(people)) for alone in range(people)]


def seating_note(variant: Variant) -> str:
    """How a deal is seated for this table, in words."""
    if variant.deal.partnerships and variant.deal.players == 4:
        return "A at seats 0 and 2 against B at 1 and 3, then swapped"
    if variant.deal.partnerships and variant.sides == 2:
        return "A at the even seats against B at the odd ones, then swapped"
    if variant.deal.partnerships:
        return (
            f"A as one team of {variant.deal.players // variant.sides} against B at the "
            f"other {variant.sides - 1}, once as each team; points are A's minus the mean of "
            "the B teams'"
        )
    if variant.deal.seated == 2:
        return "A at seat 0 against B at seat 1, then swapped"
    return (
        f"A alone against {variant.deal.seated - 1} B's, once in each seat; "
        "points are A's minus the mean of the B's"
    )


def bot_seed(game_seed: int, seating: int, place: int) -> int:
    """The seed of the player at ``place`` in ``seating`` of the deal of ``game_seed``."""
    return (game_seed * 8 + seating) * 8 + place


def make_player(spec: PlayerSpec, seed: int, programs: Programs | None = None) -> Player:
    """A fresh player for one game: a level's bot, a program, or what the callable returns."""
    if isinstance(spec, str):
        if spec.startswith("cmd:"):
            return (programs or Programs()).take(spec, seed)
        from pinochle.bots import make_bot  # lazily: the bots are an optional layer

        return make_bot(spec, seed)
    random.seed(seed)
    return spec()


class Programs:
    """A worker's programs (``cmd:`` players), kept running from one game to the next.

    A game takes an idle one of its command (or starts one) and gives it back when it
    ends; each game begins with ``newgame`` and the game's seed, so a program plays the
    same whichever game it played before.
    """

    def __init__(self) -> None:
        self.idle: dict[str, list[Any]] = {}
        self.playing: dict[int, tuple[str, Any]] = {}  # id(bot): (command, bot)

    def take(self, spec: str, seed: int) -> Player:
        """A program for one game of this command, told this seed with ``newgame``."""
        from pinochle.protocol import ExternalBot  # lazily: the protocol is an optional layer

        idle = self.idle.setdefault(spec, [])
        bot = idle.pop() if idle else ExternalBot(spec)
        bot.new_game(seed)
        self.playing[id(bot)] = (spec, bot)
        player: Player = bot
        return player

    def give_back(self, players: Sequence[object]) -> None:
        """The game is over: its programs wait for the next one.

        A program a callable made for this game (an `ExternalBot` of the caller's) is
        stopped: the next game gets a fresh one.
        """
        for player in players:
            found = self.playing.pop(id(player), None)
            if found is not None:
                self.idle[found[0]].append(found[1])
            elif callable(getattr(player, "act", None)) and callable(
                getattr(player, "close", None)
            ):
                player.close()  # type: ignore[attr-defined]

    def close(self) -> None:
        """Stop every program."""
        for _, bot in self.playing.values():
            bot.close()
        for bots in self.idle.values():
            for bot in bots:
                bot.close()
        self.idle.clear()
        self.playing.clear()


class _Clock:
    """Decision times of a chunk, gathered into `Timing` bins as they come."""

    def __init__(self) -> None:
        # role -> phase -> [count, total, fastest, slowest, {bin: count}]
        self.raw: dict[str, dict[str, list[Any]]] = {}

    def add(self, role: str, phase: str, seconds: float) -> None:
        slot = self.raw.setdefault(role, {}).get(phase)
        if slot is None:
            slot = self.raw[role][phase] = [0, 0.0, seconds, seconds, {}]
        slot[0] += 1
        slot[1] += seconds
        slot[2] = min(slot[2], seconds)
        slot[3] = max(slot[3], seconds)
        key = bin_of(seconds)
        slot[4][key] = slot[4].get(key, 0) + 1

    def timings(self) -> Timings:
        return {
            role: {
                phase: Timing(n, total, low, high, tuple(sorted(bins.items())))
                for phase, (n, total, low, high, bins) in phases.items()
            }
            for role, phases in self.raw.items()
        }


def play_seating(
    chunk: Chunk,
    index: int,
    number: int,
    is_a: Sequence[bool],
    clock: _Clock,
    programs: Programs | None = None,
) -> tuple[Seating, State]:
    """Play deal ``index`` in seating ``number``: one settled hand, or a whole game."""
    programs = programs or Programs()
    players = [
        make_player(
            chunk.players[0 if mine else 1], bot_seed(chunk.seed + index, number, place), programs
        )
        for place, mine in enumerate(is_a)
    ]
    try:
        return _play_seating(chunk, index, number, is_a, clock, players)
    finally:
        programs.give_back(players)


def _play_seating(
    chunk: Chunk,
    index: int,
    number: int,
    is_a: Sequence[bool],
    clock: _Clock,
    players: Sequence[Player],
) -> tuple[Seating, State]:
    variant = chunk.variant
    game_seed = chunk.seed + index
    roles = tuple("a" if mine else "b" for mine in is_a)
    # A program is given the state, so that it can tell its program each action as its
    # seat sees it (`pinochle.protocol.ExternalBot.act`); a bot sees its observation.
    hosted = [getattr(player, "act", None) for player in players]
    failures = [getattr(player, "failures", None) for player in players]
    before = [len(f) if f is not None else 0 for f in failures]
    partnerships = variant.deal.partnerships
    state = new_game(variant, seed=game_seed)
    while True:
        seat = state.to_act
        if seat is None:  # the game is over
            break
        if chunk.games and len(state.results) >= MAX_HANDS:
            break
        if state.hand.number >= MAX_REDEALS + len(state.results):
            raise ArenaError(
                f"{variant.name} deal {index} (seed {game_seed}), seating {number}: "
                f"no hand settled after {MAX_REDEALS} deals"
            )
        place = seat if partnerships else state.hand.persons[seat]
        act = hosted[place]
        try:
            start = time.perf_counter()
            action = act(state, seat) if act else players[place](observe(state, seat))
            spent = time.perf_counter() - start
            after = apply(state, action)
        except Exception as error:
            name = chunk.names[0 if is_a[place] else 1]
            raise ArenaError(
                f"player {name!r} ({roles[place].upper()}) failed in {variant.name} deal "
                f"{index} (game seed {game_seed}), seating {number}, seat {seat} to act in "
                f"the {state.phase.value} phase: {type(error).__name__}: {error}"
            ) from None
        clock.add(roles[place], state.phase.value, spent)
        state = after
        if not chunk.games and state.results:
            break
    forfeits = tuple(
        Forfeit(roles[place], place, f.hand, f.kind, f.reason)
        for place, found in enumerate(failures)
        if found is not None
        for f in found[before[place] :]
    )
    return _scored(state, is_a, roles, chunk.games, forfeits), state


def _scored(
    state: State,
    is_a: Sequence[bool],
    roles: tuple[str, ...],
    games: bool,
    forfeits: tuple[Forfeit, ...] = (),
) -> Seating:
    """The seating's margin (a hand, on average), scores and winner.

    A player that forfeited a deal (a program that broke the protocol) gains nothing from
    the seating: its margin counts at most zero, and its whole game counts as lost; when
    both players forfeited, the seating counts as played.
    """
    variant = state.variant
    a_sides = sorted({variant.side_of(p) for p, mine in enumerate(is_a) if mine})
    b_sides = sorted({variant.side_of(p) for p, mine in enumerate(is_a) if not mine})

    def margin(scores: Sequence[int]) -> float:
        return statistics.fmean(scores[x] for x in a_sides) - statistics.fmean(
            scores[x] for x in b_sides
        )

    margins = [margin(result.scores) for result in state.results]
    lost = {f.role for f in forfeits}
    if not games:
        return Seating(
            roles, 1, state.results[0].scores, _forfeited(margins[0], lost), None, forfeits
        )
    winner = state.winner
    won = None if winner is None else "a" if winner in a_sides else "b"
    if len(lost) == 1:
        won = "b" if "a" in lost else "a"
    mean = _forfeited(statistics.fmean(margins), lost)
    return Seating(roles, len(margins), state.scores, mean, won, forfeits)


def _forfeited(margin: float, lost: set[str]) -> float:
    """A's margin when a player forfeited: never in the forfeiting player's favour."""
    if lost == {"a"}:
        return min(margin, 0.0)
    if lost == {"b"}:
        return max(margin, 0.0)
    return margin


def play_chunk(chunk: Chunk, on_deal: Callable[[int], None] | None = None) -> ChunkResult:
    """Play every deal of the chunk in every seating; write its records file if asked.

    Args:
        chunk: What to play.
        on_deal: Called after each deal with the count played so far (in process only);
            with it, Ctrl-C returns the deals played so far, marked interrupted.
    """
    saved = random.getstate()
    programs = Programs()
    clock = _Clock()
    deals: list[DealResult] = []
    lines: list[str] = []
    interrupted = False
    try:
        places = seatings(chunk.variant)
        for index in range(chunk.start, chunk.stop):
            played = []
            for number, is_a in enumerate(places):
                seating, state = play_seating(chunk, index, number, is_a, clock, programs)
                played.append(seating)
                if chunk.records is not None:
                    lines.append(_record_line(chunk, index, number, seating, state))
            deals.append(DealResult(index, chunk.seed + index, tuple(played)))
            if on_deal is not None:
                on_deal(len(deals))
    except KeyboardInterrupt:
        if on_deal is None:
            raise
        interrupted = True
        lines = lines[: len(deals) * len(places)]  # only whole deals
    finally:
        random.setstate(saved)
        programs.close()
    path = None
    if chunk.records is not None and deals:
        try:
            path = _write_records(chunk, deals[-1].index, lines)
        except OSError as exc:
            raise ArenaError(f"records: cannot write deals {chunk.start}-: {exc}") from None
    return ChunkResult(chunk.start, tuple(deals), clock.timings(), path, interrupted)


def _record_line(chunk: Chunk, index: int, number: int, seating: Seating, state: State) -> str:
    names = tuple(chunk.names[0 if role == "a" else 1] for role in seating.roles)
    return json.dumps(
        {
            "format": RECORD_FORMAT,
            "deal": index,
            "seating": number,
            "players": list(names),
            "roles": list(seating.roles),
            "margin": seating.margin,
            "record": record_of(state).to_dict(),
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def _write_records(chunk: Chunk, last: int, lines: list[str]) -> str:
    """Write the chunk's file whole or not at all: a retried chunk writes the same file."""
    folder = Path(chunk.records or ".")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"deals-{chunk.start:09d}-{last:09d}.jsonl"
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        partial.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        os.replace(partial, path)
    finally:
        with contextlib.suppress(OSError):
            partial.unlink()
    return str(path)


def read_records(folder: str | os.PathLike[str]) -> Iterator[PlayedGame]:
    """Every game of a match's records folder, in deal and seating order.

    Args:
        folder: What ``records=`` (``--records``) named.

    Raises:
        pinochle.RecordError: A line is not an arena game (the message names the file and line).
    """
    games: list[PlayedGame] = []
    for path in sorted(Path(folder).glob("deals-*.jsonl")):
        with path.open(encoding="utf-8") as lines:
            for number, line in enumerate(lines, start=1):
                try:
                    data = parse_json(line, RecordError)
                    if data.get("format") != RECORD_FORMAT:
                        raise RecordError(f"expected format {RECORD_FORMAT!r}")
                    game = PlayedGame(
                        data["deal"],
                        data["seating"],
                        tuple(data["players"]),
                        tuple(data["roles"]),
                        float(data["margin"]),
                        GameRecord.from_dict(data["record"]),
                    )
                except (ValueError, KeyError, TypeError, AttributeError) as exc:
                    raise RecordError(f"{path} line {number}: {exc}") from None
                games.append(game)
    games.sort(key=lambda g: (g.deal, g.seating))
    yield from games
