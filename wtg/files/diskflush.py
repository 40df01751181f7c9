"""Flushing many written files to disk at once (the mail poller's group commit)."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
from functools import cache
from pathlib import Path


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
