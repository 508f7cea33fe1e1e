"""Whatever is on disk, loading never raises: it yields a model, or None and a message."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.store.matches import MATCH_FILE
from cardtable.store.safe_file import load_model
from cardtable.store.settings import SETTINGS_FILE
from cardtable.store.stats import STATS_FILE

KINDS = (SETTINGS_FILE, STATS_FILE, MATCH_FILE)
FIELD_NAMES = st.sampled_from([
    "schema_version", "volume", "window_size", "animation_speed", "games", "players", "matches",
    "seats", "actions", "seed", "game", "position_check", "options", "places", "recorded", "x",
])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(FIELD_NAMES | st.text(max_size=4),
                                                               inner, max_size=5),
    max_leaves=30,
)
FUZZ = settings(max_examples=100, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def load_everything(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "file.json"
    for kind in KINDS:
        path.write_bytes(content)
        model, messages = load_model(path, kind)   # must not raise
        if model is None:   # the player is told, one line per problem
            assert messages and all("\n" not in m for m in messages)
        for leftover in tmp_path.iterdir():   # start each kind from a clean folder
            leftover.unlink()


@FUZZ
@given(content=st.binary(max_size=300))
def test_any_bytes(tmp_path, content):
    load_everything(tmp_path, content)


@FUZZ
@given(data=st.dictionaries(FIELD_NAMES, JSON, max_size=8), version=st.sampled_from([0, 1, 2, -1]))
def test_any_json_object_with_a_schema_version(tmp_path, data, version):
    data["schema_version"] = version
    load_everything(tmp_path, json.dumps(data).encode())


@FUZZ
@given(data=JSON)
def test_any_json(tmp_path, data):
    load_everything(tmp_path, json.dumps(data).encode())
