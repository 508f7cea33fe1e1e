"""Autosave and resume of a long match: what a player waits for after every action and at start.

Plays a long match at random (Cunt-Soul if registered, else Shithead, else any registered game,
else the store tests' draw-or-pass game), autosaving after every action exactly as the table
does: record the action and the position's check, then write the file atomically. Then
resumes it the way the title screen does, and times the engine's replay on its own.

    python scripts/bench_store.py [--actions 2000] [--game NAME] [--players N]

The table autosaves through ``Autosaver`` (writes on a background thread); both it and the
synchronous ``autosave`` are timed. Targets (issue 9): autosave <= 5 ms per action for a
2,000-action match; resume <= 300 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from cardtable.engine.position import position_check
from cardtable.engine.protocol import Action, Game, replay
from cardtable.engine.rng import Rng
from cardtable.games import games
from cardtable.store.matches import (
    Autosaver,
    SavedMatch,
    SeatConfig,
    autosave,
    load_unfinished,
    unfinished_path,
)
from cardtable.store.paths import app_paths
from cardtable.store.safe_file import MAX_FILE_BYTES

PREFERRED = ("cunt-soul", "cunt_soul", "shithead")
FRAME = 1 / 60
SEED_TRIES = 200


def pick_game(name: str | None) -> tuple[Game, dict[str, Game], str]:
    registry = games()
    if name:
        return registry[name], registry, "asked for"
    for preferred in PREFERRED:
        if preferred in registry:
            return registry[preferred], registry, "registered"
    if registry:
        game = next(iter(registry.values()))
        return game, registry, "registered"
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from store_fakes import GAMES  # no real game registered on this branch yet

    return GAMES["draw_or_pass"], GAMES, "no game registered: the store tests' fake game"


def long_match(game: Game, players: int, target: int) -> tuple[int, list[Action]]:
    """The seed and actions of the first random match at least ``target`` actions long (or the
    longest found, short of its last action): a match that ends early cannot be padded and still
    replay."""
    names = [f"P{i}" for i in range(players)]
    best_seed, best = 0, []
    options = _options(game, target)
    for seed in range(SEED_TRIES):
        state = game.new_state(names, options, seed)
        rng, actions = Rng(seed ^ 0x5EED), []
        while not state.is_over and len(actions) < target:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            actions.append(action)
        if state.is_over:   # keep it unfinished, as a match to resume is
            actions.pop()
        if len(actions) > len(best):
            best_seed, best = seed, actions
        if len(best) >= target:
            break
    return best_seed, best


def _options(game: Game, target: int):
    """Default options, except the fake game's pack, sized so a match lasts ``target`` actions."""
    if "pack" in game.Options.model_fields:
        return game.Options(pack=target)
    return game.Options()


def bench(game: Game, registry: dict[str, Game], players: int, target: int) -> None:
    seed, actions = long_match(game, players, target)
    seats = [SeatConfig(name=f"P{i}", kind="human" if i == 0 else "bot", level="normal")
             for i in range(players)]
    with tempfile.TemporaryDirectory() as home:
        paths = app_paths(home)
        saved, state = SavedMatch.start(game, seats, _options(game, target), seed=seed)
        autosave(paths, saved)
        fp_times, save_times, totals = [], [], []
        for action in actions:
            state.apply(action)
            t0 = time.perf_counter()
            saved.actions.append(tuple(action.to_json()))
            saved.position_check = position_check(state)
            t1 = time.perf_counter()
            messages = autosave(paths, saved)
            t2 = time.perf_counter()
            assert not messages, messages
            fp_times.append(t1 - t0)
            save_times.append(t2 - t1)
            totals.append(t2 - t0)
        size = unfinished_path(paths, game.name).stat().st_size

        # The same match through the background Autosaver the table uses: what the frame pays.
        saver = Autosaver(paths)
        saved, state = SavedMatch.start(game, seats, _options(game, target), seed=seed)
        saver.save(saved)
        queued = []
        for action in actions:
            # One action a frame, as the table plays at instant speed: a save waits only for a
            # previous write still on its way to the disk.
            frame_end = time.perf_counter() + FRAME
            state.apply(action)
            t0 = time.perf_counter()
            saved.record(action, state)
            messages = saver.save(saved)
            queued.append(time.perf_counter() - t0)
            assert not messages, messages
            time.sleep(max(0.0, frame_end - time.perf_counter()))
        t0 = time.perf_counter()
        assert not saver.close()
        drain = time.perf_counter() - t0

        resume_times, replay_times = [], []
        for _ in range(5):
            t0 = time.perf_counter()
            found = load_unfinished(paths, registry)
            resume_times.append(time.perf_counter() - t0)
            assert len(found) == 1 and not found.messages, found.messages
            t0 = time.perf_counter()
            replayed = replay(game, saved.names, _options(game, target), seed, actions)
            position_check(replayed)
            replay_times.append(time.perf_counter() - t0)

    def ms(values: list[float], q: float | None = None) -> str:
        v = sorted(values)
        x = statistics.fmean(v) if q is None else v[min(len(v) - 1, int(q * len(v)))]
        return f"{x * 1000:.3f}"

    print(f"game: {game.name} ({players} players, seed {seed}), {len(actions)} actions, "
          f"final file {size:,} bytes (limit {MAX_FILE_BYTES:,})")
    if len(actions) < target:
        print(f"  note: no random match of {SEED_TRIES} seeds reached {target} actions")
    print("autosave per action (ms): mean / p50 / p95 / max")
    print(f"  total (check + write)        {ms(totals)} / {ms(totals, .5)} / {ms(totals, .95)} / "
          f"{ms(totals, 1)}")
    print(f"  position check of the state {ms(fp_times)} / {ms(fp_times, .5)} / {ms(fp_times, .95)} / "
          f"{ms(fp_times, 1)}")
    print(f"  encode + atomic write        {ms(save_times)} / {ms(save_times, .5)} / "
          f"{ms(save_times, .95)} / {ms(save_times, 1)}")
    last = totals[-100:]
    print(f"  last 100 actions (longest file) mean {ms(last)}")
    print(f"background Autosaver at one action a frame, caller's cost per action "
          f"(position check + encode + wait for the previous write + queue): "
          f"{ms(queued)} / {ms(queued, .5)} / {ms(queued, .95)} / {ms(queued, 1)}; "
          f"last write done {drain * 1000:.1f} ms after the last action")
    resume, engine = min(resume_times), min(replay_times)
    print(f"resume (load_unfinished: read, validate, replay, check), best of 5: {resume * 1000:.1f} ms")
    print(f"  of which engine replay + check: {engine * 1000:.1f} ms; "
          f"store alone: {(resume - engine) * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--game")
    parser.add_argument("--players", type=int)
    args = parser.parse_args()
    game, registry, why = pick_game(args.game)
    print(f"game chosen: {game.title} ({why})")
    players = args.players or game.max_players
    bench(game, registry, players, args.actions)


if __name__ == "__main__":
    main()
