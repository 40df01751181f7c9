"""What a command says while it waits for another process (a database of the games folder
another wtg is writing: ``wtg.files.sqlitewait``): logged, and said to whoever listens (the
command line, on stderr: a command that waited 30 s without a word looked hung, then
failed)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from wtg.logs.events import log_event

_LISTENER: list[Callable[[str], None]] = []
"""The one listener (``listen``), none at first."""


def listen(hear: Callable[[str], None] | None) -> None:
    """``hear`` is told every wait from now on, in place of any before (None: nobody)."""
    _LISTENER[:] = [] if hear is None else [hear]


def waiting(text: str) -> None:
    """A wait begun: ``text`` logged as a warning and told to the listener."""
    log_event(text, level=logging.WARNING)
    for hear in _LISTENER:
        hear(text)


SQLITE_BUSY = 5
"""SQLite's result code for a database another connection is writing ("database is
locked"; Python's sqlite3 names it from 3.11 on, its stubs not yet)."""


def kept_waiting(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite's refusal of a database another process is writing, once
    the wait for it ran out."""
    return getattr(exc, "sqlite_errorcode", None) == SQLITE_BUSY
