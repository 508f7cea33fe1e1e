"""The crash handler: an uncaught exception ends up in the log file and in a message."""

from __future__ import annotations

import sys
import threading

import pytest

from cardtable.store import log
from cardtable.store.paths import app_paths


@pytest.fixture
def hooks(monkeypatch):
    """Put the interpreter's hooks and the log handler back after each test."""
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    yield
    if log._handler is not None:
        log.log.removeHandler(log._handler)
        log._handler.close()
    monkeypatch.setattr(log, "_handler", None)
    monkeypatch.setattr(log, "_log_file", None)


def raise_and_catch() -> tuple[type[BaseException], BaseException, object]:
    try:
        {}["missing card"]
    except KeyError:
        return sys.exc_info()   # type: ignore[return-value]
    raise AssertionError


def test_an_uncaught_exception_is_logged_with_its_traceback(tmp_path, hooks, capsys):
    paths = app_paths(tmp_path)
    shown: list[str] = []
    assert log.install_crash_handler(paths, on_crash=shown.append) == paths.log_file
    sys.excepthook(*raise_and_catch())
    text = paths.log_file.read_text()
    assert "Traceback" in text and "raise_and_catch" in text and "missing card" in text
    assert len(shown) == 1 and str(paths.log_file) in shown[0] and "KeyError" in shown[0]
    assert shown[0] in capsys.readouterr().err


def test_an_exception_in_a_thread_is_logged(tmp_path, hooks):
    paths = app_paths(tmp_path)
    shown: list[str] = []
    log.install_crash_handler(paths, on_crash=shown.append)

    def worker():
        raise RuntimeError("bot fell over")

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert "bot fell over" in paths.log_file.read_text() and "bot fell over" in shown[0]


def test_an_unwritable_log_folder_does_not_stop_the_program(tmp_path, hooks, capsys):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the log folder should be")
    shown: list[str] = []
    assert log.install_crash_handler(app_paths(blocker), on_crash=shown.append) is None
    sys.excepthook(*raise_and_catch())
    assert "console" in shown[0] and "missing card" in capsys.readouterr().err


def test_a_failing_message_box_is_survived(tmp_path, hooks):
    paths = app_paths(tmp_path)

    def broken_box(message: str) -> None:
        raise OSError("the window is gone")

    log.install_crash_handler(paths, on_crash=broken_box)
    sys.excepthook(*raise_and_catch())
    assert "the window is gone" in paths.log_file.read_text()


def test_lines_logged_before_the_log_opens_are_written_when_it_does(tmp_path, hooks, monkeypatch):
    """The window opens the log after the title's first frame, and the title reads the store
    before that: an upgraded save's line ("Upgraded the saved match ...") went nowhere. Lines
    logged meanwhile wait and are written first when the file opens."""
    for name in ("_waiting", "_handler", "_log_file"):  # as a fresh program starts
        monkeypatch.setattr(log, name, None)
    paths = app_paths(tmp_path)
    assert log.install_crash_handler(paths, log_later=True) is None
    assert not paths.log_file.exists()
    import logging

    logging.getLogger("cardtable.store").info("Upgraded the saved match from format 1 to 2.")
    log.open_log_later()
    log.log.info("the title is up")
    lines = paths.log_file.read_text().splitlines()
    assert [line.split(": ", 1)[1] for line in lines] == [
        "Upgraded the saved match from format 1 to 2.", "the title is up"]
    assert log._waiting is None and not any(isinstance(h, log._Waiting) for h in log.log.handlers)
