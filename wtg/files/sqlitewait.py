"""An SQLite database of the games folder that another wtg may be writing at the same moment
(the mail journal, the lobby's database, the count of mail to strangers, and the copies
`wtg upgrade` and `wtg backup` make of them): a connection (``connect``) whose statements
wait for the other's write, up to ``BUSY_SECONDS``, as those writes are short (a cron line
failing at once on one would fail for nothing), and say so once they have waited
``FIRST_WAIT`` (``wtg.logs.waits``: logged, and on the command line's stderr). A command
that waited 30 s without a word looked hung, then failed with SQLite's bare "database is
locked", which said neither what it waited for nor what to do.

Past ``BUSY_SECONDS`` the error is SQLite's own (``wtg.logs.waits.kept_waiting`` knows it),
with the database it waited for noted on it (``waited_for``): the command line names it
and says to give the command again once the other is done (``wtg.cli.common``).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from wtg.files.pause import pause_for
from wtg.logs import waits
from wtg.logs.waits import kept_waiting

T = TypeVar("T")

BUSY_SECONDS = 30.0
"""How long a statement waits for another process's write to the database to end."""

FIRST_WAIT = 2.0
"""How long a statement waits for another process's write before the wait is said
(``wtg.logs.waits``); it goes on waiting, up to ``BUSY_SECONDS`` in all."""

WRITERS = "a poll, a send, a turn, wtg serve"
"""The other wtg a wait names, unless the database says its own (``connect``)."""

WAITED = "wtg_waited_for"
"""The attribute of SQLite's error, once a wait ran out, that names the database waited
for (``waited_for``)."""
WAITED_WRITERS = "wtg_waited_writers"
"""The attribute of SQLite's error, once a wait ran out, that names who else writes the
database (``kept_busy``)."""


class WaitingConnection(sqlite3.Connection):
    """A connection whose statements wait for another process's write (``patiently``)."""

    named = ""
    """The database, for what is said: what it is and its file."""
    writers = WRITERS
    """Who else writes it, for what is said."""

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        return patiently(lambda: super(WaitingConnection, self).execute(sql, parameters), self)

    def executemany(self, sql: str, parameters: Any, /) -> sqlite3.Cursor:
        rows = list(parameters)  # read again when tried again
        return patiently(lambda: super(WaitingConnection, self).executemany(sql, rows), self)

    def executescript(self, script: str, /) -> sqlite3.Cursor:  # each script: IF NOT EXISTS
        return patiently(lambda: super(WaitingConnection, self).executescript(script), self)

    def commit(self) -> None:
        patiently(lambda: super(WaitingConnection, self).commit(), self)


def connect(
    path: Path | str,
    named: str,
    writers: str = WRITERS,
    *,
    uri: bool = False,
    own_transactions: bool = False,
) -> WaitingConnection:
    """A connection to the database at ``path`` (a ``file:`` URI with ``uri``) that waits
    for another process's writes and says so, naming the database ``named`` (what it is
    and its file: "the lobby's database /srv/wtg/games/.people/people.sqlite") and who
    else writes it (``writers``). ``own_transactions``: the caller begins and ends each
    transaction (``isolation_level=None``), else Python's sqlite3 begins them."""
    db = sqlite3.connect(path, timeout=FIRST_WAIT, factory=WaitingConnection, uri=uri)
    if own_transactions:
        db.isolation_level = None
    db.named = named
    db.writers = writers
    return db


def patiently(call: Callable[[], T], db: WaitingConnection) -> T:
    """``call()``, tried again while another process writes ``db`` (SQLite's plain
    "database is locked", each try waiting up to ``FIRST_WAIT`` in SQLite's own handler),
    up to ``BUSY_SECONDS`` in all; the wait said once, when a try has waited or once
    ``FIRST_WAIT`` has gone by (a refusal at once, SQLite's way out of two writers each
    waiting for the other, is tried again after a pause, unsaid at first)."""
    first = time.monotonic()
    deadline = first + BUSY_SECONDS - FIRST_WAIT
    said = False
    while True:
        tried = time.monotonic()
        try:
            return call()
        except sqlite3.OperationalError as exc:
            if not kept_waiting(exc):
                raise
            now = time.monotonic()
            if now > deadline:
                setattr(exc, WAITED, db.named)
                setattr(exc, WAITED_WRITERS, db.writers)
                raise
            waited = now - tried >= FIRST_WAIT / 2
            if not waited:  # refused at once, no wait: a pause
                pause_for(0.05)
            if not said and (waited or time.monotonic() - first >= FIRST_WAIT):
                waits.waiting(  # looked up when said: a test's hook
                    f"{db.named} is being written by another wtg ({db.writers}): waiting for "
                    f"it, up to {BUSY_SECONDS:g} s; nothing to do: this command goes on by "
                    "itself once that one is done"
                )
                said = True


def waited_for(exc: BaseException) -> str | None:
    """The database a wait that ran out was for (``patiently``), None when none did."""
    named = getattr(exc, WAITED, None)
    return named if isinstance(named, str) and named else None


def kept_busy(exc: BaseException) -> str:
    """What a wait that ran out adds to SQLite's bare "database is locked": who kept the
    database busy (its writers, as its connection names them; any wtg's, where no
    connection of this module waited); "" for any other error."""
    if not kept_waiting(exc):
        return ""
    writers = getattr(exc, WAITED_WRITERS, None)
    return f": another wtg ({writers or WRITERS}) kept writing it past the wait"


def cannot_use(exc: BaseException) -> str | None:
    """A wait that ran out, in a line: the database waited for, SQLite's words and who
    kept it busy (``kept_busy``); None for any other error."""
    named = waited_for(exc)
    return None if named is None else f"{named} cannot be used: {exc}{kept_busy(exc)}"


def wal_mode(db: sqlite3.Connection) -> None:
    """The database in WAL mode. SQLite asks no busy handler while it switches a new
    database's mode: another process making the database at the same moment (the workers
    of `run-turn --due`, each noting a game never mailed) made it fail at once with
    "database is locked". Tried again, a moment later each time, for as long as a
    statement waits; unsaid (the other is making the database, in a moment)."""
    deadline = time.monotonic() + BUSY_SECONDS
    pause = 0.001
    while True:
        try:
            sqlite3.Connection.execute(db, "PRAGMA journal_mode=WAL")  # tried again here
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
        pause_for(pause)
        pause = min(pause * 2, 0.1)


def copy_whole(source: WaitingConnection, target: sqlite3.Connection) -> None:
    """The database of ``source`` copied into ``target`` through SQLite's backup API, as one
    read of it: that read waited for (and said) as any statement of ``source`` is. SQLite's
    backup alone, refused by a writer holding the file, was tried again in silence for as
    long as it was held."""
    source.execute("BEGIN")
    try:
        source.execute("SELECT count(*) FROM sqlite_master").fetchone()  # the read begins
        source.backup(target)
    finally:
        source.rollback()
