"""`cardtable --self-test` passes on a good build: every game through the table, save and resume.

It runs in its own process, as a player's double-click would: it opens and closes pygame, which
must not disturb the other tests' display. One run checks the house games and the test-only
sixth game together (``CARDTABLE_GAMES`` adds it beside them, as a player who installs a game
would): two runs playing the same house games checked nothing the one run does not."""

import os
import re
import subprocess
import sys
from pathlib import Path

from every_game import TEST_GAMES

from cardtable.games import games, parts_of


def test_self_test_plays_every_game_and_the_sixth_game_and_resumes():
    env = dict(os.environ, CARDTABLE_GAMES=str(TEST_GAMES), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, "-m", "cardtable", "--self-test"], env=env,
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "FAIL" not in run.stdout
    for step in ("every module imports", "save, resume and finish", "every screen", "sounds",
                 "a phone seat over the network"):
        assert f"ok    {step}:" in run.stdout
    assert "Crazy Eights" in run.stdout
    assert "ok    the core: Python (no compiled core)" in run.stdout  # (the binary's says compiled)
    # the first compiled game: in the binary, its native states must travel to the processes
    compiled = next(g.title for g in games().values() if parts_of(g).compiled)
    assert f"ok    a review in two processes: {compiled}:" in run.stdout
    folder = Path(re.search(r"screenshots in (.+)$", run.stdout.strip()).group(1))
    for name in [*games(), "crazy-eights"]:
        assert (folder / f"{name}.png").stat().st_size > 10_000, name
        assert (folder / f"{name}-results.png").exists(), name
