"""Every exception the library raises is a `PinochleError` of `pinochle.errors` (docs/errors.md).

A test reads every ``raise`` of src/pinochle: what it raises must be a `PinochleError`
subclass, or a function annotated to return one. The few exceptions to the rule are listed
here, each with why, and the errors page says the same.
"""

from __future__ import annotations

import ast
import builtins
import collections.abc
import importlib
import inspect
import pickle
import re
import typing
from pathlib import Path

import pytest

import pinochle
from pinochle import errors
from pinochle.errors import PinochleError

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "pinochle"
ERRORS_PAGE = ROOT / "docs" / "errors.md"

PROTOCOL = {
    ("__getitem__", "IndexError"): "a sequence's index out of range ends Python's iteration",
    ("__setattr__", "FrozenInstanceError"): "attrs' frozen classes refuse a change so",
    ("__getattr__", "AttributeError"): "a module's missing name, as Python's import expects",
    ("run", "NotImplementedError"): "the arena's abstract backend: a subclass says where",
    ("_level", "ArgumentTypeError"): "argparse's way for a type function to say what it takes",
}
"""(function, exception): raised as Python's protocols require, never an error of input."""

NOT_ERRORS = {
    "MatchInterrupted": "Ctrl-C in a match, carrying the deals that finished (a KeyboardInterrupt)",
    "KeyboardInterrupt": "the arena's in-process backend passes Ctrl-C on",
    "SystemExit": "the command line's exit status",
    "BrokenPipeError": "the command line's closed output, which its exit handler reports",
}
"""Exceptions that are not errors: an interruption or the program's exit."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _returns(tree: ast.AST) -> dict[str, list[str]]:
    """What each function of a file (methods and nested ones too) and each parameter that is
    a function (``error: Callable[[str], PinochleError]``) returns, as hint text."""
    found: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            returns = ast.unparse(node.returns) if node.returns else ""
            found.setdefault(node.name, []).append(returns)
            for arg in (*node.args.args, *node.args.kwonlyargs):
                hint = ast.unparse(arg.annotation) if arg.annotation else ""
                found.setdefault(arg.arg, []).append(hint)
    return found


def _returned(namespace: dict[str, object], hint: str) -> object:
    """What a return hint names, or what a function type (``Callable[[str], X]``, or an alias
    of one) returns."""
    if hint.startswith("Callable["):
        hint = hint.rsplit(",", 1)[-1].strip(" ]")
    value = _resolve(namespace, hint)
    if typing.get_origin(value) is collections.abc.Callable:
        return typing.get_args(value)[-1]
    return value


def _resolve(namespace: dict[str, object], text: str) -> object:
    """A dotted name (``errors.WireError``, ``attrs.exceptions.X``) in a module's namespace."""
    head, *rest = text.split(".")
    value = namespace.get(head, getattr(builtins, head, None))
    for part in rest:
        value = getattr(value, part, None)
    return value


