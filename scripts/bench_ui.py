"""Benchmark the table: frame time during an animated bot game of every game at 1920×1080 (Cunt-Soul
with eight seats and two decks, Fscking Ace with ten), launch to the first drawn frame of the
title, and resident memory. Prints the figures.

    .venv/bin/python scripts/bench_ui.py [--seconds 20] [--game NAME ...] [--launch-only]

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the animated game sample")
    parser.add_argument("--game", nargs="*", help="games to run (default: every registered game)")
    parser.add_argument("--launches", type=int, default=5, help="launches measured (the median counts)")
    parser.add_argument("--launch-only", action="store_true", help="measure the launch, not the tables")
    args = parser.parse_args()
    from cardtable.games import games

    runs = launch_figures(args.launches)
    launch, inside, cpu = (statistics.median(r[i] for r in runs) for i in range(3))
    print(f"launch to first drawn frame of the title (`cardtable`), median of {len(runs)}: {launch:.2f} s "
          f"(target <= 0.5 s; runs {', '.join(f'{r[0]:.2f}' for r in runs)}); "
          f"{inside:.2f} s of it after the interpreter started; {cpu:.2f} s of CPU")
    if args.launch_only:
        return 0
    app = make_app()
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
