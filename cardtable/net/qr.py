"""The join link as a QR code: a matrix of dark modules the table draws itself."""

from __future__ import annotations

import segno


def qr_matrix(text: str) -> list[list[bool]]:
    """Rows of modules (True: dark), with the quiet zone a phone camera needs around it."""
    code = segno.make(text, error="m", micro=False)
    return [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=4)]
