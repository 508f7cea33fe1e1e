"""Are Cunt-Soul's long stretches without progress the bots' fault or the game's? Normal bots play
two-player games until the table has gone ``--from`` rounds without progress with the source gone;
from that very position both seats then continue as Normal bots, or as Hard bots, and the script
prints how many more rounds pass before someone makes progress (a burn, a player out, or a player
down to fewer cards than ever: the stalemate ruling's measure).

    python scripts/cunt_soul_stalls.py --stalls 40 --from 5
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardtable.ai import make_bot
from cardtable.games import get_game
from cardtable.games.cunt_soul.game import CuntSoulOptions, CuntSoulState

LIMIT = 60  # rounds: a stretch still going after this many is counted as this many


def stalled_positions(count: int, rounds: int) -> list[tuple[int, CuntSoulState]]:
    """The first ``count`` two-player games (seeds 1, 2, …) that reach ``rounds`` rounds without
    progress once the source is gone, each at that moment."""
    game = get_game("cunt-soul")
    found: list[tuple[int, CuntSoulState]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        state = game.new_state(["A", "B"], CuntSoulOptions(stalemate_rounds=0), seed)
        assert isinstance(state, CuntSoulState)
        bots = [make_bot("cunt-soul", "normal", seed * 31 + i) for i in range(2)]
        while not state.is_over and (state.source or state.stall() < rounds * 2):
            seat = state.to_move
            assert seat is not None
            state.apply(bots[seat].choose(state.view(seat)))
        if not state.is_over:
            found.append((seed, state))
    return found


def rounds_to_progress(seed: int, state: CuntSoulState, level: str) -> float:
    """Play on from ``state`` with two ``level`` bots until someone makes progress (or the game
    ends), in rounds of two turns."""
    state = state.clone()
    bots = [make_bot("cunt-soul", level, seed * 37 + i) for i in range(2)]
    began, last = state.turns, state.progress[0]
    while not state.is_over and state.progress[0] == last and state.turns - began < LIMIT * 2:
        seat = state.to_move
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat)))
    return (state.turns - began) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stalls", type=int, default=40, help="stalled positions to play on from")
    parser.add_argument("--from", dest="rounds", type=int, default=5, help="rounds already stalled")
    parser.add_argument("--levels", default="normal,hard")
    args = parser.parse_args()
    positions = stalled_positions(args.stalls, args.rounds)
    print(f"{len(positions)} two-player positions, {args.rounds} rounds without progress, source gone")
    for level in args.levels.split(","):
        start = time.perf_counter()
        more = sorted(rounds_to_progress(seed, st, level) for seed, st in positions)
        tail = more[int(0.9 * (len(more) - 1))]
        print(f"{level:>7}: rounds more until progress: median {statistics.median(more):.1f}, "
              f"90% {tail:.1f}, max {more[-1]:.1f}, mean {statistics.mean(more):.1f} "
              f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
