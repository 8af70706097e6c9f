"""Bot arena: now a part of the library (`pinochle.arena`) and of the command line.

This script is kept for the commands of older notes; it runs ``pinochle arena`` with the
same arguments (``--seed-base`` is now ``--seed``, ``--json FILE`` is ``--json`` on
standard output). See docs/arena.md::

    python benchmarks/arena.py --variant pinochlerun --a hard --b medium --deals 200
    pinochle arena --ladder --variants pinochlerun,pagat-partnership --deals 200 \\
        --deals-expert 100
"""

from __future__ import annotations

import sys

from pinochle.cli import main

if __name__ == "__main__":
    sys.exit(main(["arena", *sys.argv[1:]]))
