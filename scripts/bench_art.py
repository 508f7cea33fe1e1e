"""Measure the drawn assets: card faces at a new width, blits, text and markdown layout.

    python scripts/bench_art.py

Prints milliseconds; run it on an idle machine (the figures are per-call means of a few runs).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from cardtable.ui import text
from cardtable.ui.card_art import CardArt
from cardtable.ui.icon import draw_icon
from cardtable.ui.markdown_view import MarkdownView
from cardtable.ui.sound import SoundBank

SAMPLE = Path(__file__).parent.parent / "tests" / "markdown_sample.md"


def ms(start: float, n: int = 1) -> str:
    return f"{(time.perf_counter() - start) * 1000 / n:.2f} ms"


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1920, 1080))
    for width in (72, 100, 140, 220):
        art = CardArt()
        t = time.perf_counter()
        faces = [art.face(i, width) for i in range(54)]
        art.back(width)
        print(f"54 faces + back at new width {width}: {ms(t)}")
        t = time.perf_counter()
        for _ in range(20):
            for i in range(54):
                art.face(i, width)
        print(f"  cached face() lookup: {(time.perf_counter() - t) * 1e6 / (20 * 54):.2f} µs")
        t = time.perf_counter()
        n = 0
        for _ in range(20):
            for i, face in enumerate(faces):
                screen.blit(face, ((i * 31) % 1700, (i * 17) % 800))
                n += 1
        print(f"  blit one card: {(time.perf_counter() - t) * 1e6 / n:.1f} µs")
    lines = [f"Player {i} plays {i % 9 + 2}♥ {i % 9 + 2}♦ on Q♠ and the pile burns" for i in range(15)]
    t = time.perf_counter()
    for line in lines:
        text.render(line, 18, (236, 236, 228))
    print(f"log of 15 lines, first render: {ms(t)}")
    t = time.perf_counter()
    for _ in range(200):
        for i, line in enumerate(lines):
            screen.blit(text.render(line, 18, (236, 236, 228)), (10, 10 + 22 * i))
    print(f"log of 15 lines, cached render + blit per frame: {ms(t, 200)}")
    view = MarkdownView(SAMPLE.read_text(encoding="utf-8"))
    t = time.perf_counter()
    view.layout(800)
    print(f"markdown sample layout at 800: {ms(t)}")
    t = time.perf_counter()
    for s in range(0, 600, 3):
        view.draw(screen, pygame.Rect(100, 100, 800, 700), s)
    print(f"markdown draw (scrolling): {ms(t, 200)}")
    t = time.perf_counter()
    draw_icon(32)
    print(f"icon 32: {ms(t)}")
    t = time.perf_counter()
    bank = SoundBank()
    print(f"SoundBank() (opens the mixer): {ms(t)}")
    bank.wait_ready()
    print(f"  + background synthesis of all sounds done after: {ms(t)}")


if __name__ == "__main__":
    main()
