"""Write the application icon: cardtable/assets/icon.png (256 × 256) and icon.ico (16–256 px).

    python scripts/make_icon.py [ASSETS_DIR]

The icon is our own drawing (``cardtable.ui.icon.draw_icon``); the generated files are committed so
the packaged app and the window need no drawing at start-up. The .ico holds one PNG image per size
(the format Windows has read since Vista), each drawn at its own size rather than scaled down.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from cardtable.ui.icon import draw_icon

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file: ICONDIR, one ICONDIRENTRY per image, then the PNG data."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "cardtable" / "assets"
    pygame.display.init()
    pygame.font.init()
    images = {size: png_bytes(draw_icon(size)) for size in ICO_SIZES}
    (out / "icon.png").write_bytes(images[256])
    (out / "icon.ico").write_bytes(ico_bytes(images))
    print(f"wrote {out / 'icon.png'} and {out / 'icon.ico'} ({', '.join(map(str, ICO_SIZES))} px)")


if __name__ == "__main__":
    main()
