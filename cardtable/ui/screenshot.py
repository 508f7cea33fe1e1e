"""``cardtable screenshot``: play some bot moves without animation, draw the table, save a PNG."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from cardtable.ai.worker import InlineBots
from cardtable.runner.drivers import BotSeat, BotService
from cardtable.runner.loop import Applied, MatchLoop
from cardtable.runner.match import Match, Seat
from cardtable.store.settings import Settings
from cardtable.ui.app import App
from cardtable.ui.png import save_png
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.seating import DEFAULT_NAMES


def screenshot_match(game: str, players: int, seed: int, moves: int) -> tuple[Match, list[str]]:
    """Seat 0 human (so its hand shows face up), the rest bots; ``moves`` bot-chosen moves played.
    Returns the match and the log lines of what happened."""
    seats = [Seat(DEFAULT_NAMES[0], "human")] + [Seat(n, "bot") for n in DEFAULT_NAMES[1:players]]
    match = Match(game, seats, seed=seed, dealer=seed % players)
    service = BotService(InlineBots())
    level = "heuristic" if _has_heuristic(game) else "random"
    drivers = [BotSeat(service, game, level, s, seed + s, match.names[s]) for s in range(players)]
    loop = MatchLoop(match, drivers)
    log: list[str] = []
    for _ in range(moves):
        if match.state.is_over:
            break
        done = loop.step()
        assert isinstance(done, Applied), "an inline bot answers at once"
        log += [ev.text for ev in done.events_for(0) if ev.text]
    return match, log


def _has_heuristic(game: str) -> bool:
    from cardtable.ai import bot_kinds

    return "heuristic" in bot_kinds(game)


def take_screenshot(out: Path, game: str, players: int, seed: int, moves: int, size: tuple[int, int],
                    scale: float = 1.0) -> None:
    """The table after ``moves`` moves, drawn at Interface size ``scale``, saved to ``out``."""
    match = screenshot_match(game, players, seed, moves)[0]
    if not pygame.display.get_init():
        # No window: the table is drawn off screen, also on a machine without a display.
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # The window is at least 960×600: a smaller size is raised to it.
    app = App(Settings(animation_speed="instant", ui_scale=scale), paths=None, size=size)
    table = TableScene(app, match, animate_deal=False)  # its log rebuilt from the moves played
    app.push(table)
    app.draw()
    save_png(app.screen, out)
