"""Cunt-Soul's positions digest as they always have: a spread of seeded games (2 to 8 seats, every
house rule, random and heuristic players) digested at every position, against digests recorded
from the code before the turn's pending decisions became one queue (issue 27, item 4). A change to
how the state keeps its fields must leave every digest byte-identical: the fingerprint (private
fields by their old names, which the golden games and the undo history compare), the save's
position check (``engine.position``) and the fingerprint of a view (what a bot is given).

Re-record only when a rule changes on purpose: ``python cardtable/games/cunt_soul/test_digests.py``."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from cardtable.ai import make_bot
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.position import position_check
from cardtable.engine.rng import Rng
from cardtable.games.cunt_soul.game import GAME, CuntSoulOptions, CuntSoulState

FIXTURE = Path(__file__).with_suffix(".json")

# (seats, seed, options, players): every house rule is on in some game; "random" players pick any
# legal action (every phase comes up), "heuristic" ones play whole games to their end.
GAMES: tuple[tuple[int, int, dict[str, Any], str], ...] = (
    (2, 1, {}, "random"),
    (3, 2, {"refill_timing": "end_of_turn"}, "random"),
    (4, 3, {"ace_count": "consecutive", "voluntary_pickup": True}, "random"),
    (5, 4, {"field5_look_first": True, "finished_field": "stays"}, "random"),
    (6, 5, {"field4_run_multiples": False, "stalemate_rounds": 2}, "random"),
    (8, 6, {"field5_look_first": True, "refill_timing": "end_of_turn"}, "random"),
    (3, 7, {}, "random"),
    (4, 8, {"voluntary_pickup": True}, "random"),
    (2, 9, {}, "heuristic"),
    (3, 10, {"refill_timing": "end_of_turn", "field5_look_first": True}, "heuristic"),
    (4, 11, {"ace_count": "consecutive", "finished_field": "stays"}, "heuristic"),
    (5, 12, {}, "heuristic"),
)
ACTION_LIMIT = 400


def _short(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def digests(seats: int, seed: int, options: dict[str, Any], players: str) -> tuple[list[str], list[int]]:
    """One short digest per position of this game (the state's fingerprint, its position check and
    the fingerprint of one seat's view), and the phases its positions were in."""
    st = GAME.new_state([f"P{i}" for i in range(seats)], CuntSoulOptions(**options), seed)
    assert isinstance(st, CuntSoulState)
    pick = Rng(seed * 7919 + 1)
    bots = [make_bot(GAME.name, "heuristic", seed * 31 + i) for i in range(seats)] if players == "heuristic" \
        else []
    out: list[str] = []
    phases: list[int] = []
    for i in range(ACTION_LIMIT + 1):
        view = st.view(i % seats)
        out.append(_short(fingerprint(st) + position_check(st) + fingerprint(view)))
        phases.append(st.phase)
        if st.to_move is None or i == ACTION_LIMIT:
            break
        if bots:
            action = bots[st.to_move].choose(st.view(st.to_move))
        else:
            legal = st.legal_actions()
            action = legal[pick.below(len(legal))]
        st.apply(action)
    return out, phases


def record() -> list[dict[str, Any]]:
    return [{"seats": n, "seed": seed, "options": opts, "players": who,
             "digests": digests(n, seed, opts, who)[0]} for n, seed, opts, who in GAMES]


def test_every_position_digests_as_recorded() -> None:
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert [(r["seats"], r["seed"], r["options"], r["players"]) for r in recorded] == list(GAMES)
    seen_phases: set[int] = set()
    for rec, (n, seed, opts, who) in zip(recorded, GAMES, strict=True):
        got, phases = digests(n, seed, opts, who)
        seen_phases.update(phases)
        first = next((i for i, (a, b) in enumerate(zip(got, rec["digests"], strict=False)) if a != b), None)
        assert first is None and len(got) == len(rec["digests"]), \
            f"{n} seats, seed {seed}: position {first} digests differently (of {len(got)})"
    # the spread reaches every decision a turn can ask (so the queue's every path is digested)
    assert seen_phases == set(range(12)), sorted(set(range(12)) - seen_phases)


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(record(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(GAMES)} games -> {FIXTURE}", file=sys.stderr)
