"""Benchmark the table: frame time during an animated bot game of every game at 1920×1080 (Cunt-Soul
with eight seats and two decks, Fscking Ace with ten), launch to the first drawn frame of the
title, resident memory, undo of one decision at the end of a 2,000-action Cunt-Soul match, and a
hint's wait with the frames drawn meanwhile. Prints the figures.

    .venv/bin/python scripts/bench_ui.py [--seconds 20] [--game NAME ...]
        [--launch-only | --undo-only | --hint-only]

Runs with SDL's dummy video driver (software drawing, as on most desktops without a GPU path in
pygame) and the real bot worker process. Frame time is the CPU work of a frame (input, update,
draw) without the wait for the next tick.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FIRST_FRAME_CHILD = """
import time
t0 = time.perf_counter()
import sys
import pygame

flip = pygame.display.flip

def first_flip():
    flip()
    print("FIRST_FRAME", time.perf_counter() - t0, time.process_time(), flush=True)
    pygame.display.flip = flip
    pygame.event.post(pygame.event.Event(pygame.QUIT))

pygame.display.flip = first_flip
from cardtable.cli import main
sys.exit(main([]))
"""
"""The ``cardtable`` command itself, told to quit once its first frame is flipped. pygame is
imported a little earlier than the program would (to watch the flip); it is needed before the
first frame either way."""


def launch_to_first_frame() -> tuple[float, float, float]:
    """Seconds from starting the program to its first drawn frame, the part after the
    interpreter had started (imports, settings, the window, the title), and the CPU seconds the
    program used until then (what a busy machine does not inflate)."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CARDTABLE_HOME=home)
        # An installed or frozen program has its modules compiled: a run that compiles every
        # module from source (this variable in a checkout's environment) measures the compiler.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", FIRST_FRAME_CHILD], stdout=subprocess.PIPE, text=True,
                                env=env)
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("FIRST_FRAME"):
                elapsed = time.perf_counter() - t0
                inside, cpu = (float(x) for x in line.split()[1:3])
                break
        else:
            raise RuntimeError("the app never drew its first frame")
        proc.wait()
        return elapsed, inside, cpu


def launch_figures(launches: int) -> list[tuple[float, float, float]]:
    """``launches`` launches after one that is not counted (it compiles the modules if needed)."""
    launch_to_first_frame()
    return [launch_to_first_frame() for _ in range(launches)]


def rss_mb() -> float:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


TABLES = {
    "shithead": 4,
    "cunt-soul": 8,
    "cersei": 4,
    "fscking-ace": 10,
    "takku-sum": 4,
}
"""Seats per game: the busiest table each game allows (Cunt-Soul deals two decks above four)."""
OPENING = {"cunt-soul": 4}
"""Moves per seat played before the sample starts."""


def make_app():  # an App, imported late: the dummy video driver is set first
    from cardtable.ai.worker import WorkerBots
    from cardtable.store.settings import Settings
    from cardtable.ui.app import App

    return App(Settings(animation_speed="normal", bot_think_ms=600, sound_on=False), paths=None,
               bots=WorkerBots(), size=(1920, 1080))


def animated_game(app, seconds: float, game: str = "shithead", players: int = 4) -> dict[str, float]:
    """One game's table in ``app`` (shared by every game: one window, one bot worker)."""
    import pygame

    from cardtable.runner.match import Seat
    from cardtable.ui.app import FPS
    from cardtable.ui.scenes.table import TableScene
    from cardtable.ui.screenshot import screenshot_match

    # Past the opening moves (Cunt-Soul's secret setup is two quiet moves a seat), so the sample
    # is of cards in play; then every seat is a bot.
    match = screenshot_match(game, players, 3, OPENING.get(game, 0) * players)[0]
    match.seats = [Seat(s.name, "bot") for s in match.seats]
    opening = len(match.actions)
    table = TableScene(app, match, animate_deal=False)
    app.push(table)
    works: list[float] = []
    cpus: list[float] = []
    thinking: list[float] = []
    peak_rss = rss_mb()
    end = time.perf_counter() + seconds
    frames = 0
    while time.perf_counter() < end and app.top is table:
        t0, c0 = time.perf_counter(), time.process_time()
        app.step()
        pygame.display.flip()
        work, cpu = time.perf_counter() - t0, time.process_time() - c0
        works.append(work)
        cpus.append(cpu)
        if table.turns.bot_thinking():
            thinking.append(cpu)
        frames += 1
        if frames % 120 == 0:
            peak_rss = max(peak_rss, rss_mb())
        app.clock.tick(FPS)
    actions = len(match.actions) - opening
    app.scenes.clear()
    works.sort()
    cpus.sort()
    return {
        "cpu_p50_ms": statistics.median(cpus) * 1000,
        "cpu_p99_ms": cpus[int(len(cpus) * 0.99) - 1] * 1000,
        "cpu_max_ms": cpus[-1] * 1000,
        "frames": frames,
        "actions": actions,
        "p50_ms": statistics.median(works) * 1000,
        "p99_ms": works[int(len(works) * 0.99) - 1] * 1000,
        "max_ms": works[-1] * 1000,
        "thinking_frames": len(thinking),
        "thinking_max_ms": max(thinking, default=0.0) * 1000,
        "thinking_over_20ms": sum(1 for w in thinking if w > 0.020),
        "rss_mb": peak_rss,
    }


