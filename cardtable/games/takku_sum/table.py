"""Takku-Sum's table, after the seed's diagram: piles A (the Wildcard Indicator), B (the Play Pile)
with the Direction marker beside it, C (the Draw Pile) and D (the Discard Pile) in a row across the
middle; each seat's hand, its point cards face down and the cards it drew for first player.

The panel (``TELLER``): the Direction marker, the wildcard rank starred in your hand, each seat's
points against the target, and captions for the rules that fire."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal, cast

from cardtable.engine.protocol import Event
from cardtable.engine.table import (
    Badge,
    CentreZoneSpec,
    HoldKind,
    LayoutSpec,
    Marker,
    SeatZoneSpec,
    Seen,
    TableInfo,
    Teller,
    Tone,
)
from cardtable.games.takku_sum import kinds
from cardtable.games.takku_sum.game import DIRECTION_NAMES, DOWN, UNDECIDED, UP, TakkuSumState, points_of

LAYOUT = LayoutSpec(
    seat_zones=(
        SeatZoneSpec("points", "fan", label="points", width=1.6, face_down=True),
        SeatZoneSpec("minigame", "fan", label="first-player draw", width=1.3),
        SeatZoneSpec("hand", "hand", label="hand"),
    ),
    centre_zones=(
        CentreZoneSpec("wildcard", "stack", label="A · Wildcard"),
        CentreZoneSpec("play", "spread", label="B · Play pile", spread=4),
        CentreZoneSpec("direction", "panel", label="Direction", spread=3),
        CentreZoneSpec("draw", "stack", label="C · Draw pile"),
        CentreZoneSpec("discard", "stack", label="D · Discards"),
    ),
    drag_kinds=frozenset({"play"}),
    hotkeys={"g": ("grace",), "p": ("pass",), "d": ("draw_for_first",), " ": ("draw_for_first",)},
    open_kinds=frozenset({"draw_for_first"}),  # a blind draw: the hand plays no part in it
    deal_from="draw",
    out_when_empty=False,
    banner_kinds=frozenset({kinds.GAME_OVER}),
)

MARKER_SHAPES: dict[int, tuple[Literal["up", "down", "both"], Tone]] = {
    UP: ("up", "go"),
    DOWN: ("down", "hot"),
    UNDECIDED: ("both", "dim"),
}
"""The Direction marker's arrow and colour: both ways while nothing is decided (A19)."""


class TakkuSumTeller(Teller):
    """The large Direction marker beside the Play Pile, the wildcard rank starred on matching cards
    in your hand, each seat's points against the target, captions for the rules that fire (a
    Direction decided or flipped, a grace card, the first-player draw)."""

    captions = frozenset({kinds.DIRECTION, kinds.GRACE, kinds.FAIL, kinds.START, kinds.TIE, kinds.CYCLE,
                          kinds.GAME_OVER})
    holds: ClassVar[Mapping[str, HoldKind]] = {kinds.START: "step", kinds.TIE: "step", kinds.GRACE: "step"}

    def __init__(self) -> None:
        super().__init__()
        self.told: int | None = None
        """The Direction as the animation has told it: while the cards fly the panel describes the
        position they left, and a Direction decided or flipped turned only once everything had
        landed (the wildcard's cycle too), a second after its caption said so."""

    def hear(self, ev: Event, sizes: Mapping[str, int]) -> None:
        if ev.kind == kinds.DIRECTION and isinstance(ev.data, int):
            self.told = ev.data  # every change of the Direction is told (game.py), with its value

    def reset(self) -> None:
        self.told = None

    def describe(self, seen: Seen) -> TableInfo:
        view = cast(TakkuSumState, seen.view)
        target = view.rules.points_to_win
        got = view.point_counts()
        animating = seen.sizes is not None
        direction = self.told if animating and self.told in MARKER_SHAPES else view.direction
        shape, tone = MARKER_SHAPES[direction]
        hand = seen.zones.get(f"hand/{seen.viewer}", ()) if seen.viewer is not None else ()
        return TableInfo(
            status=(f"First to {points_of(target)} wins",
                    *(f"{n}: {g} of {target}" for n, g in zip(seen.names, got, strict=True))),
            badges=tuple(Badge(f"points/{s}", f"{g}/{target} pts", lit=g > 0) for s, g in enumerate(got)),
            marks=view.wild_in(hand),
            mark_label="wild",
            markers=(Marker("direction", shape, DIRECTION_NAMES[direction], tone),),
        )


TELLER = TakkuSumTeller
