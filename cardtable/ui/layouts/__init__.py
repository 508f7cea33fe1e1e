"""Layout descriptions by game name: adding a game to the table means adding one here."""

from __future__ import annotations

from cardtable.ui.layout import LayoutSpec
from cardtable.ui.layouts.shithead import LAYOUT as SHITHEAD

LAYOUTS: dict[str, LayoutSpec] = {"shithead": SHITHEAD}


def layout_for(game_name: str) -> LayoutSpec:
    return LAYOUTS[game_name]
