"""Drive the App headless with synthetic pygame events through the real input layer."""

from __future__ import annotations

import pygame

from cardtable.ai.worker import InlineBots
from cardtable.engine.cards import HIDDEN
from cardtable.games import games
from cardtable.runner.match import Match, Seat
from cardtable.store.paths import AppPaths
from cardtable.store.settings import Settings
from cardtable.ui.app import App
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.timings import PASS_GUARD


class Driver:
    def __init__(self, size: tuple[int, int] = (1280, 800), paths: AppPaths | None = None,
                 **settings: object) -> None:
        # Tests meet the table, not the first-time How to play (they ask for it by clearing this).
        base = {"animation_speed": "instant", "sound_on": False, "how_to_play_seen": list(games())}
        base.update(settings)
        self.now = 1000.0
        self.app = App(Settings(**base), paths=paths, bots=InlineBots(), size=size)
        self.app.input.clock = lambda: self.now
        self.app.now = self.now
        pygame.event.clear()

    def frame(self, dt: float = 1 / 60) -> None:
        self.now += dt
        self.app.step(self.now)

    def frames(self, n: int, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.frame(dt)

    def post(self, kind: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def click(self, pos: tuple[int, int], frames: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(frames)

    def double_click(self, pos: tuple[int, int]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        for _ in range(2):
            self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frame()

    def drag(self, src: tuple[int, int], dst: tuple[int, int], steps: int = 6) -> None:
        src = (int(src[0]), int(src[1]))
        self.post(pygame.MOUSEMOTION, pos=src, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=src, button=1)
        self.frame()
        for i in range(1, steps + 1):
            p = (src[0] + (dst[0] - src[0]) * i // steps, src[1] + (dst[1] - src[1]) * i // steps)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frame()
        self.post(pygame.MOUSEBUTTONUP, pos=(int(dst[0]), int(dst[1])), button=1)
        self.frame()

    def key(self, key: int, unicode: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode=unicode)
        self.frame()

    def take_screen(self) -> None:
        """The next person takes the pass screen: a moment after it appears, as a person does
        (it takes no press sooner: that was the last player's)."""
        self.frame(PASS_GUARD)
        self.key(pygame.K_RETURN)

    def table(self, match: Match) -> TableScene:
        scene = TableScene(self.app, match)
        self.app.push(scene)
        self.frame()
        return scene

    def settle(self, limit: int = 600) -> None:
        """Run frames until nothing flies and a human (seen by the table) is to move, the game is
        over, or another scene (the pass screen, the results) is on top."""
        for _ in range(limit):
            top = self.app.top
            if not isinstance(top, TableScene):
                return
            state = top.match.state
            waiting = state.is_over or (not top.match.is_bot(state.to_move)
                                        and (top.viewer == state.to_move or top.my_turn()))
            if waiting and not top.busy(self.now):
                return
            self.frame()


def ask_hint(driver: Driver, table: TableScene):
    """Press H and run frames until the hint comes (the bots' worker answers in a frame or two)."""
    driver.key(pygame.K_h, "h")
    for _ in range(80):
        if table.comforts.hint is not None:
            return table.comforts.hint
        driver.frame()
    raise AssertionError("no hint came")


def seats(*kinds: str) -> list[Seat]:
    names = ("You", "Bea", "Cal", "Dot", "Eli")
    return [Seat(names[i], k) for i, k in enumerate(kinds)]


def sprite_of(table: TableScene, card: int):
    """The card's sprite: by its id if the viewer knows it, else by where it really lies (the
    table draws a card the viewer may not know under its place's stand-in key)."""
    sprites = table.compose(table.app_time())
    hit = next((s for s in sprites if s.card == card), None)
    if hit is not None:
        return hit
    zone, index = next((z, cs.index(card)) for z, cs in table.match.state.zones().items() if card in cs)
    return next(s for s in sprites if s.zone == zone and s.index == index)


def faces_drawn(table: TableScene) -> set[int]:
    return {face for face, _, _ in table.drawn if face != HIDDEN}


def to_turn(driver: Driver, table: TableScene, seat: int = 0) -> None:
    """Run the game (bots, and the first legal choice for ``seat``'s setup and opening) until
    ``seat`` takes an ordinary turn."""
    from cardtable.games.shithead.game import TURN

    for _ in range(400):
        driver.settle()
        state = table.match.state
        ready = driver.app.top is table and table.viewer == seat
        if ready and state.to_move == seat and state.phase == TURN and state.opening < 0:
            return
        if driver.app.top is not table:
            driver.take_screen()  # the pass screen of hot-seat play
        elif not table.match.is_bot(state.to_move) and state.to_move == table.viewer:
            table.apply(state.legal_actions()[0])
        driver.frame()
    raise AssertionError("never reached an ordinary turn")


def rig(table: TableScene, seat: int, hand: list[int], pile: list[int] = ()) -> None:
    """Make ``seat``'s hand and the play pile exactly these cards, swapping every card with the
    draw pile so that no card is created or lost (a test knows the game; the table does not)."""
    from cardtable.engine.cards import RANK

    state = table.match.state
    wanted = set(hand) | set(pile)
    state.draw.extend(state.pile)
    state.pile.clear()
    state.draw.extend(state.hands[seat])
    state.hands[seat].clear()
    spare = [c for c in state.draw if c not in wanted and RANK[c] != 3]
    for cards in state.card_lists():
        if cards is state.draw:
            continue
        for i, c in enumerate(cards):
            if c in wanted:
                sub = spare.pop()
                state.draw.remove(sub)
                cards[i] = sub
    for c in wanted:
        if c in state.draw:
            state.draw.remove(c)
    state.hands[seat].extend(hand)
    state.pile.extend(pile)
    state.forget_legal()  # the engine's memo of legal actions is stale now
    table.version += 1
    table._rebuild_buttons()
