"""A game's listing: what the title screen shows of a game (its name, title, place and seat
counts), read from the small ``listing.json`` in the game's folder without importing the game.

Importing every game (its rules, bots, tables and options models) costs the title's first frame
more than the rest of the program's start together; the listing lets the title draw the tiles
first and the games load once it is on screen. The registry checks each listing against the
game's own ``Game`` when it loads the game (``check_listing``), so the two never disagree: a
listing that says anything the game does not is a fault naming the game and the part
"listing", and that game is left out like any malformed game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

LISTING_FILE = "listing.json"
FIELDS = ("name", "title", "order", "min_players", "max_players")
"""The keys of a listing, each a ``Game`` trait of the same name."""


class Listing(NamedTuple):
    """A game as the title screen lists it, before the game is loaded."""

    name: str
    title: str
    order: int
    min_players: int
    max_players: int


class ListingError(ValueError):
    """A listing file that cannot be read or says something malformed: the message names the
    folder's game and the part "listing"."""


def read_listing(folder: Path, where: str) -> Listing | None:
    """The listing in ``folder`` (a game's folder; ``where`` names it in messages), None if the
    game has no listing file (the registry then imports it to list it), else ``ListingError``."""
    try:
        raw = (folder / LISTING_FILE).read_bytes()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise ListingError(f"game {where}: part 'listing' cannot be read ({err.strerror or err})") from None
    try:
        data = json.loads(raw)
    except ValueError as err:
        raise ListingError(f"game {where}: part 'listing' is not JSON ({err})") from None
    return listing_from(data, where)


def listing_from(data: Any, where: str) -> Listing:
    """``data`` (a listing file's JSON) as a ``Listing``, else ``ListingError`` saying what is wrong."""
    def fail(problem: str) -> ListingError:
        return ListingError(f"game {where}: part 'listing' {problem}")

    if not isinstance(data, dict):
        raise fail(f"must be a JSON object, not {type(data).__name__}")
    if set(data) != set(FIELDS):
        missing, extra = sorted(set(FIELDS) - set(data)), sorted(set(data) - set(FIELDS))
        said = ([f"missing: {', '.join(missing)}"] if missing else []) + \
            ([f"unknown: {', '.join(extra)}"] if extra else [])
        raise fail(f"must have exactly the keys {', '.join(FIELDS)} ({'; '.join(said)})")
    for key in ("name", "title"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise fail(f"{key} must be a non-empty text, not {data[key]!r}")
    for key in ("order", "min_players", "max_players"):
        if type(data[key]) is not int:
            raise fail(f"{key} must be a whole number, not {data[key]!r}")
    if not 1 <= data["min_players"] <= data["max_players"]:
        raise fail(f"seats {data['min_players']}–{data['max_players']} are not a range of players")
    return Listing(**{key: data[key] for key in FIELDS})


def listing_of(game: Any) -> Listing:
    """What a loaded game's listing must say: its own traits."""
    return Listing(**{key: getattr(game, key) for key in FIELDS})


def listing_mismatch(listed: Listing, game: Any) -> str | None:
    """How ``listed`` disagrees with the loaded ``game`` ("says title 'X', the game 'Y'"), or None."""
    actual = listing_of(game)
    wrong = [f"says {key} {a!r}, the game {b!r}" for key, a, b in zip(FIELDS, listed, actual, strict=True)
             if a != b]
    return "; ".join(wrong) or None
