"""Flushing many written files to disk at once (the mail poller's group commit).

A file written unflushed (``wtg.files.private.write_file`` with ``sync=False``) notes the
file system it landed on (``note``): a game folder may be a symlink onto another disk than
the games folder's, and a flush of the games folder's file system alone left its order
files and marks unflushed while the journal's commit said they were there. The writer that
flushes them at once (the poll's commit) flushes every file system noted (``unflushed``)
and then forgets them (``flushed``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

_UNFLUSHED: dict[int, str] = {}
"""The file systems written to unflushed in this process, by device: a folder on each."""


@cache
def _syncfs() -> object | None:
    if not sys.platform.startswith("linux"):
        return None
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name or "libc.so.6", use_errno=True)
        return libc.syncfs
    except (OSError, AttributeError):
        return None


def flush(path: Path) -> None:
    """Make every write so far to the file system holding ``path`` durable.

    Linux's syncfs() flushes that one file system; elsewhere os.sync() flushes all."""
    syncfs = _syncfs()
    if syncfs is not None:
        fd = os.open(path, os.O_RDONLY)
        try:
            if syncfs(fd) == 0:  # type: ignore[operator]
                return
        finally:
            os.close(fd)
    os.sync()


def note(fd: int, path: str) -> None:
    """The file ``path``, open as ``fd``, was written unflushed: its file system is to be
    flushed (one ``fstat`` a write; the folder kept once a file system)."""
    device = os.fstat(fd).st_dev
    if device not in _UNFLUSHED:
        _UNFLUSHED[device] = os.path.abspath(os.path.dirname(path) or ".")


def noted(written: Mapping[int, str]) -> None:
    """File systems another process wrote to unflushed (a poll's helper), flushed here."""
    for device, folder in written.items():
        _UNFLUSHED.setdefault(device, folder)


def unflushed() -> dict[int, str]:
    """The file systems written to unflushed since their last flush, by device: a folder
    on each."""
    return dict(_UNFLUSHED)


def flushed(devices: Iterable[int]) -> None:
    """Those file systems are flushed: forget them."""
    for device in devices:
        _UNFLUSHED.pop(device, None)


def on_device(folder: str, device: int) -> Path | None:
    """A folder of the file system ``device`` to flush it by: ``folder``, or the nearest
    folder above it still there on that file system (a temporary folder renamed since, a
    turn's, say); None when there is none."""
    path = Path(folder)
    for candidate in (path, *path.parents):
        try:
            if os.stat(candidate).st_dev == device:
                return candidate
        except OSError:
            continue
        return None  # the nearest one there is on another file system
    return None
