"""Statistics as pictures: each player's results over the kept games of one game, as lines.

``over_time`` is plain data from the kept replays (oldest first): for a game that names a loser,
each player's losses so far (Shithead: who has been the Shithead how often); for a game of money
(the outcome carries balances, as Fscking Ace's does), each player's money so far, sitting after
sitting; otherwise wins so far. ``draw`` paints it with the table's colours and text, in the
statistics' content area.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from cardtable.store.matches import SavedMatch
from cardtable.ui import text, theme
from cardtable.ui.scenes.stats_rows import ReplayRow

LINE_COLOURS: tuple[theme.Colour, ...] = (
    (250, 200, 70), (110, 200, 120), (120, 170, 240), (230, 110, 100), (200, 140, 230),
    (120, 220, 220), (240, 160, 80), (200, 200, 200))


@dataclass(frozen=True)
class OverTime:
    title: str
    names: list[str]
    series: list[list[float]]
    """``series[p][k]``: player ``names[p]``'s total after the ``k``-th kept game (0 before it)."""
    money: bool = False


def over_time(replays: Sequence[SavedMatch], game: str, loser: str) -> OverTime | None:
    """Each player's running total over the kept, finished games of ``game`` (oldest first);
    None with fewer than two such games."""
    kept = sorted((s for s in replays if s.game == game and s.outcome is not None
                   and not s.outcome.abandoned), key=lambda s: s.started)
    if len(kept) < 2:
        return None
    money = all(isinstance(s.outcome.details.get("balances"), list) for s in kept)  # type: ignore[union-attr]
    names: list[str] = []
    for s in kept:
        names += [n for n in s.names if n not in names]
    totals = {n: 0.0 for n in names}
    series: dict[str, list[float]] = {n: [0.0] for n in names}
    named_losers = any(s.outcome.losers for s in kept)  # type: ignore[union-attr]
    for s in kept:
        out = s.outcome
        assert out is not None
        for seat, name in enumerate(s.names):
            if money:
                totals[name] += float(out.details["balances"][seat]) / 100.0
            elif named_losers:
                totals[name] += seat in out.losers
            else:
                totals[name] += out.places[seat] == 1
        for name in names:
            series[name].append(totals[name])
    title = "Money over the kept sittings" if money else (
        f"{loser} so far, game by game" if named_losers else "Wins so far, game by game")
    return OverTime(title, names, [series[n] for n in names], money)


def height(px: int) -> int:
    return px * 14


def draw(surface: pygame.Surface, rect: pygame.Rect, data: OverTime, px: int) -> None:
    """The title, a line per player with its name at the end, and the scale on the left."""
    head = pygame.Rect(rect.x, rect.y, rect.w, px * 2)
    text.draw_in(surface, data.title, round(px * 1.1), theme.ACCENT, head, "topleft", bold=True)
    plot = pygame.Rect(rect.x + px * 3, rect.y + px * 2, rect.w - px * 11, rect.h - px * 3)
    pygame.draw.rect(surface, theme.PLATE, plot)
    values = [v for s in data.series for v in s]
    low, high = min([*values, 0.0]), max([*values, 1.0])
    span = (high - low) or 1.0
    steps = len(data.series[0]) - 1

    def at(k: int, v: float) -> tuple[int, int]:
        return (plot.x + round(plot.w * k / max(1, steps)), plot.bottom - round(plot.h * (v - low) / span))

    small = max(10, round(px * 0.75))
    if low < 0 < high:
        pygame.draw.line(surface, theme.FELT_LINE, at(0, 0.0), at(steps, 0.0), 1)
    for value in (low, high):
        words = f"{value:+.0f}" if data.money else f"{value:.0f}"
        img = text.render(("$" if data.money else "") + words, small, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midright=(plot.x - px // 3, at(0, value)[1])))
    ends = []
    n = len(data.names)
    for i, s in enumerate(data.series):
        colour = LINE_COLOURS[i % len(LINE_COLOURS)]
        shift = (2 * i - n + 1) * 2   # lines that run together are drawn side by side
        pts = [(x, y + shift) for x, y in (at(k, v) for k, v in enumerate(s))]
        pygame.draw.lines(surface, colour, False, pts, 3)
        ends.append((pts[-1][1], i))
    label_y = -10**6
    for y, i in sorted(ends):   # names at the lines' ends, pushed apart where they meet
        label_y = max(y, label_y + round(small * 1.2))
        img = text.render(data.names[i], small, LINE_COLOURS[i % len(LINE_COLOURS)], bold=True)
        surface.blit(img, img.get_rect(midleft=(plot.right + px // 2, label_y)))


def section(surface: pygame.Surface | None, area: pygame.Rect, y: int, rows: Sequence[ReplayRow],
            game: str, loser: str, px: int) -> int:
    """The picture under a game's table at ``y`` (drawn, or only measured with no surface), from
    the statistics' rows of kept replays; the ``y`` below it. Nothing with fewer than two games."""
    data = over_time([r.saved for r in rows], game, loser)
    if data is None:
        return y
    if surface is not None:
        draw(surface, pygame.Rect(area.x + px // 2, y + px, area.w - px, height(px)), data, px)
    return y + height(px) + px * 2
