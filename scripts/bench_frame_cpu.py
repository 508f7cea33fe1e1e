"""CPU per frame of the table (at 1920×1080 unless told) while bots play with normal animation (the test
driver's clock: no waiting for ticks), for changes to what a frame computes (text measuring and
wrapping, layout). Prints one figure per game; compare two checkouts by running it in each.

    .venv/bin/python scripts/bench_frame_cpu.py [--frames 600] [--size 3840x2160]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

TABLES = (("shithead", 4), ("cunt-soul", 5), ("fscking-ace", 6))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--size", default="1920x1080", help="the window, WIDTHxHEIGHT")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.lower().split("x"))
    from ui_driver import Driver

    from cardtable.runner.match import Match, Seat

    for game, players in TABLES:
        d = Driver(size=size, animation_speed="normal", bot_think_ms=300)
        d.table(Match(game, [Seat(f"Bot {i + 1}", "bot") for i in range(players)], seed=3))
        d.frames(60)  # the first frames fill the caches
        start = time.process_time()
        d.frames(args.frames)
        print(f"{game} ({players} bots): {(time.process_time() - start) / args.frames * 1000:.2f} ms "
              f"of CPU a frame")
    return 0


if __name__ == "__main__":
    sys.exit(main())
