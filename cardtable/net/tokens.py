"""Seat tokens: the secret part of each phone seat's address, made fresh for every match."""

from __future__ import annotations

import hmac
import secrets

TOKEN_BYTES = 18
"""144 random bits: nobody on the same Wi-Fi can guess a seat's address."""


class SeatTokens:
    def __init__(self, seats: list[int]) -> None:
        self._by_seat = {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in seats}

    def token(self, seat: int) -> str:
        return self._by_seat[seat]

    def renew(self, seat: int) -> str:
        """A fresh token for ``seat``; the old one opens nothing from now on."""
        self._by_seat[seat] = secrets.token_urlsafe(TOKEN_BYTES)
        return self._by_seat[seat]

    @property
    def seats(self) -> list[int]:
        return list(self._by_seat)

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` opens, or None; compared in constant time so a wrong guess tells
        nothing about how close it came."""
        found = None
        for seat, good in self._by_seat.items():
            if hmac.compare_digest(token.encode("utf-8", "replace"), good.encode()):
                found = seat
        return found
