"""Expert with other settings against the Expert as it was, in the arena (duplicate deals).

``benchmarks/arena.py`` plays levels by name; this script adds two names for one run and
hands the rest of the command line to the arena:

- ``expert-base``: Expert as it played before this round's speed work, which chose
  exactly what it chooses now at 24 samples (the frozen decisions of
  ``tests/test_bots_frozen.py`` pin that), so it is ``ExpertBot(samples=24)``;
- ``expert-new``: ``ExpertBot(samples=N)`` with ``--samples N`` (default: the library's
  default, `pinochle.bots.expert.SAMPLES`).

Run: ``python benchmarks/expert_versus.py --samples 48 --variant pinochlerun --deals 200``
(``--a expert-new --b expert-base`` are implied; every other option is the arena's).
"""

from __future__ import annotations

import sys
from pathlib import Path

from pinochle.bots import LEVELS, ExpertBot
from pinochle.bots.expert import SAMPLES


def main() -> None:
    """Register the two levels, then run the arena."""
    argv = sys.argv[1:]
    samples = SAMPLES
    if "--samples" in argv:
        at = argv.index("--samples")
        samples = int(argv[at + 1])
        del argv[at : at + 2]

    class Base(ExpertBot):
        level = "expert-base"

        def __init__(self, seed: int | None = None) -> None:
            super().__init__(seed, samples=24)

    class New(ExpertBot):
        level = "expert-new"

        def __init__(self, seed: int | None = None) -> None:
            super().__init__(seed, samples=samples)

    LEVELS["expert-base"] = Base
    LEVELS["expert-new"] = New
    sys.path.insert(0, str(Path(__file__).parent))
    import arena  # the worker processes are forked: they see the two levels too

    arena.main(["--a", "expert-new", "--b", "expert-base", *argv])


if __name__ == "__main__":
    main()
