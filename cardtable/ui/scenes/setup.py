"""New game: how many seats, each seat human or bot (name and level), and the game's options as a
form generated from its pydantic ``Options`` model (labels and help from the model's fields)."""

from __future__ import annotations

import typing
from typing import Any, Literal

import pygame
from pydantic import BaseModel, ValidationError

from cardtable.ai import bot_kinds
from cardtable.ai.levels import LEVELS
from cardtable.games import get_game
from cardtable.runner.match import Match, Seat
from cardtable.ui import text, theme
from cardtable.ui.input import Click, InputEvent, Key, PointerMove, Press
from cardtable.ui.scene import Scene
from cardtable.ui.widgets import Button, Choice, Form, Slider, TextField, Toggle, Widget, draw_panel

DEFAULT_NAMES = ("Ash", "Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")
"""Seat names offered at setup, one per seat the table lays out (the first is the human's; "You"
would read badly in the log: "You plays")."""
TABLE_SEATS = len(DEFAULT_NAMES)
"""The most seats the table lays out legibly today. An engine may take more (Fscking Ace takes
3–20 for ``cardtable simulate`` and ``tournament``); the table offers only what it can seat."""


def seats_offered(game: Any) -> list[int]:
    """The seat counts the setup offers for ``game``: its range, capped at what the table seats."""
    return list(range(game.min_players, min(game.max_players, TABLE_SEATS) + 1))


def option_widget(model: type[BaseModel], name: str, value: Any, on_change) -> Widget:
    """A widget for one field of an Options model, by the field's type and bounds."""
    field = model.model_fields[name]
    ann = field.annotation
    if ann is bool:
        return Toggle(name, bool(value), on_change)
    if typing.get_origin(ann) is Literal:
        return Choice(name, list(typing.get_args(ann)), value, on_change)
    lo = hi = None
    for m in field.metadata:
        lo = getattr(m, "ge", lo) if getattr(m, "ge", None) is not None else lo
        hi = getattr(m, "le", hi) if getattr(m, "le", None) is not None else hi
    if ann is int:
        lo = 0 if lo is None else lo
        hi = max(lo + 10, value * 2) if hi is None else hi
        return (
            Choice(name, list(range(int(lo), int(hi) + 1)), value, on_change)
            if hi - lo <= 30
            else Slider(name, int(lo), int(hi), value, on_change, 1)
        )
    if ann is float:
        lo = 0.0 if lo is None else lo
        hi = max(1.0, value * 2) if hi is None else hi
        return Slider(name, float(lo), float(hi), float(value), on_change, (hi - lo) / 20)
    return TextField(str(value), on_change, 24)


