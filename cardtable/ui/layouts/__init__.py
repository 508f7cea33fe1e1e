"""Layout descriptions by game name: adding a game to the table means adding one here."""

from __future__ import annotations

from cardtable.ui.layout import LayoutSpec
from cardtable.ui.layouts.cersei import LAYOUT as CERSEI
from cardtable.ui.layouts.cunt_soul import LAYOUT as CUNT_SOUL
from cardtable.ui.layouts.fscking_ace import LAYOUT as FSCKING_ACE
from cardtable.ui.layouts.shithead import LAYOUT as SHITHEAD
from cardtable.ui.layouts.takku_sum import LAYOUT as TAKKU_SUM

LAYOUTS: dict[str, LayoutSpec] = {
    "shithead": SHITHEAD,
    "cunt-soul": CUNT_SOUL,
    "cersei": CERSEI,
    "fscking-ace": FSCKING_ACE,
    "takku-sum": TAKKU_SUM,
}


def layout_for(game_name: str) -> LayoutSpec:
    return LAYOUTS[game_name]
