"""Where the chunks are played: in this process, a local process pool, or a Ray cluster.

A backend is opened once for a match or a tournament (`open_backend`), tells how many
chunks it can play at once (`Backend.slots`), and plays a list of chunks, yielding each
chunk's result once as it finishes (`Backend.run`). A chunk whose worker (process, or
Ray node) is lost is sent again, up to `MAX_RETRIES` times; a player's own exception is
not retried (it would fail the same way again) and ends the match with an `ArenaError`.
On Ctrl-C a backend stops what is running and re-raises `KeyboardInterrupt`, after having
yielded every chunk that finished.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import pickle
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from types import ModuleType, TracebackType
from typing import Any

from pinochle.arena._play import Chunk, ChunkResult, PlayerSpec, play_chunk
from pinochle.errors import (
    ArenaError,
    ArgumentError,
    ExtraMissingError,
    _Described,
)

__all__ = ["BACKENDS", "MAX_RETRIES", "Backend", "ExtraMissingError", "open_backend"]

BACKENDS = ("local", "ray")
"""The backends' names."""
MAX_RETRIES = 3
"""Times a lost chunk is sent again before the match fails."""
WAIT_SECONDS = 0.5
"""How often a waiting driver wakes (to notice Ctrl-C promptly)."""


class Backend:
    """Plays chunks; subclasses say where.

    Attributes:
        name: ``"local"`` or ``"ray"``.
        slots: Chunks it plays at once.
        retries: Chunks sent again so far.
        in_process: Whether chunks run in this process (progress after every deal).
    """

    name = "local"
    in_process = False

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self.retries = 0

    def run(
        self, chunks: Sequence[Chunk], on_deal: Callable[[int], None] | None = None
    ) -> Iterator[ChunkResult]:
        """Each chunk's result, once, in the order they finish."""
        raise NotImplementedError

    def check_player(self, role: str, name: str, spec: PlayerSpec) -> None:
        """Raise `ArgumentError` if the player cannot be sent to a worker."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Release the workers."""


class InProcess(Backend):
    """Every chunk in this process, one after the other (``workers=1``): any callable plays."""

    in_process = True

    def __init__(self) -> None:
        super().__init__(1)

    def run(
        self, chunks: Sequence[Chunk], on_deal: Callable[[int], None] | None = None
    ) -> Iterator[ChunkResult]:
        """Play the chunks in order; Ctrl-C yields the interrupted chunk's whole deals."""
        for chunk in chunks:
            result = play_chunk(chunk, on_deal or _ignore)
            yield result
            if result.interrupted:
                raise KeyboardInterrupt


def _ignore(count: int) -> None:
    """An `on_deal` that does nothing (it lets an in-process chunk keep a partial result)."""


def _unpicklable(role: str, name: str, why: str) -> ArgumentError:
    return ArgumentError(
        role,
        f"a player that can be sent to a worker process ({why}): a level name, or a "
        "zero-argument callable defined at module level (a function, a class, or "
        "functools.partial of one); with workers=1 any callable plays",
        _Described(f"player {name!r}"),
    )


def _quiet_worker() -> None:
    """Worker processes leave Ctrl-C to the driver, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalPool(Backend):
    """A pool of worker processes on this machine."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.pool: ProcessPoolExecutor | None = None

    def check_player(self, role: str, name: str, spec: PlayerSpec) -> None:
        """Players cross to the workers by pickle."""
        try:
            pickle.dumps(spec)
        except Exception as exc:
            raise _unpicklable(role, name, f"{type(exc).__name__}: {exc}") from None

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            # forkserver where there is one: forking a driver that runs threads (Ray's, a
            # notebook's) can deadlock a child; it is Python 3.14's default on POSIX too.
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
            self.pool = ProcessPoolExecutor(
                self.slots, mp_context=context, initializer=_quiet_worker
            )
        return self.pool

    def run(
        self, chunks: Sequence[Chunk], on_deal: Callable[[int], None] | None = None
    ) -> Iterator[ChunkResult]:
        """Send every chunk; when the pool breaks (a worker died), send the lost ones again."""
        todo = list(chunks)
        tries = dict.fromkeys(range(len(todo)), 0)
        done: set[int] = set()
        while len(done) < len(todo):
            pool = self._pool()
            futures: dict[Future[ChunkResult], int] = {
                pool.submit(play_chunk, todo[i]): i for i in range(len(todo)) if i not in done
            }
            broken = False
            try:
                while futures:
                    finished, _ = wait(futures, timeout=WAIT_SECONDS, return_when=FIRST_COMPLETED)
                    for future in finished:
                        i = futures.pop(future)
                        try:
                            result = future.result()
                        except BrokenProcessPool:
                            broken = True
                            continue
                        if i not in done:  # never counted twice
                            done.add(i)
                            yield result
                    if broken:
                        break
            except BaseException:
                self._stop()
                raise
            if broken:
                self._stop()
                for i in range(len(todo)):
                    if i not in done:
                        tries[i] += 1
                        if tries[i] > MAX_RETRIES:
                            first = todo[i]
                            raise ArenaError(
                                f"deals {first.start}-{first.stop - 1}: a worker process died "
                                f"{tries[i]} times playing them"
                            )
                        self.retries += 1

    def _stop(self) -> None:
        """Stop the workers now (Ctrl-C, a broken pool): running chunks are dropped."""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.terminate()
        for process in processes:
            with contextlib.suppress(Exception):
                process.join(5)

    def close(self) -> None:
        """Shut the pool down."""
        if self.pool is not None:
            self.pool.shutdown(wait=True)
            self.pool = None


