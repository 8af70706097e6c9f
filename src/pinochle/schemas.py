"""JSON Schemas (draft 2020-12) of every document the library writes.

The schemas are built from the same type annotations the wire format reads and writes, so
they cannot drift from the code: `build` makes them, the package ships them as files in
``pinochle/schemas/`` (a test checks the files are what `build` makes), and
`pinochle.schema` returns the shipped one. The docs publish them.

Regenerate the files after changing a document's fields:
``python -m pinochle.schemas src/pinochle/schemas``.
"""

from __future__ import annotations

import enum
import json
import sys
import types
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from pinochle.actions import Action
from pinochle.arguments import LIMIT, SEED_LIMIT
from pinochle.cards import Card, Suit
from pinochle.errors import ArgumentError, InvariantError
from pinochle.scoring import HandResult
from pinochle.state import Observation, State
from pinochle.variant import Variant, builtin_variants

__all__ = ["KINDS", "build", "schema"]

KINDS = ("observation", "state", "result", "record", "sheet", "variant")
"""The kinds of document, each ``"format": "pinochle.<kind>"`` (a variant is TOML or JSON)."""

DRAFT = "https://json-schema.org/draft/2020-12/schema"
_FOLDER = Path(__file__).parent / "schemas"


def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of a kind of document (see `KINDS`), as shipped in the package.

    Raises:
        ArgumentError: Not a kind of document.
    """
    if kind not in KINDS:
        raise ArgumentError("kind", f"a kind of document: one of {', '.join(KINDS)}", kind)
    loaded: dict[str, Any] = json.loads((_FOLDER / f"{kind}.json").read_text("utf-8"))
    return loaded


# --- Building ----------------------------------------------------------------------------

_CARD = r"^(A|10|K|Q|J|9)[♣♦♥♠]$"
_ACTION_PATTERNS = {
    "Bid": r"bid -?[0-9]{1,18}",
    "Pass": r"pass",
    "NameTrump": r"trump [♣♦♥♠]",
    "PassCards": r"pass-cards( \S+)*",
    "Bury": r"bury( \S+)*",
    "Declare": r"declare [a-z ]+:( \S+)*",
    "ExchangeDix": r"exchange dix",
    "Draw": r"draw",
    "ThrowIn": r"throw in",
    "PlayOn": r"play on",
    "Play": r"play \S+",
    "Concede": r"concede",
    "CallMisdeal": r"misdeal",
    "KeepHand": r"keep",
    "CallRenege": r"call renege [0-9]",
    "CorrectRenege": r"correct renege [0-9] \S+",
    "KeepDix": r"keep dix",
    "TakeTurnUp": r"draw turn-up",
    "ShootTheMoon": r"shoot the moon",
    "ShareKitty": r"share( \S+)*",
    "CallPartner": r"call (?!renege)\S+",
}
"""The text of each action class, as `pinochle.parse_action` reads it (cards loosely)."""
_SKIPPED = frozenset({"history", "legal_cache", "source"})
_WHOLE = {"type": "integer", "minimum": 1 - SEED_LIMIT, "maximum": SEED_LIMIT - 1}
"""A whole number as the wire reads it: no number the library writes is larger."""


class _Builder:
    """Turns type annotations into schema fragments, collecting named definitions."""

    def __init__(self) -> None:
        self.defs: dict[str, Any] = {
            "card": {"type": "string", "pattern": _CARD, "description": "A card: 10♥, A♠, 9♣."},
            "suit": {"enum": [str(s) for s in Suit], "description": "A suit symbol."},
            "action": {
                "type": "string",
                "pattern": _any_action(),
                "description": "An action's text, as pinochle.parse_action reads it.",
            },
        }

    def of(self, hint: Any) -> dict[str, Any]:
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            members = typing.get_args(hint)
            rest = [m for m in members if m is not type(None)]
            if all(isinstance(m, type) and m in _ACTION_TYPES for m in rest):
                patterns = "|".join(_ACTION_PATTERNS[m.__name__] for m in rest)
                inner: dict[str, Any] = {"type": "string", "pattern": f"^({patterns})$"}
            else:
                inner = self.of(rest[0])
            return {"anyOf": [inner, {"type": "null"}]} if len(rest) < len(members) else inner
        if hint is Action:
            return {"$ref": "#/$defs/action"}
        if hint is bool:
            return {"type": "boolean"}
        if hint is int:
            return dict(_WHOLE)
        if hint is str:
            return {"type": "string"}
        if hint is Card:
            return {"$ref": "#/$defs/card"}
        if hint is Suit:
            return {"$ref": "#/$defs/suit"}
        if hint is Variant:
            self.variant()
            return {"$ref": "#/$defs/variant"}
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return {"enum": [_written(m) for m in hint]}
        if origin is tuple:
            args = typing.get_args(hint)
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            return {
                "type": "array",
                "prefixItems": [self.of(a) for a in args],
                "items": False,
                "minItems": len(args),
            }
        if origin is Sequence:
            return self.legal_actions()
        if attrs.has(hint):
            return self.record(hint)
        raise InvariantError(f"no schema for {hint}")  # pragma: no cover

    def record(self, cls: type, *, open_keys: bool = False) -> dict[str, Any]:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # a placeholder: the class may refer to itself
            hints = typing.get_type_hints(cls)
            fields = [f for f in attrs.fields(cls) if f.name not in _SKIPPED]
            self.defs[name] = {
                "type": "object",
                "description": (cls.__doc__ or "").strip().splitlines()[0],
                "properties": {f.name: self.of(hints[f.name]) for f in fields},
                # A field added since version 1 may be left out: it then has its default.
                "required": []
                if open_keys
                else [f.name for f in fields if f.metadata.get("wire") != "optional"],
                "additionalProperties": False,
            }
        return {"$ref": f"#/$defs/{name}"}

    def legal_actions(self) -> dict[str, Any]:
        return {
            "oneOf": [
                {"type": "array", "items": {"$ref": "#/$defs/action"}},
                {
                    "type": "object",
                    "description": "Every choice of `choose` cards from `from`, lazily.",
                    "properties": {
                        "choose": {"type": "integer", "minimum": 0},
                        "from": {"type": "array", "items": {"$ref": "#/$defs/card"}},
                        "as": {"enum": ["pass-cards", "bury"]},
                    },
                    "required": ["choose", "from", "as"],
                    "additionalProperties": False,
                },
                {
                    "type": "object",
                    "description": "A pass (when allowed) and the bids of each range, lazily.",
                    "properties": {
                        "pass": {"type": "boolean"},
                        "bids": {
                            "type": "array",
                            "items": {
                                "type": "array",
                                "prefixItems": [
                                    {"type": "integer", "minimum": -LIMIT, "maximum": LIMIT},
                                    {"type": "integer", "minimum": -LIMIT, "maximum": LIMIT},
                                    {"type": "integer", "minimum": 1, "maximum": LIMIT},
                                ],
                                "items": False,
                                "minItems": 3,
                            },
                        },
                    },
                    "required": ["pass", "bids"],
                    "additionalProperties": False,
                },
            ]
        }

    def variant(self) -> None:
        """The profile: a built-in profile's name, or a table of profile keys."""
        if "variant" in self.defs:
            return
        self.defs["variant"] = {}
        table = self.profile(document=True)
        self.defs["variant"] = {
            "description": "A built-in profile by name, or a whole profile as a table.",
            "oneOf": [{"enum": list(builtin_variants())}, table],
        }

    def profile(self, *, document: bool = False) -> dict[str, Any]:
        """A profile's keys, every key optional as in a house profile's TOML.

        Inside another document (``document``) ``extends`` names a built-in profile only;
        a profile file may also extend a file.
        """
        hints = typing.get_type_hints(Variant)
        extends = {"enum": list(builtin_variants())} if document else {"type": "string"}
        properties: dict[str, Any] = {"extends": extends}
        for field in attrs.fields(Variant):
            if field.name in _SKIPPED:
                continue
            properties[field.name] = self.section(hints[field.name])
        return {
            "type": "object",
            "properties": properties,
            "additionalProperties": False,
        }

    def section(self, hint: Any) -> dict[str, Any]:
        if not (isinstance(hint, type) and attrs.has(hint)):
            return self.profile_value(hint)
        hints = typing.get_type_hints(hint)
        return {
            "type": "object",
            "properties": {
                f.name: self.section(hints[f.name])
                for f in attrs.fields(hint)
                if not f.name.startswith("_")
            },
            "additionalProperties": False,
        }

    def profile_value(self, hint: Any) -> dict[str, Any]:
        """A profile key's value; an absent optional number is written ``false``."""
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            rest = [m for m in typing.get_args(hint) if m is not type(None)]
            options = [self.profile_value(m) for m in rest]
            return {"anyOf": [*options, {"const": False}]}
        if origin is tuple:
            args = typing.get_args(hint)
            return {"type": "array", "items": self.section(args[0])}
        if hint is Suit:
            return {"$ref": "#/$defs/suit"}
        if hint is int:  # the profile's reader bounds its numbers itself (±1,000,000)
            return {"type": "integer"}
        return self.of(hint)


