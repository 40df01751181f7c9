"""`wtg restore FILE --games-dir DIR`: a backup (``wtg.upkeep.backup``) unpacked into an empty
games folder.

Nothing is written before the archive has been read whole and found good: a wtg backup
of a format this wtg knows, not cut short or damaged (gzip's check, and the size and
SHA-256 of every file against the manifest), and made only of folders and plain files
whose names stay inside DIR (``wtg.upkeep.archive.checked_parts``: no absolute name, no
``..``, no link, no device, no name given twice or both as a file and a folder). DIR must
be empty or not there yet.

Then the archive is read a second time and unpacked into ``DIR/.restoring`` (each file
checked again against the manifest as it is written: an archive changed between the two
readings is refused), every folder 0700 and every file 0600 whatever the archive says;
each SQLite database is checked whole; everything is flushed to disk, and only then moved
into DIR, ``.restoring`` removed last. A restore cut short (a kill, a full disk) leaves
``DIR/.restoring``: DIR is recognisably incomplete, and the same command given again
removes what it left (everything in DIR: it was empty when that restore began) and
restores anew. The config (without its passwords) and the manifest go to
``DIR/.restored/``, for the GM.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shlex
import shutil
import sqlite3
import tarfile
import zlib
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any

from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.files import diskflush, private
from wtg.files.gamesfolder import SPOOL
from wtg.files.store import GameLocked, StoreError, fsync_dir, write_atomic
from wtg.game.schedule import iso, moment_text
from wtg.host.gamesdir import RESTORED, RESTORING, host_folders_above, scan_games
from wtg.lobby.database import FILE as BOOK_FILE
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.takenoffers import finish_in_book, finished_line, taken_meanwhile, unfinished_line
from wtg.mail.spool.afterbackup import note_backup
from wtg.mail.spool.hostid import HOST_ID, note_copied_from
from wtg.upkeep import archive
from wtg.upkeep.archive import CHUNK, BackupRefused, checked_parts
from wtg.upkeep.backup import PEOPLE, human_size
from wtg.upkeep.configcopy import in_place, with_files_in_place, with_games_dir
from wtg.upkeep.maildirkept import maildir_step, named_maildir
from wtg.upkeep.restoredagain import (
    missing_folders,
    note_archive,
    remove_made,
    restored_already,
    restoring_alone,
    set_aside,
    spaced_part,
)
from wtg.upkeep.upgrade import formats_found

MANIFEST_MOST = 1 << 30
"""A manifest bigger than this is no wtg backup's (it lists a host's files, a line each)."""
SHOWN_GAMES = 10

Progress = Callable[[str, int, int], None]
"""Called as the archive is read, with what is done (``checking``, then ``restoring``), and
the bytes of the archive read so far and in all."""


class RestoreError(BackupRefused):
    """A restore that cannot be made as asked (DIR not empty, say)."""


class RestoreResult(Record):
    games_dir: Path
    source: Path
    manifest: dict[str, Any]
    files: int
    """The host's files restored (``archive.host_files``), as `wtg backup` counted them."""
    size: int
    """Their bytes, as `wtg backup` counted them."""
    again: bool
    """An unfinished restore was found in DIR and removed first."""
    formats: tuple[str | None, str | None] = (None, None)
    """What a newer wtg made, and the folders of an older format (``formats_found``): a
    backup taken before an upgrade needs `wtg upgrade` before its games run."""
    placed: bool = False
    """The config copy names DIR as its games_dir (``configcopy.with_games_dir``)."""
    takeovers: tuple[str, ...] = ()
    """A line for each seat the book offered and its game gave to a newcomer, a takeover
    confirmed between the backup's copy of the book and of the game
    (``wtg.lobby.takenoffers``): written into the book, or what the GM is to do."""
    archive: int = 0
    """The archive's bytes (compressed), as `wtg backup` said them."""
    in_place: dict[str, str] | None = None
    """Each line of the manifest's ``left_out`` whose file is still in place on this
    machine, with the line said instead (``configcopy.in_place``)."""
    maildir: Path | None = None
    """The Maildir the config names (``named_maildir``); None: the default one, in the
    games folder's spool."""

    def lines(self) -> list[str]:
        """What was restored, then what the GM must do next."""
        m = self.manifest
        games = m.get("games", [])
        shown = ", ".join(f"{g['name']} (turn {g['turn']})" for g in games[:SHOWN_GAMES])
        more = f" and {len(games) - SHOWN_GAMES} more" if len(games) > SHOWN_GAMES else ""
        parts = [counted(len(games), "game") + (f": {shown}{more}" if games else "")]
        if m.get("people_book"):
            parts.append("the lobby's people book")
        if m.get("spool"):
            parts.append("the mail spool and journal")
        lines = [
            f"restored {self.source} into {self.games_dir}: {'; '.join(parts)}; "
            f"{counted(self.files, 'file')}, {human_size(self.size)} (the archive "
            f"{human_size(self.archive)}; a backup made "
            f"{m.get('made')} by "
            f"wtg {m.get('wtg_version')} on {m.get('host')}, of {m.get('games_dir')})"
        ]
        if self.again:
            lines.insert(
                0, f"{self.games_dir} held a restore cut short: removed, and restored anew"
            )
        lines.append("what to do next:")
        steps = []
        if m.get("config") and self.placed:
            steps.append(
                f"the config, without its passwords, is {self.games_dir / RESTORED / 'wtg.yaml'}: "
                f"put it where the config lives (its games_dir is {self.games_dir} now)"
            )
        elif m.get("config"):
            steps.append(
                f"the config, without its passwords, is {self.games_dir / RESTORED / 'wtg.yaml'}: "
                f"put it where the config lives and set games_dir: {self.games_dir} in it"
            )
        else:
            steps.append(
                "the backup holds no config: use yours, with games_dir: "
                f"{self.games_dir} (`wtg init` makes a new one)"
            )
        there = self.in_place or {}
        steps += [there.get(str(line), str(line)) for line in m.get("left_out", [])]
        for game in m.get("games_not_copied", []):
            steps.append(f"game {game['name']} is not in this backup: {game['reason']}")
        newer, older = self.formats
        if newer is not None:
            steps.append(newer)
        if older is not None:
            steps.append(f"{older}: run `wtg --config CONFIG upgrade` once the config is in place")
        steps += list(self.takeovers)
        if m.get("spool"):  # the host may have gone on since: its mail is not in the inbox
            # on the maildir transport too: the old host's maildir_in kept it, named there
            maildir = maildir_step(self.maildir, m.get("games_dir"))
            steps.append(
                f"this is the host as it was at {moment_text(str(m.get('made')))}: the mail it "
                "filed after that "
                "is not in the inbox (on a mail server it is in imap.processed_folder, "
                "wtg-processed by default, and each poll names each mail of it there until it "
                f"is moved back; on the maildir transport {maildir}): move what came after "
                "that time back to the inbox (the maildir transport's: maildir_in's new/) "
                "before the service (or "
                "cron) starts, and the first poll files it; a turn that ran after that time "
                "runs again, at once if its deadline has passed: tell the players (`wtg "
                "announce --all TEXT`)"
            )
        steps.append(
            "then `wtg --config CONFIG check-config`, and start the service (or cron) again"
        )
        lines += [f"  - {step}" for step in steps]
        return lines


