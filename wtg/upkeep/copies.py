"""The copy of a game folder or of the lobby's book that ``wtg upgrade`` makes before it
changes it, in the games folder's ``.upgrades/`` (0700), each file 0600:

    .upgrades/g1-format1-20260302T180000Z.tar.gz               the game folder g1, as it was
    .upgrades/people.sqlite-format1-20260302T180000Z            the lobby's book, as it was

A copy is written under a temporary name (``.tmp-`` before it) and renamed when whole: a
copy by its name is complete; what a killed upgrade left half written is removed by the
next (``clear_leftovers``). Each copy is one small function, so that another way of
copying (``wtg backup``'s) can take its place.
"""

from __future__ import annotations

import os
import re
import sqlite3
import tarfile
from datetime import datetime, timezone
from pathlib import Path

from wtg.files import private
from wtg.files.sqlitewait import connect, copy_whole
from wtg.files.store import fsync_dir
from wtg.lobby.database import WRITERS, named

UPGRADES = ".upgrades"
"""The folder of the games folder that keeps the copies."""
TEMPORARY = ".tmp-"
BOOK_COPY = "people.sqlite"
"""The name the book's copies start with: a game's name has no dot, so no game's copy does."""
LEFT_OUT = frozenset({".lock"})
"""What a game folder's copy leaves out: the lock file (held while the copy is made)."""


def copies_dir(games_dir: Path) -> Path:
    """The games folder's ``.upgrades/``, made (0700) when missing."""
    return private.make_dirs(games_dir / UPGRADES)


def copy_name(what: str, found: int, now: datetime) -> str:
    """``g1-format1-20260302T180000Z``: what, its format, and when (UTC)."""
    return f"{what}-format{found}-{now.astimezone(timezone.utc):%Y%m%dT%H%M%SZ}"


def clear_leftovers(into: Path, what: str) -> None:
    """Remove the temporary copies of ``what`` (a game's name, ``BOOK_COPY``) that a killed
    upgrade left in ``into``; whoever calls it holds what they copy (its lock)."""
    mine = re.compile(
        rf"{re.escape(TEMPORARY + what)}-format\d+-\d{{8}}T\d{{6}}Z(\.tar\.gz)?(-journal)?"
    )
    for path in into.glob(f"{TEMPORARY}{what}-format*"):
        if mine.fullmatch(path.name):  # not game g1-format2's when g1's are cleared
            path.unlink(missing_ok=True)


def copy_game_folder(root: Path, into: Path, found: int, now: datetime) -> Path:
    """A ``.tar.gz`` of the game folder ``root`` (format ``found``) in ``into``, whose lock the
    caller holds; returns the copy's path."""
    final = into / f"{copy_name(root.name, found, now)}.tar.gz"
    temporary = into / f"{TEMPORARY}{final.name}"
    with open(temporary, "wb", opener=private.opener) as raw:
        with tarfile.open(fileobj=raw, mode="w:gz") as tar:
            tar.add(root, arcname=root.name, filter=_kept)
        raw.flush()
        os.fsync(raw.fileno())
    os.replace(temporary, final)
    fsync_dir(into)
    return final


def _kept(member: tarfile.TarInfo) -> tarfile.TarInfo | None:
    return None if os.path.basename(member.name) in LEFT_OUT else member


def copy_book(path: Path, into: Path, found: int, now: datetime) -> Path:
    """A copy of the lobby's book at ``path`` (format ``found``) in ``into``, through SQLite's
    backup API: the book as its last transaction left it (the caller holds its write
    transaction, so no other is under way); returns the copy's path."""
    final = into / copy_name(BOOK_COPY, found, now)
    temporary = private.create_file(into / f"{TEMPORARY}{final.name}")
    source = connect(path, named(path), WRITERS)
    try:
        target = sqlite3.connect(temporary)
        try:
            copy_whole(source, target)
        finally:
            target.close()
    finally:
        source.close()
    with open(temporary, "rb") as written:
        os.fsync(written.fileno())
    os.replace(temporary, final)
    fsync_dir(into)
    return final