def _any_action() -> str:
    """Every action class's text; a class this table does not know is allowed by name."""
    known = {cls.__name__ for cls in _ACTION_TYPES}
    patterns = [_ACTION_PATTERNS[name] for name in sorted(known & set(_ACTION_PATTERNS))]
    if known - set(_ACTION_PATTERNS):  # an action added later: any lowercase text
        patterns.append(r"[a-z][a-z -]*( \S+)*")
    return f"^({'|'.join(patterns)})$"


def _written(member: enum.Enum) -> Any:
    return member.value if isinstance(member, enum.StrEnum) else member.name.lower()


_ACTION_TYPES = frozenset(typing.get_args(Action))


def _document(kind: str, title: str, body: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    properties = {
        "format": {"const": f"pinochle.{kind}"},
        "version": {"const": 1},
        **body.get("properties", {}),
    }
    return {
        "$schema": DRAFT,
        "$id": f"https://pinochle-rules.example/schemas/{kind}.json",
        "title": title,
        "type": "object",
        "properties": properties,
        "required": ["format", "version", *body.get("required", [])],
        "additionalProperties": False,
        "$defs": defs,
    }


def build(kind: str) -> dict[str, Any]:
    """Make the schema of a kind of document from the code's types (see `KINDS`).

    Raises:
        ArgumentError: Not a kind of document.
    """
    builder = _Builder()
    if kind in ("observation", "state", "result"):
        cls = {"observation": Observation, "state": State, "result": HandResult}[kind]
        builder.record(cls)
        body = dict(builder.defs.pop(cls.__name__))
        if cls is State:
            body["properties"] = {
                **body["properties"],
                "actions": {"type": "array", "items": {"$ref": "#/$defs/action"}},
            }
            body["required"] = [*body["required"], "actions"]
        title = {
            "observation": "What one seat may know (pinochle.Observation)",
            "state": "A whole game at one moment (pinochle.State)",
            "result": "The settlement of one hand (pinochle.HandResult)",
        }[kind]
        return _document(kind, title, body, builder.defs)
    if kind == "variant":
        body = builder.profile()
        return {
            "$schema": DRAFT,
            "$id": "https://pinochle-rules.example/schemas/variant.json",
            "title": "A variant profile (TOML or JSON): every key optional",
            **body,
            "$defs": builder.defs,
        }
    if kind == "record":
        builder.variant()
        return _document(kind, "A game record (pinochle.records.GameRecord)", _RECORD, builder.defs)
    if kind == "sheet":
        builder.variant()
        return _document(kind, "A score sheet (pinochle.ScoreSheet)", _SHEET, builder.defs)
    raise ArgumentError("kind", f"a kind of document: one of {', '.join(KINDS)}", kind)


_NUMBERS = {"type": "array", "items": {"type": "integer"}}
_FLAGS = {"type": "array", "items": {"type": "boolean"}}
_RECORD: dict[str, Any] = {
    "properties": {
        "variant": {"$ref": "#/$defs/variant"},
        "seed": {"type": "integer", "minimum": 0, "maximum": 2**64 - 1},
        "dealer": {"type": "integer", "minimum": 0},
        "scores": {"anyOf": [_NUMBERS, {"type": "null"}]},
        "hands": {
            "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}],
            "description": "The first hand's cards, one string of cards per seat.",
        },
        "actions": {"type": "array", "items": {"$ref": "#/$defs/action"}},
    },
    "required": ["variant", "seed"],
}
_SHEET: dict[str, Any] = {
    "properties": {
        "variant": {"$ref": "#/$defs/variant"},
        "scores": _NUMBERS,
        "strict_bids": {"type": "boolean"},
        "hands": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "bidder": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                    "bid": {"type": "integer"},
                    "meld": _NUMBERS,
                    "points": _NUMBERS,
                    "tricks": _NUMBERS,
                    "counters": _FLAGS,
                    "nines_only": _FLAGS,
                    "thrown_in": {"type": "boolean"},
                    "no_marriage": {"type": "boolean"},
                    "trump": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                    "conceded": {"type": "boolean"},
                    "renege": {"type": "integer"},
                    "called_by": {"type": "integer"},
                    "proven": {"type": "boolean"},
                    "moon": {"type": "boolean"},
                },
                "required": ["meld"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["variant"],
}


def _write(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for kind in KINDS:
        text = json.dumps(build(kind), ensure_ascii=False, indent=1) + "\n"
        (folder / f"{kind}.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    _write(Path(sys.argv[1]) if len(sys.argv) > 1 else _FOLDER)
