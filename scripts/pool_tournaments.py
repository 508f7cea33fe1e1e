"""Pool the outputs of several ``cardtable tournament`` runs (same line-up, different seeds) into
one count per bot with 95% Wilson intervals: long runs can then be made in chunks that each
report as they finish.

    python scripts/pool_tournaments.py run_seed11.txt run_seed12.txt ...
"""

from __future__ import annotations

import re
import sys

from cardtable.simulate import wilson

RATE = r"([\d.]+)% \[\s*[\d.]+% – \s*[\d.]+%\]\s+"
ROW = re.compile(r"^(\S+)\s+(\d+)\s+" + RATE + RATE + r"([\d.]+)\s+", re.M)


def main(paths: list[str]) -> None:
    totals: dict[str, list[float]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for m in ROW.finditer(f.read()):
                games = int(m[2])
                t = totals.setdefault(m[1], [0, 0, 0, 0.0])
                t[0] += games
                t[1] += round(float(m[3]) * games / 100)
                t[2] += round(float(m[4]) * games / 100)
                t[3] += float(m[5]) * games
    print(f"{'bot':<14}{'games':>6}  {'won [95% Wilson]':<26}{'not lost [95% Wilson]':<26}{'mean place':>10}")
    for label, (games, won, good, places) in totals.items():
        cells = []
        for k in (won, good):
            lo, hi = wilson(int(k), int(games))
            cells.append(f"{k / games:6.1%} [{lo:6.1%} – {hi:6.1%}]  ")
        print(f"{label:<14}{int(games):>6}  {cells[0]}{cells[1]}{places / games:>10.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
