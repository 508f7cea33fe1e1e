"""Crazy Eights, the test-only sixth game: it lives only here and joins the registry through the
``CARDTABLE_GAMES`` environment variable, proving a game is one folder (issue 13 item 7).

Everything about it lives in this folder: game.py, bots.py, search.py, table.py, tips.py,
positions.py, rules.md and its own tests; ``PARTS`` names each part once."""

from cardtable.engine.parts import GameParts, Tips
from cardtable.games import read_rule_book

from . import tips
from .bots import BOTS
from .game import GAME
from .search import HOOKS
from .table import LAYOUT, TELLER

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
    lessons=(),
    rule_book=read_rule_book(__name__),
    compiled=(),
    review=None,
)

__all__ = ["GAME", "PARTS"]
