"""Engine speed against a reference: complete games per second with heuristic bots (bots see views,
as in play), each divided by the reference engine's games per second measured just before and just
after it, so a shared, noisy machine still gives a steady figure.

    python scripts/bench_engine.py [--seconds 1] [--rounds 5] [--games shithead,cunt-soul]
                                   [--primitives] [--calib PATH] [--instructions N] [--parts N]

The reference is ``shared/tools/calib.py`` (random playouts of a deliberately lean Shithead-like
game): found next to the repository or its worktree, else ``--calib``. Its ``play`` runs in this
process (in-process and ``python calib.py 3`` agree within noise), alternating with the game's
games in slices of 50 ms, so both share the same moments of the machine's load. A round gives one
ratio; the figure is the median over the rounds.
"""

# ruff: noqa: E402  (the program is imported after the restart that picks its core: _measure_core)
from __future__ import annotations

import argparse
import importlib.util
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any, cast

from pydantic import BaseModel


def _measure_core() -> None:
    """``--core DIR``: measure the compiled copy scripts/build_native.py wrote in DIR. The run
    starts again from DIR with the copy first on the path, so its counting children (``python
    -c``, whose path starts with the current folder) import the copy's compiled modules too."""
    if "--core" in sys.argv and "_BENCH_CORE" not in os.environ:
        core = Path(sys.argv[sys.argv.index("--core") + 1]).resolve()
        path = os.pathsep.join(p for p in (str(core), os.environ.get("PYTHONPATH", "")) if p)
        os.chdir(core)
        os.execve(sys.executable, [sys.executable, str(Path(__file__).resolve()), *sys.argv[1:]],
                  dict(os.environ, PYTHONPATH=path, _BENCH_CORE=str(core)))


_measure_core()

from cardtable.ai import bot_kinds, make_bot
from cardtable.ai.base import Bot
from cardtable.engine.compiled import core_words
from cardtable.engine.protocol import Action, Game, LegalMemo, State
from cardtable.engine.rng import Rng
from cardtable.games import games, get_game

BENCH_PLAYERS = {"shithead": 4, "cunt-soul": 4, "cersei": 2, "fscking-ace": 4, "takku-sum": 3}
# Fscking Ace is a sitting of many rounds: a one-round limit makes "games per second" its targets'
# "complete rounds per second".
BENCH_OPTIONS = {"fscking-ace": {"round_limit": 1}}
# Issue 15: games per second over the reference's, 4 players, heuristic bots.
TARGETS = {"shithead": 0.6, "cunt-soul": 0.25}
# Issue 28: the reference's instructions per game over the game's (valgrind), same bots.
INSTRUCTION_TARGETS = {"shithead": 1.0, "cunt-soul": 0.5}
SLICE = 0.05
"""Seconds of each alternating slice: short against the machine's load changes, long against the
clock's overhead."""
REPO = Path(__file__).resolve().parent.parent


def find_calib() -> Path | None:
    for up in (REPO, *REPO.parents):
        candidate = up / "shared" / "tools" / "calib.py"
        if candidate.is_file():
            return candidate
    return None


def options_for(game: Game) -> BaseModel:
    return game.Options(**BENCH_OPTIONS.get(game.name, {}))


def load_reference(calib: Path) -> Callable[[random.Random], None]:
    """The reference's ``play(rng)``: one complete random 4-player game."""
    spec = importlib.util.spec_from_file_location("calib_reference", calib)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return cast(Callable[[random.Random], None], module.play)


def games_per_second(game: Game, players: int, kind: str, seconds: float) -> tuple[float, float]:
    """Games per second alone (for the absolute table), and actions per game."""
    names = [f"P{i}" for i in range(players)]
    seeds = Rng(12345)
    bots = [make_bot(game.name, kind, seeds.next64()) for _ in range(players)]
    done = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions += play_one(game, names, bots, seeds.next64())
        done += 1
    elapsed = time.perf_counter() - start
    return done / elapsed, actions / max(done, 1)


