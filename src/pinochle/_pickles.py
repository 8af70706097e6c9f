"""Pickles made by an earlier version load: a field added since takes its default.

attrs pickles a frozen class as a mapping of its fields and, when it loads one, sets only
the fields the mapping names, so a pickle made before a field was added loaded into an
object without it (an ``AttributeError`` at first use: a `Variant` pickled before
``deal.teams`` could not even say its sides). `fills_new_fields` wraps attrs' own
``__setstate__`` so that a field the pickle lacks takes its default, as a profile file
without the key does. A pickle of this version holds every field and loads exactly as
before (one length test), and nothing changes in how objects are pickled.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

_T = TypeVar("_T")


def _constant(value: object) -> Callable[[], object]:
    """A default as a factory: the value itself."""
    return lambda: value


def fills_new_fields(cls: type[_T]) -> type[_T]:
    """Let ``cls`` (an attrs class) load pickles that lack a field: it takes its default.

    Apply above ``@attrs.frozen``. A field without a default is left to attrs as before
    (every field without one is as old as its class).
    """
    fields = attrs.fields(cast("type[attrs.AttrsInstance]", cls))
    count = len(fields)
    defaults: dict[str, Callable[[], object]] = {}
    for f in fields:
        default = f.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            if not default.takes_self:
                defaults[f.name] = default.factory
        elif default is not attrs.NOTHING:
            defaults[f.name] = _constant(default)
    setstate: Callable[[Any, Any], None] = cls.__setstate__  # type: ignore[attr-defined]

    def setstate_filled(self: Any, state: Any) -> None:
        if isinstance(state, dict) and len(state) < count:  # made before some field existed
            state = {name: make() for name, make in defaults.items() if name not in state} | state
        setstate(self, state)

    setstate_filled.__name__ = setstate_filled.__qualname__ = "__setstate__"
    setattr(cls, "__setstate__", setstate_filled)  # noqa: B010 - mypy: no assignment to a method
    return cls
