"""Saving a surface as PNG with the standard library alone.

pygame writes PNG only through SDL_image, which brings decoders for JPEG, TIFF and WebP that the
game never reads (about 2 MB of the binary). A PNG is a signature and three chunks around one
zlib stream, so the table's screenshots are written here instead.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import Literal

import pygame

SIGNATURE = b"\x89PNG\r\n\x1a\n"
COLOUR_TYPES = {"RGB": 2, "RGBA": 6}
"""PNG colour types of the pixel formats written: truecolour, truecolour with alpha."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` as a PNG file: RGBA if it has per-pixel alpha, else RGB."""
    mode: Literal["RGBA", "RGB"] = "RGBA" if surface.get_flags() & pygame.SRCALPHA else "RGB"
    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, mode)
    stride = w * len(mode)
    # Filter type 0 (none) on every row: the table's flat felt compresses well without filters.
    rows = b"".join(b"\x00" + raw[y * stride:(y + 1) * stride] for y in range(h))
    header = struct.pack(">IIBBBBB", w, h, 8, COLOUR_TYPES[mode], 0, 0, 0)
    chunks = _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, 6)) + _chunk(b"IEND", b"")
    return SIGNATURE + chunks


def save_png(surface: pygame.Surface, path: Path | str) -> None:
    Path(path).write_bytes(png_bytes(surface))
