"""Buttons, toggles, choice cycles and sliders, drawn from the theme and driven by input events.

Widgets know nothing of games; a form (a list of widgets) handles focus for keyboard play: Tab or
the arrows move focus, Enter or Space presses the focused widget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable.ui import text, theme
from cardtable.ui.input import Click, InputEvent, Key, PointerMove, Press


class Widget:
    def __init__(self, rect: pygame.Rect | None = None, enabled: bool = True) -> None:
        self.rect = rect or pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.hover = False
        self.focused = False

    def handle(self, event: InputEvent) -> bool:
        """True when the widget used the event."""
        if isinstance(event, PointerMove):
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if (
            isinstance(event, Click)
            and self.enabled
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.activate(event.pos)
            return True
        return False

    def activate(self, pos: tuple[int, int] | None = None) -> None:
        """Pressed by click (at ``pos``) or by keyboard (``pos`` None)."""

    def key(self, event: Key) -> bool:
        """A key while focused; Left/Right adjust values."""
        return False

    def draw(self, surface: pygame.Surface, px: int) -> None:
        raise NotImplementedError

    def _box(self, surface: pygame.Surface, fill: theme.Colour) -> None:
        radius = max(4, self.rect.h // 5)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        edge = theme.BUTTON_FOCUS if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 3 if self.focused else 1, border_radius=radius)


OnPress = Callable[[], object]
"""What a button does when pressed; whatever it returns (a scene it pushed, a flag) is ignored."""


class Button(Widget):
    def __init__(
        self,
        label: str,
        on_press: OnPress,
        rect: pygame.Rect | None = None,
        enabled: bool = True,
        hotkey: str = "",
    ) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.on_press = on_press
        self.hotkey = hotkey

    def activate(self, pos: tuple[int, int] | None = None) -> None:
        if self.enabled:
            self.on_press()

    def draw(self, surface: pygame.Surface, px: int) -> None:
        fill = (
            theme.BUTTON_DISABLED if not self.enabled else theme.BUTTON_HOVER if self.hover else theme.BUTTON
        )
        self._box(surface, fill)
        label = f"{self.hotkey}  {self.label}" if self.hotkey else self.label
        text.draw_in(surface, label, px, theme.TEXT if self.enabled else theme.TEXT_DIM, inner(self.rect, px))

    @staticmethod
    def width_for(label: str, px: int) -> int:
        return text.text_size(label, px)[0] + px * 2


def inner(rect: pygame.Rect, px: int) -> pygame.Rect:
    """The part of a control's box that its text may use: clear of the rounded edge."""
    return rect.inflate(-min(px, rect.w // 4), -max(2, rect.h // 8))


class Choice(Widget):
    """A value picked from a list, drawn "‹ value ›" with the arrows at the ends: a click on the
    left half (the ‹ side) or Left steps back, on the right half or Right steps forward."""

    def __init__(
        self,
        label: str,
        options: Sequence[Any],
        value: Any,
        on_change: Callable[[Any], None],
        show: Callable[[Any], str] = str,
        rect: pygame.Rect | None = None,
        wrap: bool = True,
    ) -> None:
        """``wrap`` False for a scale (a size, a count): › stops at the largest, ‹ at the smallest."""
        super().__init__(rect)
        self.label = label
        self.wrap = wrap
        self.options = list(options)
        self.value = value if value in self.options else self.options[0]
        self.on_change = on_change
        self.show = show

    @staticmethod
    def width_for(shown: Sequence[str], px: int) -> int:
        """The width a choice needs to show the widest of ``shown`` whole, arrows included."""
        arrows = 2 * (text.text_size("‹", px)[0] + px // 2)
        return max(text.text_size(s, px)[0] for s in shown) + arrows + 2 * px + 4

    def step(self, d: int) -> None:
        i = self.options.index(self.value)
        j = (i + d) % len(self.options) if self.wrap else min(max(i + d, 0), len(self.options) - 1)
        if j != i:
            self.value = self.options[j]
            self.on_change(self.value)

    def activate(self, pos: tuple[int, int] | None = None) -> None:
        left_half = pos is not None and pos[0] < self.rect.centerx
        self.step(-1 if left_half else 1)

    def key(self, event: Key) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, px: int) -> None:
        self._box(surface, theme.BUTTON_HOVER if self.hover else theme.BUTTON)
        box = inner(self.rect, px)
        arrow_w = text.text_size("‹", px)[0] + px // 2
        for glyph, align in (("‹", "left"), ("›", "right")):
            text.blit_in(surface, text.render(glyph, px, theme.TEXT_DIM), box, align, glyph)
        text.draw_in(surface, self.show(self.value), px, theme.TEXT, box.inflate(-2 * arrow_w, 0))


class Toggle(Choice):
    def __init__(
        self, label: str, value: bool, on_change: Callable[[Any], None], rect: pygame.Rect | None = None
    ) -> None:
        super().__init__(label, [False, True], value, on_change, lambda v: "On" if v else "Off", rect)


class Slider(Widget):
    """A number between ``lo`` and ``hi``: click or drag on the bar, Left/Right nudge it."""

    def __init__(
        self,
        label: str,
        lo: float,
        hi: float,
        value: float,
        on_change: Callable[[Any], None],
        step: float,
        show: Callable[[float], str] = lambda v: f"{v:g}",
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(rect)
        self.label, self.lo, self.hi, self.step_size = label, lo, hi, step
        self.value = min(hi, max(lo, value))
        self.on_change, self.show = on_change, show

    def set(self, v: float) -> None:
        v = round(min(self.hi, max(self.lo, v)) / self.step_size) * self.step_size
        v = round(v, 6)
        if isinstance(self.lo, int) and isinstance(self.step_size, int):
            v = int(v)
        if v != self.value:
            self.value = v
            self.on_change(v)

    def handle(self, event: InputEvent) -> bool:
        if isinstance(event, Press) and self.rect.collidepoint(event.pos):
            self.activate(event.pos)
            return True
        return super().handle(event)

    def activate(self, pos: tuple[int, int] | None = None) -> None:
        if pos is not None:
            x = (pos[0] - self.rect.x) / max(1, self.rect.w)
            self.set(self.lo + (self.hi - self.lo) * x)

    def key(self, event: Key) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.set(self.value + (self.step_size if event.key == pygame.K_RIGHT else -self.step_size))
            return True
        return False

    def draw(self, surface: pygame.Surface, px: int) -> None:
        self._box(surface, theme.BUTTON)
        x = (self.value - self.lo) / max(1e-9, self.hi - self.lo)
        bar = self.rect.inflate(-8, -8)
        bar.w = max(0, round(bar.w * x))
        pygame.draw.rect(surface, theme.BUTTON_HOVER, bar, border_radius=4)
        text.draw_in(surface, self.show(self.value), px, theme.TEXT, inner(self.rect, px))


class TextField(Widget):
    """A one-line name: typing edits it while focused; click focuses it."""

    def __init__(
        self, value: str, on_change: Callable[[str], None], max_len: int = 16, rect: pygame.Rect | None = None
    ) -> None:
        super().__init__(rect)
        self.value, self.on_change, self.max_len = value, on_change, max_len

    def key(self, event: Key) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
        elif (
            event.unicode
            and event.unicode.isprintable()
            and len(self.value) < self.max_len
            and event.key not in (pygame.K_RETURN, pygame.K_TAB)
        ):
            self.value += event.unicode
        else:
            return False
        self.on_change(self.value)
        return True

    def draw(self, surface: pygame.Surface, px: int) -> None:
        self._box(surface, theme.PANEL)
        shown = self.value + ("|" if self.focused else "")
        text.draw_in(surface, shown, px, theme.TEXT, inner(self.rect, px), "left")


class Form:
    """Widgets with keyboard focus: Tab/Up/Down move it, Enter/Space press, Left/Right adjust a
    value (or, on a button, move the focus along too)."""

    def __init__(self, widgets: Sequence[Widget] | None = None) -> None:
        self.widgets: list[Widget] = list(widgets or ())
        self.focus = -1

    def set_focus(self, i: int) -> None:
        live = [j for j, w in enumerate(self.widgets) if w.enabled]
        for w in self.widgets:
            w.focused = False
        if not live:
            self.focus = -1
            return
        self.focus = i % len(self.widgets)
        while not self.widgets[self.focus].enabled:
            self.focus = (self.focus + 1) % len(self.widgets)
        self.widgets[self.focus].focused = True

    def handle(self, event: InputEvent) -> bool:
        if isinstance(event, Key):
            return self._key(event)
        for i, w in enumerate(self.widgets):
            if isinstance(event, (Click, Press)) and w.rect.collidepoint(event.pos) and w.enabled:
                self.set_focus(i)
            if w.handle(event):
                return True
        return False

    def _key(self, event: Key) -> bool:
        focused = self.widgets[self.focus] if 0 <= self.focus < len(self.widgets) else None
        if focused is not None and focused.key(event):
            return True
        if event.key in (pygame.K_TAB, pygame.K_DOWN):
            back = event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            self.set_focus(self.focus + (-1 if back else 1) if self.focus >= 0 else 0)
            return True
        if event.key == pygame.K_UP:
            self.set_focus(self.focus - 1 if self.focus >= 0 else -1)
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focused is not None:
            # a control that takes no value from them (a button, a game's tile): the arrows walk
            # a row of them as they point (the title's games, Back and Deal), and stop at its
            # ends: Left from the first game wrapped round to Quit
            step = 1 if event.key == pygame.K_RIGHT else -1
            if 0 <= self.focus + step < len(self.widgets):
                self.set_focus(self.focus + step)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focused is not None:
            focused.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, px: int) -> None:
        for w in self.widgets:
            w.draw(surface, px)


class ReflowHold:
    """A page laid out again after one of its controls changes something (the text size, the
    number of seats) waits while the pointer rests on that control, so the next click lands on
    the same control rather than on whatever the new layout put there (issue 16 item 7)."""

    def __init__(self) -> None:
        self.held: Widget | None = None
        self.pending = False

    def wait(self) -> bool:
        """A new layout is due: True (and it is noted) when it must wait for the pointer."""
        self.pending = self.held is not None
        return self.pending

    def due(self, event: InputEvent, widgets: list[Widget]) -> bool:
        """Follow the pointer; True when a held layout should be made now (the pointer left the
        control, or a key was pressed)."""
        if isinstance(event, (Click, Press)):
            self.held = next((w for w in widgets if w.rect.collidepoint(event.pos)), None)
            return False
        left = isinstance(event, PointerMove) and not (self.held and self.held.rect.collidepoint(event.pos))
        if left or isinstance(event, Key):
            self.held = None
            if self.pending:
                self.pending = False
                return True
        return False


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235) -> None:
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.PANEL, alpha), panel.get_rect(), border_radius=12)
    pygame.draw.rect(panel, (*theme.PANEL_EDGE, 255), panel.get_rect(), 2, border_radius=12)
    surface.blit(panel, rect)


class Tile(Button):
    """A big button for a game on the title: its name and a line under it."""

    def __init__(self, label: str, subtitle: str, on_press: OnPress) -> None:
        super().__init__(label, on_press)
        self.subtitle = subtitle

    def draw(self, surface: pygame.Surface, px: int) -> None:
        self._box(surface, theme.BUTTON_HOVER if self.hover else theme.PLATE)
        box = inner(self.rect, px)
        top, bottom = box.copy(), box.copy()
        top.h = box.h * 11 // 20
        bottom.y, bottom.h = top.bottom, box.bottom - top.bottom
        text.draw_in(surface, self.label, round(px * 1.3), theme.ACCENT, top, bold=True)
        text.draw_in(surface, self.subtitle, round(px * 0.8), theme.TEXT_DIM, bottom, "top")
