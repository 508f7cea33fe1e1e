"""Takku-Sum: a climbing game where a Direction (Up, Down or Undecided) says what may follow.

Everything about Takku-Sum lives in this folder: game.py, bots.py, search.py, table.py, tips.py,
positions.py, rules.md; ``PARTS`` names each part once."""

from cardtable.engine.parts import GameParts, Tips
from cardtable.games import read_rule_book
from cardtable.games.takku_sum import lessons, tips
from cardtable.games.takku_sum.bots import BOTS, BeginnerBot
from cardtable.games.takku_sum.game import GAME
from cardtable.games.takku_sum.review import REVIEW
from cardtable.games.takku_sum.search import HOOKS
from cardtable.games.takku_sum.table import LAYOUT, TELLER

PARTS = GameParts(
    game=GAME,
    bots=BOTS,
    hooks=HOOKS,
    levels={"easy": BeginnerBot},
    layout=LAYOUT,
    teller=TELLER,
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
    compiled=(),
    review=REVIEW,
)

__all__ = ["GAME", "PARTS"]
