"""A game on disk: its config, one folder per turn, pending orders; atomic commits and a lock.

    GAME_DIR/format               the folder's format number (``FORMAT``; none: format 1)
    GAME_DIR/game.yaml            ruleset, map, seed, players (with their secret codes)
    GAME_DIR/turns/0003/          state.json, events.json, orders/, reports/, aofs/, topten.txt
    GAME_DIR/turns/0003/received/ what was pending for turn 3 when it ran, moved in whole
    GAME_DIR/pending/0004/        order files received for turn 4, before it runs
    GAME_DIR/.lock                held by whoever writes the game
    GAME_DIR/archive/             turns undone by a rollback, kept (``wtg.gm.rollback``),
                                  and each run of a turn a rerun replaced (``kept_runs``)
    GAME_DIR/held.json            the GM's hold (``wtg.game.hold``)
    GAME_DIR/bounces.json         failing addresses (``wtg.game.bounces``)

Every file and folder of a game is private (0600 and 0700, ``wtg.files.private``): the config,
the reports, the AOFs and the order files all carry secret codes or addresses.

A turn folder is written under ``turns/.tmp-NNNN``, made durable with one flush of the
file system (``wtg.files.diskflush``: syncfs, not a sync per file), and only then renamed into
place; then the turn's pending folder is moved into it with one rename and the turns
folder is synced once. A crash at any point leaves the game at the turn before (the
temporary folder is removed by the next writer, the orders still pending) or at the
turn after (its orders archived in ``orders/``); a pending folder a crash left behind
the turn that used it is moved in by the next writer (``_recover``).

The folder's format: the file ``format`` holds its number, one line. A folder made before
folders carried one has no such file: it is format 1; this wtg makes and writes format 2
(``FORMAT``), whose one difference is that file. Every command may read a folder of an
older format as it is; every writer takes the game's lock (``lock``), which refuses a folder
of an older format (``wtg upgrade`` makes it this wtg's: ``wtg.upkeep``), and so does every
command, reader or writer, a folder of a newer format or one whose upgrade was cut short
(the file reads ``1 -> 2``: ``wtg upgrade`` finishes it).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple

from wtg.core.errors import ConfigError, GameError
from wtg.files import diskflush, private
from wtg.files.filelock import exclusive, shared
from wtg.files.yamlcopy import load_yaml_kept
from wtg.text.yamlio import load_yaml

TURN_DIR = re.compile(r"^\d{4,}$")
PENDING_FILE = re.compile(r"^p(\d+)\.yaml$")
RECEIVED = "received"
"""The folder of a turn that holds what was pending for it when it ran."""
ARCHIVE = "archive"
"""The folder of a game's turns undone by a rollback (``wtg.gm.rollback``), one folder each."""
RERUN_KEPT = "-rerun-"
"""In the name of an archive folder that keeps a turn's run a rerun replaced
(``archive/<when>-rerun-NNNN/turns/NNNN``)."""
KEPT_RECORD = "kept.json"
"""In a kept run's archive folder: its turn and its place among the runs of that turn kept
(``made``, from 1): the order they were kept in, whatever the clock said."""
ROLLBACK_RECORD = "rollback.json"
UNFINISHED = ".unfinished"
RESTORE = "restore"
REWRITTEN = "rewritten"
REPLACED = "replaced"
"""In a rollback's archive folder: turn NNNN's files as they were before the rollback wrote
them over (its reports, ``turn.json``, with a takeover its state, AOFs and Top Ten)."""
UNDO_RECORD = "undo.json"
"""In a rollback's archive folder: the rollback was undone (``wtg rollback GAME --undo``),
when, and the deadline it set; written once, the moment the undo counts."""
UNDOING = ".undoing"
"""In a rollback's archive folder while its undo moves the turns back (``finish_undo``)."""
UNDONE = "undone"
"""In a rollback's archive folder: the orders that were pending for turn NNNN+1 when the
rollback was undone (that turn stands as it ran), kept, not used."""
RETAKEN = "retaken"
"""What ``rewritten/`` was named before it held the reports with the deadline set too: a
rollback an older wtg left cut short is finished all the same."""
TURN_META = "turn.json"
REPORTS_BEHIND = "reports_behind"
"""The key of a ``turn.json`` that says its reports do not yet say its ``next_deadline``
(``wtg.gm.nextdeadline``): a rollback to the turn drops it, as it writes them again."""
DEADLINE_MOVES = "moved"
"""The key of a ``turn.json``'s moves of its deadline (``wtg.gm.extension``), the last
marked ``"told": false`` until every player was told of it: a rollback to the turn marks
it told, as its reports and notices say the deadline it sets, and so does a rerun of the
turn, whose reports, mailed again to every player, say the deadline it keeps
(``wtg.game.turnmeta.told_by_rerun``)."""
DEADLINE_SET = "deadline_set"
"""The key of a ``turn.json`` that keeps the ``next_deadline`` the turn set when it ran,
written once a release or a rollback gave the coming turn another (``wtg extend``'s moves
keep it as the ``from`` of their first): what turn 0 set is the day game.yaml's ``first:``
was when the game began (``wtg.gm.nextdeadline.first_edited``)."""


def deadline_set(meta: dict[str, Any]) -> object:
    """The coming turn's deadline as the turn set it when it ran, from its ``turn.json``
    (as read): the one kept when a release or a rollback replaced it, else the one the
    first ``wtg extend`` moved from, else ``next_deadline``."""
    if DEADLINE_SET in meta:
        return meta[DEADLINE_SET]
    moves = meta.get(DEADLINE_MOVES)
    if isinstance(moves, list) and moves and isinstance(moves[0], dict) and "from" in moves[0]:
        return moves[0]["from"]
    return meta.get("next_deadline")


