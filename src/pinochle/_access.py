"""The access code of `pinochle serve` on a network: who may open the table at all.

Private machinery of `pinochle.serve`. A server that other devices can reach (bound to an
address that is not a loopback one, or asked for a code) has an access code; every request
must carry either the code or the cookie that the code buys, or it is answered 401 and
nothing else, whatever it asked for (the gate stands before the routes, so a path that
exists and one that does not are refused alike).

- **The code** is 8 characters from `ALPHABET` (digits and capitals with 0, 1, I, L, O and
  U left out, so that nothing reads as something else on a phone's keyboard): 30**8, about
  6.6 * 10**11 codes. It is read case-insensitively, spaces and dashes ignored, and
  compared in constant time (`hmac.compare_digest`).
- **The cookie** (``pinochle_access_PORT``, HttpOnly, SameSite=Strict) holds an HMAC of
  the code, not the code: a fixed code (``--code CODE``) keeps a phone's cookie good across
  restarts, a new random code ends every cookie of the last run.
- **Wrong codes are counted** per client address: after `TRIES` wrong ones within
  `TRY_WINDOW` seconds, every code from that address is answered 429 (the right one too)
  until the oldest wrong one is that old. A cookie is never counted: a phone with a stale
  cookie is not locked out, and guessing a cookie's 256 bits is hopeless.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import html
import ipaddress
import math
import re
import secrets
import socket
import struct
import threading
import time
import urllib.parse
from collections.abc import Callable

from pinochle.errors import TooManyTriesError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: the interfaces are not listed
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "ALPHABET",
    "CODE_LENGTH",
    "TRIES",
    "TRY_WINDOW",
    "Gate",
    "code_problem",
    "local_addresses",
    "new_code",
    "normal_code",
    "shown_code",
]

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
"""The characters of a random code: none that a phone's font makes look like another."""

CODE_LENGTH = 8
"""The characters of a random code."""

MAX_CODE_LENGTH = 64
"""The longest code a person may choose (``--code CODE``)."""

TRIES = 5
"""Wrong codes a client address may send in `TRY_WINDOW` seconds; the next gets 429."""

TRY_WINDOW = 60.0
"""The seconds over which wrong codes are counted."""

COOKIE_SECONDS = 30 * 24 * 3600
"""How long a browser keeps the cookie (it is no good once the server's code changes)."""

_KEPT_ADDRESSES = 4096  # client addresses with wrong codes remembered; the stalest dropped
_SEPARATORS = re.compile(r"[\s-]+")
_CODE = re.compile(r"[A-Z0-9]+")
_SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def new_code() -> str:
    """A new random code of `CODE_LENGTH` characters of `ALPHABET`."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """The code as compared: capitals, without spaces and dashes (``7kqm-d3xa``: ``7KQMD3XA``)."""
    return _SEPARATORS.sub("", text).upper()


def code_problem(text: str) -> str | None:
    """What is wrong with a code a person chose (None: nothing), for an error message."""
    code = normal_code(text)
    if not (code.isascii() and _CODE.fullmatch(code)) or not (
        CODE_LENGTH <= len(code) <= MAX_CODE_LENGTH
    ):
        shown = text if len(text) <= 40 else text[:37] + "..."
        return (
            f"expected {CODE_LENGTH} to {MAX_CODE_LENGTH} letters and digits "
            f"(A to Z, 0 to 9; dashes and spaces are ignored), found {shown!r}"
        )
    return None


def shown_code(code: str) -> str:
    """The code as printed for a person to type: in groups of four (``7KQM-D3XA``)."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


