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
"""The replay's keys, said under its buttons."""
HAND_LIST_LINES = 2
"""Lines a hand's list of cards may take under it (then it is clipped with "…")."""


@dataclass(frozen=True)
class ReplayFrame:
    """A replay frame: the table's record, plus what only the replay shows."""

    table: TableFrame
    counter: str
    """"Replay  3 / 40"."""
    line: str
    """The step's words (and the outcome, at the last step)."""
    hand_lists: tuple[tuple[tuple[str, ...], pygame.Rect], ...]
    """Other seats' hands, each as its cards' words and the span its cards cover."""
    keys: str = KEYS
    """The keys' hint under the buttons (a review over the replay gives its own)."""


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
    hint = text.render(f.keys, round(p.text_px * 0.7), theme.TEXT_DIM)
    surface.blit(hint, hint.get_rect(midtop=(p.buttons_rect.centerx, p.buttons_rect.bottom + 2)))
    return drawn


def caption(surface: pygame.Surface, t: TableFrame, counter: str, line: str) -> pygame.Rect:
    """The counter and the last action's words where the prompt would be; where they lie."""
    p = t.placement
    px = p.text_px
    img = text.render(line, px, theme.TEXT, bold=True)
    if img.get_width() > p.buttons_rect.w:
        img = pygame.transform.smoothscale(
            img, (p.buttons_rect.w, max(1, img.get_height() * p.buttons_rect.w // img.get_width())))
    head = text.render(counter, round(px * 0.9), theme.ACCENT, bold=True)
    gap = round(px * 1.3)
    # the counter goes over the prompt's line, where a meter under the middle may reach: Cersei's
    # "Cersei 0/3" and "Replay of 75 moves" were drawn one on the other
    meters = [p.zones[z].rect.bottom + depth for z, (depth, _label) in p.meters.items() if z in p.zones]
    head_y = max([t.prompt_y - gap] + [m + head.get_height() // 2 + 2 for m in meters])
    at_head = surface.blit(head, head.get_rect(center=(p.prompt_pos[0], head_y)))
    words = img.get_rect(center=(p.prompt_pos[0], max(t.prompt_y, head_y + gap)))
    return at_head.union(surface.blit(img, words))


def hand_lists(surface: pygame.Surface, p: TablePlacement,
               lists: tuple[tuple[tuple[str, ...], pygame.Rect], ...]) -> list[pygame.Rect]:
    """Other seats' hands lie overlapped, their corners half hidden: their cards are spelled
    out under them, so every hand reads at a glance; where each list lies. A long hand goes on a
    second line rather than past its cards (a 22-card hand ran across the middle of the table,
    over the replay's words)."""
    px = max(11, round(p.text_px * 0.75))
    boxes = []
    for words, span in lists:
        lines = _wrapped(words, px, max(span.w, px * 12))
        imgs = [text.render(line, px, theme.TEXT) for line in lines]
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs))
        box.inflate_ip(px, px // 3)
        box.midtop = (span.centerx, span.bottom + 2)
        box.clamp_ip(surface.get_rect())
        round_end = (imgs[0].get_height() + px // 3) // 2  # a pill on one line, rounded corners on two
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=round_end)
        y = box.y + px // 6
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()
        boxes.append(box)
    return boxes


def _wrapped(cards: tuple[str, ...], px: int, width: int, most: int = HAND_LIST_LINES) -> list[str]:
    """The cards' words in lines of at most ``width`` pixels, ``most`` lines, the last clipped at a
    card with "…" when they do not all fit."""
    lines: list[list[str]] = []
    for card in cards:
        if lines and text.text_size(" ".join([*lines[-1], card]), px)[0] <= width:
            lines[-1].append(card)
        else:
            lines.append([card])
    if len(lines) > most:
        lines = lines[:most]
        last = lines[-1]
        while len(last) > 1 and text.text_size(" ".join([*last, "…"]), px)[0] > width:
            last.pop()
        last.append("…")
    return [" ".join(line) for line in lines]
