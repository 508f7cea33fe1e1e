"""Issue 23, part 1: scenes find each other by name, a covered scene is paused, an overlay may let
input pass down, no scene imports another, and a phone seat nobody can join is moved to the
screen by the match (its seats and its save together)."""

from __future__ import annotations

import ast
import pathlib

import pygame
from source_trees import nodes
from ui_driver import Driver, seats

from cardtable.runner.match import Match
from cardtable.store.matches import load_unfinished
from cardtable.store.paths import app_paths
from cardtable.ui.input import InputEvent, Key
from cardtable.ui.scene import Scene, register, scene_class

UI = pathlib.Path(__file__).resolve().parents[1] / "cardtable" / "ui"


def test_scenes_are_opened_replaced_and_found_by_name() -> None:
    d = Driver()
    title = d.app.push("title")
    assert title.name == "title" and d.app.find("title") is title
    setup = d.app.push("setup", game="cersei")
    assert setup.name == "setup" and d.app.top is setup
    assert title.paused and not setup.paused
    table = d.app.replace("table", match=Match("cersei", seats("human", "bot")))
    assert d.app.find("setup") is None and d.app.find("table") is table
    d.frames(3)
    d.app.pop()
    assert d.app.top is title and not title.paused
    assert d.app.can_open("results") and not d.app.can_open("no such scene")


def test_a_covered_table_does_not_move_on_under_the_menu() -> None:
    d = Driver()
    table = d.table(Match("shithead", seats("bot", "bot", "bot"), seed=3))
    d.frames(5)
    d.key(pygame.K_ESCAPE)
    assert d.app.top.name == "menu" and table.paused
    played = len(table.match.actions)
    d.frames(8, 0.25)  # two seconds under the menu, a bot's move a frame if it were not paused
    assert len(table.match.actions) == played, "the bots played on under the menu"
    d.key(pygame.K_ESCAPE)  # Resume
    assert d.app.top is table and not table.paused
    d.frames(8, 0.25)
    assert len(table.match.actions) > played


class _Beneath(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.got: list[int] = []

    def handle(self, event: InputEvent) -> bool:
        if isinstance(event, Key):
            self.got.append(event.key)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


@register("test-bubble")
class _Bubble(Scene):
    """An overlay that uses only Space and lets the rest through (a coach's bubble)."""

    overlay = True
    input_passes = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.got: list[int] = []

    def handle(self, event: InputEvent) -> bool:
        if isinstance(event, Key) and event.key == pygame.K_SPACE:
            self.got.append(event.key)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, (255, 255, 255), (0, 0, 10, 10))


def test_an_overlay_that_lets_input_pass_hands_on_what_it_did_not_use() -> None:
    d = Driver()
    beneath = d.app.push(_Beneath(d.app))
    bubble = d.app.push("test-bubble")
    assert scene_class("test-bubble") is _Bubble
    d.key(pygame.K_SPACE)
    d.key(pygame.K_a)
    assert bubble.got == [pygame.K_SPACE]
    assert beneath.got == [pygame.K_a]


def test_no_scene_module_imports_another_scene() -> None:
    scenes = {p.stem for p in (UI / "scenes").glob("*.py")}
    for path in UI.rglob("*.py"):
        for node in nodes(path):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cardtable.ui"):
                inside = node.col_offset > 0
                assert not inside, f"{path.name}:{node.lineno} imports {node.module} inside a block"
                parts = node.module.split(".")
                if path.parent.name == "scenes" and parts[:3] == ["cardtable", "ui", "scenes"]:
                    assert parts[3] in {"base", "stats_rows", "setup_page"} and parts[3] in scenes, (
                        f"{path.name} imports the scene module {node.module}")


def test_phone_seats_nobody_can_join_play_at_the_screen_in_the_match_and_its_save(tmp_path,
                                                                                   monkeypatch) -> None:
    from cardtable.net.server import PhoneServer

    def refuse(self) -> None:
        raise OSError("No network port is free")

    monkeypatch.setattr(PhoneServer, "start", refuse)
    paths = app_paths(tmp_path)
    d = Driver(paths=paths)
    d.app.phone_host = "127.0.0.1"
    match = Match("shithead", seats("human", "phone", "bot"), seed=4, saver=d.app.saver)
    d.table(match)
    assert [s.kind for s in match.seats] == ["human", "human", "bot"]
    d.app.messages.extend(d.app.saver.flush())
    saved = load_unfinished(paths)
    assert [s.kind for s in saved[0].saved.seats] == ["human", "human", "bot"]
