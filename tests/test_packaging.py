"""The wheel ships the built-in profiles, and the installed package finds them."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from pinochle import builtin_variants

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("pinochle_rules-*.whl")
    return built


@pytest.mark.slow
def test_wheel_contains_every_profile_and_py_typed(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in builtin_variants():
        assert f"pinochle/variants/{name}.toml" in names
    assert "pinochle/py.typed" in names
    for kind in ("observation", "state", "result", "record", "sheet", "variant"):
        assert f"pinochle/schemas/{kind}.json" in names  # pinochle.schema reads them
    table = ("index.html", "table.js", "table.css")
    pages = ("meld.html", "counter.html", "sheets.html", "pages.css", "pages.js")
    for name in (*table, *pages):
        assert f"pinochle/web/{name}" in names  # the pages of `pinochle serve`
    assert not any(n.startswith(("tests/", "variants/")) for n in names)


@pytest.mark.slow
def test_profiles_load_from_the_unpacked_wheel(wheel: Path, tmp_path: Path) -> None:
    zipfile.ZipFile(wheel).extractall(tmp_path)
    code = (
        "import pinochle, sys; "
        "assert pinochle.__file__.startswith(sys.argv[1]), pinochle.__file__; "
        "import importlib.resources as r; "
        "assert b'table.js' in r.files('pinochle').joinpath('web', 'index.html').read_bytes(); "
        "print(pinochle.load_variant('pagat-partnership').bidding.minimum)"
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    assert done.stdout.strip() == "250"


@pytest.mark.slow
def test_the_licence_ships_and_the_version_is_the_package_s(wheel: Path) -> None:
    import pinochle

    archive = zipfile.ZipFile(wheel)
    names = archive.namelist()
    licence = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
    assert licence, "the wheel has no LICENSE"
    assert "MIT License" in archive.read(licence[0]).decode()
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = archive.read(metadata).decode()
    assert f"Version: {pinochle.__version__}\n" in text
    assert "License-Expression: MIT" in text
    assert "Programming Language :: Python :: 3.13" in text
