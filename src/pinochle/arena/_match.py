"""Matches and tournaments: the arguments checked, the deals chunked, the results gathered."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from pinochle._words import counted
from pinochle.arena._backends import Backend, open_backend
from pinochle.arena._play import Chunk, ChunkResult, PlayerSpec
from pinochle.arena._results import DealResult, MatchResult, Timings, merge_timings
from pinochle.arguments import SEED_LIMIT
from pinochle.errors import ArgumentError
from pinochle.variant import Variant, load_variant

__all__ = ["MAX_CHUNK", "MatchInterrupted", "Progress", "chunk_size", "run_match"]

MAX_CHUNK = 20
"""The most deals one chunk holds."""
CHUNKS_PER_SLOT = 8
"""Chunks sent per worker (more than one, so a slow chunk does not hold up the end)."""

Progress = Callable[[int, int], None]
"""Called as deals finish with (deals done, deals in the match)."""


class MatchInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a match; ``result`` holds the deals that finished.

    It is a `KeyboardInterrupt`, so a program that does not catch it stops as on any
    Ctrl-C. The partial result's ``interrupted`` is true and its ``requested`` says how
    many deals were asked for.

    Attributes:
        result: The match so far (`MatchResult`).
        finished: A tournament's matches that had finished before this one.
    """

    def __init__(self, result: MatchResult, finished: Sequence[MatchResult] = ()) -> None:
        super().__init__(f"interrupted after {result.n} of {counted(result.requested, 'deal')}")
        self.result = result
        self.finished = tuple(finished)

    def __reduce__(self) -> tuple[type, tuple[MatchResult, tuple[MatchResult, ...]]]:
        """The error pickles with its results."""
        return type(self), (self.result, self.finished)


def chunk_size(deals: int, slots: int) -> int:
    """Deals a chunk: about `CHUNKS_PER_SLOT` chunks per worker, at most `MAX_CHUNK`."""
    return max(1, min(MAX_CHUNK, math.ceil(deals / (slots * CHUNKS_PER_SLOT))))


def variant_of(value: object) -> Variant:
    """A `Variant`, or the profile a name or path loads."""
    if isinstance(value, Variant):
        return value
    if isinstance(value, str | os.PathLike):
        return load_variant(value)
    raise ArgumentError("variant", "a Variant, a built-in profile's name or a .toml path", value)


def player_of(role: str, value: object) -> tuple[PlayerSpec, str]:
    """A player's spec and its name, checked.

    A level's name is checked against the levels; a program (``cmd:PROGRAM ARGS``) is
    looked for.
    """
    from pinochle.bots import LEVELS  # lazily: the bots are an optional layer

    expected = f"a level ({', '.join(LEVELS)}), cmd:PROGRAM ARGS or a zero-argument callable"
    if isinstance(value, str):
        if value.startswith("cmd:"):
            from pinochle.protocol._host import check_command

            check_command(value, role)
            return value, value
        if value.lower() not in LEVELS:
            raise ArgumentError(role, expected, value)
        return value.lower(), value.lower()
    if callable(value):
        return value, player_name(value)
    raise ArgumentError(role, expected, value)


def player_name(value: Callable[..., object]) -> str:
    """A callable player's name: its ``__name__``, or a partial's function's."""
    func = getattr(value, "func", value)  # functools.partial
    name = getattr(func, "__qualname__", None) or getattr(func, "__name__", None)
    return str(name) if name else repr(value)


def records_of(value: object) -> str | None:
    """The records folder's absolute path (not created here); None for no records."""
    if value is None:
        return None
    if not isinstance(value, str | os.PathLike):
        raise ArgumentError("records", "None or a folder's path", value)
    folder = Path(value).resolve()
    if folder.exists() and not folder.is_dir():
        raise ArgumentError("records", "a folder, not a file", value)
    return str(folder)


def _make_folder(records: str) -> None:
    try:
        Path(records).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ArgumentError("records", f"a folder that can be created ({exc})", records) from None


def run_match(
    variant: Variant | str,
    a: PlayerSpec,
    b: PlayerSpec,
    *,
    deals: int,
    seed: int = 0,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    records: str | os.PathLike[str] | None = None,
    play: str = "hand",
    progress: Progress | None = None,
) -> MatchResult:
    """Play A against B over ``deals`` duplicate deals.

    Deal ``i`` is dealt from game seed ``seed + i`` and played once in every seating, so
    the cards cancel out and only the play differs: at a partnership table A sits at
    seats 0 and 2 against B at 1 and 3, then the seats are swapped (at six and eight hands
    A as each team in turn); at the others A plays
    alone against a B in every other place, once in each place. A deal's score is A's
    points a hand minus B's (minus the mean of the B's), averaged over its seatings.

    The same seed gives equal results (``==``: deals, per-deal points, mean, interval,
    wins) on every backend and worker count; only the timings differ.

    Args:
        variant: The rules: a `Variant`, or a built-in profile's name or a .toml path.
        a: Player A: a level name (``"easy"`` ... ``"expert"``, ``"random"``), a program
            speaking the bot protocol (``"cmd:node bot.js"``: see `pinochle.protocol`;
            a deal it loses by breaking the protocol is a `Forfeit`), or a
            zero-argument callable returning a player (``Observation -> Action``); it is
            called once for every game, so each game gets a fresh player.
        b: Player B, the same way.
        deals: How many deals (at least 1).
        seed: Deal ``i`` uses game seed ``seed + i``.
        backend: ``"local"`` (worker processes on this machine) or ``"ray"`` (the ``ray``
            extra).
        workers: Local: worker processes (default: every core; 1 plays in this process,
            where any callable plays). Ray: chunks in flight (default: the cluster's CPUs;
            a Ray started here gets that many CPUs).
        address: Ray only: None starts a local Ray (or uses the one this process already
            initialised); ``"auto"`` or ``"ray://host:10001"`` joins a cluster.
        records: A folder to write every game to, as JSON Lines of game records, one file
            per chunk (see `read_records`).
        play: ``"hand"``: one settled hand a deal; ``"game"``: a whole game a deal, and
            the result counts the games won.
        progress: Called with (deals done, deals) as chunks finish.

    Returns:
        The match's `MatchResult`.

    Raises:
        ArgumentError: A bad argument, named; or a player that cannot be sent to the
            workers (with ``workers=1`` any callable plays).
        ExtraMissingError: ``backend="ray"`` without Ray installed.
        ArenaError: A player failed (the message names the player, deal and seat), or a
            chunk was lost more than `MAX_RETRIES` times.
        MatchInterrupted: Ctrl-C; its ``result`` holds the deals that finished.
    """
    rules, specs, names, count, first, folder, mode = _checked(
        variant, a, b, deals, seed, records, play
    )
    with open_backend(backend, workers, address) as runner:
        return _play_match(runner, rules, specs, names, count, first, folder, mode, progress)