def keep_deadline_set(meta: dict[str, Any]) -> None:
    """``meta`` (a ``turn.json`` as read) about to get another ``next_deadline`` from a
    release or a rollback: the one its turn set, kept under ``DEADLINE_SET`` unless it is
    kept already."""
    if DEADLINE_SET not in meta:
        meta[DEADLINE_SET] = deadline_set(meta)


LOCK_FILE = ".lock"
"""The file whose lock is the game's write lock (``GameStore.lock``); a backup holds it too
while it copies the game (``wtg.upkeep.backup``)."""


UNMADE = (
    "its making was cut short (or is under way); give the same `wtg new-game` again to finish "
    "it (a game made from a waiting list: the next `wtg run-turn --due` finishes it)"
)
"""What to do of a game folder whose game.yaml was written and its turn 0 not."""


class StoreError(GameError):
    """A game folder that cannot be used as asked."""


LOCKED = (
    "is being written by another process (a poll, a turn, a send, wtg serve): nothing was "
    "changed; give the command again when that is done"
)
"""What a command that finds a game's lock taken says after the game's folder."""


BEING_MADE = (
    "is being made by another wtg new-game at this moment (in another terminal?): nothing "
    "was done here; `wtg status` shows the game once it is made"
)
"""What a `wtg new-game` says that finds the game's folder being made by another."""


class GameLocked(StoreError):
    """Another process is writing this game."""


FORMAT = 2
"""The format of the game folders this wtg makes and writes (the module's doc)."""
FORMAT_FILE = "format"
MAP_COPY = "map.yaml"
"""The GM's own map a game keeps (``wtg.data.maps.GAME_MAP``): the one file of the game's
own a create may write before game.yaml."""
UNNUMBERED = 1
"""The format of a folder without ``FORMAT_FILE``: made before folders carried a number."""


class FormatRefused(GameLocked):
    """A game folder (or the lobby's book) this wtg will not use as asked: of an older format
    when it would write it (``wtg upgrade`` first), of a newer one (made by a newer wtg), or
    one whose upgrade was cut short. A GameLocked: whoever leaves a game another process
    writes for later (a poll leaves the mail in its inbox) leaves this one for later too,
    and its message says what to run."""

    game: str | None = None
    """The game folder's name (None for the lobby's book): the mails a poll leaves waiting
    for it are counted and a flood of them bounded by game (``wtg.mail.poll.waiting``)."""


class FolderFormat(NamedTuple):
    """What a folder's format file says: its format, and the format an upgrade that has
    counted but not finished is taking it to (None: no upgrade under way)."""

    number: int
    upgrading_to: int | None = None

    def text(self) -> str:
        """The file's line: ``2``, or ``1 -> 2`` from the moment an upgrade counts until it
        is finished."""
        if self.upgrading_to is None:
            return f"{self.number}\n"
        return f"{self.number} -> {self.upgrading_to}\n"


_FORMAT_LINE = re.compile(r"^\s*(\d{1,9})(?:\s*->\s*(\d{1,9}))?\s*$")


def read_format(root: Path) -> FolderFormat:
    """The format of the game folder ``root`` (``UNNUMBERED`` when it has no format file);
    StoreError, naming the file, for one that holds no number."""
    path = root / FORMAT_FILE
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except (FileNotFoundError, NotADirectoryError):  # no game here: opening it says so
        return FolderFormat(UNNUMBERED)
    match = _FORMAT_LINE.match(text)
    if match is None or int(match.group(1)) < UNNUMBERED:
        shown = " ".join(text.split())[:40]
        raise StoreError(f"{path} holds no format number ({shown!r}): it should read {FORMAT}")
    number, to = match.group(1, 2)
    return FolderFormat(int(number), int(to) if to is not None else None)


def record_format(root: Path, found: FolderFormat) -> None:
    """Write the folder's format file (atomically: one rename)."""
    write_atomic(root / FORMAT_FILE, found.text())


def newer_format(what: str, found: int, known: int) -> str:
    """The line that refuses a folder or a book a newer wtg made."""
    made = f"made by a newer wtg (format {found})"
    return f"{what}: {made}; this wtg reads up to {known}: upgrade wtg"


def older_format(what: str, found: int, known: int) -> str:
    """The line that refuses to write a folder or a book of an older format."""
    return f"{what}: format {found}, this wtg writes format {known}: run `wtg upgrade`"


def format_refusal(root: Path, found: FolderFormat, writing: bool) -> FormatRefused | None:
    """Why this wtg may not use the game folder ``root`` of format ``found`` (to write it,
    when ``writing``); None when it may."""
    newest = max(found.number, found.upgrading_to or UNNUMBERED)
    if newest > FORMAT:  # a newer wtg's folder, or its upgrade cut short
        return _refused(root, newer_format(str(root), newest, FORMAT))
    if found.upgrading_to is not None:
        return _refused(
            root,
            f"{root}: an upgrade to format {found.upgrading_to} was cut short: run `wtg "
            "upgrade` to finish it",
        )
    if writing and found.number < FORMAT:
        return _refused(root, older_format(str(root), found.number, FORMAT))
    return None


def _refused(root: Path, line: str) -> FormatRefused:
    """The refusal of the game folder ``root``, naming its game by the folder's name: a
    poll counts the mails it leaves waiting by game, and says so even under `-q` (cron's),
    as it does for a game.yaml to mend. Before, a folder of an older format, refused as
    the poll took its lock, named none: its mail waited in the inbox, and cron said
    nothing of it until `wtg upgrade` was run."""
    refused = FormatRefused(line)
    refused.game = root.name
    return refused


def turn_name(turn: int) -> str:
    return f"{turn:04d}"


def turn_runs(turns: list[int]) -> str:
    """Turn numbers as a reader writes them: ``0-2, 5``; ``none`` for no turn."""
    runs: list[list[int]] = []
    for turn in sorted(turns):
        if runs and turn == runs[-1][1] + 1:
            runs[-1][1] = turn
        else:
            runs.append([turn, turn])
    return ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in runs) or "none"


