"""What the file system says of paths: whether two name one file or folder (a link,
another spelling of the path), and the folders a folder holds."""

from __future__ import annotations

import os
import stat
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


def folder_identity(folder: Path) -> tuple[int, int] | None:
    """The device and inode of ``folder``: the same while it is the same folder, whatever
    its name; None when it is not there (or no folder)."""
    try:
        found = folder.stat()
    except OSError:
        return None
    return (found.st_dev, found.st_ino) if stat.S_ISDIR(found.st_mode) else None


def held_folder(folder: Path) -> int | None:
    """A descriptor of ``folder`` held open, to find it by after a move (``where_now``);
    None when it cannot be opened."""
    try:
        return os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return None


def where_now(held: int) -> Path | None:
    """Where the folder of the descriptor ``held`` is now (moved while it was held: its new
    path), as Linux's ``/proc`` names it; None where there is no ``/proc``, or when the
    folder was removed or the name found is not the folder."""
    try:
        path = Path(os.readlink(f"/proc/self/fd/{held}"))
        mine = os.fstat(held)
    except OSError:
        return None
    if folder_identity(path) != (mine.st_dev, mine.st_ino):  # removed: "... (deleted)"
        return None
    return path


def tidied(path: Path) -> Path:
    """``path`` made absolute without its ``..`` (``/srv/wtg/games/../wtg.yaml`` is
    ``/srv/wtg/wtg.yaml``), as the file system reads it: the part up to its last ``..`` is
    resolved (a link before it followed, as ``..`` is), the rest kept as given, links and
    all."""
    whole = path.absolute()
    ups = [index for index, part in enumerate(whole.parts) if part == ".."]
    if not ups:
        return whole
    return Path(*whole.parts[: ups[-1] + 1]).resolve().joinpath(*whole.parts[ups[-1] + 1 :])
