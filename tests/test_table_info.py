"""Each game's side panel as data: its Teller describes a TableInfo from the view's public facts
and the events, with no pygame (issue 13 item 1). The drawing is checked by the per-game UI tests;
these check what is described."""

from __future__ import annotations

import subprocess
import sys

from cardtable.engine.cards import HIDDEN, KING, QUEEN, SPADES, make_card, parse_card, parse_cards
from cardtable.engine.protocol import Action, Event
from cardtable.engine.table import Badge, Seen, Teller
from cardtable.games import games, get_game, teller_of
from cardtable.games.cunt_soul.table import KINGS_CANCEL

NAMES = ["Ann", "Bea", "Cal"]


def seen(state, viewer: int = 0, sizes=None) -> Seen:
    view = state.view(viewer)
    return Seen(view, NAMES[: len(state.names)], viewer, view.zones(), sizes)


def test_the_descriptions_need_no_pygame() -> None:
    code = (
        "import sys\n"
        "from cardtable.games import games, teller_of\n"
        "for g in games().values():\n"
        "    teller_of(g)\n"
        "assert 'pygame' not in sys.modules, 'a table description imported pygame'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_game_has_a_teller_and_a_game_without_one_gets_the_plain_one() -> None:
    for game in games().values():
        assert isinstance(teller_of(game), Teller)
    assert type(teller_of(get_game("shithead"))) is Teller  # no side panel: nothing extra shown


def test_field_kings_read_by_parity() -> None:
    """cunt-soul A41: an odd number of Field Ks reverses the ordering; an even number is normal."""
    state = get_game("cunt-soul").new_state(NAMES, None, 1)
    teller = teller_of(state.game)
    counts = [0] * len(state.fc)
    counts[KING] = 1
    state.fc = tuple(counts)
    assert "Field K: play equal or lower" in teller.describe(seen(state)).status
    counts[KING], counts[QUEEN] = 2, 1
    state.fc = tuple(counts)
    lines = teller.describe(seen(state)).status
    assert lines[0] == "Field abilities"
    assert f"Field K ×2: {KINGS_CANCEL}" in lines and "Field Q: no card abilities stack" in lines


def test_each_field_line_is_one_label_and_its_words() -> None:
    """cunt-soul R38: "Field J: after each play: choose who is next" read as two labels; each line
    of the side box is "Field X: what it does", one colon."""
    from cardtable.games.cunt_soul.table import FIELD_WORDS

    state = get_game("cunt-soul").new_state(NAMES, None, 1)
    teller = teller_of(state.game)
    state.fc = tuple(1 if r in FIELD_WORDS else 0 for r in range(len(state.fc)))
    lines = teller.describe(seen(state)).status[1:]
    assert len(lines) == len(FIELD_WORDS)
    assert all(line.count(":") == 1 for line in lines), lines
    assert "Field J: who plays next is chosen after each turn" in lines


def test_swapped_in_face_up_cards_are_described_turned() -> None:
    """cunt-soul R42, A53: a face-up card swapped in by a 5 lies horizontal."""
    state = get_game("cunt-soul").new_state(NAMES, None, 1)
    card = state.hands[0][0]
    state.horizontal = [card]
    assert teller_of(state.game).describe(seen(state)).rotated == {card}


def test_only_your_cards_of_the_wildcard_rank_are_starred() -> None:
    """takku-sum A5: the wildcard is a rank; the indicator's rank is starred in the viewer's hand."""
    state = get_game("takku-sum").new_state(NAMES[:2], None, 1)
    assert state.wildcard_value == 12  # a Queen is the indicator
    queens = set(parse_cards("Qh Qs"))
    assert state.wild_in([*parse_cards("Qh Qs 4d"), HIDDEN]) == queens
    hand = state.hands[0]
    for i, card in enumerate(parse_cards("Qh 4d")):  # swapped in from where they lie: none made
        if card not in hand:
            holder = next(cards for cards in state.card_lists() if card in cards)
            holder[holder.index(card)], hand[i] = hand[i], card
    info = teller_of(state.game).describe(seen(state))
    assert parse_card("Qh") in info.marks and parse_card("4d") not in info.marks and info.mark_label == "wild"
    assert info.markers[0].shape == "both" and info.markers[0].word == "Undecided"
    assert info.badges[0] == Badge("points/0", "0/5 pts", lit=False)


def test_the_ace_of_spades_settlement_becomes_a_sheet_with_the_loser_marked() -> None:
    """fscking-ace R13-R15: the A♠'s turner pays everyone; the sheet shows who pays whom and why."""
    state = get_game("fscking-ace").new_state(NAMES, None, 1)
    teller = teller_of(state.game)
    pack = state.pack
    pack.append(pack.pop(pack.index(make_card(14, SPADES))))  # the A♠ on top: a reorder, no new card
    seat = state.to_move
    events = state.apply(Action("flip"))
    for ev in events:
        teller.hear(ev, {})
    sheet = teller.describe(seen(state)).sheet
    assert sheet is not None and len(sheet.rows) == 3
    assert sheet.marked == {seat} and sheet.rows[seat][0] == NAMES[seat]
    assert sheet.title.startswith(f"Round 1: {NAMES[seat]} turned the A♠ and pays")
    teller.hear(Event("shuffle"), {})
    assert state.between_rounds() and teller.describe(seen(state)).sheet is not None  # the view keeps it


def test_told_values_sit_on_the_contest_cards_as_they_lay() -> None:
    """cersei R5-R6: each layer's values shown on the participants' top contest cards."""
    state = get_game("cersei").new_state(NAMES[:2], None, 1)
    teller = teller_of(state.game)
    told = Event("values", "Values: Ann 7, Bea unbeatable",
                 data={"by_seat": (7, 9), "in_play": (0, 1), "unbeatable": 1})
    teller.hear(told, {"contest/0": 1, "contest/1": 2})
    info = teller.describe(seen(state))
    assert set(info.badges) == {Badge("contest/0", "7", on_top=1), Badge("contest/1", "unbeatable", on_top=2)}
    assert info.status[0] == "Cersei played 0 of 3" and info.meters[0].of == 3
    teller.hear(Event("move", "", (), "contest/0", "pot"), {})
    assert teller.describe(seen(state)).badges == ()


def test_cersei_badges_come_from_the_events_data_not_their_words() -> None:
    """Issue 27.6: the values panel read "Values: Ann 7, Bob 5" back out of the log line, so a player
    named "Smith, Ann" lost her badge. Played through the engine, every layer's values reach the
    badges by seat whatever the names, and the round's winning card is lit."""
    names = ["Smith, Ann", "Bo 7"]
    game = get_game("cersei")
    checked = set()
    for seed in range(40):
        state = game.new_state(names, None, seed)
        teller = teller_of(game)
        while state.to_move is not None and len(checked) < 2:
            for ev in state.apply(state.legal_actions()[0]):
                teller.hear(ev, {z: len(c) for z, c in state.zones().items()})
                info = teller.describe(seen(state))
                if ev.kind == "values":
                    by_seat, unbeatable = ev.data["by_seat"], ev.data["unbeatable"]
                    assert {b.zone: b.text for b in info.badges} == {
                        f"contest/{s}": "unbeatable" if s == unbeatable else str(by_seat[s])
                        for s in ev.data["in_play"]
                    }, ev.text
                    checked.add("values")
                elif isinstance(ev.data, dict) and "winner" in ev.data:
                    assert [g.zone for g in info.glows] == [f"contest/{ev.data['winner']}"], ev.text
                    checked.add("winner")
        if len(checked) == 2:
            return
    raise AssertionError(f"only {checked} seen in 40 deals")


def test_a_cunt_soul_burn_says_why_as_data() -> None:
    """cunt-soul R12, R27, R37: a burn's event names its cause (four in a row, a 10, a paradox) as
    data, so nothing needs to read the log line to know why the pile went."""
    from cardtable.engine.rng import Rng
    from cardtable.games.cunt_soul import kinds

    game = get_game("cunt-soul")
    causes = set()
    for seed in range(30):
        state = game.new_state(NAMES[:3], None, seed)
        rng = Rng(seed)
        while state.to_move is not None:
            legal = state.legal_actions()
            for ev in state.apply(legal[rng.below(len(legal))]):
                if ev.kind == kinds.BURN:
                    assert ev.data["cause"] in (kinds.FOUR_IN_A_ROW, kinds.TEN_BURNS, kinds.PARADOX_BURNS)
                    assert ev.data["recycled"] == (ev.dst == "source")
                    assert ev.text.lower().startswith("four") == (ev.data["cause"] == kinds.FOUR_IN_A_ROW)
                    causes.add(ev.data["cause"])
    assert {kinds.FOUR_IN_A_ROW, kinds.TEN_BURNS} <= causes
