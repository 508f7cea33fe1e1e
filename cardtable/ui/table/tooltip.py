"""Tooltips at the table: what a card does in this game and now, what may go on a pile now.

The words come from the game's declared tips (``card_tip`` / ``pile_tip``, pure functions of the
viewer's view and a card or zone); this part only waits for the pointer to rest and draws the
box. A card is named as the table draws it for the viewer (a card it may not know is HIDDEN), so a
tooltip can only speak of a card the viewer may know.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from cardtable.engine.protocol import Game, State
from cardtable.games import parts_of
from cardtable.ui import text, theme
from cardtable.ui.placement import TablePlacement
from cardtable.ui.table.labels import place_words
from cardtable.ui.timings import TOOLTIP_DELAY
from cardtable.ui.widgets import draw_panel


def card_words(game: Game, view: State, card: int, zone: str) -> str:
    """The game's words for ``card`` (as ``view``'s seat knows it: HIDDEN if it may not) lying in
    ``zone``, or ""."""
    card_tip = parts_of(game).tips.card_tip
    return card_tip(view, card, zone) if card_tip is not None else ""


def pile_words(game: Game, view: State, zone: str) -> str:
    pile_tip = parts_of(game).tips.pile_tip
    return pile_tip(view, zone) if pile_tip is not None else ""


def described(p: TablePlacement, zone: str) -> pygame.Rect:
    """What a tooltip about ``zone`` itself must leave in sight: its place and the words written
    by it (its label, its meter, a marker's word: Fscking Ace's pack's words came up over "Pack")."""
    return p.zones[zone].rect.unionall(place_words(p, zone)) if "/" not in zone else p.zones[zone].rect


def beside(box: pygame.Rect, about: pygame.Rect, screen: pygame.Rect,
           keep: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """``box`` moved next to ``about`` (above, below, right or left, the first that stays on the
    screen), never over it; as it was if no side has room. A side that would also cover one of
    ``keep`` (the decision buttons, which the player is about to press, or the coach's bubble) is
    taken slid along that side off what it covers, and as it is only if no side can be."""
    sides, slid = [], []
    for place in ({"midbottom": about.midtop}, {"midtop": about.midbottom}, {"midleft": about.midright},
                  {"midright": about.midleft}):
        moved = box.copy()
        (name, at), = place.items()
        setattr(moved, name, at)
        moved.clamp_ip(screen)
        if not moved.colliderect(about):
            sides.append(moved)
            along_x = name in ("midbottom", "midtop")
            slid += [m for m in _slides(moved, keep, along_x, screen) if not m.colliderect(about)]
    clear = [m for m in (*sides, *slid) if m.collidelist(list(keep)) < 0]
    return (clear or sides or [box])[0]


def _slides(box: pygame.Rect, keep: Sequence[pygame.Rect], along_x: bool,
            screen: pygame.Rect) -> list[pygame.Rect]:
    """``box`` slid along its side (sideways if ``along_x``, else up or down) just off each of
    ``keep`` it covers, on either hand, kept on the screen."""
    moves = []
    for k in keep:
        if not box.colliderect(k):
            continue
        for at in ((k.left - box.w, k.right) if along_x else (k.top - box.h, k.bottom)):
            moved = box.copy()
            if along_x:
                moved.x = at
            else:
                moved.y = at
            moves.append(moved.clamp(screen))
    return moves


@dataclass
class Tooltip:
    key: tuple[str, int] | None = None
    """What the pointer rests on: (zone, card index), index -1 for the pile itself."""
    since: float = 0.0
    pos: tuple[int, int] = (0, 0)
    words: str = ""
    about: pygame.Rect | None = None
    """The card or pile the words are about: the box never covers it."""
    box: pygame.Rect | None = None
    """Where the last frame drew the words."""

    def rest(self, key: tuple[str, int] | None, pos: tuple[int, int], now: float,
             about: pygame.Rect | None = None) -> None:
        """The pointer is over ``key`` (None: over nothing with words), drawn at ``about``."""
        if key != self.key:
            self.key, self.since, self.words = key, now, ""
        self.pos, self.about = pos, about

    def shown(self, now: float) -> bool:
        return self.key is not None and now - self.since >= TOOLTIP_DELAY

    def hide(self) -> None:
        self.key, self.words = None, ""

    def draw(self, surface: pygame.Surface, px: int, keep: Sequence[pygame.Rect] = (),
             within: pygame.Rect | None = None) -> None:
        """The words beside what they describe, off the pointer and, where there is room, off
        ``keep`` (the decision buttons: a tooltip over the button it explains hid it), and inside
        ``within`` (the table, not the log beside it) where they fit."""
        if not self.words:
            self.box = None  # nothing drawn: no box left over from the last words
            return
        width = min(px * 26, surface.get_width() - 20)
        lines = text.wrap(self.words, px, width - px)
        line_h = round(px * 1.4)
        box = pygame.Rect(0, 0, max(text.text_size(ln, px)[0] for ln in lines) + px,
                          line_h * len(lines) + px // 2 + 4)
        screen = surface.get_rect().inflate(-8, -8)
        inner = within.inflate(-8, -8) if within is not None else screen
        if inner.w >= box.w and inner.h >= box.h:
            screen = inner
        box.topleft = (self.pos[0] + px, self.pos[1] + px)
        box.clamp_ip(screen)
        if box.collidepoint(self.pos):  # never under the pointer: above it instead
            box.bottom = self.pos[1] - px // 2
            box.clamp_ip(screen)
        if self.about is not None and (box.colliderect(self.about) or box.collidelist(list(keep)) >= 0):
            box = beside(box, self.about.inflate(4, 4), screen, keep)
        self.box = box
        draw_panel(surface, box, alpha=245)
        y = box.y + px // 4 + 2
        for line in lines:
            surface.blit(text.render(line, px, theme.TEXT), (box.x + px // 2, y))
            y += line_h
