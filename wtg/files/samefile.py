"""Whether two paths name one file or folder, as the file system sees it (a link, another
spelling of the path), a path that is not there naming none."""

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
