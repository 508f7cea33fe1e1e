"""The log file, and what becomes of an exception nobody caught.

Everything logs to the "cardtable" logger; ``setup_logging`` sends it to ``cardtable.log`` in the
user log folder (rotated, so it never grows without bound). ``install_crash_handler`` makes an
uncaught exception, in the main thread or any other, land in that file with its traceback and
hands the player a one-line message naming the file, for the window or a message box to show.
The autosave needs nothing here: it is written only after an action succeeds, so it still holds
the position before the action that failed.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from cardtable.store.paths import AppPaths, app_paths

LOGGER_NAME = "cardtable"
LOG_BYTES = 1_000_000
LOG_BACKUPS = 3
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger(LOGGER_NAME)
_handler: logging.Handler | None = None
_log_file: Path | None = None
_later: AppPaths | None = None
"""Where the log goes once it is opened (``install_crash_handler(log_later=True)``)."""
WAITING_LINES = 1000


class _Waiting(logging.Handler):
    """The lines logged before the log file is opened, written to it when it is: the title reads
    the store before then (an upgraded save's line was lost)."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if len(self.records) < WAITING_LINES:
            self.records.append(record)


_waiting: _Waiting | None = None


def _log_file_handler(path: Path) -> logging.Handler:
    """The log file, rotated, and silent when the disk refuses a line: a full disk must not print
    a traceback to the console for every line logged (the player has been told the disk is full).
    (``logging.handlers`` costs the title's first frame about 10 ms: imported when the log opens.)"""
    import logging.handlers

    class LogFile(logging.handlers.RotatingFileHandler):
        def handleError(self, record: logging.LogRecord) -> None:
            pass

    return LogFile(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")


def setup_logging(paths: AppPaths | None = None, level: int = logging.INFO) -> Path | None:
    """Log to the file in the user log folder; the file, or None if it cannot be written (then
    the log goes to stderr, which is better than nothing and never stops the program)."""
    global _handler, _log_file, _later
    _later = None
    paths = paths if paths is not None else app_paths()
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
    try:
        paths.log_dir.mkdir(parents=True, exist_ok=True)
        handler = _log_file_handler(paths.log_file)
        _log_file = paths.log_file
    except OSError:
        handler = logging.StreamHandler(sys.stderr)
        _log_file = None
    handler.setFormatter(logging.Formatter(_FORMAT))
    log.addHandler(handler)
    log.setLevel(level)
    _handler = handler
    _write_waiting(handler)
    return _log_file


def _write_waiting(handler: logging.Handler) -> None:
    global _waiting
    if _waiting is None:
        return
    log.removeHandler(_waiting)
    for record in _waiting.records:
        handler.handle(record)
    _waiting = None


def open_log_later() -> None:
    """Open the log file put off by ``install_crash_handler(log_later=True)`` (if not open yet)."""
    if _later is not None:
        setup_logging(_later)


def log_file() -> Path | None:
    """Where the log goes now (None before ``setup_logging`` or when only stderr is left)."""
    return _log_file


def crash_message(exc: BaseException) -> str:
    where = f"The details are in {_log_file}." if _log_file else "The details went to the console."
    return f"Card Table hit an error it could not handle ({type(exc).__name__}: {exc}). {where}"


def report_crash(exc: BaseException, tb: TracebackType | None = None) -> str:
    """Write ``exc`` with its traceback to the log; the message for the player."""
    import traceback

    open_log_later()
    try:
        log.critical("uncaught exception\n%s",
                     "".join(traceback.format_exception(type(exc), exc, tb or exc.__traceback__)))
        for handler in log.handlers:
            handler.flush()
    except Exception:
        pass  # the log itself failing must not hide the message from the player
    return crash_message(exc)


def install_crash_handler(paths: AppPaths | None = None,
                          on_crash: Callable[[str], object] | None = None, *, log_later: bool = False
                          ) -> Path | None:
    """Route uncaught exceptions (main and other threads) to the log and to ``on_crash``, which
    shows the message (in the window, or with ``pygame.display.message_box`` if it is gone).
    The message is printed to the console here, once: ``on_crash`` must not print it again.
    Sets up logging if that was not done, or with ``log_later`` leaves that to ``open_log_later``
    (after the title's first frame) or to the first crash, whichever comes first. Returns the log
    file (None while it is put off)."""
    global _later, _waiting
    if log_later and paths is not None:
        _later = paths   # a log already open (the tests) goes on taking lines until then
        if _handler is None and _waiting is None:
            _waiting = _Waiting()
            log.addHandler(_waiting)
            log.setLevel(logging.INFO)
    elif _handler is None or paths is not None:
        setup_logging(paths)

    def tell(message: str) -> None:
        print(message, file=sys.stderr)
        if on_crash is not None:
            try:
                on_crash(message)
            except Exception:
                log.exception("showing the crash message failed")

    def excepthook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):  # Ctrl+C is the player's wish, not a crash
            sys.__excepthook__(kind, exc, tb)
            return
        tell(report_crash(exc, tb))

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            tell(report_crash(args.exc_value, args.exc_traceback))

    sys.excepthook = excepthook
    threading.excepthook = thread_hook
    return _log_file
