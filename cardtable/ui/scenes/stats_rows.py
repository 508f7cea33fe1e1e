"""What the statistics scene shows, as plain rows: a game's players best first, the kept
replays, money in stakes, and the chart's colours."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.games import games
from cardtable.store.matches import SavedMatch
from cardtable.store.stats import GameStats
from cardtable.ui import theme

WIN_BAR: theme.Colour = (110, 200, 120)
LOSS_BAR: theme.Colour = (220, 90, 80)
MIDDLE_BAR: theme.Colour = (120, 150, 190)


@dataclass(frozen=True)
class Row:
    """One player's line of a game's table, as shown."""

    name: str
    games: int
    wins: int
    losses: int
    mean_place: float
    streak: int
    best_streak: int
    balance: float | None
    assisted: int = 0
    """Games played with undo, hints or a restart."""


@dataclass(frozen=True)
class ReplayRow:
    saved: SavedMatch
    game: str
    date: str
    seats: str
    outcome: str


def game_title(name: str) -> str:
    known = games()
    return known[name].title if name in known else name


def loser_word(name: str) -> str:
    """The column head for losses: the game's word for its loser when it has one."""
    game = games().get(name)
    word = game.loser_title if game is not None else ""
    return word[:1].upper() + word[1:] if word else "Lost"


def win_word(name: str) -> str:
    """The column head for first places: "Wins", or what the game counts instead ("First out")."""
    game = games().get(name)
    return (game.first_title if game is not None else "") or "Wins"


def rows_for(table: GameStats) -> list[Row]:
    """The players of one game, best first: most wins, fewest losses, best mean place, most money."""
    out = []
    for name, p in table.players.items():
        played = sum(p.places.values())
        mean = sum(place * n for place, n in p.places.items()) / played if played else 0.0
        out.append(Row(name, p.games, p.wins, p.losses, round(mean, 2), p.current_streak,
                       p.best_streak, p.balance, p.assisted))
    out.sort(key=lambda r: (-r.wins, r.losses, r.mean_place, -(r.balance or 0.0), r.name.lower()))
    return out


def replay_row(saved: SavedMatch) -> ReplayRow:
    names = saved.names
    outcome = "unfinished"
    if saved.outcome is not None:
        o = saved.outcome
        winners = [names[s] for s, place in enumerate(o.places) if place == 1 and s < len(names)]
        losers = [names[s] for s in o.losers if 0 <= s < len(names)]
        outcome = "won by " + ", ".join(winners) if winners else o.text
        if losers:  # in the game's own word for its loser, as the statistics' column says it
            game = games().get(saved.game)
            title = game.loser_title if game is not None else ""
            who = " and ".join(losers)
            outcome += f"; {who} {'is' if len(losers) == 1 else 'are'} {title}" if title else f"; {who} lost"
    when = saved.updated.astimezone() if saved.updated.tzinfo else saved.updated
    return ReplayRow(saved, game_title(saved.game), when.strftime("%Y-%m-%d %H:%M"),
                     ", ".join(names), outcome)


BALANCE_CENTS = 100
"""Games report money in cents of the stake: shown in stakes."""


def money(value: float | None) -> str:
    if value is None:
        return "–"
    value /= BALANCE_CENTS
    return f"{'+' if value > 0 else '−' if value < 0 else ''}{abs(value):,.2f}"
