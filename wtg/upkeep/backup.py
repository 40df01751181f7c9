"""`wtg backup FILE`: one archive of the whole host, made while it runs.

What it holds and how it is laid out: ``wtg.upkeep.archive``. What is copied, in this order:

1. the mail spool (``games_dir/.mail``: the journal, the outbox, the archive of mails, the
   quarantine, the poll's health, the maildir transport's folders when they are in it) and
   the lobby's book (``games_dir/.people``), with the locks `wtg poll` and `wtg send` take
   held (``wtg.mail.spool.runlock``), and the lock of the games made from the waiting lists
   (``wtg.lobby.start.START_LOCK``: a `run-turn --due` takes it, holding neither of the
   others); the spool's SQLite files first, then its files;
2. whatever else the games folder holds beside games;
3. each game's folder, with the game's lock held (``wtg.files.store``: the lock every
   writer of the game takes), one game at a time.

Each SQLite database (the journal, the lobby's book, any other) is copied through SQLite's
backup API into a file of its own, never as the bytes on disk, which a writer may be
changing; the copy is a whole database in one file (``journal_mode=DELETE``).

Why this order: what the journal says was handled must have left its mark in what is
copied after it, never the other way round. A mail's orders are filed in its game before
the journal records the mail, and the lobby's book records what a mail's command did
before the journal does: copied after the journal, a game or the book can be ahead of it
(as after a poll killed before its commit: the mail is read again after a restore, which
the poll is made to take), never behind it (a mail the journal calls handled whose orders
the copy lacks would be lost). Likewise a turn run after the spool was copied is mailed
again by the restored host, where a turn the journal calls mailed but the copy lacks would
never be. The outbox is copied before the book, so a start between the two (it queues a
player's mail telling him he is off a list, then takes him off) would leave a copy whose
book has him off and whose outbox lacks his mail: restored, he was never told. The start's
lock, held from the outbox's copy to the book's, keeps every start on one side of both.

A lock is never held for the whole backup, and never waited for without end: one that is
busy is waited for up to ``wait`` seconds. A game whose lock stays busy is tried again
after the other games, up to ``wait`` seconds for all of those together; one still busy
then is not in the archive, and the manifest and the result say so. The spool's locks
still busy after ``wait`` (`wtg poll --idle` holds its lock while it runs) do not stop the
copy: the spool is copied without them, journal first, and the manifest says so.

The archive is written to a temporary file beside FILE (0600) and renamed over FILE once
it is whole and on disk: a backup killed midway leaves FILE as it was.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sqlite3
import stat
import time
from collections.abc import Callable
from datetime import datetime, timezone
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.files.filelock import exclusive
from wtg.files.gamesfolder import SPOOL
from wtg.files.store import LOCK_FILE, GameLocked, GameStore, StoreError, read_format
from wtg.game.schedule import iso
from wtg.host.gamesdir import GAME_FILE, RESTORED, RESTORING, scan_games
from wtg.host.servicerecord import SERVICE_FILE, read_service_record
from wtg.lobby.database import torn
from wtg.lobby.start import BACKUP_LOCK, START_LOCK, ListsBusy
from wtg.mail.poll import openmodes, stuck
from wtg.mail.servers.otherhost import FOLDER_MARKS
from wtg.mail.spool.afterbackup import UNREAD
from wtg.mail.spool.claimstate import CLAIM_STATE
from wtg.mail.spool.pollbegun import BEGUN
from wtg.mail.spool.runlock import HOLDER_SUFFIX, AlreadyRunning, only_one
from wtg.text.yamlio import load_yaml
from wtg.upkeep import archive
from wtg.upkeep.archive import BackupError
from wtg.upkeep.configcopy import config_copy
from wtg.upkeep.locks import WAIT, held_within
from wtg.upkeep.writer import ArchiveWriter

if TYPE_CHECKING:  # the config's schema (pydantic) is the caller's to import
    from wtg.host.config import GmConfig

PEOPLE = ".people"
MARK_WAIT = 1.0
"""Seconds a backup waits for a look at its mark on the lists (``BACKUP_LOCK``) to end."""
NOT_HOST_DATA = (RESTORED, RESTORING)
"""Top-level folders of a games folder a backup leaves out: a restore's own."""
SQLITE_MAGIC = b"SQLite format 3\x00"
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")