def write_atomic(path: Path | str, data: str | bytes, sync: bool = True) -> None:
    """Write a file so that it is either all there or not there at all.

    ``sync=False`` leaves the flush to disk to the caller, who writes many files and
    then flushes them all at once (``wtg.files.diskflush.flush``) before relying on them. The
    file is private (0600), as everything under a game folder or the mail spool is."""
    raw = data.encode() if isinstance(data, str) else data
    folder, name = os.path.split(os.fspath(path))
    tmp = os.path.join(folder, temporary_name(name))
    try:
        private.write_file(tmp, raw, sync=sync)
    except OSError as exc:  # the file being written is ``path``: its copy aside is a detail
        if exc.filename == tmp:
            exc.filename = os.fspath(path)
        raise
    os.replace(tmp, path)
    if sync:
        fsync_dir(Path(folder))


def temporary_name(name: str) -> str:
    """The name ``write_atomic`` writes the file ``name`` under before its rename."""
    return f".{name}.tmp"


def _cut_before_config(root: Path, files: Iterable[str]) -> bool:
    """Whether ``root`` holds only what ``GameStore.create`` writes before game.yaml (its
    empty folders, its format, the ``files`` given it, and their temporary copies): a
    create killed before it made a game, which the next create may make again."""
    written = [FORMAT_FILE, *files, "game.yaml"]
    allowed = {*written[:-1], *(temporary_name(name) for name in written), LOCK_FILE}
    for entry in root.iterdir():
        if entry.name in ("turns", "pending"):
            if not entry.is_dir() or any(entry.iterdir()):
                return False
        elif entry.name not in allowed or not entry.is_file():
            return False
    return True


def _not_taken(root: Path, files: Iterable[str]) -> None:
    """Refuse to make a game in ``root`` when it holds anything but what a create cut short
    before game.yaml left (and the game's lock file)."""
    if not root.exists():
        return
    there = [entry for entry in root.iterdir() if entry.name != LOCK_FILE]
    if there and not _cut_before_config(root, files):
        raise StoreError(f"{root} already exists and is not empty")


def _read_whole(path: str) -> bytes:
    """A file's bytes, read with one descriptor: its size asked, then a read of a byte more
    (a file grown since is read on to its end)."""
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        size = os.fstat(fd).st_size
        raw = os.read(fd, size + 1)
        if len(raw) <= size:
            return raw
        parts = [raw]
        while chunk := os.read(fd, 1 << 16):
            parts.append(chunk)
        return b"".join(parts)
    finally:
        os.close(fd)


def parsed_turn_file(path: Path | str, raw: bytes) -> Any:
    """A turn file's JSON from its bytes (``GameStore.read_turn_bytes``); a file cut short,
    edited by hand or saved in another encoding than UTF-8 is named in the error."""
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError as exc:
        raise StoreError(f"{path} cannot be read: {exc}") from None


def parsed_meta(base: str) -> dict[str, Any] | None:
    """The parsed copy beside the order file ``base + "yaml"`` while it is the copy of that
    file's text (its ``sha256``, as ``wtg.game.orderfiles.parsed_copy`` writes it); None when
    it is not: a filing killed between the copy and the order file left the new copy beside
    the old orders (``save_pending`` writes the copy first), or the GM edited the order
    file by hand. The copy's READY and QUIT are then not the file's: a game would be
    called due, "all players are READY", on orders that never said it; nor are its orders
    those a turn ran with (``wtg.game.filing.ran_with``)."""
    meta = _copy_beside(base)
    if meta is None:
        return None
    try:
        with open(base + "yaml", "rb") as handle:
            text = handle.read()
    except OSError:
        return None
    return meta if meta.get("sha256") == hashlib.sha256(text).hexdigest() else None


def _copy_beside(base: str) -> dict[str, Any] | None:
    """The parsed copy ``base + "parsed.json"`` as it reads, whatever file it is the copy
    of; None when there is none or it cannot be read."""
    try:
        with open(base + "parsed.json", encoding="utf-8") as handle:
            meta = json.load(handle)
    except (OSError, ValueError):
        return None
    return meta if isinstance(meta, dict) else None


ARRIVAL_KEPT = ("received", "order_key", "via")
"""What a parsed copy that is not its order file's copy still says of the orders on file
(``GameStore.pending_meta``): when and how the last filing came. The GM's hand edit left
them true; a filing killed before its order file names the mail the next poll files again
(its record as handled was never written), which an older mail read meanwhile does not
replace. Without them, a mail older than the orders the GM edited replaced them."""


