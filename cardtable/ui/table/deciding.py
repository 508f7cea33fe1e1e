"""The table scene's decisions as buttons (the row under the prompt, the decks a pick is made from
fanned across the middle, "Skip to the results" once every person is out) and the hand-over of
the screen between the people at it: the half of the scene that turns a position into what a
person may press, and whose cards show."""

from __future__ import annotations

import pygame

from cardtable.engine.protocol import Action
from cardtable.ui.layout import compute, fan_in_middle
from cardtable.ui.scene import AppLike
from cardtable.ui.table import buttons
from cardtable.ui.table.choices import Choices, Decision
from cardtable.ui.table.choreography import Choreography
from cardtable.ui.table.comforts import Comforts
from cardtable.ui.table.reading import Reading
from cardtable.ui.table.turns import Turns
from cardtable.ui.widgets import Button, Form, OnPress

Rect = pygame.Rect

MISSED_LINES = 4
"""The most lines of what a person missed that the screen handed to them shows."""

SKIP = Decision("Skip to the results", None)
"""Shown once every person at this table is out: the bots finish at once."""


class Deciding(Reading):
    app: AppLike
    choreo: Choreography
    turns: Turns
    comforts: Comforts
    form: Form
    menu_button: Button
    seat_hotkeys: dict[int, str]
    prompt_y: int
    skip_offered: bool
    log: list[str]
    log_seen: dict[int, int]
    """How long the log was when each person at this screen last took it (hot-seat play)."""

    def apply(self, action: Action) -> bool:
        raise NotImplementedError

    def select(self, cards: frozenset[int]) -> None:
        raise NotImplementedError

    def _set_viewer(self, seat: int | None) -> None:
        raise NotImplementedError

    # -- decisions as buttons --------------------------------------------------------------------
    def decision_buttons(self) -> list[Decision]:
        return self.choices().decisions(self.controls.selection) if self.my_turn() else []

    def people_out(self) -> bool:
        """Every person at this table (at the screen or on a phone) is out; the bots play on."""
        spec, zones, state = self.board.spec, self.board.zones(), self.match.state
        people = [s for s in range(len(self.match.seats)) if not self.match.is_bot(s)]
        return (spec.out_when_empty and bool(people) and not state.is_over
                and not any(zones.get(f"{z.name}/{s}") for s in people for z in spec.seat_zones))

    def skip(self) -> None:
        """Finish the bots' play at once: no flights, no thinking pauses, no banners."""
        self.choreo.rushing = self.turns.rush = True
        self._rebuild_buttons()

    def _press(self, d: Decision) -> OnPress:
        if d is SKIP:
            return self.skip
        if d.action is not None:
            action = d.action
            return lambda: self.apply(action)
        return lambda: self.select(d.select)

    def _place_picks(self) -> None:
        """Fan the decks a pick is made from across the middle; put them back once it is made."""
        ch = Choices(self.board.spec, self.board.view(), self.legal() if self.my_turn() else [], {}, 0)
        picks = tuple(sorted({ch.pick_zone(a) for a in ch.pick_actions()}))
        if picks == self.board.picked or self.board.placement is None:
            return
        if self.board.picked:
            seat = self.viewer if self.viewer is not None else 0
            self.board.placement = compute(self.board.spec, self.app.size, self.board.players, seat,
                                           self.app.settings.ui_scale)
        self.board.picked = picks
        if picks:
            zones = self.board.zones()
            fan_in_middle(self.board.placement, {z: len(zones.get(z, ())) for z in picks})

    def _rebuild_buttons(self) -> None:
        self._place_picks()
        p = self.board.placement
        if p is None:
            return
        shown = self.decision_buttons()
        self.skip_offered = not self.choreo.rushing and self.people_out() and self.match.skippable
        if self.skip_offered:
            shown = [SKIP]  # shown while the bots play on, whoever is to move
        row = buttons.lay_out(p, shown, self._press)
        self.form, self.seat_hotkeys, self.prompt_y = row.form, row.seat_hotkeys, row.prompt_y
        lr, px = p.log_rect, p.text_px
        self.menu_button.rect = Rect(lr.x + px // 2, lr.y + px // 2, lr.w - px, round(px * 2))
        self.comforts.lay_out(self.menu_button.rect, px)

    # -- the screen passes between the people at it -------------------------------------------
    def _hand_over(self, seat: int) -> None:
        """A human's turn while another human's cards are showing: pass the screen first, when
        the two may know different things (Cersei hides nothing from anyone: no pass screen). A
        turn that needs no look at one's cards (``open_turn``) is taken with every hand face down,
        without passing: nothing hidden shows (walks saw a pass screen before each draw for first)."""
        open_turn = self.open_turn()
        shared = len(self.match.human_seats) >= 2 and self._private()
        if self.viewer is not None and (open_turn or shared):
            self.log_seen[self.viewer] = len(self.log)  # who had the screen saw the game until now
        if open_turn:
            self._set_viewer(None)
        elif shared:
            self.pass_pending = True
            self._set_viewer(None)
            self.app.push("pass", name=self.match.names[seat], missed=self.missed_by(seat),
                          on_ready=lambda: self.passed_to(seat))
        else:
            self._set_viewer(seat)

    def _private(self) -> bool:
        """Whether the people at this screen may know different cards now."""
        state = self.match.state
        seen = {tuple(sorted((z, tuple(cs)) for z, cs in state.view(s).zones().items()))
                for s in self.match.human_seats}
        return len(seen) > 1

    def missed_by(self, seat: int) -> list[str]:
        """What was played since ``seat`` last had the screen (its last few lines): the log's
        last line alone ("the same value: the Direction flips to Down") read as a fragment and
        left out what the others played."""
        return self.log[self.log_seen.get(seat, 0):][-MISSED_LINES:]

    def passed_to(self, seat: int) -> None:
        self.pass_pending = False
        self._set_viewer(seat)
        self.log_seen[seat] = len(self.log)
