"""Statistics as pictures: each player's results over the kept games of one game, as lines.

``over_time`` is plain data from the kept replays (oldest first): for a game that names a loser,
each player's losses so far (Shithead: who has been the Shithead how often); for a game of money
(the outcome carries balances, as Fscking Ace's does), each player's money so far, sitting after
sitting; otherwise wins so far. ``sitting_money`` is the newest kept sitting of a game of money
round by round: each player's running balance after every round (a game's match is then the
whole sitting, and each round settles with an event carrying its number and the balances after
it, as Fscking Ace's do).
``draw`` paints either with the table's colours and text, in the statistics' content area;
``outcome_bars`` is each player's games by outcome, as bars.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from cardtable.store.matches import ReplayError, SavedMatch, replay_pass
from cardtable.ui import text, theme
from cardtable.ui.scenes.stats_rows import LOSS_BAR, MIDDLE_BAR, WIN_BAR, ReplayRow, Row

LINE_COLOURS: tuple[theme.Colour, ...] = (
    (250, 200, 70), (110, 200, 120), (120, 170, 240), (230, 110, 100), (200, 140, 230),
    (120, 220, 220), (240, 160, 80), (200, 200, 200))
GRID: theme.Colour = theme.FELT_DARK
"""The scale's faint lines on the plate (the zero line is brighter: ``theme.FELT_LINE``)."""


@dataclass(frozen=True)
class OverTime:
    title: str
    names: list[str]
    series: list[list[float]]
    """``series[p][k]``: player ``names[p]``'s total after the ``k``-th kept game (0 before it)."""
    money: bool = False
    steps: str = "game"
    """What one step along the line is, in words: "game", "sitting", "round"."""


def over_time(replays: Sequence[SavedMatch], game: str, loser: str) -> OverTime | None:
    """Each player's running total over the kept, finished games of ``game`` (oldest first);
    None with fewer than two such games."""
    kept = _finished(replays, game)
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
    return OverTime(title, names, [series[n] for n in names], money, "sitting" if money else "game")


def _finished(replays: Sequence[SavedMatch], game: str) -> list[SavedMatch]:
    return sorted((s for s in replays if s.game == game and s.outcome is not None
                   and not s.outcome.abandoned), key=lambda s: s.started)


def sitting_money(replays: Sequence[SavedMatch], game: str) -> OverTime | None:
    """Each player's money after every round of the newest kept sitting of ``game`` (0 before the
    first), read from the balances its settling events carry as the sitting is replayed; None for
    a game that settles no such rounds, or a replay that no longer replays."""
    kept = [s for s in _finished(replays, game)
            if isinstance(s.outcome.details.get("balances"), list)]  # type: ignore[union-attr]
    if not kept:
        return None
    saved = kept[-1]
    n = len(saved.names)
    try:
        done = replay_pass(saved, log=False, snapshot_every=1 << 62)
    except ReplayError:
        return None
    series: list[list[float]] = [[0.0] for _ in range(n)]
    for step in done.steps:
        for event in step.events:
            data = event.data if isinstance(event.data, dict) else {}
            balances = data.get("balances")   # a round settled: its number and the balances after it
            if "round" in data and isinstance(balances, list) and len(balances) == n:
                for seat in range(n):
                    series[seat].append(float(balances[seat]) / 100.0)
    rounds = len(series[0]) - 1
    if rounds < 1:
        return None
    when = saved.started.astimezone() if saved.started.tzinfo else saved.started
    title = (f"Money across the last sitting ({when.strftime('%Y-%m-%d %H:%M')}), "
             f"{rounds} round{'s' if rounds != 1 else ''}")
    return OverTime(title, list(saved.names), series, money=True, steps="round")


def height(px: int) -> int:
    return px * 14


def nice_step(span: float, most: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten, at least 1) that cuts ``span`` into at most
    ``most`` parts: the scale's lines."""
    step = 1.0
    while span / step > most:
        for factor in (2.0, 2.5, 2.0):   # 1, 2, 5, 10, 20, 50, ...
            step *= factor
            if span / step <= most:
                break
    return step


def scale_words(value: float, money: bool) -> str:
    """A value on the scale: a count, or money as the statistics' table writes it (+$12, −$3)."""
    if not money:
        return f"{value:.0f}"
    sign = "+" if value > 0 else "−" if value < 0 else ""
    return f"{sign}${abs(value):,.0f}"


