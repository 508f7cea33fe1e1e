"""New game: how many seats, each seat human or bot (name and level), and the game's options as a
form generated from its pydantic ``Options`` model (labels and help from the model's fields)."""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from typing import Any, Literal

import pygame
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from cardtable.ai import bot_kinds
from cardtable.ai.levels import LEVELS
from cardtable.games import get_game, parts_of
from cardtable.runner.match import Match, Seat
from cardtable.store.matches import SavedMatch, unfinished_path
from cardtable.ui import text, theme
from cardtable.ui.input import Click, InputEvent, Key, PointerMove, Press
from cardtable.ui.scene import Scene, register
from cardtable.ui.scenes.setup_page import SetupPage, setup_page
from cardtable.ui.seating import DEFAULT_NAMES, seats_offered
from cardtable.ui.widgets import (
    Button,
    Choice,
    Form,
    ReflowHold,
    Slider,
    TextField,
    Toggle,
    Widget,
    draw_panel,
)

SEAT_KINDS = ["human", "bot", "phone"]
"""A person at this screen, a bot, or a person holding the seat's cards on their phone."""


def seat_notes(seats: list[Seat], search_useful: bool) -> list[str]:
    """What the kinds of seat chosen mean, in a newcomer's words: the bots' levels (none to choose
    in a game of luck), a screen shared by several people, a phone."""
    kinds = [s.kind for s in seats]
    notes = []
    if "bot" in kinds:
        notes.append("Bots: Easy now and then plays any card it may; Normal plays by good habits; Hard "
                     "thinks each move through; Expert thinks longest and is the strongest."
                     if search_useful else
                     "Bots: this is a game of luck (even the Assassin picks blind), so every bot "
                     "plays it alike: there is no level to choose.")
    if kinds.count("human") > 1:
        notes.append("Humans share this screen: before each of their turns it asks for the next "
                     "player, so nobody sees another's cards.")
    if "phone" in kinds:
        notes.append("Phone: that player holds their cards on their own phone, on the same network "
                     "as this computer; the table shows the code to scan.")
    return notes


def value_words(field: FieldInfo) -> dict[Any, str]:
    """What a player reads for each value of a choice option: the game gives them in the field's
    ``json_schema_extra={"values": {value: words}}`` (JSON, so a number's key is written "1")."""
    extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
    words = extra.get("values", {})
    if not isinstance(words, dict):
        return {}
    if field.annotation is int:  # a number with a meaning of its own: {"0": "No limit"}
        return {int(k): str(w) for k, w in words.items() if k.lstrip("-").isdigit()}
    return {v: str(words[str(v)]) for v in typing.get_args(field.annotation) if str(v) in words}




def number_words(field: FieldInfo, options: Mapping[str, Any] | None = None) -> Callable[[int], str]:
    """How a number option's value reads: its own words where the game gives some ("No limit"),
    else the number with the field's ``json_schema_extra={"unit": [one, many]}`` ("1 round",
    "3 rounds"; a bare "1" beside "Round limit" read as a count of nothing in particular), or
    with the unit another option chooses, ``{"unit_by": [option, {value: [before, after]}]}``
    (a third word after one: "1 pt")
    read from ``options`` as they stand ("$5", "5¢" or "5 pts" as the money option is set)."""
    words = value_words(field)
    extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
    unit_by = extra.get("unit_by")
    if options is not None and isinstance(unit_by, list) and len(unit_by) == 2 \
            and isinstance(unit_by[1], dict):
        other, units = str(unit_by[0]), unit_by[1]

        def with_unit(v: int) -> str:  # [before, after] or [before, after, after one]
            unit = typing.cast(list[str], units.get(str(options.get(other)), ["", ""]))
            return words.get(v, f"{unit[0]}{v}{unit[2] if v == 1 and len(unit) > 2 else unit[1]}")
        return with_unit
    unit = extra.get("unit")
    if not (isinstance(unit, list) and len(unit) == 2):
        return lambda v: words.get(v, str(v))
    return lambda v: words.get(v, f"{v} {unit[0] if v == 1 else unit[1]}")


