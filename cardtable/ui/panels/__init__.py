"""Per-game panels by game name, beside the layouts: what a game shows besides its cards.

A panel draws from public state only: the view the table draws from, the zones, and the events as
they happen (fed at the moment their animation reaches them, with the zone sizes of that moment).
The table calls these hooks and nothing else; it never knows which game it is showing. A game
without a panel gets the base one, which shows nothing extra.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from cardtable.engine.protocol import Event
from cardtable.ui import text, theme, timings
from cardtable.ui.layout import TablePlacement

Rect = pygame.Rect


@dataclass
class PanelContext:
    placement: TablePlacement
    view: Any
    """The state as the viewer may know it (a redacted view): panels read only public facts."""
    names: list[str]
    viewer: int | None
    now: float
    zones: dict[str, list[int]]
    """Every zone at rest (the viewer's knowledge: HIDDEN where unknown)."""
    speed: Callable[[float], float]
    """Scales a timing by the animation-speed setting."""
    sizes: dict[str, int] | None = None
    """Zone sizes at the step the animation has reached, while it plays (None: at rest)."""
    picking: bool = False
    """Decks are fanned across the middle for a blind pick: keep the middle clear."""


class Panel:
    caption_kinds: frozenset[str] = frozenset()
    """Event kinds whose text is shown as a caption over the table as it happens."""
    hold_kinds: ClassVar[dict[str, float]] = {}
    """Event kinds that pause the animation after them (seconds at normal speed), so a step can be
    read before the next one moves."""

    def __init__(self) -> None:
        self.caption = ""
        self.caption_at = 0.0
        self._wrapped: tuple[tuple[str, int, int], list[str]] = (("", 0, 0), [])

    # -- events ------------------------------------------------------------------------------------
    def hold(self, ev: Event, following: list[Event]) -> float:
        """Seconds (at normal speed) the animation waits after ``ev``; ``following`` are the events
        still to come from the same action."""
        return self.hold_kinds.get(ev.kind, 0.0)

    def event(self, ev: Event, sizes: dict[str, int], now: float) -> None:
        """``ev`` happens now; ``sizes`` are the zone sizes just after it."""
        if ev.kind in self.caption_kinds and ev.text:
            self.caption = ev.text[:1].upper() + ev.text[1:]
            self.caption_at = now

    def reset(self) -> None:
        """The table was redrawn from scratch (resize, resume): forget transient marks."""

    # -- drawing -----------------------------------------------------------------------------------
    def status(self, ctx: PanelContext) -> list[str]:
        """Lines for the box at the top of the side column (counts, balances, targets)."""
        return []

    def rotated(self, ctx: PanelContext) -> set[int]:
        """Cards drawn turned 90° where they lie (Cunt-Soul's swapped-in face-up cards)."""
        return set()

    def marks(self, ctx: PanelContext) -> set[int]:
        """Cards of the viewer's own zones to mark with a star (the wildcard rank in a hand)."""
        return set()

    def draw(self, surface: pygame.Surface, ctx: PanelContext) -> None:
        """Over the cards, under the prompt and the buttons."""
        self.draw_caption(surface, ctx)

    def draw_caption(self, surface: pygame.Surface, ctx: PanelContext) -> None:
        if not self.caption or ctx.now - self.caption_at > timings.CAPTION_SHOWN:
            return
        p = ctx.placement
        px = round(p.text_px * 1.05)
        width = max(100, p.middle.w - px * 2)
        if self._wrapped[0] != (self.caption, px, width):  # wrapping measures words: once a caption
            self._wrapped = ((self.caption, px, width), text.wrap(self.caption, px, width, bold=True)[:2])
        lines = self._wrapped[1]
        line_h = round(px * 1.3)
        box_w = (
            max(img.get_width() for img in (text.render(line, px, theme.TEXT, bold=True) for line in lines))
            + px * 2
        )
        box = Rect(0, 0, box_w, line_h * len(lines) + px // 2)
        box.midtop = (p.middle.centerx, p.middle.y)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*theme.PANEL, 220), shade.get_rect(), border_radius=box.h // 3)
        pygame.draw.rect(shade, (*theme.ACCENT, 255), shade.get_rect(), 2, border_radius=box.h // 3)
        surface.blit(shade, box)
        for i, line in enumerate(lines):
            img = text.render(line, px, theme.TEXT, bold=True)
            surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + px // 4 + i * line_h)))


def badge(
    surface: pygame.Surface,
    label: str,
    centre: tuple[int, int],
    px: int,
    fill: theme.Colour = theme.ACCENT,
    ink: theme.Colour = theme.TEXT_DARK,
) -> Rect:
    """A rounded label (a value on a card, a count beside a pile)."""
    img = text.render(label, px, ink, bold=True)
    r = img.get_rect().inflate(px // 2 + 6, 4)
    r.center = centre
    pygame.draw.rect(surface, fill, r, border_radius=r.h // 2)
    pygame.draw.rect(surface, theme.TEXT_DARK, r, 1, border_radius=r.h // 2)
    surface.blit(img, img.get_rect(center=r.center))
    return r


def _factories() -> dict[str, Callable[[], Panel]]:
    from cardtable.ui.panels.cersei import CerseiPanel
    from cardtable.ui.panels.cunt_soul import CuntSoulPanel
    from cardtable.ui.panels.fscking_ace import FsckingAcePanel
    from cardtable.ui.panels.takku_sum import TakkuSumPanel

    return {
        "cunt-soul": CuntSoulPanel,
        "cersei": CerseiPanel,
        "fscking-ace": FsckingAcePanel,
        "takku-sum": TakkuSumPanel,
    }


def panel_for(game_name: str) -> Panel:
    return _factories().get(game_name, Panel)()
