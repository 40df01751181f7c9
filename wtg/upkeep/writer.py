"""The archive of a backup as it is written (``wtg.upkeep.archive`` says its layout): a
temporary file beside the archive's own (0600), renamed over it once whole and on disk,
so that a backup killed midway leaves the archive that was there as it was.

One backup at a time writes a given archive: it holds ``.NAME.lock`` beside it while it
writes, removed when it ends (a backup leaves nothing but the backup), and first removes
what a backup of the same name killed before its end left there (its temporary file and
folder), which could be as big as the host."""

from __future__ import annotations

import contextlib
import gzip
import io
import os
import shutil
import sqlite3
import tarfile
import tempfile
import time
from pathlib import Path
from typing import IO, Any

from wtg.files.filelock import exclusive
from wtg.files.sqlitewait import connect, copy_whole
from wtg.files.store import fsync_dir
from wtg.upkeep import archive
from wtg.upkeep.archive import CHUNK, BackupError, Hashing, tar_info


class ArchiveWriter:
    """The archive being written: a temporary file beside ``out``, renamed over it once
    whole. ``files``: each file member's size and SHA-256, for the manifest."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.held = contextlib.ExitStack()
        self.held.enter_context(
            exclusive(
                out.parent / f".{out.name}.lock",
                lambda: BackupError(f"another wtg backup is writing {out}: let it end first"),
                removed=True,
            )
        )
        try:
            _remove_leftovers(out)
            fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.backup-", suffix=".tmp", dir=out.parent)
        except BaseException:
            self.held.close()
            raise
        self.tmp = Path(tmp)
        self.raw: IO[bytes] = os.fdopen(fd, "wb")
        self.scratch = Path(
            tempfile.mkdtemp(prefix=f".{out.name}.backup-", suffix=".sqlite.tmp", dir=out.parent)
        )
        # gzip by hand, not tarfile's "w|gz": the level chosen, no file name in its header
        self.gzip = gzip.GzipFile(
            filename="", mode="wb", compresslevel=archive.COMPRESS_LEVEL, fileobj=self.raw
        )
        self.tar = tarfile.open(  # noqa: SIM115 (closed by finish or abandon)
            fileobj=self.gzip, mode="w|", format=tarfile.PAX_FORMAT
        )
        self.files: dict[str, tuple[int, str]] = {}
        self.folders: set[str] = set()
        self.cut_short: list[str] = []
        """Files cut shorter while they were copied (made up with zero bytes)."""

    def folder(self, member: str, path: Path) -> None:
        if member in self.folders:
            return
        self.folders.add(member)
        try:
            mtime = os.stat(path).st_mtime
        except FileNotFoundError:  # gone since it was listed (the spool, its lock busy)
            mtime = time.time()
        self.tar.addfile(tar_info(member, 0, mtime, folder=True))

    def data(self, member: str, data: bytes, mtime: float) -> None:
        reader = Hashing(io.BytesIO(data), len(data))
        self.tar.addfile(tar_info(member, len(data), mtime), reader)
        self.files[member] = (len(data), reader.digest.hexdigest())

    def file(self, member: str, path: Path) -> None:
        try:
            handle = open(path, "rb", buffering=CHUNK)  # noqa: SIM115 (closed below)
        except FileNotFoundError:
            return  # moved since it was listed
        with handle:
            info = os.fstat(handle.fileno())
            reader = Hashing(handle, info.st_size)
            self.tar.addfile(tar_info(member, info.st_size, info.st_mtime), reader)
        self.files[member] = (info.st_size, reader.digest.hexdigest())
        if reader.short:
            self.cut_short.append(member)

    def database(self, member: str, path: Path) -> int:
        """The database at ``path`` copied through SQLite's backup API and archived as
        ``member``; its ``user_version``."""
        copy = self.scratch / "copy.sqlite"
        # read-write, not read-only: the last connection to close removes the -wal and -shm
        # files a read-only one would leave beside a database of the host; never made anew
        source = connect(f"file:{path}?mode=rw", f"the database {path}", uri=True)
        try:
            target = sqlite3.connect(copy)
            try:
                copy_whole(source, target)
                target.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
                number = int(target.execute("PRAGMA user_version").fetchone()[0])
            finally:
                target.close()
        finally:
            source.close()
        mtime = os.stat(path).st_mtime
        with open(copy, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            reader = Hashing(handle, size)
            self.tar.addfile(tar_info(member, size, mtime), reader)
        self.files[member] = (size, reader.digest.hexdigest())
        copy.unlink()
        return number

    def finish(self, manifest: dict[str, Any], into: Path | None = None) -> int:
        """The manifest added last, the archive made durable and renamed into place (``out``,
        or ``into`` beside it); its size."""
        self.data(archive.MANIFEST_MEMBER, archive.manifest_bytes(manifest), time.time())
        self.tar.close()
        self.gzip.close()
        self.raw.flush()
        os.fsync(self.raw.fileno())
        size = os.fstat(self.raw.fileno()).st_size
        self.raw.close()
        os.chmod(self.tmp, archive.FILE_MODE)
        os.replace(self.tmp, into or self.out)
        fsync_dir(self.out.parent)
        self._drop_scratch()
        self.held.close()
        return size

    def abandon(self) -> None:
        for stream in (self.tar, self.gzip, self.raw):
            with contextlib.suppress(Exception):
                stream.close()
        with contextlib.suppress(OSError):
            self.tmp.unlink()
        self._drop_scratch()
        self.held.close()

    def _drop_scratch(self) -> None:
        for name in os.listdir(self.scratch):
            with contextlib.suppress(OSError):
                os.unlink(self.scratch / name)
        with contextlib.suppress(OSError):
            os.rmdir(self.scratch)


def _remove_leftovers(out: Path) -> None:
    """The temporary file and folder a backup into ``out`` killed before its end left."""
    start, end = f".{out.name}.backup-", ".tmp"
    for name in os.listdir(out.parent):
        if name.startswith(start) and name.endswith(end):
            path = out.parent / name
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                with contextlib.suppress(OSError):
                    path.unlink()
