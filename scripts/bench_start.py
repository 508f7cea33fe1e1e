"""Start-up beside a trivial pygame-ce program: launch to the first drawn frame of the title
(the ``cardtable`` command, told to quit once its first frame is flipped) and of a program that
only opens a 1280x800 window and draws one frame, launched in turn in one run so both meet the
same machine. Prints the medians and their ratio (target: the title within 2x, in CPU and wall).
``--returning``: each launch starts from a returning player's home (saved settings, a finished
match in the statistics and replays, a match left unfinished), copied afresh, instead of an
empty one.

    .venv/bin/python scripts/bench_start.py [--launches 9] [--returning]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from bench_ui import FIRST_FRAME_CHILD

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

TRIVIAL_CHILD = """
import time
t0 = time.perf_counter()
import pygame

pygame.display.init()
pygame.font.init()
screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
screen.fill((20, 90, 50))
pygame.draw.rect(screen, (240, 200, 80), (540, 300, 200, 200), border_radius=12)
pygame.display.flip()
print("FIRST_FRAME", time.perf_counter() - t0, time.process_time(), flush=True)
pygame.quit()
"""
"""What any pygame-ce program must do before a player sees a frame: import pygame, open the
window, draw and flip once."""


def returning_home(home: str) -> None:
    """A returning player's files in ``home``: settings, a finished match, an unfinished one."""
    from cardtable.runner.match import Match, Seat
    from cardtable.store.matches import Autosaver
    from cardtable.store.paths import app_paths
    from cardtable.store.settings import Settings, save_settings

    paths = app_paths(home)
    save_settings(paths, Settings(four_colour=True, ui_scale=1.1, window_size=(1280, 800),
                                  how_to_play_seen=["cersei", "shithead"]))
    saver = Autosaver(paths)
    done = Match("cersei", [Seat("Ann"), Seat("Bob", "bot")], seed=3, saver=saver)
    while done.result() is None:
        done.apply(done.legal()[0])
    left = Match("shithead", [Seat("Ann"), Seat("Bob", "bot"), Seat("Cy", "bot")], seed=5, saver=saver)
    for _ in range(12):
        left.apply(left.legal()[0])
    saver.close()


def first_frame(child: str, from_home: str | None = None) -> tuple[float, float]:
    """Wall seconds from the launch to the first flipped frame, and the CPU seconds until then
    (the program's home a copy of ``from_home``, else empty)."""
    with tempfile.TemporaryDirectory() as home:
        if from_home is not None:
            shutil.copytree(from_home, home, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.lock"))
        env = dict(os.environ, CARDTABLE_HOME=home)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed program has its modules compiled
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, text=True, env=env)
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("FIRST_FRAME"):
                wall = time.perf_counter() - t0
                cpu = float(line.split()[2])
                break
        else:
            raise RuntimeError("no first frame")
        proc.wait()
        return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=9, help="launches of each (the median counts)")
    parser.add_argument("--returning", action="store_true",
                        help="start from a returning player's home (settings, statistics, a match left)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as kept:
        if args.returning:
            returning_home(kept)
        home = kept if args.returning else None
        first_frame(FIRST_FRAME_CHILD, home)  # compiles the modules if needed: not counted
        first_frame(TRIVIAL_CHILD)
        app: list[tuple[float, float]] = []
        trivial: list[tuple[float, float]] = []
        for _ in range(args.launches):  # in turn, so a busy moment of the machine meets both
            trivial.append(first_frame(TRIVIAL_CHILD))
            app.append(first_frame(FIRST_FRAME_CHILD, home))
    for what, i in (("wall", 0), ("CPU", 1)):
        a = statistics.median(r[i] for r in app)
        t = statistics.median(r[i] for r in trivial)
        who = ", returning player" if args.returning else ""
        print(f"first frame{who}, {what}: the title {a:.3f} s, a trivial pygame-ce window {t:.3f} s: "
              f"{a / t:.2f}x (target <= 2x; median of {args.launches} each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
