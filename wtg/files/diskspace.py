"""A full disk, or one read-only, said as such.

A write on a full disk fails with "No space left on device" and no file named (the file
was opened before it filled), and SQLite says "disk I/O error" or "database or disk is
full". ``disk_full`` names the folder whose disk is full and what is left on it, so that
the GM makes room there; every file wtg writes is written whole or not at all, so the
same command given again takes up the rest. A database's error names no file: the code
that writes one says what it was writing (``writing``), and the line that reports the
error says it (``written``).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

NEARLY_FULL = 1 << 20
"""Below this many bytes free, a database error is taken for the full disk it most often is."""


def read_only(folder: Path) -> str | None:
    """That the file system which holds ``folder`` is read-only, and what to do; None when
    it is writable or cannot be asked."""
    try:
        room = os.statvfs(folder)
    except OSError:
        return None
    if not room.f_flag & os.ST_RDONLY:
        return None
    return (
        f"the file system that holds {folder} is read-only (mounted so, or made so by the "
        "kernel after a disk error: `dmesg` says): make it writable (`mount -o remount,rw`)"
    )


def disk_full(folder: Path, exc: BaseException) -> str | None:
    """What to say of the disk that holds ``folder`` after ``exc``: that it is full, with
    the room and the files left on it, when ``exc`` says so (ENOSPC) or is a
    database's error on a disk nearly full; that its file system is read-only
    (``read_only``), when it is and ``exc`` is a write's refusal ("Read-only file system")
    or a database's ("attempt to write a readonly database"). None otherwise."""
    try:
        room = os.statvfs(folder)
    except OSError:
        return None
    if room.f_flag & os.ST_RDONLY and (
        not isinstance(exc, OSError) or exc.errno in (errno.EROFS, errno.EACCES)
    ):
        return read_only(folder)
    free = room.f_bavail * room.f_frsize
    said = isinstance(exc, OSError) and exc.errno == errno.ENOSPC
    if not said and (isinstance(exc, OSError) or free >= NEARLY_FULL):
        return None
    return _full(folder, room)


def full_disk(folder: Path) -> str | None:
    """That the disk which holds ``folder`` is full (less than ``NEARLY_FULL`` left on it),
    with the room and files left and what to do; None when it is not or cannot be asked."""
    try:
        room = os.statvfs(folder)
    except OSError:
        return None
    if room.f_bavail * room.f_frsize >= NEARLY_FULL:
        return None
    return _full(folder, room)


LOW_SHARE = 0.05
"""A disk with less than this share of it free is low on room (``low_disk``) ..."""

LOW_ENOUGH = 1 << 30
"""... unless that is more than this many bytes: a large disk's 5 % is room for years."""


def low_disk(folder: Path) -> str | None:
    """That the disk which holds ``folder`` is nearly full, not yet full (``full_disk``):
    what is left, and to make room before it fills; None when it has room, is full, or
    cannot be asked. Before, nothing said it until a poll, a turn or a send failed on it,
    at night, with its players waiting."""
    try:
        room = os.statvfs(folder)
    except OSError:
        return None
    free = room.f_bavail * room.f_frsize
    size = room.f_blocks * room.f_frsize
    if free < NEARLY_FULL or size <= 0 or free >= min(size * LOW_SHARE, LOW_ENOUGH):
        return None
    return (
        f"the disk that holds {folder} is nearly full ({free // (1 << 20)} MB free, "
        f"{free * 100 // size} % of it): make room on it before it fills, when no poll, "
        "turn or mail runs"
    )


def cannot_write(folder: Path) -> bool:
    """Whether the file system that holds ``folder`` takes no writes now: read-only, or
    full (a reader of the mail journal then opens it as it lies)."""
    return read_only(folder) is not None or full_disk(folder) is not None


def _full(folder: Path, room: os.statvfs_result) -> str:
    free = room.f_bavail * room.f_frsize
    return (
        f"the disk that holds {folder} is full ({free // 1024} kB and {room.f_favail} files "
        "free): make room on it"
    )


WRITING = "wtg_writing"
"""The attribute of an error that says what was being written when it came (``writing``;
an attribute of ours: ``add_note`` is Python 3.11's)."""


def writing(exc: BaseException, what: str) -> None:
    """Note on ``exc`` (a database's error, which names no file) what was being written
    when it came: the file, and the mail or record it was for. The first note stands: the
    code nearest the write knows the most."""
    if not isinstance(getattr(exc, WRITING, None), str):
        setattr(exc, WRITING, what)


def written(exc: BaseException) -> str | None:
    """What was being written when ``exc`` came (``writing``), None when nothing says."""
    what = getattr(exc, WRITING, None)
    return what if isinstance(what, str) else None