def _raises(path: Path) -> list[tuple[str, str, int]]:
    """(function, what is raised, line) for every raise of a new exception in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = function
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = child.name
            if isinstance(child, ast.Raise) and child.exc is not None:
                exc = child.exc.func if isinstance(child.exc, ast.Call) else child.exc
                # `raise error` re-raises a variable; `raise SomeError` raises a class
                if isinstance(child.exc, ast.Call) or ast.unparse(exc).split(".")[-1][0].isupper():
                    found.append((function, ast.unparse(exc), child.lineno))
            visit(child, name)

    visit(tree, "")
    return found


def _is_error(value: object, module: str) -> bool:
    """A PinochleError class, a private exception class of ``module``, or NoReturn."""
    if value is typing.NoReturn:
        return True
    if not inspect.isclass(value) or not issubclass(value, BaseException):
        return False
    private = value.__name__.startswith("_") and value.__module__ == module
    return issubclass(value, PinochleError) or private


def _problems() -> list[str]:
    wrong = []
    for module, path in _modules().items():
        if module == "pinochle.__main__":
            namespace: dict[str, object] = {"SystemExit": SystemExit}
        else:
            namespace = vars(importlib.import_module(module))
        functions = _returns(ast.parse(path.read_text(encoding="utf-8")))
        for function, raised, line in _raises(path):
            where = f"{path.relative_to(PACKAGE.parent)}:{line}: {raised}"
            short = raised.rsplit(".", 1)[-1]
            if (function, short) in PROTOCOL or short in NOT_ERRORS:
                continue
            value = _resolve(namespace, raised)
            if inspect.isclass(value):
                if not _is_error(value, module):
                    wrong.append(f"{where} is not a PinochleError")
                continue
            if callable(value):  # a function of the module, or one it imports
                returned = [typing.get_type_hints(value).get("return")]
            else:  # a nested function, or a function given as an argument
                returned = [_returned(namespace, hint) for hint in functions.get(short, [""])]
            if not all(_is_error(r, module) for r in returned):
                wrong.append(f"{where}() returns no PinochleError (or has no return hint)")
    return wrong


def test_every_raise_of_the_library_is_a_pinochle_error() -> None:
    # Private exception classes (`_Problem`, `_QuitError`, ...) are notes a module raises
    # and catches itself; every other raise is a PinochleError (ValueError, TypeError,
    # KeyError, ImportError and AssertionError callers catch it still: see the bases).
    assert _problems() == []


def test_the_scan_sees_a_bare_builtin_error(tmp_path: Path) -> None:
    source = "def f():\n    raise ValueError('x')\n\ndef g():\n    raise error('y')\n"
    path = tmp_path / "sample.py"
    path.write_text(source, encoding="utf-8")
    assert [raised for _, raised, _ in _raises(path)] == ["ValueError", "error"]


# --- Every error class is in pinochle.errors, exported from pinochle, and documented ------


def _error_classes() -> list[type[PinochleError]]:
    return [
        value
        for name in errors.__all__
        if inspect.isclass(value := getattr(errors, name)) and issubclass(value, PinochleError)
    ]


def test_every_error_class_of_the_package_lives_in_errors() -> None:
    defined = []
    for module in _modules():
        if module in {"pinochle.__main__", "pinochle.errors"}:
            continue
        for name, value in vars(importlib.import_module(module)).items():
            error = inspect.isclass(value) and issubclass(value, BaseException)
            if error and value.__module__ == module and not name.startswith("_"):
                defined.append(f"{module}.{name}")
    assert defined == [
        "pinochle.arena._match.MatchInterrupted",  # not an error: Ctrl-C
        # The command's note of an exit status: `pinochle.cli.main` catches it, so it never
        # leaves the command (docs/architecture.md, the command line).
        "pinochle.cli._common.CommandError",
    ]


def test_every_error_is_exported_from_pinochle_and_errors() -> None:
    for error in _error_classes():
        assert getattr(pinochle, error.__name__) is error
        assert error.__name__ in pinochle.__all__


@pytest.mark.parametrize(
    ("old_home", "name"),
    [
        ("pinochle.records", "RecordError"),
        ("pinochle.serve", "RequestError"),
        ("pinochle.arena", "ArenaError"),
        ("pinochle.arena", "ExtraMissingError"),
    ],
)
def test_an_error_imports_from_where_it_lived_before(old_home: str, name: str) -> None:
    assert getattr(importlib.import_module(old_home), name) is getattr(errors, name)


def test_the_errors_page_lists_every_error_with_its_bases() -> None:
    text = ERRORS_PAGE.read_text(encoding="utf-8")
    rows = {
        match[1]: match[2]
        for match in re.finditer(r"^\| `(\w+)`( \(also [^)]*\))?", text, re.MULTILINE)
    }
    for error in _error_classes():
        assert error.__name__ in rows, f"{error.__name__} is not on the errors page"
        own = [c for c in error.__mro__ if c.__module__ != "builtins"]
        named = {b.__name__ for c in own for b in c.__bases__ if b.__module__ == "builtins"}
        for base in named - {"Exception"}:
            assert f"`{base}`" in (rows[error.__name__] or ""), (error.__name__, base)


@pytest.mark.parametrize(
    "error",
    [
        errors.TurnError("seat 1 has nothing to do"),
        errors.NotFoundError("name"),
        errors.InvariantError("broken"),
        errors.ExtraMissingError("needs hypothesis", name="hypothesis"),
        errors.ArenaError("player 'x' failed"),
        errors.RequestError(409, "the game is over"),
        errors.ReplyError("'x' is not understood"),
        errors.RecordError("actions[3]: not legal", "seed: missing"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_every_new_error_pickles(error: PinochleError) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert getattr(copy, "status", None) == getattr(error, "status", None)
