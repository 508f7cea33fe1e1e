"""Settings and paths: round trips, CARDTABLE_HOME, and every way a settings file can go wrong."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from cardtable.store import safe_file
from cardtable.store.paths import HOME_ENV, app_paths
from cardtable.store.settings import SETTINGS_VERSION, Settings, load_settings, save_settings

CHANGED = Settings(animation_speed="fast", bot_think_ms=250, fast_play=True, legal_highlight=False,
                   four_colour=True, card_back="red", sound_on=False, volume=0.25, fullscreen=True,
                   ui_scale=1.5, window_size=(1920, 1080))


@pytest.fixture
def paths(tmp_path):
    return app_paths(tmp_path)


def set_aside_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.bad-*"))


def test_cardtable_home_puts_every_folder_in_one_place(tmp_path, monkeypatch):
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    p = app_paths()
    assert p.config_dir == p.data_dir == p.log_dir == tmp_path


def test_without_cardtable_home_the_platform_folders_are_used(monkeypatch):
    monkeypatch.delenv(HOME_ENV, raising=False)
    p = app_paths()
    assert all("cardtable" in str(d).lower() for d in (p.config_dir, p.data_dir, p.log_dir))


def test_every_setting_has_a_title_and_description():
    for name, info in Settings.model_fields.items():
        assert info.title and info.description, name


def test_out_of_range_numbers_are_clamped_not_refused(paths):
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text(
        '{"schema_version":1,"volume":5,"ui_scale":0,"bot_think_ms":-1,"window_size":[100,99999]}')
    settings, messages = load_settings(paths)
    assert messages == []
    assert (settings.volume, settings.ui_scale, settings.bot_think_ms) == (1.0, 0.5, 0)
    assert settings.window_size == (320, 16_384)
    settings.window_size = (200, 150)   # the player dragged the window tiny
    assert settings.window_size == (320, 320)


def test_no_file_gives_defaults_and_no_message(paths):
    assert load_settings(paths) == (Settings(), [])


def test_settings_round_trip(paths):
    assert save_settings(paths, CHANGED) == []
    assert load_settings(paths) == (CHANGED, [])
    assert json.loads(paths.settings_file.read_text())["schema_version"] == SETTINGS_VERSION


def test_saving_keeps_the_previous_copy_as_bak(paths):
    save_settings(paths, Settings())
    save_settings(paths, CHANGED)
    bak = safe_file.backup_path(paths.settings_file)
    assert Settings.model_validate_json(bak.read_text().replace('"schema_version":1,', "")) == Settings()


@pytest.mark.parametrize("content, why", [
    (b'{"schema_version":1,"animation_speed":"fa', "not valid JSON"),           # truncated
    (bytes(range(256)) * 4, "not valid JSON"),                                   # random bytes
    (b'[1, 2, 3]', "not a JSON object"),
    (b'{"animation_speed":"fast"}', "no schema version"),
    (b'{"schema_version":1,"volume":"loud"}', "volume"),                         # wrong field type
    (b'{"schema_version":1,"colour_blind":true}', "colour_blind"),               # unknown field
    (b'{"schema_version":1,"window_size":[800]}', "window_size"),                # wrong shape
    (b'{"schema_version":1,"volume":NaN}', "volume"),                            # not a number
    (b'{"schema_version":99}', "newer Card Table"),
    (b'[' * 100_000, "not valid JSON"),                                          # deep nesting
])
def test_a_bad_file_is_set_aside_and_the_backup_is_used(paths, content, why):
    save_settings(paths, Settings())
    save_settings(paths, CHANGED)   # the .bak now holds the defaults, the file CHANGED
    paths.settings_file.write_bytes(content)
    settings, messages = load_settings(paths)
    assert settings == Settings()   # the backup
    assert len(messages) == 1 and why in messages[0] and "backup" in messages[0]
    (moved,) = set_aside_files(paths.config_dir)
    assert str(moved) in messages[0]
    assert moved.read_bytes() == content   # nothing the player had is destroyed


def test_a_bad_file_without_backup_gives_defaults(paths):
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_bytes(b"\x00\xff garbage")
    settings, messages = load_settings(paths)
    assert settings == Settings()
    assert len(messages) == 1 and "default settings" in messages[0]
    # Saving afterwards works and does not resurrect the bad file as the backup.
    assert save_settings(paths, CHANGED) == []
    assert load_settings(paths) == (CHANGED, [])


def test_bad_file_and_bad_backup_are_both_set_aside(paths):
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text("{")
    safe_file.backup_path(paths.settings_file).write_text("}")
    settings, messages = load_settings(paths)
    # Both bad for the same reason: one line names both places they went.
    assert settings == Settings() and len(messages) == 1
    assert all(str(p) in messages[0] for p in set_aside_files(paths.config_dir))
    assert len(set_aside_files(paths.config_dir)) == 2


def test_an_older_schema_version_is_migrated(paths, monkeypatch, caplog):
    # Pretend this program is at format 2, where "volume" became a percentage.
    kind = safe_file.FileKind(
        what="settings file", model=Settings, version=2, fallback="using the default settings",
        migrations={1: lambda d: {**d, "volume": d.get("volume", 0.8) * 100}})
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text('{"schema_version":1,"volume":0.005,"fast_play":true}')
    with caplog.at_level("INFO", logger="cardtable"):
        loaded, messages = safe_file.load_model(paths.settings_file, kind)
    assert loaded == Settings(volume=0.5, fast_play=True)
    assert messages == []  # an upgrade asks nothing of the player: it is logged
    logged = [r.getMessage() for r in caplog.records]
    assert any(m.startswith("Upgraded the settings file from format 1 to 2.") for m in logged), logged
    # The file is rewritten in the new format (the old one kept as .bak): told once, not every start.
    assert json.loads(paths.settings_file.read_text())["schema_version"] == 2
    assert safe_file.load_model(paths.settings_file, kind) == (loaded, [])


def test_a_missing_migration_sets_the_file_aside(paths):
    kind = safe_file.FileKind(what="settings file", model=Settings, version=3,
                              fallback="using the default settings", migrations={2: lambda d: d})
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text('{"schema_version":1}')
    loaded, messages = safe_file.load_model(paths.settings_file, kind)
    assert loaded is None and "too old" in messages[0]


def make_read_only(monkeypatch, folder: Path) -> None:
    """Refuse every create and rename in ``folder`` as a read-only file system does (chmod would
    not stop root, which these tests may run as)."""
    real_open, real_replace = os.open, os.replace

    def refuse(path) -> None:
        if Path(path).parent == folder:
            raise OSError(errno.EROFS, "Read-only file system", str(path))

    def guarded_open(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            refuse(path)
        return real_open(path, flags, *args, **kwargs)

    def guarded_replace(src, dst, **kwargs):
        refuse(src)
        refuse(dst)
        return real_replace(src, dst, **kwargs)

    monkeypatch.setattr(safe_file.os, "open", guarded_open)
    monkeypatch.setattr(safe_file.os, "replace", guarded_replace)


def test_a_read_only_folder_is_reported_and_the_old_file_kept(paths, monkeypatch):
    save_settings(paths, Settings())
    make_read_only(monkeypatch, paths.config_dir)
    messages = save_settings(paths, CHANGED)
    assert len(messages) == 1 and "Read-only" in messages[0]
    assert load_settings(paths) == (Settings(), [])


def test_a_bad_file_in_a_read_only_folder_is_left_in_place(paths, monkeypatch):
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text("{")
    make_read_only(monkeypatch, paths.config_dir)
    settings, messages = load_settings(paths)
    assert settings == Settings() and len(messages) == 1 and "left in place" in messages[0]
    assert paths.settings_file.read_text() == "{"


def test_a_write_failing_halfway_keeps_the_old_file(paths, monkeypatch):
    save_settings(paths, Settings())
    real_write = os.write

    def disk_full(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safe_file.os, "write", disk_full)
    safe_file.forget_disk_full_notice()
    messages = save_settings(paths, CHANGED)
    monkeypatch.undo()
    assert messages == [safe_file.DISK_FULL]
    assert load_settings(paths) == (Settings(), [])
    assert sorted(p.name for p in paths.config_dir.iterdir()) == ["settings.json"]   # no temp left


class Crash(BaseException):
    """The process dying: nothing after it runs (not even ``except Exception``)."""


def test_a_crash_before_the_renames_keeps_the_newer_whole_temp_file(paths, monkeypatch):
    save_settings(paths, Settings())
    save_settings(paths, CHANGED)

    def crash(src, dst):
        raise Crash

    monkeypatch.setattr(safe_file.os, "replace", crash)
    with pytest.raises(Crash):
        save_settings(paths, Settings(volume=0.1))
    monkeypatch.undo()
    assert load_settings(paths) == (Settings(volume=0.1), [])   # the save was whole: nothing lost
    assert json.loads(paths.settings_file.read_text())["volume"] == 0.1   # and put in place
    assert json.loads(safe_file.backup_path(paths.settings_file).read_text())["volume"] == 0.25
    assert safe_file.temp_files(paths.settings_file) == []


def test_a_crash_between_the_two_renames_prefers_the_newer_temp_file_to_the_backup(paths, monkeypatch):
    """Issue 19: the next start used a backup older than the whole temporary file beside it."""
    save_settings(paths, Settings())
    save_settings(paths, CHANGED)
    real_replace = os.replace
    calls = []

    def crash_on_second(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise Crash
        real_replace(src, dst)

    monkeypatch.setattr(safe_file.os, "replace", crash_on_second)
    with pytest.raises(Crash):
        save_settings(paths, Settings(volume=0.1))
    monkeypatch.undo()
    assert not paths.settings_file.exists()
    assert load_settings(paths) == (Settings(volume=0.1), [])
    assert load_settings(paths) == (Settings(volume=0.1), [])   # the temp file was put in place
    assert sorted(p.name for p in paths.config_dir.iterdir()) == ["settings.json", "settings.json.bak"]


def test_a_crash_between_the_renames_with_a_torn_temp_file_falls_back_to_the_backup(paths, monkeypatch):
    save_settings(paths, CHANGED)
    paths.settings_file.rename(safe_file.backup_path(paths.settings_file))
    torn = paths.config_dir / ".settings.json.00000000000000000001.1.ab.tmp"
    torn.write_text('{"schema_version":1,"vol')   # killed while writing (a power cut, say)
    settings, messages = load_settings(paths)
    assert settings == CHANGED and "backup" in messages[0] and not torn.exists()
    assert load_settings(paths) == (CHANGED, [])   # the backup was put back in place


def test_a_temp_file_left_by_a_killed_writer_is_ignored_and_cleaned(paths):
    save_settings(paths, CHANGED)
    orphan = paths.config_dir / ".settings.json.1234.abcd.tmp"
    orphan.write_text('{"schema_version":1,"vol')
    assert load_settings(paths) == (CHANGED, [])
    assert not orphan.exists()


def test_a_folder_where_the_settings_file_should_be_is_set_aside(paths):
    """Issue 19 item 7: it made every later save fail with only a log line."""
    paths.settings_file.mkdir(parents=True)
    (paths.settings_file / "keep-me.txt").write_text("the player's")
    settings, messages = load_settings(paths)
    (moved,) = set_aside_files(paths.config_dir)
    assert settings == Settings() and len(messages) == 1
    assert "a folder stands in its place" in messages[0] and str(moved) in messages[0]
    assert (moved / "keep-me.txt").read_text() == "the player's"
    assert save_settings(paths, CHANGED) == []
    assert load_settings(paths) == (CHANGED, [])


def test_a_folder_appearing_where_the_settings_file_should_be_is_set_aside_when_saving(paths):
    save_settings(paths, Settings())
    paths.settings_file.unlink()
    paths.settings_file.mkdir()
    messages = save_settings(paths, CHANGED)
    (moved,) = set_aside_files(paths.config_dir)
    assert len(messages) == 1 and "A folder stood where" in messages[0] and str(moved) in messages[0]
    assert moved.is_dir() and load_settings(paths) == (CHANGED, [])
    assert save_settings(paths, Settings()) == []   # and every later save works
