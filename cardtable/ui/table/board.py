"""The cards on the table as one viewer may know them, and where each lies.

The board reads the match only through views: ``zones()`` are the viewer's zones, a known card by
its id and a card the viewer may not know by a stand-in key (a negative number naming its place),
so nothing here holds an id its viewer may not know. The key follows the place, the id follows
the card; flights (``tween.Motions``) are keyed the same way, so ``compose`` finds each sprite's
flight by the key it is drawn under.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame

from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import State
from cardtable.engine.seat_events import public_cards
from cardtable.engine.table import LayoutSpec
from cardtable.runner.match import Match
from cardtable.ui import theme
from cardtable.ui.layout import TablePlacement, compute
from cardtable.ui.panels import panel_for
from cardtable.ui.tween import Motions

Rect = pygame.Rect
Zones = dict[str, list[int]]


@dataclass(slots=True)
class Sprite:
    card: int
    """The card's key: its id if the viewer knows it, else its place's stand-in (negative)."""
    zone: str
    index: int
    rect: Rect
    face: int
    """The card shown face up, or HIDDEN for its back."""
    moving: bool = False


def stand_in(zone_no: int, index: int) -> int:
    """The key of an unknown card: its place (zone and index), never an id."""
    return -2 - (zone_no * 1024 + index)


class Board:
    def __init__(self, app, match: Match, spec: LayoutSpec, viewer: int | None, reveal: bool = False) -> None:
        self.app, self.match = app, match
        self.spec = spec
        self.reveal = reveal
        """Every seat's cards face up (the replay viewer), also those a layout lays face down."""
        if reveal:
            self.spec = replace(spec, seat_zones=tuple(replace(z, face_down=False) for z in spec.seat_zones))
        self.panel = panel_for(match.game.name)
        self.players = len(match.seats)
        self.viewer = viewer
        self.placement: TablePlacement | None = None
        self.picked: tuple[str, ...] = ()
        """Zones fanned in the middle for a blind pick."""
        self.motions = Motions()
        self.version = 0
        self._cache: dict[str, tuple[int, object]] = {}
        self._zone_no = {z: i for i, z in enumerate(sorted(match.state.zones()))}
        self.hand_zones = {f"{z.name}/{s}" for z in self.spec.seat_zones if z.style == "hand"
                           for s in range(self.players)}
        self.face_down = {f"{z.name}/" for z in self.spec.seat_zones if z.face_down}
        self.on_top = {f"{z.name}/" for z in self.spec.seat_zones if z.on}
        self.arrange: Callable[[str, list[int]], list[int]] = lambda zone, cards: cards
        """The viewer's own order of a zone (their hand, sorted or dragged: ``HandOrder``)."""

    @property
    def state(self) -> State:
        return self.match.state

    def cached(self, key: str, make: Callable[[], object]) -> object:
        hit = self._cache.get(key)
        if hit is None or hit[0] != self.version:
            hit = (self.version, make())
            self._cache[key] = hit
        return hit[1]

    # -- what the viewer knows ---------------------------------------------------------------------
    def view(self) -> State:
        """What the viewer may know; with no one seated, seat 0's view (panels read only public
        facts from it)."""
        seat = self.viewer if self.viewer is not None else 0
        return self.cached(f"view{seat}", lambda: self.state.view(seat))  # type: ignore[return-value]

    def known(self) -> Zones:
        """The viewer's knowledge of every zone: ids where known, HIDDEN elsewhere."""
        return self.cached(f"known{self.viewer}", self._known)  # type: ignore[return-value]

    def _known(self) -> Zones:
        if self.reveal:
            # Every seat's cards as they are; shared piles as the bottom seat sees them.
            real = self.state.zones()
            return {z: list(real[z]) if "/" in z else list(cs) for z, cs in self.view().zones().items()}
        if self.viewer is not None:
            return {z: list(cs) for z, cs in self.view().zones().items()}
        public = public_cards(self.state)
        return {z: [c if c in public else HIDDEN for c in cs] for z, cs in self.state.zones().items()}

    def zones(self) -> Zones:
        """The viewer's zones with a stand-in key for each card it may not know."""
        return self.cached(f"zones{self.viewer}", self._keyed)  # type: ignore[return-value]

    def _keyed(self) -> Zones:
        zones = {z: self.arrange(z, [c if c != HIDDEN else stand_in(self._zone_no.get(z, 0), i)
                                     for i, c in enumerate(cs)])
                 for z, cs in self.known().items()}
        for z in self.hand_zones:
            if z in zones and not self.own_zone(z) and not self.reveal:
                # An opponent's cards that are known lie on top of their hand, where they show whole.
                zones[z] = sorted(zones[z], key=lambda c: c >= 0)
        return zones

    def known_to_all(self) -> frozenset[int]:
        """The cards in other seats' hands that every seat knows (a picked-up pile, a card shown
        to the table): the table marks them as known. Only cards the viewer sees anyway."""
        return self.cached(f"public{self.viewer}", self._known_to_all)  # type: ignore[return-value]

    def _known_to_all(self) -> frozenset[int]:
        if self.reveal:
            return frozenset()  # the replay shows every hand: nothing to tell apart
        zones = self.known()
        theirs = {c for z in self.hand_zones if not self.own_zone(z) for c in zones.get(z, ()) if c != HIDDEN}
        return frozenset(theirs & public_cards(self.state)) if theirs else frozenset()

    def seen(self) -> set[int]:
        return {c for cs in self.known().values() for c in cs if c != HIDDEN}

    # -- where cards lie ---------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> TablePlacement:
        """Lay the table out afresh for ``size``; the new placement."""
        seat = self.viewer if self.viewer is not None else 0
        placement = self.placement = compute(self.spec, size, self.players, seat, self.app.settings.ui_scale)
        self.picked = ()
        self._cache.pop("rest", None)
        self.motions.clear()  # flying cards land at once where the new layout puts them
        self.panel.reset()
        return placement

    def rest_rects(self) -> dict[int, tuple[str, int, Rect]]:
        return self.cached("rest", lambda: self.rects_for(self.zones()))  # type: ignore[return-value]

    def rects_for(self, zones: Zones) -> dict[int, tuple[str, int, Rect]]:
        assert self.placement is not None
        out: dict[int, tuple[str, int, Rect]] = {}
        for z, cards in zones.items():
            for i, (c, r) in enumerate(zip(cards, self.placement.card_rects(z, len(cards)), strict=False)):
                out[c] = (z, i, r)
        return out

    def own_zone(self, zone: str) -> bool:
        return self.viewer is not None and zone.endswith(f"/{self.viewer}")

    def layered(self) -> list[tuple[str, list[int]]]:
        """Zones bottom first for drawing: a row that lies on another comes after it."""
        zones = self.zones()
        return self.cached(  # type: ignore[return-value]
            f"layered{self.viewer}",
            lambda: sorted(zones.items(), key=lambda item: item[0][: item[0].find("/") + 1] in self.on_top))

    def compose(self, now: float, lifted: Callable[[Sprite], int] | None = None) -> list[Sprite]:
        """Every card to draw this frame, bottom first: resting cards, then flying ones.
        ``lifted`` says how far a resting card rises (selected, focused), if any may."""
        if self.placement is None:
            return []
        rest, moving = [], []
        for z, cards in self.layered():
            down = bool(self.face_down) and z[: z.find("/") + 1] in self.face_down
            for i, (c, r) in enumerate(zip(cards, self.placement.card_rects(z, len(cards)), strict=False)):
                face = HIDDEN if down or c < 0 else c
                at = self.motions.position(c, now)
                if at is None:
                    sprite = Sprite(c, z, i, r, face)
                    rise = lifted(sprite) if lifted is not None else 0
                    if rise:
                        sprite.rect = r.move(0, -rise)
                    rest.append(sprite)
                    continue
                (x, y), width, face_up, turn, shows = at
                shown = face if face_up is None else HIDDEN if not face_up else shows if shows >= 0 else face
                w = width or r.w
                rect = Rect(round(x), round(y), w, round(w * theme.CARD_ASPECT))
                if turn >= 0:  # turning over: the back narrows away, then the face widens in
                    shown = HIDDEN if turn < 0.5 else face
                    rect = rect.inflate(-round(w * (1 - abs(math.cos(math.pi * turn)))), 0)
                moving.append(Sprite(c, z, i, rect, shown, True))
        return rest + moving
