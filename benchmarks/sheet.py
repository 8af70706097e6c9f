"""Score sheet loading speed: `ScoreSheet.from_json` for 5,000 to 40,000 hands.

Run: python3 benchmarks/sheet.py. Loading replays every hand through `ScoreSheet.record`, so
it should take time linear in the number of hands: the last column (seconds per 10,000
hands) should stay about the same as the sheet grows. The sheet is a chip game
(``pagat-auction-3``), which never ends, so any number of hands can be recorded.
"""

from __future__ import annotations

import os
import platform
import time

from pinochle.sheet import ScoreSheet
from pinochle.variant import load_variant

SIZES = (5_000, 10_000, 20_000, 40_000)
HAND = {"bidder": 0, "bid": 300, "meld": (200, 0, 0), "points": (120, 80, 50), "trump": "H"}


def document(hands: int) -> str:
    sheet = ScoreSheet(load_variant("pagat-auction-3"))
    for _ in range(hands):
        sheet = sheet.record(**HAND)  # type: ignore[arg-type]
    return sheet.to_json()


def best_load(text: str, runs: int = 3) -> float:
    """Seconds of the fastest of a few loads."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        ScoreSheet.from_json(text)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {platform.python_version()}, {os.cpu_count()} cores, load average {load:.2f}")
    print(f"{'hands':>7}  {'bytes':>10}  {'load s':>7}  {'s per 10k':>9}")
    for hands in SIZES:
        text = document(hands)
        seconds = best_load(text)
        print(f"{hands:>7,}  {len(text):>10,}  {seconds:>7.3f}  {seconds * 10_000 / hands:>9.3f}")


if __name__ == "__main__":
    main()
