"""Reading and writing profiles: TOML text and mappings to a checked `Variant`, and back.

The builder checks raw data against the model's section classes, key by key, and reports
every bad key at once; ``extends`` chains are resolved here (built-in names, and files only
where the caller names a folder), a change of ``scale`` converts the parent's numbers
(`pinochle.variant._scale`), and the result passes the cross-key rules
(`pinochle.variant._checks`). `load_variant` and `builtin_variants` read the shipped
profiles and the user's files.
"""

from __future__ import annotations

import enum
import functools
import os
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Union

import attrs

from pinochle.documents import MAX_PATH_CHARS, check_path, parse_toml, read_text
from pinochle.errors import MAX_PROBLEMS, InvariantError, VariantError
from pinochle.variant._checks import check
from pinochle.variant._model import DEFAULT_VARIANT, MAX_EXTENDS, MAX_NUMBER, Variant
from pinochle.variant._scale import rescale
from pinochle.variant._text import describe, key_name, out_of_range

if TYPE_CHECKING:  # at run time pathlib loads with the first profile: it costs
    from pathlib import Path  # `import pinochle` milliseconds (urllib.parse behind it)

__all__ = ["builtin_variants", "from_dict", "from_toml", "load_variant", "overlay", "to_dict"]


def from_toml(
    text: str | bytes, *, source: str = "<string>", base_dir: Path | str | None = None
) -> Variant:
    """Read a profile from TOML text (`Variant.from_toml` documents the arguments)."""
    source = _source_name(source)
    data = parse_toml(text, _whole(source))
    return _resolve(data, source, _base_dir(base_dir, source), ())


def from_dict(
    data: Mapping[str, Any], *, source: str = "<dict>", base_dir: Path | str | None = None
) -> Variant:
    """Build a profile from a mapping shaped like the file (see `Variant.from_dict`)."""
    source = _source_name(source)
    if not isinstance(data, Mapping):
        raise VariantError(source, "", f"expected a table of profile keys, found {describe(data)}")
    return _resolve(dict(data), source, _base_dir(base_dir, source), ())


def to_dict(variant: Variant) -> dict[str, Any]:
    """The profile as plain data shaped like the TOML file (``None`` written as ``False``)."""
    data = _converter().unstructure(variant)
    del data["source"]
    # An absent meld value means "the table's value"; only overrides are written.
    values = data["meld"]["values"]
    data["meld"]["values"] = {k: v for k, v in values.items() if v is not None}
    return typing.cast(dict[str, Any], _nones_to_false(data))


@functools.cache
def _converter() -> Any:
    """The cattrs converter, built on first use (importing cattrs costs ~20 ms at start-up)."""
    import cattrs

    converter = cattrs.Converter()
    converter.register_unstructure_hook(enum.Enum, lambda e: e.value)
    return converter


