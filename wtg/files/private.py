"""Files and folders only their owner can use (0600 and 0700), whatever the process umask.

Everything under a game folder or the mail spool holds a secret code or a player's
address: game.yaml, reports and AOFs, order files, archived mails, the outbox, the
journal. Whatever writes there creates its files and folders through this module, so
nothing else has to think about modes: ``make_dirs`` for folders, ``write_file`` (or
``open`` with ``opener``) for files, ``create_file`` for a file another library then
opens (SQLite gives its -wal and -shm files the mode of the database file), and
``maildir`` for Python's ``mailbox.Maildir``.

An umask can only take permission bits away, so creating with 0600/0700 gives at most
that; each file and folder made here is also set to exactly that mode, in case an odd
umask took the owner's bits too or a file left by an older run was wider.
"""

from __future__ import annotations

import contextlib
import mailbox
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from wtg.files import diskflush

FILE_MODE = 0o600
DIR_MODE = 0o700
SHARED_BITS = 0o077
"""The bits of group and others: none of them is ever set on a private file or folder."""
WRITES = 0
"""Changes begun in this process: files ``write_file`` began to write, and transactions of
the lobby's book (``began_to_change``). The mail poll's time limit (``wtg.mail.poll.timelimit``)
reads from it whether a mail has begun to change anything."""


def began_to_change() -> None:
    """A change other than a file begins (a transaction of the lobby's book): counted in
    ``WRITES``, so a mail stopped by the time limit after it is not said to have changed
    nothing."""
    global WRITES
    WRITES += 1


def make_dirs(path: Path) -> Path:
    """Create ``path`` and every missing folder above it, each 0700; returns ``path``."""
    if path.is_dir():
        return path
    missing = []
    folder = path
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, DIR_MODE)
        except FileExistsError:  # made meanwhile by another process: it set its mode
            continue
        os.chmod(folder, DIR_MODE)
    return path


def opener(path: str, flags: int) -> int:
    """For ``open(path, mode, opener=opener)``: a file it creates is 0600."""
    fd = os.open(path, flags, FILE_MODE)
    if flags & os.O_CREAT:
        # a file of someone else's (the GM's, opened by root, say) keeps its mode
        with contextlib.suppress(PermissionError):
            os.fchmod(fd, FILE_MODE)
    return fd


def write_file(path: Path | str, data: bytes, sync: bool = True) -> None:
    """Create (or overwrite) ``path`` as a 0600 file holding ``data``; ``sync`` flushes it
    to disk before returning. (Plain os calls: a poll writes four files a mail.) An error
    of the write names ``path`` (os.write and os.fsync name no file: on a full disk, the
    GM would be told the disk and not the file)."""
    global WRITES
    WRITES += 1
    fd = opener(os.fspath(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC)
    try:
        written = os.write(fd, data)  # mostly all at once
        if written < len(data):
            view = memoryview(data)[written:]
            while view:
                view = view[os.write(fd, view) :]
        if sync:
            os.fsync(fd)
        else:  # the writer flushes its file system later (``diskflush``): noted
            diskflush.note(fd, os.fspath(path))
    except OSError as exc:  # a write or fsync names no file (a full disk): this one
        if exc.filename is None:
            exc.filename = os.fspath(path)
        raise
    finally:
        os.close(fd)


def drop_leftover(aside: Path, made: Path) -> None:
    """Remove ``aside`` if it holds what ``made`` holds: the copy written whole and then
    linked to ``made`` by a process killed before it removed the copy. Anything else there
    stays."""
    with contextlib.suppress(OSError):
        if aside.read_bytes() == made.read_bytes():
            aside.unlink()


def create_file(path: Path) -> Path:
    """Make sure ``path`` exists, creating it empty and 0600 if it does not (a file another
    library opens and writes, such as an SQLite database)."""
    os.close(opener(str(path), os.O_WRONLY | os.O_CREAT))
    return path


@contextlib.contextmanager
def tight_umask() -> Iterator[None]:
    """Hold the umask 077 (group and others out, the owner's bits kept) for the length of
    a library call that creates files with modes of its own choosing. The umask is the
    process's: wtg creates files from one thread only (the IMAP thread creates none)."""
    previous = os.umask(SHARED_BITS)
    try:
        yield
    finally:
        os.umask(previous)


class _PrivateMaildir(mailbox.Maildir):
    """``mailbox.Maildir`` makes its folders 0700 but its files (each message, the
    ``maildirfolder`` marker) with the umask's mode: here they are made 0600."""

    def add(self, message: Any) -> str:
        with tight_umask():
            return super().add(message)

    def __setitem__(self, key: str, message: Any) -> None:
        with tight_umask():
            super().__setitem__(key, message)

    def add_folder(self, folder: str) -> mailbox.Maildir:
        path = os.path.join(self._path, "." + folder)
        with tight_umask():
            super().add_folder(folder)
        _whole(Path(path))
        return _PrivateMaildir(path, create=False)


def _whole(path: Path) -> None:
    """A Maildir's three folders, each made when missing: ``mailbox.Maildir`` makes them only
    with the Maildir's own folder, so one a kill cut short between the two (the folder made,
    not its ``tmp``, ``new`` and ``cur``) would stay so, and no mail could be moved into it."""
    for sub in ("tmp", "new", "cur"):
        make_dirs(path / sub)


def maildir(path: Path) -> mailbox.Maildir:
    """The Maildir at ``path``, created (with its parent folders) when missing, made whole
    when a kill left it half made."""
    make_dirs(path.parent)
    with tight_umask():
        box = _PrivateMaildir(path, create=True)
    _whole(path)
    return box


def is_private(path: Path) -> bool:
    """No permission bit of group or others is set on ``path``."""
    return not path.stat().st_mode & SHARED_BITS
