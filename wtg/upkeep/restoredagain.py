"""Three slips of a GM's `wtg restore` said for what they are: the folder typed with a space
pasted at an end of a name (`--games-dir "/srv/wtg/games "`), the same restore given again,
into the folder the first one filled, and given in a second terminal while the first one
runs.

A folder name with a space at an end was made as given, and the config the restore placed
named it so: the host ran in a folder the GM's `cd /srv/wtg/games` never finds, as `wtg
init` refuses to make one. The restore given again (the line typed twice, or a second
terminal) was told to stop the host, move the folder aside and restore again: advice for a
host's games folder of today, where here it is the restore just made, and moving it aside
sets apart whatever its first poll filed. The restore given while the first one ran took
the first one's `.restoring` for a restore cut short and removed it under it: both failed,
saying a database the archive lacked and `Directory not empty`, and left the folder half
restored. A restore holds the lock of the folder it restores into (``restoring_alone``),
and the second one stops at once, writing nothing."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from wtg.files.store import write_atomic
from wtg.game.schedule import moment_text
from wtg.host.gamesdir import RESTORED, RESTORING
from wtg.text.shellcommand import shell_command
from wtg.upkeep.archive import BackupRefused

MANIFEST = "manifest.json"
"""The backup's manifest a restore leaves in ``DIR/.restored/``, as the archive held it."""
ARCHIVE_MARK = "archive.json"
"""Beside it: the mark of the archive restored (``archive_mark``), which tells the same
backup given again at once."""
GZIP_MAGIC = b"\x1f\x8b"


class RestoreUnderWay(BackupRefused):
    """Another `wtg restore` is restoring into the folder now."""


