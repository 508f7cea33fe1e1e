"""The table layout engine: a game's layout description plus the window size give every zone's
place, fan and facing.

A description names the zones of one seat (``down``, ``up`` on ``down``, ``hand``...) and the
shared zones in the middle (``draw``, ``pile``, ``burn``...). The engine seats the viewer at the
bottom and the others clockwise around the table, sizes the cards from the window, and answers
"where does card ``i`` of zone ``z`` go". Nothing here knows a game's rules.
"""

from __future__ import annotations

import pygame

from cardtable.engine.table import LayoutSpec
from cardtable.ui import theme
from cardtable.ui.placement import TablePlacement, ZonePlace
from cardtable.ui.placing import Placer, Spot, largest_scale, opponent_spots

__all__ = ["SIDE_LINE", "SIDE_TEXT", "Spot", "TablePlacement", "ZonePlace", "compute", "fan_in_middle",
           "largest_scale", "opponent_spots"]

Rect = pygame.Rect


def compute(
    spec: LayoutSpec, size: tuple[int, int], players: int, viewer: int = 0, ui_scale: float = 1.0
) -> TablePlacement:
    """Place every zone of a ``players``-seat table with ``viewer`` at the bottom. An Interface
    size too large for the window is taken down to the largest that keeps the cards readable
    (Settings offers no more); a crowded table in a small window takes the text down a size or two
    more (never below the 100 % size's four-fifths) before its seats would overlap or its side
    column could not list every seat."""
    px = theme.text_px(size, min(ui_scale, largest_scale(size)))
    least = round(theme.text_px(size) * 0.8)
    while True:
        placement, seated = _place(spec, size, players, viewer, px)
        if (seated and _side_lists_every_seat(size[1], players, px)) or px <= least:
            return placement
        px = max(least, round(px * 0.9))


SIDE_TEXT = 0.85
"""The side column's text (the log, the panel's status box) as a fraction of the table's."""

SIDE_LINE = 1.35
"""Its line spacing, in its text size."""


def _side_lists_every_seat(height: int, players: int, px: int) -> bool:
    """The side column holds a line per seat (a panel's scores or balance sheet) with its title,
    the menu button above and a few lines of the log below."""
    line = round(round(px * SIDE_TEXT) * SIDE_LINE)
    return (players + 8) * line <= height


def _place(
    spec: LayoutSpec, size: tuple[int, int], players: int, viewer: int, px: int
) -> tuple[TablePlacement, bool]:
    """The table with text of ``px``, and whether every seat found room of its own."""
    placer = Placer(spec, size, players, viewer, px)
    placer.seat_viewer()
    seated = placer.seat_opponents()
    placer.lay_out_middle()
    return placer.placement(), seated


def fan_in_middle(placement: TablePlacement, zones: dict[str, int]) -> None:
    """Re-place ``zones`` as fans in rows across the middle of the table, each card wide enough to
    click: a blind pick from a face-down deck."""
    caption_h = round(placement.text_px * 2.2)  # the caption of the step that asks for the pick
    mid = Rect(
        placement.middle.x, placement.middle.y + caption_h, placement.middle.w, placement.middle.h - caption_h
    )
    label_h = round(placement.text_px * 1.3)
    row_h = (mid.h - label_h * len(zones)) // max(1, len(zones))
    cw = max(theme.MIN_CARD_WIDTH - 8, min(placement.card_w, round(row_h / theme.CARD_ASPECT)))
    ch = round(cw * theme.CARD_ASPECT)
    y = mid.y
    for name, count in zones.items():
        y += label_h
        fw = min(mid.w, cw + round(cw * 0.32 * max(0, count - 1)))
        placement.zones[name] = ZonePlace(
            name, "fan", Rect(mid.centerx - fw // 2, y, fw, ch), cw, ch, label=name
        )
        y += row_h
