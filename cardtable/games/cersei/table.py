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
    banner_kinds=frozenset({"game_over"}),
)

STEP_KINDS = frozenset(
    {
        "values",
        "value",
        "war_check",
        "war",
        "battle_check",
        "battle",
        "win",
        "cersei",
        "king",
        "diplomat",
        "run_out",
        "fallback",
        "cap",
        "benedict",
        "assassin",
        "eunuch",
        "cersei_count",
        "round_over",
        "game_over",
    }
)
"""The steps of a round's resolution: each is captioned and (but a count or a value) held."""


class CerseiTeller(Teller):
    """A caption for every step of a round, value badges on the contesting cards, the winning card
    lit, a ring round every deck a Eunuch shuffles, and the Cersei count (rule R14) always in view."""

    captions = STEP_KINDS | {"move"}
    holds: ClassVar[Mapping[str, HoldKind]] = {k: "step" for k in STEP_KINDS - {"cersei_count", "value"}}
    spins = frozenset({"shuffle"})

    def __init__(self) -> None:
        self.values: dict[int, tuple[str, int]] = {}
        """Seat to (value shown, contest cards at that moment): the badge sits on the top one."""
        self.pending: dict[str, str] = {}
        """Values by seat name, waiting for a description to learn the seats."""
        self.sizes: Mapping[str, int] = {}
        self.winner: tuple[int, int] | None = None
        """(seat, contest cards) of the round's winning card while it is on the table."""

    def hear(self, ev: Event, sizes: Mapping[str, int]) -> None:
        if ev.kind == "move" and not ev.text:
            if ev.dst == "pot" or ev.src.startswith("contest/"):
                self.reset()  # the round's cards leave the contest spots
            return
        if ev.kind == "values" and ev.text.startswith("Values: "):
            # "Values: Ann 7, Bob unbeatable": the participants of this layer, by name.
            self.values = {}
            for part in ev.text[len("Values: ") :].split(", "):
                name, _, value = part.rpartition(" ")
                self.pending[name] = value
            self.sizes = dict(sizes)
        elif ev.seat >= 0 and (ev.kind in ("win", "king", "fallback") or "defeats" in ev.text):
            # The card that decided the round: the highest, a lone King, Cersei, the fallback sum.
            self.winner = (ev.seat, sizes.get(f"contest/{ev.seat}", 0))
        elif ev.kind in ("round_over", "game_over"):
            self.values.clear()
            self.winner = None

    def reset(self) -> None:
        self.values.clear()
        self.pending.clear()
        self.winner = None

    def describe(self, seen: Seen) -> TableInfo:
        if self.pending:
            for seat, name in enumerate(seen.names):
                if name in self.pending:
                    self.values[seat] = (self.pending[name], self.sizes.get(f"contest/{seat}", 0))
            self.pending.clear()
        count = cast(CerseiState, seen.view).cersei_count
        decks = [f"{name}: {words.count(seen.size(f'deck/{s}'), 'card')}"
                 for s, name in enumerate(seen.names)]
        return TableInfo(
            status=(f"Cersei played {count} of {CERSEI_LIMIT}", *decks),
            badges=tuple(Badge(f"contest/{s}", v, on_top=n) for s, (v, n) in self.values.items()),
            glows=() if self.winner is None else (Glow(f"contest/{self.winner[0]}", self.winner[1]),),
            meters=(Meter("pot", f"Cersei {count}/{CERSEI_LIMIT}", count, CERSEI_LIMIT),),
        )


TELLER = CerseiTeller