class SetupScene(Scene):
    def __init__(self, app, game: str, seats: list[Seat] | None = None) -> None:
        super().__init__(app)
        self.game = get_game(game)
        # The four levels every game offers (issue 8); the other bot kinds are for simulations.
        self.levels = [k for k in LEVELS if k in bot_kinds(game)]
        default_level = "normal"
        given = list(seats or [])
        self.players = len(given) if given else self.game.default_players
        if not given:
            given = [Seat(DEFAULT_NAMES[0], "human", default_level)]
        self.seats = given + [Seat(n, "bot", default_level) for n in DEFAULT_NAMES[len(given):]]
        self.options: dict[str, Any] = self.game.Options().model_dump()
        self.error = ""
        self.form = Form()
        self.labels: list[tuple[str, str, pygame.Rect]] = []
        self.px = 18

    def enter(self) -> None:
        self.resize(self.app.size)

    def _set_seat(self, i: int, **change: Any) -> None:
        s = self.seats[i]
        self.seats[i] = Seat(
            change.get("name", s.name), change.get("kind", s.kind), change.get("level", s.level)
        )
        if "kind" in change:
            self.resize(self.app.size)

    def _set_players(self, n: int) -> None:
        self.players = n
        self.resize(self.app.size)

    def _set_option(self, name: str, value: Any) -> None:
        self.options[name] = value

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.px = theme.text_px(h, self.app.settings.ui_scale, 0.9)
        row = round(px * 2.2)
        gap = round(px * 0.5)
        focus = self.form.focus
        widgets: list[Widget] = []
        self.labels = []
        col_w = (w - px * 6) // 2
        x1, x2 = px * 2, px * 4 + col_w
        y = px * 5
        label_w = round(col_w * 0.3)

        def place(widget: Widget, x: int, yy: int, width: int) -> Widget:
            widget.rect = pygame.Rect(x, yy, width, row)
            widgets.append(widget)
            return widget

        self.labels.append(("Seats", "", pygame.Rect(x1, y, label_w, row)))
        place(
            Choice(
                "players",
                seats_offered(self.game),
                self.players,
                self._set_players,
                lambda n: f"{n} players",
            ),
            x1 + label_w,
            y,
            col_w - label_w,
        )
        y += row + gap * 2
        for i in range(self.players):
            s = self.seats[i]
            name_w = round(col_w * 0.38)
            place(TextField(s.name, lambda v, i=i: self._set_seat(i, name=v)), x1, y, name_w)
            kind_w = round(col_w * 0.27)
            place(
                Choice(
                    "kind",
                    ["human", "bot"],
                    s.kind,
                    lambda v, i=i: self._set_seat(i, kind=v),
                    lambda v: v.capitalize(),
                ),
                x1 + name_w + gap,
                y,
                kind_w,
            )
            if s.kind == "bot":
                place(
                    Choice(
                        "level",
                        self.levels,
                        s.level,
                        lambda v, i=i: self._set_seat(i, level=v),
                        lambda v: v.capitalize(),
                    ),
                    x1 + name_w + kind_w + gap * 2,
                    y,
                    col_w - name_w - kind_w - gap * 2,
                )
            y += row + gap
        y2 = px * 5
        model = self.game.Options
        for name, field in model.model_fields.items():
            title = field.title or name.replace("_", " ").capitalize()
            self.labels.append((title, field.description or "", pygame.Rect(x2, y2, label_w * 2, row)))
            place(
                option_widget(model, name, self.options[name], lambda v, n=name: self._set_option(n, v)),
                x2 + round(col_w * 0.62),
                y2,
                round(col_w * 0.38),
            )
            y2 += row + round(px * 2.3) + gap
        bw = round(px * 9)
        by = h - row - px * 2
        place(Button("Back", self.app.pop), w // 2 - bw - gap, by, bw)
        deal = place(Button("Deal", self.deal), w // 2 + gap, by, bw)
        self.form = Form(widgets)
        self.form.set_focus(focus if focus >= 0 else widgets.index(deal))

    def seats_in_play(self) -> list[Seat]:
        return self.seats[: self.players]

    def deal(self) -> None:
        from cardtable.ui.scenes.table import TableScene

        seats = self.seats_in_play()
        names = [s.name.strip() for s in seats]
        if any(not n for n in names) or len(set(names)) != len(names):
            self.error = "Every seat needs a name of its own."
            return
        try:
            options = self.game.Options(**self.options)
        except ValidationError as exc:
            self.error = str(exc.errors()[0]["msg"])
            return
        seats = [Seat(n, s.kind, s.level) for n, s in zip(names, seats, strict=True)]
        self.app.replace(TableScene(self.app, Match(self.game, seats, options, saver=self.app.saver)))

    def handle(self, event: InputEvent) -> None:
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif isinstance(event, (Click, Press, PointerMove, Key)):
            self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        px = self.px
        surface.fill(theme.BACKDROP)
        draw_panel(surface, surface.get_rect().inflate(-px, -px))
        img = text.render(f"New game of {self.game.title}", round(px * 1.6), theme.ACCENT, bold=True)
        surface.blit(img, img.get_rect(midtop=(w // 2, px * 1.5)))
        head = text.render("Options", px, theme.ACCENT, bold=True)
        surface.blit(head, (px * 4 + (w - px * 6) // 2, round(px * 3.5)))
        for label, help_text, r in self.labels:
            img = text.render(label, px, theme.TEXT)
            surface.blit(img, img.get_rect(midleft=(r.x, r.centery)))
            if help_text:
                small = round(px * 0.75)
                for i, line in enumerate(text.wrap(help_text, small, round((w - px * 6) / 2))[:2]):
                    y = r.bottom + 2 + i * small * 5 // 4
                    surface.blit(text.render(line, small, theme.TEXT_DIM), (r.x, y))
        self.form.draw(surface, px)
        if self.error:
            img = text.render(self.error, px, theme.ILLEGAL)
            surface.blit(img, img.get_rect(midbottom=(w // 2, h - round(px * 4.8))))
