"""Takku-Sum's panel: the large Direction marker beside the Play Pile, the wildcard rank starred on
matching cards in your hand, each seat's points against the target, captions for the rules that
fire (a Direction decided or flipped, a grace card, the first-player draw)."""

from __future__ import annotations

from typing import ClassVar

import pygame

from cardtable.engine.cards import RANK
from cardtable.ui import text, theme, timings
from cardtable.ui.panels import Panel, PanelContext, badge

Rect = pygame.Rect

UP, DOWN = 1, -1
"""The view's ``direction``: 1 Up, -1 Down, 0 Undecided."""


class TakkuSumPanel(Panel):
    caption_kinds = frozenset({"direction", "grace", "fail", "start", "tie", "cycle", "game_over"})
    hold_kinds: ClassVar[dict[str, float]] = {
        "start": timings.STEP_HOLD,
        "tie": timings.STEP_HOLD,
        "grace": timings.STEP_HOLD,
    }

    def status(self, ctx: PanelContext) -> list[str]:
        target = ctx.view.rules.points_to_win
        lines = [f"First to {target} points wins"]
        for s, name in enumerate(ctx.names):
            got = len(ctx.zones.get(f"points/{s}", ()))
            lines.append(f"{name}: {got} of {target}")
        return lines

    def marks(self, ctx: PanelContext) -> set[int]:
        """The viewer's cards of the wildcard rank (the indicator's rank is wild)."""
        indicator = ctx.zones.get("wildcard", [])
        if ctx.viewer is None or not indicator:
            return set()
        wild = RANK[indicator[-1]]
        return {c for c in ctx.zones.get(f"hand/{ctx.viewer}", []) if c >= 0 and RANK[c] == wild}

    def draw(self, surface: pygame.Surface, ctx: PanelContext) -> None:
        p = ctx.placement
        target = ctx.view.rules.points_to_win
        px = round(p.text_px * 0.8)
        for s in range(len(ctx.names)):
            place = p.zones.get(f"points/{s}")
            if place is not None:
                got = len(ctx.zones.get(f"points/{s}", ()))
                badge(
                    surface,
                    f"{got}/{target} pts",
                    (place.rect.x + place.card_w // 2, place.rect.bottom - px),
                    px,
                    theme.ACCENT if got else theme.PLATE,
                    theme.TEXT_DARK if got else theme.TEXT_DIM,
                )
        self._draw_direction(surface, ctx)
        self.draw_caption(surface, ctx)

    def _draw_direction(self, surface: pygame.Surface, ctx: PanelContext) -> None:
        place = ctx.placement.zones.get("direction")
        if place is None:
            return
        d = ctx.view.direction
        r = place.rect
        colour = {UP: theme.LEGAL, DOWN: theme.BURN_FLASH}.get(d, theme.TEXT_DIM)
        plate = r.inflate(-4, 0)
        pygame.draw.rect(surface, theme.FELT_DARK, plate, border_radius=plate.w // 5)
        pygame.draw.rect(surface, colour, plate, 3, border_radius=plate.w // 5)
        cx, cy = plate.centerx, plate.y + plate.h * 0.42
        s = min(plate.w, plate.h) * 0.3
        if d == 0:
            for sign in (-1, 1):  # both ways: nothing decided yet
                tip = cy + sign * s * 1.1
                pygame.draw.polygon(
                    surface,
                    colour,
                    [(cx, tip), (cx - s * 0.7, tip - sign * s * 0.8), (cx + s * 0.7, tip - sign * s * 0.8)],
                )
        else:
            sign = -1 if d == UP else 1
            tip = cy + sign * s * 1.2
            pygame.draw.polygon(
                surface, colour, [(cx, tip), (cx - s, tip - sign * s), (cx + s, tip - sign * s)]
            )
            pygame.draw.rect(
                surface,
                colour,
                Rect(cx - s * 0.35, min(tip - sign * s, cy - sign * s * 1.1), s * 0.7, s * 1.3),
            )
        word = {UP: "Up", DOWN: "Down"}.get(d, "Undecided")
        px = round(ctx.placement.text_px * 1.1)
        while px > 10 and text.text_size(word, px, bold=True)[0] > plate.w - 10:
            px -= 1
        img = text.render(word, px, colour, bold=True)
        surface.blit(img, img.get_rect(midbottom=(cx, plate.bottom - 6)))
