"""The table's log as the game: the lines the viewer's events said, where each move's lines
begin (so undo cuts the log back to before the first move undone), and the log rebuilt from the
match when it jumps where no line was kept (a redo, a continued match)."""

from __future__ import annotations

from cardtable.engine.words import in_second_person
from cardtable.runner.log_lines import deal_line, log_lines
from cardtable.runner.match import Match
from cardtable.ui.table.log import LogView


class GameLog:
    def __init__(self, match: Match, viewer: int | None, continued: bool) -> None:
        self.match = match
        self.lines: list[str] = []
        self.view = LogView(self.lines)
        self.marks: dict[int, int] = {}
        """For each move played at this table, how long the log was before its lines."""
        if continued:  # a match continued: its log so far, as this seat saw it
            kept = match.log_so_far(viewer)   # from the pass that loaded it
            said = [in_second_person(line, match.names) for line in kept or ()]
            self.lines += self.rebuilt(viewer) if kept is None else [self.deal(), *said]

    def deal(self) -> str:
        return deal_line(self.match.names, self.match.dealer)

    def rebuilt(self, viewer: int | None) -> list[str]:
        m = self.match
        return log_lines(m.game, m.names, m.options, m.seed, m.dealer, m.actions, viewer)

    def say(self, line: str) -> None:
        if line:  # (the game says "Ann chooses" of every seat: a seat named You chooses no more)
            self.lines.append(in_second_person(line, self.match.names))

    def moved(self) -> None:
        """The match's last move was just played here: its lines begin now."""
        self.marks[len(self.match.actions) - 1] = len(self.lines)

    def jumped(self, viewer: int | None) -> None:
        """The match jumped (undo, redo): the log is the game up to where it is now."""
        played = len(self.match.actions)
        if played in self.marks:  # undone: the log as it was before the first move undone
            self.view.set_lines(self.lines[: self.marks[played]])
        else:  # redone (or undone past where this table took over): the game's lines again
            self.view.set_lines(self.rebuilt(viewer))
        self.marks = {k: n for k, n in self.marks.items() if k < played}