def _nones_to_false(value: Any) -> Any:
    if value is None:
        return False
    if isinstance(value, dict):
        return {k: _nones_to_false(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_nones_to_false(v) for v in value]
    return value


class _Builder:
    """Checks raw TOML data against the section classes and builds them."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, problem: str) -> VariantError:
        return VariantError(self.source, key, problem)

    def build(self, cls: type[Any], data: Any, path: str) -> Any:
        """Build one section; every bad key is reported, not only the first."""
        if not isinstance(data, dict):
            raise self.fail(path, f"expected a table, found {describe(data)}")
        fields = {f.name: f for f in attrs.fields(cls) if f.name != "source"}
        hints = typing.get_type_hints(cls)
        kwargs: dict[str, Any] = {}
        problems: list[tuple[str, str]] = []
        for key, value in data.items():
            if len(problems) >= MAX_PROBLEMS:
                break
            name = key_name(key)
            where = f"{path}.{name}" if path else name
            if key not in fields:
                hint = _did_you_mean(key, fields) if isinstance(key, str) else ""
                problems.append((where, "unknown key" + hint))
                continue
            try:
                kwargs[key] = self.value(hints[key], value, where)
            except VariantError as exc:
                problems.extend(exc.problems)
        if problems:
            raise VariantError.of(self.source, problems[:MAX_PROBLEMS])
        return cls(**kwargs)

    def value(self, hint: Any, value: Any, where: str) -> Any:
        origin = typing.get_origin(hint)
        if origin in (Union, types.UnionType):
            return self.union(typing.get_args(hint), value, where)
        if attrs.has(hint):
            return self.build(hint, value, where)
        if origin is tuple:
            (item,) = {a for a in typing.get_args(hint) if a is not Ellipsis}
            if not isinstance(value, list):
                raise self.fail(where, f"expected a list, found {describe(value)}")
            return tuple(self.value(item, v, f"{where}[{i}]") for i, v in enumerate(value))
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            choices = [m.value for m in hint]
            if value not in choices:
                shown = ", ".join(repr(c) for c in choices)
                hint_text = ""
                if isinstance(value, str):
                    close = _close_match(value, choices)
                    hint_text = f"; did you mean {close[0]!r}?" if close else ""
                raise self.fail(
                    where, f"expected one of {shown}, found {describe(value)}{hint_text}"
                )
            return hint(value)
        if hint is bool:
            if not isinstance(value, bool):
                raise self.fail(where, f"expected true or false, found {describe(value)}")
            return value
        if hint is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise self.fail(where, f"expected an integer, found {describe(value)}")
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise self.fail(where, out_of_range(value))
            return value
        if hint is str:
            if not isinstance(value, str):
                raise self.fail(where, f"expected a string, found {describe(value)}")
            return value
        raise InvariantError(f"no rule to read {hint!r}")  # pragma: no cover - schema bug

    def union(self, options: tuple[Any, ...], value: Any, where: str) -> Any:
        if type(None) in options and value is False:
            return None
        candidates = [o for o in options if o is not type(None)]
        errors = []
        for option in candidates:
            try:
                return self.value(option, value, where)
            except VariantError as exc:
                errors.append(exc.problem)
        if type(None) in options:
            errors.append("or false for none")
        raise self.fail(where, "; ".join(errors))


def _close_match(word: str, choices: Iterable[str]) -> list[str]:
    """The closest of ``choices`` to a misspelt ``word``, if any is close (at most one)."""
    import difflib  # only for an error's hint: it costs `import pinochle` a millisecond

    return difflib.get_close_matches(word, choices, n=1)


def _did_you_mean(key: str, fields: Mapping[str, Any]) -> str:
    close = _close_match(key, list(fields))
    if close:
        return f"; did you mean {close[0]!r}?"
    for name, section in typing.get_type_hints(Variant).items():
        if attrs.has(section) and key in {f.name for f in attrs.fields(section)}:
            return f"; it belongs in the [{name}] table"
    return f"; known keys here: {', '.join(fields)}"


def _deep_merge(base: dict[str, Any], top: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def overlay(parent: Variant, data: dict[str, Any], source: str) -> Variant:
    """Apply a file's or mapping's keys on top of a resolved parent profile."""
    scale = data.get("scale", parent.scale)
    if scale not in (1, 10):
        raise VariantError(
            source, "scale", f"expected 1 (ones) or 10 (tens), found {describe(scale)}"
        )
    if scale != parent.scale:
        parent = rescale(attrs.evolve(parent, source=source), scale)
    merged = _deep_merge(parent.to_dict(), data)
    variant: Variant = _Builder(source).build(Variant, merged, "")
    variant = attrs.evolve(variant, source=source)
    check(variant)
    return variant


def _resolve(
    data: dict[str, Any], source: str, base_dir: Path | None, seen: tuple[str, ...]
) -> Variant:
    """Resolve ``extends`` (recursively) and build the profile.

    ``base_dir`` is where a path in ``extends`` is looked up; None allows built-in names only.
    ``seen`` is the chain of profiles that extend this one, the first one first.
    """
    extends = data.pop("extends", "")
    if not isinstance(extends, str):
        raise VariantError(
            source, "extends", f"expected a profile name or path, found {describe(extends)}"
        )
    if extends:
        if len(seen) + 1 >= MAX_EXTENDS:
            raise VariantError(
                source,
                "extends",
                f"profiles may extend each other at most {MAX_EXTENDS} deep; this chain "
                f"starts {' -> '.join(seen[:3])} -> ...",
            )
        parent = _load(extends, base_dir, (*seen, source), wanted_by=source)
    else:
        parent = Variant(source=source)
    if "name" not in data and source.endswith(".toml"):
        from pathlib import Path

        data["name"] = Path(source).stem
    if extends and "title" not in data:
        # The parent's title describes the parent, not this house's changes.
        data["title"] = f"house rules based on {parent.name}"
    return overlay(parent, data, source)


def _whole(source: str, key: str = "") -> Callable[[str], VariantError]:
    """The error factory of `pinochle.documents` for a profile (the key: where it points)."""
    return lambda problem: VariantError(source, key, problem)


def _source_name(source: object) -> str:
    return source if isinstance(source, str) else f"<{type(source).__name__}>"


def _base_dir(base_dir: object, source: str) -> Path | None:
    if base_dir is None:
        return None
    return check_path(base_dir, _whole(source, "extends"))  # type: ignore[arg-type]


# --- Files and the built-in profiles ----------------------------------------------


def _variants_dir() -> Path:
    """Where the built-in profiles are: inside the wheel, or the checkout's variants/."""
    from importlib import resources  # ~30 ms to import: only when a profile is loaded
    from pathlib import Path

    packaged = resources.files("pinochle") / "variants"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "variants"


@functools.cache  # the shipped folder does not change while the program runs
def builtin_variants() -> tuple[str, ...]:
    """The names of the profiles shipped with the library, sorted."""
    return tuple(sorted(p.stem for p in _variants_dir().glob("*.toml")))


def _is_path(name_or_path: str | Path) -> bool:
    from pathlib import Path

    if isinstance(name_or_path, Path):
        return True
    return name_or_path.endswith(".toml") or "/" in name_or_path or "\\" in name_or_path


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, say
        return False


def _load(
    name_or_path: str | Path, base_dir: Path | None, seen: tuple[str, ...], wanted_by: str
) -> Variant:
    key = "extends" if seen else ""
    is_path = _is_path(name_or_path)
    name_or_path = check_path(name_or_path, _whole(wanted_by, key))
    given = str(name_or_path)
    if is_path:
        if base_dir is None:
            # A record, a sheet or a text from the network must not make us read a file.
            raise VariantError(
                wanted_by,
                "extends",
                "a profile document may extend only a built-in profile, not a file path "
                "(pass base_dir to allow files)",
            )
        try:
            path = (base_dir / name_or_path).resolve()
        except (OSError, RuntimeError) as exc:  # RuntimeError: a symbolic link loop
            raise VariantError(wanted_by, key, f"cannot find {given!r}: {exc}") from None
        # The file as the user named it at the top; resolved when another file extends it.
        label = str(path) if seen else given
        if not _is_file(path):
            raise VariantError(wanted_by, key, f"no profile file {given!r} ({path})")
    else:
        path = _variants_dir() / f"{given}.toml"
        label = given
        if not _is_file(path):
            known = ", ".join(builtin_variants())
            close = _close_match(given, builtin_variants())
            hint = f"; did you mean {close[0]!r}?" if close else ""
            shown = given if len(given) <= 60 else f"{given[:57]}..."
            raise VariantError(
                wanted_by, key, f"no built-in profile {shown!r}{hint} (known: {known})"
            )
    if label in seen or (is_path and seen and _resolved(seen[0]) == label):
        chain = " -> ".join((*seen, label))
        raise VariantError(wanted_by, "extends", f"profiles extend each other in a cycle: {chain}")
    text = read_text(path, _whole(label))
    data = parse_toml(text, _whole(label))
    return _resolve(data, label, path.parent, seen)


def _resolved(label: str) -> str:
    """The top-level file's label (as the user named it) as a resolved path."""
    from pathlib import Path

    try:
        return str(Path(label).resolve())
    except (OSError, RuntimeError, ValueError):
        return label


@functools.lru_cache(maxsize=64)
def _load_builtin(name: str) -> Variant:
    from pathlib import Path

    return _load(name, Path.cwd(), (), wanted_by=name if len(name) <= 60 else f"{name[:57]}...")


def load_variant(name_or_path: str | os.PathLike[str] = DEFAULT_VARIANT) -> Variant:
    """Load a built-in profile by name, or a profile file by path.

    Args:
        name_or_path: A built-in name such as ``"pagat-partnership"`` (see
            `builtin_variants`), or the path of a ``.toml`` file, which may ``extends`` a
            built-in profile or another file (relative paths are relative to the file), at
            most `MAX_EXTENDS` profiles in a chain.

    Raises:
        VariantError: Unknown name, missing or unreadable file (not UTF-8 text, too large),
            not a name or path at all, or an invalid profile; the message names the file and
            the key, and lists every problem found (see `VariantError.problems`).
    """
    from pathlib import Path

    if isinstance(name_or_path, os.PathLike):
        name_or_path = check_path(name_or_path, _whole("<path>"))
    if not isinstance(name_or_path, str | Path):
        raise VariantError(
            "<argument>",
            "",
            f"expected a profile name or a file path, found {type(name_or_path).__name__}",
        )
    if _is_path(name_or_path):
        source = str(name_or_path)[:MAX_PATH_CHARS]
        return _load(name_or_path, Path.cwd(), (), wanted_by=source)
    name = str(name_or_path)
    check_path(name, _whole(name[:60] or "<empty name>"))
    return _load_builtin(name)
