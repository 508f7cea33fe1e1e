"""The phone server of a finished game, parked between the results and a Play again.

Kept apart from the phone seats' module so the app can hold its (empty) parking from the start
without loading the network code, which only a match with phone seats needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.net.server import PhoneServer

SeatsKey = tuple[tuple[int, str], ...]
"""The phone seats by place and name: a Play again keeps the phones only if these are the same."""


class Parking:
    """The phone server of a finished game, kept for a Play again with the same phone seats. The
    app holds one; anything that leaves the results another way closes it (the phones are told the
    table has closed)."""

    def __init__(self) -> None:
        self.server: PhoneServer | None = None
        self.seats: SeatsKey = ()
        self.games = 0

    def park(self, server: PhoneServer, seats: SeatsKey, games: int) -> None:
        self.close()
        self.server, self.seats, self.games = server, seats, games

    def take(self, seats: SeatsKey) -> tuple[PhoneServer, int] | None:
        """The parked server if it serves exactly ``seats``; any other is closed."""
        server, games = self.server, self.games
        self.server = None
        if server is not None and self.seats == seats:
            return server, games
        if server is not None:
            server.stop()
        return None

    def close(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None
