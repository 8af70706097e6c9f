"""`import pinochle` loads the core only: the tools, the players and every extra load on use."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

NOT_AT_IMPORT = (
    # the players and the tools above the core (design.md's arrows)
    "pinochle.bots",
    "pinochle.cli",
    "pinochle.checking",
    "pinochle.testing",
    "pinochle.play",
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
    "_tricks",
)
"""The engine's phase modules: each stands on `_course` and none imports another."""
CLI_VERBS = ("_arena", "_cards", "_games", "_profiles", "_records", "_score", "_serve")
"""The command's verb groups: each loads only when its verbs run, and none imports another."""
PARTS = {
    "sheet": ("_facts", "_model", "_document", "_storage"),
    "scoring": ("_results", "_saving", "_chips", "_settle", "_game_end"),
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