def draw(surface: pygame.Surface, rect: pygame.Rect, data: OverTime, px: int) -> None:
    """The title, a line per player with its name at the end, the scale on the left with a line
    at each round step, and the steps (games, sittings, rounds) marked and numbered underneath."""
    head = pygame.Rect(rect.x, rect.y, rect.w, px * 2)
    text.draw_in(surface, data.title, round(px * 1.1), theme.ACCENT, head, "topleft", bold=True)
    small = max(11, round(px * 0.8))
    plot = pygame.Rect(rect.x + px * 4, rect.y + px * 2, rect.w - px * 12, rect.h - px * 3 - small)
    pygame.draw.rect(surface, theme.PLATE, plot)
    values = [v for s in data.series for v in s]
    step_v = nice_step(max([*values, 1.0]) - min([*values, 0.0]))
    low = math.floor(min([*values, 0.0]) / step_v) * step_v
    high = math.ceil(max([*values, 1.0]) / step_v) * step_v
    span = (high - low) or 1.0
    steps = len(data.series[0]) - 1
    inner = plot.inflate(0, -px)   # lines at the top or bottom of the scale stay inside the plate

    def at(k: int, v: float) -> tuple[int, int]:
        return (plot.x + round(plot.w * k / max(1, steps)), inner.bottom - round(inner.h * (v - low) / span))

    v = low
    while v <= high + step_v / 2:   # the scale: a faint line and its value at every step
        y = at(0, v)[1]
        colour = theme.FELT_LINE if v == 0 else GRID
        pygame.draw.line(surface, colour, (plot.x, y), (plot.right, y), 1)
        img = text.render(scale_words(v, data.money), small, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midright=(plot.x - px // 3, y)))
        v += step_v
    every = max(1, math.ceil(steps / 20))   # a tick under each game, or every few of many
    for k in range(0, steps + 1, every):
        x = at(k, low)[0]
        pygame.draw.line(surface, theme.TEXT_DIM, (x, plot.bottom), (x, plot.bottom + px // 4), 1)
    word = data.steps or "game"
    for k, words in ((0, "start"), (steps, f"after {steps} {word}{'s' if steps != 1 else ''}")):
        img = text.render(words, small, theme.TEXT_DIM)
        x = min(max(at(k, low)[0], plot.x + img.get_width() // 2), plot.right - img.get_width() // 2)
        surface.blit(img, img.get_rect(midtop=(x, plot.bottom + px // 4)))
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
            game: str, loser: str, px: int, sitting: OverTime | None = None) -> int:
    """The pictures under a game's table at ``y`` (drawn, or only measured with no surface), from
    the statistics' rows of kept replays; the ``y`` below them. ``sitting``: the newest sitting
    round by round (``sitting_money``, worked out once by the caller: it replays the sitting)."""
    pictures = [sitting, over_time([r.saved for r in rows], game, loser)]
    for data in pictures:
        if data is None:
            continue
        if surface is not None:
            draw(surface, pygame.Rect(area.x + px // 2, y + px, area.w - px, height(px)), data, px)
        y += height(px) + px * 2
    return y


def outcome_bars(surface: pygame.Surface | None, area: pygame.Rect, y: int, rows: Sequence[Row],
                 lost: str, won: str, px: int) -> int:
    """Horizontal bars per player: wins, middle places and losses side by side in one bar whose
    length is the games played, so players compare at a glance (drawn, or only measured with no
    surface, from ``y`` in the statistics' content ``area``); the ``y`` below them. ``lost``: ""
    where no one has lost (no losses' colour in the key)."""
    if surface is not None:
        title = text.render("Games by outcome", round(px * 1.1), theme.ACCENT, bold=True)
        surface.blit(title, (area.x + px // 2, y))
        lx = area.right - px // 2
        keyed = ((lost, LOSS_BAR), ("Other places", MIDDLE_BAR), (won, WIN_BAR))
        for label, colour in [(label, colour) for label, colour in keyed if label]:
            img = text.render(label, round(px * 0.8), theme.TEXT)
            lx -= img.get_width()
            surface.blit(img, (lx, y + px // 4))
            lx -= px
            pygame.draw.rect(surface, colour, (lx, y + px // 3, round(px * 0.8), round(px * 0.8)))
            lx -= px
    y += round(px * 2)
    most = max((r.games for r in rows), default=1) or 1
    label_w = min(px * 10, area.w // 4)
    bar_x = area.x + px // 2 + label_w
    bar_w = area.w - label_w - px * 4
    bar_h = round(px * 1.2)
    for r in rows:
        if surface is not None and area.y - bar_h * 2 < y < area.bottom:
            name = r.name
            while len(name) > 3 and text.text_size(name, round(px * 0.9))[0] > label_w - px // 2:
                name = name[:-2] + "…"
            img = text.render(name, round(px * 0.9), theme.TEXT)
            surface.blit(img, img.get_rect(midleft=(area.x + px // 2, y + bar_h // 2)))
            x = bar_x
            middle = max(0, r.games - r.wins - r.losses)
            for n, colour in ((r.wins, WIN_BAR), (middle, MIDDLE_BAR), (r.losses, LOSS_BAR)):
                seg = round(bar_w * n / most)
                if seg > 0:
                    pygame.draw.rect(surface, colour, (x, y, seg, bar_h))
                    if seg > px * 1.5:
                        img = text.render(str(n), round(px * 0.8), theme.TEXT_DARK, bold=True)
                        surface.blit(img, img.get_rect(center=(x + seg // 2, y + bar_h // 2)))
                x += seg
            img = text.render(str(r.games), round(px * 0.9), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midleft=(x + px // 2, y + bar_h // 2)))
        y += bar_h + px // 2
    return y
