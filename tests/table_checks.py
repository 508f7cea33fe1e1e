"""Checks every game's table shares: the layout at every size, a whole bot game through the table
scene, and hot-seat privacy. Each game's test file calls them with its own name and seat range."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import NamedTuple

import pygame
from ui_driver import Driver, faces_drawn

from cardtable.ai import bot_kinds
from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import Action
from cardtable.games import get_game, layout_of
from cardtable.runner.match import Match, Seat
from cardtable.ui.layout import compute
from cardtable.ui.scenes.passto import PassScene
from cardtable.ui.scenes.results import ResultsScene

SIZES = [(960, 600), (1280, 800), (1920, 1080), (3840, 2160)]
NAMES = ("You", "Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")


def layout_problems(game: str, players: int, size: tuple[int, int], viewer: int = 0,
                    ui_scale: float = 1.0) -> list[str]:
    """Zones outside the window or on top of each other (a row and the row on it are one place)."""
    spec = layout_of(get_game(game))
    p = compute(spec, size, players, viewer, ui_scale)
    window = pygame.Rect((0, 0), size)
    places = {
        name: z.rect.union(p.zones[z.on].rect) if z.on else z.rect for name, z in p.zones.items() if not z.on
    }
    places |= {f"plate/{s}": r for s, r in p.plates.items()}
    places["buttons"] = p.buttons_rect
    problems = []
    for z in spec.centre_zones:  # a meter under its pile, clear of the prompt's line
        if z.meter:
            pile = p.zones[z.name]
            depth, _label = p.meters[z.name]
            if depth:
                meter = pygame.Rect(pile.slot.x, pile.rect.bottom, pile.card_w, depth)
                places[f"meter/{z.name}"] = meter
                if meter.bottom > p.prompt_pos[1]:
                    problems.append(f"the meter under {z.name} reaches the prompt's line")
            elif size[0] >= 1280 and ui_scale <= 1.0:
                problems.append(f"no room for the meter under {z.name}")
    seat_zones = [z.name for z in spec.seat_zones]
    for z in seat_zones:
        found = sum(1 for n in p.zones if n.startswith(f"{z}/"))
        if found != players:
            problems.append(f"{found} {z} zones for {players} seats")
    for name, rect in places.items():
        if not (p.table_rect.contains(rect) and window.contains(rect)):
            problems.append(f"{name} {rect} outside the table")
    for (a, ra), (b, rb) in itertools.combinations(places.items(), 2):
        if ra.colliderect(rb):
            problems.append(f"{a} {ra} overlaps {b} {rb}")
    for name in p.zones:
        for card in p.card_rects(name, 12 if name.startswith("hand") else 5):
            if not window.contains(card):
                problems.append(f"a card of {name} at {card} is outside the window")
    return problems


def level(game: str) -> str:
    return "heuristic" if "heuristic" in bot_kinds(game) else "random"


def bot_game_reaches_results(
    game: str, players: int, options=None, seed: int = 7, frames: int = 4000
) -> Match:
    """Every seat a bot, instant speed: the table plays the whole game and shows the results."""
    d = Driver()
    match = Match(game, [Seat(NAMES[i], "bot", level(game)) for i in range(players)], options, seed=seed)
    d.table(match)
    for _ in range(frames):
        d.now += 1 / 60
        for scene in list(d.app.scenes):
            scene.update(d.now)
        if isinstance(d.app.top, ResultsScene):
            break
    assert isinstance(d.app.top, ResultsScene), f"{len(match.actions)} actions and no result"
    assert match.result() is not None
    d.frame()  # and the results screen draws
    return match


def private_cards(match: Match, seat: int) -> set[int]:
    """Cards the seat may not know, anywhere on the table."""
    view = match.state.view(seat).zones()
    real = match.state.zones()
    return {c for z, cards in real.items() for c, seen in zip(cards, view[z], strict=True) if seen == HIDDEN}


class HotSeatRun(NamedTuple):
    passes: int
    """Pass screens shown."""
    turns: int
    """Human turns checked."""
    open_turns: int = 0
    """Of those, turns taken with every hand face down (the game's ``open_kinds``), unpassed."""


def hot_seat_keeps_secrets(
    game: str, kinds: tuple[str, ...], seed: int = 4, turns: int = 40, options=None,
    dealer: int | None = None, pick: Callable[[list[Action]], Action] = lambda legal: legal[0],
) -> HotSeatRun:
    """Two or more humans: every frame drawn while a human is to move shows that human's own hand
    face up and no card that human may not know, or, in a turn that needs no look at one's cards
    (the game's ``open_kinds``), no card any human may not know; the pass screen draws no card at
    all. Humans play ``pick(legal)``."""
    d = Driver()
    match = Match(game, [Seat(NAMES[i], k, level(game)) for i, k in enumerate(kinds)], options, seed=seed,
                  dealer=dealer)
    table = d.table(match)
    passes = checked = unpassed = 0
    for _ in range(turns):
        d.settle(limit=50)
        if match.state.is_over or (d.app.top is not table and not isinstance(d.app.top, PassScene)):
            break
        if isinstance(d.app.top, PassScene):
            table.drawn = []
            d.app.draw()
            assert table.drawn == []
            passes += 1
            d.take_screen()
            continue
        seat = match.state.to_move
        if match.is_bot(seat):
            continue
        d.app.draw()
        shown = faces_drawn(table)
        if table.viewer is None:   # a turn that needs no look at one's cards: every hand face down
            assert table.open_turn() and table.my_turn()
            leaked = shown & set().union(*(private_cards(match, s) for s in match.human_seats))
            assert not leaked, f"{sorted(leaked)} drawn face up while {match.names[seat]} draws"
            unpassed += 1
        else:
            assert table.viewer == seat
            leaked = shown & private_cards(match, seat)
            assert not leaked, f"{sorted(leaked)} drawn face up for {match.names[seat]}"
            assert shown >= set(match.state.zones().get(f"hand/{seat}", ())), "the mover's hand is hidden"
        checked += 1
        table.apply(pick(match.legal()))
        d.frame()
    return HotSeatRun(passes, checked, unpassed)
