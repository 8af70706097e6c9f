"""``pinochle serve``: the web table on this machine, until Ctrl-C or a stop signal."""

from __future__ import annotations

import argparse
import errno
import signal
import sys
import threading

from pinochle._access import code_problem, shown_code
from pinochle._text import printable
from pinochle.arguments import SEED_LIMIT
from pinochle.cli._common import EXIT_OK, PROG, CommandError, file_error, load_profile
from pinochle.documents import check_path
from pinochle.serve import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    MAX_HINT_WORLDS,
    TableServer,
    make_server,
)

__all__ = ["run_serve"]


class _StopSignalError(Exception):
    """A signal that asks `pinochle serve` to stop (SIGTERM, SIGHUP): a clean exit."""


def _say_access(server: TableServer, host: str) -> None:
    """Print the access code and the addresses a phone opens; warn of every address."""
    others = server.network_urls
    if server.host_is_wildcard:
        print(
            f"{PROG} serve: warning: listening on every address of this machine ({host}): "
            "every network it is on can reach the page, kept out only by the access code; "
            "--host ADDRESS listens on one",
            file=sys.stderr,
            flush=True,
        )
        if not others:
            print(
                f"{PROG} serve: warning: no network address found: other devices may not reach it",
                file=sys.stderr,
                flush=True,
            )
    if server.code is None:
        return
    urls = others or [server.url]
    print(f"{PROG} serve: access code {shown_code(server.code)}: every device must give it")
    for number, url in enumerate(urls):
        lead = "a phone on your network opens" if others else "open"
        print(f"{PROG} serve: {'or' if number else lead} {printable(server.with_code(url))}")


def run_serve(args: argparse.Namespace) -> int:
    """``pinochle serve``: serve until stopped; a port in use or a bad address is bad input."""
    variant = load_profile(args.variant)
    port = DEFAULT_PORT if args.port is None else args.port
    host = DEFAULT_HOST if args.host is None else args.host
    if not 0 <= port <= 65535:
        raise CommandError(f"--port: expected 0 to 65535, found {port}")
    if not host:  # "" is every address of the machine: say so with 0.0.0.0, not by accident
        raise CommandError(
            "--host: expected an address such as 127.0.0.1 (this machine) or 0.0.0.0 "
            "(every address), found ''"
        )
    if args.seed is not None and not 0 <= args.seed < SEED_LIMIT:
        found = str(args.seed) if len(str(args.seed)) <= 40 else str(args.seed)[:37] + "..."
        raise CommandError(
            f"--seed: expected a whole number from 0 to {SEED_LIMIT - 1}, found {found}"
        )
    if args.hint_worlds is not None and not 1 <= args.hint_worlds <= MAX_HINT_WORLDS:
        text = str(args.hint_worlds)
        found = text if len(text) <= 40 else text[:37] + "..."
        raise CommandError(
            f"--hint-worlds: expected a whole number from 1 to {MAX_HINT_WORLDS}, found {found}"
        )
    if isinstance(args.code, str) and (problem := code_problem(args.code)):
        raise CommandError(f"--code: {problem}")
    if args.store is not None:
        if not args.store:  # "" would be the current folder, not a temporary one
            raise CommandError(
                "--store: expected a folder, found ''; leave --store out to keep the games "
                "in a temporary folder until the server stops"
            )
        check_path(args.store, file_error(args.store))

    def stop(signum: int, frame: object) -> None:
        raise _StopSignalError(signal.Signals(signum).name)

    # SIGTERM (a service manager, `kill`) and SIGHUP (the terminal closed) stop the server
    # as Ctrl-C does: through server_close, which removes a temporary folder of games.
    stops = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    if threading.current_thread() is not threading.main_thread():
        stops = []  # only the main thread may handle signals
    previous = {sig: signal.signal(sig, stop) for sig in stops}
    server: TableServer | None = None
    try:
        try:
            server = make_server(
                variant,
                level=args.level,
                players=args.players,
                host=host,
                port=port,
                folder=args.store,
                seed=args.seed,
                hint_worlds=args.hint_worlds,
                code=args.code,
            )
        except OSError as exc:
            where = f"{host}:{port}"
            if exc.errno == errno.EADDRINUSE:
                raise CommandError(f"--port: {where} is in use; choose another port") from None
            raise CommandError(f"cannot listen on {where}: {exc.strerror or exc}") from None
        kept = f"games kept in {args.store}" if args.store else "games kept until it stops"
        shown = printable(f"{variant.name} at {server.url} ({kept}; Ctrl-C stops)")
        print(f"pinochle serve: {shown}")
        _say_access(server, host)
        sys.stdout.flush()
        if args.open:
            import webbrowser

            webbrowser.open(server.with_code(server.url))
        server.serve_forever()
    except _StopSignalError as exc:
        print(f"{PROG} serve: stopped by {exc}", file=sys.stderr)
    finally:
        for sig in stops:  # a second signal waits for the cleanup instead of cutting it short
            signal.signal(sig, signal.SIG_IGN)
        try:
            if server is not None:
                server.server_close()
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
    return EXIT_OK