class Gate:
    """The access code of one server: the cookie it buys and the count of wrong tries.

    Safe to use from several threads.

    Args:
        code: The code (normalised here: `normal_code`); `code_problem` must find nothing.
        port: The server's port: the cookie's name holds it, so that two servers on one
            machine do not overwrite each other's cookie (a cookie is not kept per port).
        clock: Seconds, for counting wrong tries (tests pass a clock of their own).
    """

    def __init__(self, code: str, port: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.code = normal_code(code)
        self.cookie_name = f"pinochle_access_{port}"
        self.clock = clock
        self._cookie = hmac.new(
            self.code.encode(), b"pinochle serve access", hashlib.sha256
        ).hexdigest()
        self._wrong: dict[str, list[float]] = {}  # client address: times of its wrong codes
        self._lock = threading.Lock()

    def admits(self, cookies: str | None) -> bool:
        """Whether a ``Cookie`` header holds this server's cookie with the right value."""
        if not cookies:
            return False
        found = False
        for part in cookies.split(";"):
            name, _, value = part.strip().partition("=")
            if name == self.cookie_name:  # each compared, so the time says nothing of which
                found |= hmac.compare_digest(value.strip().encode(), self._cookie.encode())
        return found

    def set_cookie(self) -> str:
        """The ``Set-Cookie`` value a right code is answered with."""
        return (
            f"{self.cookie_name}={self._cookie}; Path=/; Max-Age={COOKIE_SECONDS}; "
            "HttpOnly; SameSite=Strict"
        )

    def right(self, client: str, text: str) -> bool:
        """Whether the code is right; a wrong one is counted against the client's address.

        Raises:
            TooManyTriesError: The client sent `TRIES` wrong codes in the last `TRY_WINDOW`
                seconds: it may not try (the right code neither) until the oldest is older.
        """
        given = normal_code(text[: MAX_CODE_LENGTH * 2])  # a long text is wrong; not all read
        with self._lock:  # the count and the try at once: no thread slips past the limit
            times = self._recent(client)
            if len(times) >= TRIES:
                raise TooManyTriesError(max(1, math.ceil(times[0] + TRY_WINDOW - self.clock())))
            ok = hmac.compare_digest(given.encode("utf-8"), self.code.encode())
            if not ok:
                times.append(self.clock())
                if len(self._wrong) > _KEPT_ADDRESSES:
                    self._forget()
        return ok

    def _recent(self, client: str) -> list[float]:
        """The client's wrong codes within the window (the list kept: append to it)."""
        now = self.clock()
        times = [t for t in self._wrong.get(client, ()) if now - t < TRY_WINDOW]
        self._wrong[client] = times
        return times

    def _forget(self) -> None:
        """Drop the addresses with no recent wrong code, then the stalest, to stay bounded."""
        now = self.clock()
        self._wrong = {a: t for a, t in self._wrong.items() if t and now - t[-1] < TRY_WINDOW}
        while len(self._wrong) > _KEPT_ADDRESSES:
            stalest = min(self._wrong, key=lambda a: self._wrong[a][-1])
            del self._wrong[stalest]


def page(message: str, then: str) -> bytes:
    """The page that asks for the code: a form, and what was wrong (if anything).

    It tells nothing of the server but that it wants a code: no game, no profile, no name.
    ``then`` is the path to go back to once the code is right (checked by `local_path`).
    """
    said = f'<p class="said" role="alert">{html.escape(message)}</p>' if message else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pinochle: access code</title>
<style>
body {{ font: 18px/1.4 system-ui, sans-serif; margin: 0; padding: 24px; background: #0b5d3b;
  color: #fff; }}
main {{ max-width: 420px; margin: 10vh auto; }}
input, button {{ font: inherit; min-height: 48px; box-sizing: border-box; width: 100%;
  margin: 8px 0; border-radius: 8px; border: 0; padding: 0 12px; }}
input {{ letter-spacing: 0.15em; text-transform: uppercase; }}
button {{ background: #f4c542; color: #000; font-weight: bold; }}
.said {{ background: #fff3; padding: 8px 12px; border-radius: 8px; }}
</style></head>
<body><main>
<h1>Access code</h1>
<p>This table asks for the access code that <code>pinochle serve</code> printed where it was
started.</p>
{said}
<form method="post" action="/access">
<input type="hidden" name="then" value="{html.escape(then)}">
<label for="code">Code</label>
<input id="code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false"
  required autofocus>
<button type="submit">Enter</button>
</form>
</main></body></html>
""".encode()


def local_path(path: str) -> str:
    """A path on this server to send a browser to, never another site's (``//evil``).

    Every character that a header or a browser could read as something else (a line
    break, a tab, a backslash) is percent-encoded.
    """
    quoted = urllib.parse.quote(path, safe="/%:@!$&'()*+,;=-._~?")
    if not quoted.startswith("/") or quoted.startswith("//"):
        return "/"
    return quoted


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses that another device may reach (no loopback), sorted.

    Each network interface's address where the system tells it (Linux), and the address of
    the route to other networks; none of it sends a packet.
    """
    found: set[str] = set()
    if fcntl is not None and hasattr(socket, "if_nameindex"):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for _, name in socket.if_nameindex():
                asked = struct.pack("256s", name.encode()[:15])
                try:
                    answer = fcntl.ioctl(s.fileno(), _SIOCGIFADDR, asked)
                except OSError:  # an interface without an IPv4 address
                    continue
                found.add(socket.inet_ntoa(answer[20:24]))
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # a documentation address: only the route is looked up
        found.add(str(s.getsockname()[0]))
    usable = [ipaddress.IPv4Address(a) for a in found]
    return [str(a) for a in sorted(usable) if not (a.is_loopback or a.is_unspecified)]
