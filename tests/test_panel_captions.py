"""A caption says what just happened: it goes when its time is up, or soon after another seat moves
(a walk in Fscking Ace read "Bea reverses the direction" over the next two players' moves)."""

from __future__ import annotations

from cardtable.engine.protocol import Event, move_event
from cardtable.games.fscking_ace import kinds
from cardtable.ui import timings
from cardtable.ui.panels import panel_for


def _reversed(panel, now: float) -> None:
    panel.event(Event(kinds.DIRECTION, "Bea reverses the direction", seat=1), {}, now)


def _plays(panel, seat: int, now: float) -> None:
    panel.event(move_event("plays 4♣", (3,), "hand1", "turn", True, seat), {}, now)


def test_a_caption_goes_soon_after_another_seat_moves():
    panel = panel_for("fscking-ace")
    _reversed(panel, 100.0)
    _plays(panel, 2, 100.4)  # Cal
    assert panel.caption_at_time(100.0 + timings.CAPTION_AFTER_NEXT - 0.01) == "Bea reverses the direction"
    assert panel.caption_at_time(100.0 + timings.CAPTION_AFTER_NEXT + 0.01) == ""


def test_a_caption_stays_its_time_while_its_own_seat_moves_on_or_nobody_moves():
    panel = panel_for("fscking-ace")
    _reversed(panel, 100.0)
    _plays(panel, 1, 100.4)  # Bea, whose caption it is
    assert panel.caption_at_time(100.0 + timings.CAPTION_SHOWN - 0.01) == "Bea reverses the direction"
    assert panel.caption_at_time(100.0 + timings.CAPTION_SHOWN + 0.01) == ""


def test_a_late_move_ends_the_caption_at_once():
    panel = panel_for("fscking-ace")
    _reversed(panel, 100.0)
    _plays(panel, 2, 103.0)
    assert panel.caption_at_time(103.01) == ""
