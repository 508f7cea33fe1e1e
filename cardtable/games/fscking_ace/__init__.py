"""Fscking Ace: push your luck, bank your cards, and pray someone else turns the A♠.

Everything about Fscking Ace lives in this folder: game.py, bots.py, search.py, table.py, tips.py,
positions.py, rules.md; ``PARTS`` names each part once."""

from cardtable.engine.parts import GameParts, Tips
from cardtable.games import read_rule_book
from cardtable.games.fscking_ace import lessons, tips
from cardtable.games.fscking_ace.bots import BOTS
from cardtable.games.fscking_ace.game import GAME
from cardtable.games.fscking_ace.review import REVIEW
from cardtable.games.fscking_ace.search import HOOKS, LEVELS
from cardtable.games.fscking_ace.table import LAYOUT, TELLER

PARTS = GameParts(
    game=GAME,
    bots=BOTS,
    hooks=HOOKS,
    levels=LEVELS,
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
