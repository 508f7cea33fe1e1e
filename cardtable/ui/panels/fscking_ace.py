"""Fscking Ace's panel: each seat's banked value beside its pile, the balance sheet, the direction of
play around the pack, and the settlement screen after the A♠: who pays whom, how much and why.

It reads the public facts of the view (balances, tallies, the last round's settlement) and uses the
game's own display helpers for values and money, so no rule is written twice.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import pygame

from cardtable.engine.protocol import Event
from cardtable.games.fscking_ace.game import money_text, tally_value
from cardtable.ui import text, theme, timings
from cardtable.ui.panels import Panel, PanelContext, badge

Rect = pygame.Rect
BETWEEN_ROUNDS = 1
"""The view's ``phase`` while the opener decides to deal on or end the sitting."""


class FsckingAcePanel(Panel):
    caption_kinds = frozenset({"spade", "ace", "direction", "round_over", "sitting_over"})
    hold_kinds: ClassVar[dict[str, float]] = {
        "round_over": timings.SETTLEMENT_HOLD,  # whoever opens next, the table reads it first
        "spade": timings.STEP_HOLD,
        "ace": timings.STEP_HOLD,
        "direction": timings.STEP_HOLD,
    }

    def __init__(self) -> None:
        super().__init__()
        self.settlement: dict[str, Any] | None = None
        """The last round's settlement, shown from the A♠ until the next round is shuffled."""
        self.shown: dict[str, Any] | None = None
        """The settlement the last frame drew (None when it drew none): tests read this."""

    def event(self, ev: Event, sizes: dict[str, int], now: float) -> None:
        super().event(ev, sizes, now)
        if ev.kind == "round_over" and isinstance(ev.data, dict):
            self.settlement = ev.data
        elif ev.kind in ("shuffle", "sitting_over"):
            self.settlement = None

    def _money(self, ctx: PanelContext, cents: int) -> str:
        return money_text(cents, ctx.view.rules.money)

    def status(self, ctx: PanelContext) -> list[str]:
        view = ctx.view
        order = sorted(range(len(ctx.names)), key=lambda s: -view.balances[s])
        lines = [f"Balance sheet · round {view.round_no + (0 if view.phase == BETWEEN_ROUNDS else 1)}"]
        for s in order:
            b = view.balances[s]
            lines.append(f"{ctx.names[s]}: {'+' if b > 0 else ''}{self._money(ctx, b)}")
        return lines

    def draw(self, surface: pygame.Surface, ctx: PanelContext) -> None:
        view = ctx.view
        p = ctx.placement
        px = round(p.text_px * 0.8)
        red2 = view.rules.red_two_doubles_itself
        for s in range(len(ctx.names)):
            place = p.zones.get(f"scored/{s}")
            if place is None:
                continue
            cards = len(ctx.zones.get(f"scored/{s}", ()))
            value = tally_value(view.tallies[s], red2) * 100
            label = f"{cards} · {self._money(ctx, value)}" if cards else "0 · " + self._money(ctx, 0)
            badge(
                surface,
                label,
                (place.rect.x + place.card_w // 2, place.rect.bottom - px),
                px,
                theme.ACCENT if cards else theme.PLATE,
                theme.TEXT_DARK if cards else theme.TEXT_DIM,
            )
        self._draw_direction(surface, ctx)
        data = None
        if view.phase == BETWEEN_ROUNDS and view.last_round:
            data = view.last_round
        elif self.settlement is not None:
            data = self.settlement
        self.shown = data if data is not None and data.get("rows") is not None else None
        if self.shown is not None:
            self._draw_settlement(surface, ctx, self.shown)  # it tells what the caption would
        else:
            self.draw_caption(surface, ctx)

    def _draw_direction(self, surface: pygame.Surface, ctx: PanelContext) -> None:
        """A circular arrow: clockwise or, after a 7♠, counter-clockwise."""
        place = ctx.placement.zones.get("direction")
        if place is None:
            return
        clockwise = ctx.view.direction == 1
        r = place.rect
        radius = min(r.w, r.h) // 2 - 6
        c = r.center
        colour = theme.ACCENT if clockwise else theme.ILLEGAL
        box = Rect(0, 0, radius * 2, radius * 2)
        box.center = c
        pygame.draw.arc(surface, colour, box, math.radians(110), math.radians(430), max(3, radius // 6))
        # the arrowhead at the arc's end: screen y grows downward, so angles run counter-clockwise
        end = math.radians(110 if clockwise else 70)
        tip = (c[0] + radius * math.cos(end), c[1] - radius * math.sin(end))
        d = 1 if clockwise else -1  # the head points along the way round at the arc's end
        size = radius * 0.45
        head = [
            (tip[0] + d * size * 0.9, tip[1]),
            (tip[0] - d * size * 0.3, tip[1] - size * 0.7),
            (tip[0] - d * size * 0.3, tip[1] + size * 0.7),
        ]
        pygame.draw.polygon(surface, colour, head)
        word = "clockwise" if clockwise else "counter-clockwise"
        img = text.render(word, round(ctx.placement.text_px * 0.75), colour, bold=True)
        surface.blit(img, img.get_rect(midtop=(c[0], r.bottom + 2)))

    def _draw_settlement(self, surface: pygame.Surface, ctx: PanelContext, data: dict[str, Any]) -> None:
        """Who pays whom, how much and why: one row per seat, the loser's 2♠ and the bonus spelt out."""
        p = ctx.placement
        px = p.text_px
        names = ctx.names
        money = data.get("money", "dollars")
        loser = data.get("loser")
        cols = ("", "cards", "pile", "doublers", "stake", "bonus", "paid")
        rows = []
        for row in data["rows"]:
            s = row["seat"]
            doublers = []
            if row["red_twos"]:
                doublers.append(f"red 2 ×{row['red_twos']}")
            if row["club_twos"]:
                doublers.append(f"2♣ ×{row['club_twos']}")
            if row["spade_twos"] and s == loser:  # only the loser's 2♠ doubles (the payments)
                doublers.append(f"2♠ ×{row['spade_twos']}")
            paid = row["paid"]
            rows.append(
                (
                    names[s],
                    str(row["cards"]),
                    money_text(row["value"], money),
                    ", ".join(doublers) or "–",
                    money_text(row["stake"], money) if s != loser else "–",
                    money_text(row["bonus"], money) if row["bonus"] else "–",
                    ("pays " if paid < 0 else "+") + money_text(abs(paid), money),
                )
            )
        title = f"Round {data['round']} settled"
        lines = []
        if loser is not None:
            total = money_text(data["total"], money)
            title = f"Round {data['round']}: {names[loser]} turned the A♠ and pays {total}"
            lines.append("Each other player gets their pile's value plus the stake.")
            lines.append(
                f"Most cards ({data['most_cards']}): {', '.join(names[s] for s in data['bonus_seats'])}"
                f" — bonus {money_text(data['bonus'], money)}"
                + (" shared" if len(data["bonus_seats"]) > 1 else "")
            )
            if data["spade_twos"]:
                lines.append(
                    f"{names[loser]} kept {data['spade_twos']} 2♠: every payment ×{data['multiplier']}"
                )
        else:
            lines.append("The pack ran out without the A♠: nobody pays.")
        small = round(px * 0.9)
        widths = [
            max(text.text_size(r[i], small)[0] for r in (*rows, cols)) + small for i in range(len(cols))
        ]
        line_h = round(small * 1.5)
        w = max(
            sum(widths),
            text.text_size(title, px, bold=True)[0],
            *(text.text_size(x, small)[0] for x in lines),
        )
        w = min(w + px * 2, p.table_rect.w - px * 2)
        h = px * 2 + line_h * (len(rows) + 1) + line_h * len(lines) + px
        box = Rect(0, 0, w, h)
        box.center = (p.table_rect.centerx, p.middle.centery)
        box.clamp_ip(p.table_rect.inflate(-px, -px))
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=12)
        img = text.render(title, px, theme.ACCENT, bold=True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + px // 2)))
        y = box.y + px * 2
        scale = min(1.0, (box.w - px) / sum(widths))
        for r_i, row in enumerate((cols, *rows)):
            x = box.x + px // 2
            is_loser = r_i > 0 and data["rows"][r_i - 1]["seat"] == loser
            colour = theme.TEXT_DIM if r_i == 0 else theme.ILLEGAL if is_loser else theme.TEXT
            for i, cell in enumerate(row):
                cimg = text.render(cell, small, colour, bold=i == 0 or i == len(row) - 1)
                surface.blit(cimg, (x, y))
                x += round(widths[i] * scale)
            y += line_h
        for line in lines:
            limg = text.render(line, small, theme.TEXT_DIM)
            surface.blit(limg, (box.x + px // 2, y))
            y += line_h