def _order_file(path: str) -> Any:
    """An order file's data, read when its parsed copy is gone (removed by hand, or an order
    file the GM wrote himself): its READY and QUIT count; None when it cannot be read (the
    turn says why)."""
    try:
        with open(path, encoding="utf-8") as handle:
            return load_yaml(handle.read())
    except (OSError, ValueError):
        return None


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class GameStore:
    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._held = 0
        """How deep this process is in ``lock`` blocks of this game (0: not holding it)."""
        self.session = 0
        """Counts the times this process took the lock, and the turns it committed: what
        was read from the game in one session stays true until the session ends (no one
        else writes a game whose lock is held)."""
        self._latest: int | None = None
        self._made: set[tuple[int, int]] = set()
        """The pending folder made in this lock session: (turn, session)."""
        self._pending_folders: dict[int, str] = {}
        """The path of each turn's pending folder, as text (``_pending_base``)."""
        self._listed: tuple[int, int, set[str] | None] = (-1, -1, None)
        """A turn's pending folder as listed in this lock session: (turn, session, the
        names in it, and those written since; None when it could not be listed)."""
        self._locked_hooks: list[Callable[[], None]] = []
        """Called once the lock is taken (``when_locked``), before the block runs."""

    def when_locked(self, hook: Callable[[], None]) -> None:
        """Call ``hook`` each time this process takes the game's lock, or its shared lock
        (``looking``), before the block runs: what was read of the game before the lock (a
        ``Game``'s game.yaml, read when it was opened) read again as the lock finds it,
        another process having perhaps written it in between."""
        self._locked_hooks.append(hook)

    # --- creation and config -------------------------------------------------
    @classmethod
    def create(
        cls, root: Path, config_text: str, files: Mapping[str, str | bytes] | None = None
    ) -> GameStore:
        """Make the game's folder: its folders, its format, ``files`` (name: content), and
        game.yaml last, which makes it a game. A folder holding only what a create cut
        short before game.yaml left (``_cut_before_config``) is made again. The game's lock
        is held from the check to game.yaml: a second `wtg new-game` of the name at the same
        moment (a second terminal) is refused (GameLocked), where it took the first one's
        folder, not yet holding its game.yaml, for one cut short and wrote its own game.yaml
        (another seed, other codes) over it."""
        root = Path(root)
        _not_taken(root, files or {})  # no lock file left in a folder of something else
        private.make_dirs(root)
        with exclusive(root / LOCK_FILE, lambda: GameLocked(f"{root} {BEING_MADE}")):
            _not_taken(root, files or {})  # what another made meanwhile
            private.make_dirs(root / "turns")
            private.make_dirs(root / "pending")
            os.chmod(root, private.DIR_MODE)  # a folder that was there (empty) is made private
            record_format(root, FolderFormat(FORMAT))  # before game.yaml, which makes it a game
            for name, content in (files or {}).items():
                write_atomic(root / name, content)
            store = cls(root)
            store.write_config(config_text)
        return store

    def write_config(self, config_text: str) -> None:
        """Write game.yaml, and the JSON copy of its data that the next open reads instead
        (``wtg.files.yamlcopy``: a tenth of the time)."""
        path = self.root / "game.yaml"
        write_atomic(path, config_text)
        with contextlib.suppress(ValueError):  # a text that is no YAML has no copy to keep
            load_yaml_kept(config_text, path)

    def exists(self) -> bool:
        return (self.root / "game.yaml").is_file()

    def check_format(self, writing: bool = False, upgrading: bool = False) -> None:
        """Refuse (FormatRefused) a folder this wtg may not read (a newer format, an upgrade
        cut short) or, ``writing``, may not write (an older format too). ``upgrading``
        refuses a newer format alone."""
        found = read_format(self.root)
        if upgrading:
            found = FolderFormat(max(found.number, found.upgrading_to or UNNUMBERED))
        refused = format_refusal(self.root, found, writing)
        if refused is not None:
            raise refused

    def config_text(self) -> str:
        path = self.root / "game.yaml"
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise StoreError(
                f"{self.root} is not a game folder (no game.yaml){self._unmade()}"
            ) from None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:  # an editor that saved it in Latin-1, say
            line = raw.count(b"\n", 0, exc.start) + 1
            raise ConfigError(
                f"{path}, line {line}: not UTF-8 text (the byte 0x{raw[exc.start]:02x}): "
                "save the file as UTF-8 (an editor's encoding setting, or "
                f"`iconv -f latin1 -t utf-8`)"
            ) from None

    def _unmade(self) -> str:
        """What to do of a folder without game.yaml that holds only what a create cut
        short before it wrote game.yaml left (``_cut_before_config``): its making is given
        again; "" for any other folder."""
        turns = (self.root / "turns").is_dir()
        try:  # killed after it took the game's lock, before it made turns/: the lock alone
            alone = [entry.name for entry in self.root.iterdir()] == [LOCK_FILE]
        except OSError:
            alone = False
        if not (turns or alone) or not _cut_before_config(self.root, (MAP_COPY,)):
            return ""
        return (
            ": its making was cut short before it wrote game.yaml; give the same `wtg "
            "new-game` again, which makes it anew (a game made from a waiting list: the next "
            "`wtg run-turn --due` settles it)"
        )

    # --- the lock --------------------------------------------------------------
    @contextlib.contextmanager
    def lock(self, upgrading: bool = False) -> Iterator[None]:
        """Hold the game's write lock; fail at once if another process holds it. Taken again
        while this process holds it (a poll holds it for a batch of mails), it is the
        same lock, held on. A folder this wtg may not write is refused once the lock is
        taken (``check_format``: FormatRefused), before anything is written; ``upgrading``
        (``wtg upgrade``) takes it on a folder of an older format or whose upgrade was cut
        short, never on one of a newer format."""
        if self._held:
            self._held += 1
            try:
                yield
            finally:
                self._held -= 1
            return
        root = self.root
        with exclusive(root / LOCK_FILE, lambda: GameLocked(f"{root} {LOCKED}")):
            self.check_format(writing=not upgrading, upgrading=upgrading)
            # the turns _recover lists are the session's: no one else changes them now
            latest = self._recover()
            self._held, self._latest = 1, latest
            self.session += 1
            try:
                for hook in self._locked_hooks:
                    hook()
                yield
            finally:
                self._held, self._latest = 0, None
                self.session += 1

    @contextlib.contextmanager
    def looking(self) -> Iterator[None]:
        """Read the game whole, no writer at work (``run-turn --preview``): the game's lock
        shared, refused at once (GameLocked) while a writer holds it, a turn perhaps half
        written; nothing is written, not even the recovery of a crashed writer's leftovers
        (``cut_short``: the caller says them). Within ``lock`` (this process the writer), as
        the lock is."""
        if self._held:
            yield
            return
        root = self.root
        with shared(root / LOCK_FILE, lambda: GameLocked(f"{root} {LOCKED}")):
            for hook in self._locked_hooks:
                hook()
            yield

    def cut_short(self) -> list[str]:
        """What a writer killed before it finished left that the next lock's recovery moves
        turns for (``finish_rollbacks``): a rollback, or its undo, each named by its archive
        folder. (A turn committed or rerun cut short reads as the recovery leaves it.)"""
        base = self.root / ARCHIVE
        if not base.is_dir():
            return []
        found = []
        for folder in sorted(base.iterdir()):
            if (folder / UNFINISHED).exists():
                found.append(f"a rollback (archive/{folder.name}) was cut short")
            elif (folder / UNDOING).exists():
                found.append(f"the undo of a rollback (archive/{folder.name}) was cut short")
        return found

    @property
    def held(self) -> bool:
        """Whether this process holds the game's lock: nothing else changes the game."""
        return self._held > 0

    # --- turns -------------------------------------------------------------------
    @property
    def turns_dir(self) -> Path:
        return self.root / "turns"

    def turn_dir(self, turn: int) -> Path:
        return self.turns_dir / turn_name(turn)

    def turns(self) -> list[int]:
        """Every committed turn; one set aside by an interrupted rerun (``.old-NNNN``) counts."""
        try:
            names = os.listdir(self.turns_dir)  # the names alone: no Path for each
        except (FileNotFoundError, NotADirectoryError):
            return []
        found = set()
        for name in names:
            name = name[5:] if name.startswith(".old-") else name
            if TURN_DIR.match(name):
                found.add(int(name))
        return sorted(found)

    def turns_moved(self) -> None:
        """Turns are being added or taken away (a commit, a rollback): what was read of the
        game this session, the latest turn first, may no longer be true."""
        self._latest = None
        self.session += 1

    def latest_turn(self) -> int:
        if self._held and self._latest is not None:
            return self._latest  # read once a session
        turns = self.turns()
        if not turns:
            raise StoreError(f"{self.root} has no turn yet: {self._unfinished()}")
        if self._held:
            self._latest = turns[-1]
        return turns[-1]

    def _unfinished(self) -> str:
        """What to do of this folder, whose game.yaml was written and its turn 0 not:
        ``UNMADE``, or, when this wtg refuses to write its folder (an older wtg's making,
        its undo killed after it removed the format file), the upgrade first. Saying
        ``UNMADE`` alone there sent the GM to a new-game and a run that refuse it."""
        refused: StoreError | None
        try:
            refused = format_refusal(self.root, read_format(self.root), writing=True)
        except StoreError as exc:  # a format file that holds no number: mended first
            refused = exc
        if refused is None:
            return UNMADE
        return (
            f"its making was cut short, and this wtg cannot finish it as it is ({refused}); "
            "once that is done, the same `wtg new-game` finishes it (a game made from a "
            "waiting list: the next `wtg run-turn --due`)"
        )

    def read_json(self, turn: int, name: str) -> Any:
        return parsed_turn_file(*self.read_turn_bytes(turn, name))

    def read_turn_bytes(self, turn: int, name: str) -> tuple[str, bytes]:
        """A turn file's bytes, and the path they were read from (the turn's folder, or the
        folder a rerun cut short set it aside in, ``.old-NNNN``); StoreError when the turn
        or the file is not there. Read with bare descriptors from a path made as text: a
        game reads its turn files so at every use (``Game._turn_json``), several a mail."""
        path = f"{self.root}/turns/{turn_name(turn)}/{name}"
        try:
            return path, _read_whole(path)
        except (FileNotFoundError, NotADirectoryError):
            pass
        path = str(self._readable_turn(turn) / name)  # it says a turn that is not there
        try:
            return path, _read_whole(path)
        except FileNotFoundError:
            raise StoreError(f"turn {turn} has no {name}") from None

    def read_text(self, turn: int, relpath: str) -> str:
        path = self._readable_turn(turn) / relpath
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise StoreError(f"turn {turn} has no {relpath}") from None

    def _readable_turn(self, turn: int) -> Path:
        path = self.turn_dir(turn)
        if path.is_dir():
            return path
        old = self.turns_dir / f".old-{turn_name(turn)}"
        if old.is_dir():
            return old
        raise StoreError(f"there is no turn {turn} (turns kept: {turn_runs(self.turns())})")

    def commit_turn(
        self, turn: int, files: Mapping[str, str | bytes], replace: bool = False
    ) -> None:
        """Write turn ``turn`` atomically and move its pending orders into it (``received/``).
        ``replace`` swaps out an existing turn (a rerun)."""
        final = self.turn_dir(turn)
        if final.exists() and not replace:
            raise StoreError(f"turn {turn} already exists")
        self.turns_moved()
        tmp = self.turns_dir / f".tmp-{turn_name(turn)}"
        if tmp.exists():
            shutil.rmtree(tmp)
        _write_tree(tmp, files)
        diskflush.flush(tmp)  # every file and folder of the turn is on disk before it counts
        if final.exists():
            old = self.turns_dir / f".old-{turn_name(turn)}"
            os.rename(final, old)
            os.rename(tmp, final)
            _keep_received(old, final)
            self._tidy_pending(turn, used=True)
            fsync_dir(self.turns_dir)
            self._keep_earlier_run(old, turn)
        else:
            os.rename(tmp, final)
            self._tidy_pending(turn, used=True)
            fsync_dir(self.turns_dir)

    def _keep_earlier_run(self, old: Path, turn: int) -> Path:
        """The run of turn ``turn`` a rerun replaced (``old``, its ``.old-NNNN``) moved
        whole into ``archive/<when>-rerun-NNNN/turns/NNNN`` (``kept_runs``): what the
        players may have been mailed of it is never deleted. Returns the folder."""
        base = private.make_dirs(self.root / ARCHIVE)
        made = 1 + max((_kept_made(p) for p in self.kept_runs(turn)), default=0)
        stem = f"{datetime.now(timezone.utc):%Y%m%dT%H%M%SZ}{RERUN_KEPT}{turn_name(turn)}"
        folder, count = base / stem, 1
        while folder.exists():  # two reruns in one second
            count += 1
            folder = base / f"{stem}-{count}"
        turns = private.make_dirs(folder / "turns")
        record = json.dumps({"turn": turn, "made": made}, indent=1) + "\n"
        private.write_file(folder / KEPT_RECORD, record.encode())
        os.rename(old, turns / turn_name(turn))
        fsync_dir(turns)
        fsync_dir(self.turns_dir)
        return folder

    def kept_runs(self, turn: int) -> list[Path]:
        """The earlier runs of turn ``turn`` that reruns replaced (``_keep_earlier_run``),
        oldest first: each an archive folder holding ``turns/NNNN``. Oldest by the order
        they were kept in (``kept.json``'s ``made``), whatever the clock that named their
        folders said; those an older wtg kept (none counted) first, by their names."""
        base = self.root / ARCHIVE
        if not base.is_dir():
            return []
        runs = base.glob(f"*{RERUN_KEPT}{turn_name(turn)}*")
        return sorted((p for p in runs if (p / "turns" / turn_name(turn)).is_dir()), key=_run_key)

    def _recover(self) -> int | None:
        """Finish or undo what a crashed writer left behind (a rollback first: it moves
        turns and pending orders, ``wtg.gm.rollback``). Returns the latest turn then (what
        ``turns`` would say last), None when there is none."""
        turns_dir = self.turns_dir
        try:
            names = os.listdir(turns_dir)  # names: a poll takes the lock of each game
        except (FileNotFoundError, NotADirectoryError):
            return None
        if finish_rollbacks(self):  # it moved turns: list them again
            changed, names = True, os.listdir(turns_dir)
        else:
            changed = False
        latest = -1
        for name in sorted(names):
            if name.startswith(".tmp-"):
                shutil.rmtree(turns_dir / name)
                changed = True
            elif name.startswith(".old-"):
                path, final = turns_dir / name, turns_dir / name[5:]
                if final.exists():
                    _keep_received(path, final)
                    self._keep_earlier_run(path, int(name[5:]))
                else:
                    os.rename(path, final)
                    latest = max(latest, int(name[5:]))
                changed = True
            elif TURN_DIR.match(name):
                latest = max(latest, int(name))
        if latest >= 0:
            changed = self._tidy_pending(latest, used=False) or changed
        if changed:
            fsync_dir(turns_dir)
        return latest if latest >= 0 else None

    def _tidy_pending(self, latest: int, used: bool) -> bool:
        """Move the pending folder of turn ``latest`` into the turn (one rename) and drop
        those of earlier turns (orders that came too late for a rerun). ``used``: the turn
        has just run with them; otherwise (``_recover``) they are moved only when they are
        the ones the turn archived (a crash came between the two renames), and not orders
        sent since to correct it (``orders --correct``, for a rerun). True if it changed
        anything."""
        base = self.root / "pending"
        try:
            names = os.listdir(base)
        except (FileNotFoundError, NotADirectoryError):
            return False
        changed = False
        for name in names:
            if not TURN_DIR.match(name) or int(name) > latest:
                continue
            if int(name) < latest:
                shutil.rmtree(base / name)
            elif used or self._archived_already(latest):
                _move_into(base / name, self.turn_dir(latest) / RECEIVED)
            else:
                continue
            changed = True
        if changed and not used:  # after a turn, the sync of the turns folder follows
            fsync_dir(base)
        return changed

    def _archived_already(self, turn: int) -> bool:
        """Every order file pending for ``turn`` is the same as the one the turn archived.
        One the turn archived none for is not: the turn reads every order file pending for
        a player who owes orders, so it is a correction (``orders --correct`` of a player
        who had sent none), which the rerun is to read; taken for one the turn ran with, it
        went into ``received/`` unread and the rerun ran without it."""
        archived = self.archived_orders(turn)
        for player, path in self.pending_orders(turn).items():
            kept = archived.get(player)
            if kept is None or kept.read_bytes() != path.read_bytes():
                return False
        return True

    # --- pending orders ---------------------------------------------------------------
    def pending_dir(self, turn: int) -> Path:
        return self.root / "pending" / turn_name(turn)

    def save_pending(
        self, turn: int, player: int, files: Mapping[str, str], durable: bool = True
    ) -> None:
        """Store a player's orders for ``turn`` (replacing earlier ones).

        ``files`` maps a suffix (``yaml``, ``aof.txt``, ``result.txt``) to its text;
        the order file (``yaml``) is written last, so it only exists complete.
        """
        if not (self._held and (turn, self.session) in self._made):  # once a lock session
            private.make_dirs(self.pending_dir(turn))
            self._made = {(turn, self.session)}
        base = self._pending_base(turn, player)
        for suffix, text in files.items():
            if suffix != "yaml":
                write_atomic(base + suffix, text, sync=durable)
        if "yaml" in files:
            # listed before it is written: a name listed that is not there is looked up
            listed = self._listed
            if listed[0] == turn and listed[1] == self.session and listed[2] is not None:
                listed[2].add(f"p{player:02d}.yaml")
            write_atomic(base + "yaml", files["yaml"], sync=durable)

    def pending_meta(self, turn: int, player: int) -> dict[str, Any]:
        """When and how the player's pending orders arrived ({} when none are on file), and
        ``quit``: True when they QUIT the game (his QUIT line, or a RESIGN by mail)."""
        base = self._pending_base(turn, player)
        if not self._may_be_pending(turn, f"p{player:02d}.yaml"):
            return {}
        if not os.path.isfile(base + "yaml"):
            _looked_into(base + "yaml")
            return {}
        meta = parsed_meta(base)
        if meta is None:
            stale = _copy_beside(base) or {}
            meta = {name: stale.get(name) for name in ARRIVAL_KEPT if name in stale}
            meta.setdefault("received", None)
            meta["orders"] = _order_file(base + "yaml")
            meta["ready"] = isinstance(meta["orders"], dict) and meta["orders"].get("ready") is True
        orders = meta.pop("orders", None)
        if isinstance(orders, dict) and orders.get("quit") is True:
            meta["quit"] = True
        return meta

    def _may_be_pending(self, turn: int, name: str) -> bool:
        """False when the file ``name`` is surely not in the turn's pending folder: while
        this process holds the lock, only it adds order files (``save_pending``), so the
        folder is listed once a session, not looked up once a mail (most look-ups would
        ask for a file that is not there)."""
        if not self._held:
            return True
        listed = self._listed
        if listed[0] != turn or listed[1] != self.session:
            try:
                names: set[str] | None = set(os.listdir(self._pending_folder(turn)))
            except FileNotFoundError:
                names = set()
            except OSError:
                names = None  # not listed: each file is looked up
            listed = self._listed = (turn, self.session, names)
        return listed[2] is None or name in listed[2]

    def _pending_base(self, turn: int, player: int) -> str:
        """A player's pending files' path without its suffix (``.../pending/0003/p07.``),
        as text: a poll asks for it twice a mail, and pathlib's joins cost more than the
        rest of the question."""
        return f"{self._pending_folder(turn)}{os.sep}p{player:02d}."

    def _pending_folder(self, turn: int) -> str:
        folder = self._pending_folders.get(turn)
        if folder is None:
            folder = self._pending_folders[turn] = os.fspath(self.pending_dir(turn))
        return folder

    def pending_orders(self, turn: int) -> dict[int, Path]:
        return order_files(self.pending_dir(turn))

    def archived_orders(self, turn: int) -> dict[int, Path]:
        return order_files(self._readable_turn(turn) / "orders")


