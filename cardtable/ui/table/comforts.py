"""The table's comforts: undo and redo, hints, tooltips and the hand's own order.

Keys: Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo, H hint, O the next way of ordering the hand (never S,
which some games use to stop);
the Undo and Hint buttons sit under the menu button, and the Esc menu offers the same. Undo and
redo go through the match (``Match.undo``: exact, from its action list); the table then shows the
position at once, with no flights. A hint asks the bot worker with the person's own view and
lights the move's cards with the game's reason beside them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from cardtable.engine.cards import HIDDEN, cards_text
from cardtable.engine.protocol import Action
from cardtable.engine.words import in_second_person
from cardtable.runner.drivers import BotService
from cardtable.runner.hint import Hint, Hinter
from cardtable.runner.match import Match
from cardtable.ui.input import Click, DragMove, Drop, InputEvent, Key, PointerMove
from cardtable.ui.table.board import Board, Sprite
from cardtable.ui.table.controls import Controls
from cardtable.ui.table.hand_order import MODE_WORDS, HandOrder, Mode
from cardtable.ui.table.tooltip import Tooltip, card_words, described, pile_words
from cardtable.ui.widgets import Button

Rect = pygame.Rect
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META


class Comforted(Protocol):
    """What the comforts read of the table, and the few things they ask it to do."""

    board: Board
    match: Match
    controls: Controls

    def my_turn(self) -> bool: ...
    def legal(self) -> list[Action]: ...
    def busy(self, now: float) -> bool: ...
    def compose(self, now: float) -> list[Sprite]: ...
    def card_rect(self, card: int | None) -> Rect | None: ...
    def say(self, line: str) -> None: ...
    def notice(self, line: str, near: Rect | None) -> None: ...
    def slot_card(self, action: Action) -> int | None: ...
    def select(self, cards: frozenset[int]) -> None: ...
    def show_position(self, line: str) -> None: ...
    def rearranged(self) -> None: ...


class Comforts:
    def __init__(self, scene: Comforted, service: BotService, hand_order: str,
                 keep_order: Callable[[Mode], None]) -> None:
        """``keep_order`` remembers the player's choice of hand order (in the settings)."""
        self.scene = scene
        self.match = scene.match
        self.order = HandOrder(hand_order)
        self.keep_order = keep_order
        self.hinter = Hinter(service, self.match.game, self.match.seed + 7919)
        self.hint: Hint | None = None
        self.hints: dict[tuple[Action, ...], Hint] = {}
        """Hints given, by the position (its actions so far): asked again, the same hint."""
        self.tooltip = Tooltip()
        self.undo_button = Button("Undo", self.undo)
        self.hint_button = Button("Hint", self.ask_hint)

    # -- undo and redo -------------------------------------------------------------------------------
    def undo(self) -> bool:
        """Back to the person's previous decision, or say why not."""
        reason = self.match.undo_blocked()
        if reason:
            self.scene.notice(reason, None)
            return False
        self._forget_hint()
        if not self.match.undo():
            return False
        self.scene.show_position("Undone: back to your previous move.")
        return True

    def redo(self) -> bool:
        if not self.match.can_redo():
            self.scene.notice("Nothing to redo.", None)
            return False
        self._forget_hint()
        self.match.redo()
        self.scene.show_position("Redone.")
        return True

    # -- hints --------------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        scene = self.scene
        if not scene.my_turn():
            scene.notice("A hint is for your own turn.", None)
            return
        seat = self.match.state.to_move
        assert seat is not None
        taught = self.match.taught()
        if taught is not None:  # in a lesson the coach's move, never a different bot's
            action, words = taught
            view = self.match.state.view(seat)
            self._show_hint(Hint(seat, len(self.match.actions), action, view.describe(action), words))
            return
        known = self.hints.get(self._position())
        if known is not None:
            self._show_hint(known)
            return
        if self.hinter.thinking:
            return  # asked already: the answer is on its way
        self.hint = None
        self.hinter.ask(self.match.state.view(seat), seat, len(self.match.actions))
        scene.notice("Looking for a hint…", None)

    def _position(self) -> tuple[Action, ...]:
        return tuple(self.match.actions)

    def hinted(self) -> Action | None:
        """The move the hint for this position lit, while it is the person's to make."""
        hint = self.hint
        if hint is None or hint.asked_at != len(self.match.actions) or not self.scene.my_turn():
            return None
        return hint.action

    def _forget_hint(self) -> None:
        self.hinter.forget()
        self.hint = None

    def _hint_arrived(self, hint: Hint) -> None:
        scene = self.scene
        if hint.asked_at != len(self.match.actions) or not scene.my_turn():
            return
        self.hints[self._position()] = hint
        self._show_hint(hint)

    def _show_hint(self, hint: Hint) -> None:
        """Light the hint's cards (or the face-down card it turns over) and say it by them;
        Enter then makes that move."""
        scene = self.scene
        self.hint = hint
        self.match.mark_help("hint")
        scene.select(frozenset(hint.action.cards))
        card = hint.action.cards[0] if hint.action.cards else scene.slot_card(hint.action)
        if card is not None:
            scene.controls.focus = card
        # a lesson's reason can be the move itself ("Flip the top card."): said once, not twice
        said_again = hint.reason.rstrip(".").lower() == hint.says.rstrip(".").lower()
        words = f"Hint: {hint.says}." + (f" {hint.reason}" if hint.reason and not said_again else "")
        scene.notice(words, scene.card_rect(card))

    # -- the frame ----------------------------------------------------------------------------------
    def update(self, now: float) -> None:
        got = self.hinter.poll()
        if got is not None:
            self._hint_arrived(got)
        if self.hint is not None and self.hint.asked_at != len(self.match.actions):
            self.hint = None
        self._hover(now)

    def handle(self, event: InputEvent) -> bool:
        """Whether the event was one of the comforts' (then the table does nothing more with it)."""
        if isinstance(event, Key):
            return self._key(event)
        if isinstance(event, PointerMove):
            for b in (self.undo_button, self.hint_button):
                b.handle(event)
            self.tooltip.pos = event.pos
        elif isinstance(event, DragMove):
            self.tooltip.hide()
            self.tooltip.pos = event.pos
        elif isinstance(event, Click):
            self.tooltip.hide()
            if not self.undo_button.enabled and self.undo_button.rect.collidepoint(event.pos):
                self.undo()  # greyed, a press still says why ("where the practice began")
                return True
            if not self.hint_button.enabled and self.hint_button.rect.collidepoint(event.pos):
                self.ask_hint()  # greyed: "A hint is for your own turn" (or the one asked is coming)
                return True
            return self.undo_button.handle(event) or self.hint_button.handle(event)
        elif isinstance(event, Drop):
            # the pointer rests where the cards were dropped, not where the drag began: the card
            # that slid under the starting point is not the one it rests on
            self.tooltip.pos = event.pos
            return self._rearrange(event)
        return False

    def _key(self, event: Key) -> bool:
        ctrl = bool(event.mod & CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if ctrl and event.key == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl:
            return False
        elif event.key == pygame.K_o:
            self.next_sort()
        elif event.key == pygame.K_h and not self._decision_key(event):
            self.ask_hint()
        else:
            return False
        return True

    def _decision_key(self, event: Key) -> bool:
        """Whether the letter answers the question asked now (H for higher): the game's decision
        comes first, and the Hint button and the menu are still there."""
        letter = event.unicode.lower() or pygame.key.name(event.key)
        kinds = self.scene.board.spec.hotkeys.get(letter, ())
        return self.scene.my_turn() and any(a.kind in kinds for a in self.scene.legal())

    # -- the hand's order ---------------------------------------------------------------------------
    def arrange(self, zone: str, cards: list[int]) -> list[int]:
        """The viewer's own hand in the player's order; every other zone as it is."""
        viewer = self.scene.board.viewer
        if viewer is None or zone not in self.scene.board.hand_zones or not zone.endswith(f"/{viewer}"):
            return cards
        return self.order.arrange(cards)

    def next_sort(self) -> None:
        mode = self.order.next_mode()
        self.keep_order(mode)
        self.scene.rearranged()
        self.scene.notice(f"Your hand is arranged {MODE_WORDS[mode]}.", None)

    def _rearrange(self, event: Drop) -> bool:
        """Cards of the own hand dropped back on the hand: they move to where they were dropped."""
        scene = self.scene
        drag = scene.controls.drag
        viewer = scene.board.viewer
        p = scene.board.placement
        zone = f"hand/{viewer}"
        if drag is None or viewer is None or p is None or zone not in p.zones:
            return False
        hand = [c for c in scene.board.known().get(zone, []) if c != HIDDEN]
        if not drag.cards or not set(drag.cards) <= set(hand):
            return False
        area = p.zones[zone].rect.inflate(0, p.zones[zone].rect.h)
        if not area.collidepoint(event.pos):
            return False
        shown = scene.board.zones()[zone]
        rects = p.card_rects(zone, len(shown))
        index = sum(1 for c, r in zip(shown, rects, strict=False)
                    if r.centerx < event.pos[0] and c not in drag.cards)
        for k, card in enumerate(drag.cards):
            self.order.move(hand, card, index + k)
        scene.controls.drag = None
        scene.select(frozenset())  # the cards were put in their place, not taken up to play
        scene.rearranged()
        return True

    # -- tooltips -----------------------------------------------------------------------------------
    def _hover(self, now: float) -> None:
        scene = self.scene
        p = scene.board.placement
        if p is None or scene.controls.drag is not None or scene.busy(now):
            self.tooltip.hide()
            return
        pos = self.tooltip.pos
        sprites = reversed(scene.compose(now))
        sprite = next((s for s in sprites if not s.moving and s.rect.collidepoint(pos)), None)
        key: tuple[str, int] | None
        about = None
        if sprite is not None:
            key, about = (sprite.zone, sprite.card), sprite.rect
            if "/" not in sprite.zone:  # a card of a pile: the words are about the pile too
                about = about.unionall([*(s.rect for s in scene.compose(now) if s.zone == sprite.zone),
                                        described(p, sprite.zone)])
        else:
            # a pile, or a seat's place the game has words for (an empty field slot)
            zone = next((z for z, place in p.zones.items() if place.rect.collidepoint(pos)
                         and ("/" not in z or pile_words(self.match.game, scene.board.view(), z))), None)
            key = (zone, -1) if zone is not None else None
            about = described(p, zone) if zone is not None else None
        self.tooltip.rest(key, pos, now, about)
        if self.tooltip.shown(now) and not self.tooltip.words and key is not None:
            # the game says "Ann's pile" of every seat: the learner's reads "Your pile", not "You's"
            words = self._words(key[0], sprite.face if sprite is not None else None)
            self.tooltip.words = in_second_person(words, self.match.names)

    def _words(self, zone: str, face: int | None) -> str:
        view = self.scene.board.view()
        game = self.match.game
        pile = pile_words(game, view, zone) if "/" not in zone or face is None else ""
        if face is None:
            return pile
        cards = view.zones().get(zone, [])
        if pile and "/" not in zone and cards and face not in (cards[-1], HIDDEN):
            # a card under the top of a pile: its own rule ("5: ... up to 5") beside what may go on
            # the top now ("May go on it now: 4 to 7") read as two numbers about one card
            return f"{cards_text([face])}, under the top card. {pile}"
        card = card_words(game, view, face, zone)
        return f"{card} {pile}".strip() if pile and card != pile else card

    # -- drawing ------------------------------------------------------------------------------------
    def lay_out(self, below: Rect, px: int) -> int:
        """The Undo and Hint buttons side by side under ``below`` (the menu button); returns the
        y under them."""
        gap = px // 2
        w = (below.w - gap) // 2
        self.undo_button.rect = Rect(below.x, below.bottom + gap, w, below.h)
        self.hint_button.rect = Rect(below.x + w + gap, below.bottom + gap, w, below.h)
        return self.undo_button.rect.bottom

    def buttons(self) -> tuple[Button, ...]:
        """The comforts' buttons as they are to be drawn now (greyed when they would do nothing)."""
        self.undo_button.enabled = not self.match.undo_blocked()
        self.hint_button.enabled = self.scene.my_turn() and not self.hinter.thinking
        return (self.undo_button, self.hint_button)
