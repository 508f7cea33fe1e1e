"""Is the review calibrated? Prints, for one game:

* per bot (random, Easy, Normal, Hard at one table, seats rotated from game to game): decisions
  reviewed, mistakes and blunders per decision, inaccuracies per decision, the mean loss per
  decision; they should fall from random to Hard;
* the correlation of a seat's graded loss per reviewed decision with its result (its place, 1 the
  best: a positive correlation means more loss, a worse place);
* with ``--time``: a whole seat reviewed at the review's own budget, seconds in all and per decision.

To keep 50+ games affordable on a shared machine, ``--sample`` decisions of each seat are reviewed
per game (spread evenly over its decisions) with ``--deals`` deals at most (the review's default
is more; the grades are the same rules).

    nice -n 10 python scripts/review_calibration.py shithead --players 4 --games 50
    nice -n 10 python scripts/review_calibration.py shithead --players 2 --time
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import replace

from cardtable.ai.review import evaluate, is_reviewed, review_spec
from cardtable.ai.search_hooks import hooks_for
from cardtable.engine.protocol import Action, State
from cardtable.games import get_game
from cardtable.runner.review import decision_seed, play_bot_game, review_positions

BOTS = ("random", "easy", "normal", "hard")


def _pearson(xs: list[float], ys: list[float]) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    return sxy / (sx * sy) if sx and sy else float("nan")


def _seat_decisions(positions: list[State], actions: list[Action], seat: int
                    ) -> list[tuple[int, State, Action]]:
    spec = review_spec(positions[0])
    assert spec is not None
    hooks = hooks_for(positions[0])
    out = []
    for i, (state, action) in enumerate(zip(positions, actions, strict=False)):
        if state.to_move == seat:
            view = state.view(seat)
            if is_reviewed(view, spec, hooks):
                out.append((i, view, action))
    return out


def calibrate(game_name: str, players: int, games: int, sample: int, deals: int, seed: int) -> None:
    game = get_game(game_name)
    line_up = [BOTS[i % len(BOTS)] for i in range(players)]
    stats = {b: [0, 0, 0, 0.0] for b in BOTS}  # decisions, mistakes+blunders, inaccuracies, loss
    per_seat_loss: list[float] = []
    per_seat_place: list[float] = []
    started = time.perf_counter()
    reviewed = 0
    for g in range(games):
        shift = g % players
        bots = line_up[shift:] + line_up[:shift]
        positions, actions = play_bot_game(game, bots, seed + g)
        result = positions[-1].result()
        if result is None:
            continue
        for seat, bot in enumerate(bots):
            todo = _seat_decisions(positions, actions, seat)
            if not todo:
                continue
            step = max(1, len(todo) // sample)
            picked = todo[::step][:sample]
            loss = 0.0
            for i, view, action in picked:
                spec = review_spec(view)
                assert spec is not None
                e = evaluate(view, action, decision_seed(seed + g, i), replace(spec, max_deals=deals))
                row = stats[bot]
                row[0] += 1
                row[1] += e.grade in ("mistake", "blunder")
                row[2] += e.grade == "inaccuracy"
                row[3] += e.loss if e.grade else 0.0
                loss += e.loss if e.grade else 0.0
                reviewed += 1
            per_seat_loss.append(loss / len(picked))
            per_seat_place.append(result.places[seat])
        if (g + 1) % 10 == 0 or g + 1 == games:   # a bounded run still leaves its figures
            _report(game.title, line_up, g + 1, sample, deals, reviewed, time.perf_counter() - started,
                    stats, per_seat_loss, per_seat_place)


def _report(title: str, line_up: list[str], games: int, sample: int, deals: int, reviewed: int,
            seconds: float, stats: dict[str, list], per_seat_loss: list[float],  # type: ignore[type-arg]
            per_seat_place: list[float]) -> None:
    players = len(line_up)
    print(f"{title}, {players} players ({', '.join(line_up)}, seats rotated), {games} games, "
          f"{sample} decisions a seat a game at most {deals} deals: {reviewed} decisions in {seconds:.0f} s")
    print(f"{'bot':<8}{'decisions':>10}{'mistakes+blunders/decision':>28}{'inaccuracies/decision':>23}"
          f"{'graded loss/decision':>22}")
    for bot in BOTS:
        n, bad, inacc, loss = stats[bot]
        if n:
            print(f"{bot:<8}{n:>10}{bad / n:>28.3f}{inacc / n:>23.3f}{loss / n:>22.4f}")
    print(f"correlation of a seat's graded loss per decision with its place (1 = best): "
          f"{_pearson(per_seat_loss, per_seat_place):+.3f} over {len(per_seat_loss)} seats", flush=True)


def time_one(game_name: str, players: int, seed: int) -> None:
    """A whole seat of one Normal-bot game reviewed at the review's own budget."""
    game = get_game(game_name)
    positions, actions = play_bot_game(game, ["normal"] * players, seed)
    started = time.process_time()
    review = review_positions(game, positions, actions, 0, seed)
    seconds = time.process_time() - started
    assert review is not None
    n = len(review.decisions)
    print(f"{game.title}, {players} players, seat 1 of a Normal game (seed {seed}): {n} decisions "
          f"reviewed in {seconds:.1f} s of CPU, {seconds / max(1, n):.2f} s a decision; "
          f"{review.summary_line()}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--sample", type=int, default=6)
    p.add_argument("--deals", type=int, default=96)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--time", action="store_true", help="time a whole seat's review instead")
    a = p.parse_args()
    if a.time:
        time_one(a.game, a.players, a.seed)
    else:
        calibrate(a.game, a.players, a.games, a.sample, a.deals, a.seed)


if __name__ == "__main__":
    main()
