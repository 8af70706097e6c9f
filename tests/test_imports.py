"""`import pinochle` loads the core only: the tools, the players and every extra load on use."""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

NOT_AT_IMPORT = (
    # the players and the tools above the core (docs/architecture.md#the-layers)
    "pinochle.bots",
    "pinochle.cli",
    "pinochle.checking",
    "pinochle.testing",
    "pinochle.play",
    "pinochle.protocol",
    "pinochle.svg",
    "pinochle.schemas",
    # the parts of the library `pinochle.__getattr__` loads on first use
    "pinochle.sheet",
    "pinochle.explain",
    "pinochle.sampling",
    # the edges and their extras
    "pinochle.arena",
    "pinochle.env",
    "pinochle.openspiel",
    "pinochle.serve",
    "hypothesis",
    "numpy",
    "ray",
    "pettingzoo",
    "gymnasium",
    "pyspiel",
    # dependencies the core needs only for some calls
    "cattrs",
    "tomli_w",
)


def test_import_pinochle_loads_the_core_only() -> None:
    code = "import json, sys, pinochle; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True, text=True)
    loaded = set(json.loads(out.stdout))
    assert "pinochle.engine" in loaded  # the check sees the core when it is there
    assert not [name for name in NOT_AT_IMPORT if name in loaded]