def option_widget(model: type[BaseModel], name: str, value: Any, on_change,
                  options: Mapping[str, Any] | None = None) -> Widget:
    """A widget for one field of an Options model, by the field's type and bounds (``options``:
    the page's values as they change, for a unit another option chooses)."""
    field = model.model_fields[name]
    ann = field.annotation
    if ann is bool:
        return Toggle(name, bool(value), on_change)
    if typing.get_origin(ann) is Literal:
        words = value_words(field)
        return Choice(name, list(typing.get_args(ann)), value, on_change, lambda v: words.get(v, str(v)))
    lo = hi = None
    for m in field.metadata:
        lo = getattr(m, "ge", lo) if getattr(m, "ge", None) is not None else lo
        hi = getattr(m, "le", hi) if getattr(m, "le", None) is not None else hi
    if ann is int:
        lo = 0 if lo is None else lo
        hi = max(lo + 10, value * 2) if hi is None else hi
        say = number_words(field, options)
        return (
            Choice(name, list(range(int(lo), int(hi) + 1)), value, on_change, say, wrap=False)
            if hi - lo <= 30
            else Slider(name, int(lo), int(hi), value, on_change, 1, show=lambda v: say(round(v)))
        )
    if ann is float:
        lo = 0.0 if lo is None else lo
        hi = max(1.0, value * 2) if hi is None else hi
        return Slider(name, float(lo), float(hi), float(value), on_change, (hi - lo) / 20)
    return TextField(str(value), on_change, 24)


def _key(widgets: list[Widget], i: int) -> tuple[str, str, int]:
    """A widget's place on the page that survives a new layout: its kind, label and how many of
    the same came before it (the third seat's level stays the third seat's level)."""
    w = widgets[i]
    label = getattr(w, "label", "")
    same = [v for v in widgets[:i] if type(v) is type(w) and getattr(v, "label", "") == label]
    return type(w).__name__, label, len(same)


def _focus_key(form: Form) -> tuple[str, str, int] | None:
    return _key(form.widgets, form.focus) if 0 <= form.focus < len(form.widgets) else None


