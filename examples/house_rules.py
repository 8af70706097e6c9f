"""Write a house profile that extends a built-in one, load it and see what changed."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pinochle as pn

HOUSE = """\
extends = "pinochlerun"
name = "kitchen-table"
scale = 10                # play the same game on the tens scale

[passing]
cards = 3

[meld]
run_extras = true         # Dailey's run + extra K/Q values
"""


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "kitchen-table.toml"
        path.write_text(HOUSE, encoding="utf-8")
        house = pn.load_variant(path)
    base = pn.load_variant("pinochlerun")
    print(f"{house.name}: {house.title}")
    for table in ("bidding", "passing", "meld", "counting", "game"):
        before, after = base.to_dict()[table], house.to_dict()[table]
        for key, value in after.items():
            if before.get(key) != value:
                print(f"  {table}.{key}: {before.get(key)!r} -> {value!r}")
    hand = pn.parse_cards("AH TH KH KH QH QH JH 9H QS JD KD KC")
    print(
        f"seed hand, hearts: {pn.score_meld(hand, 'H', base).total} (base) and "
        f"{pn.score_meld(hand, 'H', house).total} (house, tens with Dailey extras)"
    )
    try:
        house.override({"passing": {"cards": 20}})
    except pn.VariantError as error:
        print(f"rejected: {error}")


if __name__ == "__main__":
    main()
