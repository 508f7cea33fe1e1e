"""Benchmark the side panel: CPU time per frame of what the table asks a game's panel (its status
lines, turned and marked cards, and the drawing of its description) and of a whole drawn frame, at
1920×1080 on a table some bot moves into every registered game. Prints the figures.

    .venv/bin/python scripts/bench_panels.py [--moves 20] [--frames 300]

Process CPU time, best of five runs: a loaded machine inflates wall time, not this.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def best_ms(fn: Callable[[], object], frames: int) -> float:
    runs = []
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(frames):
            fn()
        runs.append((time.process_time() - t0) / frames * 1000)
    return min(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20, help="bot moves played before measuring")
    parser.add_argument("--frames", type=int, default=300, help="frames per run")
    args = parser.parse_args()

    from cardtable.games import games
    from cardtable.store.settings import Settings
    from cardtable.ui.app import App
    from cardtable.ui.scenes.table import TableScene
    from cardtable.ui.screenshot import screenshot_match

    app = App(Settings(animation_speed="instant"), paths=None, size=(1920, 1080))
    for game in games().values():
        match, _ = screenshot_match(game.name, game.default_players, 3, args.moves)
        table = TableScene(app, match, animate_deal=False)
        app.reset(table)
        app.draw()

        def panel_work(table: TableScene = table) -> None:
            ctx = table.panel_context(app.now)
            table.panel.status(ctx)
            table.panel.rotated(ctx)
            table.panel.marks(ctx)
            table.panel.draw(app.screen, ctx)

        panel, frame = best_ms(panel_work, args.frames), best_ms(app.draw, args.frames)
        print(f"{game.title}: panel {panel:.3f} ms per frame, whole frame {frame:.2f} ms "
              f"({game.default_players} seats, {len(match.actions)} moves in)")
    app.close()


if __name__ == "__main__":
    main()
