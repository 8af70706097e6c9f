"""``python -m pinochle.cli``: the same as the ``pinochle`` command (and ``python -m pinochle``)."""

from pinochle.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
