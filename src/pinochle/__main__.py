"""``python -m pinochle``: the same as the ``pinochle`` command."""

from pinochle.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
