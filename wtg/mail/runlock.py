"""One `wtg poll` and one `wtg send` at a time: cron may start the next run before the last
one ends (a slow server), and two sends of one outbox could mail a message twice."""

from __future__ import annotations

import contextlib
import errno
import fcntl
from collections.abc import Iterator
from pathlib import Path


class AlreadyRunning(RuntimeError):
    """Another process holds the lock: this run has nothing to do."""


@contextlib.contextmanager
def only_one(spool: Path, name: str) -> Iterator[None]:
    """Hold ``spool/<name>.lock`` for the block; AlreadyRunning at once if another process
    holds it. The kernel drops the lock when its process dies, killed or not."""
    spool.mkdir(parents=True, exist_ok=True)
    handle = open(spool / f"{name}.lock", "a+")  # noqa: SIM115 - held for the block
    try:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EACCES):
                raise AlreadyRunning(f"another `wtg {name}` is running") from None
            raise
        yield
    finally:
        handle.close()
