"""An exclusive lock on a file, taken at once or not at all (flock: the kernel drops it when
its process dies, killed or not)."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
from collections.abc import Callable, Iterator
from pathlib import Path

from wtg.files import private


@contextlib.contextmanager
def exclusive(path: Path, busy: Callable[[], Exception]) -> Iterator[None]:
    """Hold ``path``'s lock for the block; raise ``busy()`` at once if another holds it."""
    # the bare descriptor: no file object is read or written (a poll locks each game)
    fd = private.opener(os.fspath(path), os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EACCES):
                raise busy() from None
            raise
        yield
    finally:
        os.close(fd)
