"""Render every card face at two widths and all backs to one PNG, for checking the art by eye.

    python scripts/card_sheet.py out/cards.png [--widths 72,140] [--four-colour]
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from cardtable.ui.card_art import BACK_COLOURS, CardArt, card_height

FELT = (22, 92, 58)


def sheet(widths: list[int], four_colour: bool) -> pygame.Surface:
    art = CardArt(four_colour=four_colour)
    gap = 8
    rows: list[list[pygame.Surface]] = []
    for w in widths:
        faces = [art.face(i, w) for i in range(54)]
        # Suits by row (clubs, spades, hearts, diamonds), ranks 2..A along it; jokers at the end.
        for suit in range(4):
            rows.append([faces[(r - 2) * 4 + suit] for r in range(2, 15)])
        backs = []
        for colour in BACK_COLOURS:
            art.set_style(four_colour, colour)
            backs.append(art.back(w))
        rows.append([faces[52], faces[53], *backs])
    width = max(sum(s.get_width() + gap for s in row) for row in rows) + gap
    height = sum(card_height(r[0].get_width()) + gap for r in rows) + gap
    out = pygame.Surface((width, height))
    out.fill(FELT)
    y = gap
    for row in rows:
        x = gap
        for s in row:
            out.blit(s, (x, y))
            x += s.get_width() + gap
        y += row[0].get_height() + gap
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--widths", default="72,140")
    ap.add_argument("--four-colour", action="store_true")
    args = ap.parse_args()
    pygame.display.init()
    pygame.font.init()
    img = sheet([int(w) for w in args.widths.split(",")], args.four_colour)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(img, str(args.out))
    print(f"wrote {args.out} {img.get_size()}")


if __name__ == "__main__":
    main()