Progress = Callable[[int, str], None]
"""Called with (the number of steps, "") first, then (1, what was copied) after each step."""


class GameCopied(Record):
    name: str
    turn: int | None
    """The game's latest turn when it was copied; None when the folder has no turn."""
    ruleset: str | None
    format: int | None = None
    """The game folder's format number (``wtg.files.store.read_format``), None when its
    format file holds none."""


class NotCopied(Record):
    name: str
    reason: str


class BackupResult(Record):
    path: Path
    size: int
    """The archive's bytes (compressed)."""
    files: int
    """The host's files in it (``archive.host_files``), as `wtg restore` counts them."""
    data: int
    """Their bytes, as `wtg restore` counts them."""
    games: tuple[GameCopied, ...]
    not_copied: tuple[NotCopied, ...]
    notes: tuple[str, ...]
    """What the GM may like to know (the spool copied while a poll held its lock)."""
    problems: tuple[str, ...]
    """What went wrong: a game left out (its lock held too long), a database SQLite cannot
    read (its bytes copied as they were)."""
    manifest: dict[str, Any]
    book_torn: str | None = None
    """Why the lobby's book could not be read when it was copied (``wtg.lobby.database.torn``:
    torn, or written over): the archive holds it as it was, no book to put back; None when
    it was whole, or there was none. A partial backup, as one without a game."""

    def line(self) -> str:
        """One line: the games, the size, where."""
        what = counted(len(self.games), "game")
        if self.not_copied:
            names = ", ".join(n.name for n in self.not_copied)
            what += f", {len(self.not_copied)} not copied ({names})"
        if self.book_torn is not None:
            what += ", the lobby's book torn (copied as it was: keep an earlier backup's)"
        return (
            f"backup {self.path}: {what}, {counted(self.files, 'file')}, {human_size(self.data)} "
            f"(the archive {human_size(self.size)})"
        )


def human_size(size: int) -> str:
    value = float(size)
    for unit in ("bytes", "kB", "MB", "GB"):
        if value < 1000 or unit == "GB":
            return f"{size} bytes" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1000
    raise AssertionError("unreachable")


def back_up_host(
    games_dir: Path,
    out: Path,
    *,
    config: Path | None = None,
    gm: GmConfig | None = None,
    wait: float = WAIT,
    progress: Progress | None = None,
    notice: Callable[[str], None] | None = None,
    now: datetime | None = None,
) -> BackupResult:
    """The whole host of ``games_dir`` archived into ``out``: the spool, the lobby's book,
    every game, and the config at ``config`` (``gm``, read from it) without its
    passwords. ``notice`` is told of each lock waited for."""
    job = _Backup(games_dir, out, wait, progress, notice, now)
    return job.run(config, gm)


