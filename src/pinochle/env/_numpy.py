"""The optional dependencies of `pinochle.env`: import them, or say which extra to install."""

from __future__ import annotations

from types import ModuleType

from pinochle.errors import ExtraMissingError

RL_EXTRA = 'pip install "pinochle-rules[rl]" (from a source checkout: pip install ".[rl]")'
"""The command that installs the ``rl`` extra (pettingzoo, gymnasium, numpy)."""


def missing(module: str, exc: ImportError) -> ExtraMissingError:
    """The error for a missing optional dependency: it names the ``rl`` extra."""
    return ExtraMissingError(
        f"pinochle.env needs {module}, which is not installed: {RL_EXTRA}", name=exc.name
    )


def require(module: str) -> ModuleType:
    """Import ``module`` (pettingzoo, gymnasium) or raise an error naming the extra.

    Raises:
        ExtraMissingError: The module is not installed (an `ImportError`); the message
            names ``pinochle-rules[rl]``.
    """
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise missing(module.split(".")[0], exc) from exc