def restore(source: Path, games_dir: Path, progress: Progress | None = None) -> RestoreResult:
    """Restore the backup ``source`` into ``games_dir`` (empty, or not there yet)."""
    spaced = spaced_part(games_dir)
    if spaced is not None:
        raise RestoreError(spaced)
    try:
        _check_target(games_dir)
    except RestoreError:
        said = restored_already(games_dir, source, lambda given: verify(given).manifest)
        if said is not None:
            raise RestoreError(said) from None
        raise
    made = missing_folders(games_dir)
    private.make_dirs(games_dir)
    with restoring_alone(games_dir):  # a second restore into it stops here, writing nothing
        try:
            return _restore_alone(source, games_dir, progress)
        except BaseException:
            remove_made(made)  # refused: the folders left as they were
            raise


def _restore_alone(source: Path, games_dir: Path, progress: Progress | None) -> RestoreResult:
    """The restore, its folder's lock held: checked again, then made."""
    again = _check_target(games_dir)
    step = progress or (lambda _what, _done, _total: None)
    marked = not again  # marked at once, so that no command (cron's poll) writes in the
    if marked:  # empty folder while the archive is read
        os.mkdir(games_dir / RESTORING, private.DIR_MODE)
    try:
        checked = verify(source, step)
    except BaseException:
        if marked:  # refused: the folder left as it was
            os.rmdir(games_dir / RESTORING)
        raise
    manifest = checked.manifest
    files, data = archive.host_files({name: entry[0] for name, entry in checked.files.items()})
    if again:
        _clear(games_dir)
    private.make_dirs(games_dir)
    os.chmod(games_dir, private.DIR_MODE)
    staging = games_dir / RESTORING
    private.make_dirs(staging)
    fsync_dir(games_dir)  # the mark of a restore under way is on disk before anything else
    _refuse_written_meanwhile(games_dir)  # before the unpack, not only after it
    _unpack(source, staging, checked.files, step)
    _check_databases(staging, manifest)
    takeovers = _takeovers_after_the_book(staging)
    _note_the_host(staging / SPOOL, manifest)
    made = manifest.get("made")
    if (staging / SPOOL).is_dir() and isinstance(made, str):  # its polls name what came since
        note_backup(staging / SPOOL, made, iso(datetime.now(timezone.utc)))
    note_archive(private.make_dirs(staging / RESTORED), source)  # the same given again: told
    config = staging / RESTORED / "wtg.yaml"
    placed = config.is_file() and _place_config(config, games_dir.absolute())
    if config.is_file():  # a password file in place, named relative: by its full path
        text = config.read_text(encoding="utf-8")
        named = with_files_in_place(text, manifest.get("left_out_files"))
        if named != text:
            write_atomic(config, named)
    diskflush.flush(staging)
    names = sorted(os.listdir(staging), key=lambda name: name == RESTORED)  # .restored last
    _refuse_written_meanwhile(games_dir)
    for name in names:
        os.rename(staging / name, games_dir / name)
    fsync_dir(games_dir)
    os.rmdir(staging)
    fsync_dir(games_dir)
    return RestoreResult(
        games_dir,
        source,
        manifest,
        files,
        data,
        again,
        formats_found(games_dir),
        placed,
        tuple(takeovers),
        source.stat().st_size,
        in_place(manifest.get("left_out_files")),
        named_maildir(games_dir / RESTORED / "wtg.yaml", manifest.get("config")),
    )


