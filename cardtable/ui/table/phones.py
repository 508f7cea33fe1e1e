"""The phone seats of the match at the table: their server, their seat drivers and their join
cards. The server runs only while a match with phone seats is on the table."""

from __future__ import annotations

import pygame

from cardtable.engine.table import LayoutSpec
from cardtable.net.address import is_loopback
from cardtable.net.seat import PhoneSeat
from cardtable.net.server import PhoneServer
from cardtable.runner.match import Match
from cardtable.ui.phones import JoinCard, draw_join_cards

Rect = pygame.Rect


class Phones:
    def __init__(self, match: Match, layout: LayoutSpec, host: str = "0.0.0.0") -> None:
        self.match = match
        self.server: PhoneServer | None = None
        self.drivers: dict[int, PhoneSeat] = {}
        seats = match.phone_seats
        if not seats:
            return
        server = PhoneServer(seats, host=host)
        try:
            server.start()
        except OSError as e:
            match.play_at_screen(seats)  # nobody can join: those players play at this screen
            match.messages.append(f"{e}. The phone seats play at this screen instead.")
            return
        self.server = server
        for seat in seats:
            driver = PhoneSeat(server, seat, layout)
            driver.see(match.state.view(seat), [])  # a phone that joins before its turn sees its hand
            self.drivers[seat] = driver
        names = ", ".join(match.names[s] for s in seats)
        match.messages.append(f"Phones join by scanning their code: {names}.")
        if host == "0.0.0.0" and is_loopback(server.public_host):
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
            return "waiting for phone"
        return "choosing on phone" if to_move else "on phone"

    def join_cards(self) -> list[JoinCard]:
        if self.server is None:
            return []
        ever = self.server.ever_connected()
        return [JoinCard(self.match.names[s], self.server.url(s), False, s in ever) for s in self.missing()]

    def draw(self, surface: pygame.Surface, p, viewer: int | None) -> None:
        """While a phone seat has no phone: its join card over the table, above the prompt, the
        buttons and the cards of whoever plays at this screen, so they can play on meanwhile."""
        cards = self.join_cards()
        if not cards:
            return
        bottom = min(p.buttons_rect.top, p.prompt_pos[1] - p.text_px * 2)
        if viewer is not None and viewer in p.seat_areas:
            bottom = min(bottom, p.seat_areas[viewer].top)
        area = Rect(p.table_rect.x, p.table_rect.y, p.table_rect.w, bottom - p.table_rect.y)
        area = area.inflate(-p.text_px * 2, -p.text_px)
        if area.h < p.text_px * 8:
            return
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, area)
        draw_join_cards(surface, area, cards, p.text_px)

    def close(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None
