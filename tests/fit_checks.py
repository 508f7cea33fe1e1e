"""Draw a scene and check its text: every line inside its box, the box inside the window, and no
two boxes overlapping (issue 16: text fits its box at every Interface size and window size)."""

from __future__ import annotations

import itertools

import pygame

from cardtable.ui import text, theme

SCALES = theme.UI_SCALES
SIZES = [(960, 600), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160), (1000, 1600)]


def _drawn_noting(app, draw) -> list:
    """``draw()`` (a frame, or the app's drawing of one), the top scene's text noted as it is drawn
    (an overlay's own text, not that of the table it covers)."""
    top, placed = app.top, []
    top_draw = top.draw

    def recorded(screen: pygame.Surface) -> None:
        with text.recording() as got:
            top_draw(screen)
        placed.append(got)

    top.draw = recorded  # type: ignore[method-assign]
    try:
        draw()
    finally:
        del top.draw
    assert len(placed) == 1, "the app did not draw its top scene once"
    return placed[0]


def noting_text(app) -> None:
    """From now on, each frame the app draws notes its top scene's text: ``text_problems(app,
    last=True)`` then checks the frame last drawn, where drawing it once more to check it was a
    quarter of the frames of a test that plays on between checks."""
    draw = app.draw

    def noted() -> None:
        top = app.top
        app.text_drawn = (top, _drawn_noting(app, draw))

    app.draw = noted
    app.text_drawn = None


def text_problems(app, last: bool = False) -> list[str]:
    """What is wrong with the text of the top scene (an overlay's own text, not that of the
    table it covers): in one frame drawn as the app draws it (the scenes under an overlay, then
    the top), or in the frame the app drew last (``last``; see ``noting_text``)."""
    if last:
        assert app.text_drawn is not None and app.text_drawn[0] is app.top, "no frame of this scene drawn"
        placed = app.text_drawn[1]
    else:
        placed = _drawn_noting(app, app.draw)
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
