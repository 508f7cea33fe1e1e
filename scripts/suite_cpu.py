"""The test suite's CPU time (issue 27's measure): the whole suite's user+sys seconds, this process
and every child it waited for (the self-test, the command-line runs, Chromium), then the test files
and the tests that cost the most. CPU, not wall time, is the figure: on a shared machine the wall
time says more about the neighbours than about the tests.

    python scripts/suite_cpu.py [--top 15] [pytest arguments, e.g. tests/test_review.py]

A test's figure includes its fixtures' setup and teardown (a module's browser is counted in the
test that closes it). The suite's total also holds collection and the start of the interpreter.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import defaultdict

import pytest


def cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


class CpuClock:
    """A pytest plugin noting each test's CPU seconds, from its setup to its teardown."""

    def __init__(self) -> None:
        self.rows: list[tuple[float, str]] = []

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):  # type: ignore[no-untyped-def]
        start = cpu_seconds()
        yield
        self.rows.append((cpu_seconds() - start, item.nodeid))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=15, help="how many files and tests to list")
    args, rest = parser.parse_known_args(argv)
    clock = CpuClock()
    code = pytest.main(["-q", "-p", "no:cacheprovider", *rest], plugins=[clock])
    total = cpu_seconds()
    files: dict[str, float] = defaultdict(float)
    for seconds, node in clock.rows:
        files[node.split("::")[0]] += seconds
    print(f"\nsuite CPU (user+sys, with children): {total:.1f} s; in the {len(clock.rows)} tests: "
          f"{sum(s for s, _ in clock.rows):.1f} s")
    print(f"\nthe {args.top} costliest files:")
    for name, seconds in sorted(files.items(), key=lambda f: -f[1])[:args.top]:
        print(f"{seconds:8.2f} s  {name}")
    print(f"\nthe {args.top} costliest tests:")
    for seconds, node in sorted(clock.rows, reverse=True)[:args.top]:
        print(f"{seconds:8.2f} s  {node}")
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