class _Backup:
    def __init__(
        self,
        games_dir: Path,
        out: Path,
        wait: float,
        progress: Progress | None,
        notice: Callable[[str], None] | None,
        now: datetime | None,
    ) -> None:
        self.games_dir = games_dir
        self.out = out
        self.wait = wait
        self.progress = progress or (lambda _step, _name: None)
        self.notice = notice or (lambda _line: None)
        self.now = now or datetime.now(timezone.utc)
        self.notes: list[str] = []
        self.problems: list[str] = []
        self.left_out: list[str] = []
        self.left_out_files: list[dict[str, str]] = []
        """The lines of ``left_out`` that name a file (``ConfigCopy.files``)."""
        self.sqlite: list[str] = []
        self.games: list[GameCopied] = []
        self.not_copied: list[NotCopied] = []
        self.spool_locks: list[str] = []
        self.book_format: int | None = None
        self.book_torn: str | None = None

    # --- the whole run --------------------------------------------------------------
    def run(self, config: Path | None, gm: GmConfig | None) -> BackupResult:
        _check_places(self.games_dir, self.out)
        folders = self._game_folders()
        extra = self._other_entries(folders)
        self._linked_games(folders)
        spool = (self.games_dir / SPOOL).is_dir()
        steps = len(folders) + (1 if spool else 0) + (1 if extra else 0)
        self.progress(steps, "")
        self.writer = ArchiveWriter(self.out)
        try:
            self.writer.data(archive.FORMAT_MEMBER, archive.FORMAT_TEXT.encode(), time.time())
            if config is not None and gm is not None:
                self._config(config, gm)
            self.writer.folder(archive.games_member(""), self.games_dir)
            if spool:
                self._spool()
                self.progress(1, "the mail spool and the lobby's book")
            else:
                self._book()  # a games folder whose mail never ran: the book alone
            for entry in extra:
                self._tree(entry.name)
            if extra:
                self.progress(1, "the rest of the games folder")
            self._games(folders)
            manifest = self._manifest(config)
            into = self._torn_beside()
            size = self.writer.finish(manifest, into)
        except BaseException:
            self.writer.abandon()
            raise
        files, data = archive.host_files({n: s for n, (s, _) in self.writer.files.items()})
        return BackupResult(
            path=into,
            size=size,
            files=files,
            data=data,
            games=tuple(self.games),
            not_copied=tuple(self.not_copied),
            notes=tuple(self.notes),
            problems=tuple(self.problems),
            manifest=manifest,
            book_torn=self.book_torn,
        )

    def _torn_beside(self) -> Path:
        """Where the archive goes: FILE, but for a torn book's when FILE holds an earlier
        backup, which is kept (its book may be whole: the nightly cron line gives one name,
        and the night the book tore replaced the last backup that had it): beside FILE
        (``torn_name``), said as a problem."""
        if self.book_torn is None or not _earlier_backup(self.out):
            return self.out
        beside = torn_name(self.out)
        if not _replaceable(beside):
            raise BackupError(
                f"{beside} is there and is no backup (no gzip archive): a backup of a torn "
                f"lobby's book goes there, keeping {self.out} as it was; move it away"
            )
        self.problems.append(
            f"{self.out}, the backup before this one, is kept as it was (keep it until the "
            f"book is put back); this one, whose book is torn, is {beside}"
        )
        return beside

    def _game_folders(self) -> list[Path]:
        names = sorted(
            entry.name
            for entry in os.scandir(self.games_dir)
            if not entry.name.startswith(".")
            and entry.is_dir(follow_symlinks=False)
            and os.path.isfile(os.path.join(entry.path, GAME_FILE))
        )
        return [self.games_dir / name for name in names]

    def _linked_games(self, folders: list[Path]) -> None:
        """The games the host plays through a link to a folder outside the games folder
        (the scan runs them: ``scan_games``), each a game not copied: no link is followed,
        and a note of a link left out was all a GM, and never cron's `-q`, was told."""
        copied = {folder.name for folder in folders}
        inside = Path(os.path.realpath(self.games_dir))
        for folder in scan_games(self.games_dir).folders:
            if folder.name in copied or not folder.is_symlink():
                continue
            target = Path(os.path.realpath(folder))
            if target.is_relative_to(inside):  # a hidden folder's game: copied with it
                continue
            reason = (
                f"a link to {target}, outside the games folder: the host "
                "plays the game through it, but a backup follows no link; not in this backup "
                "(move the folder into the games folder, or back it up yourself)"
            )
            self.not_copied.append(NotCopied(folder.name, reason))
            self.problems.append(f"game {folder.name}: {reason}")

    def _other_entries(self, folders: list[Path]) -> list[os.DirEntry[str]]:
        """The entries of the games folder that are neither a game, nor the spool and the
        book (copied with the spool), nor a restore's own folders. Those are left out without
        a word: listed among what to bring back after a restore, they were a step with
        nothing to do in every backup of a host once restored (newgm45)."""
        games = {folder.name for folder in folders}
        skip = {*games, SPOOL, PEOPLE, *NOT_HOST_DATA}
        entries = sorted(os.scandir(self.games_dir), key=lambda e: e.name)
        return [entry for entry in entries if entry.name not in skip]

    # --- the parts ----------------------------------------------------------------------
    def _config(self, config: Path, gm: GmConfig) -> None:
        copy = config_copy(config, gm, iso(self.now))
        self.writer.data(archive.CONFIG_MEMBER, copy.text.encode(), time.time())
        self.left_out += copy.left_out
        self.left_out_files += copy.files
        for kind, folder in (("maildir_in", gm.maildir_in), ("maildir_out", gm.maildir_out)):
            if gm.transport == "maildir" and not _inside(folder, self.games_dir):
                self.left_out.append(
                    f"{kind} {folder}: outside the games folder, not in the backup"
                )

    def _spool(self) -> None:
        """The spool and the lobby's book, with the poll's and the send's locks held
        (waited for up to ``wait``; the spool is copied without one still busy then). The
        poll's lock is not waited for while `wtg serve` runs: it holds it while it lives."""
        deadline = time.monotonic() + self.wait
        spool = self.games_dir / SPOOL
        service = read_service_record(spool)
        serving = service is not None and service.running()
        with contextlib.ExitStack() as stack:
            self._lists_lock(stack, deadline)  # not in locks_held: the spool's own locks
            for name in ("send", "poll"):
                until = time.monotonic() if name == "poll" and serving else deadline
                if stack.enter_context(self._spool_lock(spool, name, until)):
                    self.spool_locks.append(name)
                    continue
                who = f"wtg {name} (or wtg serve)"
                if name == "poll" and service is not None and serving:
                    who = f"wtg serve (pid {service.pid}, which keeps the poll's lock)"
                self.notes.append(
                    f"the mail spool was copied while {who} held its lock: the journal was "
                    "copied first, so a mail handled meanwhile is at worst read again after a "
                    "restore"
                )
            self._tree(SPOOL, sqlite_first=True)
            self._book()

    def _lists_lock(self, stack: contextlib.ExitStack, deadline: float) -> bool:
        """The lock of the games made from the lists held for the rest of ``stack``, waited
        for until ``deadline``; False when there is no book, or a start held it throughout
        (a note says so: the copy is made all the same)."""
        people = self.games_dir / PEOPLE
        if not people.is_dir():
            return False

        def take() -> contextlib.AbstractContextManager[None]:
            return exclusive(people / START_LOCK, lambda: ListsBusy("lists busy"))

        def waiting() -> None:
            self.notice(
                "the lobby's book: games are being made from the waiting lists; waiting for "
                f"it up to {self.wait:g} s"
            )

        if stack.enter_context(held_within(take, ListsBusy, deadline, waiting)):
            # said to a close-list refused meanwhile (``busy_words``); removed after. Its
            # readers hold it shared for a moment (``held_by_another``): waited for, and
            # gone without past ``MARK_WAIT`` (the mark words a refusal, no more)
            def mark() -> contextlib.AbstractContextManager[None]:
                return exclusive(people / BACKUP_LOCK, lambda: ListsBusy(), removed=True)

            until = time.monotonic() + MARK_WAIT
            stack.enter_context(held_within(mark, ListsBusy, until, lambda: None))
            return True
        self.notes.append(
            "the mail spool and the lobby's book were copied while games were being made from "
            "the waiting lists: a player taken off a list meanwhile may be off it in the "
            "copy without the mail that tells him so"
        )
        return False

    def _book(self) -> None:
        """The lobby's book: after the journal, never before (see the module's docstring)."""
        if (self.games_dir / PEOPLE).is_dir():
            # one written over is no SQLite file and would be copied as any file, without a
            # word; one damaged inside is copied by SQLite's backup API page by page, as whole
            self.book_torn = torn(self.games_dir)
            if self.book_torn is not None:
                self.problems.append(
                    f"{self.book_torn}; the backup holds it as it was, torn (its games restore "
                    "all the same): keep an earlier backup too, whose book is whole"
                )
            self._tree(PEOPLE, sqlite_first=True)

    def _spool_lock(
        self, spool: Path, name: str, deadline: float
    ) -> contextlib.AbstractContextManager[bool]:
        def take() -> contextlib.AbstractContextManager[None]:
            return only_one(spool, name, "wtg backup")

        def waiting() -> None:
            self.notice(
                f"the mail spool: `wtg {name}` holds its lock; waiting for it up to {self.wait:g} s"
            )

        return held_within(take, AlreadyRunning, deadline, waiting)

    def _games(self, folders: list[Path]) -> None:
        """Each game under its lock: those busy at once after the others, all of them
        waited for until one deadline."""
        busy = []
        for folder in folders:
            if not self._game(folder, deadline=None):
                busy.append(folder)
        deadline = time.monotonic() + self.wait
        for folder in busy:
            if not self._game(folder, deadline=deadline):
                reason = (
                    f"its lock was held by another process (a turn running?) for {self.wait:g} "
                    "s: not in this backup; back it up again"
                )
                self.not_copied.append(NotCopied(folder.name, reason))
                self.problems.append(f"game {folder.name}: {reason}")
                self.progress(1, folder.name)

    def _game(self, folder: Path, deadline: float | None) -> bool:
        """Copy a game under its lock; False when the lock stayed busy."""
        name = folder.name

        def take() -> contextlib.AbstractContextManager[None]:
            return exclusive(folder / LOCK_FILE, lambda: GameLocked(name))

        def waiting() -> None:
            self.notice(
                f"game {name}: another process holds its lock (a turn running?); waiting "
                f"up to {self.wait:g} s"
            )

        try:
            with held_within(take, GameLocked, deadline or 0.0, waiting) as held:
                if not held:
                    return False
                self.games.append(_game_facts(folder))
                self._tree(name)
        except FileNotFoundError:  # the folder went away (the GM removed the game)
            self.problems.append(f"game {name}: its folder went away while the backup ran")
        self.progress(1, name)
        return True

    # --- files --------------------------------------------------------------------------
    def _tree(self, relative: str, sqlite_first: bool = False) -> None:
        """``games_dir/relative`` and everything under it, links left out; with
        ``sqlite_first``, the SQLite files directly in it before anything else."""
        top = self.games_dir / relative
        try:
            top_stat = os.lstat(top)
        except FileNotFoundError:
            return
        if stat.S_ISLNK(top_stat.st_mode):
            self.left_out.append(f"{relative}: a link, not followed")
            return
        if not stat.S_ISDIR(top_stat.st_mode):
            self._file(relative, top)
            return
        if sqlite_first:
            self.writer.folder(archive.games_member(relative), top)
            for entry in sorted(os.scandir(top), key=lambda e: e.name):
                if entry.is_file(follow_symlinks=False) and _is_sqlite(entry.path):
                    self._file(f"{relative}/{entry.name}", Path(entry.path))
        for folder, dirs, files in os.walk(top):
            dirs.sort()
            here = os.path.relpath(folder, self.games_dir)
            self.writer.folder(archive.games_member(here), Path(folder))
            for name in sorted(files) + [d for d in dirs if os.path.islink(f"{folder}/{d}")]:
                self._file(f"{here}/{name}", Path(folder, name))
            dirs[:] = [d for d in dirs if not os.path.islink(f"{folder}/{d}")]

    def _file(self, relative: str, path: Path) -> None:
        member = archive.games_member(relative)
        if member in self.writer.files:  # an SQLite file copied first
            return
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            return  # moved or removed since it was listed (a file of the spool, its lock busy)
        if stat.S_ISLNK(info.st_mode):
            self.left_out.append(f"{relative}: a link, not followed")
            return
        if not stat.S_ISREG(info.st_mode):
            self.left_out.append(f"{relative}: not a plain file")
            return
        name = path.name
        if name.endswith(".lock") and info.st_size == 0:
            return  # a lock's file: made again by whoever takes the lock
        if relative == f"{SPOOL}/{SERVICE_FILE}":
            return  # the running service's pid: no process of the host restored
        if relative.startswith(f"{SPOOL}/") and name.endswith(HOLDER_SUFFIX):
            return  # a lock's holder (this backup's own, as it copies): no process restored
        if relative in (f"{SPOOL}/{stuck.TOLD}", f"{SPOOL}/{openmodes.TOLD}"):
            return  # what a poll said to this host's GM: the host restored is another
        if relative == f"{SPOOL}/{FOLDER_MARKS}":
            return  # the server's folders as this host left them: grown since by its polls
        if relative == f"{SPOOL}/{BEGUN}":
            return  # when a poll under way as it copies began: no poll of the host restored
        if relative == f"{SPOOL}/{CLAIM_STATE}":
            return  # this host's last look at the mailbox's claims: the restored one looks anew
        if relative == f"{SPOOL}/{UNREAD}":
            return  # what this host's polls found after its own restore: the next looks anew
        if name.endswith(SQLITE_SIDE_FILES) and _is_sqlite(_main_of(path)):
            return  # the database's own: its copy holds what they held
        if _is_sqlite(str(path)):
            self._database(relative, member, path)
        else:
            self.writer.file(member, path)

    def _database(self, relative: str, member: str, path: Path) -> None:
        try:
            copied_format = self.writer.database(member, path)
        except sqlite3.DatabaseError as exc:
            if relative != f"{PEOPLE}/people.sqlite" or self.book_torn is None:  # else said once
                self.problems.append(
                    f"{relative}: SQLite cannot read it ({exc}); its bytes are in the backup "
                    "as they were"
                )
            self.writer.file(member, path)
            return
        self.sqlite.append(relative)
        if relative == f"{PEOPLE}/people.sqlite":
            self.book_format = copied_format or None

    # --- the manifest -------------------------------------------------------------------
    def _manifest(self, config: Path | None) -> dict[str, Any]:
        book = f"{PEOPLE}/people.sqlite"
        for member in self.writer.cut_short:
            self.problems.append(
                f"{member}: the file was cut shorter while it was copied (another process "
                "truncated it); its copy is made up with zero bytes to the size it had"
            )
        if config is None:
            self.left_out.append("the config: none was given (--config or WTG_CONFIG)")
        return {
            "format": archive.FORMAT,
            "wtg_version": version("wtg"),
            "made": iso(self.now),
            "host": socket.gethostname(),
            "games_dir": str(self.games_dir.absolute()),
            "contents": "host",
            "games": [
                {"name": g.name, "turn": g.turn, "ruleset": g.ruleset}
                | ({} if g.format is None else {"format": g.format})
                for g in self.games
            ],
            "games_not_copied": [{"name": n.name, "reason": n.reason} for n in self.not_copied],
            "left_out": self.left_out,
            "left_out_files": self.left_out_files,
            "notes": self.problems + self.notes,
            "people_book_torn": self.book_torn,
            "people_book": (
                {"path": book} | ({} if self.book_format is None else {"format": self.book_format})
                if book in self.sqlite
                else None
            ),
            "spool": (
                {"path": SPOOL, "locks_held": self.spool_locks}
                if (self.games_dir / SPOOL).is_dir()
                else None
            ),
            "config": (
                {"source": str(config.absolute()), "member": archive.CONFIG_MEMBER}
                if config is not None
                else None
            ),
            "sqlite": self.sqlite,
            "files": {name: [size, digest] for name, (size, digest) in self.writer.files.items()},
        }


