"""Cunt-Soul (seed 000, rulings in shared/rulings/cunt-soul.md, pile diagram 000_cs-layout.png).

Everything about Cunt-Soul lives in this folder: game.py, bots.py, search.py, table.py, tips.py,
positions.py, rules.md; ``PARTS`` names each part once."""

from cardtable.engine.parts import GameParts, Tips
from cardtable.games import read_rule_book
from cardtable.games.cunt_soul import lessons, tips
from cardtable.games.cunt_soul.bots import BOTS
from cardtable.games.cunt_soul.game import GAME
from cardtable.games.cunt_soul.review import REVIEW
from cardtable.games.cunt_soul.search import HOOKS
from cardtable.games.cunt_soul.table import LAYOUT, TELLER

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
    # the rules, the bots and what they use on every move: the playouts' cost (issue 28)
    compiled=("asks", "kinds", "moves", "links", "field_abilities", "state", "words", "legal", "turn",
              "abilities", "play", "game", "bots"),
    review=REVIEW,
)

__all__ = ["GAME", "PARTS"]
