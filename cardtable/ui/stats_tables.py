"""The statistics screen's tabs drawn from data: a game's table of players (with its outcome bars
and pictures over time) and the list of kept replays. Each function draws into the content area,
scrolled, or only measures it when given no surface."""

from __future__ import annotations

import pygame

from cardtable.store.stats import GameStats
from cardtable.ui import stats_pictures, text, theme
from cardtable.ui.scenes.stats_rows import ReplayRow, Row, game_title, loser_word, money, win_word

Rect = pygame.Rect


def line(surface: pygame.Surface, s: str, x: int, y: int, px: int, colour: theme.Colour,
         align: str = "left", bold: bool = False) -> None:
    """One line of text at (x, y), left-, right- or centre-aligned on x."""
    img = text.render(s, px, colour, bold=bold)
    r = img.get_rect(top=y)
    if align == "left":
        r.left = x
    elif align == "right":
        r.right = x
    else:
        r.centerx = x
    surface.blit(img, r)


def game_table(surface: pygame.Surface | None, area: Rect, scroll: int, px: int, game: str, rows: list[Row],
               table: GameStats, replays: list[ReplayRow], sitting: stats_pictures.OverTime | None) -> int:
    """A game's tab: its players' figures, the outcome bars and the pictures over time, drawn into
    ``area`` scrolled by ``scroll`` (or only measured, with no surface); the content's height."""
    has_balance = any(r.balance is not None for r in rows)
    # a game that names no loser (Takku-Sum) had a "Lost" column of zeros beside a player who lost
    # every match: the column, and its colour in the bars, only where someone has lost
    lost = loser_word(game) if any(r.losses for r in rows) else ""
    heads = ["Player", "Games", win_word(game), *([lost] if lost else []), "Mean place", "Streak", "Best",
             "Helped"]
    if has_balance:
        heads.append("Balance")
    # The name column takes what the figures leave; figures are right-aligned under their heads.
    fig_w = [max(text.text_size(h, px, bold=True)[0], px * 3) + px for h in heads[1:]]
    name_w = max(px * 6, area.w - sum(fig_w) - px)
    y0 = area.y - scroll
    y = y0 + px // 2
    line_h = round(px * 1.6)
    if surface is not None:
        left = f", {table.abandoned} abandoned" if table.abandoned else ""
        # "games", as the column under it and the line explaining "Helped" count them (it said
        # "1 match finished" over a column of "Games")
        line(surface, f"{game_title(game)}: {table.matches} "
             f"{'game' if table.matches == 1 else 'games'} finished{left}",
             area.x + px // 2, y, round(px * 1.2), theme.ACCENT, bold=True)
    y += round(px * 2.2)
    if surface is not None:
        x = area.x + px // 2
        line(surface, heads[0], x, y, px, theme.TEXT_DIM, bold=True)
        x += name_w
        for head, fw in zip(heads[1:], fig_w, strict=True):
            x += fw
            line(surface, head, x, y, px, theme.TEXT_DIM, "right", bold=True)
        rule = y + line_h - 4
        pygame.draw.line(surface, theme.PANEL_EDGE, (area.x, rule), (area.right, rule))
    y += line_h
    for i, r in enumerate(rows):
        if surface is not None and area.y - line_h < y < area.bottom:
            if i % 2:
                pygame.draw.rect(surface, theme.BUTTON_DISABLED, (area.x, y - 2, area.w, line_h))
            cells = [str(r.games), str(r.wins), *([str(r.losses)] if lost else []), f"{r.mean_place:.2f}",
                     str(r.streak), str(r.best_streak), str(r.assisted)]
            if has_balance:
                cells.append(money(r.balance))
            x = area.x + px // 2
            name = r.name
            while len(name) > 3 and text.text_size(name, px)[0] > name_w - px:
                name = name[:-2] + "…"
            line(surface, name, x, y, px, theme.TEXT)
            x += name_w
            for cell, fw in zip(cells, fig_w, strict=True):
                x += fw
                line(surface, cell, x, y, px, theme.TEXT, "right")
        y += line_h
    y = key_lines(surface, area, y + px // 3, round(px * 0.8), win_word(game))
    y += px * 2
    y = stats_pictures.outcome_bars(surface, area, y, rows, lost, win_word(game), px)
    y = stats_pictures.section(surface, area, y, replays, game, loser_word(game), px, sitting)
    return y - y0 + px


def column_key(win: str) -> str:
    """What the table's short heads count, in a line under it (a player read "Helped" as help given)."""
    return (f"Streak: {win.lower()} in a row, up to now. Best: the longest streak. "
            "Helped: games played with undo, hints or a restart.")


def key_lines(surface: pygame.Surface | None, area: Rect, y: int, px: int, win: str) -> int:
    """The column key under the table, wrapped to the area (or only measured); where it ends."""
    for part in text.wrap(column_key(win), px, area.w - px):
        if surface is not None:
            line(surface, part, area.x + px // 2, y, px, theme.TEXT_DIM)
        y += round(px * 1.4)
    return y


def replays(surface: pygame.Surface | None, area: Rect, scroll: int, px: int, rows: list[ReplayRow],
            selected: int) -> tuple[int, list[Rect]]:
    """The replays tab: a row per kept replay, ``selected`` lit (or only measured, with no
    surface); the content's height and each row's rect, unscrolled (clicks find rows by them)."""
    small = round(px * 0.85)
    row_h = round(px * 3.0)
    y0 = area.y - scroll
    y = area.y + px // 2
    if surface is not None:
        line(surface, "Kept replays, newest first: click one (or Up/Down and Enter) to watch it",
             area.x + px // 2, y - scroll, small, theme.TEXT_DIM)
    y += round(px * 1.6)
    rects: list[Rect] = []
    for i, r in enumerate(rows):
        rect = pygame.Rect(area.x + px // 4, y, area.w - px // 2, row_h - px // 3)
        rects.append(rect)
        shown = rect.move(0, -scroll)
        if surface is not None and area.y - row_h < shown.y < area.bottom:
            lit = i == selected
            pygame.draw.rect(surface, theme.BUTTON_HOVER if lit else theme.BUTTON, shown, border_radius=8)
            if lit:
                pygame.draw.rect(surface, theme.BUTTON_FOCUS, shown, 2, border_radius=8)
            line(surface, r.game, shown.x + px // 2, shown.y + px // 4, px, theme.ACCENT, bold=True)
            line(surface, r.date, shown.right - px // 2, shown.y + px // 4, small, theme.TEXT_DIM, "right")
            detail = f"{r.seats}  ·  {r.outcome}"
            while len(detail) > 10 and text.text_size(detail, small)[0] > shown.w - px:
                detail = detail[:-2] + "…"
            line(surface, detail, shown.x + px // 2, shown.y + round(px * 1.4), small, theme.TEXT)
        y += row_h
    return y - (y0 + scroll) + px, rects
