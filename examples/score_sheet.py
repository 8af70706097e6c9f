"""Keep a table's score on paper, in a file: record hands, save, load, undo.

The score keeper settles each hand from what the table knows (who bid, the bid, each
side's meld and trick points) under the profile's rules, and says when the game is won.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pinochle as pn


def main() -> None:
    sheet = pn.ScoreSheet(pn.load_variant("pinochlerun"))
    # Side 0 bid 27 with 18 meld and took 10 of the 25 points: 28 makes the bid.
    sheet = sheet.record(bidder=0, bid=27, meld=(18, 9), points=(10, 15))
    # Side 1 bid 30 with 12 meld but took only 8: 20 falls short, and it is set.
    sheet = sheet.record(bidder=1, bid=30, meld=(6, 12), points=(17, 8))
    for number, hand in enumerate(sheet.hands, start=1):
        print(f"hand {number}: {hand.result.reason}: {hand.result.scores} -> {hand.totals}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "tuesday.json"
        sheet.save(path)
        again = pn.ScoreSheet.load(path)  # totals are recomputed from the facts
        print(f"saved and loaded: {again.scores} (equal: {again == sheet})")
    print(f"after undo: {sheet.undo().scores}; game over: {sheet.is_over}")


if __name__ == "__main__":
    main()
