"""Seat tokens: the secret part of each phone seat's address, made fresh for every match."""

from __future__ import annotations

import hmac
import secrets

TOKEN_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""Lower-case letters and digits with no two a player could mistake when typing the address from
the screen (no 0 and o, no 1, l and i): the join card shows it for a phone that cannot scan."""
TOKEN_LENGTH = 26
"""26 of 31 symbols: over 128 random bits, so nobody on the same Wi-Fi can guess a seat's address."""


def new_token() -> str:
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))


class SeatTokens:
    def __init__(self, seats: list[int]) -> None:
        self._by_seat = {seat: new_token() for seat in seats}

    def token(self, seat: int) -> str:
        return self._by_seat[seat]

    def renew(self, seat: int) -> str:
        """A fresh token for ``seat``; the old one opens nothing from now on."""
        self._by_seat[seat] = new_token()
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
