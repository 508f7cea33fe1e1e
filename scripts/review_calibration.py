"""Is the review calibrated? Paired: every bot graded at the SAME decisions.

Seeded games are played at a table of random, Easy, Normal and Hard (seats rotated from game to
game). At ``--sample`` decisions of each seat per game (drawn at random, seeded) the
candidate moves are weighed ONCE from that seat's own view (``evaluate_choices``: the same deals,
the same random stream), then random, Easy, Normal and Hard are each asked what they would play
there (from the same view) and each choice is graded against that one weighing. Two bots that
choose the same move get the same grade, so the differences between bots come only from the
decisions where they choose differently: no between-position noise, one weighing a decision.

Printed every ``--every`` games (a bounded run still leaves its figures):

* per bot: decisions, mistakes and blunders per decision, inaccuracies per decision, the graded
  loss per decision, each with its 95% interval; they should fall from random to Hard;
* each level against the one below, paired on the same decisions: how often they chose
  differently and the difference (level below minus level) with its 95% interval;
* the correlation of a seat's graded loss per reviewed decision (the moves it really played) with
  its place in the played game (1 the best: positive means more loss, a worse place);
* with ``--time``: a whole seat reviewed at the review's own budget, seconds in all and a decision.

``--raw FILE`` appends one JSON line per decision (every bot's choice and verdict) and one per
seat; ``--summary FILE...`` prints the figures of raw files put together (runs made in chunks);
``--bots`` seats and grades only some of the bots (without Hard, whose every move is a search,
a decision costs a fraction: more decisions where the levels below differ seldom); with
``--recheck LOW HIGH`` it weighs the two bots' moves head to head on fresh deals wherever
they chose differently (is the level truly better, or is the grader wrong?).

    nice -n 10 python scripts/review_calibration.py shithead --players 4 --games 50 --raw out.jsonl
    nice -n 10 python scripts/review_calibration.py shithead --games 50 --raw out.jsonl --resume
    nice -n 10 python scripts/review_calibration.py takku-sum --bots random,easy,normal --raw low.jsonl
    nice -n 10 python scripts/review_calibration.py --summary a.jsonl b.jsonl
    nice -n 10 python scripts/review_calibration.py --summary a.jsonl --recheck normal hard --deals 800
    nice -n 10 python scripts/review_calibration.py shithead --players 2 --time
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import time
from dataclasses import replace
from typing import Any

from cardtable.ai import make_bot
from cardtable.ai.review import evaluate_choices, head_to_head, is_reviewed, review_spec
from cardtable.ai.search import SearchBot
from cardtable.ai.search_hooks import hooks_for
from cardtable.engine.protocol import Action, State
from cardtable.games import get_game
from cardtable.runner.review import decision_seed, play_bot_game, review_positions

BOTS = ("random", "easy", "normal", "hard")
BAD = ("mistake", "blunder")


def pearson(xs: list[float], ys: list[float]) -> float:
    n = len(xs)
    if n < 2:
        return float("nan")
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    return sxy / (sx * sy) if sx and sy else float("nan")


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(xs)
    if n == 0:
        return float("nan"), float("nan")
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


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


def _ask(game_name: str, kind: str, seed: int, view: State) -> Action:
    """What a fresh ``kind`` bot plays here (search bots on playouts alone, as in the games)."""
    bot = make_bot(game_name, kind, seed)
    if isinstance(bot, SearchBot):
        bot.ms = None
    return bot.choose(view.clone())


def _verdict(e: Any) -> dict[str, Any]:
    return {"loss": round(e.loss, 6), "se": round(e.se, 6) if math.isfinite(e.se) else None,
            "grade": e.grade}


def _done(raw: str | None, game_name: str) -> set[tuple[int, int]]:
    """The (seed, seat) pairs a raw file already holds: a stopped run resumed with the same
    arguments skips them, so the games keep the seeds and line-ups they would have had."""
    if not raw:
        return set()
    try:
        _, seats = _load([raw])
    except FileNotFoundError:
        return set()
    return {(s["seed"], s["seat"]) for s in seats if s["game"] == game_name}


def calibrate(game_name: str, players: int, games: int, sample: int, deals: int, seed: int,
              every: int, raw: str | None, resume: bool = False, kinds: tuple[str, ...] = BOTS) -> None:
    game = get_game(game_name)
    line_up = [kinds[i % len(kinds)] for i in range(players)]
    rows: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    done = _done(raw, game.name) if resume else set()
    out = open(raw, "a") if raw else None  # noqa: SIM115 (appended to as the run goes)
    started = time.perf_counter()
    for g in range(games):
        shift = g % players
        bots = line_up[shift:] + line_up[:shift]
        if all((seed + g, seat) in done for seat in range(players)):
            continue
        positions, actions = play_bot_game(game, bots, seed + g)
        result = positions[-1].result()
        if result is None:
            continue
        for seat, played_by in enumerate(bots):
            if (seed + g, seat) in done:
                continue
            todo = _seat_decisions(positions, actions, seat)
            if not todo:
                continue
            # a seeded draw: every decision as likely as any other (a spread from the first one
            # would take every seat's set-up, the decision of most moves, every game)
            picked = sorted(random.Random(f"{seed + g}/{seat}").sample(todo, min(sample, len(todo))))
            played_loss = 0.0
            for i, view, action in picked:
                spec = review_spec(view)
                assert spec is not None
                dseed = decision_seed(seed + g, i)
                # each bot asked with the seed it has in a run of all four (a --bots run's moves match)
                choices = [action] + [_ask(game.name, b, dseed + 1 + BOTS.index(b), view) for b in kinds]
                evs = evaluate_choices(view, choices, dseed, replace(spec, max_deals=deals))
                played_loss += evs[0].loss if evs[0].grade else 0.0
                row = {"kind": "decision", "game": game.name, "seed": seed + g, "index": i, "seat": seat,
                       "played_by": played_by, "deals": evs[0].deals,
                       "classes": len(evs[0].candidates), "played": _verdict(evs[0]),
                       **{b: {"move": view.describe(c), "best": view.describe(e.best), **_verdict(e)}
                          for b, c, e in zip(kinds, choices[1:], evs[1:], strict=True)}}
                rows.append(row)
                if out:
                    out.write(json.dumps(row) + "\n")
            seat_row = {"kind": "seat", "game": game.name, "seed": seed + g, "seat": seat,
                        "played_by": played_by, "line_up": bots, "decisions": len(picked),
                        "loss_per_decision": played_loss / len(picked), "place": result.places[seat]}
            seats.append(seat_row)
            if out:
                out.write(json.dumps(seat_row) + "\n")
                out.flush()
        if (g + 1) % every == 0 or g + 1 == games:   # a bounded run still leaves its figures
            head = (f"{game.title}, {players} players ({', '.join(line_up)}, seats rotated), seeds "
                    f"{seed}..{seed + g}, {sample} decisions a seat a game, at most {deals} deals: "
                    f"{time.perf_counter() - started:.0f} s")
            report(head, rows, seats)


def _graded_loss(v: dict[str, Any]) -> float:
    return float(v["loss"]) if v["grade"] else 0.0


def _graded_bots(rows: list[dict[str, Any]]) -> list[str]:
    """The bots every row grades (all four, or those of a ``--bots`` run), weakest first."""
    return [b for b in BOTS if all(b in r for r in rows)]


def report(head: str, rows: list[dict[str, Any]], seats: list[dict[str, Any]]) -> None:
    print(head)
    graded = _graded_bots(rows)
    print(f"{len(rows)} decisions, each weighed once and every bot's choice graded on it "
          f"(mean {sum(r['deals'] for r in rows) / max(1, len(rows)):.0f} deals, "
          f"{sum(r['classes'] for r in rows) / max(1, len(rows)):.1f} classes of move)")
    print(f"{'bot':<8}{'mistakes+blunders/decision':>30}{'inaccuracies/decision':>26}"
          f"{'graded loss/decision':>28}")
    for bot in graded:
        bad = _mean_ci([float(r[bot]["grade"] in BAD) for r in rows])
        inacc = _mean_ci([float(r[bot]["grade"] == "inaccuracy") for r in rows])
        loss = _mean_ci([_graded_loss(r[bot]) for r in rows])
        print(f"{bot:<8}{bad[0]:>19.3f} ± {bad[1]:.3f}{inacc[0]:>15.3f} ± {inacc[1]:.3f}"
              f"{loss[0]:>17.4f} ± {loss[1]:.4f}")
    print("paired, the level below minus the level (positive: the level errs less), 95% intervals:")
    for low, high in itertools.pairwise(graded):
        differ = sum(r[low]["move"] != r[high]["move"] for r in rows)
        bad = _mean_ci([float(r[low]["grade"] in BAD) - float(r[high]["grade"] in BAD) for r in rows])
        loss = _mean_ci([_graded_loss(r[low]) - _graded_loss(r[high]) for r in rows])
        print(f"  {low} - {high}: chose differently at {differ}; mistakes+blunders/decision "
              f"{bad[0]:+.3f} ± {bad[1]:.3f}; graded loss/decision {loss[0]:+.4f} ± {loss[1]:.4f}")
    losses = [s["loss_per_decision"] for s in seats]
    places = [float(s["place"]) for s in seats]
    print(f"correlation of a seat's graded loss per decision (its own moves) with its place "
          f"(1 = best): {pearson(losses, places):+.3f} over {len(seats)} seats", flush=True)


def summary(files: list[str]) -> None:
    """The figures of raw files put together, game by game."""
    rows, seats = _load(files)
    for game in sorted({r["game"] for r in rows}):
        mine = [r for r in rows if r["game"] == game]
        mine_seats = [s for s in seats if s["game"] == game]
        played = sorted({s["seed"] for s in mine_seats})
        report(f"{get_game(game).title}: {len(played)} games (seeds {played[0]}..{played[-1]}), "
               f"from {', '.join(files)}", mine, mine_seats)
        print()


def _load(files: list[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    rows: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    for name in files:
        with open(name) as f:
            for line in f:
                r = json.loads(line)
                (rows if r["kind"] == "decision" else seats).append(r)
    return rows, seats


def _line_ups(seats: list[dict[str, Any]]) -> dict[tuple[str, int], list[str]]:
    """Each game's bots, seat by seat: the table's line-up turned as the run turned it (a seat with
    no reviewed decision has no row of its own, so one seat's row places them all)."""
    players = {s["game"]: 0 for s in seats}
    for s in seats:
        players[s["game"]] = max(players[s["game"]], s["seat"] + 1)
    out: dict[tuple[str, int], list[str]] = {}
    for s in seats:
        if "line_up" in s:   # written from session 7 on
            out[(s["game"], s["seed"])] = s["line_up"]
            continue
        n = players[s["game"]]
        line_up = [BOTS[i % len(BOTS)] for i in range(n)]
        shift = (line_up.index(s["played_by"]) - s["seat"]) % n
        out[(s["game"], s["seed"])] = line_up[shift:] + line_up[:shift]
    return out


SEVERITY = {"": 0, "inaccuracy": 1, "mistake": 2, "blunder": 3}


def recheck(files: list[str], low: str, high: str, deals: int, limit: int) -> None:
    """Is ``high`` really better than ``low`` where they chose differently? Each such decision of
    the raw files is rebuilt (the seeded game replayed, the bots asked again), and the two moves
    are weighed head to head on fresh deals (another seed, ``deals`` deals): no best move chosen
    among many, so no winner's luck, only the two moves' paired difference. Compared with what the
    calibration's grades said at those decisions: a check of the grader as much as of the bots."""
    rows, seats = _load(files)
    line_ups = _line_ups(seats)
    games_played: dict[tuple[str, int], list[State]] = {}
    todo = [r for r in rows if r[low]["move"] != r[high]["move"]][:limit]
    gains: list[float] = []
    sure = {"high": 0, "low": 0, "neither": 0}
    agree = [0, 0]   # the grades said one of them was worse: the head-to-head agrees / disagrees
    started = time.perf_counter()
    for n, r in enumerate(todo, 1):
        game = get_game(r["game"])
        key = (r["game"], r["seed"])
        if key not in games_played:
            games_played[key] = play_bot_game(game, line_ups[key], r["seed"])[0]
        view = games_played[key][r["index"]].view(r["seat"])
        dseed = decision_seed(r["seed"], r["index"])
        moves = [_ask(game.name, b, dseed + 1 + BOTS.index(b), view) for b in (low, high)]
        assert [view.describe(a) for a in moves] == [r[low]["move"], r[high]["move"]], "not the same game"
        spec = review_spec(view)
        assert spec is not None
        gain, se = head_to_head(view, moves[0], moves[1], dseed ^ 0xC0FFEE, deals, spec)  # > 0: high's
        gains.append(gain)
        verdict = "neither" if se == math.inf or abs(gain) < 2 * se else "high" if gain > 0 else "low"
        sure[verdict] += 1
        said = SEVERITY[r[low]["grade"]] - SEVERITY[r[high]["grade"]]   # > 0: graded high the better
        if said and verdict != "neither":
            agree[(said > 0) != (verdict == "high")] += 1
        if n % 10 == 0 or n == len(todo):
            m, ci = _mean_ci(gains)
            print(f"{game.title}: {low} against {high} head to head at {n} of the decisions where they "
                  f"chose differently ({deals} deals each, {time.perf_counter() - started:.0f} s): "
                  f"{high} better by {m:+.4f} ± {ci:.4f} {spec.unit} a decision; surely better: "
                  f"{high} at {sure['high']}, {low} at {sure['low']}, neither at {sure['neither']}; "
                  f"where the grades differed and the head to head is sure, it agrees at {agree[0]}, "
                  f"disagrees at {agree[1]}", flush=True)


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
    p.add_argument("game", nargs="?")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--sample", type=int, default=4)
    p.add_argument("--deals", type=int, default=96)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--every", type=int, default=5, help="print the figures every this many games")
    p.add_argument("--raw", help="append every decision's verdicts to this file (JSON lines)")
    p.add_argument("--summary", nargs="+", metavar="FILE", help="the figures of raw files put together")
    p.add_argument("--recheck", nargs=2, metavar=("LOW", "HIGH"),
                   help="with --summary's files: weigh LOW's and HIGH's moves head to head where they differ")
    p.add_argument("--limit", type=int, default=10**6, help="--recheck at most this many decisions")
    p.add_argument("--time", action="store_true", help="time a whole seat's review instead")
    p.add_argument("--bots", default=",".join(BOTS),
                   help="the bots seated and graded, of random,easy,normal,hard (more decisions for the "
                        "same CPU without hard)")
    p.add_argument("--resume", action="store_true",
                   help="skip the games and seats --raw's file already holds (a stopped run, same arguments)")
    a = p.parse_args()
    if a.summary and a.recheck:
        recheck(a.summary, a.recheck[0], a.recheck[1], a.deals, a.limit)
    elif a.summary:
        summary(a.summary)
    elif a.game is None:
        p.error("name a game, or --summary FILE...")
    elif a.time:
        time_one(a.game, a.players, a.seed)
    else:
        kinds = tuple(a.bots.split(","))
        if not kinds or any(k not in BOTS for k in kinds):
            p.error(f"--bots: a comma-separated list of {', '.join(BOTS)}")
        calibrate(a.game, a.players, a.games, a.sample, a.deals, a.seed, a.every, a.raw, a.resume,
                  tuple(b for b in BOTS if b in kinds))


if __name__ == "__main__":
    main()
