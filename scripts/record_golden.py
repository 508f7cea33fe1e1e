"""Record the golden games: fixed deals played by the heuristic bots, kept as action lists with what
the engine did (each action's card moves, the final zones, the result and the state's fingerprint).

``tests/test_golden_games.py`` replays them through the engine alone, so a refactor or a speed-up that
changes any move, any zone or the state's fingerprint (which old saves are checked against) fails.
Re-record only when a rule changes on purpose, and say which games moved:

    python scripts/record_golden.py            # writes tests/golden/games.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cardtable.ai import make_bot
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Event
from cardtable.games import games

OUT = Path(__file__).resolve().parent.parent / "tests" / "golden" / "games.json"
SEEDS = range(6)
ACTION_LIMIT = 3000


def moves(events: list[Event]) -> list[list[object]]:
    """What an action did to the cards, without the log's words (those may be reworded)."""
    return [[e.kind, list(e.cards), e.src, e.dst, e.face_up, e.seat] for e in events]


def record(name: str, players: int, seed: int) -> dict[str, object]:
    game = games()[name]
    names = [f"P{i + 1}" for i in range(players)]
    state = game.new_state(names, None, seed)
    bots = [make_bot(name, "heuristic", seed * 31 + i) for i in range(players)]
    actions, steps = [], []
    while state.to_move is not None and len(actions) < ACTION_LIMIT:
        action = bots[state.to_move].choose(state.view(state.to_move))
        actions.append(action.to_json())
        steps.append(moves(state.apply(action)))
    result = state.result()
    return {
        "game": name, "players": players, "seed": seed, "actions": actions, "moves": steps,
        "zones": state.zones(), "fingerprint": fingerprint(state),
        "result": None if result is None else [list(result.places), list(result.losers)],
    }


def main() -> int:
    recorded = []
    for name, game in games().items():
        for players in sorted({game.min_players, min(game.max_players, 4)}):
            for seed in SEEDS:
                recorded.append(record(name, players, seed))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(recorded, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(recorded)} games, {sum(len(r['actions']) for r in recorded)} actions -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
