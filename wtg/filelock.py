"""An exclusive lock on a file, taken at once or not at all (flock: the kernel drops it when
its process dies, killed or not)."""

from __future__ import annotations

import contextlib
import errno
import fcntl
from collections.abc import Callable, Iterator
from pathlib import Path

from wtg import private


@contextlib.contextmanager
def exclusive(path: Path, busy: Callable[[], Exception]) -> Iterator[None]:
    """Hold ``path``'s lock for the block; raise ``busy()`` at once if another holds it."""
    handle = open(path, "a+", opener=private.opener)  # noqa: SIM115 - held for the block
    try:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EACCES):
                raise busy() from None
            raise
        yield
    finally:
        handle.close()