def _looked_into(path: str) -> None:
    """Raise the PermissionError of a ``path`` this process may not look at (in a folder
    another user owns, as after a `sudo wtg poll`): orders on file that cannot be read are
    said so, never taken for none."""
    with contextlib.suppress(FileNotFoundError, NotADirectoryError):
        os.stat(path)


def _run_key(folder: Path) -> tuple[int, str, int]:
    """A kept run's folder in the order the reruns made them: by its count (``kept.json``'s
    ``made``), then, for those an older wtg kept, by name (``-2`` after its stem)."""
    stem, _, count = folder.name.rpartition("-")
    named = (stem, int(count)) if count.isdigit() and RERUN_KEPT in stem else (folder.name, 1)
    return (_kept_made(folder), *named)


def _kept_made(folder: Path) -> int:
    """A kept run's place among the runs of its turn kept, counted from 1 as they were
    kept (``kept.json``'s ``made``); 0 for a folder without one (an older wtg's, or a
    record edited by hand), which came before every counted one."""
    try:
        data = json.loads((folder / KEPT_RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0
    made = data.get("made") if isinstance(data, dict) else None
    return made if isinstance(made, int) and not isinstance(made, bool) and made > 0 else 0


def _keep_received(old: Path, new: Path) -> None:
    """A rerun's turn keeps what the turn it replaces had received (its corrections are
    added to it)."""
    if (old / RECEIVED).is_dir() and not (new / RECEIVED).exists():
        os.rename(old / RECEIVED, new / RECEIVED)


def _move_into(folder: Path, target: Path) -> None:
    """Move ``folder`` to ``target`` in one rename; into an existing ``target`` (a rerun's
    corrections) file by file, replacing, and then remove the empty ``folder``."""
    if not target.exists():
        os.rename(folder, target)
        return
    for path in folder.iterdir():
        os.replace(path, target / path.name)
    os.rmdir(folder)


def _write_tree(folder: Path, files: Mapping[str, str | bytes]) -> None:
    """Write ``files`` (relative path: text) into a new private ``folder``, unsynced."""
    private.make_dirs(folder)
    made = {folder}
    for relpath, data in sorted(files.items()):
        target = folder / relpath
        if target.parent not in made:
            private.make_dirs(target.parent)
            made.add(target.parent)
        private.write_file(target, data.encode() if isinstance(data, str) else data, sync=False)


def order_files(folder: Path) -> dict[int, Path]:
    if not folder.is_dir():
        return {}
    found = {}
    for path in folder.iterdir():
        match = PENDING_FILE.match(path.name)
        if match:
            found[int(match.group(1))] = path
    return dict(sorted(found.items()))


# --- a rollback that counts, finished (``wtg.gm.rollback`` makes it) ---------------------
def finish_rollbacks(store: GameStore) -> bool:
    """Undo what a crashed rollback left before it counted, finish one that counted.
    True if anything changed."""
    base = store.root / ARCHIVE
    if not base.is_dir():
        return False
    changed = False
    for folder in sorted(base.iterdir()):
        if folder.name.startswith(".tmp-"):
            shutil.rmtree(folder)
            changed = True
        elif (folder / UNFINISHED).exists():
            finish_rollback(store, folder)
            changed = True
        elif (folder / UNDOING).exists():
            finish_undo(store, folder)
            changed = True
    if changed:
        fsync_dir(base)
    return changed


def finish_rollback(store: GameStore, folder: Path) -> None:
    """The moves of a rollback that counts, each one rename, any of them perhaps done
    already by a run a crash cut short."""
    to = int(json.loads((folder / ROLLBACK_RECORD).read_text(encoding="utf-8"))["to"])
    store.turns_moved()
    restore = folder / RESTORE
    pending = store.root / "pending"
    kept_pending = private.make_dirs(folder / "pending")
    kept_turns = private.make_dirs(folder / "turns")
    if pending.is_dir():
        for path in sorted(pending.iterdir()):
            number = int(path.name) if TURN_DIR.match(path.name) else -1
            # once the restored orders are in place, pending/<to+1> is theirs: it stays
            if number > to + 1 or (number == to + 1 and restore.exists()):
                os.rename(path, kept_pending / path.name)
        fsync_dir(pending)
    for path in sorted(store.turns_dir.iterdir(), reverse=True):
        if TURN_DIR.match(path.name) and int(path.name) > to:
            os.rename(path, kept_turns / path.name)
    fsync_dir(store.turns_dir)
    fsync_dir(kept_pending)
    fsync_dir(kept_turns)
    _write_rewritten(store, folder, to)
    _set_rollback_deadline(store, folder, to)
    if restore.exists():
        if any(restore.iterdir()):
            os.rename(restore, private.make_dirs(pending) / turn_name(to + 1))
            fsync_dir(pending)
        else:
            os.rmdir(restore)
    fsync_dir(folder)
    (folder / UNFINISHED).unlink()
    fsync_dir(folder)


def finish_undo(store: GameStore, folder: Path) -> None:
    """The moves of a rollback's undo that counts (``UNDO_RECORD`` written, ``UNDOING``
    there), each one rename or one atomic write, any of them perhaps done already by a run
    a crash cut short: the orders pending for turn NNNN+1 set aside (``UNDONE``), the
    last turn taken back given the deadline the undo set (its reports marked behind it:
    `wtg send` holds them back until they are written again), the turns and the pending
    orders the rollback kept moved back, turn NNNN's files it wrote over put back
    (``REPLACED``)."""
    if not (folder / UNDO_RECORD).exists():  # cut short before it counted: nothing moved
        (folder / temporary_name(UNDO_RECORD)).unlink(missing_ok=True)  # not yet renamed
        (folder / UNDOING).unlink()
        fsync_dir(folder)
        return
    record = json.loads((folder / ROLLBACK_RECORD).read_text(encoding="utf-8"))
    undo = json.loads((folder / UNDO_RECORD).read_text(encoding="utf-8"))
    to = int(record["to"])
    store.turns_moved()
    pending = store.root / "pending"
    aside = folder / UNDONE
    if not aside.exists():
        partial = private.make_dirs(folder / f".{UNDONE}")
        if (pending / turn_name(to + 1)).is_dir():
            os.rename(pending / turn_name(to + 1), partial / turn_name(to + 1))
            fsync_dir(pending)
        os.rename(partial, aside)
        fsync_dir(folder)
    kept_turns = folder / "turns"
    numbers = sorted(int(p.name) for p in kept_turns.iterdir() if TURN_DIR.match(p.name))
    if numbers:
        _set_undo_deadline(kept_turns / turn_name(numbers[-1]) / TURN_META, undo.get("deadline"))
    for number in numbers:
        os.rename(kept_turns / turn_name(number), store.turns_dir / turn_name(number))
    fsync_dir(store.turns_dir)
    kept_pending = folder / "pending"
    if kept_pending.is_dir():
        for path in sorted(kept_pending.iterdir()):
            if not (pending / path.name).exists():
                os.rename(path, private.make_dirs(pending) / path.name)
        fsync_dir(pending)
    replaced = folder / REPLACED
    if replaced.is_dir():
        for path in sorted(p for p in replaced.rglob("*") if p.is_file()):
            target = store.turn_dir(to) / path.relative_to(replaced)
            write_atomic(private.make_dirs(target.parent) / target.name, path.read_bytes())
    store.turns_moved()
    (folder / UNDOING).unlink()
    fsync_dir(folder)


def _set_undo_deadline(path: Path, deadline: object) -> None:
    """The last turn a rollback took back, its ``turn.json`` given the deadline its undo
    set for the turn after it, its reports marked behind it (``REPORTS_BEHIND``)."""
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if not isinstance(meta, dict) or not isinstance(deadline, str):
        return
    if meta.get("next_deadline") != deadline:
        meta["next_deadline"] = deadline
        meta[REPORTS_BEHIND] = True
        write_atomic(path, json.dumps(meta, ensure_ascii=False) + "\n")


def _write_rewritten(store: GameStore, folder: Path, to: int) -> None:
    """Turn ``to``'s files written anew (``rewritten/``), each written atomically, the state
    first (written again whole by a run after a crash)."""
    for staged in (folder / REWRITTEN, folder / RETAKEN):
        if not staged.is_dir():
            continue
        paths = [p for p in sorted(staged.rglob("*")) if p.is_file()]
        for path in sorted(paths, key=lambda p: p.name != "state.json"):
            target = store.turn_dir(to) / path.relative_to(staged)
            write_atomic(private.make_dirs(target.parent) / target.name, path.read_bytes())


def _set_rollback_deadline(store: GameStore, folder: Path, to: int) -> None:
    """Turn ``to``'s ``turn.json`` with the deadline the rollback set for the next turn."""
    record = json.loads((folder / ROLLBACK_RECORD).read_text(encoding="utf-8"))
    path = store.turn_dir(to) / TURN_META
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if not isinstance(meta, dict):
        return
    moves = meta.get(DEADLINE_MOVES)
    last = moves[-1] if isinstance(moves, list) and moves else None
    untold = isinstance(last, dict) and last.get("told") is False
    if meta.get("next_deadline") != record.get("deadline") or REPORTS_BEHIND in meta or untold:
        if meta.get("next_deadline") != record.get("deadline"):
            keep_deadline_set(meta)
        meta["next_deadline"] = record.get("deadline")
        meta.pop(REPORTS_BEHIND, None)  # its reports are the rollback's, saying that deadline
        if isinstance(last, dict) and untold:  # a move cut short: the rollback's deadline told
            last["told"] = True
        write_atomic(path, json.dumps(meta, ensure_ascii=False) + "\n")
