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
def exclusive(path: Path, busy: Callable[[], Exception], removed: bool = False) -> Iterator[None]:
    """Hold ``path``'s lock for the block; raise ``busy()`` at once if another holds it.

    ``removed``: the lock file goes when the block ends (a backup leaves nothing but the
    backup). It is unlinked while still held, so that no one can take the lock on it between
    the unlink and the close. Another process may have opened the file before it went and
    take the lock on it after: its lock is then on a file no longer at ``path``, which a
    third process could make again and lock too. So a lock taken is kept only when the
    file locked is still the one at ``path``; else the file is opened again and locked
    anew. Every taker of a lock that is removed must pass ``removed``: one that does not
    checks nothing."""
    fd = _locked(path, busy, removed)
    taker = os.getpid()
    mine = _identity(os.fstat(fd))
    _HELD[mine] = _HELD.get(mine, 0) + 1
    try:
        yield
    finally:
        _HELD[mine] -= 1
        if not _HELD[mine]:
            del _HELD[mine]
        try:
            if removed:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
        finally:
            _release(fd, taker)


_HELD: dict[tuple[int, int], int] = {}
"""The files whose lock this process holds (``exclusive``), by device and inode, each with
how many blocks hold it; a process forked inherits them with the locks themselves."""


def _release(fd: int, taker: int) -> None:
    """Drop the lock ``taker`` took on ``fd``, then close it. Closing alone is not enough: a
    process forked meanwhile by another thread (a subprocess started, not yet past its
    exec) holds a copy of the descriptor, and the lock lasts until the last copy closes, so
    this process's next take of the same lock was refused as another's. A process forked
    while the lock was held that unwinds the block (it is not the taker) only closes its
    copy: the lock stays its parent's."""
    try:
        if os.getpid() == taker:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _identity(status: os.stat_result) -> tuple[int, int]:
    return status.st_dev, status.st_ino


def held_here(path: Path) -> bool:
    """Whether this process holds the lock of ``path`` (``exclusive``): known in memory, not
    read from a file another process may have written (a holder file a poll killed left)."""
    try:
        return _identity(os.stat(path)) in _HELD
    except OSError:
        return False


def _locked(path: Path, busy: Callable[[], Exception], removed: bool) -> int:
    """The descriptor of ``path`` with its lock taken (for ``removed``, the file still at
    ``path`` once the lock was taken)."""
    while True:
        # the bare descriptor: no file object is read or written (a poll locks each game)
        fd = private.opener(os.fspath(path), os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC)
        try:
            _flock(fd, fcntl.LOCK_EX, busy)
            if not removed or _same_file(fd, path):
                return fd
        except BaseException:
            os.close(fd)
            raise
        _release(fd, os.getpid())  # the holder before removed it after this opened it: again


def _flock(fd: int, kind: int, busy: Callable[[], Exception]) -> None:
    """The lock of ``kind`` (exclusive or shared) taken on ``fd`` without waiting; ``busy()``
    raised when another holds one it cannot share."""
    try:
        fcntl.flock(fd, kind | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EAGAIN, errno.EACCES):
            raise busy() from None
        raise


def _same_file(fd: int, path: Path) -> bool:
    """Whether the open file ``fd`` is the one at ``path`` (not one removed since)."""
    try:
        there = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (there.st_dev, there.st_ino) == (mine.st_dev, mine.st_ino)


@contextlib.contextmanager
def shared(path: Path, busy: Callable[[], Exception]) -> Iterator[None]:
    """Hold a shared lock on ``path`` for the block (a reader's: other readers may hold it
    too, no holder of the exclusive lock can); raise ``busy()`` at once if a writer holds
    the exclusive one. The file is made when there is none (an empty lock file); where it
    cannot be (a folder this user may not write, a disk mounted read-only), no writer can
    make it either: the block runs without it."""
    try:
        fd = private.opener(os.fspath(path), os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS) or path.exists():
            raise
        yield
        return
    taker = os.getpid()
    try:
        _flock(fd, fcntl.LOCK_SH, busy)
        yield
    finally:
        _release(fd, taker)


def held_by_another(path: Path) -> bool:
    """Whether another process holds a lock on ``path`` now (a look: nothing is made, and
    no lock kept); False when there is no such file or it cannot be read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError as exc:
        return exc.errno in (errno.EAGAIN, errno.EACCES)
    finally:
        os.close(fd)  # a lock taken here goes with it
    return False
