"""A game declares its parts once (issue 27 item 1): the registry checks the record when it loads the
game, and a missing or malformed part is reported naming the game and the part, with that game left
out and the others playable: never a silent default found later by a player."""

from __future__ import annotations

from pathlib import Path

import pytest
from every_game import registered
from ui_driver import Driver

from cardtable.ai import bot_kinds
from cardtable.engine.protocol import Event
from cardtable.games import UnknownGame, faults, games, get_game, parts_of
from cardtable.runner.match import Match, Seat
from cardtable.ui.scenes.title import TitleScene, playable_games
from cardtable.ui.widgets import Tile

HOUSE = ["shithead", "cunt-soul", "cersei", "fscking-ace", "takku-sum"]

BROKEN = '''
import dataclasses

from cardtable.games.shithead import PARTS as HOUSE
from cardtable.games.shithead.game import ShitheadGame


class Broken(ShitheadGame):
    name = "broken-heads"
    title = "Broken Heads"


PARTS = dataclasses.replace(HOUSE, game=Broken(), {change})
'''

CASES = {
    "bots={}": ("bots", 'must include "heuristic"'),
    "bots={'heuristic': 'HeuristicBot'}": ("bots", "entry 'heuristic' must name a bot class"),
    "hooks=None": ("hooks", "must be a Hooks record"),
    "levels=None": ("levels", "must be a mapping"),
    "tips=dataclasses.replace(HOUSE.tips, card_tip='card_tip')": ("tips.card_tip", "must be a function"),
    "tips=dataclasses.replace(HOUSE.tips, counted={'burn': 3})": ("tips.counted", "must map event kinds"),
    "tips=None": ("tips", "must be a Tips record"),
    "layout=dataclasses.replace(HOUSE.layout, centre_zones=HOUSE.layout.centre_zones[:2])":
        ("layout", "does not draw the zone 'burn'"),
    "layout=dataclasses.replace(HOUSE.layout, seat_zones=(*HOUSE.layout.seat_zones, "
    "dataclasses.replace(HOUSE.layout.seat_zones[0], name='dwon')))":
        ("layout", "names zones the game does not have: dwon"),
    "lessons=[]": ("lessons", "must be a tuple"),
    "rule_book=HOUSE.rule_book.split('## How to play')[0]": ("rule_book", "needs a 'How to play' section"),
    "rule_book='Broken Heads'": ("rule_book", "'# title' heading"),
    "compiled=['game']": ("compiled", "must be a tuple of module names"),
    "compiled=('nowhere',)": ("compiled", "names 'nowhere', which is not a module of the game's folder"),
}


def write_game(folder: Path, package: str, source: str) -> Path:
    (folder / package).mkdir(parents=True)
    (folder / package / "__init__.py").write_text(source, encoding="utf-8")
    return folder


def test_every_house_game_declares_well_formed_parts() -> None:
    assert faults() == {}
    assert list(games())[:len(HOUSE)] == HOUSE  # and any game CARDTABLE_GAMES names
    for name in HOUSE:
        parts = parts_of(name)
        assert parts.game is get_game(name) and "heuristic" in parts.bots and parts.layout is not None
        assert parts.tips.card_tip is not None and parts.rule_book.startswith("# ")


@pytest.mark.parametrize("change", list(CASES))
def test_a_malformed_part_names_the_game_and_the_part_and_leaves_the_others(tmp_path, change) -> None:
    part, problem = CASES[change]
    folder = write_game(tmp_path, f"broken_{list(CASES).index(change)}", BROKEN.format(change=change))
    with registered(folder):
        fault = " ".join(faults().values())
        assert f"game broken-heads: part {part!r}" in fault and problem in fault, fault
        assert list(games())[:len(HOUSE)] == HOUSE  # and any game CARDTABLE_GAMES names
        with pytest.raises(UnknownGame, match=f"left out: game broken-heads: part '{part}'"):
            get_game("broken-heads")
        assert "heuristic" in bot_kinds("shithead")  # the others stay playable


def test_a_game_without_a_record_or_that_cannot_import_is_named_by_its_folder(tmp_path) -> None:
    write_game(tmp_path, "no_record", "from cardtable.games.shithead.game import GAME\n")
    write_game(tmp_path, "no_import", "import cardtable.games.no_such_module\n")
    with registered(tmp_path):
        found = faults()
        assert found["no_record"] == "game no_record: part 'PARTS' must be a GameParts record, not NoneType"
        assert found["no_import"].startswith("game no_import: ModuleNotFoundError")
        assert list(games())[:len(HOUSE)] == HOUSE  # and any game CARDTABLE_GAMES names


def test_the_title_reports_a_malformed_game_and_offers_the_others(tmp_path) -> None:
    folder = write_game(tmp_path, "broken_title", BROKEN.format(change="tips=None"))
    with registered(folder):
        d = Driver()
        d.app.push(TitleScene(d.app))
        d.frames(2)  # the games are loaded after the first frame, and the title says it then
        title = d.app.top
        assert isinstance(title, TitleScene)
        said = [line for line, _ in title.lines]
        assert any("game broken-heads: part 'tips'" in line for line in said), said
        assert playable_games()[:len(HOUSE)] == HOUSE
        titles = {g.title for g in games().values()}
        tiles = [w for w in title.form.widgets if isinstance(w, Tile) and w.label in titles]
        assert len(tiles) == len(games()) and "Broken Heads" not in titles
        d.app.draw()


