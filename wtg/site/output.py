"""The site's files, written only when their content changed: a page whose game did not move
keeps its file (its inode and its time), so a web server's caches and a mirror's rsync see
what changed and nothing else.

The site is published: its files are readable by all (0644, folders 0755), unlike a
game's folder. Each file is written whole under a temporary name of this writer's own
(``wtg.files.asidename``: two builds at once never share one) and renamed into place, so a
web server never serves half a page; one a build killed before its rename left beside it
is removed by the next build (``clear_leftovers``), whether or not it makes that page again.

A page is flushed to disk before its rename, and each folder a build changed once the
build is done (``Output.flush``), as every other write of wtg is: a power cut leaves each
page the old one or the new one, never an empty file under the page's name. A build
writes only the pages that changed (a few a turn), so the flushes cost little but on a
first build.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from wtg.files.asidename import left_by_the_dead, own_temporary_name, writer_of
from wtg.files.store import fsync_dir

FILE_MODE = 0o644
DIR_MODE = 0o755
_ASIDE = re.compile(r"^\.(?!\.).+\.tmp$")
"""The name a file is written under before its rename (``aside_name``)."""


class Output:
    """The files of one build of the site under ``root``: which it wrote, which it kept."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: list[str] = []
        self.kept: list[str] = []
        self.changed: set[Path] = set()
        """The folders whose entries this build changed, to flush (``flush``)."""

    def put(self, relpath: str, text: str) -> bool:
        """Write ``relpath`` (``/``-separated, under the root) unless it holds ``text``
        already; True when it was written."""
        path = self.root.joinpath(*relpath.split("/"))
        data = text.encode("utf-8")
        try:
            if path.stat().st_size == len(data) and path.read_bytes() == data:
                self.kept.append(relpath)
                return False
        except OSError:  # not there yet (or unreadable: written anew)
            pass
        self.changed.update(make_dirs(path.parent))
        tmp = path.with_name(aside_name(path.name))
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
        fd = os.open(tmp, flags, FILE_MODE)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                os.fchmod(handle.fileno(), FILE_MODE)  # whatever the umask: to be read
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        self.changed.add(path.parent)
        self.written.append(relpath)
        return True

    def removed(self, path: Path) -> None:
        """``path`` (a file or folder under the root) was removed: its folder is flushed."""
        self.changed.add(path.parent)

    def flush(self) -> None:
        """Make the folders this build changed durable (their pages' renames, the folders
        made or removed in them), then forget them."""
        for folder in sorted(self.changed, key=lambda p: len(p.parts), reverse=True):
            with contextlib.suppress(FileNotFoundError):  # removed since: its parent has it
                fsync_dir(folder)
        self.changed.clear()


def make_dirs(folder: Path) -> list[Path]:
    """``folder`` and its parents, readable by all; returns the folders whose entries
    changed (the parent of each folder made), to flush."""
    if folder.is_dir():
        return []
    missing = [p for p in (folder, *folder.parents) if not p.exists()]
    folder.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    os.chmod(folder, DIR_MODE)  # whatever the umask: the site is to be read
    return [p.parent for p in missing]


def aside_name(name: str) -> str:
    """The name the file ``name`` is written under, beside it, before its rename: this
    writer's own (``wtg.files.asidename``)."""
    return own_temporary_name(name)


def clear_leftovers(root: Path, before: float) -> list[str]:
    """Remove the files written aside and never renamed (a build killed between the two)
    from the folders a build writes (the site's, ``aof/``, each ``games/<game>/``): they are
    published as the pages are. Only those last changed before the moment ``before`` (this
    build's start, seconds since the epoch) and, for a name of a writer's own, whose writer
    is gone: a build running beside this one keeps its own. Returns their paths under
    ``root``."""
    folders = [root, root / "aof", *_folders(root / "games")]
    removed: list[str] = []
    for folder in folders:
        for path in _folder_files(folder):
            if not _ASIDE.match(path.name):
                continue
            if writer_of(path.name) is not None and not left_by_the_dead(path.name):
                continue
            with contextlib.suppress(OSError):  # gone meanwhile, or not ours to remove
                if path.is_file() and path.stat().st_mtime < before:
                    path.unlink()
                    removed.append(path.relative_to(root).as_posix())
    return removed


def _folders(folder: Path) -> list[Path]:
    return [p for p in _folder_files(folder) if p.is_dir()]


def _folder_files(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir())
    except OSError:
        return []