@register("setup")
class SetupScene(Scene):
    def __init__(self, app, game: str, seats: list[Seat] | None = None,
                 ending: SavedMatch | None = None) -> None:
        """``ending``: the match in progress a new game ends (New game from the table's menu),
        filed as abandoned once the new one is dealt, as the title's "Abandon it" files it."""
        super().__init__(app)
        self.game = get_game(game)
        self.ending = ending
        # The four levels every game offers (issue 8); the other bot kinds are for simulations.
        # A game of luck offers none: its levels all play alike (Cersei, rulings 3.7), and a
        # choice that changes nothing had players trying each in turn.
        self.levels = ([k for k in LEVELS if k in bot_kinds(game)]
                       if parts_of(self.game).hooks.search_useful else [])
        default_level = "normal"
        given = list(seats or [])
        self.players = len(given) if given else self.game.default_players
        if not given:
            given = [Seat(DEFAULT_NAMES[0], "human", default_level)]
        self.seats = given + [Seat(n, "bot", default_level) for n in DEFAULT_NAMES[len(given):]]
        self.options: dict[str, Any] = self.game.Options().model_dump()
        self.error = ""
        self.form = Form()
        self.page: SetupPage | None = None
        self.px = 18
        self.hold = ReflowHold()
        self.kinds_changed = False

    def enter(self) -> None:
        self.resize(self.app.size)

    def _seat_setter(self, i: int, field: str) -> Callable[[Any], None]:
        """What a seat's name box or choice calls with its new value."""
        return lambda value: self._set_seat(i, **{field: value})

    def _set_seat(self, i: int, **change: Any) -> None:
        s = self.seats[i]
        self.seats[i] = Seat(
            change.get("name", s.name), change.get("kind", s.kind), change.get("level", s.level)
        )
        if "kind" in change:
            # A seat's kind shows or hides its level beside it, and moves nothing else (the seat
            # rows are laid out the same for every kind): shown at once, not when the pointer
            # moves, unless a layout already waits for the pointer (it takes this in)
            self.kinds_changed = not self.hold.pending

    def _set_players(self, n: int) -> None:
        self.players = n
        self._reflow()

    def _reflow(self) -> None:
        if not self.hold.wait():
            self.resize(self.app.size)

    def _set_option(self, name: str, value: Any) -> None:
        self.options[name] = value

    def resize(self, size: tuple[int, int]) -> None:
        model = self.game.Options
        entries = [(f.title or n.replace("_", " ").capitalize(), f.description or "")
                   for n, f in model.model_fields.items()]
        wish = theme.text_px(size, self.app.settings.ui_scale, 0.9)
        notes = seat_notes(self.seats_in_play(), parts_of(self.game).hooks.search_useful)
        page = self.page = setup_page(size, wish, self.players, entries, self.levels, notes)
        self.px = page.px
        focus = _focus_key(self.form)
        widgets: list[Widget] = [Choice("players", seats_offered(self.game), self.players, self._set_players,
                                        lambda n: f"{n} players", page.players, wrap=False)]
        for i, (name_box, kind_box, level_box) in enumerate(page.seats):
            s = self.seats[i]
            widgets.append(TextField(s.name, self._seat_setter(i, "name"), rect=name_box))
            widgets.append(Choice("kind", SEAT_KINDS, s.kind, self._seat_setter(i, "kind"),
                                  lambda v: v.capitalize(), kind_box))
            if s.kind == "bot" and self.levels:
                widgets.append(Choice("level", self.levels, s.level,
                                      self._seat_setter(i, "level"), lambda v: v.capitalize(),
                                      level_box))
        for name, place in zip(model.model_fields, page.options, strict=True):
            widget = option_widget(model, name, self.options[name], lambda v, n=name: self._set_option(n, v),
                                   self.options)
            widget.rect = place.control
            widgets.append(widget)
        deal = Button("Deal", self.deal, page.deal)
        widgets += [Button("Back", self.app.pop, page.back), deal]
        self.form = Form(widgets)
        keys = [_key(widgets, i) for i in range(len(widgets))]
        self.form.set_focus(keys.index(focus) if focus in keys else widgets.index(deal))

    def seats_in_play(self) -> list[Seat]:
        return self.seats[: self.players]

    def deal(self) -> None:
        seats = self.seats_in_play()
        names = [s.name.strip() for s in seats]
        if any(not n for n in names) or len(set(names)) != len(names):
            self.error = "Every seat needs a name of its own."
            return
        try:
            options = self.game.Options(**self.options)
        except ValidationError as exc:
            self.error = str(exc.errors()[0]["msg"])
            return
        seats = [Seat(n, s.kind, s.level) for n, s in zip(names, seats, strict=True)]
        if self.ending is not None and not self._abandon(self.ending):
            return
        self.app.replace("table", match=Match(self.game, seats, options, saver=self.app.saver))

    def _abandon(self, saved: SavedMatch) -> bool:
        """File the match this new game ends (its autosave would be overwritten, the match lost
        without a trace); False, with the reason shown, when it could not be filed."""
        saver, paths = self.app.saver, self.app.paths
        if saver is None or paths is None:
            return True
        messages = saver.abandon(saved)
        if unfinished_path(paths, saved.game).exists():
            self.error = messages[0] if messages else "The match in progress could not be kept."
            return False
        self.ending = None
        self.app.messages.extend(messages)
        return True

    def handle(self, event: InputEvent) -> None:
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.hold.due(event, self.form.widgets):
            self.resize(self.app.size)
        if isinstance(event, (Click, Press, PointerMove, Key)):
            self.form.handle(event)
        if self.kinds_changed:
            self.kinds_changed = False
            self.resize(self.app.size)

    def moving(self, now: float) -> bool:
        return False  # drawn on input

    def draw(self, surface: pygame.Surface) -> None:
        page, px = self.page, self.px
        assert page is not None, "laid out when the scene is made"
        surface.fill(theme.BACKDROP)
        draw_panel(surface, surface.get_rect().inflate(-px, -px))
        text.draw_in(surface, f"New game of {self.game.title}", round(px * 1.6), theme.ACCENT, page.title,
                     "top", bold=True)
        text.draw_in(surface, "Seats", px, theme.TEXT, page.seats_label, "left")
        text.draw_in(surface, "Options", px, theme.ACCENT, page.options_head, "left", bold=True)
        small = max(9, round(px * 0.75))
        for option in page.options:
            for line, box in option.label:
                text.draw_in(surface, line, px, theme.TEXT, box, "left")
            for line, box in option.help:
                text.draw_in(surface, line, small, theme.TEXT_DIM, box, "left")
        for line, box in page.notes:
            text.draw_in(surface, line, small, theme.TEXT_DIM, box, "left")
        self.form.draw(surface, px)
        if self.error:
            text.draw_in(surface, self.error, px, theme.ILLEGAL, page.error)
