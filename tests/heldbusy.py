"""A database of the games folder held busy by another process, as a poll's long batch, a
send or `wtg serve` holds one, for the tests of what a command waiting for it says and
does (``wtg.files.sqlitewait``). The process takes the database's lock and keeps it until
it is killed with SIGKILL (kill -9: SQLite's locks go with the process). ``kill_when_told``
kills it at the moment the waiting command says its wait (the wait's own hook,
``wtg.logs.waits.waiting``): no test sleeps or times anything.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from wtg.files import sqlitewait
from wtg.logs import waits

HOLD = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[3:]:
    db.execute("PRAGMA locking_mode=EXCLUSIVE")
db.execute("BEGIN " + sys.argv[2])
print("held", flush=True)
sys.stdin.read()
"""
"""The holder: the database's lock taken (BEGIN IMMEDIATE: its write lock; EXCLUSIVE: in
a database without WAL, its readers' too; EXCLUSIVE in SQLite's exclusive locking mode, a
third argument: a WAL database's readers' too), then kept until it is killed."""

NEVER_TOLD = 20.0
"""After this many seconds with no word of a wait, the holder is killed all the same: a
command that waits in silence (the code before ``wtg.files.sqlitewait``) then goes on,
and the test fails at its check of what was said, rather than hang."""


class Holder:
    """Another process holding the database at ``path`` (``how``: the kind of BEGIN)."""

    def __init__(self, path: Path, how: str = "IMMEDIATE", readers: bool = False) -> None:
        """``readers``: a WAL database's readers held out too (its exclusive locking mode,
        as SQLite's readers meet it while a writer recovers or holds the file alone)."""
        mode = ["readers"] if readers else []
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLD, str(path), how, *mode],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        assert self.process.stdout.readline() == "held\n"

    def kill(self) -> None:
        """kill -9, and the process reaped."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def close(self) -> None:
        self.kill()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()


@contextmanager
def held(path: Path, how: str = "IMMEDIATE", readers: bool = False) -> Iterator[Holder]:
    holder = Holder(path, how, readers)
    try:
        yield holder
    finally:
        holder.close()


def short_patience(monkeypatch: pytest.MonkeyPatch, busy: float = 30.0) -> None:
    """A wait said after a twentieth of a second (not 2 s), given up after ``busy``."""
    monkeypatch.setattr(sqlitewait, "FIRST_WAIT", 0.05)
    monkeypatch.setattr(sqlitewait, "BUSY_SECONDS", busy)


@contextmanager
def kill_when_told(holder: Holder, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The waits said (their texts, in the list yielded), each passed on as before; the
    holder killed at the first."""
    told: list[str] = []
    said = waits.waiting

    def waiting(text: str) -> None:
        told.append(text)
        said(text)
        holder.kill()

    monkeypatch.setattr(waits, "waiting", waiting)
    net = threading.Timer(NEVER_TOLD, holder.kill)
    net.start()
    try:
        yield told
    finally:
        net.cancel()