def test_a_game_without_a_moment_function_keeps_its_notable_kinds_and_counts() -> None:
    """Cersei declares no ``moment``: its notable kinds' lines are kept and its counted kinds
    counted (Cersei rulings R7: an effective Cersei wins the round; a tie goes to war)."""
    match = Match("cersei", [Seat("Ann"), Seat("Bea")], seed=3)
    tips = parts_of("cersei").tips
    assert tips.moment is None and "cersei" in tips.notable and "war" in tips.counted
    match._note([Event(kind="cersei", text="Cersei takes the round"), Event(kind="war", text="War!"),
                 Event(kind="turn", text="Ann to flip")])
    assert [(kind, line) for _, kind, line in match.moments] == [("cersei", "Cersei takes the round"),
                                                                  ("war", "")]


LISTED = '''
from cardtable.games.shithead import PARTS
'''


def write_listing(folder: Path, package: str, listing: object) -> None:
    import json

    (folder / package / "listing.json").write_text(json.dumps(listing), encoding="utf-8")


def test_every_game_s_listing_says_what_its_game_says(test_games) -> None:
    """Issue 23 item 11: the title draws the listings before any game is loaded; each says what
    the loaded game says, field by field."""
    from cardtable.games import listings
    from cardtable.games.listing import FIELDS, listing_mismatch

    registry_listed = listings()
    assert list(registry_listed)[:len(HOUSE)] == HOUSE and "crazy-eights" in registry_listed
    for name, game in games().items():
        assert listing_mismatch(registry_listed[name], game) is None
        assert {key: getattr(registry_listed[name], key) for key in FIELDS} == \
            {key: getattr(game, key) for key in FIELDS}


def test_a_listing_that_disagrees_with_its_game_leaves_the_game_out_naming_the_listing(tmp_path) -> None:
    write_game(tmp_path, "misled", LISTED)
    write_listing(tmp_path, "misled", {"name": "shithead", "title": "Shithead", "order": 1,
                                       "min_players": 2, "max_players": 9})
    write_game(tmp_path, "garbled", LISTED)
    (tmp_path / "garbled" / "listing.json").write_text("{not json", encoding="utf-8")
    write_game(tmp_path, "short", LISTED)
    write_listing(tmp_path, "short", {"name": "short", "title": "Short"})
    with registered(tmp_path):
        from cardtable.games import listings

        before = listings()  # read without loading: the misled game is listed as it says
        assert before["shithead"].max_players in (5, 9)
        found = faults()
        assert found["misled"] == "game shithead: part 'listing' says max_players 9, the game 5"
        assert found["garbled"].startswith("game garbled: part 'listing' is not JSON")
        assert found["short"] == ("game short: part 'listing' must have exactly the keys name, title, order, "
                                  "min_players, max_players (missing: max_players, min_players, order)")
        assert listings()["shithead"].max_players == 5 and "short" not in listings()
        assert list(games())[:len(HOUSE)] == HOUSE


def test_a_game_listed_but_malformed_shows_its_tile_on_the_first_frame_then_is_left_out_and_named(
        tmp_path) -> None:
    folder = write_game(tmp_path, "broken_listed", BROKEN.format(change="tips=None"))
    write_listing(folder, "broken_listed", {"name": "broken-heads", "title": "Broken Heads", "order": 1,
                                            "min_players": 2, "max_players": 5})
    d = Driver()  # (it loads the games it knows)
    with registered(folder):
        title = TitleScene(d.app)
        d.app.push(title)
        d.frame()
        tiles = [w.label for w in title.form.widgets if isinstance(w, Tile)]
        assert "Broken Heads" in tiles and not title.lines
        d.frame()
        tiles = [w.label for w in title.form.widgets if isinstance(w, Tile)]
        assert "Broken Heads" not in tiles and tiles[:2] == ["Shithead", "Cunt-Soul"]
        assert any("game broken-heads: part 'tips'" in line for line, _ in title.lines)


def test_a_game_without_a_listing_file_is_listed_by_loading_it(tmp_path) -> None:
    """A game kept elsewhere (``CARDTABLE_GAMES``) that has no listing still joins the title."""
    import shutil

    from every_game import TEST_GAMES

    from cardtable.games import listings

    shutil.copytree(TEST_GAMES / "crazy_eights", tmp_path / "crazy_eights",
                    ignore=shutil.ignore_patterns("listing.json", "__pycache__"))
    with registered(tmp_path):
        listed = listings()
        assert listed["crazy-eights"].title == "Crazy Eights" and list(listed)[:len(HOUSE)] == HOUSE
        assert "crazy-eights" in games() and faults() == {}
