"""The decision buttons laid out under the prompt: one row, or two when there is room above."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cardtable.ui.layout import TablePlacement
from cardtable.ui.table.choices import Decision
from cardtable.ui.widgets import Button, Form, OnPress, Widget

Rect = pygame.Rect


@dataclass
class Row:
    form: Form
    seat_hotkeys: dict[int, str]
    """The digit of the button that aims at each seat, shown on the seat's plate too."""
    prompt_y: int
    """Where the prompt line sits: above the buttons, one or two rows of them."""


def lay_out(p: TablePlacement, items: list[Decision], press: Callable[[Decision], OnPress]) -> Row:
    """A row of buttons under the prompt; a second row above it when there is room between it and
    the piles, else the row's labels shrink to fit."""
    px = p.text_px
    widths = [Button.width_for(f"{i + 1}  {d.label}", px) for i, d in enumerate(items)]
    gap = px // 2
    area = p.buttons_rect
    rows = [list(range(len(items)))]
    if sum(widths) + gap * (len(items) - 1) > area.w and len(items) > 1:
        half = len(items) // 2
        two = [list(range(half)), list(range(half, len(items)))]
        above = max(z.rect.bottom for z in p.zones.values() if z.rect.bottom <= area.y)
        room = area.y - (area.h + gap) - round(px * 2.2) >= above
        if room and all(sum(widths[i] for i in r) + gap * (len(r) - 1) <= area.w for r in two):
            rows = two
    buttons: list[Widget] = []
    hotkeys: dict[int, str] = {}
    for row_no, row in enumerate(rows):
        y = area.y - (len(rows) - 1 - row_no) * (area.h + gap)
        gaps = gap * max(0, len(row) - 1)
        scale = min(1.0, (area.w - gaps) / max(1, sum(widths[i] for i in row)))
        x = area.centerx - (sum(round(widths[i] * scale) for i in row) + gaps) // 2
        for i in row:
            w = round(widths[i] * scale)
            hotkey = str(i + 1) if i < 9 else ""
            if items[i].seat >= 0:
                hotkeys[items[i].seat] = hotkey
            buttons.append(Button(items[i].label, press(items[i]), Rect(x, y, w, area.h), hotkey=hotkey))
            x += w + gap
    prompt_y = area.y - (len(rows) - 1) * (area.h + gap) - round(px * 1.5)
    return Row(Form(buttons), hotkeys, prompt_y)