def _takeovers_after_the_book(staging: Path) -> list[str]:
    """The takeovers the games restored hold and the book restored lacks (confirmed while
    the backup copied the games, after the book), written into the book before anything is
    moved into place (a restore killed meanwhile is made anew): a line for each, said to the
    GM. A book that cannot be read is left as it is (the first command that opens it says
    why)."""
    if not (staging / PEOPLE / BOOK_FILE).is_file():
        return []
    lines: list[str] = []
    try:
        with LobbyDatabase(staging) as book:
            for taken in taken_meanwhile(book, staging):
                try:
                    finish_in_book(book, taken)
                except sqlite3.Error as exc:
                    lines.append(unfinished_line(taken, str(exc)))
                else:
                    lines.append(finished_line(taken))
    except (OSError, sqlite3.Error, StoreError, GameLocked) as exc:
        lines.append(f"the lobby's book could not be compared with the games restored: {exc}")
    return lines


def _place_config(config: Path, games_dir: Path) -> bool:
    """The config copy made to name ``games_dir``, the folder restored (it named the folder
    backed up: put in place as it was, a host ran on the old games folder, or none);
    whether it now does."""
    text = with_games_dir(config.read_text(encoding="utf-8"), games_dir)
    if text is None:
        return False
    write_atomic(config, text)
    return True


def _refuse_written_meanwhile(games_dir: Path) -> None:
    """RestoreError when ``games_dir``, empty but for the restore's own folder when it
    began, holds anything else (a spool an older wtg's cron poll made): moved over, the
    restore stopped on it half done (``Directory not empty``)."""
    others = sorted(name for name in os.listdir(games_dir) if name != RESTORING)
    if others:
        raise RestoreError(
            f"{games_dir} was written by another process while it was restored "
            f"({', '.join(others)}): stop what writes there (cron's wtg lines, wtg serve), "
            "then give the same `wtg restore` again, which restores anew"
        )


def _check_target(games_dir: Path) -> bool:
    """Whether ``games_dir`` holds a restore cut short; RestoreError when it is not empty
    (or not a folder)."""
    if games_dir.is_symlink() and not games_dir.exists():
        raise RestoreError(f"{games_dir} is a link to nothing: restore into an empty folder")
    if games_dir.exists() and not games_dir.is_dir():
        raise RestoreError(f"{games_dir} is not a folder: restore into an empty folder")
    above = host_folders_above(games_dir)
    if above:  # a host within a host: a folder its polls and turns take for a game
        (nearest, what), outside = above[0], above[-1][0].parent
        new = outside / games_dir.name
        new = outside / f"{games_dir.name}-restored" if new.exists() else new
        raise RestoreError(
            f"{games_dir} is inside {nearest}, {what}: restore into a new folder of its own, "
            f"outside any host's games folder (say {new}); nothing written"
        )
    if not games_dir.exists():
        return False
    names = os.listdir(games_dir)
    if RESTORING in names:
        return True
    if names:
        raise RestoreError(
            f"{games_dir} is not empty: restore only into an empty or new folder, never over a "
            f"host{_over_a_host(games_dir)}"
        )
    return False


