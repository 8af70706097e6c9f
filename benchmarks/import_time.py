"""Print how long `import pinochle` takes in a fresh interpreter (median of several runs)."""

from __future__ import annotations

import statistics
import subprocess
import sys

RUNS = 7


def main() -> None:
    code = "import time; t = time.perf_counter(); import pinochle; print(time.perf_counter() - t)"
    times = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(RUNS)
    ]
    print(f"import pinochle: median {statistics.median(times) * 1000:.1f} ms over {RUNS} runs")


if __name__ == "__main__":
    main()
