"""The title: the registered games as tiles, then Continue for each unfinished match, Rules,
Settings, Statistics and Quit.

A match is never thrown away without asking: a game's tile, while that game has an unfinished
match, asks first whether to continue it or abandon it (kept with the replays as abandoned).

The program's first frame is this title, drawn from the games' listings and, when nothing has
been saved in this process yet, from the unfinished matches read plainly
(``cardtable.store.start_matches``): the matches and the statistics are loaded properly once
that frame is on screen (or at once, when a click needs them sooner), and messages that arrive
then (a match set aside, a game left out, a settings file set aside) are added as they come.
"""

from __future__ import annotations

import contextlib
from functools import partial
from typing import TYPE_CHECKING

import pygame

from cardtable.games import get_game, lessons_of, listings
from cardtable.store.paths import AppPaths
from cardtable.store.start_matches import WaitingMatch, waiting_matches
from cardtable.ui import text, theme
from cardtable.ui.continuing import match_words, moves_played
from cardtable.ui.scene import register
from cardtable.ui.scenes.base import ButtonsScene
from cardtable.ui.seating import seats_offered
from cardtable.ui.widgets import Button, Form, OnPress, Tile, Widget

if TYPE_CHECKING:
    from cardtable.store.matches import Unfinished
    from cardtable.store.stats import Stats

FRAME = 24
"""The felt frame's inset from the window's edge (ButtonsScene draws it)."""


def playable_games() -> list[str]:
    """Every registered game (each declares its table), in registry order: read from the games'
    listings, so the title's first frame imports no game."""
    return list(listings())


