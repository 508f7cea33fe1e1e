"""Cersei: War with renamed cards and special powers (seed 002, rulings ../shared/rulings/cersei.md).

Everything about Cersei lives in this folder: game.py, bots.py, search.py, table.py, tips.py,
positions.py, rules.md; ``PARTS`` names each part once."""

from cardtable.engine.parts import GameParts, Tips
from cardtable.games import read_rule_book
from cardtable.games.cersei import lessons, tips
from cardtable.games.cersei.bots import BOTS
from cardtable.games.cersei.game import GAME
from cardtable.games.cersei.review import REVIEW
from cardtable.games.cersei.search import HOOKS
from cardtable.games.cersei.table import LAYOUT, TELLER

PARTS = GameParts(
    game=GAME,
    bots=BOTS,
    hooks=HOOKS,
    levels={},
    layout=LAYOUT,
    teller=TELLER,
    tips=Tips(
        card_tip=tips.card_tip,
        pile_tip=tips.pile_tip,
        hint_reason=tips.hint_reason,
        seat_summary=tips.seat_summary,
        moment=None,
        notable=tips.NOTABLE,
        counted=tips.COUNTED,
    ),
    lessons=lessons.BOOK,
    rule_book=read_rule_book(__name__),
    compiled=(),
    review=REVIEW,
)

__all__ = ["GAME", "PARTS"]
