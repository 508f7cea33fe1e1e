"""Statistics and replays: a tab per game (a table of players and a bar chart) and a tab of the
kept replays, which open in the replay viewer.

The figures are the store's (``cardtable.store.stats``); this scene only arranges them. What the
store has to say about its files (a statistics file set aside, a replay that will not load) is
shown in red under the tabs, never raised.
"""

from __future__ import annotations

from functools import partial

import pygame

from cardtable.games import games
from cardtable.store.matches import ReplayError, list_replays, positions
from cardtable.store.stats import Stats, load_stats, reset_stats
from cardtable.ui import stats_pictures, stats_tables, text, theme
from cardtable.ui.input import Click, InputEvent, Key, PointerMove, Wheel
from cardtable.ui.scene import Scene, register
from cardtable.ui.scenes.stats_rows import (
    LOSS_BAR,
    WIN_BAR,
    ReplayRow,
    Row,
    game_title,
    replay_row,
    rows_for,
)
from cardtable.ui.widgets import Button, OnPress, draw_panel

__all__ = ["LOSS_BAR", "REPLAYS", "WIN_BAR", "Row", "StatisticsScene"]

REPLAYS = "replays"
"""The name of the replays tab (no game is called that)."""

@register("statistics")
class StatisticsScene(Scene):
    def __init__(self, app, stats: Stats | None = None, tab: str = "") -> None:
        super().__init__(app)
        self.messages: list[str] = []
        self.stats = stats if stats is not None else self._load()
        self.replays: list[ReplayRow] = []
        if app.paths is not None:
            found = list_replays(app.paths)
            self.messages += found.messages
            self.replays = [replay_row(s) for s in found]
        self.rows: dict[str, list[Row]] = {}
        self.tab = ""
        self.scroll = 0
        self.content_h = 0
        self.selected = 0
        """The highlighted replay (keyboard: Up/Down, Enter opens it)."""
        self.px = 18
        self.area = pygame.Rect(0, 0, 0, 0)
        self.tabs: list[Button] = []
        self.buttons: list[Button] = []
        self.replay_rects: list[pygame.Rect] = []
        self.sittings: dict[str, stats_pictures.OverTime | None] = {}
        """Each game's newest sitting round by round, once worked out (it replays the sitting)."""
        self._fill()
        if tab and tab in self.tab_names:   # the title's Replays opens straight on their tab
            self.show(tab)

    # -- the figures -----------------------------------------------------------------------------
    def _load(self) -> Stats:
        if self.app.paths is None:
            return Stats()
        stats, messages = load_stats(self.app.paths)
        self.messages += messages
        return stats

    def _fill(self) -> None:
        order = list(games())
        names = sorted((g for g, t in self.stats.games.items() if t.players),
                       key=lambda g: (order.index(g) if g in order else len(order), g))
        self.rows = {g: rows_for(self.stats.games[g]) for g in names}
        keys = names + ([REPLAYS] if self.replays else [])
        if self.tab not in keys:
            self.tab = keys[0] if keys else ""
        self.scroll = 0

    @property
    def tab_names(self) -> list[str]:
        return list(self.rows) + ([REPLAYS] if self.replays else [])

    def show(self, tab: str) -> None:
        self.tab, self.scroll = tab, 0
        self.resize(self.app.size)

    # -- actions ---------------------------------------------------------------------------------
    def ask_reset(self) -> None:
        self.app.push("confirm", title="Reset statistics?",
                      lines=["Every game's figures are forgotten for good.", "The replays are kept."],
                      action="Reset", on_confirm=self.reset)

    def reset(self) -> None:
        if self.app.paths is not None:
            self.messages += reset_stats(self.app.paths)
        self.stats = self._load()
        self._fill()
        self.messages.append("Statistics reset.")
        self.resize(self.app.size)

    def open_replay(self, row: ReplayRow) -> None:
        """The replay viewer, or the reason this replay cannot be shown."""
        try:
            steps = positions(row.saved)   # ReplayError unless they reach the saved position
            scene = self.app.open("replay", saved=row.saved, steps=steps)
        except ReplayError as err:
            self._cannot_show(row, str(err))
            return
        except Exception as err:  # a file from elsewhere (an odd option, a seat count): say so, go on
            self._cannot_show(row, f"{type(err).__name__}: {err}")
            return
        self.app.push(scene)

    def _cannot_show(self, row: ReplayRow, reason: str) -> None:
        self.messages.append(f"The replay of {row.game} on {row.date} cannot be shown: {reason}.")
        self.resize(self.app.size)

    # -- layout ----------------------------------------------------------------------------------
    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.px = theme.text_px(size, self.app.settings.ui_scale)
        names = self.tab_names
        tab_h = round(px * 2.0)
        gap = px // 2
        widths = [Button.width_for(self._tab_label(n), px) for n in names]
        scale = min(1.0, (w - px * 2 - gap * max(0, len(names) - 1)) / max(1, sum(widths)))
        x = (w - sum(round(tw * scale) for tw in widths) - gap * max(0, len(names) - 1)) // 2
        y = round(px * 3.2)
        self.tabs = []
        for name, tw in zip(names, widths, strict=True):
            tab = Button(self._tab_label(name), partial(self.show, name),
                         pygame.Rect(x, y, round(tw * scale), tab_h))
            tab.focused = name == self.tab
            self.tabs.append(tab)
            x += round(tw * scale) + gap
        top = y + (tab_h + px if names else 0)
        self.message_lines = [ln for m in self.messages[-4:]
                              for ln in text.wrap(m, round(px * 0.85), w - px * 4)]
        top += round(px * 1.2) * len(self.message_lines)
        bh = round(px * 2.2)
        labels: list[tuple[str, OnPress]] = [("Reset statistics…", self.ask_reset)] if self.rows else []
        labels.append(("Back (Esc)", self.app.pop))
        bw = max(Button.width_for(lbl, px) for lbl, _ in labels)
        total = bw * len(labels) + px * (len(labels) - 1)
        bx = (w - total) // 2
        self.buttons = []
        for lbl, fn in labels:
            self.buttons.append(Button(lbl, fn, pygame.Rect(bx, h - bh - px, bw, bh)))
            bx += bw + px
        width = min(w - px * 4, px * 56)
        self.area = pygame.Rect((w - width) // 2, top, width, h - bh - px * 2 - top)
        self.content_h = self._draw_content(None)
        self._clamp()

    def _tab_label(self, name: str) -> str:
        return f"Replays ({len(self.replays)})" if name == REPLAYS else game_title(name)

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.content_h - self.area.h))

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        if isinstance(event, Key):
            self._key(event)
        elif isinstance(event, Wheel):
            self.scroll -= event.dy * self.px * 3
        elif isinstance(event, PointerMove):
            for b in self.tabs + self.buttons:
                b.handle(event)
        elif isinstance(event, Click):
            for b in self.tabs + self.buttons:
                if b.handle(event):
                    return
            if self.tab == REPLAYS and self.area.collidepoint(event.pos):
                for i, r in enumerate(self.replay_rects):
                    if r.move(0, -self.scroll).collidepoint(event.pos):
                        self.selected = i
                        self.open_replay(self.replays[i])
                        return
        self._clamp()

    def _key(self, event: Key) -> None:
        k = event.key
        names = self.tab_names
        if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and names:
            i = names.index(self.tab) if self.tab in names else 0
            self.show(names[(i + (1 if k == pygame.K_RIGHT else -1)) % len(names)])
        elif self.tab == REPLAYS and k in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if k == pygame.K_DOWN else -1
            self.selected = max(0, min(len(self.replays) - 1, self.selected + step))
            self._show_selected()
        elif self.tab == REPLAYS and k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.replays:
            self.open_replay(self.replays[self.selected])
        elif k == pygame.K_r and self.rows:
            self.ask_reset()
        else:
            page = self.area.h - self.px * 2
            self.scroll += {pygame.K_DOWN: self.px * 2, pygame.K_UP: -self.px * 2, pygame.K_PAGEDOWN: page,
                            pygame.K_SPACE: page, pygame.K_PAGEUP: -page, pygame.K_HOME: -(10**9),
                            pygame.K_END: 10**9}.get(k, 0)
        self._clamp()

    def _show_selected(self) -> None:
        """Scroll so the highlighted replay is in view."""
        if 0 <= self.selected < len(self.replay_rects):
            r = self.replay_rects[self.selected]
            if r.y - self.scroll < self.area.y:
                self.scroll = r.y - self.area.y
            elif r.bottom - self.scroll > self.area.bottom:
                self.scroll = r.bottom - self.area.bottom

    # -- drawing ---------------------------------------------------------------------------------
    def moving(self, now: float) -> bool:
        return False  # drawn on input

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKDROP)
        pygame.draw.rect(surface, theme.FELT_DARK, surface.get_rect().inflate(-24, -24), border_radius=24)
        px = self.px
        title = text.render("Statistics", round(px * 1.6), theme.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, px)))
        for tab in self.tabs:
            tab.draw(surface, round(px * 0.9))
        y = self.area.y - round(px * 1.2) * len(self.message_lines)
        for line in self.message_lines:
            img = text.render(line, round(px * 0.85), theme.ILLEGAL)
            surface.blit(img, img.get_rect(midtop=(surface.get_width() // 2, y)))
            y += round(px * 1.2)
        draw_panel(surface, self.area.inflate(px, px // 2))
        clip = surface.get_clip()
        surface.set_clip(self.area)
        self._draw_content(surface)
        surface.set_clip(clip)
        if self.content_h > self.area.h:
            bar_h = max(px * 2, self.area.h * self.area.h // self.content_h)
            by = self.area.y + (self.area.h - bar_h) * self.scroll // max(1, self.content_h - self.area.h)
            pygame.draw.rect(surface, theme.PANEL_EDGE, (self.area.right + px // 4, by, 5, bar_h),
                             border_radius=3)
        for b in self.buttons:
            b.draw(surface, px)

    def _draw_content(self, surface: pygame.Surface | None) -> int:
        """Draw the open tab into the content area (or only measure it, with no surface);
        returns the content's height."""
        if not self.tab:
            if surface is not None:
                stats_tables.line(surface, "No games finished yet.", self.area.centerx,
                                  self.area.y + self.px * 2, self.px, theme.TEXT_DIM, "center")
            return self.px * 4
        if self.tab == REPLAYS:
            height, self.replay_rects = stats_tables.replays(surface, self.area, self.scroll, self.px,
                                                             self.replays, self.selected)
            return height
        game = self.tab
        if game not in self.sittings:
            self.sittings[game] = stats_pictures.sitting_money([r.saved for r in self.replays], game)
        return stats_tables.game_table(surface, self.area, self.scroll, self.px, game, self.rows[game],
                                       self.stats.games[game], self.replays, self.sittings[game])
