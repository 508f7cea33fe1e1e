"""Actions lost when Card Table is killed mid-game (``kill -9``): the autosave's real guarantee.

Each trial starts the table in a child process (SDL's dummy drivers) on a fresh folder with an
all-bot match at instant speed (animation "instant", no thinking time), the autosave running on
its background thread exactly as when a person plays. The child prints the number of actions
applied after each one; at a random moment the parent kills it with SIGKILL, then loads the
folder as the next start does. Lost = actions the table had applied (the last number printed)
minus actions in the match the next start offers to continue (or files as finished). A kill
between saving an action and printing its number shows as -1: nothing was lost.

    python scripts/bench_kill.py [--kills 50] [--game takku-sum] [--players 4] [--seed 1]

Target (issue 19): at most 1 action lost per kill, worst case over at least 50 kills.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter


def child(home: str, game: str, players: int, seed: int) -> None:
    """The table playing one all-bot match at instant speed, saying how far it got."""
    from cardtable.ai.worker import InlineBots
    from cardtable.runner.match import Match, Seat
    from cardtable.store.paths import app_paths
    from cardtable.store.settings import Settings
    from cardtable.ui.app import App
    from cardtable.ui.scenes.table import TableScene

    settings = Settings(animation_speed="instant", bot_think_ms=0, fast_play=True, sound_on=False)
    app = App(settings, app_paths(home), InlineBots())
    match = Match(game, [Seat(f"Bot {i}", "bot", "normal") for i in range(players)], seed=seed,
                  saver=app.saver)
    apply = match.apply

    def applied(action):  # type: ignore[no-untyped-def]
        events = apply(action)
        os.write(1, f"{len(match.actions)}\n".encode())   # unbuffered: a kill loses none of it
        return events

    match.apply = applied  # type: ignore[method-assign]
    app.push(TableScene(app, match, animate_deal=False))
    app.run()


def trial(game: str, players: int, seed: int, kill_after: float) -> tuple[int, int, int]:
    """(actions applied, actions found by the next start, actions lost) for one kill."""
    from cardtable.store.matches import list_replays, load_unfinished
    from cardtable.store.paths import app_paths

    home = tempfile.mkdtemp(prefix="cardtable-kill-")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    proc = subprocess.Popen([sys.executable, __file__, "--child", home, game, str(players), str(seed)],
                            stdout=subprocess.PIPE, env=env)
    seen = [0]
    started = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            seen[0] = int(line)
            started.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    started.wait(timeout=120)
    time.sleep(kill_after)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    reader.join(timeout=10)
    paths = app_paths(home)
    found = load_unfinished(paths)
    kept = max([len(u.saved.actions) for u in found] + [len(r.actions) for r in list_replays(paths)]
               + [0])
    shutil.rmtree(home, ignore_errors=True)
    return seen[0], kept, seen[0] - kept


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--game", default="takku-sum")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    losses = []
    for i in range(args.kills):
        applied, kept, lost = trial(args.game, args.players, args.seed + i, rng.uniform(0.05, 1.5))
        losses.append(lost)
        print(f"kill {i + 1:3}: applied {applied:4}, next start has {kept:4}, lost {lost}", flush=True)
    print(f"\n{args.kills} kills of {args.game} ({args.players} bots, instant speed): actions lost "
          f"per kill worst {max(losses)}, mean {statistics.mean(losses):.2f}; "
          f"distribution {dict(sorted(Counter(losses).items()))}")
    print(f"target: at most 1 lost per kill -> {'met' if max(losses) <= 1 else 'NOT met'}")


if __name__ == "__main__":
    main()
