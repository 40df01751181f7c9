"""What the file system says of paths: whether two name one file or folder (a link,
another spelling of the path), and the folders a folder holds."""

from __future__ import annotations

import os
from pathlib import Path


def same_file(one: Path, other: Path) -> bool:
    """Whether ``one`` and ``other`` are the same file or folder; False when either is not
    there (or cannot be looked at)."""
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def subfolders(folder: Path) -> list[str]:
    """The names of the folders in ``folder`` but the hidden ones (a dot first), sorted;
    OSError when ``folder`` cannot be read."""
    with os.scandir(folder) as entries:
        return sorted(e.name for e in entries if not e.name.startswith(".") and e.is_dir())
