"""`import pinochle` loads the core only: the tools, the players and every extra load on use."""

from __future__ import annotations

import json
import subprocess
import sys

NOT_AT_IMPORT = (
    # the players and the tools above the core (design.md's arrows)
    "pinochle.bots",
    "pinochle.cli",
    "pinochle.checking",
    "pinochle.testing",
    "pinochle.play",
    "pinochle.svg",
    "pinochle.schemas",
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
