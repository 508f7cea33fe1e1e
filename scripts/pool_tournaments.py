"""Pool the outputs of several ``cardtable tournament`` runs (same line-up, different seeds) into
one count per bot with 95% Wilson intervals: long runs can then be made in chunks that each
report as they finish.

    python scripts/pool_tournaments.py run_seed11.txt run_seed12.txt ...

With ``--paired A,B`` (runs made with ``cardtable tournament --per-deal``) it also compares two bots
deal by deal: both played every deal in the same seatings, so the luck of the cards cancels out of
the difference in their wins, and the interval on that difference is the honest test of which is
the stronger.

    python scripts/pool_tournaments.py --paired hard,baseline run_seed11.txt run_seed12.txt ...

``--by-kind`` (first) also pools the seats of one kind ("expert#1" and "expert#2" as "expert"), and
``--paired expert,halving`` then compares the kinds' seats together, deal by deal.
"""

from __future__ import annotations

import re
import sys

from cardtable.simulate import wilson

RATE = r"([\d.]+)% \[\s*[\d.]+% – \s*[\d.]+%\]\s+"
ROW = re.compile(r"^(\S+)\s+(\d+)\s+" + RATE + RATE + r"([\d.]+)\s+", re.M)
DEAL = re.compile(r"^deal (\d+): (.*)$", re.M)


def paired(paths: list[str], a: str, b: str) -> str:
    """The difference in games won by ``a`` and ``b`` over the same deals and seatings, per game,
    with a 95% interval from the spread of the per-deal differences (each deal's seatings together,
    so a deal's luck cancels)."""
    diffs: list[int] = []
    seats = 1
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for m in DEAL.finditer(text):
            wins = dict(cell.split("=") for cell in m[2].split())
            # a kind without "#" ("expert") stands for all its seats: games won per seat-game
            of_a = [int(v) for k, v in wins.items() if k == a or ("#" not in a and k.split("#")[0] == a)]
            of_b = [int(v) for k, v in wins.items() if k == b or ("#" not in b and k.split("#")[0] == b)]
            seats = max(1, min(len(of_a), len(of_b)))
            diffs.append(sum(of_a) - sum(of_b))
    games = _games_per_deal(paths) * seats
    k = len(diffs)
    if k < 2 or games == 0:
        return f"paired {a} - {b}: need at least two deals printed with --per-deal"
    mean = sum(diffs) / k
    se = (sum((d - mean) ** 2 for d in diffs) / (k - 1) / k) ** 0.5
    per_game = mean / games
    half = 1.96 * se / games
    ahead = sum(d > 0 for d in diffs)
    behind = sum(d < 0 for d in diffs)
    unit = "seatings" if seats == 1 else f"seat-games ({seats} seats each)"
    return (f"paired {a} - {b} over {k} deals x {games} {unit}: {per_game:+.1%} games won "
            f"[{per_game - half:+.1%} – {per_game + half:+.1%}] (95%); "
            f"{a} ahead on {ahead} deals, {b} on {behind}, level on {k - ahead - behind}")


def _games_per_deal(paths: list[str]) -> int:
    """Seatings a deal is played in (the same in every run pooled): games / deals of the first run."""
    with open(paths[0], encoding="utf-8") as f:
        text = f.read()
    deals = len(DEAL.findall(text))
    row = ROW.search(text)
    return int(row[2]) // deals if row and deals else 0


def main(paths: list[str], by_kind: bool = False) -> None:
    """Each bot's games pooled over ``paths``; ``by_kind``: the seats of one kind together ("expert#1"
    and "expert#2" as "expert"), the seat-games a line-up of two and two is judged on."""
    totals: dict[str, list[float]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for m in ROW.finditer(f.read()):
                games = int(m[2])
                t = totals.setdefault(m[1].split("#")[0] if by_kind else m[1], [0, 0, 0, 0.0])
                t[0] += games
                t[1] += round(float(m[3]) * games / 100)
                t[2] += round(float(m[4]) * games / 100)
                t[3] += float(m[5]) * games
    print(f"{'bot':<14}{'games':>6}  {'won [95% Wilson]':<26}{'not lost [95% Wilson]':<26}{'mean place':>10}")
    for label, (n, won, good, places) in totals.items():
        games = int(n)
        cells = []
        for k in (won, good):
            lo, hi = wilson(int(k), games)
            cells.append(f"{k / games:6.1%} [{lo:6.1%} – {hi:6.1%}]  ")
        print(f"{label:<14}{games:>6}  {cells[0]}{cells[1]}{places / games:>10.2f}")


if __name__ == "__main__":
    args = sys.argv[1:]
    pair = None
    by_kind = args[:1] == ["--by-kind"]
    if by_kind:
        args = args[1:]
    if args[:1] == ["--paired"]:
        pair, args = args[1].split(","), args[2:]
    main(args)
    if by_kind:
        print()
        main(args, by_kind=True)
    if pair is not None:
        print(paired(args, pair[0], pair[1]))
