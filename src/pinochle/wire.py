"""The wire format: observations, states and hand results as versioned JSON documents.

A web or phone game runs the library on a server: it sends each seat its observation, takes
that seat's action back as text, and stores games in progress. Every value that crosses a
process or a network has a documented JSON form here, read back exactly:
``Observation.from_json(view.to_json()) == view``, and the same for `State` and
`HandResult`.

Each document is a JSON object that starts with ``"format": "pinochle.<kind>"`` and
``"version": 1``. Inside it, cards are their text (``"10♥"``), suits their symbol
(``"♥"``), actions their text (``"bid 26"``, ``"play A♥"``, which `parse_action` reads),
phases and outcomes their names, and the profile is a built-in profile's name or the whole
profile as an embedded table (never a path). The fields follow the attributes of the value,
one for one, so the API reference documents them too; `pinochle.schema` gives the JSON
Schema of each kind (`pinochle.schemas`).

Reading is strict, as every loader of the library is: a document with a missing, unknown or
malformed field, or a key repeated in one object, raises `WireError` naming every such field
(up to twenty). A value that reads is one the game can hold: an
observation's seats exist, its lists have the table's lengths, its tricks are played in turn
and its cards add up to the deck. A `State` is checked further: by default its history is
replayed from the start of the game and must lead to exactly the state described, so no
document can make the engine hold an impossible position.
"""

from __future__ import annotations

import enum
import functools
import json
import types
import typing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from pinochle.actions import Action, Bury, PassCards, parse_action
from pinochle.arguments import LIMIT, SEED_LIMIT
from pinochle.cards import CARDS, Card, Suit, parse_cards, parse_suit
from pinochle.choices import BidChoices, CardChoices
from pinochle.documents import parse_json
from pinochle.errors import MAX_WIRE_PROBLEMS as MAX_PROBLEMS
from pinochle.errors import InvariantError, PinochleError, WireError
from pinochle.scoring import HandResult
from pinochle.state import Observation, State, with_history
from pinochle.variant import Variant, builtin_variants, load_variant

__all__ = ["MAX_PROBLEMS", "VERSION", "WireError", "from_dict", "from_json", "to_dict", "to_json"]

VERSION = 1
"""The version every document of this library carries (see the wire format docs)."""


# --- Writing -----------------------------------------------------------------------------

_SKIPPED = frozenset({"history", "legal_cache"})  # State: the history travels as "actions"
_CARD_TEXT = tuple(str(card) for card in CARDS)
_ACTION_TYPES: frozenset[type] = frozenset(typing.get_args(Action))


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """An attrs class's fields and their resolved types, as the wire writes them."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in attrs.fields(cls) if f.name not in _SKIPPED)


@functools.cache
def _optional(cls: type) -> dict[str, Any]:
    """The fields added since version 1, by name, with their defaults.

    Marked ``metadata={"wire": "optional"}``: written only when they differ from their
    default, and read as the default when missing, so every version 1 document still reads
    and a game that does not use them writes exactly what it wrote before.
    """
    return {f.name: f.default for f in attrs.fields(cls) if f.metadata.get("wire") == "optional"}


def _variant_data(variant: Variant) -> str | dict[str, Any]:
    """A built-in profile by name; anything else as an embedded table."""
    if variant.name in builtin_variants():
        builtin = load_variant(variant.name)
        if builtin is variant or builtin == variant:
            return variant.name
    return variant.to_dict()


def _encode(value: Any) -> Any:
    """Any value of the library's types as JSON data (the slow, general path)."""
    if isinstance(value, Card | Suit):  # before int: a Suit is an IntEnum
        return str(value)
    if value is None or isinstance(value, bool | int | str):
        return value.value if isinstance(value, enum.StrEnum) else value
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, Variant):
        return _variant_data(value)
    if isinstance(value, CardChoices):
        return {"choose": value.k, "from": [str(c) for c in value.cards], "as": _verb(value.make)}
    if isinstance(value, BidChoices):
        ranges = [[r.start, r.stop, r.step] for r in value.amounts]
        return {"pass": value.can_pass, "bids": ranges}
    if isinstance(value, tuple | list):
        return [_encode(item) for item in value]
    if type(value) in _ACTION_TYPES:
        return str(value)
    cls: Any = type(value)
    if attrs.has(cls):
        return _encoder(cls)(value)
    raise InvariantError(f"no wire form for {type(value).__name__}")  # pragma: no cover


