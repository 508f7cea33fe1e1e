"""Cersei's table: each seat's face-down deck with its count and, in front of it, its contest spot
(the face-up contesting cards and modifier draws) and its war stakes fanned face down; the pot in
the middle. Flip with the button, F or Space; the Assassin's pick is a click on a fanned deck.

The panel (``TELLER``): a caption for every step of a round, value badges on the contesting cards,
the winning card lit, the Cersei count under the pot and each deck's count in the side box."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, cast

from cardtable.engine import words
from cardtable.engine.protocol import Event
from cardtable.engine.table import (
    Badge,
    CentreZoneSpec,
    Glow,
    HoldKind,
    LayoutSpec,
    Meter,
    SeatZoneSpec,
    Seen,
    TableInfo,
    Teller,
)
from cardtable.games.cersei import kinds
from cardtable.games.cersei.game import CERSEI_LIMIT, CerseiState

LAYOUT = LayoutSpec(
    seat_zones=(
        SeatZoneSpec("deck", "stack", label="deck"),
        SeatZoneSpec("contest", "fan", label="in play", width=2.0),
        SeatZoneSpec("war", "fan", label="at stake", width=1.4),
    ),
    centre_zones=(CentreZoneSpec("pot", "fan", label="Pot", spread=6, meter=True),),
    drag_kinds=frozenset(),
    hotkeys={"f": ("flip",), " ": ("flip",)},
    pick_kinds={"assassinate": "deck"},
    card_scale=1.2,
    banner_kinds=frozenset({kinds.GAME_OVER}),
    zone_clicks={"deck": ("flip",)},
)

STEP_KINDS = frozenset(
    {
        kinds.VALUES,
        kinds.VALUE,
        kinds.WAR_CHECK,
        kinds.WAR,
        kinds.BATTLE_CHECK,
        kinds.BATTLE,
        kinds.WIN,
        kinds.CERSEI,
        kinds.KING,
        kinds.DIPLOMAT,
        kinds.RUN_OUT,
        kinds.FALLBACK,
        kinds.CAP,
        kinds.BENEDICT,
        kinds.ASSASSIN,
        kinds.EUNUCH,
        kinds.CERSEI_COUNT,
        kinds.ROUND_OVER,
        kinds.GAME_OVER,
    }
)
"""The steps of a round's resolution: each is captioned and (but a count or a value) held."""


class CerseiTeller(Teller):
    """A caption for every step of a round, value badges on the contesting cards, the winning card
    lit, a ring round every deck a Eunuch shuffles, and the Cersei count (rule R14) always in view."""

    captions = STEP_KINDS | {kinds.MOVE}
    holds: ClassVar[Mapping[str, HoldKind]] = {
        k: "step" for k in STEP_KINDS - {kinds.CERSEI_COUNT, kinds.VALUE}
    }
    spins = frozenset({kinds.SHUFFLE})

    def __init__(self) -> None:
        self.values: dict[int, tuple[str, int]] = {}
        """Seat to (value shown, contest cards at that moment): the badge sits on the top one."""
        self.winner: tuple[int, int] | None = None
        """(seat, contest cards) of the round's winning card while it is on the table."""

    def hear(self, ev: Event, sizes: Mapping[str, int]) -> None:
        data = ev.data if isinstance(ev.data, Mapping) else {}
        if ev.kind == kinds.MOVE and not ev.text:
            if ev.dst == "pot" or ev.src.startswith("contest/"):
                self.reset()  # the round's cards leave the contest spots
            return
        if ev.kind == kinds.VALUES and "by_seat" in data:
            # the participants of this layer and their values, by seat (never read from the text:
            # a player's name may hold a comma or a space)
            unbeatable, by_seat = data["unbeatable"], data["by_seat"]
            self.values = {s: ("unbeatable" if s == unbeatable else str(by_seat[s]),
                               sizes.get(f"contest/{s}", 0)) for s in data["in_play"]}
        elif "winner" in data:
            # The card that decided the round: the highest, a lone King, Cersei, the fallback sum.
            seat = data["winner"]
            self.winner = (seat, sizes.get(f"contest/{seat}", 0))
        elif ev.kind in (kinds.ROUND_OVER, kinds.GAME_OVER):
            self.values.clear()
            self.winner = None

    def reset(self) -> None:
        self.values.clear()
        self.winner = None

    def describe(self, seen: Seen) -> TableInfo:
        view = cast(CerseiState, seen.view)
        count = view.cersei_count
        decks = [f"{name}: {words.count(seen.size(f'deck/{s}'), 'card')}"
                 for s, name in enumerate(seen.names)]
        return TableInfo(
            status=(f"Cersei played {count} of {CERSEI_LIMIT}", *decks),
            badges=tuple(Badge(f"contest/{s}", v, on_top=n) for s, (v, n) in self.values.items()),
            glows=() if self.winner is None else (Glow(f"contest/{self.winner[0]}", self.winner[1]),),
            meters=(Meter("pot", f"Cersei {count}/{CERSEI_LIMIT}", count, CERSEI_LIMIT),),
            waiting=view.waiting(),  # a phone said "Ash to play" while Ash's Assassin picked from it
        )


TELLER = CerseiTeller
