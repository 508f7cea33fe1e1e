"""The test suite's CPU time (issue 27's measure): the whole suite's user+sys seconds, this process
and every child it waited for (the self-test, the command-line runs, Chromium), then the test files
and the tests that cost the most. CPU, not wall time, is the figure: on a shared machine the wall
time says more about the neighbours than about the tests.

    python scripts/suite_cpu.py [--top 15] [pytest arguments, e.g. tests/test_review.py]
    python scripts/suite_cpu.py --against ../older-checkout [--rounds 2]

The machine's speed moves the figure by a fifth from one hour to the next (and more with other work
running), and nothing inside a run can see it. ``--against`` runs the whole suite of this checkout
and of another one (the tree a figure was first measured on) alternately, each in a fresh
interpreter with its own tree first on the path, and prints both and their ratio for each round:
a figure measured on one tree becomes this tree's by the ratio, whatever the machine was doing.

A test's figure includes its fixtures' setup and teardown (a module's browser is counted in the
test that closes it). The suite's total also holds collection and the start of the interpreter.

A process whose parent exits before it (Chromium's zygotes and the renderers they reaped, its crash
handler) would be handed to the machine's init and its CPU never counted here: this process makes
itself their "subreaper" (Linux), so they are handed to it, and it reaps the browser's at the end
of each test and every other one once the tests are over. The total says how much came that way.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest


def cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


PR_SET_CHILD_SUBREAPER = 36


def adopt_orphans() -> bool:
    """Have the processes our children leave behind handed to this process (Linux only)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


BROWSER = ("chromium", "chromedriver", "chrome")
"""The names of the processes that a browser test leaves behind and nothing in the tests waits for."""


def reap_orphans(only: tuple[str, ...] | None = None) -> float:
    """Reap this process's dead children (those named ``only``, or all), adding their CPU and
    their own reaped children's to ours. The CPU seconds so counted."""
    pid, gained = os.getpid(), 0.0
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            children = [int(c) for c in f.read().split()]
    except OSError:
        return 0.0
    for child in children:
        try:
            with open(f"/proc/{child}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name, fields = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:].split()
        if fields[0] != "Z" or (only is not None and not name.startswith(only)):
            continue
        before = cpu_seconds()
        try:
            os.waitpid(child, os.WNOHANG)
        except ChildProcessError:
            continue
        gained += cpu_seconds() - before
    return gained


class CpuClock:
    """A pytest plugin noting each test's CPU seconds, from its setup to its teardown."""

    def __init__(self) -> None:
        self.rows: list[tuple[float, str]] = []
        self.orphans = 0.0

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):  # type: ignore[no-untyped-def]
        start = cpu_seconds()
        yield
        self.orphans += reap_orphans(BROWSER)
        self.rows.append((cpu_seconds() - start, item.nodeid))


def suite_cpu_of(tree: Path, rest: list[str]) -> tuple[float, str]:
    """The whole-suite CPU of the checkout ``tree`` (this script run there in a fresh interpreter),
    and the line of pytest's outcome."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    run = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--top", "0", *rest], cwd=tree,
                         env=env, capture_output=True, text=True)
    found = re.search(r"suite CPU \(user\+sys, with children\): ([0-9.]+) s", run.stdout)
    outcomes = re.findall(r"^=*\s*(\d+ (?:passed|failed|errors?)[^=]*?)\s*=*$", run.stdout, re.MULTILINE)
    outcome = outcomes[-1] if outcomes else f"exit {run.returncode}"
    if found is None:
        raise SystemExit(f"{tree}: no figure\n{run.stdout[-2000:]}{run.stderr[-2000:]}")
    return float(found.group(1)), outcome


def paired(against: Path, rounds: int, rest: list[str]) -> int:
    """Alternate whole-suite runs of this checkout and ``against``; print each pair and the ratios."""
    here = Path(__file__).resolve().parent.parent
    ratios = []
    for k in range(1, rounds + 1):
        figures = {}
        for name, tree in (("other", against.resolve()), ("this", here)):
            figures[name], outcome = suite_cpu_of(tree, rest)
            print(f"round {k}: {name} ({tree}) {figures[name]:.1f} s  [{outcome}]  "
                  f"load {os.getloadavg()[0]:.2f}", flush=True)
        ratios.append(figures["this"] / figures["other"])
        print(f"round {k}: this / other = {ratios[-1]:.3f}", flush=True)
    print(f"\nthis / other over {rounds} rounds: {min(ratios):.3f} to {max(ratios):.3f}, "
          f"mean {sum(ratios) / len(ratios):.3f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=15, help="how many files and tests to list")
    parser.add_argument("--against", type=Path, default=None,
                        help="another checkout: run both suites alternately and print the ratio")
    parser.add_argument("--rounds", type=int, default=2, help="pairs of runs with --against")
    args, rest = parser.parse_known_args(argv)
    if args.against is not None:
        return paired(args.against, args.rounds, rest)
    adopted = adopt_orphans()
    clock = CpuClock()
    code = pytest.main(["-q", "-p", "no:cacheprovider", *rest], plugins=[clock])
    clock.orphans += reap_orphans()
    total = cpu_seconds()
    files: dict[str, float] = defaultdict(float)
    for seconds, node in clock.rows:
        files[node.split("::")[0]] += seconds
    print(f"\nsuite CPU (user+sys, with children): {total:.1f} s; in the {len(clock.rows)} tests: "
          f"{sum(s for s, _ in clock.rows):.1f} s")
    print(f"of which processes whose parent left them behind (Chromium's): {clock.orphans:.1f} s" if adopted
          else "processes whose parent left them behind are not counted (no subreaper here)")
    print(f"\nthe {args.top} costliest files:")
    for name, seconds in sorted(files.items(), key=lambda f: -f[1])[:args.top]:
        print(f"{seconds:8.2f} s  {name}")
    print(f"\nthe {args.top} costliest tests:")
    for seconds, node in sorted(clock.rows, reverse=True)[:args.top]:
        print(f"{seconds:8.2f} s  {node}")
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