def play_one(game: Game, names: list[str], bots: list[Bot], seed: int) -> int:
    state = game.new_state(names, options_for(game), seed)
    actions = 0
    while state.to_move is not None:
        seat = state.to_move
        state.apply(bots[seat].choose(state.view(seat)))
        actions += 1
    return actions


def interleaved(game: Game, players: int, reference: Callable[[random.Random], None],
                seconds: float) -> tuple[float, float]:
    """Games per second of ``game`` and of the reference, timed in alternating slices of about
    SLICE seconds each, so both see the same load on a shared machine."""
    names = [f"P{i}" for i in range(players)]
    seeds = Rng(12345)
    bots = [make_bot(game.name, kind_for(game.name), seeds.next64()) for _ in range(players)]
    ref_rng = random.Random(1)  # as calib.py seeds it
    game_t = ref_t = 0.0
    game_n = ref_n = 0
    clock = time.perf_counter
    while game_t + ref_t < 2 * seconds:
        t0 = clock()
        while clock() - t0 < SLICE:
            reference(ref_rng)
            ref_n += 1
        t1 = clock()
        while clock() - t1 < SLICE:
            play_one(game, names, bots, seeds.next64())
            game_n += 1
        t2 = clock()
        ref_t += t1 - t0
        game_t += t2 - t1
    return game_n / game_t, ref_n / ref_t


def primitives(game: Game, players: int, seconds: float) -> tuple[float, float]:
    """Mean µs of clone(), and of legal_actions()+apply() under random play (no views)."""
    names = [f"P{i}" for i in range(players)]
    rng = Rng(99)
    clone_t = step_t = 0.0
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(names, options_for(game), rng.next64())
        while state.to_move is not None:
            t0 = time.perf_counter()
            state.clone()
            t1 = time.perf_counter()
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            t2 = time.perf_counter()
            clone_t += t1 - t0
            step_t += t2 - t1
            steps += 1
    return clone_t / steps * 1e6, step_t / steps * 1e6


def playout_games(name: str) -> Callable[[], None]:
    """Complete games as a search's playouts play them (``cardtable.ai.search.playout``): the
    game's ``prepare`` hook on the state, one heuristic policy deciding for every seat on the state
    itself (no views), until the game ends (no ``cut``)."""
    from cardtable.ai.search import playout
    from cardtable.ai.search_hooks import Hooks, hooks_for

    game = get_game(name)
    n = BENCH_PLAYERS.get(name, game.default_players)
    names = [f"P{i}" for i in range(n)]
    seeds = Rng(12345)
    policy = make_bot(name, kind_for(name), seeds.next64())

    def play() -> None:
        state = game.new_state(names, options_for(game), seeds.next64())
        hooks = hooks_for(state)
        whole = Hooks(prepare=hooks.prepare, reward=hooks.reward)  # no cut: the whole game
        if whole.prepare is not None:
            whole.prepare(state)
        playout(state, state, whole, policy, seeds.next64())

    return play


def kind_for(name: str) -> str:
    return "heuristic" if "heuristic" in bot_kinds(name) else "random"


def ratio_rounds(name: str, reference: Callable[[random.Random], None], seconds: float,
                 rounds: int) -> str:
    """The ratio of each round (games interleaved with the reference); the median is the figure."""
    game = get_game(name)
    n = BENCH_PLAYERS.get(name, game.default_players)
    ratios: list[float] = []
    rates: list[float] = []
    for r in range(rounds):
        rate, ref = interleaved(game, n, reference, seconds)
        ratios.append(rate / ref)
        rates.append(rate)
        print(f"  {name:<12} round {r + 1}: {rate:8.1f} g/s  reference {ref:7.0f} g/s  "
              f"ratio {rate / ref:.3f}", flush=True)
    target = TARGETS.get(name)
    ratio = statistics.median(ratios)
    verdict = "" if target is None else f"  target ≥ {target:.2f}: {'met' if ratio >= target else 'NOT met'}"
    return (f"{name:<13}{n:>6}{statistics.median(rates):>12.1f}{ratio:>10.3f}"
            f"{min(ratios):>9.3f}{max(ratios):>9.3f}{verdict}")


