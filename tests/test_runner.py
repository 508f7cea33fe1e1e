"""The match loop and the seat drivers (cardtable.runner), with no window.

Issue 13.3/13.5: every seat is asked through one door with only its own view; a seat that answers
later (a phone over the network) never blocks the loop; each watching seat is shown its own
redacted events; bot-only matches run the same loop at simulate's speed."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.ai import make_bot
from cardtable.ai.base import RandomBot
from cardtable.ai.worker import InlineBots
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, Event, State
from cardtable.engine.seat_events import known_to
from cardtable.games import get_game
from cardtable.runner.drivers import BotSeat, BotService, InProcessBot, SeatDriver
from cardtable.runner.loop import Applied, Bare, MatchLoop, Refused


class Remote(SeatDriver):
    """A seat answering a few polls after it is asked, its first answer illegal (a stale tap)."""

    watches = True

    def __init__(self, seat: int, delay: int = 3) -> None:
        super().__init__()
        self.seat, self.delay = seat, delay
        self.view: State | None = None
        self.legal: Sequence[Action] = ()
        self.waited = 0
        self.seen: list[tuple[State, list[Event]]] = []
        self.reasons: list[str] = []
        self.bot = RandomBot(3)

    def offer(self, view: State, legal: Sequence[Action]) -> None:
        assert view.viewer == self.seat, "a seat is asked with its own view only"
        self.view, self.legal, self.waited = view, legal, 0

    def poll(self) -> Action | None:
        self.waited += 1
        if self.view is None or self.waited < self.delay:
            return None
        if not self.reasons:
            return Action("not_a_move")
        view, self.view = self.view, None
        return self.bot.choose(view)

    def see(self, view: State, events: list[Event]) -> None:
        self.seen.append((view, events))

    def refused(self, action: Action, reason: str) -> None:
        self.reasons.append(reason)
        self.waited = 0


def test_a_remote_seat_is_asked_without_blocking_and_told_only_what_it_may_know() -> None:
    game = get_game("shithead")
    state = game.new_state(["A", "B", "C"], None, 8)
    remote = Remote(0)
    loop = MatchLoop(Bare(state), [remote, InProcessBot(RandomBot(1)), InProcessBot(RandomBot(2))])
    waits = refusals = applied = 0
    while not state.is_over and applied < 400:
        before = known_to(state, 0)
        done = loop.step()
        if done is None:
            waits += 1
        elif isinstance(done, Refused):
            refusals += 1
            assert done.seat == 0 and done.reason
        else:
            applied += 1
            view, events = remote.seen[-1]
            assert view.viewer == 0
            told = {c for ev in events if not (ev.kind == "move" and ev.face_up) for c in ev.cards if c >= 0}
            assert told <= before | known_to(state, 0)
    assert waits > 0 and refusals == 1 and len(remote.seen) == applied
    assert len(remote.reasons) == 1 and remote.reasons[0]  # the rule, for the phone to show


def test_bot_only_play_out_is_the_plain_loop() -> None:
    """simulate's fast path plays exactly the moves the step-by-step loop plays."""
    game = get_game("takku-sum")
    fast = game.new_state(["A", "B", "C"], None, 4)
    slow = game.new_state(["A", "B", "C"], None, 4)
    def bots() -> list[SeatDriver]:
        return [InProcessBot(make_bot("takku-sum", "heuristic", i)) for i in range(3)]

    MatchLoop(Bare(fast), bots()).play_out(20_000)
    assert MatchLoop(Bare(slow), bots()).run(20_000) > 0
    assert fast.is_over and fingerprint(fast) == fingerprint(slow)


def test_a_bot_seat_waits_its_thinking_time_and_a_failed_bot_plays_the_first_legal_move() -> None:
    now = [0.0]
    game = get_game("shithead")
    state = game.new_state(["A", "B"], None, 2)
    service = BotService(InlineBots())
    seats = [BotSeat(service, "shithead", "random", s, 9, f"P{s}", lambda: 0.5, lambda: now[0])
             for s in range(2)]
    loop = MatchLoop(Bare(state), seats)
    assert loop.step() is None and seats[state.to_move].thinking is False  # answered, shown at 0.5 s
    now[0] = 0.6
    assert isinstance(loop.step(), Applied)
    seat = state.to_move
    seats[seat].level = "no-such-bot"
    loop.step()
    now[0] = 2.0
    done = loop.step()
    assert isinstance(done, Applied) and done.action == done.before.legal_actions()[0]
    assert any("P" in n and "failed" in n for n in loop.notes())
