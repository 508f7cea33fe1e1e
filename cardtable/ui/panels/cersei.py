"""Cersei's panel: a caption for every step of a round, value badges on the contesting cards, the
winning card lit, and the Cersei count (0-3) always in view."""

from __future__ import annotations

import math
from typing import ClassVar

import pygame

from cardtable.engine import words
from cardtable.engine.protocol import Event
from cardtable.ui import text, theme, timings
from cardtable.ui.panels import Panel, PanelContext, badge

Rect = pygame.Rect
CERSEI_LIMIT = 3
"""Rule R14: the game ends once Cersei has been played this many times (shown, not enforced)."""

STEP_KINDS = frozenset(
    {
        "values",
        "value",
        "war_check",
        "war",
        "battle_check",
        "battle",
        "win",
        "cersei",
        "king",
        "diplomat",
        "run_out",
        "fallback",
        "cap",
        "benedict",
        "assassin",
        "eunuch",
        "cersei_count",
        "round_over",
        "game_over",
    }
)


class CerseiPanel(Panel):
    caption_kinds = STEP_KINDS | {"move"}
    hold_kinds: ClassVar[dict[str, float]] = {
        k: timings.STEP_HOLD for k in STEP_KINDS - {"cersei_count", "value"}
    }

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[int, tuple[str, int]] = {}
        """Seat to (value shown, contest cards at that moment): the badge sits on the top one."""
        self.pending: dict[str, str] = {}
        """Values by seat name, waiting for the next draw to learn the seats."""
        self.sizes: dict[str, int] = {}
        self.shuffled: dict[str, float] = {}
        """Decks being shuffled, and when it began: each shows a spinning ring for a moment."""
        self.winner: tuple[int, int] | None = None
        """(seat, contest cards) of the round's winning card while it is on the table."""

    def event(self, ev: Event, sizes: dict[str, int], now: float) -> None:
        if ev.kind == "shuffle" and ev.src:
            self.shuffled[ev.src] = now  # a Eunuch: every deck is shuffled
            return
        if ev.kind == "move" and not ev.text:
            if ev.dst == "pot" or ev.src.startswith("contest/"):
                self.values.clear()
                self.pending.clear()  # the round's cards leave the contest spots
                self.winner = None
            return
        super().event(ev, sizes, now)
        if ev.kind == "values" and ev.text.startswith("Values: "):
            # "Values: Ann 7, Bob unbeatable": the participants of this layer, by name.
            self.values = {}
            for part in ev.text[len("Values: ") :].split(", "):
                name, _, value = part.rpartition(" ")
                self.pending[name] = value
            self.sizes = dict(sizes)
        elif ev.seat >= 0 and (ev.kind in ("win", "king", "fallback") or "defeats" in ev.text):
            # The card that decided the round: the highest, a lone King, Cersei, the fallback sum.
            self.winner = (ev.seat, sizes.get(f"contest/{ev.seat}", 0))
        elif ev.kind in ("round_over", "game_over"):
            self.values.clear()
            self.winner = None

    def reset(self) -> None:
        self.values.clear()
        self.winner = None
        self.shuffled.clear()

    def status(self, ctx: PanelContext) -> list[str]:
        count = getattr(ctx.view, "cersei_count", 0)
        sizes = ctx.sizes or {}
        decks = [
            f"{name}: {words.count(sizes.get(f'deck/{s}', len(ctx.zones.get(f'deck/{s}', []))), 'card')}"
            for s, name in enumerate(ctx.names)
        ]
        return [f"Cersei played {count} of {CERSEI_LIMIT}", *decks]

    def draw(self, surface: pygame.Surface, ctx: PanelContext) -> None:
        p = ctx.placement
        px = round(p.text_px * 0.9)
        if self.pending:
            for seat, name in enumerate(ctx.names):
                if name in self.pending:
                    self.values[seat] = (self.pending[name], self.sizes.get(f"contest/{seat}", 0))
            self.pending.clear()
        if self.winner is not None:
            seat, n = self.winner
            rects = p.card_rects(f"contest/{seat}", n)
            if rects:
                glow = rects[-1].inflate(12, 12)
                pygame.draw.rect(surface, theme.DROP_TARGET, glow, 4, border_radius=12)
        for seat, (value, n) in self.values.items():
            rects = p.card_rects(f"contest/{seat}", n)
            if rects:
                top = rects[-1]
                badge(surface, value, (top.centerx, top.bottom - px // 2), px)
        self._draw_shuffles(surface, ctx)
        self.draw_caption(surface, ctx)
        if not ctx.picking:  # the fanned decks take the middle; the count stays in the side box
            self._draw_count(surface, ctx)

    def _draw_count(self, surface: pygame.Surface, ctx: PanelContext) -> None:
        """The Cersei count under the pot: three diamonds, lit red as Cersei is played."""
        p = ctx.placement
        pot = p.zones.get("pot")
        if pot is None:
            return
        count = getattr(ctx.view, "cersei_count", 0)
        px = round(p.text_px * 0.8)
        label = text.render(f"Cersei {count}/{CERSEI_LIMIT}", px, theme.TEXT, bold=True)
        r = max(6, round(px * 0.55))
        width = label.get_width() + r * 2 + CERSEI_LIMIT * r * 2.4
        x = pot.rect.x + pot.card_w / 2 - width / 2
        y = pot.rect.bottom + r * 2
        for i in range(CERSEI_LIMIT):
            cx = x + r + i * r * 2.4
            points = [(cx, y - r), (cx + r * 0.75, y), (cx, y + r), (cx - r * 0.75, y)]
            lit = i < count
            pygame.draw.polygon(surface, theme.ILLEGAL if lit else theme.FELT_DARK, points)
            pygame.draw.polygon(surface, theme.TEXT if lit else theme.FELT_LINE, points, 2)
        surface.blit(label, label.get_rect(midleft=(round(x + CERSEI_LIMIT * r * 2.4 + r), round(y))))

    def _draw_shuffles(self, surface: pygame.Surface, ctx: PanelContext) -> None:
        p = ctx.placement
        for zone, t0 in list(self.shuffled.items()):
            x = (ctx.now - t0) / max(0.05, ctx.speed(timings.STEP_HOLD))
            place = p.zones.get(zone)
            if not 0 <= x < 1 or place is None:
                if x >= 1:
                    del self.shuffled[zone]
                continue
            ring = Rect(place.rect.topleft, (place.card_w, place.card_h)).inflate(14, 14)
            start = x * 2 * math.pi
            pygame.draw.arc(surface, theme.ACCENT, ring, start, start + math.pi * 1.2, 4)