_GAME_RUN = """
import sys
sys.path.insert(0, {scripts!r})
from bench_engine import BENCH_PLAYERS, kind_for, play_one
from cardtable.ai import make_bot
from cardtable.engine.rng import Rng
from cardtable.games import get_game
game = get_game({name!r})
n = BENCH_PLAYERS.get(game.name, game.default_players)
seeds = Rng(12345)
bots = [make_bot(game.name, kind_for(game.name), seeds.next64()) for _ in range(n)]
names = [f"P{{i}}" for i in range(n)]
play_one(game, names, bots, 1)  # warm: imports and first-call caches are not a game's cost
import functools
functools.reduce(lambda _, __: play_one(game, names, bots, seeds.next64()), range({count}), 0)
"""
_PLAYOUT_RUN = """
import sys
sys.path.insert(0, {scripts!r})
from bench_engine import playout_games
play = playout_games({name!r})
play()  # warm: imports and first-call caches are not a game's cost
import functools
functools.reduce(lambda _, __: play(), range({count}), 0)
"""
_PARTS_RUN = """
import sys
sys.path.insert(0, {scripts!r})
from bench_engine import recorded_positions, part_runner
positions, bots = recorded_positions({name!r}, {count})
run = part_runner({part!r}, positions, bots)
run()  # warm: the memo and first-call caches are not a part's cost
import functools
functools.reduce(lambda _, __: run(), range(1), 0)
"""
PARTS = ("view", "legal", "choose", "apply", "apply quiet")
"""The parts of a heuristic game's step (``play_one``), counted one at a time over the positions
of recorded games: the mover's view, the legal list (worked out afresh), the bot's choice (the legal
list ready), and the action carried out on a copy of the position (its copy counted apart and
taken off), with and without the event text (``narrate``, where the game has the switch)."""


Position = tuple[State, int, State, Action, int]
"""A recorded decision: the position before it (its legal memo empty), the seat, the seat's view,
the action and the bot's stream before choosing it."""


def recorded_positions(name: str, count: int) -> tuple[list[Position], list[Bot]]:
    """Every decision of ``count`` games as ``play_one`` plays them after a warm game, and the bots."""
    game = get_game(name)
    n = BENCH_PLAYERS.get(name, game.default_players)
    names = [f"P{i}" for i in range(n)]
    seeds = Rng(12345)
    bots = [make_bot(name, kind_for(name), seeds.next64()) for _ in range(n)]
    play_one(game, names, bots, 1)
    found: list[Position] = []
    for _ in range(count):
        state = game.new_state(names, options_for(game), seeds.next64())
        while state.to_move is not None:
            seat = state.to_move
            before = state.clone()
            before._memo = LegalMemo()
            stream = bots[seat].rng.state
            view = state.view(seat)
            action = bots[seat].choose(view)
            found.append((before, seat, view, action, stream))
            state.apply(action)
    return found, bots


def part_runner(part: str, positions: list[Position], bots: list[Bot]) -> Callable[[], None]:
    """A function doing ``part`` (one of PARTS, or "copy": the copy ``apply`` is measured on) at
    every recorded position."""
    for _before, _seat, view, _action, _stream in positions:
        view.shared_legal()  # the choice is counted with its legal list ready, as in play

    def view_part() -> None:
        for before, seat, _view, _action, _stream in positions:
            before.view(seat)

    def legal_part() -> None:
        for before, _seat, _view, _action, _stream in positions:
            before._memo = LegalMemo()  # (``forget_legal`` may work out more than the memo)
            before.shared_legal()

    def choose_part() -> None:
        for _before, seat, view, _action, stream in positions:
            bot = bots[seat]
            bot.rng.state = stream
            bot.choose(view)

    def copy_part() -> None:
        for before, _seat, _view, _action, _stream in positions:
            before.clone()

    def apply_part(quiet: bool) -> Callable[[], None]:
        def run() -> None:
            for before, _seat, _view, action, _stream in positions:
                copy = before.clone()
                if quiet and hasattr(copy, "narrate"):
                    copy.narrate = False
                copy.apply(action)
        return run

    if part.startswith("apply"):
        for before, _seat, view, _action, _stream in positions:
            before._memo = view._memo  # as in play: the action is found in the list it came from
    return {"view": view_part, "legal": legal_part, "choose": choose_part, "copy": copy_part,
            "apply": apply_part(False), "apply quiet": apply_part(True)}[part]


