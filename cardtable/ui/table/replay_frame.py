"""Drawing one frame of the replay viewer from its record: the table as the table draws it, the
step counter and the step's words where the prompt would be, other seats' hands spelled out,
the side column and the keys' hint. Nothing here reads the viewer."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from cardtable.ui import text, theme
from cardtable.ui.card_art import CardArt
from cardtable.ui.layout import TablePlacement
from cardtable.ui.table import frame, render
from cardtable.ui.table.art import Caches
from cardtable.ui.table.render import Drawn
from cardtable.ui.table.seam import TableFrame

KEYS = "Left/Right step, Home/End, P plays, Esc closes"


@dataclass(frozen=True)
class ReplayFrame:
    """A replay frame: the table's record, plus what only the replay shows."""

    table: TableFrame
    counter: str
    """"Replay  3 / 40"."""
    line: str
    """The step's words (and the outcome, at the last step)."""
    hand_lists: tuple[tuple[str, pygame.Rect], ...]
    """Other seats' hands, each as its cards' words and the span its cards cover."""


def draw(surface: pygame.Surface, f: ReplayFrame, art: CardArt, caches: Caches) -> list[Drawn]:
    t = f.table
    p = t.placement
    drawn = frame.draw_table(surface, t, art, caches)
    caption(surface, t, f.counter, f.line)
    if t.form is not None:
        t.form.draw(surface, p.text_px)
    if t.banner is not None:
        render.banner(surface, p, t.banner)
    hand_lists(surface, p, f.hand_lists)
    frame.draw_side(surface, t, caches)
    hint = text.render(KEYS, round(p.text_px * 0.7), theme.TEXT_DIM)
    surface.blit(hint, hint.get_rect(midtop=(p.buttons_rect.centerx, p.buttons_rect.bottom + 2)))
    return drawn


def caption(surface: pygame.Surface, t: TableFrame, counter: str, line: str) -> None:
    """The counter and the last action's words where the prompt would be."""
    p = t.placement
    px = p.text_px
    img = text.render(line, px, theme.TEXT, bold=True)
    if img.get_width() > p.buttons_rect.w:
        img = pygame.transform.smoothscale(
            img, (p.buttons_rect.w, max(1, img.get_height() * p.buttons_rect.w // img.get_width())))
    head = text.render(counter, round(px * 0.9), theme.ACCENT, bold=True)
    y = t.prompt_y
    surface.blit(head, head.get_rect(center=(p.prompt_pos[0], y - round(px * 1.3))))
    surface.blit(img, img.get_rect(center=(p.prompt_pos[0], y)))


def hand_lists(surface: pygame.Surface, p: TablePlacement,
               lists: tuple[tuple[str, pygame.Rect], ...]) -> None:
    """Other seats' hands lie overlapped, their corners half hidden: their cards are spelled
    out in a line under them, so every hand reads at a glance."""
    px = max(11, round(p.text_px * 0.75))
    for words, span in lists:
        img = text.render(words, px, theme.TEXT)
        while img.get_width() > max(span.w * 2, px * 12) and len(words) > 4:
            words = words[: words.rfind(" ", 0, len(words) - 2)] + " …"  # clip at a card
            img = text.render(words, px, theme.TEXT)
        box = img.get_rect().inflate(px, px // 3)
        box.midtop = (span.centerx, span.bottom + 2)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=box.h // 2)
        surface.blit(img, img.get_rect(center=box.center))
