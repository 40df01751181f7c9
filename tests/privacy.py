"""Helpers for the tests of issue 12's "Secrets stay secret": a process umask set for one
test, and the files and folders under a root that group or others could use."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

UMASKS = (0o022, 0o002)
"""The umasks a GM's shell or cron most likely has: both leave new files readable by all."""


@contextlib.contextmanager
def process_umask(mask: int) -> Iterator[None]:
    """The process umask set to ``mask`` for the block."""
    previous = os.umask(mask)
    try:
        yield
    finally:
        os.umask(previous)


def shared(root: Path) -> list[str]:
    """Every file and folder under ``root`` (itself too) with a bit of group or others set,
    as ``relative/path 0o644``; [] when all is private."""
    found = []
    for path in [root, *sorted(root.rglob("*"))]:
        mode = path.lstat().st_mode & 0o777
        if mode & 0o077:
            found.append(f"{path.relative_to(root)} {oct(mode)}")
    return found


def names(root: Path) -> set[str]:
    """Every path under ``root``, relative, as text (to show what a check covered)."""
    return {str(path.relative_to(root)) for path in root.rglob("*")}
