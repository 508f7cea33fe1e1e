"""The phone seats of the match at the table: their server, their seat drivers and their join
cards. The server runs while a match with phone seats is on the table, and between a finished game
and its Play again (parked), so the same phones keep their seats without a new scan.

A seat's code is shown on the big screen until its phone has joined; after that only when someone
at the screen clicks the seat's plate ("Show NAME's code"), and then it is a new code: the old
address stops working at once, so a code seen across the table opens nothing it was not shown for.
"""

from __future__ import annotations

from cardtable.engine.table import LayoutSpec
from cardtable.games import teller_of
from cardtable.net.address import is_loopback
from cardtable.net.seat import PhoneSeat
from cardtable.net.server import PhoneServer
from cardtable.runner.match import Match
from cardtable.ui.phones import JoinCard
from cardtable.ui.table.parking import Parking, SeatsKey

__all__ = ["Parking", "Phones", "SeatsKey"]


class Phones:
    def __init__(self, match: Match, layout: LayoutSpec, host: str = "0.0.0.0",
                 parking: Parking | None = None) -> None:
        self.match = match
        self.parking = parking
        self.server: PhoneServer | None = None
        self.drivers: dict[int, PhoneSeat] = {}
        self.asked: set[int] = set()
        """Seats whose code someone at the screen asked to see."""
        self.games = 0
        seats = match.phone_seats
        self.key: SeatsKey = tuple((s, match.names[s]) for s in seats)
        kept = parking.take(self.key) if parking is not None and seats else None
        if not seats:
            return
        if kept is not None:
            server, self.games = kept
        else:
            server = PhoneServer(seats, host=host)
            try:
                server.start()
            except OSError as e:
                match.play_at_screen(seats)  # nobody can join: those players play at this screen
                match.messages.append(f"{e}. The phone seats play at this screen instead.")
                return
        self.server = server
        for seat in seats:
            driver = PhoneSeat(server, seat, layout, teller_of(match.game), self.games)
            driver.see(match.state.view(seat), [])  # a phone that joins before its turn sees its hand
            self.drivers[seat] = driver
        names = ", ".join(match.names[s] for s in seats)
        if kept is not None:
            match.messages.append(f"The phones stay in their seats for this game: {names}.")
        else:
            match.messages.append(f"Phones join by scanning their code: {names}. To move a seat to "
                                  "another phone later, click its plate for a new code.")
        if kept is None and host == "0.0.0.0" and is_loopback(server.public_host):
            match.messages.append("This computer seems to be on no network: phones can join only once it "
                                  "is on the same Wi-Fi as they are.")

    @property
    def seats(self) -> list[int]:
        return list(self.drivers)

    def missing(self) -> list[int]:
        """Phone seats with no phone connected now."""
        if self.server is None:
            return []
        here = self.server.connected()
        return [s for s in self.drivers if s not in here]

    def plate_note(self, seat: int, to_move: bool) -> str:
        if self.server is None or seat not in self.drivers:
            return ""
        if seat not in self.server.connected():
            return "phone away" if seat in self.server.ever_connected() else "waiting for phone"
        return "choosing on phone" if to_move else "on phone"

    def join_cards(self) -> list[JoinCard]:
        """A card for each phone seat that never joined, and for each whose code was asked for
        (until a phone opens the new code)."""
        if self.server is None:
            return []
        ever, here = self.server.ever_connected(), self.server.connected()
        self.asked -= here
        return [JoinCard(self.match.names[s], self.server.url(s), False, s in ever, s in self.asked)
                for s in self.drivers if s not in here and (s not in ever or s in self.asked)]

    def show_code(self, seat: int) -> bool:
        """Someone at the screen clicked ``seat``'s plate: show a new code for it, or hide the one
        shown. False if the seat is not a phone seat."""
        if self.server is None or seat not in self.drivers:
            return False
        if seat in self.asked:
            self.asked.discard(seat)
        elif seat in self.server.ever_connected():
            self.server.renew(seat)
            self.asked.add(seat)
        return True

    def click(self, pos: tuple[int, int], p) -> bool:
        """A click on a phone seat's plate shows (or hides) that seat's code."""
        if self.server is None or p is None:
            return False
        for seat in self.drivers:
            plate = p.plates.get(seat)
            if plate is not None and plate.collidepoint(pos):
                return self.show_code(seat)
        return False

    def close(self, keep: bool = False) -> None:
        """The match leaves the table: a finished game parks its phones for a Play again (the
        results screen closes them if no Play again comes), and so does a game restarted
        (``keep``: the same seats deal again); an unfinished one closes them."""
        if self.server is None:
            return
        if self.parking is not None and (keep or self.match.state.is_over):
            self.parking.park(self.server, self.key, self.games + 1)
        else:
            self.server.stop()
        self.server = None
