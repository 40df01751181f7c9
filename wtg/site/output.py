"""The site's files, written only when their content changed: a page whose game did not move
keeps its file (its inode and its time), so a web server's caches and a mirror's rsync see
what changed and nothing else.

The site is published: its files are readable by all (0644, folders 0755), unlike a
game's folder. Each file is written whole under a temporary name and renamed into place,
so a web server never serves half a page.
"""

from __future__ import annotations

import os
from pathlib import Path

FILE_MODE = 0o644
DIR_MODE = 0o755


class Output:
    """The files of one build of the site under ``root``: which it wrote, which it kept."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: list[str] = []
        self.kept: list[str] = []

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
        make_dirs(path.parent)
        tmp = path.with_name(f".{path.name}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            os.fchmod(handle.fileno(), FILE_MODE)  # whatever the umask: the site is to be read
        os.replace(tmp, path)
        self.written.append(relpath)
        return True


def make_dirs(folder: Path) -> None:
    """``folder`` and its parents, readable by all."""
    if folder.is_dir():
        return
    folder.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    os.chmod(folder, DIR_MODE)  # whatever the umask: the site is to be read
