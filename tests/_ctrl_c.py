"""Ctrl-C in a child process, as at a terminal, however the test runner was started."""

from __future__ import annotations

import signal


def default_ctrl_c() -> None:
    """Give the child SIGINT's default action (for ``preexec_fn``).

    A shell starts a background command with SIGINT ignored, and a child inherits that:
    Python then installs no KeyboardInterrupt handler, and a test of Ctrl-C would see a
    program that never stops. Restoring the default makes the test read the program.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