def _game_facts(folder: Path) -> GameCopied:
    """The game's name, latest turn, ruleset and format number, read without writing."""
    turns = GameStore(folder).turns()
    data: Any = None
    with contextlib.suppress(OSError, ValueError, UnicodeDecodeError):
        data = load_yaml((folder / GAME_FILE).read_text(encoding="utf-8"))
    ruleset = data.get("ruleset") if isinstance(data, dict) else None
    number: int | None = None
    with contextlib.suppress(StoreError):  # a format file that holds no number: none told
        number = read_format(folder).number
    return GameCopied(
        name=folder.name,
        turn=turns[-1] if turns else None,
        ruleset=ruleset if isinstance(ruleset, str) else None,
        format=number,
    )


def _check_places(games_dir: Path, out: Path) -> None:
    if not games_dir.is_dir():
        raise BackupError(f"the games folder {games_dir} is not a folder")
    if out.is_dir():
        raise BackupError(f"{out} is a folder: give the archive's file name (host.tar.gz)")
    if not out.parent.is_dir():
        raise BackupError(f"{out.parent} does not exist: make it, or write the archive elsewhere")
    if not _replaceable(out):
        raise BackupError(
            f"{out} is there and is no backup (no gzip archive): a backup replaces only an "
            "earlier one; give the archive a name of its own, as host.tar.gz"
        )
    if _inside(out.parent, games_dir):
        raise BackupError(
            f"{out} is inside the games folder {games_dir}: write the archive elsewhere (it "
            "would be copied into itself, and lost with the folder it backs up)"
        )


