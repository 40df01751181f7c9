"""One `wtg poll` and one `wtg send` at a time: cron may start the next run before the last
one ends (a slow server), and two sends of one outbox could mail a message twice."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from wtg.core.errors import MailError
from wtg.files import private
from wtg.files.filelock import exclusive


class AlreadyRunning(MailError, RuntimeError):
    """Another process holds the lock: this run has nothing to do."""


@contextlib.contextmanager
def only_one(spool: Path, name: str) -> Iterator[None]:
    """Hold ``spool/<name>.lock`` for the block; AlreadyRunning at once if another process
    holds it."""
    private.make_dirs(spool)
    with exclusive(
        spool / f"{name}.lock", lambda: AlreadyRunning(f"another wtg {name} is running")
    ):
        yield
