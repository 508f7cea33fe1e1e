"""An unfinished match in a player's words, as the title's Continue row and the question before
a new game say it: whose turn it is and how far the match has got ("your turn, 12 moves played").

Imported by the title's first frame, which loads no match model: the match is read through its
attributes, and the store only once a match is loaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.store.matches import Unfinished


def moves_played(moves: int) -> str:
    """How far a match has got, in a player's words."""
    return "no move yet" if moves == 0 else f"{moves} move{'' if moves == 1 else 's'} played"


def whose_turn(found: Unfinished) -> str:
    """Whose turn it is in ``found``: "your turn" where its one person at this screen is to play,
    else the player's name ("Bea to play"); "" if nobody is."""
    from cardtable.store.replay_pass import table_reader

    seat = found.state.to_move
    if seat is None:
        return ""
    return "your turn" if seat == table_reader(found.saved) else f"{found.saved.names[seat]} to play"


def match_words(found: Unfinished) -> str:
    """Whose turn and how far: "your turn, 12 moves played" (a player coming back asks both)."""
    moves = moves_played(len(found.saved.actions))
    turn = whose_turn(found)
    return f"{turn}, {moves}" if turn else moves
