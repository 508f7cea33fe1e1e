"""Fill a Card Table home with finished games, to look at the statistics' pictures in a real window.

Plays seeded games of random legal moves (the names You, Bea, Cal, Dee) and files each as the table
files a finished match: Shithead and Takku-Sum games, and Fscking Ace sittings of ``--rounds``
rounds. Then the statistics show the tables, the bars, results over time and the last sitting's
money round by round.

    CARDTABLE_HOME=/tmp/home python scripts/stats_home.py
    PLAYTEST_DIR=/tmp/pt PLAYTEST_DISPLAY=:87 ../../shared/tools/playtest start 1600x1000 \\
        bash -c '.venv/bin/python scripts/stats_home.py && exec .venv/bin/cardtable'
"""

from __future__ import annotations

import argparse
import os
import random
from pathlib import Path

from cardtable.games import get_game
from cardtable.store.filing import file_result
from cardtable.store.matches import SavedMatch, SeatConfig
from cardtable.store.paths import app_paths
from cardtable.store.settings import Settings, save_settings

NAMES = ("You", "Bea", "Cal", "Dee")


def play_and_file(paths, game_name: str, seed: int, players: int, options: dict | None = None) -> None:  # type: ignore[no-untyped-def]
    game = get_game(game_name)
    seats = [SeatConfig(name=n, kind="human" if i == 0 else "bot", level="" if i == 0 else "random")
             for i, n in enumerate(NAMES[:players])]
    saved, state = SavedMatch.start(game, seats, game.Options(**(options or {})), seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        # keep a sitting going: a random player would end it after a round or two
        action = rng.choice([a for a in legal if a.kind != "end_sitting"] or legal)
        state.apply(action)
        saved.record(action, state)
    result = state.result()
    assert result is not None
    print(game.title, seed, "; ".join(file_result(paths, saved, result)) or "filed")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--home", default=os.environ.get("CARDTABLE_HOME"))
    p.add_argument("--games", type=int, default=8)
    p.add_argument("--rounds", type=int, default=12)
    p.add_argument("--window", default="1280x800", help="the window's size, WIDTHxHEIGHT (the screen "
                   "must be larger by the window's bars: 1600x1000 for 1280x800)")
    a = p.parse_args()
    if not a.home:
        p.error("say where: --home DIR or CARDTABLE_HOME")
    paths = app_paths(Path(a.home))
    w, h = (int(v) for v in a.window.split("x"))
    save_settings(paths, Settings(window_size=(w, h), window_pos=(0, 0)))
    for seed in range(a.games):
        play_and_file(paths, "shithead", 100 + seed, 3)
        play_and_file(paths, "takku-sum", 200 + seed, 2)
    for seed in range(2):
        play_and_file(paths, "fscking-ace", 300 + seed, 3, {"round_limit": a.rounds})


if __name__ == "__main__":
    main()