def _replaceable(out: Path) -> bool:
    """Whether the archive may be renamed over ``out``: no file there, an empty one, or an
    earlier backup (a gzip file: the nightly cron line's, of the same name). Any other file
    (``wtg backup wtg.yaml``, the config's name typed where the archive's goes) is the GM's,
    and was lost under the archive."""
    start = _first_bytes(out, len(GZIP_MAGIC))  # None: not there, or unread (the write says)
    return start is None or start in (b"", GZIP_MAGIC)


def _earlier_backup(out: Path) -> bool:
    """Whether ``out`` holds an earlier backup (a gzip file), not nothing or an empty file."""
    return _first_bytes(out, len(GZIP_MAGIC)) == GZIP_MAGIC


def _first_bytes(path: Path | str, size: int) -> bytes | None:
    """The first ``size`` bytes of the file at ``path`` (fewer in a shorter one); None when
    there is none, or it cannot be read."""
    try:
        with open(path, "rb") as handle:
            return handle.read(size)
    except OSError:
        return None


TORN = ".torn-book"
"""What the name of a torn book's backup adds to FILE's, when FILE is kept."""


def torn_name(out: Path) -> Path:
    """The name beside ``out`` that a backup of a torn lobby's book is written under when
    ``out`` holds an earlier backup: ``host.torn-book.tar.gz`` for ``host.tar.gz``."""
    for ending in (".tar.gz", ".tgz", ".gz"):
        if out.name.endswith(ending) and len(out.name) > len(ending):
            return out.with_name(f"{out.name[: -len(ending)]}{TORN}{ending}")
    return out.with_name(f"{out.name}{TORN}")


GZIP_MAGIC = b"\x1f\x8b"
"""The first two bytes of a gzip file (RFC 1952), as of every archive `wtg backup` writes."""


def _inside(path: Path, folder: Path) -> bool:
    path, folder = Path(os.path.realpath(path)), Path(os.path.realpath(folder))
    return path == folder or folder in path.parents


def _is_sqlite(path: str) -> bool:
    return _first_bytes(path, len(SQLITE_MAGIC)) == SQLITE_MAGIC


def _main_of(path: Path) -> str:
    name = path.name
    for ending in SQLITE_SIDE_FILES:
        if name.endswith(ending):
            return str(path.with_name(name[: -len(ending)]))
    return str(path)
