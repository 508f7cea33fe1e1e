"""`cardtable --self-test` passes on a good build: every game through the table, save and resume.

It runs in its own process, as a player's double-click would: it opens and closes pygame, which
must not disturb the other tests' display."""

import os
import re
import subprocess
import sys
from pathlib import Path

from cardtable.games import games


def test_self_test_plays_every_game_and_resumes():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, "-m", "cardtable", "--self-test"], env=env,
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "FAIL" not in run.stdout
    for step in ("every module imports", "save, resume and finish", "every screen", "sounds",
                 "a phone seat over the network"):
        assert f"ok    {step}:" in run.stdout
    folder = Path(re.search(r"screenshots in (.+)$", run.stdout.strip()).group(1))
    for game in games().values():
        assert (folder / f"{game.name}.png").stat().st_size > 10_000
        assert (folder / f"{game.name}-results.png").exists()