def refused_folder(games_dir: Path) -> bool:
    """Whether a restore into ``games_dir`` is refused as it stands: a folder that holds
    anything but a restore cut short (a host's games folder, most often), or no folder."""
    if not games_dir.exists():
        return games_dir.is_symlink()
    if not games_dir.is_dir():
        return True
    names = os.listdir(games_dir)
    return bool(names) and RESTORING not in names


def holds_a_host(games_dir: Path) -> bool:
    """Whether ``games_dir`` is a host's games folder: its mail spool or a game in it."""
    return (games_dir / SPOOL).is_dir() or bool(scan_games(games_dir).folders)


def _over_a_host(games_dir: Path) -> str:
    """When ``games_dir`` is a host's games folder (its mail spool or a game in it: today's,
    the backup given over it), what to type to put the backup in its place, or to take one
    game back instead; else nothing. Told only "never over a host", a GM's next try was to
    remove the folder, and with it what was filed and run since the backup."""
    if not holds_a_host(games_dir):
        return ""
    games = sorted(folder.name for folder in scan_games(games_dir).folders)
    shown = ", ".join(games[:SHOWN_GAMES])
    more = f" and {len(games) - SHOWN_GAMES} more" if len(games) > SHOWN_GAMES else ""
    held = f" ({counted(len(games), 'game')}: {shown}{more})" if games else ""
    aside = set_aside(games_dir)
    return (
        f"; it is a host's games folder{held}: to put the backup in its place, stop what runs "
        "the host (cron's wtg lines, wtg serve), move this folder aside and keep it (`mv "
        f"{shlex.quote(str(games_dir))} {shlex.quote(str(aside))}`: what was filed and run "
        "since the backup is only there), then "
        "give the same `wtg restore` again; to take one game back some turns instead, `wtg "
        "rollback GAME --to N` does it in place and keeps the turns it takes back"
    )


def _clear(games_dir: Path) -> None:
    """Remove what a restore cut short left: everything in ``games_dir``, which was empty
    when it began; its ``.restoring`` last, the mark that it was cut short."""
    for name in sorted(os.listdir(games_dir), key=lambda name: name == RESTORING):
        path = games_dir / name
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()


# --- the first reading: the archive checked whole ------------------------------------------
DAMAGE = (tarfile.TarError, EOFError, zlib.error, gzip.BadGzipFile)
"""What reading a damaged or foreign archive raises (gzip's check, a tar header, an end too
soon)."""
FORMAT_MOST = 100


class Checked(Record):
    """A backup read whole and found good: its manifest, the size and SHA-256 of each of
    its files (the manifest's own too)."""

    manifest: dict[str, Any]
    files: dict[str, list[Any]]


def verify(source: Path, progress: Progress | None = None) -> Checked:
    """The archive read whole and found to be a good wtg backup; BackupRefused (saying why)
    when it is not."""
    files: dict[str, list[Any]] = {}
    manifest: dict[str, Any] | None = None
    manifest_entry: list[Any] = []
    names = _Names(source)
    for info, reader in _members(source, "checking", progress):
        if manifest is not None:
            raise BackupRefused(f"{source}: a member after the manifest ({info.name!r})")
        name = names.add(info, first=not names.seen)
        if reader is None:
            continue
        if name == archive.MANIFEST_MEMBER:
            manifest, manifest_entry = _manifest(source, reader, info.size)
            continue
        digest = hashlib.sha256()
        if name == archive.FORMAT_MEMBER:
            head = reader.read(FORMAT_MOST + 1)
            _check_format(source, head)
            digest.update(head)
        files[name] = [info.size, _hashed(reader, digest)]
    if manifest is None:
        raise BackupRefused(f"{source}: no manifest at its end: cut short, or not a wtg backup")
    listed = manifest.get("files")
    if listed != files:
        raise BackupRefused(f"{source}: {_difference(listed, files)}: damaged")
    return Checked(manifest, {**files, archive.MANIFEST_MEMBER: manifest_entry})