def import_ray() -> ModuleType:
    """The ``ray`` module, or an error naming the extra to install."""
    try:
        ray = importlib.import_module("ray")
    except ImportError:
        raise ExtraMissingError(
            'backend="ray" needs Ray: pip install "pinochle-rules[ray]"'
            ' (from a source checkout: pip install ".[ray]")'
        ) from None
    return ray


class RayBackend(Backend):
    """Tasks on a Ray cluster: a local one started for the match, or one joined by address.

    Args:
        address: None: use the Ray already initialised in this process, or start a local
            one; ``"auto"``, ``"ray://host:10001"`` or ``"host:6379"``: join that cluster.
        workers: Chunks in flight at once (default: the cluster's CPUs); when a local Ray
            is started, also its CPUs.
    """

    name = "ray"

    def __init__(self, address: str | None, workers: int | None) -> None:
        ray = import_ray()
        self.ray = ray
        self.started = False
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address is None:
                options["num_cpus"] = workers
            else:
                options["address"] = address
            ray.init(**options)
            self.started = True
        cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
        super().__init__(workers or cpus)
        self.task = ray.remote(max_retries=MAX_RETRIES, retry_exceptions=False)(play_chunk)

    def check_player(self, role: str, name: str, spec: PlayerSpec) -> None:
        """Players cross to the cluster by Ray's cloudpickle."""
        try:
            self.ray.cloudpickle.dumps(spec)
        except Exception as exc:
            raise _unpicklable(role, name, f"{type(exc).__name__}: {exc}") from None

    def run(
        self, chunks: Sequence[Chunk], on_deal: Callable[[int], None] | None = None
    ) -> Iterator[ChunkResult]:
        """Keep `slots` tasks in flight; Ray resends a task whose worker or node is lost."""
        ray = self.ray
        todo = list(chunks)
        pending: dict[Any, int] = {}
        done: set[int] = set()
        following = 0
        try:
            while following < len(todo) or pending:
                while following < len(todo) and len(pending) < self.slots:
                    pending[self.task.remote(todo[following])] = following
                    following += 1
                ready, _ = ray.wait(list(pending), num_returns=1, timeout=WAIT_SECONDS)
                for ref in ready:
                    i = pending.pop(ref)
                    try:
                        result: ChunkResult = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:
                        cause = exc.cause
                        if isinstance(cause, ArenaError):
                            raise ArenaError(str(cause)) from None
                        raise ArenaError(f"a chunk failed on the cluster: {cause!r}") from None
                    except ray.exceptions.RayError as exc:  # lost after every retry
                        first = todo[i]
                        raise ArenaError(
                            f"deals {first.start}-{first.stop - 1} were lost on the cluster "
                            f"after {MAX_RETRIES} retries: {type(exc).__name__}: {exc}"
                        ) from None
                    if i not in done:
                        done.add(i)
                        yield result
        except BaseException:
            for ref in pending:
                with contextlib.suppress(Exception):
                    ray.cancel(ref, force=True)
            raise

    def close(self) -> None:
        """Shut down the Ray this backend started (a joined or given one stays up)."""
        if self.started:
            self.ray.shutdown()
            self.started = False


def open_backend(backend: object, workers: object, address: object) -> Backend:
    """The backend for ``run_match``'s arguments (checked here).

    Raises:
        ArgumentError: An unknown backend, a worker count that is not a whole number of at
            least 1, or an address with the local backend.
        ExtraMissingError: ``backend="ray"`` without Ray installed.
    """
    if backend not in BACKENDS:
        raise ArgumentError("backend", f"one of {', '.join(map(repr, BACKENDS))}", backend)
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ArgumentError("workers", "None or a whole number of at least 1", workers)
    if address is not None and not isinstance(address, str):
        raise ArgumentError(
            "address", 'None, "auto" or a Ray address such as "ray://h:10001"', address
        )
    if backend == "local":
        if address is not None:
            raise ArgumentError(
                "address", 'None with backend="local" (an address is for Ray)', address
            )
        count = workers if workers is not None else os.cpu_count() or 1
        return InProcess() if count == 1 else LocalPool(count)
    return RayBackend(address, workers)
