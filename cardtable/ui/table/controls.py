"""The table's input: the project's input events become gestures (these cards onto that place,
a click on this card, this key), and ``choices`` says what each means.

The controls hold what the hand is doing (the selection, the keyboard focus, a drag) and hit-test
the board; they decide no rule. What a gesture means comes back from ``Choices`` as an action, a
selection with a hint, or a refusal with its reason; the controls hand it, with the cards it is
about, to the one callback they were given (the table carries it out, says it or flies it back).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cardtable.engine.cards import HIDDEN
from cardtable.ui import theme
from cardtable.ui.input import Click, DragMove, DragStart, Drop, InputEvent, Key, PointerMove, best_drop
from cardtable.ui.table.board import Sprite
from cardtable.ui.table.choices import Refusal, Select
from cardtable.ui.table.seam import FlyBack, Gesture, NotNow, Playing

Rect = pygame.Rect
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
WAITS = frozenset({*ENTER, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN})
"""Keys that wait for flying cards to land: moving the focus over the cards and taking them."""
CARD_KEYS = "Left and Right move between your cards, Space chooses one and Enter plays"
"""How the cards are played without the pointer (said by How to play, and by Enter before any
card is chosen)."""


@dataclass
class Drag:
    cards: list[int]
    grab: tuple[int, int]
    """Pointer offset inside the first dragged card."""
    pos: tuple[int, int]
    target: str | None = None
    before: frozenset[int] = frozenset()
    """The selection before the drag picked these cards up: a refused drop puts it back."""


class Controls:
    def __init__(self, scene: Playing, on_gesture: Callable[[Gesture, Rect | None], bool]) -> None:
        """``on_gesture`` carries out what a gesture meant, near that place; True if a move was made."""
        self.scene = scene
        self.board = scene.board
        self.on_gesture = on_gesture
        self.selection: frozenset[int] = frozenset()
        self.focus: int | None = None
        self.drag: Drag | None = None
        self.pointer: tuple[int, int] = (-1, -1)
        self.queued: Key | None = None
        """A key pressed while cards were flying, handled once they land."""

    def reset(self) -> None:
        self.selection, self.focus, self.drag = frozenset(), None, None

    # -- hit tests -------------------------------------------------------------------------------
    def card_at(self, pos: tuple[int, int]) -> Sprite | None:
        for s in reversed(self.scene.compose(self.scene.app_time())):
            if s.rect.collidepoint(pos) and not s.moving:
                return s
        return None

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        p = self.board.placement
        assert p is not None
        for seat, r in p.seat_areas.items():
            if r.collidepoint(pos) or p.plates[seat].collidepoint(pos):
                return seat
        return None

    def places(self) -> dict[str, Rect]:
        """Every place a card may be dropped on: the middle, and the viewer's own rows and piles."""
        p = self.board.placement
        assert p is not None
        out = {z.name: p.zones[z.name].rect for z in self.board.spec.centre_zones
               if z.name in p.zones and z.style != "panel"}
        if self.board.viewer is not None:
            spec = self.board.spec
            under = {z.on for z in spec.seat_zones if z.on}  # a row another lies on: the top one counts
            for z in spec.seat_zones:
                name = f"{z.name}/{self.board.viewer}"
                if name in p.zones and z.style != "hand" and z.name not in under:
                    rect = p.zones[name].rect
                    out[name] = rect.union(p.zones[f"{z.on}/{self.board.viewer}"].rect) if z.on else rect
        return out

    def zone_at(self, pos: tuple[int, int]) -> str | None:
        return next((z for z, r in self.places().items() if r.collidepoint(pos)), None)

    def takeable(self, sprite: Sprite) -> bool:
        """A face-up card in the viewer's hand: it may be picked up and tried even when illegal."""
        board = self.board
        return sprite.zone in board.hand_zones and board.own_zone(sprite.zone) and sprite.face != HIDDEN

    # -- events ----------------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        scene, now = self.scene, self.scene.app_time()
        if isinstance(event, PointerMove):
            self.pointer = event.pos
            scene.form.handle(event)
            return
        if scene.busy(now) or not scene.my_turn():
            self._locked(event, now)
            return
        if isinstance(event, Key):
            self.key(event)
        elif isinstance(event, Click):
            self.click(event)
        elif isinstance(event, DragStart):
            self.drag_start(event)
        elif isinstance(event, DragMove) and self.drag is not None:
            self.drag.pos = self.pointer = event.pos
            self.drag.target = self.drop_target()
        elif isinstance(event, Drop) and self.drag is not None:
            self.drag.pos = event.pos
            self.drop()

    def _locked(self, event: InputEvent, now: float) -> None:
        """Input while cards fly or another seat is to move: a drag flies back; a key pressed
        while cards fly waits for them to land; a click out of turn says whose turn it is, once."""
        scene = self.scene
        if isinstance(event, Drop) and self.drag is not None:
            drag, rect = self.drag, self.drag_rect()
            self.drag = None
            self.on_gesture(FlyBack(tuple(drag.cards), rect), rect)
        if scene.busy(now):
            if isinstance(event, Key) and scene.my_turn() and event.key in WAITS:
                self.queued = event  # a digit or a letter would act on buttons not shown yet
            return
        name = scene.to_move_name()
        if isinstance(event, (Click, Key, DragStart)) and name is not None:
            self.on_gesture(NotNow(name), None)

    def landed(self) -> None:
        """The cards have landed: a key pressed meanwhile takes effect now."""
        if self.queued is not None and self.scene.my_turn():
            key, self.queued = self.queued, None
            self.key(key)

    def outcome(self, choice: Gesture | None, near: Rect | None = None) -> bool:
        """Hand on what a gesture meant; True if an action was made."""
        return choice is not None and self.on_gesture(choice, near)

    def select(self, cards: frozenset[int]) -> None:
        self.outcome(Select(cards, ""))

    # -- pointer ---------------------------------------------------------------------------------
    def click(self, event: Click) -> None:
        scene = self.scene
        if scene.form.handle(event):
            return
        ch = scene.choices()
        aimed = ch.target_actions(self.selection)
        seat = self.seat_at(event.pos) if aimed else None
        hit = next((a for a in aimed if a.target == seat), None)
        if hit is not None:
            self.outcome(hit)
            return
        sprite = self.card_at(event.pos)
        if sprite is not None:
            made = ch.click(sprite.card, self.selection, event.double, self.takeable(sprite))
            if made is not None:
                self.outcome(made, sprite.rect)
                return
            if not self.selection and self.board.own_zone(sprite.zone) and sprite.face != HIDDEN:
                self.outcome(Refusal(ch.why_not(sprite.card)), sprite.rect)  # an up card not playable yet
                return
        zone = self.zone_at(event.pos)
        if zone is not None and self.selection:
            self.outcome(ch.drop(sorted(self.selection), zone), self._near(zone))
        elif self.selection:
            self.select(frozenset())
        elif zone is not None and (made := ch.zone_click(zone)) is not None:
            self.outcome(made, self._near(zone))
        elif zone is not None and (why := ch.pick_refused(zone)):
            # a click on the player's own deck while the Assassin picks did nothing, not a word
            self.outcome(Refusal(why), self._near(zone))

    def _near(self, zone: str) -> Rect | None:
        p = self.board.placement
        return p.zones[zone].rect if p is not None and zone in p.zones else None

    def drag_start(self, event: DragStart) -> None:
        sprite = self.card_at(event.origin)
        if sprite is None:
            return
        ch = self.scene.choices()
        if not (sprite.card in ch.selectable(self.selection) or self.takeable(sprite)):
            if self.board.own_zone(sprite.zone) and sprite.face != HIDDEN:
                self.outcome(Refusal(ch.why_not(sprite.card)), sprite.rect)  # an up card not playable yet
            elif not self.selection and (made := ch.zone_click(sprite.zone)) is not None:
                # a place a click moves (Fscking Ace's pack flips): dragged, it does the same; a
                # newcomer dragging the pack onto "This turn" saw nothing happen
                self.outcome(made, self._near(sprite.zone))
            return
        cards = sorted(self.selection) if sprite.card in self.selection else [sprite.card]
        order = {c: i for i, c in enumerate(self.board.zones().get(sprite.zone, []))}
        cards.sort(key=lambda c: order.get(c, 0))
        before = frozenset(self.selection)
        self.select(frozenset(cards))
        grab = (event.origin[0] - sprite.rect.x, event.origin[1] - sprite.rect.y)
        self.drag = Drag(cards, grab, event.pos, before=before)
        self.drag.target = self.drop_target()

    def drag_rect(self) -> Rect | None:
        if self.drag is None or self.board.placement is None:
            return None
        first = self.board.rest_rects().get(self.drag.cards[0])
        if first is None:
            return None
        w, h = first[2].size
        spread = round(w * 0.25) * (len(self.drag.cards) - 1)
        return Rect(self.drag.pos[0] - self.drag.grab[0], self.drag.pos[1] - self.drag.grab[1], w + spread, h)

    def drop_target(self) -> str | None:
        """The legal place the dragged cards overlap most (lit while dragging)."""
        rect = self.drag_rect()
        if rect is None or self.drag is None or self.board.placement is None:
            return None
        legal = self.scene.choices().legal_targets(frozenset(self.drag.cards))
        zones = self.board.placement.zones
        return best_drop(rect, {z: zones[z].rect for z in legal if z in zones})

    def drop(self) -> None:
        assert self.drag is not None
        drag, rect = self.drag, self.drag_rect()
        zone = self.drop_target()
        if zone is None and rect is not None:
            zone = best_drop(rect, self.places())  # a place that does not take them: say why
        self.drag = None
        resting = [s for s in self.scene.compose(self.scene.app_time()) if not s.moving]
        under = next((s for s in reversed(resting) if s.rect.collidepoint(drag.pos)), None)
        choice = self.scene.choices().drop(drag.cards, zone, under.card if under is not None else None)
        if not self.outcome(choice, rect):
            self.outcome(FlyBack(tuple(drag.cards), rect), rect)
            # a refused drop changes nothing, not even what was chosen: refused by the table, or a
            # move the game or a lesson's coach turned down
            if not isinstance(choice, Select) and self.selection == frozenset(drag.cards):
                self.select(drag.before)

    # -- keys ------------------------------------------------------------------------------------
    def key(self, event: Key) -> None:
        scene, k = self.scene, event.key
        if k == pygame.K_TAB or (scene.form.focus >= 0 and k in ENTER):
            scene.form.handle(event)
            return
        if pygame.K_1 <= k <= pygame.K_9:
            i = k - pygame.K_1
            if i < len(scene.form.widgets):
                scene.form.widgets[i].activate()
            return
        ch = scene.choices()
        letter = (event.unicode or "").lower()
        if letter in scene.board.spec.hotkeys:
            self.outcome(ch.key(letter))
            return
        order = self.keyboard_cards()
        slots = ch.slot_actions()
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and order:
            d = 1 if k == pygame.K_RIGHT else -1
            i = order.index(self.focus) + d if self.focus in order else (0 if d > 0 else len(order) - 1)
            self.focus = order[i % len(order)]
        elif k in (pygame.K_SPACE, pygame.K_RETURN) and self.focus in slots:
            self.outcome(slots[self.focus])
        elif (k in (pygame.K_SPACE, pygame.K_UP) and self.focus is not None) or (
                k == pygame.K_DOWN and self.focus in self.selection):
            self.select(ch.toggled(self.selection, self.focus))
        elif k in ENTER:
            self._enter()

    def _enter(self) -> None:
        ch = self.scene.choices()
        near = self.scene.card_rect(self.focus)
        hinted = self.scene.hinted()
        if hinted is not None and set(hinted.cards) == set(self.selection):
            self.outcome(hinted, near)  # what the hint lit, as it lit it (a pick-up, a card turned over)
            return
        pick = None
        if self.focus is not None:
            pick = ch.pick_of(self.focus) or ch.slot_action(self.focus, self.selection - {self.focus})
        if pick is not None:
            self.outcome(pick)
        elif self.selection:
            self.outcome(ch.enter(self.selection), near)
        elif self.focus is not None:
            self.outcome(ch.enter([self.focus]), near)
        elif ch.selectable(self.selection):  # not a silent Enter: the keys that would do it
            self.outcome(Refusal(f"Choose a card first: {CARD_KEYS}."))
        elif self.scene.form.widgets:
            self.outcome(Refusal("Press the number on a button, or Tab to it and press Enter."))

    def keyboard_cards(self) -> list[int]:
        """The viewer's cards that keyboard focus walks over, left to right."""
        pick = self.scene.choices().selectable(self.selection)
        sprites = [s for s in self.scene.compose(self.scene.app_time()) if s.card in pick or self.takeable(s)]
        p = self.board.placement
        middle = p.table_rect.centery if p is not None else 0
        sprites.sort(key=lambda s: (s.rect.y < middle, s.rect.x))
        return [s.card for s in sprites]

    def lift_half(self) -> int:
        """How far the focused card, or the card under the pointer, rises (a selected one twice)."""
        if self.board.placement is None:
            return 0
        return round(self.board.placement.card_w * theme.CARD_ASPECT * theme.LIFT_FRACTION) // 2

    def lift(self, sprite: Sprite) -> int:
        """How far a resting card rises: a selected card a lot; the focused card half as much."""
        if not self.scene.my_turn():
            return 0
        if sprite.card in self.selection:
            return self.lift_half() * 2
        return self.lift_half() if sprite.card == self.focus else 0