def _checked(
    variant: object,
    a: object,
    b: object,
    deals: object,
    seed: object,
    records: object,
    play: object,
) -> tuple[Variant, tuple[PlayerSpec, PlayerSpec], tuple[str, str], int, int, str | None, bool]:
    rules = variant_of(variant)
    spec_a, name_a = player_of("a", a)
    spec_b, name_b = player_of("b", b)
    if type(deals) is not int or not 1 <= deals <= 10**12:
        raise ArgumentError("deals", "a whole number of at least 1", deals)
    if type(seed) is not int or not 0 <= seed <= SEED_LIMIT - 1 - deals:
        raise ArgumentError("seed", f"a whole number from 0 to {SEED_LIMIT - 1 - deals}", seed)
    if play not in ("hand", "game"):
        raise ArgumentError("play", "'hand' or 'game'", play)
    if play == "game" and rules.game.target is None and rules.game.lose_at is None:
        raise ArgumentError(
            "play",
            f"'hand': a game of {rules.name} has no end (no target, no losing score)",
            play,
        )
    folder = records_of(records)
    return rules, (spec_a, spec_b), (name_a, name_b), deals, seed, folder, play == "game"


def _play_match(
    runner: Backend,
    variant: Variant,
    specs: tuple[PlayerSpec, PlayerSpec],
    names: tuple[str, str],
    deals: int,
    seed: int,
    records: str | None,
    games: bool,
    progress: Progress | None,
    finished: Sequence[MatchResult] = (),
) -> MatchResult:
    for role, spec, name in zip("ab", specs, names, strict=True):
        if not isinstance(spec, str):
            runner.check_player(role, name, spec)
    if records is not None:
        _make_folder(records)
    size = chunk_size(deals, runner.slots)
    chunks = [
        Chunk(variant, specs, names, seed, start, min(start + size, deals), games, records)
        for start in range(0, deals, size)
    ]
    results: dict[int, ChunkResult] = {}
    retries = runner.retries
    start = time.perf_counter()
    done = 0

    def on_deal(count: int) -> None:  # in process: after every deal of the current chunk
        if progress is not None:
            progress(done + count, deals)

    def gathered(interrupted: bool) -> MatchResult:
        played: list[DealResult] = []
        timings: Timings = {}
        for key in sorted(results):
            played.extend(results[key].deals)
            merge_timings(timings, results[key].timings)
        return MatchResult(
            variant=variant.name,
            a=names[0],
            b=names[1],
            seed=seed,
            requested=deals,
            play="game" if games else "hand",
            deals=tuple(played),
            interrupted=interrupted,
            timings=timings,
            seconds=time.perf_counter() - start,
            backend=runner.name,
            workers=runner.slots,
            chunks=len(chunks),
            retries=runner.retries - retries,
        )

    if progress is not None:
        progress(0, deals)
    try:
        for result in runner.run(chunks, on_deal if runner.in_process else None):
            if result.start in results:  # never counted twice
                continue
            results[result.start] = result
            done += len(result.deals)
            if progress is not None and not result.interrupted:
                progress(done, deals)
    except KeyboardInterrupt:
        raise MatchInterrupted(gathered(True), finished) from None
    return gathered(False)


def check_players(
    players: Sequence[PlayerSpec] | Mapping[str, PlayerSpec],
) -> list[tuple[PlayerSpec, str]]:
    """A tournament's players, checked: at least two, names unique."""
    if isinstance(players, Mapping):
        items = [(player_of(str(name), spec)[0], str(name)) for name, spec in players.items()]
    elif isinstance(players, Sequence) and not isinstance(players, str):
        items = [player_of(f"players[{i}]", spec) for i, spec in enumerate(players)]
    else:
        raise ArgumentError(
            "players", "a sequence of players, or a mapping of names to players", players
        )
    if len(items) < 2:
        raise ArgumentError("players", "at least two players", players)
    seen = [name for _, name in items]
    for name in seen:
        if seen.count(name) > 1:
            raise ArgumentError(
                "players",
                f"players with different names ({name!r} twice; name them with a dict)",
                players,
            )
    return items
