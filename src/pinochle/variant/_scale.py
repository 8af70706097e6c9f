"""The change of scale: every number a profile writes on its scale, converted to another.

A field marked *scaled* in the model (bids, targets, meld values, the last trick, floors)
holds a number on the profile's own scale (ones or tens); `rescale` multiplies or divides
every one of them, and refuses a number with no exact value on the new scale.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from pinochle.errors import VariantError
from pinochle.variant._model import Variant


def rescale(variant: Variant, new_scale: int) -> Variant:
    """Convert every number on the profile's scale to another scale."""
    if new_scale == variant.scale:
        return variant
    old = variant.scale

    def convert(value: Any, where: str) -> Any:
        if isinstance(value, bool) or value is None or isinstance(value, enum.Enum):
            return value
        if isinstance(value, tuple):
            return tuple(convert(v, f"{where}[{i}]") for i, v in enumerate(value))
        if (value * new_scale) % old:
            raise VariantError(
                variant.source,
                where,
                f"{value} on scale {old} has no exact value on scale {new_scale}",
            )
        return value * new_scale // old

    def walk(obj: Any, path: str) -> Any:
        changes: dict[str, Any] = {}
        for f in attrs.fields(type(obj)):
            if f.name == "source":
                continue
            value = getattr(obj, f.name)
            where = f"{path}.{f.name}" if path else f.name
            if attrs.has(type(value)):
                changes[f.name] = walk(value, where)
            elif isinstance(value, tuple) and value and attrs.has(type(value[0])):
                changes[f.name] = tuple(walk(v, f"{where}[{i}]") for i, v in enumerate(value))
            elif f.metadata.get("scaled"):
                changes[f.name] = convert(value, where)
        return attrs.evolve(obj, **changes)

    rescaled: Variant = walk(variant, "")
    return attrs.evolve(rescaled, scale=new_scale)
