"""Who may sit at a table: the seat counts offered and the names a new seat starts with. The
title (its tiles), the setup and the screenshots read these; none of them is a scene."""

from __future__ import annotations

from typing import Any

MAX_SEATS = 15
"""The most seats the table lays out legibly (at 1280×800 and above)."""

DEFAULT_NAMES = ("Ash", "Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo",
                 "Kit", "Lou", "Max", "Ned", "Oz")
"""Seat names offered at setup, one for each of the table's seats (the first is the human's;
"You" would read badly in the log: "You plays")."""


def seats_offered(game: Any) -> list[int]:
    """The seat counts the setup offers for ``game``: its range, capped at what the table seats
    (an engine may take more for ``cardtable simulate``)."""
    return list(range(game.min_players, min(game.max_players, MAX_SEATS) + 1))
