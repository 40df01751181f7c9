"""The backup archive: what it holds and how it is laid out, shared by `wtg backup` (which
writes one) and `wtg restore` (which checks one, then unpacks it).

A gzip-compressed tar (``.tar.gz``): Python's own ``tarfile`` and ``gzip`` write and read it
as a stream (nothing is staged on disk first, however big the host), and any machine's
``tar -tzf`` lists it, so a GM can look into a backup without wtg. gzip rather than xz: the
files are text that any compressor shrinks well, and gzip does it several times faster,
which counts while a game's lock is held for its copy. The members, in order:

    wtg-backup/FORMAT              "wtg backup 1": a wtg backup, and of which format
    wtg-backup/wtg.yaml            the GM's config, its passwords left out (when one was given)
    wtg-backup/games/...           the games folder: the spool (.mail), the lobby's book
                                   (.people), each game's folder, whatever else is in it
    wtg-backup/manifest.json       last: what was made when, the games and their turns, what
                                   was left out, and the size and SHA-256 of every file above

Every member is a folder or a plain file; its name starts with ``wtg-backup/`` and has no
``..``, no empty part and no leading ``/``. Whatever is not so (a link, a device, a name that
climbs out) is refused by the restore, which is how it tells a hostile archive.
"""

from __future__ import annotations

import hashlib
import io
import json
import tarfile
from collections.abc import Mapping
from typing import IO, Any

from wtg.core.errors import UsageError, WtgError

ROOT = "wtg-backup"
FORMAT_MEMBER = f"{ROOT}/FORMAT"
CONFIG_MEMBER = f"{ROOT}/wtg.yaml"
GAMES = f"{ROOT}/games"
MANIFEST_MEMBER = f"{ROOT}/manifest.json"
OWN_MEMBERS = (FORMAT_MEMBER, MANIFEST_MEMBER)
"""The archive's own members, no file of the host's: what `wtg backup` and `wtg restore`
count as the host's files (the same number, the same bytes) leaves them aside."""
FORMAT = 1
"""The layout of the archive; a restore refuses a backup of a format it does not know."""
FORMAT_TEXT = f"wtg backup {FORMAT}\n"
COMPRESS_LEVEL = 6
"""gzip's level: most of the size of its best, at a fraction of its cost."""
DIR_MODE = 0o700
FILE_MODE = 0o600
CHUNK = 1 << 20
PASSWORD_MARKER = "LEFT-OUT-OF-BACKUP"
"""What stands in the copy of the config for a password the backup left out."""


class BackupError(UsageError):
    """A backup that cannot be made as asked (FILE inside the games folder, say)."""


class BackupRefused(WtgError):
    """An archive the restore will not unpack: not a wtg backup, damaged, or hostile."""


def games_member(relative: str) -> str:
    """The member name of a path relative to the games folder (``demo/game.yaml``)."""
    return f"{GAMES}/{relative}" if relative else GAMES


def checked_parts(info: tarfile.TarInfo) -> tuple[str, ...]:
    """The parts of a member's name, after ``wtg-backup``; BackupRefused for anything but a
    folder or a plain file whose name stays inside the archive's own folder."""
    name = info.name
    if not (info.isreg() or info.isdir()):
        kind = "a link" if info.issym() or info.islnk() else "a special file"
        raise BackupRefused(f"{name!r} is {kind}: a wtg backup holds only folders and files")
    parts = name.split("/")
    if name.startswith("/") or "\x00" in name or "\\" in name:
        raise BackupRefused(f"{name!r} is a name no wtg backup writes (it would leave the folder)")
    if parts[0] != ROOT or any(part in ("", ".", "..") for part in parts):
        raise BackupRefused(f"{name!r} is a name no wtg backup writes (it would leave the folder)")
    return tuple(parts[1:])


def tar_info(name: str, size: int, mtime: float, folder: bool = False) -> tarfile.TarInfo:
    """A member as the backup writes it: private modes, no owner's name or number."""
    info = tarfile.TarInfo(name)
    info.type = tarfile.DIRTYPE if folder else tarfile.REGTYPE
    info.mode = DIR_MODE if folder else FILE_MODE
    info.size = 0 if folder else size
    info.mtime = int(mtime)
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


class Hashing(io.RawIOBase):
    """A file read through for its member of ``size`` bytes: the SHA-256 of what was read.
    tarfile reads exactly ``size`` bytes from it as it writes the member; a file cut shorter
    meanwhile (by a process that truncates it in place, as logrotate's ``copytruncate``)
    is made up with zero bytes to that size, and ``short`` says so."""

    def __init__(self, source: IO[bytes], size: int) -> None:
        super().__init__()
        self.source = source
        self.left = size
        self.digest = hashlib.sha256()
        self.short = False

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        wanted = self.left if size < 0 else min(size, self.left)
        data = self.source.read(wanted) if wanted else b""
        while len(data) < wanted:  # tarfile takes no read shorter than it asked
            more = self.source.read(wanted - len(data))
            if not more:
                data, self.short = data + bytes(wanted - len(data)), True
                break
            data += more
        self.left -= len(data)
        self.digest.update(data)
        return data

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def manifest_bytes(manifest: Mapping[str, Any]) -> bytes:
    """The manifest as JSON, in the order it was made (what a GM reads first, the list of
    files last), a file a line."""
    head = {key: value for key, value in manifest.items() if key != "files"}
    text = json.dumps(head, indent=1, ensure_ascii=False)[:-2]
    files = manifest.get("files", {})
    listed = ",\n".join(
        f"  {json.dumps(name, ensure_ascii=False)}: {json.dumps(entry)}"
        for name, entry in files.items()
    )
    return f'{text},\n "files": {{\n{listed}\n }}\n}}\n'.encode()


def host_files(sizes: Mapping[str, int]) -> tuple[int, int]:
    """How many of the members ``sizes`` names (each with its bytes) are the host's files,
    the archive's own aside (``OWN_MEMBERS``), and their bytes."""
    host = [size for name, size in sizes.items() if name not in OWN_MEMBERS]
    return len(host), sum(host)
