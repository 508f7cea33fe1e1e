"""How Cunt-Soul games end with Normal bots and the default options (issue 14 item 5): per seat
count, the share of games ended by the stalemate call and by the 2,000-turn safety cap, and how
many turns the called games had played. ``--log`` writes the last 200 actions of every game that
did not end by players going out, to find out why it stalled.

    python scripts/cunt_soul_endings.py --games 2000 --seats 2,4,6,8 --jobs 2 --log /tmp/stalls.txt
"""

from __future__ import annotations

import argparse
import math
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor

from cardtable.ai import make_bot
from cardtable.engine.cards import NAME
from cardtable.games import get_game
from cardtable.games.cunt_soul.game import CuntSoulOptions, CuntSoulState

TAIL = 200


Part = tuple[int, int, int, list[int], int, list[str], list[float]]


def play_range(args: tuple[int, int, int, bool, int | None]) -> Part:
    """Play seeds [start, stop) at ``players`` seats: games, called, capped, the turn counts of the
    called games, all turns, (if asked) the last actions of every called or capped game, and each
    game's longest stretch without progress, in rounds."""
    start, stop, players, keep_log, rounds = args
    game = get_game("cunt-soul")
    options = None if rounds is None else CuntSoulOptions(stalemate_rounds=rounds)
    called = capped = turns = 0
    called_at: list[int] = []
    logs: list[str] = []
    longest: list[float] = []
    for seed in range(start, stop):
        state = game.new_state([f"P{i + 1}" for i in range(players)], options, seed)
        assert isinstance(state, CuntSoulState)
        bots = [make_bot("cunt-soul", "normal", seed * 31 + i) for i in range(players)]
        tail: deque[str] = deque(maxlen=TAIL)
        worst = 0.0
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            action = bots[seat].choose(state.view(seat))
            events = state.apply(action)
            if not state.is_over:  # the last player out ends the game: no stall to measure
                worst = max(worst, state.stall() / state.n_active)
            if keep_log:
                said = " | ".join(e.text for e in events if e.text)
                tail.append(f"  turn {state.turns} {state.names[seat]}: {game.describe(action, state.names)}"
                            f"{' — ' + said if said else ''}")
        result = state.result()
        assert result is not None
        turns += state.turns
        longest.append(worst)
        stalled = result.details.get("stalemate", False)
        called += stalled
        capped += result.capped
        if stalled:
            called_at.append(state.turns)
        if keep_log and (stalled or result.capped):
            logs.append(_story(state, seed, players, result.text, tail))
    return stop - start, called, capped, called_at, turns, logs, longest


def _story(state: CuntSoulState, seed: int, players: int, text: str, tail: deque[str]) -> str:
    fields = ", ".join(f"{state.names[i]} {' '.join(NAME[c] for c in f) or '-'}"
                       for i, f in enumerate(state.field))
    held = ", ".join(f"{state.names[i]} {len(state.hands[i])}+{len(state.up[i])}+{len(state.down[i])}"
                     for i in range(players) if not state.out[i])
    head = (f"== {players} seats, seed {seed}: {text}\n  fields: {fields}\n  still in (hand+up+down): "
            f"{held}; source {len(state.source)}")
    return "\n".join([head, *tail])


def wilson_high(k: int, n: int, z: float = 1.96) -> float:
    if n == 0:
        return 1.0
    p = k / n
    d = 1 + z * z / n
    return min(1.0, (p + z * z / (2 * n) + z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / d)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per seat count")
    parser.add_argument("--seats", default="2,4,6,8")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes (only on an idle machine)")
    parser.add_argument("--log", default="", help="write the last 200 actions of stalled games here")
    parser.add_argument("--rounds", type=int, default=None,
                        help="the stalemate call's rounds (default: the option's default; 0: never)")
    args = parser.parse_args()
    out: list[str] = []
    print(f"{'seats':>5} {'games':>6} {'stalemate':>10} {'safety cap':>11} {'both':>7} {'95% high':>9}"
          f" {'called at turn (max)':>21} {'turns/game':>11} {'longest stall, rounds 99%/99.5%/max':>37}"
          f" {'seconds':>8}")
    for players in (int(x) for x in args.seats.split(",")):
        start = time.perf_counter()
        chunk = max(1, args.games // (args.jobs * 4))
        ranges = [(s, min(s + chunk, args.seed + args.games), players, bool(args.log), args.rounds)
                  for s in range(args.seed, args.seed + args.games, chunk)]
        with ProcessPoolExecutor(args.jobs) as pool:
            parts = list(pool.map(play_range, ranges))
        games = sum(p[0] for p in parts)
        called = sum(p[1] for p in parts)
        capped = sum(p[2] for p in parts)
        called_at = [t for p in parts for t in p[3]]
        turns = sum(p[4] for p in parts)
        out += [line for p in parts for line in p[5]]
        longest = sorted(x for p in parts for x in p[6])
        tail = "/".join(f"{longest[min(len(longest) - 1, int(q * len(longest)))]:.0f}"
                        for q in (0.99, 0.995, 1))
        both = called + capped
        print(f"{players:>5} {games:>6} {called / games:>10.2%} {capped / games:>11.2%} {both / games:>7.2%}"
              f" {wilson_high(both, games):>9.2%} {max(called_at, default=0):>21} {turns / games:>11.1f}"
              f" {tail:>37} {time.perf_counter() - start:>8.1f}")
    if args.log:
        with open(args.log, "w", encoding="utf-8") as f:
            f.write("\n\n".join(out) + "\n")
        print(f"last {TAIL} actions of {len(out)} stalled games written to {args.log}")


if __name__ == "__main__":
    main()
