"""Fscking Ace at the table: Flip (button, F, Space), Stop only after the first flip, a 7♠ turning
the direction arrow, the A♠ and the settlement screen, dealing on and ending the sitting, money as
the option says, every layout from 3 to 10 seats, a whole bot game and hot-seat play."""

from __future__ import annotations

import pygame
import pytest
from table_checks import SIZES, bot_game_reaches_results, hot_seat_keeps_secrets, layout_problems
from ui_driver import Driver, seats

from cardtable.engine.cards import ACE, HEARTS, SPADES, make_card
from cardtable.engine.protocol import Action
from cardtable.games.fscking_ace.game import FsckingAceOptions
from cardtable.runner.match import Match
from cardtable.ui.scenes.passto import PassScene
from cardtable.ui.scenes.results import ResultsScene


def start(kinds=("human", "bot", "bot"), options=None, **settings):
    d = Driver(**settings)
    table = d.table(Match("fscking-ace", seats(*kinds), options, seed=3, dealer=len(kinds) - 1))
    ready(d, table)
    return d, table


def ready(d: Driver, table) -> None:
    """Run bots and pass screens until a human seen by the table is to move."""
    for _ in range(50):
        d.settle()
        if isinstance(d.app.top, PassScene):
            d.take_screen()
            continue
        return


def labels(table) -> list[str]:
    return [w.label for w in table.form.widgets]


def press(d: Driver, table, prefix: str) -> None:
    widget = next(w for w in table.form.widgets if w.label.lower().startswith(prefix))
    d.click(widget.rect.center)


def on_top(table, card: int) -> None:
    """Put ``card`` on top of the pack (a reorder of the face-down pack: nothing is created)."""
    pack = table.match.state.pack
    i = pack.index(card)
    pack[i], pack[-1] = pack[-1], pack[i]


def actions_of(match: Match, seat: int) -> list[Action]:
    return [a for a, s in zip(match.actions, match.movers, strict=True) if s == seat]


def test_stop_is_offered_only_after_the_first_flip_and_banks_the_turn():
    d, table = start()
    assert [w.label.lower() for w in table.form.widgets] == ["flip the top card"]
    five = make_card(5, HEARTS)
    on_top(table, five)
    press(d, table, "flip")
    assert actions_of(table.match, 0) == [Action("flip")]
    assert any(label.lower().startswith("stop") for label in labels(table))
    d.key(pygame.K_s, "s")
    assert actions_of(table.match, 0) == [Action("flip"), Action("stop")]
    assert five in table.match.state.zones()["scored/0"]


@pytest.mark.parametrize(("key", "char"), [(pygame.K_f, "f"), (pygame.K_SPACE, " ")])
def test_f_and_space_flip(key, char):
    d, table = start()
    d.key(key, char)
    assert actions_of(table.match, 0) == [Action("flip")]


def test_the_pack_dragged_onto_this_turn_flips_as_a_click_does():
    """A newcomer dragged the pack onto "This turn" and nothing happened, nothing was said (seen
    walking the lesson): a drag from a place a click moves makes the click's move."""
    d, table = start()
    five = make_card(5, HEARTS)
    on_top(table, five)
    p = table.placement
    d.drag(p.zones["pack"].rect.center, p.zones["turn"].rect.center)
    d.settle()
    assert actions_of(table.match, 0) == [Action("flip")]
    assert table.match.state.zones()["turn"] == [five]


def test_the_7_of_spades_reverses_play_and_the_arrow_turns():
    d, table = start()
    on_top(table, make_card(7, SPADES))
    d.key(pygame.K_f, "f")
    view = table.public_view()
    assert view.direction == -1
    d.app.draw()
    arrow = table.placement.zones["direction"].rect
    red = sum(
        1
        for x in range(arrow.x, arrow.right, 2)
        for y in range(arrow.y, arrow.bottom, 2)
        if tuple(d.app.screen.get_at((x, y)))[:3] == (230, 80, 70)
    )
    assert red > 20  # the counter-clockwise arrow is drawn in red


def test_the_ace_of_spades_shows_the_settlement_then_the_next_round_deals():
    d, table = start(kinds=("human", "human", "human"))
    match = table.match
    on_top(table, make_card(ACE, SPADES))
    d.key(pygame.K_f, "f")
    ready(d, table)
    assert match.state.round_no == 1 and table.viewer == 1
    d.app.draw()
    sheet = table.panel.info(table.panel_context(d.now)).sheet
    assert sheet is not None and len(sheet.rows) == 3
    assert sheet.marked == {0} and sheet.title.startswith(f"Round 1: {match.names[0]} turned the A♠")
    assert {"deal the next round", "end the sitting"} <= {label.lower() for label in labels(table)}
    d.key(pygame.K_n, "n")
    assert actions_of(match, 1) == [Action("next_round")]
    d.app.draw()
    assert table.panel.info(table.panel_context(d.now)).sheet is None
    assert len(match.state.zones()["pack"]) > 40