def tile_grid(count: int, width: int, tile_w: int, gap: int) -> list[int]:
    """How many tiles go on each row: as many as fit ``width``, the rows as even as can be."""
    per_row = max(1, min(count, (width + gap) // (tile_w + gap)))
    rows = -(-count // per_row)
    base, extra = divmod(count, rows)
    return [base + (1 if r < extra else 0) for r in range(rows)]


def _any_replay(paths: AppPaths) -> bool:
    """Whether a finished match is kept to watch (the Replays button shows only then)."""
    for where in (paths, paths.home):
        if where is not None:
            with contextlib.suppress(OSError):
                if any(not p.name.startswith(".") for p in where.replays_dir.glob("*.json")):
                    return True
    return False


@register("title")
class TitleScene(ButtonsScene):
    title = "Card Table"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.unfinished: list[Unfinished] = []
        self.stats: Stats | None = None
        self.focus_memory = -1
        self.fan_w = 0
        self.has_replays = False
        self.drawn = False
        self.waiting: list[WaitingMatch] = []
        """The unfinished matches read plainly for the first frame, until they are loaded."""
        self.read_later = False
        """The store is read after the first frame (the program's start)."""
        if app.paths is not None:
            self.has_replays = _any_replay(app.paths)
            if app.fresh and not app.saver_started:
                waiting = waiting_matches(app.paths, {g.name: g.title for g in listings().values()})
                self.read_later, self.waiting = waiting is not None, waiting or []
            if not self.read_later:
                self._read_store(app.paths)
        self.lines = [(m, theme.ILLEGAL) for m in app.messages]
        app.messages.clear()

    def _read_store(self, paths: AppPaths) -> None:
        from cardtable.store.matches import load_unfinished
        from cardtable.store.stats import load_stats

        if self.app.saver_started and self.app.saver is not None:
            self.app.messages.extend(self.app.saver.flush())  # the match just left is on disk
        found = load_unfinished(paths)
        self.unfinished = list(found)
        self.app.messages.extend(found.messages)
        stats, messages = load_stats(paths)
        self.app.messages.extend(messages)
        self.stats = stats if stats.games else None

    def _catch_up(self) -> bool:
        """Load what the first frame showed read plainly; whether the rows may have changed."""
        if not self.read_later or self.app.paths is None:
            return False
        self.read_later = False
        self._read_store(self.app.paths)
        changed = bool(self.unfinished or self.waiting)
        self.waiting = []
        return changed

    def update(self, now: float) -> None:
        super().update(now)
        changed = self.drawn and self._catch_up()
        if self.app.messages:  # said after the first frame (the games and settings load then)
            self.lines += [(m, theme.ILLEGAL) for m in self.app.messages]
            self.app.messages.clear()
            changed = True
        if changed:
            self.form = Form()
            self.resize(self.app.size)

    def items(self) -> list[tuple[str, OnPress]]:
        out: list[tuple[str, OnPress]] = []
        for found in self.unfinished:
            out.append((f"Continue {found.game.title} ({', '.join(found.saved.names)}): "
                        f"{match_words(found)}", partial(self.continue_match, found)))
        for waiting in self.waiting:   # whose turn is known once the match is loaded, a moment on
            out.append((f"Continue {waiting.title} ({', '.join(waiting.names)}): "
                        f"{moves_played(waiting.moves)}", partial(self.continue_waiting, waiting.match_id)))
        if self.app.can_open("learn"):
            out.append(("Learn", self.learn))
        out += [("Rules", self.rules), ("Settings", self.settings)]
        if self.has_replays:
            out.append(("Replays", self.replays))
        out.append(("Statistics", self.statistics))  # always: it says when nothing is finished yet
        out.append(("Quit", self.quit))
        return out

    def new_game(self, name: str, offer_lessons: bool = True) -> None:
        if self._catch_up():
            self.resize(self.app.size)
        found = next((u for u in self.unfinished if u.game.name == name), None)
        if found is None:
            # the first time a game is opened, Learn is offered
            if offer_lessons and self._first_meeting(name):
                self.app.push("learn_offer", game=name, on_play=lambda: self.app.push("setup", game=name),
                              play=self.play_after_lessons)
                return
            self.app.push("setup", game=name)
            return
        self.app.push("unfinished", found=found, on_resume=self.continue_match, on_forget=self.forget)

    def _first_meeting(self, name: str) -> bool:
        """Never opened at a table (How to play never shown) and it has lessons to offer."""
        if self.app.paths is None or name in self.app.settings.how_to_play_seen:
            return False
        return bool(lessons_of(get_game(name)).lessons) and self.app.can_open("learn_offer")

    def learn(self) -> None:
        self.app.push("learn", play=self.play_after_lessons)

    def play_after_lessons(self, name: str) -> None:
        """A game's lesson list's "Play" button: as a click on the game's tile here, without the
        offer of lessons it comes from."""
        self.app.pop_to(self)
        self.new_game(name, offer_lessons=False)

    def continue_match(self, found: Unfinished) -> None:
        from cardtable.runner.match import Match

        self.app.push("table", match=Match.resume(found, self.app.saver), animate_deal=False)

    def continue_waiting(self, match_id: str) -> None:
        """A Continue row of the first frame: the match loaded, then continued if it still can be."""
        self._catch_up()
        found = next((u for u in self.unfinished if u.saved.match_id == match_id), None)
        if found is not None:
            self.continue_match(found)
        else:   # set aside or finished meanwhile: the title says so
            self.update(self.app.now)
            self.resize(self.app.size)

    def forget(self, found: Unfinished) -> None:
        """``found`` was abandoned: its Continue row goes."""
        self.unfinished = [u for u in self.unfinished if u is not found]
        self.form = Form()
        self.resize(self.app.size)

    def replays(self) -> None:
        self.app.push("statistics", tab="replays")   # the statistics' tab of kept replays

    def statistics(self) -> None:
        self.app.push("statistics")  # read afresh: a match may have ended since

    def rules(self) -> None:
        self.app.push("rules", game=playable_games()[0])

    def settings(self) -> None:
        self.app.push("settings")

    def quit(self) -> None:
        self.app.quit()   # asks first if a finished match waits for disk space

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        # Enter continues the last match if there is one, else starts the first game.
        tiles = len(playable_games())
        self.form.set_focus(self.focus_memory if self.focus_memory >= 0 else
                            tiles if self.unfinished or self.waiting else 0)

    def _arrange(self, size: tuple[int, int], px: int) -> bool:
        """The games as rows of tiles above the column of buttons, the little fan of cards above
        the panel when there is room; False when it does not fit inside the felt frame."""
        w, h = size
        inner = pygame.Rect(FRAME, FRAME, w - 2 * FRAME, h - 2 * FRAME).inflate(-px, -px)
        self.px = px
        items = self.items()
        bw = min(inner.w - px * 2, max([Button.width_for(label, px) for label, _ in items] + [px * 14]))
        bh, gap, line_h = round(px * 2.4), round(px * 0.6), round(px * 1.5)
        self.wrapped = [(ln, c) for raw, c in self.lines for ln in text.wrap(raw, px, min(inner.w - px * 4,
                                                                                            px * 40))]
        listed = listings()
        names = list(listed)
        tw, th = round(px * 11), round(px * 5)
        rows = tile_grid(len(names), inner.w - px * 4, tw, px)
        tiles_h = len(rows) * (th + px) + px
        head = round(px * 3.5) + line_h * len(self.wrapped)
        ph = head + tiles_h + len(items) * (bh + gap) + px * 2
        widest = max([text.text_size(t, px)[0] for t, _ in self.wrapped] + [0])
        pw = min(inner.w, max(bw + px * 4, max(rows) * (tw + px) + px * 3, widest + px * 4))
        below = line_h + px
        room = inner.h - ph
        # smaller cards before none: a sixth button (Replays) left a bare felt at 1024x640
        # (no card under 36 pixels: the court cards' figures need that much)
        self.fan_w = next((fw for fw in (max(40, round(px * 3.2)), max(36, round(px * 2.8)),
                                         max(36, round(px * 2.4))) if room >= round(fw * 2.2) + below),
                          max(40, round(px * 3.2)))
        fan_h = round(self.fan_w * 2.2)
        with_fan = room >= fan_h + below
        top = inner.y + (fan_h if with_fan else 0) + max(0, (room - (fan_h + below if with_fan else 0)) // 2)
        self.show_fan = with_fan
        self.panel = pygame.Rect((w - pw) // 2, top, pw, ph)
        y = self.panel.y + head
        widgets: list[Widget] = []
        i = 0
        for count in rows:
            x0 = w // 2 - (count * tw + (count - 1) * px) // 2
            for k in range(count):
                game = listed[names[i]]
                offered = seats_offered(game)
                tile = Tile(game.title, f"{offered[0]}–{offered[-1]} players: new game",
                            partial(self.new_game, names[i]))
                tile.rect = pygame.Rect(x0 + k * (tw + px), y, tw, th)
                widgets.append(tile)
                i += 1
            y += th + px
        y += px
        for label, fn in items:
            widgets.append(Button(label, fn, pygame.Rect(w // 2 - bw // 2, y, bw, bh)))
            y += bh + gap
        self.form = Form(widgets)
        return room >= 0 and bw >= Button.width_for(max((lb for lb, _ in items), key=len), px) * 0.8

    def handle(self, event) -> None:
        super().handle(event)
        self.focus_memory = self.form.focus

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn = True
        super().draw(surface)
        if self.show_fan:
            self._draw_fan(surface)

    def _draw_fan(self, surface: pygame.Surface) -> None:
        """A little fan of cards above the panel: the table's own art says what this is."""
        w = self.fan_w
        cards = [51, 47, 43, 39, 35]  # A K Q J 10 of diamonds, by id
        y = self.panel.y - round(w * 1.6)
        x0 = self.panel.centerx - w * 3 // 2
        for i, c in enumerate(cards):
            img = pygame.transform.rotate(self.app.card_art.face(c, w), 20 - 10 * i)
            surface.blit(img, img.get_rect(center=(x0 + i * w * 3 // 4, y + w * 7 // 10)))
        px = self.px
        box = pygame.Rect(self.panel.x, self.panel.bottom + px // 2, self.panel.w, round(px * 1.5))
        text.draw_in(surface, "house-rule card games", px, theme.TEXT_DIM, box)