_REFERENCE_RUN = """
import random, sys
sys.path.insert(0, {scripts!r})
from pathlib import Path
from types import FrameType
from bench_engine import load_reference
play = load_reference(Path({calib!r}))
rng = random.Random(1)
play(rng)
import functools
functools.reduce(lambda _, __: play(rng), range({count}), 0)
"""


COUNTED = "functools_reduce"
"""The C function the measured games run inside (the templates' ``functools.reduce``, which
neither the start-up nor the games call): valgrind counts only while in it, so a figure is one run,
free of the interpreter's start-up and imports (1.7 G instructions, and not the same from run to
run)."""


def _instructions(code: str) -> int:
    """Instructions valgrind counts inside ``COUNTED`` while running ``code`` in a fresh interpreter."""
    # a fixed hash seed, so a figure repeats exactly
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          "--collect-atstart=no", f"--toggle-collect={COUNTED}",
                          sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if found is None:
        raise RuntimeError("valgrind printed no instruction count:\n" + out.stderr[-2000:])
    return int(found.group(1))


def instructions_per_game(template: str, count: int, **fields: str) -> float:
    """Instructions per game over ``count`` games (after a warm one), counted inside the games."""
    scripts = str(Path(__file__).resolve().parent)
    return _instructions(template.format(scripts=scripts, count=count, **fields)) / count


def opcodes_per_game(name: str, count: int, top: int) -> tuple[float, list[tuple[str, float]]]:
    """Bytecodes executed per game (``sys.settrace`` with opcode events, after a warm game), and
    the ``top`` functions by their share: a quick, load-independent guide to where a game's time
    goes (not instructions: a bytecode may cost a few or a few hundred)."""
    game = get_game(name)
    n = BENCH_PLAYERS.get(name, game.default_players)
    seeds = Rng(12345)
    bots = [make_bot(game.name, kind_for(game.name), seeds.next64()) for _ in range(n)]
    names = [f"P{i}" for i in range(n)]
    play_one(game, names, bots, 1)
    per: dict[tuple[str, str], int] = {}

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            key = (frame.f_code.co_filename, frame.f_code.co_name)
            per[key] = per.get(key, 0) + 1
        return trace

    sys.settrace(trace)
    try:
        for _ in range(count):
            play_one(game, names, bots, seeds.next64())
    finally:
        sys.settrace(None)
    total = sum(per.values())
    ranked = sorted(per.items(), key=lambda kv: -kv[1])[:top]
    return total / count, [(f"{Path(f).name}:{fn}", c / total) for (f, fn), c in ranked]


def parts_table(name: str, count: int) -> str:
    """Instructions per game of each of PARTS (valgrind over the decisions of ``count`` games),
    beside the whole step's, so the rest (the loop, the deal, the result) shows too."""
    whole = instructions_per_game(_GAME_RUN, count, name=name)
    counted = {part: instructions_per_game(_PARTS_RUN, count, name=name, part=part)
               for part in (*PARTS, "copy")}
    lines = [f"{name}: {whole / 1e6:.2f} Minstr per game; by part (Minstr per game, share)"]
    for part in PARTS:
        own = counted[part] - (counted["copy"] if part.startswith("apply") else 0.0)
        lines.append(f"  {part:<13}{own / 1e6:>8.2f}{own / whole:>8.1%}")
    return "\n".join(lines)