def long_match(actions: int = 2000):
    """A Cunt-Soul match of a person and seven bots, ``actions`` long, not over and the person
    still playing (random moves make long games; the first such deal is taken)."""
    from cardtable.ai.base import RandomBot
    from cardtable.runner.match import Match, Seat

    for seed in range(1000):
        seats = [Seat("You")] + [Seat(f"Bot {i}", "bot") for i in range(1, 8)]
        match = Match("cunt-soul", seats, seed=seed, dealer=0)
        bots = [RandomBot(seed * 8 + i) for i in range(8)]
        while not match.state.is_over and len(match.actions) < actions:
            seat = match.state.to_move
            match.apply(bots[seat].choose(match.state.view(seat)))
        if not match.state.is_over and 0 in match.movers[-16:]:
            return match
    raise RuntimeError(f"no Cunt-Soul deal lasted {actions} actions")


def undo_figures(samples: int = 30) -> dict[str, float]:
    """Undo of one decision at the end of a 2,000-action match (then redo, untimed, to go back)."""
    match = long_match()
    took: list[float] = []
    undone = 0
    for _ in range(samples):
        t0 = time.perf_counter()
        match.undo()
        took.append(time.perf_counter() - t0)
        undone = len(match.history.redo[-1])
        match.redo()
    redo: list[float] = []
    for _ in range(samples):
        match.undo()
        t0 = time.perf_counter()
        match.redo()
        redo.append(time.perf_counter() - t0)
    return {"actions": len(match.actions), "undone": undone,
            "undo_p50_ms": statistics.median(took) * 1000,
            "undo_max_ms": max(took) * 1000, "redo_p50_ms": statistics.median(redo) * 1000}


def hint_figures(app, game: str, players: int = 4, seed: int = 5) -> dict[str, float]:
    """A hint asked at the person's turn: seconds until it is lit, and the frames meanwhile."""
    import pygame

    from cardtable.ui.app import FPS
    from cardtable.ui.scenes.table import TableScene
    from cardtable.ui.screenshot import screenshot_match

    match = screenshot_match(game, players, seed, 0)[0]
    table = TableScene(app, match, animate_deal=False)
    app.push(table)
    for _ in range(3000):  # the bots move until it is the person's turn
        app.step()
        if table.my_turn() and not table.busy(app.now):
            break
    asked = time.perf_counter()
    table.comforts.ask_hint()
    cpus: list[float] = []
    while table.comforts.hint is None and time.perf_counter() - asked < 5.0:
        c0 = time.process_time()
        app.step()
        pygame.display.flip()
        cpus.append(time.process_time() - c0)
        app.clock.tick(FPS)
    took = time.perf_counter() - asked
    frames = len(cpus)
    app.scenes.clear()
    return {"seconds": took, "frames": frames, "fps": frames / took if took else 0.0,
            "cpu_max_ms": max(cpus, default=0.0) * 1000, "lit": table.comforts.hint is not None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the animated game sample")
    parser.add_argument("--game", nargs="*", help="games to run (default: every registered game)")
    parser.add_argument("--launches", type=int, default=5, help="launches measured (the median counts)")
    parser.add_argument("--launch-only", action="store_true", help="measure the launch, not the tables")
    parser.add_argument("--undo-only", action="store_true", help="only the undo figures")
    parser.add_argument("--hint-only", action="store_true", help="only the undo and hint figures")
    args = parser.parse_args()
    from cardtable.games import games

    if not (args.undo_only or args.hint_only):
        runs = launch_figures(args.launches)
        launch, inside, cpu = (statistics.median(r[i] for r in runs) for i in range(3))
        print(f"launch to first drawn frame of the title (`cardtable`), median of {len(runs)}: "
              f"{launch:.2f} s "
              f"(target <= 0.5 s; runs {', '.join(f'{r[0]:.2f}' for r in runs)}); "
              f"{inside:.2f} s of it after the interpreter started; {cpu:.2f} s of CPU")
        if args.launch_only:
            return 0
    undo = undo_figures()
    print(f"undo of one decision ({undo['undone']} actions) in a {undo['actions']}-action "
          f"Cunt-Soul match: p50 {undo['undo_p50_ms']:.1f} ms, max {undo['undo_max_ms']:.1f} ms "
          f"(target < 50 ms); redo p50 {undo['redo_p50_ms']:.1f} ms")
    if args.undo_only:
        return 0
    app = make_app()
    for game in args.game or [g for g in TABLES if g in games()]:
        for seed in (5, 6):  # the first asks a bot the worker has not made yet
            hint = hint_figures(app, game, seed=seed)
            print(f"{game}: hint lit after {hint['seconds']:.2f} s (target <= 0.5 s, Hard's budget), "
                  f"{hint['frames']} frames meanwhile = {hint['fps']:.0f} fps (target 60), "
                  f"frame CPU max {hint['cpu_max_ms']:.1f} ms" + ("" if hint["lit"] else " — NOT LIT"))
    if args.hint_only:
        app.close()
        return 0
    for game in args.game or [g for g in TABLES if g in games()]:
        players = TABLES[game]
        fig = animated_game(app, args.seconds, game, players)
        print(f"{game}: animated {players}-bot game at 1920x1080: {fig['frames']} frames, "
              f"{fig['actions']} actions")
        print(f"  CPU per frame p50 {fig['cpu_p50_ms']:.2f} ms (target <= 4), p99 {fig['cpu_p99_ms']:.2f} ms "
              f"(target <= 8), max {fig['cpu_max_ms']:.2f} ms")
        print(f"  wall time of a frame's work p50 {fig['p50_ms']:.2f} ms, p99 {fig['p99_ms']:.2f} ms, "
              f"max {fig['max_ms']:.2f} ms (includes waiting for a core on a loaded machine)")
        print(f"  while a bot thinks: {fig['thinking_frames']} frames, "
              f"CPU max {fig['thinking_max_ms']:.2f} ms, {fig['thinking_over_20ms']} over 20 ms (target 0)")
        print(f"  resident memory during the game: {fig['rss_mb']:.0f} MB (target <= 200 MB)")
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
