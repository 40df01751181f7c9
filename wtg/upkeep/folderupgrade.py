"""One game folder upgraded in place to this wtg's format (``wtg.files.store.FORMAT``), its
lock held throughout.

First a copy of the folder as it is (``wtg.upkeep.copies``). Then each step in turn
(``wtg.upkeep.steps``), each the same way:

1. the files the step changes are written into ``GAME_DIR/.upgrading/files/`` (the paths
   they will have) and the files it removes listed in ``.upgrading/removed.json``, all
   flushed to disk: nothing counts yet, and a kill here leaves the folder as it was
   (the next upgrade throws the staging away);
2. the format file is written ``1 -> 2`` (one rename): from here the step counts, and
   every command refuses the folder until it is finished;
3. each staged file is moved into place (a rename each), each listed file removed, the
   folders touched flushed; the format file is written ``2``; the staging is removed.

A kill during 3 is finished by the next ``wtg upgrade``: it does 3 again, which moves
what is left to move and removes what is left to remove. So the folder is at its old
format, untouched, or at the new one, or counted and refused by every command until the
next ``wtg upgrade`` finishes it; no command ever reads it half upgraded.
"""

from __future__ import annotations

import json
import os
import shutil
from datetime import datetime
from pathlib import Path, PurePosixPath

from wtg.core.record import Record
from wtg.files import diskflush, private
from wtg.files.store import (
    FORMAT,
    FORMAT_FILE,
    FolderFormat,
    GameStore,
    fsync_dir,
    read_format,
    record_format,
    temporary_name,
)
from wtg.upkeep.copies import clear_leftovers, copy_game_folder
from wtg.upkeep.steps import GAME_STEPS, Changes

STAGING = ".upgrading"
STAGED = "files"
REMOVED = "removed.json"


class FolderUpgrade(Record):
    """What the upgrade of a game folder did."""

    found: int
    """The folder's format before."""
    copy: Path | None = None
    """The copy made before it changed (None: an upgrade cut short finished, no step left)."""
    finished: bool = False
    """An upgrade that a kill cut short was finished first."""


def left_over(root: Path) -> bool:
    """Whether an upgrade left its staging in the folder (to finish or throw away)."""
    return (root / STAGING).exists()


def upgrade_folder(store: GameStore, copies: Path, now: datetime) -> FolderUpgrade | None:
    """Upgrade the folder of ``store``, whose lock the caller holds (``lock(upgrading=True)``),
    to ``FORMAT``, a copy of it in ``copies`` first; None when it was at ``FORMAT`` already
    (what a killed upgrade left is cleared all the same)."""
    root = store.root
    found = read_format(root)
    finished = found.upgrading_to is not None
    if found.upgrading_to is not None:
        _move_in(root, found.upgrading_to)
        start = found.upgrading_to
    else:
        if left_over(root):  # staged, never counted
            _remove_staging(root)
        (root / temporary_name(FORMAT_FILE)).unlink(missing_ok=True)  # its write cut short
        clear_leftovers(copies, root.name)
        start = found.number
    if start >= FORMAT:
        return FolderUpgrade(found=found.number, finished=True) if finished else None
    copy = copy_game_folder(root, copies, start, now)
    for number in range(start, FORMAT):
        _stage(root, GAME_STEPS[number](root))
        record_format(root, FolderFormat(number, number + 1))  # it counts
        _move_in(root, number + 1)
    return FolderUpgrade(found=found.number, copy=copy, finished=finished)


def _inside(root: Path, relpath: str) -> Path:
    """The path ``relpath`` names in the folder; a path out of it, or into the staging or
    onto the format file, is a step's mistake (ValueError)."""
    parts = PurePosixPath(relpath).parts
    if (
        not parts
        or PurePosixPath(relpath).is_absolute()
        or ".." in parts
        or parts[0] in (STAGING, FORMAT_FILE, ".lock")
    ):
        raise ValueError(f"an upgrade step names {relpath!r}, no file of a game folder")
    return root.joinpath(*parts)


def _stage(root: Path, changes: Changes) -> None:
    """Step 1 (the module's doc): the changes written into a new staging, flushed."""
    if left_over(root):
        _remove_staging(root)
    staging = root / STAGING
    files = private.make_dirs(staging / STAGED)
    removed = []
    for relpath, data in sorted(changes.items()):
        _inside(root, relpath)
        if data is None:
            removed.append(relpath)
            continue
        target = files.joinpath(*PurePosixPath(relpath).parts)
        private.make_dirs(target.parent)
        private.write_file(target, data, sync=False)
    private.write_file(staging / REMOVED, json.dumps(removed).encode(), sync=False)
    diskflush.flush(staging)


def _move_in(root: Path, to: int) -> None:
    """Step 3 (the module's doc), or what a kill left of it: what is staged moved into
    place, what is listed removed, then the number ``to`` and no staging."""
    staging = root / STAGING
    files = staging / STAGED
    touched: set[Path] = set()
    staged = sorted(p for p in files.rglob("*") if p.is_file()) if files.is_dir() else []
    for path in staged:
        target = _inside(root, path.relative_to(files).as_posix())
        private.make_dirs(target.parent)
        os.replace(path, target)
        touched.add(target.parent)
    try:
        removed = json.loads((staging / REMOVED).read_text(encoding="utf-8"))
    except FileNotFoundError:
        removed = []  # staged and counted, so there: gone only once the step was done
    for relpath in removed:
        target = _inside(root, relpath)
        target.unlink(missing_ok=True)
        touched.add(target.parent)
    for folder in sorted(touched):
        fsync_dir(folder)
    record_format(root, FolderFormat(to))
    _remove_staging(root)


def _remove_staging(root: Path) -> None:
    shutil.rmtree(root / STAGING)
    fsync_dir(root)
