"""The registry's check of a game's declared parts (``cardtable.engine.parts.GameParts``): each
part of the right kind, the bots the levels need, a layout that draws every zone the game deals,
a rule book with the headings the table reads. A fault is a ``PartsError`` naming the game and
the part, raised when the registry loads the game, never a silent default later."""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable, Mapping

from cardtable.engine.parts import HOW_TO_PLAY_CARDS, GameParts, Tips
from cardtable.engine.protocol import Game, State
from cardtable.engine.review import REVIEW_HEADING, ReviewSpec
from cardtable.engine.search_hooks import Hooks
from cardtable.engine.table import LayoutSpec
from cardtable.games.rulebook import how_to_play, section


class PartsError(ValueError):
    """A game's declared parts are missing or malformed: the message names the game and the part."""

    def __init__(self, game: str, part: str, problem: str) -> None:
        super().__init__(f"game {game}: part {part!r} {problem}")
        self.game, self.part, self.problem = game, part, problem


Fail = Callable[[str, str], PartsError]


def check_parts(where: str, parts: object) -> GameParts:
    """``parts`` if it is a well-formed record of a game's parts, else ``PartsError`` naming the
    game (its name, or ``where`` it was declared when the record has no game) and the part."""
    if not isinstance(parts, GameParts):
        raise PartsError(where, "PARTS", f"must be a GameParts record, not {type(parts).__name__}")
    game = parts.game
    if not isinstance(game, Game):
        raise PartsError(where, "game", f"must be a Game, not {type(game).__name__}")
    name = game.name

    def fail(part: str, problem: str) -> PartsError:
        return PartsError(name, part, problem)

    _check_bots("bots", parts.bots, fail)
    _check_bots("levels", parts.levels, fail)
    if "heuristic" not in parts.bots:
        raise fail("bots", 'must include "heuristic" (the Normal level and the search\'s playouts)')
    if not isinstance(parts.hooks, Hooks):
        raise fail("hooks", f"must be a Hooks record, not {type(parts.hooks).__name__}")
    if not isinstance(parts.layout, LayoutSpec):
        raise fail("layout", f"must be a LayoutSpec, not {type(parts.layout).__name__}")
    _check_layout(game, parts.layout, fail)
    if not callable(parts.teller):
        raise fail("teller", "must make a Teller (a Teller class)")
    _check_tips(parts.tips, fail)
    if not isinstance(parts.lessons, tuple):
        raise fail("lessons", f"must be a tuple, not {type(parts.lessons).__name__}")
    _check_rule_book(parts.rule_book, fail)
    _check_compiled(game, parts.compiled, fail)
    if parts.review is not None:
        if not isinstance(parts.review, ReviewSpec):
            raise fail("review", f"must be a ReviewSpec or None, not {type(parts.review).__name__}")
        if not section(parts.rule_book, REVIEW_HEADING):
            raise fail("rule_book", f"needs a '{REVIEW_HEADING}' section: the game is reviewed")
    return parts


def _check_compiled(game: Game, compiled: object, fail: Fail) -> None:
    """Each compiled module is a module of the game's folder, named once. (That the state's parts
    are all among them is the build's check: ``scripts/build_native.py`` folds them.)"""
    if not isinstance(compiled, tuple) or not all(isinstance(m, str) for m in compiled):
        raise fail("compiled", "must be a tuple of module names")
    if len(set(compiled)) != len(compiled):
        raise fail("compiled", "names a module twice")
    module = type(game).__module__
    package = module if module.count(".") == 2 else module.rsplit(".", 1)[0]
    for name in compiled:
        if importlib.util.find_spec(f"{package}.{name}") is None:
            raise fail("compiled", f"names {name!r}, which is not a module of the game's folder")


def _check_bots(part: str, factories: object, fail: Fail) -> None:
    if not isinstance(factories, Mapping):
        raise fail(part, "must be a mapping of names to bots")
    for kind, make in factories.items():
        if not isinstance(kind, str) or not callable(make):
            raise fail(part, f"entry {kind!r} must name a bot class or a function of a seed")


def _check_tips(tips: object, fail: Fail) -> None:
    if not isinstance(tips, Tips):
        raise fail("tips", f"must be a Tips record (NO_TIPS for none), not {type(tips).__name__}")
    functions = {"card_tip": tips.card_tip, "pile_tip": tips.pile_tip, "hint_reason": tips.hint_reason,
                 "seat_summary": tips.seat_summary, "moment": tips.moment}
    for part, value in functions.items():
        if value is not None and not callable(value):
            raise fail(f"tips.{part}", f"must be a function or None, not {value!r}")
    if not isinstance(tips.notable, frozenset) or not all(isinstance(k, str) for k in tips.notable):
        raise fail("tips.notable", f"must be a frozenset of event kinds, not {tips.notable!r}")
    counted = tips.counted
    if not isinstance(counted, Mapping) or not all(isinstance(k, str) and isinstance(v, str)
                                                   for k, v in counted.items()):
        raise fail("tips.counted", f"must map event kinds to headings, not {counted!r}")


def _check_layout(game: Game, layout: LayoutSpec, fail: Fail) -> None:
    """Every zone a dealt state has is one the layout draws, and the layout names no zone the game
    never has (a typo would leave cards undrawn, or draw an empty place for ever)."""
    state: State = game.new_state([f"P{i}" for i in range(game.min_players)], None, 0)
    seat_names = {z.name for z in layout.seat_zones}
    centre_names = {z.name for z in layout.centre_zones}
    found: set[str] = set()
    for zone in state.zones():
        base, _, seat = zone.partition("/")
        if seat and base in seat_names:
            found.add(base)
        elif not seat and zone in centre_names:
            found.add(zone)
        else:
            raise fail("layout", f"does not draw the zone {zone!r}")
    drawn = {z.name for z in layout.centre_zones if z.style != "panel"}
    missing = sorted((seat_names | drawn) - found)
    if missing:
        raise fail("layout", f"names zones the game does not have: {', '.join(missing)}")


def _check_rule_book(book: object, fail: Fail) -> None:
    if not isinstance(book, str) or not re.match(r"#\s+\S", book):
        raise fail("rule_book", "must be Markdown starting with a '# title' heading")
    cards = tuple(title for title, _ in how_to_play(book))
    if cards != HOW_TO_PLAY_CARDS:
        wanted = ", ".join(HOW_TO_PLAY_CARDS)
        raise fail("rule_book", f"needs a 'How to play' section with the headings {wanted} "
                                f"(found: {', '.join(cards) or 'none'})")
