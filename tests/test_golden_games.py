"""The golden games (scripts/record_golden.py): fixed deals replayed through the engine alone must
make exactly the recorded moves and reach the recorded zones, result and fingerprint. The
fingerprint is what a saved match is checked against on Continue, so it may not drift either."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action
from cardtable.games import get_game

GOLDEN = json.loads((Path(__file__).parent / "golden" / "games.json").read_text(encoding="utf-8"))


def _moves(events: list) -> list[list[object]]:
    return [[e.kind, list(e.cards), e.src, e.dst, e.face_up, e.seat] for e in events]


@pytest.mark.parametrize("rec", GOLDEN, ids=lambda r: f"{r['game']}-{r['players']}p-seed{r['seed']}")
def test_golden_game_replays_exactly(rec: dict) -> None:
    state = get_game(rec["game"]).new_state([f"P{i + 1}" for i in range(rec["players"])], None, rec["seed"])
    for i, (action, expected) in enumerate(zip(rec["actions"], rec["moves"], strict=True)):
        assert _moves(state.apply(Action.from_json(action))) == expected, f"action {i}: {action}"
    assert json.loads(json.dumps(state.zones())) == rec["zones"]
    result = state.result()
    assert (None if result is None else [list(result.places), list(result.losers)]) == rec["result"]
    assert fingerprint(state) == rec["fingerprint"]
