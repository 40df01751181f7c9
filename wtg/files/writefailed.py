"""Whether the file system refused a write, not a read: a game folder whose files a
command could read but not write (a folder another user made, a read-only mount, a full
disk) is said as one that cannot be written, never as one that cannot be read."""

from __future__ import annotations

import errno
import os

WRITES_ONLY = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG}
"""The refusals only a write meets."""

REFUSED = {errno.EACCES, errno.EPERM}
"""The refusals a read and a write both meet: told apart by what this process may read."""


def write_refused(exc: BaseException) -> bool:
    """Whether ``exc`` is the file system refusing a write: an error only a write meets,
    or a refusal on a path this process may read (a file it may read, or, for one not
    there yet, a folder it may look into)."""
    if not isinstance(exc, OSError) or exc.errno is None:
        return False
    if exc.errno in WRITES_ONLY:
        return True
    if exc.errno not in REFUSED or exc.filename is None:
        return False
    path = os.fsdecode(exc.filename)
    if os.path.lexists(path):
        return _may(path, os.R_OK | (os.X_OK if os.path.isdir(path) else 0))
    return _may(os.path.dirname(os.path.abspath(path)), os.R_OK | os.X_OK)


def _may(path: str, mode: int) -> bool:
    """Whether this process, as the user it runs as (its effective ids), may ``mode``."""
    try:
        return os.access(path, mode, effective_ids=os.access in os.supports_effective_ids)
    except OSError:
        return False
