"""How to play: a few cards over the table — the goal, a turn and the special cards from the rule
book's own "How to play" section, and the table's controls — shown by itself the first time a game
is opened (remembered in the settings) and from the Esc menu at any time."""

from __future__ import annotations

import pygame

from cardtable.engine.protocol import Game
from cardtable.engine.table import LayoutSpec
from cardtable.games import layout_of, rule_book
from cardtable.games.rulebook import how_to_play, plain
from cardtable.ui import text, theme
from cardtable.ui.input import Click, InputEvent, Key
from cardtable.ui.scene import Scene, register
from cardtable.ui.table.controls import CARD_KEYS
from cardtable.ui.widgets import Button, draw_panel


def controls_card(layout: LayoutSpec, group: bool = False) -> tuple[str, str]:
    """The last card: how this game's table is worked. Fscking Ace and Cersei have no hand to drag
    from or order: their moves are the buttons, so the card says that instead. A ``group`` (several
    people at this table) has no undo: it would take back someone else's move."""
    moves = ("Drag cards onto a pile, or click to choose them and click the pile; a double-click or "
             f"Enter plays. With the keys: {CARD_KEYS}." if layout.drag_kinds else
             "Your moves are the buttons on the table: click one, or press the number on it.")
    undo = "" if group else ", Ctrl+Z undoes your last move (Ctrl+Y redoes it)"
    hand = ", O orders your hand" if any(z.style == "hand" for z in layout.seat_zones) else ""
    return ("The table", f"{moves} Hover over a card or a pile to see what it does now. H asks for a "
                         f"hint{undo}{hand}, and Esc opens the menu.")


def cards_for(game: Game, group: bool = False) -> list[tuple[str, str]]:
    """The overlay's cards: the rule book's, then the table's controls."""
    cards = [(title, " ".join(plain(body).split())) for title, body in how_to_play(rule_book(game))]
    return [*cards, controls_card(layout_of(game), group)]


@register("how_to_play")
class HowToPlayScene(Scene):
    overlay = True

    def __init__(self, app, game: Game) -> None:
        super().__init__(app)
        self.game = game
        table = app.find("table")
        group = table is not None and sum(s.kind != "bot" for s in table.match.seats) > 1
        self.cards = cards_for(game, group)
        self.page = 0
        self.button = Button("Next", self.next)
        self.button.focused = True  # Enter presses it: ringed as the keyboard's button is elsewhere
        self.close = Button("Skip", self.app.pop)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.px = 18

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        """The panel at the Interface size, as tall as the longest card needs (every card the same,
        so the buttons stay put) and wider before its text is smaller; smaller text only where
        the window cannot hold the longest card. (Shrinking the text alone shrinks the panel with
        it: a card too long at one size was too long at every size, down to the smallest type.)"""
        w, h = size
        pw = ph = 0
        for px in range(theme.text_px(size, self.app.settings.ui_scale), 9, -1):
            for columns in (34, 40, 46):
                pw = min(w - 40, px * columns)
                need = max(self._body_bottom(body, px, pw) for _, body in self.cards) + round(px * 3.8)
                ph = max(min(h - 40, px * 20), need)
                if ph <= h - 40:
                    break
            if ph <= h - 40:
                break
        ph = min(ph, h - 40)
        self.px = px
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        bw, bh = px * 8, round(px * 2.2)
        y = self.panel.bottom - bh - px
        self.button.rect = pygame.Rect(self.panel.right - bw - px, y, bw, bh)
        self.close.rect = pygame.Rect(self.panel.x + px, y, bw, bh)
        self._label()

    @staticmethod
    def _body_bottom(body: str, px: int, width: int) -> int:
        """How far below the panel's top a card's text ends."""
        return round(px * 5.2) + len(text.wrap(body, round(px * 1.1), width - 2 * px)) * round(px * 1.7)

    def _label(self) -> None:
        last = self.page == len(self.cards) - 1
        self.button.label = "Play" if last else "Next"
        self.close.enabled = not last

    def next(self) -> None:
        if self.page == len(self.cards) - 1:
            self.app.pop()
            return
        self.page += 1
        self._label()

    def handle(self, event: InputEvent) -> None:
        if isinstance(event, Key):
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT):
                self.next()
            elif event.key == pygame.K_LEFT and self.page:
                self.page -= 1
                self._label()
        elif isinstance(event, Click):
            for b in (self.button, self.close):
                if b.enabled and b.rect.collidepoint(event.pos):
                    b.activate()
                    return

    def moving(self, now: float) -> bool:
        return False  # words and two buttons: drawn on input

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(theme.SHADE)
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.panel)
        px, p = self.px, self.panel
        head = text.render(f"How to play {self.game.title}", round(px * 1.2), theme.TEXT_DIM)
        surface.blit(head, (p.x + px, p.y + px))
        title, body = self.cards[self.page]
        img = text.render(title, round(px * 1.6), theme.ACCENT, bold=True)
        surface.blit(img, (p.x + px, p.y + round(px * 2.8)))
        y = p.y + round(px * 5.2)
        for line in text.wrap(body, round(px * 1.1), p.w - 2 * px):
            surface.blit(text.render(line, round(px * 1.1), theme.TEXT), (p.x + px, y))
            y += round(px * 1.7)
        dots = f"{self.page + 1} / {len(self.cards)}"
        img = text.render(dots, px, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midbottom=(p.centerx, p.bottom - round(px * 1.6))))
        for b in (self.button, self.close):
            b.draw(surface, px)
