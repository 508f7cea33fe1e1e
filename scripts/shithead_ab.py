"""A/B digests of seeded Shithead games, for speed work that must keep every move (issue 28): run
it under each package and compare the two files (``cmp``); the same digests mean the same games.

    python scripts/shithead_ab.py GAMES OUT.json

Each game (2 to 5 seats, both rule options, heuristic, forcing and random players) is digested
(sha256) over every action, each bot's stream after its choice, every event's kind, fields, text
and type, the fingerprints of the mover's view and another seat's every ten actions with the legal
list, the state's every 25 actions, the result; and a quiet playout from a second deal (the
searches' way: ``prepare``, a policy on the state) with its rewards, the policy's stream and its
final fingerprint. Run the frozen package from outside the worktree (an editable install puts the
worktree first on the path).
"""

from __future__ import annotations

import hashlib
import json
import sys

from cardtable.ai import make_bot
from cardtable.ai.search import playout
from cardtable.ai.search_hooks import Hooks, hooks_for
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Event
from cardtable.engine.rng import Rng
from cardtable.games.shithead.game import GAME, ShitheadOptions


def event_text(e: Event) -> str:
    fields = (e.kind, e.text, e.cards, e.src, e.dst, e.face_up, e.seat, e.data)
    return repr((*fields, type(e).__name__, tuple(e)))


def one(g: int) -> tuple[str, int]:
    seeds = Rng(1000 + g)
    n = 2 + g % 4
    opts = ShitheadOptions(ten_wild=g % 3 == 0, backfire_needs_count=g % 5 == 0)
    kinds = ["heuristic", "forcing", "heuristic", "random"]
    kind = kinds[g % 4] if g % 7 else "random"
    bots = [make_bot("shithead", kind if i % 2 == 0 else "heuristic", seeds.next64()) for i in range(n)]
    st = GAME.new_state([f"P{i}" for i in range(n)], opts, seeds.next64())
    h = hashlib.sha256()
    steps = 0
    while st.to_move is not None:
        s = st.to_move
        v = st.view(s)
        other = st.view((s + 1) % n)
        if steps % 10 == 0:
            h.update(fingerprint(v).encode())
            h.update(fingerprint(other).encode())
            h.update(repr(st.legal_actions()).encode())
        a = bots[s].choose(v)
        h.update(repr((a, bots[s].rng.state)).encode())
        for e in st.apply(a):
            h.update(event_text(e).encode())
        steps += 1
        if steps % 25 == 0:
            h.update(fingerprint(st).encode())
    h.update(fingerprint(st).encode())
    h.update(repr(st.result()).encode())
    st2 = GAME.new_state([f"P{i}" for i in range(n)], opts, seeds.next64())
    hooks = hooks_for(st2)
    whole = Hooks(prepare=hooks.prepare, reward=hooks.reward)
    assert whole.prepare is not None
    whole.prepare(st2)
    policy = make_bot("shithead", "heuristic" if g % 2 else "forcing", seeds.next64())
    rewards = playout(st2, st2, whole, policy, seeds.next64())
    h.update(repr((rewards, policy.rng.state)).encode())
    h.update(fingerprint(st2).encode())
    return h.hexdigest()[:16], steps


def main() -> None:
    games, out = int(sys.argv[1]), sys.argv[2]
    digests = [one(g) for g in range(games)]
    with open(out, "w") as f:
        json.dump(digests, f)
    print(games, "games", sum(s for _, s in digests), "actions")


if __name__ == "__main__":
    main()