def instruction_ratio(name: str, calib: Path, count: int, reference: float) -> str:
    game = instructions_per_game(_GAME_RUN, count, name=name)
    ratio = reference / game
    target = INSTRUCTION_TARGETS.get(name)
    verdict = "" if target is None else f"  target ≥ {target:.2f}: {'met' if ratio >= target else 'NOT met'}"
    playout = instructions_per_game(_PLAYOUT_RUN, count, name=name)
    return (f"{name:<13}{game / 1e6:>14.2f}{reference / 1e6:>14.2f}{ratio:>10.3f}{verdict}\n"
            f"{'  as playouts':<13}{playout / 1e6:>14.2f}{reference / 1e6:>14.2f}{reference / playout:>10.3f}"
            "  (no views, the prepare hook: not the target's figure)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds per game")
    ap.add_argument("--games", default=",".join(TARGETS), help="comma-separated, or 'all'")
    ap.add_argument("--primitives", action="store_true",
                    help="also the absolute table: random-bot games/s, clone and legal+apply µs")
    ap.add_argument("--calib", type=Path, default=None, help="the reference engine (calib.py)")
    ap.add_argument("--core", type=Path, default=None, metavar="DIR",
                    help="measure the compiled core built by scripts/build_native.py in DIR")
    ap.add_argument("--instructions", type=int, default=0, metavar="N",
                    help="also count instructions per game under valgrind over N games (e.g. 20)")
    ap.add_argument("--parts", type=int, default=0, metavar="N",
                    help="also count instructions per game by part (view, legal, choice, apply) "
                         "under valgrind over N games")
    ap.add_argument("--opcodes", type=int, default=0, metavar="N",
                    help="also count bytecodes per game over N games, and where they go (no valgrind)")
    args = ap.parse_args()
    names = list(games()) if args.games == "all" else args.games.split(",")
    calib = args.calib or find_calib()
    if calib is None:
        sys.exit("no reference engine found: pass --calib path/to/shared/tools/calib.py")
    print(f"reference: {calib}; {args.rounds} rounds of {args.seconds:g} s, heuristic bots")
    games()  # (every game's modules imported, so the line below counts the compiled ones)
    print(f"the program: {core_words()}" + (f" from {args.core}" if args.core else ""))
    reference = load_reference(calib)
    if args.rounds:  # (0: only the load-independent counts asked for)
        summary = [ratio_rounds(name, reference, args.seconds, args.rounds) for name in names]
        print(f"\n{'game':<13}{'seats':>6}{'median g/s':>12}{'ratio':>10}{'min':>9}{'max':>9}")
        print("\n".join(summary))
    if args.instructions:
        if shutil.which("valgrind") is None:
            sys.exit("--instructions needs valgrind on the PATH")
        reference_per_game = instructions_per_game(_REFERENCE_RUN, args.instructions * 20, calib=str(calib))
        print(f"\ninstructions per game under valgrind ({args.instructions} games; reference "
              f"{args.instructions * 20} games)")
        print(f"{'game':<13}{'game Minstr':>14}{'ref Minstr':>14}{'ratio':>10}")
        for name in names:
            print(instruction_ratio(name, calib, args.instructions, reference_per_game), flush=True)
    if args.parts:
        if shutil.which("valgrind") is None:
            sys.exit("--parts needs valgrind on the PATH")
        for name in names:
            print("\n" + parts_table(name, args.parts), flush=True)
    if args.opcodes:
        for name in names:
            per_game, top = opcodes_per_game(name, args.opcodes, 8)
            print(f"\n{name}: {per_game:,.0f} bytecodes per game ({args.opcodes} games); most in "
                  + ", ".join(f"{where} {share:.0%}" for where, share in top))
    if args.primitives:
        print(f"\n{'game':<13}{'seats':>6}{'random g/s':>12}{'actions/game':>14}{'clone µs':>10}"
              f"{'legal+apply µs':>16}")
        for name in names:
            game = get_game(name)
            n = BENCH_PLAYERS.get(name, game.default_players)
            rand, per_game = games_per_second(game, n, "random", args.seconds)
            clone_us, step_us = primitives(game, n, args.seconds)
            print(f"{name:<13}{n:>6}{rand:>12,.0f}{per_game:>14.1f}{clone_us:>10.2f}{step_us:>16.2f}")


if __name__ == "__main__":
    main()