def test_ending_the_sitting_shows_the_results():
    d, table = start(kinds=("human", "human", "human"))
    on_top(table, make_card(ACE, SPADES))
    d.key(pygame.K_f, "f")
    ready(d, table)
    press(d, table, "end")
    d.frames(3)
    assert isinstance(d.app.top, ResultsScene)
    assert table.match.result() is not None


def test_money_is_shown_as_the_option_says():
    _, table = start(options=FsckingAceOptions(money="points"))
    lines = table.panel.status(table.panel_context(0.0))
    assert lines[1].endswith("pts")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(3, 11))
def test_layout_fits_every_size(players, size):
    for viewer in range(0, players, 3):
        assert layout_problems("fscking-ace", players, size, viewer) == []


def test_a_bot_game_plays_to_the_results():
    match = bot_game_reaches_results("fscking-ace", 4, FsckingAceOptions(round_limit=2))
    assert match.state.round_no == 2


def test_hot_seat_needs_no_pass_screen_since_nothing_is_hidden():
    """Issue 23.4: every card a person at the screen may see, the other may too: no pass screen."""
    run = hot_seat_keeps_secrets("fscking-ace", ("human", "bot", "human"), turns=30)
    assert run.passes == 0 and run.turns >= 10


def test_the_settlement_stays_until_dismissed_when_a_bot_deals_on():
    """Issue 16.10: at Fast speed the settlement vanished after ~3 s when a bot dealt the next
    round; it now stays until the person at the screen clicks or presses a key."""
    d, table = start(kinds=("human", "bot", "bot"), animation_speed="fast")
    match = table.match
    on_top(table, make_card(ACE, SPADES))
    d.key(pygame.K_f, "f")
    d.frames(200, dt=0.1)  # twenty seconds of frames: far past any timed hold
    assert match.state.to_move == 1 and match.state.round_no == 1  # the bot has not dealt on
    assert table.choreo.held
    assert table.panel.info(table.panel_context(d.now)).sheet is not None
    held_at = len(match.actions)
    d.key(pygame.K_SPACE, " ")
    assert not table.choreo.held
    d.frames(100, dt=0.1)
    assert match.actions[held_at] in (Action("next_round"), Action("end_sitting"))


@pytest.mark.parametrize(("twos", "said"), [(1, "Ann kept a 2♠: every payment ×2"),
                                            (2, "Ann kept 2♠ ×2: every payment ×4")])
def test_the_settlement_says_the_losers_2s_of_spades_apart_from_their_count(twos, said):
    """Walking Fscking Ace's lesson, the settlement's note read 'Ann kept 1 2♠: every payment ×2',
    '1 2' one number at a glance (A7: the loser's 2♠ doubles every payment, each one again)."""
    from cardtable.games.fscking_ace.table import settlement_sheet

    def row(seat: int, spade_twos: int, paid: int) -> dict:
        return {"seat": seat, "red_twos": 0, "club_twos": 0, "spade_twos": spade_twos, "paid": paid,
                "cards": 2, "value": 200, "stake": 100, "bonus": 0}

    data = {"round": 1, "loser": 0, "money": "dollars", "total": 600 * 2 ** twos, "most_cards": 2,
            "bonus_seats": [1], "bonus": 0, "spade_twos": twos, "multiplier": 2 ** twos,
            "rows": [row(0, twos, -600 * 2 ** twos), row(1, 0, 300 * 2 ** twos), row(2, 0, 300 * 2 ** twos)]}
    sheet = settlement_sheet(data, ["Ann", "Bea", "Cal"])
    assert sheet.notes[-1] == said


def test_the_settlement_says_a_bonus_nobody_earned_is_shared_not_most_cards_0():
    """Rule book, "The bonus": "If nobody else has banked a card, all the other players tie and
    share it." The settlement read "Most cards (0): Ann, Cal — bonus $20 shared"."""
    from cardtable.games.fscking_ace.table import settlement_sheet

    def row(seat: int, cards: int, paid: int) -> dict:
        return {"seat": seat, "red_twos": 0, "club_twos": 0, "spade_twos": 0, "paid": paid,
                "cards": cards, "value": 100 * cards, "stake": 100, "bonus": 1000 if cards == 0 else 0}

    data = {"round": 2, "loser": 1, "money": "dollars", "total": 2200, "most_cards": 0, "bonus_seats": [0, 2],
            "bonus": 2000, "spade_twos": 0, "multiplier": 1,
            "rows": [row(0, 0, 1100), row(1, 4, -2200), row(2, 0, 1100)]}
    sheet = settlement_sheet(data, ["Ann", "Bea", "Cal"])
    assert sheet.notes[1] == "Nobody banked a card: Ann, Cal share the bonus of $20"
    data.update(most_cards=3, bonus_seats=[2])
    assert settlement_sheet(data, ["Ann", "Bea", "Cal"]).notes[1] == "Most cards (3): Cal — bonus $20"
