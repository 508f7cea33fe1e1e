"""Shithead, Sainsbury's Winnersh rules (seed 001, rulings in shared/rulings/shithead.md).

Everything about Shithead lives in this folder: game.py, bots.py, search.py, table.py, tips.py,
positions.py, rules.md; ``PARTS`` names each part once."""

from cardtable.engine.parts import GameParts, Tips
from cardtable.engine.table import Teller
from cardtable.games import read_rule_book
from cardtable.games.shithead import lessons, tips
from cardtable.games.shithead.bots import BOTS
from cardtable.games.shithead.game import GAME
from cardtable.games.shithead.review import REVIEW
from cardtable.games.shithead.search import HOOKS
from cardtable.games.shithead.table import LAYOUT

PARTS = GameParts(
    game=GAME,
    bots=BOTS,
    hooks=HOOKS,
    levels={},
    layout=LAYOUT,
    teller=Teller,
    tips=Tips(
        card_tip=tips.card_tip,
        pile_tip=tips.pile_tip,
        hint_reason=tips.hint_reason,
        seat_summary=tips.seat_summary,
        moment=tips.moment,
        notable=tips.NOTABLE,
        counted=tips.COUNTED,
    ),
    lessons=lessons.BOOK,
    rule_book=read_rule_book(__name__),
    # the rules and the bots every playout runs: the playouts' cost (issue 28)
    compiled=("kinds", "game", "bots"),
    review=REVIEW,
)

__all__ = ["GAME", "PARTS"]