@contextlib.contextmanager
def restoring_alone(games_dir: Path) -> Iterator[None]:
    """Hold the lock of the folder ``games_dir`` for the block (flock on the folder itself:
    the kernel drops it when the restore ends, killed or not); RestoreUnderWay at once when
    another restore holds it."""
    fd = os.open(games_dir, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RestoreUnderWay(
                f"{games_dir}: another `wtg restore` is restoring into it now (given in another "
                "terminal, or twice): nothing done here; that one goes on, and says what to do "
                "next when it is done"
            ) from None
        yield
    finally:
        os.close(fd)


def missing_folders(games_dir: Path) -> list[Path]:
    """The folders a restore into ``games_dir`` makes, itself first, then those above it."""
    folder = games_dir.absolute()
    if folder.exists() or folder.is_symlink():
        return []
    return [folder, *(p for p in folder.parents if not p.exists())]


def remove_made(made: list[Path]) -> None:
    """The folders ``missing_folders`` named removed again, those still empty (a restore
    refused writes nothing); a folder holding a restore cut short stays, its mark."""
    for folder in made:
        try:
            os.rmdir(folder)
        except OSError:
            return


def set_aside(games_dir: Path) -> Path:
    """Where a host's games folder is moved aside to restore a backup in its place."""
    return games_dir.parent / f"{games_dir.name}-before-restore"


def spaced_part(games_dir: Path) -> str | None:
    """Why ``games_dir`` is refused when a folder name the restore would make, or the
    folder's own, begins or ends with a space (a folder that is there already above it is
    the GM's own, and taken); None when none does."""
    folder = games_dir.absolute()
    made = [folder, *missing_folders(folder)[1:]]
    spaced = next((p.name for p in reversed(made) if p.name != p.name.strip()), None)
    if spaced is None:
        return None
    meant = Path(*(part.strip() or part for part in folder.parts))
    return (
        f"{str(games_dir)!r}: the folder name {spaced!r} begins or ends with a space: give it "
        f"without ({meant}); nothing written"
    )


def archive_mark(source: Path) -> dict[str, int] | None:
    """The mark of the archive ``source``: the CRC-32 and the size (modulo 2**32) of all it
    holds, which gzip writes in its last eight bytes, read without reading the rest (the
    archive's manifest is its last member, which only a read of the whole reaches). A
    backup compressed again (`gunzip`, then `gzip -9`) keeps its mark. None when the file
    cannot be read or is no gzip file."""
    try:
        with open(source, "rb") as handle:
            if handle.read(2) != GZIP_MAGIC:
                return None
            handle.seek(-8, os.SEEK_END)
            tail = handle.read(8)
    except OSError:
        return None
    if len(tail) != 8:
        return None
    return {"crc32": int.from_bytes(tail[:4], "little"), "size": int.from_bytes(tail[4:], "little")}


def note_archive(restored: Path, source: Path) -> None:
    """Keep the mark of the archive ``source`` in the folder ``restored`` (``.restored/``
    of a restore under way), 0600, when it has one."""
    mark = archive_mark(source)
    if mark is not None:
        write_atomic(restored / ARCHIVE_MARK, json.dumps(mark) + "\n", sync=False)


def _kept_mark(games_dir: Path) -> object:
    """The mark ``note_archive`` kept in ``games_dir``; None when there is none (a restore
    of round 46 or before) or it does not read."""
    try:
        return json.loads((games_dir / RESTORED / ARCHIVE_MARK).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def interrupted_line(source: Path, games_dir: Path) -> str:
    """What `wtg restore` says when Ctrl-C stops it (hosts47): the group's line for any
    command ("the same command given again takes up the rest (`wtg status` shows where the
    games stand)") sent the GM to `wtg status`, which refuses a folder being restored."""
    again = shell_command("wtg", "restore", str(source), "--games-dir", str(games_dir))
    if (games_dir / RESTORING).exists():
        return (
            f"restore: interrupted (Ctrl-C): {games_dir} holds a restore cut short (its "
            f"{RESTORING}), which no command runs on: give the same `{again}` again, which "
            "removes what this one left and restores anew"
        )
    return f"restore: interrupted (Ctrl-C) before it wrote anything: give `{again}` again"


def restored_already(
    games_dir: Path, source: Path, manifest_of: Callable[[Path], Mapping[str, Any]]
) -> str | None:
    """What to say when ``games_dir`` holds the backup ``source`` restored already (its
    ``.restored/manifest.json`` the archive's own); None when it does not, or the archive
    cannot be read (the refusal of a folder not empty stands). The archive's mark, kept by
    the restore (``note_archive``), tells it at once: before (hosts47), the archive was
    read whole (``manifest_of``, its manifest last), minutes of a big host's, before the
    GM heard that nothing was to be done; a folder restored without the mark is still so
    told."""
    kept = games_dir / RESTORED / MANIFEST
    try:
        restored = json.loads(kept.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(restored, dict):
        return None
    mark = _kept_mark(games_dir)
    if mark is not None:
        if mark != archive_mark(source):
            return None
        given: Mapping[str, Any] = restored
    else:
        try:
            given = manifest_of(source)
        except (BackupRefused, OSError):  # a damaged archive: the folder's refusal says enough
            return None
        if restored != given:
            return None
    config = games_dir / RESTORED / "wtg.yaml"
    step = (
        f" (the config, without its passwords, is {config}: put it where the config lives)"
        if config.is_file()
        else ""
    )
    move = shell_command("mv", str(games_dir), str(set_aside(games_dir)))
    return (
        f"{games_dir} holds this backup already, restored by an earlier `wtg restore` (the "
        f"backup made {moment_text(str(given.get('made')))}, of {given.get('games_dir')}): "
        f"nothing done; go on with the steps that restore said{step}, then `wtg --config "
        f"CONFIG check-config`; to restore it anew over what ran on it since, move this "
        f"folder aside first (`{move}`)"
    )


__all__ = [
    "ARCHIVE_MARK",
    "MANIFEST",
    "RestoreUnderWay",
    "archive_mark",
    "interrupted_line",
    "missing_folders",
    "note_archive",
    "remove_made",
    "restored_already",
    "restoring_alone",
    "set_aside",
    "spaced_part",
]