def _cards_text(cards: tuple[Card, ...]) -> list[str]:
    return [_CARD_TEXT[card.index] for card in cards]


@functools.cache
def _encoder(cls: type) -> Callable[[Any], dict[str, Any]]:
    """A writer for one attrs class, its fields' writers chosen once from their types."""
    fast: dict[Any, Callable[[Any], Any]] = {
        int: _same,
        bool: _same,
        str: _same,
        int | None: _same,
        tuple[int, ...]: list,
        tuple[bool, ...]: list,
        tuple[Card, ...]: _cards_text,
        tuple[tuple[Card, ...], ...]: lambda hands: [_cards_text(h) for h in hands],
    }
    optional = _optional(cls)
    writers = tuple(
        (name, fast.get(hint, _encode)) for name, hint in _fields(cls) if name not in optional
    )
    if not optional:

        def write(value: Any) -> dict[str, Any]:
            return {name: writer(getattr(value, name)) for name, writer in writers}

        return write
    extras = tuple(
        (name, fast.get(hint, _encode)) for name, hint in _fields(cls) if name in optional
    )

    def write_optional(value: Any) -> dict[str, Any]:
        data = {name: writer(getattr(value, name)) for name, writer in writers}
        for name, writer in extras:
            field = getattr(value, name)
            if field != optional[name]:
                data[name] = writer(field)
        return data

    return write_optional


def _same(value: Any) -> Any:
    return value


def _verb(make: object) -> str:
    return "bury" if make is Bury else "pass-cards"


def _document(kind: str, value: Any) -> dict[str, Any]:
    data = {"format": f"pinochle.{kind}", "version": VERSION, **_encode(value)}
    if isinstance(value, State):
        data["actions"] = [str(action) for action in value.actions]
    return data


def to_dict(value: Observation | State | HandResult) -> dict[str, Any]:
    """The value as a JSON-ready wire document (see the module notes)."""
    return _document(_KIND_OF[type(value)], value)


def to_json(value: Observation | State | HandResult, *, indent: int | None = None) -> str:
    """The value as a JSON wire document (UTF-8 text; cards and suits as symbols)."""
    return json.dumps(to_dict(value), ensure_ascii=False, indent=indent)


# --- Reading -----------------------------------------------------------------------------

Path_ = tuple[str | int, ...]
"""Where a value sits in the document, for messages: ``("trick", 1, 1)``."""
Decoder = Callable[["_Reader", Any, Path_], Any]


def _where(path: Path_) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


class _Reader:
    """Decodes one document, collecting every problem under its field's path."""

    def __init__(self, base_dir: Path | str | None) -> None:
        self.problems: list[str] = []
        self.base_dir = base_dir

    def note(self, path: Path_, problem: str) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            where = _where(path)
            self.problems.append(f"{where}: {problem}" if where else problem)

    def read(self, decode: Decoder, data: Any, path: Path_) -> Any:
        try:
            return decode(self, data, path)
        except _Problem as exc:
            self.note(path, str(exc))
            return _FAILED