def test_lazy_names_load_their_module_on_first_use() -> None:
    code = (
        "import sys, pinochle; before = 'pinochle.sheet' in sys.modules; "
        "sheet = pinochle.ScoreSheet; print(before, 'pinochle.sheet' in sys.modules, "
        "sheet.__name__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True, text=True)
    assert out.stdout.split() == ["False", "True", "ScoreSheet"]


PACKAGE = Path(__file__).resolve().parents[1] / "src" / "pinochle"
ENGINE_PHASES = (
    "_misdeal",
    "_auction",
    "_passing",
    "_dix_exchange",
    "_stock",
    "_surrender",
    "_partner",
    "_tricks",
    "_share",
)
"""The engine's phase modules: each stands on `_course` and none imports another."""
CLI_VERBS = (
    "_analysis",
    "_arena",
    "_cards",
    "_games",
    "_profiles",
    "_records",
    "_review",
    "_score",
    "_serve",
)
"""The command's verb groups: each loads only when its verbs run, and none imports another."""
PARTS = {
    "sheet": ("_facts", "_model", "_document", "_storage"),
    "scoring": ("_results", "_saving", "_chips", "_checks", "_settle", "_renege", "_game_end"),
    "engine": ("_common", "_dealing", "_course", *sorted(ENGINE_PHASES)),
    "cli": ("_common", "_arguments", *sorted(CLI_VERBS)),
}
"""Packages split into private modules, each importing only those before it."""


def _module_level_imports(path: Path) -> set[str]:
    """The modules a file imports when it loads (imports inside functions are not counted)."""
    found = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("package", sorted(PARTS))
def test_a_packages_parts_import_one_way(package: str) -> None:
    folder = PACKAGE / package
    order = PARTS[package]
    parts = [p.stem for p in folder.glob("_*.py") if not p.stem.startswith("__")]
    assert sorted(parts) == sorted(order)
    for i, name in enumerate(order):
        imported = _module_level_imports(folder / f"{name}.py")
        later = {f"pinochle.{package}.{other}" for other in order[i:]}
        assert not imported & {f"pinochle.{package}", *later}, f"{name} imports a later part"


def test_no_engine_phase_imports_another() -> None:
    for name in ENGINE_PHASES:
        imported = _module_level_imports(PACKAGE / "engine" / f"{name}.py")
        others = {f"pinochle.engine.{other}" for other in ENGINE_PHASES if other != name}
        assert not imported & others, f"pinochle.engine.{name} imports another phase"


def test_no_verb_group_of_the_command_imports_another() -> None:
    # docs/architecture.md: a verb loads its own group's module and no other verb's.
    for name in CLI_VERBS:
        imported = _module_level_imports(PACKAGE / "cli" / f"{name}.py")
        others = {f"pinochle.cli.{other}" for other in CLI_VERBS if other != name}
        assert not imported & others, f"pinochle.cli.{name} imports another verb group"


def test_the_testing_kit_without_hypothesis_names_its_extra() -> None:
    # A missing extra gives an error naming the extra, from the index and from the source
    # (issue 26: no release exists yet): never a bare "No module named 'hypothesis'".
    code = (
        "import sys\n"
        "sys.modules['hypothesis'] = None\n"
        "try:\n"
        "    import pinochle.testing\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
        "else:\n"
        "    raise SystemExit('no error')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True, text=True)
    assert "pinochle.testing needs hypothesis" in out.stdout
    assert '"pinochle-rules[testing]"' in out.stdout
    assert 'pip install ".[testing]"' in out.stdout


# --- The layers of the whole package (docs/architecture.md, "The layers") ----------------

ARCHITECTURE = PACKAGE.parents[1] / "docs" / "architecture.md"
FORWARDERS = {
    ("state", "CompletedTrick._repr_svg_"): "svg",
    ("state", "State.to_dict"): "wire",
    ("state", "State.to_json"): "wire",
    ("state", "State.from_dict"): "wire",
    ("state", "State.from_json"): "wire",
    ("state", "Observation.to_dict"): "wire",
    ("state", "Observation.to_json"): "wire",
    ("state", "Observation.from_dict"): "wire",
    ("state", "Observation.from_json"): "wire",
    ("state", "Observation._repr_svg_"): "svg",
    ("meld", "Meld._repr_svg_"): "svg",
    ("scoring", "HandResult.to_dict"): "wire",
    ("scoring", "HandResult.to_json"): "wire",
    ("scoring", "HandResult.from_dict"): "wire",
    ("scoring", "HandResult.from_json"): "wire",
}
"""The one documented exception: a value's method that hands it to its wire format or its
picture, loading that module when first called (the page names each of these methods)."""


def _layers() -> list[str]:
    """The modules of the page's layer list, lowest first (the first word of a line is its
    group's name)."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    block = text.split("## The layers", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    return [name for line in block.splitlines() for name in line.split()[1:]]


def _imports_of(path: Path, module: str) -> list[tuple[str, str, int]]:
    """Every ``pinochle`` module a file imports, anywhere in it (inside functions and
    ``TYPE_CHECKING`` too), as (importing function or "", imported module, line)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, scope: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, f"{scope}.{child.name}" if scope else child.name)
                continue
            if isinstance(child, ast.Import):
                found.extend((scope, a.name, child.lineno) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                for alias in child.names:  # `from pinochle import svg` imports a module
                    named = f"{base}.{alias.name}"
                    is_module = importlib.util.find_spec(named) if base == "pinochle" else None
                    found.append((scope, named if is_module else base, child.lineno))
            visit(child, scope)

    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return [(s, m, line) for s, m, line in found if m.split(".")[0] == "pinochle"]


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def test_the_layer_list_names_every_module_once() -> None:
    layers = _layers()
    assert len(layers) == len(set(layers)), "a module is listed twice"
    top = {name.split(".")[1] for name in _modules() if name != "pinochle"}
    assert set(layers) == top


def test_every_import_points_down_the_layer_list() -> None:
    # Each module imports only those listed before it (inside functions too: the issue's
    # count); the package `pinochle` itself, which gathers the public names, imports any,
    # and importing it counts as importing what it loads.
    position = {name: i for i, name in enumerate(_layers())}
    loads = _module_level_imports(PACKAGE / "__init__.py")
    position["__init__"] = max(position[m.split(".")[1]] for m in loads if m in _modules())
    wrong = []
    for module, path in _modules().items():
        if module == "pinochle":
            continue
        mine = module.split(".")[1]
        for scope, imported, line in _imports_of(path, module):
            theirs = imported.split(".")[1] if "." in imported else "__init__"
            allowed = FORWARDERS.get((mine, scope)) == theirs
            if theirs != mine and position[theirs] >= position[mine] and not allowed:
                where = f"{path.relative_to(PACKAGE.parent)}:{line}"
                wrong.append(f"{where}: {module} imports {imported}")
    assert not wrong, "\n".join(wrong)


def test_the_architecture_page_names_each_forwarding_method() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    for (_, method), module in FORWARDERS.items():
        assert f"`{method.split('.')[1]}`" in text
        assert f"`{module}`" in text
