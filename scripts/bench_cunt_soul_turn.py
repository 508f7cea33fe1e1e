"""Cunt-Soul's engine per action, in instructions (valgrind): the turn's pending decisions, the
copies and the views, without the bots' own thinking.

    python scripts/bench_cunt_soul_turn.py [--games 20] [--code PATH] [--bench-games 10]

Fixed games (heuristic bots at 4 seats, random players at 2 to 8 seats under every house rule)
are played first, uncounted, to get their actions; then they are replayed and counted: once
``legal_actions`` and ``apply`` per action (the rules), once ``clone`` and ``view`` of the seat to
move per action (the copies a search and a bot make). ``--code`` counts another checkout's
``cardtable`` (a folder holding it, e.g. an exported older commit) with the same games, for a
before/after figure. Figures repeat exactly (fixed hash seed, counting only inside the games).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_engine import _GAME_RUN, _PLAYOUT_RUN, _instructions

_SETUP = """
import sys
{path}
from cardtable.ai import make_bot
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng
from cardtable.games.cunt_soul.game import GAME, CuntSoulOptions

CONFIGS = [({{}}, 4, "heuristic"), ({{}}, 2, "random"), ({{"refill_timing": "end_of_turn"}}, 3, "random"),
           ({{"field5_look_first": True, "voluntary_pickup": True}}, 5, "random"),
           ({{"ace_count": "consecutive", "finished_field": "stays"}}, 8, "random")]
games = []
for g in range({games}):
    opts, n, who = CONFIGS[g % len(CONFIGS)]
    options = CuntSoulOptions(**opts)
    st = GAME.new_state([f"P{{i}}" for i in range(n)], options, g)
    bots = [make_bot(GAME.name, "heuristic", g * 31 + i) for i in range(n)] if who == "heuristic" else []
    pick = Rng(g)
    acts = []
    while st.to_move is not None and len(acts) < 600:
        if bots:
            a = bots[st.to_move].choose(st.view(st.to_move))
        else:
            legal = st.legal_actions()
            a = legal[pick.below(len(legal))]
        acts.append(a)
        st.apply(a)
    games.append((options, n, g, acts))


def rules():
    for options, n, seed, acts in games:
        st = GAME.new_state([f"P{{i}}" for i in range(n)], options, seed)
        for a in acts:
            st.legal_actions()
            st.apply(a)


def copies():
    for options, n, seed, acts in games:
        st = GAME.new_state([f"P{{i}}" for i in range(n)], options, seed)
        for a in acts:
            st.clone()
            st.view(st.to_move)
            st.apply(a)


def applies():
    for options, n, seed, acts in games:
        st = GAME.new_state([f"P{{i}}" for i in range(n)], options, seed)
        for a in acts:
            st.apply(a)

"""
_COUNTED = """
{part}()  # warm: first-call caches are not a game's cost
import functools
functools.reduce(lambda _, __: {part}(), range(1), 0)
"""
_ACTIONS = """
print(sum(len(a) for *_, a in games))
"""


def count(part: str, games: int, code: Path | None) -> tuple[int, int]:
    """Instructions counted for one pass of ``part`` over the games, and the games' actions."""
    setup = _SETUP.format(path=f"sys.path.insert(0, {str(code)!r})" if code else "", games=games)
    actions = int(subprocess.run([sys.executable, "-c", setup + _ACTIONS], capture_output=True, text=True,
                                 check=True).stdout)
    return _instructions(setup + _COUNTED.format(part=part)), actions


def bench_games(count: int, code: Path | None, template: str = _GAME_RUN) -> float:
    """``bench_engine.py --instructions``'s figures for Cunt-Soul to the instruction (heuristic bots
    at 4 seats: with views, as in play, or ``_PLAYOUT_RUN``, as a search's playouts): instructions
    per game over ``count`` games."""
    scripts = str(Path(__file__).resolve().parent)
    source = template.format(scripts=scripts, name="cunt-soul", count=count)
    if code:  # (before the script's own folder, so its imports come from there too)
        source = f"import sys\nsys.path.insert(0, {str(code)!r})\n" + source
    return _instructions(source) / count


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games replayed per action (0: not)")
    ap.add_argument("--code", type=Path, default=None, help="a folder holding another cardtable package")
    ap.add_argument("--bench-games", type=int, default=10, metavar="N",
                    help="also bench_engine.py's heuristic games, over N games (0: not)")
    args = ap.parse_args()
    print(f"Cunt-Soul, {args.games} games{f' (code from {args.code})' if args.code else ''}")
    parts = (("applies", "apply"), ("rules", "legal_actions + apply"), ("copies", "clone + view + apply"))
    for part, what in parts if args.games else ():
        got, actions = count(part, args.games, args.code)
        print(f"{what:<24}{got / actions:>12,.0f} instructions per action ({actions} actions, "
              f"{got:,} in all)", flush=True)
    if args.bench_games:
        per_game = bench_games(args.bench_games, args.code)
        print(f"{'bench_engine games':<24}{per_game:>12,.0f} instructions per game (heuristic bots, 4 "
              f"seats, {args.bench_games} games)", flush=True)
        per_game = bench_games(args.bench_games, args.code, _PLAYOUT_RUN)
        print(f"{'  as playouts':<24}{per_game:>12,.0f} instructions per game (no views, the search's "
              "prepare hook)")


if __name__ == "__main__":
    main()
