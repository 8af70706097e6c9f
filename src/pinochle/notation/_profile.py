"""A profile on one line: a built-in name, or a built-in name and the keys a house changes.

``pinochlerun`` is the built-in profile; ``pinochlerun{bidding.minimum=30,name="kitchen"}``
is that profile with two keys changed, as a profile file that ``extends`` it would say.
Keys are dotted paths of the profile file; values are whole numbers, ``true``/``false``,
strings in double quotes (JSON's escapes), lists ``[150,300]`` and tables ``{bid=0,pays=1}``.
There is no space outside a string, so the profile is one field of a line.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

import attrs

from pinochle.errors import ArgumentError, InvariantError, VariantError
from pinochle.notation._syntax import decode, fail, problem, read_int
from pinochle.variant import Variant, builtin_variants, load_variant
from pinochle.variant._model import MeldValues

__all__ = ["parse_profile", "read_profile", "write_profile"]

MAX_NESTING = 4
"""How deeply a house key's value may nest lists and tables (the profile's go two deep)."""

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_INTEGER = re.compile(r"-?[0-9]+")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_MAX_VALUE = 10**18
_CACHE: dict[str, Variant] = {}
_CACHE_SIZE = 256


def write_profile(variant: Variant) -> str:
    """The profile as the notation names it: a built-in name, or one and the keys it changes.

    The keys are the fewest of any built-in base (a change of ``scale`` first); reading the
    text back with `read_profile` gives an equal `Variant`.

    Raises:
        ArgumentError: ``variant`` is not a `Variant`.
    """
    if not isinstance(variant, Variant):
        raise ArgumentError("variant", "a Variant (load one with pinochle.load_variant)", variant)
    return _write_profile(variant)


@functools.lru_cache(maxsize=256)
def _write_profile(variant: Variant) -> str:
    if variant.name in builtin_variants() and load_variant(variant.name) == variant:
        return variant.name
    target = _flat(variant)
    best: tuple[int, str, list[tuple[str, Any]]] | None = None
    for name in builtin_variants():
        base = _base(name, variant.scale)
        if base is None:
            continue
        have = _flat(base)
        changes = [(k, v) for k, v in target.items() if _strict(have.get(k)) != _strict(v)]
        if variant.scale != load_variant(name).scale:
            changes.insert(0, ("scale", variant.scale))
        if best is None or len(changes) < best[0]:
            best = (len(changes), name, changes)
    assert best is not None  # the default profile rescales to either scale
    _, name, changes = best
    text = name + "{" + ",".join(f"{key}={_write_value(value)}" for key, value in changes) + "}"
    if read_profile(text) != variant:  # pragma: no cover - a profile's keys are all of it
        raise InvariantError(f"the profile {variant.name!r} does not read back from {text!r}")
    return text


@functools.lru_cache(maxsize=64)
def _base(name: str, scale: int) -> Variant | None:
    base = load_variant(name)
    if base.scale == scale:
        return base
    try:
        return base.with_scale(scale)
    except VariantError:  # a profile whose numbers do not change scale
        return None


def _flat(variant: Variant) -> dict[str, Any]:
    """Every key of the profile as a dotted path (absent meld values written ``false``)."""
    data = variant.to_dict()
    values = data["meld"]["values"]
    data["meld"]["values"] = {f.name: values.get(f.name, False) for f in attrs.fields(MeldValues)}
    flat: dict[str, Any] = {}
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        prefix, table = stack.pop()
        for key, value in table.items():
            path = f"{prefix}{key}"
            if isinstance(value, dict):
                stack.append((f"{path}.", value))
            else:
                flat[path] = value
    return dict(sorted(flat.items(), key=lambda item: _ORDER.get(item[0].split(".")[0], 99)))


_ORDER = {name: i for i, name in enumerate(f.name for f in attrs.fields(Variant))}


def _strict(value: Any) -> str:
    """A value compared with its type: ``false`` is not ``0``, nor ``true`` ``1``."""
    return json.dumps(value, sort_keys=True)


def _write_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return json.dumps(value)  # a string in double quotes, ASCII, JSON's escapes
    if isinstance(value, list | tuple):
        return "[" + ",".join(_write_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}={_write_value(v)}" for k, v in value.items()) + "}"
    raise InvariantError(f"no notation for the profile value {value!r}")  # pragma: no cover


def read_profile(text: str | bytes) -> Variant:
    """The profile a notation names (the output of `write_profile`).

    Raises:
        NotationError: Not a built-in name, or a house key's text is malformed or not a
            valid profile key or value (the column is the key's).
        ArgumentError: ``text`` is neither text nor bytes.
    """
    source = decode(text)
    variant, end = parse_profile(source, 0)
    if end != len(source):
        raise fail(source, end, "the end of the profile")
    return variant


def parse_profile(text: str, start: int) -> tuple[Variant, int]:
    """The profile that starts at ``start``, and where it ends."""
    found = _NAME.match(text, start)
    if found is None:
        raise fail(text, start, "a built-in profile's name such as pinochlerun")
    name = found.group()
    if name not in builtin_variants():
        import difflib  # only for the error's hint

        close = difflib.get_close_matches(name, builtin_variants(), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise problem(text, start, f"no built-in profile {name[:40]!r}{hint}", name)
    end = found.end()
    if not text.startswith("{", end):
        return load_variant(name), end
    places: dict[str, int] = {}
    changes, stop = _table(text, end, "", places, 1)
    piece = text[start:stop]
    variant = _CACHE.get(piece)
    if variant is None:
        try:
            variant = load_variant(name).override(changes, source="notation profile")
        except VariantError as exc:
            key, reason = exc.problems[0]
            raise problem(
                text, _place(places, key, start), f"profile: {key}: {reason}" if key else reason
            ) from None
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        _CACHE[piece] = variant
    return variant, stop


def _place(places: dict[str, int], key: str, default: int) -> int:
    """Where the house key a profile's problem names was written (else ``default``)."""
    path = re.sub(r"\[[0-9]+\]", "", key)
    while path:
        if path in places:
            return places[path]
        path = path.rpartition(".")[0]
    return default


def _table(
    text: str, at: int, prefix: str, places: dict[str, int], depth: int
) -> tuple[dict[str, Any], int]:
    """A ``{key=value,...}`` table at ``at`` (its ``{``), and where it ends."""
    if depth > MAX_NESTING:
        raise problem(text, at, f"the house keys nest more than {MAX_NESTING} deep", "{")
    table: dict[str, Any] = {}
    at += 1
    if text.startswith("}", at):
        return table, at + 1
    while True:
        key = _KEY.match(text, at)
        if key is None:
            raise fail(text, at, "a profile key such as bidding.minimum")
        after = key.end()
        if not text.startswith("=", after):
            raise fail(text, after, "'=' and the key's value")
        value, after = _value(text, after + 1, prefix + key.group() + ".", places, depth)
        _put(text, table, key.group(), value, at)
        places.setdefault(prefix + key.group(), at)
        if text.startswith("}", after):
            return table, after + 1
        if not text.startswith(",", after):
            raise fail(text, after, "',' and another key, or '}' to end the keys")
        at = after + 1


def _put(text: str, table: dict[str, Any], dotted: str, value: Any, at: int) -> None:
    *path, last = dotted.split(".")
    for part in path:
        table = table.setdefault(part, {})
        if not isinstance(table, dict):
            raise problem(text, at, f"the key {dotted!r} is inside a value given before", dotted)
    if last in table:
        raise problem(text, at, f"the key {dotted!r} is given twice", dotted)
    table[last] = value


def _value(text: str, at: int, prefix: str, places: dict[str, int], depth: int) -> tuple[Any, int]:
    """A value at ``at``, and where it ends."""
    char = text[at : at + 1]
    if char == "{":
        return _table(text, at, prefix, places, depth + 1)
    if char == "[":
        if depth + 1 > MAX_NESTING:
            raise problem(text, at, f"the house keys nest more than {MAX_NESTING} deep", "[")
        items: list[Any] = []
        at += 1
        if text.startswith("]", at):
            return items, at + 1
        while True:
            item, at = _value(text, at, prefix, places, depth + 1)
            items.append(item)
            if text.startswith("]", at):
                return items, at + 1
            if not text.startswith(",", at):
                raise fail(text, at, "',' and another value, or ']' to end the list")
            at += 1
    if char == '"':
        found = _STRING.match(text, at)
        if found is None:
            raise problem(text, at, "a string that is never closed (a '\"' is missing)", '"')
        try:
            string = json.loads(found.group())
        except ValueError:
            raise fail(text, at, "a string with JSON's escapes (\\\" \\\\ \\n \\u00e9)") from None
        return string, found.end()
    for word, meaning in (("true", True), ("false", False)):
        if text.startswith(word, at) and not text[at + len(word) : at + len(word) + 1].isalnum():
            return meaning, at + len(word)
    number = _INTEGER.match(text, at)
    if number is None:
        raise fail(
            text, at, 'a value: a whole number, true, false, a "string", a [list] or a {table}'
        )
    return read_int(text, at, number.end(), "a number", -_MAX_VALUE, _MAX_VALUE), number.end()
