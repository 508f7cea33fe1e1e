"""Draw a scene and check its text: every line inside its box, the box inside the window, and no
two boxes overlapping (issue 16: text fits its box at every Interface size and window size)."""

from __future__ import annotations

import itertools

import pygame

from cardtable.ui import text, theme

SCALES = theme.UI_SCALES
SIZES = [(960, 600), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160), (1000, 1600)]


def text_problems(app) -> list[str]:
    """What is wrong with the text of the top scene (an overlay's own text, not that of the
    table it covers)."""
    top, placed = app.top, []
    draw = top.draw

    def recorded(screen: pygame.Surface) -> None:
        with text.recording() as got:
            draw(screen)
        placed.append(got)

    # One frame as the app draws it (the scenes under an overlay, then the top), the top's text noted
    # as it is drawn: drawing the top a second time to note it cost a third of these tests' time.
    top.draw = recorded  # type: ignore[method-assign]
    try:
        app.draw()
    finally:
        del top.draw
    assert len(placed) == 1, "the app did not draw its top scene once"
    placed = placed[0]
    window = app.screen.get_rect()
    problems = []
    for box, drawn, what in placed:
        if not box.contains(drawn):
            problems.append(f"{what!r} at {drawn} leaves its box {box}")
        if not window.contains(box):
            problems.append(f"the box of {what!r} {box} leaves the window {window.size}")
    for (a, ra, _), (b, rb, _) in itertools.combinations(placed, 2):
        if ra.colliderect(rb) and ra != rb:
            problems.append(f"{a} of {ra} overlaps {b} of {rb}")
    return problems


def widgets_apart(widgets, window: pygame.Rect) -> list[str]:
    """Controls inside the window and not on top of each other."""
    problems = [f"{w} at {w.rect} leaves the window" for w in widgets if not window.contains(w.rect)]
    for a, b in itertools.combinations(widgets, 2):
        if a.rect.colliderect(b.rect):
            problems.append(f"{type(a).__name__} {a.rect} overlaps {type(b).__name__} {b.rect}")
    return problems
