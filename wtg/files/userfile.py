"""A file the user named on the command line (``wtg map -o FILE``), written whole or not at
all: the new content goes under a temporary name beside it, the writer's own
(``wtg.files.asidename``: two ``wtg map -o FILE`` at once each write their own) and is
renamed over it, so a ``kill -9`` or a full disk mid-write leaves the earlier file of that
name as it was, never cut short. The copy a writer killed before its rename left is
removed by the next write of that file.

Unlike a game's files it is not made private: it gets the mode a plain write would give
(the umask's), and a file it replaces keeps its mode. A name through a symbolic link
replaces the file the link points to (the link stays); a name that is no regular file (a
pipe, ``/dev/stdout``) is written in place, as there is no earlier content to keep.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from wtg.files.asidename import left_by_the_dead, own_temporary_name
from wtg.files.store import fsync_dir

NEW_MODE = 0o666
"""The mode asked for a new file, the umask taking its bits away (as ``open(..., "w")``)."""


def write_whole(path: Path | str, data: bytes) -> None:
    """Put ``data`` in the file ``path``, replacing what it held in one rename. OSError
    (naming ``path``) when it cannot: the earlier file is then as it was, and no temporary
    file is left beside it."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        found = None
    if found is not None and not stat.S_ISREG(found.st_mode):
        with open(path, "wb") as out:  # a pipe or a device: nothing there to cut
            out.write(data)
        return
    target = os.path.realpath(path)
    folder, name = os.path.split(target)
    _clear_leftovers(folder, name)
    tmp = os.path.join(folder, own_temporary_name(name))
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC | os.O_NOFOLLOW
        fd = os.open(tmp, flags, NEW_MODE)
        try:
            if found is not None:
                os.fchmod(fd, stat.S_IMODE(found.st_mode))
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if exc.filename in (None, tmp, target):
            exc.filename = os.fspath(path)
        raise
    fsync_dir(Path(folder))


def _clear_leftovers(folder: str, name: str) -> None:
    """Remove the copies of the file ``name`` that writers killed before their rename left
    beside it: the names of a writer's own (``wtg.files.asidename``) whose process is gone.
    Nothing else: ``.NAME.tmp``, the name an earlier wtg wrote under, was removed too, but
    the user may keep a file of his own by that name (a kill of an earlier wtg's write left
    one such copy, once, for him to remove)."""
    try:
        entries = os.listdir(folder)
    except OSError:
        return
    for entry in entries:
        if left_by_the_dead(entry, name):
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(folder, entry))