class _Names:
    """The member names seen so far: each checked, none twice, none both file and folder."""

    def __init__(self, source: Path) -> None:
        self.source = source
        self.seen: set[str] = set()
        self.files: set[str] = set()
        self.folders: set[str] = set()
        """Every folder named or implied (the folders above a member)."""

    def add(self, info: tarfile.TarInfo, first: bool) -> str:
        """The member's name, checked; BackupRefused (naming the archive) when it is one no
        wtg backup has."""
        try:
            return self._checked(info, first)
        except BackupRefused as exc:
            raise BackupRefused(f"{self.source}: {exc}") from None

    def _checked(self, info: tarfile.TarInfo, first: bool) -> str:
        parts = checked_parts(info)
        name = "/".join((archive.ROOT, *parts))
        if first and name != archive.FORMAT_MEMBER:
            raise BackupRefused(f"{name!r} comes first: not a wtg backup")
        if not _known(parts, info.isdir()):
            raise BackupRefused(f"{name!r} is no member a wtg backup has")
        if name in self.seen:
            raise BackupRefused(f"{name!r} is in the archive twice")
        above = ["/".join((archive.ROOT, *parts[:end])) for end in range(len(parts))]
        if any(folder in self.files for folder in above) or (info.isreg() and name in self.folders):
            raise BackupRefused(f"{name!r} is both a file and a folder in the archive")
        self.seen.add(name)
        self.folders.update(above)
        (self.folders if info.isdir() else self.files).add(name)
        return name


def _known(parts: tuple[str, ...], folder: bool) -> bool:
    """Whether a member of these parts is one a wtg backup writes."""
    if not parts:
        return folder
    if parts[0] == "games":
        return len(parts) < 2 or parts[1] not in (RESTORED, RESTORING)
    return len(parts) == 1 and not folder and parts[0] in ("FORMAT", "wtg.yaml", "manifest.json")


def _hashed(reader: _Reader, digest: Any) -> str:
    """The SHA-256 (``digest``, begun) of the rest of a member's bytes."""
    while chunk := reader.read(CHUNK):
        digest.update(chunk)
    return str(digest.hexdigest())


class _Reader:
    """A member's bytes; damage met while reading them is a BackupRefused."""

    def __init__(self, source: Path, handle: IO[bytes]) -> None:
        self.source = source
        self.handle = handle

    def read(self, size: int = -1) -> bytes:
        try:
            return self.handle.read(size)
        except DAMAGE as exc:
            raise _damaged(self.source, exc) from None


def _members(
    source: Path, what: str, progress: Progress | None
) -> Iterator[tuple[tarfile.TarInfo, _Reader | None]]:
    """The archive's members in order, each file's with a reader of its bytes; then the
    rest of the stream read, for gzip's check of the whole. Damage: a BackupRefused.
    ``progress`` is told of each member, as ``what``."""
    with open(source, "rb") as raw, gzip.GzipFile(fileobj=raw, mode="rb") as unzipped:
        total = os.fstat(raw.fileno()).st_size
        try:
            tar = tarfile.open(fileobj=unzipped, mode="r|")  # noqa: SIM115 (`with tar` below)
        except DAMAGE as exc:
            raise _damaged(source, exc) from None
        with tar:
            while True:
                try:
                    info = tar.next()
                except DAMAGE as exc:
                    raise _damaged(source, exc) from None
                if info is None:
                    break
                handle = tar.extractfile(info) if info.isreg() else None
                yield info, (None if handle is None else _Reader(source, handle))
                if progress is not None:
                    progress(what, raw.tell(), total)
        try:
            while unzipped.read(CHUNK):
                pass
        except DAMAGE as exc:
            raise _damaged(source, exc) from None


def _damaged(source: Path, exc: BaseException) -> BackupRefused:
    return BackupRefused(f"{source}: not a wtg backup, or damaged: {exc or type(exc).__name__}")


def _check_format(source: Path, data: bytes) -> None:
    """The first member says which format the backup is; one this wtg does not know is
    refused (a newer wtg's)."""
    words = data.decode("utf-8", "replace").split()
    if len(words) != 3 or words[:2] != ["wtg", "backup"] or not words[2].isdigit():
        raise BackupRefused(f"{source}: not a wtg backup (its first file says {data[:40]!r})")
    if int(words[2]) > archive.FORMAT:
        raise BackupRefused(
            f"{source}: a backup of format {words[2]}, made by a newer wtg: restore it with that "
            f"wtg (this one reads format {archive.FORMAT})"
        )


