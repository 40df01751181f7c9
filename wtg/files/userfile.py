"""A file the user named on the command line (``wtg map -o FILE``), written whole or not at
all: the new content goes under a temporary name beside it (``.FILE.tmp``, as
``wtg.files.store.write_atomic`` names its own) and is renamed over it, so a ``kill -9`` or a
full disk mid-write leaves the earlier file of that name as it was, never cut short.

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

from wtg.files.store import fsync_dir, temporary_name

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
    tmp = os.path.join(folder, temporary_name(name))
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
