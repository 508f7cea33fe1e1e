"""The side panel: what a game shows besides its cards, drawn from its description.

Each game tells its panel as data (its ``table.py``'s ``Teller``: status lines, badges, marks,
turned cards, a direction marker, a settlement sheet, captions and holds for event kinds); this
package draws any such description and knows no game. The table calls these hooks and nothing else.
"""

from __future__ import annotations

import pygame

from cardtable.engine.protocol import MOVE, Event, Game
from cardtable.engine.table import HoldKind, Seen, TableInfo, Teller
from cardtable.engine.words import in_second_person
from cardtable.games import get_game, teller_of
from cardtable.ui import timings
from cardtable.ui.panels.context import PanelContext
from cardtable.ui.panels.draw import badge, draw_info

__all__ = ["Panel", "PanelContext", "badge", "panel_for"]

HOLD_SECONDS: dict[HoldKind, float] = {
    "": 0.0,
    "step": timings.STEP_HOLD,
    "settlement": timings.SETTLEMENT_HOLD,
}
"""A game's hold kinds in seconds at normal speed: timings live in one place, the game names them."""


class Panel:
    """Draws a game's ``Teller``: it passes the events on, keeps the caption and the spinning
    rings (timings are the table's), and asks for a description once per change of what it reads."""

    def __init__(self, teller: Teller | None = None) -> None:
        self.teller = teller if teller is not None else Teller()
        self.caption = ""
        self.caption_at = 0.0
        self.caption_seat = -1
        self.caption_until = 0.0
        """When the caption goes: its time is up, or soon after another seat moves."""
        self.spinning: dict[str, float] = {}
        """Zones with a ring spinning round them (a deck shuffled), and when it began."""
        self._heard = 0
        self._key: tuple[object, ...] | None = None
        self._info = TableInfo()

    # -- events ------------------------------------------------------------------------------------
    def hold(self, ev: Event, following: list[Event]) -> float:
        """Seconds (at normal speed) the animation waits after ``ev``; ``following`` are the events
        still to come from the same action."""
        return HOLD_SECONDS[self.teller.hold(ev, following)]

    def event(self, ev: Event, sizes: dict[str, int], now: float) -> None:
        """``ev`` happens now; ``sizes`` are the zone sizes just after it."""
        if ev.kind in self.teller.spins and ev.src:
            self.spinning[ev.src] = now
        if ev.kind == MOVE and ev.seat >= 0 and ev.seat != self.caption_seat:
            # Left up while the next players move, "Bea reverses the direction" reads as if about
            # their moves: it stays long enough to be read, no longer.
            soon = max(now, self.caption_at + timings.CAPTION_AFTER_NEXT)
            self.caption_until = min(self.caption_until, soon)
        if ev.kind in self.teller.captions and ev.text:
            self.caption = ev.text[:1].upper() + ev.text[1:]
            self.caption_at, self.caption_seat = now, ev.seat
            self.caption_until = now + timings.CAPTION_SHOWN
        self.teller.hear(ev, sizes)
        self._heard += 1

    def reset(self) -> None:
        """The table was redrawn from scratch (resize, resume): forget transient marks."""
        self.teller.reset()
        self.spinning.clear()
        self._heard += 1

    # -- what the game describes ---------------------------------------------------------------------
    def info(self, ctx: PanelContext) -> TableInfo:
        """The game's description for ``ctx``: worked out again only when the view, the zones, the
        animation's step or what the panel heard changed (the table asks several times a frame)."""
        k = self._key
        if (
            k is None
            or k[0] is not ctx.view
            or k[1] is not ctx.zones
            or k[2] is not ctx.sizes
            or k[3] != self._heard
            or k[4] != ctx.viewer
            or k[5] != ctx.names
        ):
            self._info = self.teller.describe(Seen(ctx.view, ctx.names, ctx.viewer, ctx.zones, ctx.sizes))
            self._key = (ctx.view, ctx.zones, ctx.sizes, self._heard, ctx.viewer, ctx.names)
        return self._info

    def status(self, ctx: PanelContext) -> list[str]:
        """Lines for the box at the top of the side column (counts, balances, targets)."""
        return list(self.info(ctx).status)

    def rotated(self, ctx: PanelContext) -> frozenset[int]:
        """Cards drawn turned 90° where they lie."""
        return self.info(ctx).rotated

    def marks(self, ctx: PanelContext) -> frozenset[int]:
        """Cards of the viewer's own zones to mark with a star and ``mark_label``."""
        return self.info(ctx).marks

    def mark_label(self, ctx: PanelContext) -> str:
        return self.info(ctx).mark_label

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, ctx: PanelContext) -> list[pygame.Rect]:
        """Over the cards, under the prompt and the buttons. Where its badges went."""
        caption = in_second_person(self.caption_at_time(ctx.now), ctx.names)
        return draw_info(surface, ctx, self.info(ctx), self.spinning, caption)

    def caption_at_time(self, now: float) -> str:
        """The caption over the table at ``now`` ("" once it has gone)."""
        return self.caption if now <= self.caption_until else ""


def panel_for(game: Game | str) -> Panel:
    """The panel of a table showing ``game`` (a game or its registered name)."""
    return Panel(teller_of(get_game(game) if isinstance(game, str) else game))