def _manifest(source: Path, reader: _Reader, size: int) -> tuple[dict[str, Any], list[Any]]:
    """The manifest's data, and its size and SHA-256 (checked again as it is unpacked)."""
    if size > MANIFEST_MOST:
        raise BackupRefused(f"{source}: its manifest is too big for a wtg backup's")
    raw = reader.read()
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise BackupRefused(f"{source}: its manifest cannot be read ({exc}): damaged") from None
    if not isinstance(data, dict) or not isinstance(data.get("files"), dict):
        raise BackupRefused(f"{source}: its manifest lists no files: not a wtg backup")
    return data, [len(raw), hashlib.sha256(raw).hexdigest()]


def _difference(listed: Any, found: dict[str, list[Any]]) -> str:
    if not isinstance(listed, dict):
        return "its manifest lists no files"
    missing = sorted(set(listed) - set(found))
    extra = sorted(set(found) - set(listed))
    changed = sorted(n for n in set(listed) & set(found) if listed[n] != found[n])
    if missing:
        return f"{missing[0]} is listed in the manifest but not in the archive"
    if extra:
        return f"{extra[0]} is in the archive but not in its manifest"
    return f"{changed[0]} is not the file the manifest lists (its size or SHA-256 differs)"


# --- the second reading: unpacked --------------------------------------------------------------
def _note_the_host(spool: Path, manifest: dict[str, Any]) -> None:
    """In a spool restored from a backup that held no host id (a wtg before round 44 made
    it), the place of the host it was made on, as that host's claims on the mailbox name
    it: the restored host's first poll finds that host's claim, takes its id as the one it
    descends from, and the old host stops (``wtg.mail.poll.hostclaim``). Before, the
    restored host took an id of its own, a host of no line, and never stopped the old."""
    host, games = manifest.get("host"), manifest.get("games_dir")
    if not spool.is_dir() or (spool / HOST_ID).exists():
        return
    if isinstance(host, str) and host and isinstance(games, str) and games:
        note_copied_from(spool, f"{host}:{games}")


def _unpack(source: Path, staging: Path, listed: dict[str, list[Any]], progress: Progress) -> None:
    """Every file and folder of the archive under ``staging``, private, each file checked
    against ``listed`` (its size and SHA-256 when the archive was checked) as it is written."""
    names = _Names(source)
    for info, reader in _members(source, "restoring", progress):
        name = names.add(info, first=not names.seen)
        target = _target(staging, name)
        if target is None:
            continue
        if reader is None:
            private.make_dirs(target)
            continue
        private.make_dirs(target.parent)
        size, digest = _write(target, reader)
        if [size, digest] != listed.get(name):
            raise BackupRefused(f"{source}: {name} changed since the archive was checked")
        os.utime(target, (info.mtime, info.mtime))


def _target(staging: Path, name: str) -> Path | None:
    """Where a member goes under ``staging``; None for the format mark."""
    parts = name.split("/")[1:]
    if parts[0] == "games":
        return staging.joinpath(*parts[1:])
    if parts[0] == "FORMAT":
        return None
    return staging / RESTORED / parts[0]


def _write(target: Path, reader: _Reader) -> tuple[int, str]:
    """A new file (never one that is there, never through a link), 0600; its size and
    SHA-256."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    digest = hashlib.sha256()
    size = 0
    with open(target, "wb", opener=lambda path, _flags: private.opener(path, flags)) as out:
        while chunk := reader.read(CHUNK):
            out.write(chunk)
            digest.update(chunk)
            size += len(chunk)
    return size, digest.hexdigest()


def _check_databases(staging: Path, manifest: dict[str, Any]) -> None:
    """Each SQLite database the backup copied is whole: SQLite's own check of it."""
    for relative in manifest.get("sqlite", []):
        path = staging / relative
        if not path.is_file():
            raise BackupRefused(f"{relative}: the manifest lists a database the archive lacks")
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            (verdict,) = db.execute("PRAGMA quick_check").fetchone()
        except sqlite3.DatabaseError as exc:
            verdict = str(exc)
        finally:
            db.close()
        if verdict != "ok":
            raise BackupRefused(f"{relative}: the database is not whole ({verdict})")


__all__ = [
    "PEOPLE",
    "RestoreError",
    "RestoreResult",
    "holds_a_host",
    "refused_folder",
    "restore",
    "set_aside",
    "verify",
]
