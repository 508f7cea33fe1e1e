"""The upgrader of saved matches (autosaves and replays): one small step per format change.

``STEPS[v]`` turns the raw dict of a file in format ``v`` into format ``v + 1``; ``safe_file``
runs the steps in order when it reads an older file and writes the result back in the current
format. A step only reshapes data: it never needs the games, so it cannot fail on a game that
changed. Whatever a step cannot know (a check made by replaying the match) it leaves to be
recorded by the first replay of the match (``replay_pass``).

A release that changes the format adds the next step here, a test of that step, and a fixture
home of the release before it (``tests/fixtures/README.md``).
"""

from __future__ import annotations

from typing import Any

from cardtable.store.safe_file import Migration

NOT_YET_CHECKED = ""
"""The position check of a save upgraded from a format whose check cannot be trusted any more:
its first replay records one."""


def format_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Format 1 (version 0.1.0) checked a save against a digest of the state's private fields,
    which changes when a field is renamed although the position is the same. Format 2 checks the
    position as the protocol shows it (``engine.position``). The old digest is dropped, never
    trusted: the match's recipe is replayed and the new check recorded from where it arrives."""
    data.pop("fingerprint", None)
    data["position_check"] = NOT_YET_CHECKED
    return data


STEPS: dict[int, Migration] = {1: format_1_to_2}