@functools.cache
def _decoder(hint: Any) -> Decoder:
    """The reader of one type, built once: the types of the document's fields never change."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        members = typing.get_args(hint)
        rest = tuple(m for m in members if m is not type(None))
        optional = len(rest) < len(members)
        inner = (
            _action_decoder(rest) if all(m in _ACTION_TYPES for m in rest) else _decoder(rest[0])
        )
        if not optional:
            return inner

        def maybe(reader: _Reader, data: Any, path: Path_) -> Any:
            return None if data is None else inner(reader, data, path)

        return maybe
    if hint is Action:
        return _action_decoder(tuple(_ACTION_TYPES))
    if hint in _SIMPLE:
        return _SIMPLE[hint]
    if hint is Variant:
        return _variant
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_decoder(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return _list_decoder(_decoder(args[0]))
        return _fixed_decoder(tuple(_decoder(arg) for arg in args))
    if origin is Sequence:  # an observation's legal actions
        return _legal
    if attrs.has(hint):
        return _record_decoder(hint, ())
    raise InvariantError(f"no reader for {hint}")  # pragma: no cover


def _int(reader: _Reader, data: Any, path: Path_) -> int:
    if type(data) is not int:
        raise _Problem(f"expected a whole number, found {_show(data)}")
    if not -SEED_LIMIT < data < SEED_LIMIT:  # no number the library writes is larger
        raise _Problem(f"expected a whole number within ±2**64, found {_show(data)}")
    return data


def _bool(reader: _Reader, data: Any, path: Path_) -> bool:
    if type(data) is not bool:
        raise _Problem(f"expected true or false, found {_show(data)}")
    return data


def _str(reader: _Reader, data: Any, path: Path_) -> str:
    if not isinstance(data, str):
        raise _Problem(f"expected text, found {_show(data)}")
    return data


_CARD_OF_TEXT = {text: card for card, text in zip(CARDS, _CARD_TEXT, strict=True)}


def _card(reader: _Reader, data: Any, path: Path_) -> Card:
    card = _CARD_OF_TEXT.get(data) if isinstance(data, str) else None
    if card is not None:
        return card
    if not isinstance(data, str):
        raise _Problem(f"expected a card such as '10♥', found {_show(data)}")
    cards = _parsed(parse_cards, data)
    if len(cards) != 1:
        raise _Problem(f"expected one card, found {_show(data)}")
    found: Card = cards[0]
    return found


def _suit(reader: _Reader, data: Any, path: Path_) -> Suit:
    if not isinstance(data, str):
        raise _Problem(f"expected a suit such as '♥', found {_show(data)}")
    suit: Suit = _parsed(parse_suit, data)
    return suit


_SIMPLE: dict[Any, Decoder] = {int: _int, bool: _bool, str: _str, Card: _card, Suit: _suit}


def _list_decoder(item: Decoder) -> Decoder:
    def read_list(reader: _Reader, data: Any, path: Path_) -> tuple[Any, ...]:
        if not isinstance(data, list):
            raise _Problem(f"expected a list, found {_show(data)}")
        out = []
        for i, value in enumerate(data):
            try:
                out.append(item(reader, value, (*path, i)))
            except _Problem as exc:
                reader.note((*path, i), str(exc))
                out.append(_FAILED)
        return tuple(out)

    return read_list


def _fixed_decoder(items: tuple[Decoder, ...]) -> Decoder:
    def read_fixed(reader: _Reader, data: Any, path: Path_) -> tuple[Any, ...]:
        if not isinstance(data, list) or len(data) != len(items):
            raise _Problem(f"expected a list of {len(items)} values, found {_show(data)}")
        return tuple(
            reader.read(item, value, (*path, i))
            for i, (item, value) in enumerate(zip(items, data, strict=True))
        )

    return read_fixed


def _enum_decoder(enum_type: type[enum.Enum]) -> Decoder:
    written = {(m.value if isinstance(m, enum.StrEnum) else m.name.lower()): m for m in enum_type}

    def read_enum(reader: _Reader, data: Any, path: Path_) -> enum.Enum:
        member = written.get(data) if isinstance(data, str) else None
        if member is None:
            known = ", ".join(map(repr, written))
            raise _Problem(f"expected one of {known}, found {_show(data)}")
        return member

    return read_enum


def _action_decoder(allowed: tuple[type, ...]) -> Decoder:
    names = ", ".join(sorted(cls.__name__ for cls in allowed))

    def read_action(reader: _Reader, data: Any, path: Path_) -> Action:
        if not isinstance(data, str):
            raise _Problem(f"expected an action's text such as 'bid 26', found {_show(data)}")
        action: Action = _parsed(parse_action, data)
        if type(action) not in allowed:
            raise _Problem(f"expected one of {names}, found {data!r}")
        return action

    return read_action


def _record_decoder(cls: type, extra: tuple[str, ...]) -> Decoder:
    fields = tuple((name, _decoder(hint)) for name, hint in _fields(cls))
    known = {name for name, _ in fields} | set(extra)
    optional = _optional(cls)

    def read_record(reader: _Reader, data: Any, path: Path_) -> Any:
        if not isinstance(data, dict):
            raise _Problem(f"expected an object, found {_show(data)}")
        for key in data:
            if key not in known:
                reader.note((*path, str(key)[:40]), "unknown field")
        values: dict[str, Any] = {}
        failed = False
        for name, decode in fields:
            if name not in data:
                if name in optional:
                    continue  # its default
                reader.note((*path, name), "missing")
                failed = True
                continue
            value = reader.read(decode, data[name], (*path, name))
            failed = failed or value is _FAILED or _has_failed(value)
            values[name] = value
        if failed:
            return _FAILED
        try:
            return cls(**values)
        except (PinochleError, ValueError, TypeError) as exc:
            raise _Problem(str(exc)) from None

    return read_record


def _has_failed(value: Any) -> bool:
    return type(value) is tuple and any(v is _FAILED or _has_failed(v) for v in value)


def _variant(reader: _Reader, data: Any, path: Path_) -> Variant:
    if isinstance(data, str):
        if data not in builtin_variants():
            raise _Problem(f"no built-in profile {data[:60]!r} (a document names no file)")
        return load_variant(data)
    if not isinstance(data, dict):
        raise _Problem(f"expected a built-in profile's name or a table, found {_show(data)}")
    try:
        return Variant.from_dict(data, source="document variant", base_dir=reader.base_dir)
    except PinochleError as exc:
        raise _Problem("; ".join(str(exc).splitlines())) from None


def _legal(reader: _Reader, data: Any, path: Path_) -> Sequence[Action]:
    if isinstance(data, list):
        decode: Decoder = _list_decoder(_decoder(Action))
        actions: tuple[Action, ...] = decode(reader, data, path)
        return actions
    if isinstance(data, dict) and set(data) == {"choose", "from", "as"}:
        if data["as"] not in ("bury", "pass-cards") or type(data["choose"]) is not int:
            raise _Problem("expected a choice of cards: {'choose': N, 'from': [...], 'as': ...}")
        make: type[PassCards | Bury] = Bury if data["as"] == "bury" else PassCards
        cards = _list_decoder(_card)(reader, data["from"], (*path, "from"))
        if _has_failed(cards) or not 0 <= data["choose"] <= len(cards):
            raise _Problem(f"expected to choose 0 to {len(cards)} of the cards")
        return CardChoices(cards, data["choose"], make, _cards_of(make))
    if isinstance(data, dict) and set(data) == {"pass", "bids"}:
        runs = data["bids"]
        if type(data["pass"]) is not bool or not isinstance(runs, list):
            raise _Problem("expected the bids as {'pass': bool, 'bids': [[start, stop, step]]}")
        ranges = []
        for run in runs:
            whole = isinstance(run, list) and all(type(n) is int and abs(n) <= LIMIT for n in run)
            if not whole or len(run) != 3 or run[2] <= 0:
                raise _Problem(
                    f"expected [start, stop, step > 0] within ±{LIMIT}, found {_show(run)}"
                )
            ranges.append(range(*run))
        return BidChoices(data["pass"], ranges)
    raise _Problem(f"expected a list of actions or a choice, found {_show(data)}")


def _cards_of(make: type) -> Callable[[object], tuple[Card, ...] | None]:
    def cards_of(action: object) -> tuple[Card, ...] | None:
        return action.cards if isinstance(action, make) else None  # type: ignore[attr-defined]

    return cards_of


class _Problem(Exception):  # noqa: N818 - collected, then raised as one WireError
    pass


_FAILED = object()
"""A field that could not be read (its problem is noted)."""


def _show(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _parsed(parse: Callable[[str], Any], text: str) -> Any:
    try:
        return parse(text)
    except PinochleError as exc:
        raise _Problem(str(exc)) from None


_KIND_OF: dict[type, str] = {Observation: "observation", State: "state", HandResult: "result"}
_CLASS_OF: dict[str, type] = {kind: cls for cls, kind in _KIND_OF.items()}


def from_dict(
    kind: str, data: Any, *, base_dir: Path | str | None = None, verify: bool = True
) -> Any:
    """Read a wire document of this kind (``"observation"``, ``"state"`` or ``"result"``).

    Args:
        kind: What the document must be.
        data: The decoded JSON object.
        base_dir: Where an embedded profile may find a file it ``extends`` (default: none;
            built-in profiles only).
        verify: For a state: replay its history from the start of the game and require
            exactly the state described (default). Pass False only for states your own
            program wrote, or for states without their history (`pinochle.sample_state`):
            such a state is still checked to be possible (seats, lengths, the deck).

    Raises:
        WireError: Not a document of this kind, or fields missing, unknown or malformed, or
            a value no game can hold (a seat that does not exist, a list of the wrong
            length, more copies of a card than the deck); the error lists every problem (up
            to `MAX_PROBLEMS`).
    """
    cls = _CLASS_OF[kind]
    if not isinstance(data, dict) or data.get("format") != f"pinochle.{kind}":
        raise WireError(f"not a {kind} document: expected format 'pinochle.{kind}'")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise WireError(f"version: this library reads version {VERSION}, found {_show(version)}")
    reader = _Reader(base_dir)
    extra = ("format", "version", *(("actions",) if cls is State else ()))
    value = reader.read(_record_decoder(cls, extra), data, ())
    if cls is State and value is not _FAILED:
        actions = reader.read(_decoder(tuple[Action, ...]), data.get("actions"), ("actions",))
        if actions is not _FAILED and not _has_failed(actions):
            value = _with_history(value, actions, verify, reader)
    if not reader.problems and value is not _FAILED:
        _check_possible(value, verify, reader)
    if reader.problems or value is _FAILED:
        raise WireError(*reader.problems)
    return value


def _check_possible(value: Any, verify: bool, reader: _Reader) -> None:
    """Note every way a well-formed value is not one the game can hold (`_possible`).

    A state whose history was replayed is the engine's own: only one read with
    ``verify=False`` is checked.
    """
    from pinochle import _possible

    if isinstance(value, Observation):
        problems = _possible.observation_problems(value)
    elif isinstance(value, State):
        problems = [] if verify else _possible.state_problems(value)
    else:
        problems = _possible.result_problems(value)
    for where, problem in problems:
        reader.note((where,), problem)


def _with_history(state: State, actions: tuple[Action, ...], verify: bool, reader: _Reader) -> Any:
    from pinochle.engine import apply, new_game  # the engine is needed only to verify

    restored = with_history(state, actions)
    if not verify:
        return restored
    game = state.game
    try:
        replayed = new_game(
            game.variant,
            game.seed,
            game.first_dealer,
            hands=game.start_hands,
            scores=game.start_scores,
        )
        for step, action in enumerate(actions, start=1):
            try:
                replayed = apply(replayed, action)
            except PinochleError as exc:
                reader.note(("actions",), f"step {step} ({action}) does not replay: {exc}")
                return _FAILED
    except PinochleError as exc:
        reader.note(("game",), f"the game cannot start as described: {exc}")
        return _FAILED
    if replayed != restored:
        wrong = [
            name for name, _ in _fields(State) if getattr(replayed, name) != getattr(restored, name)
        ]
        reader.note(
            (", ".join(wrong) or "state",),
            "does not match the state its history leads to (pass verify=False to trust it)",
        )
        return _FAILED
    return restored


def from_json(
    kind: str, text: str | bytes, *, base_dir: Path | str | None = None, verify: bool = True
) -> Any:
    """Read a wire document from JSON text or UTF-8 bytes (see `from_dict`)."""
    return from_dict(kind, parse_json(text, WireError), base_dir=base_dir, verify=verify)
