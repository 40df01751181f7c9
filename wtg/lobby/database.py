"""The lobby's database (``LobbyDatabase``): one SQLite file, ``games_dir/.people/people.sqlite``
(0600, as everything that holds an address), with the people (name, addresses, games
played and their results), the waiting lists and who is on them, the seats offered for
takeover, and the confirmation codes mailed and not yet answered.

SQLite rather than a YAML file a person: a confirmation writes the person, the address
and the place on a list in one transaction; the groups (Beginner, Advanced) and the
HiScore are queries across every game a person played; and a poll, a `run-turn --due`
and a GM's `wtg open-list` may write at the same moment (SQLite's lock, with a wait
that is said after a moment: ``wtg.files.sqlitewait``).

The book's format is SQLite's ``user_version``: 0 in a book made before the book carried a
number, which is format 1; a book made now is format 2 (``BOOK_FORMAT``: the number of the
game folders of the same wtg, ``wtg.files.store.FORMAT``; 1 is never written), whose one
difference is the number. A book of an older format is read as it is and never written
(``LobbyDatabase.write`` refuses it: ``wtg upgrade`` first, ``wtg.upkeep``); one of a
newer format is refused by ``LobbyDatabase`` itself.

A column added since (``ADDED_COLUMNS``: the lists' ``timezone`` and ``closed``) is no new
format: it has a default that says what a book made before it meant (UTC; NULL, open), so
a book of this format that lacks it is given it when opened (as the mail journal is,
``wtg.mail.spool.journal``), and an older wtg of the same format, whose statements name the
columns they know, reads and writes a book that has it (though it takes a list closed
since for an open one: run one wtg on a games folder). A book of an older format, never
written, is read without it (``column``), and given it once ``wtg upgrade`` has numbered it.
So is a table added since (``ADDED_TABLES``: ``leaving``, the players being taken off a
list), made empty when a book of this format lacks it (an older wtg never reads it).
"""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from wtg.core.errors import WtgError
from wtg.files import private
from wtg.files.sqlitewait import connect, wal_mode
from wtg.files.store import UNNUMBERED, FormatRefused, newer_format, older_format

FOLDER = ".people"
FILE = "people.sqlite"
BOOK_FORMAT = 2
"""The format of the books this wtg makes and writes (the module's doc)."""
DONE_KEPT = timedelta(days=30)
"""How long what a mail's command did is remembered: a mail is read again by the next poll
(after a kill), or by a later one (a game that was locked), well within it."""
SCHEMA = """
CREATE TABLE IF NOT EXISTS people (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,   -- the name without case and extra spaces
    since TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS addresses (
    address TEXT PRIMARY KEY,        -- lower case
    person INTEGER NOT NULL REFERENCES people(id),
    confirmed TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS plays (
    person INTEGER NOT NULL REFERENCES people(id),
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    since TEXT NOT NULL,
    result TEXT,                     -- NULL while the game runs: won, finished, quit, replaced
    PRIMARY KEY (game, seat, person)
);
CREATE TABLE IF NOT EXISTS lists (
    name TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    variant TEXT,
    map TEXT NOT NULL,
    players INTEGER NOT NULL,
    grp TEXT NOT NULL,               -- beginner, advanced or any
    every_days INTEGER,
    at TEXT,
    timezone TEXT NOT NULL DEFAULT 'UTC', -- the deadlines' zone
    robots_after REAL,               -- hours
    opened TEXT NOT NULL,
    games INTEGER NOT NULL DEFAULT 0, -- games made from it
    closed TEXT                      -- when `wtg close-list` closed it; NULL while open
);
CREATE TABLE IF NOT EXISTS entries (
    list TEXT NOT NULL REFERENCES lists(name),
    person INTEGER NOT NULL REFERENCES people(id),
    address TEXT NOT NULL,
    since TEXT NOT NULL,
    game TEXT,                       -- the game it went to; NULL while waiting
    PRIMARY KEY (list, person, since)
);
CREATE TABLE IF NOT EXISTS offers (
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    offered TEXT NOT NULL,
    taken TEXT,                      -- when a new player took it over
    PRIMARY KEY (game, seat, offered)
);
CREATE TABLE IF NOT EXISTS pending (
    code TEXT PRIMARY KEY,           -- what the answer asks to CONFIRM
    kind TEXT NOT NULL,              -- join, takeover, resign, withdraw
    address TEXT NOT NULL,           -- the only address whose CONFIRM counts
    target TEXT NOT NULL,            -- the list, the game, or (withdraw) the ruleset
    name TEXT,                       -- join, takeover: the name asked for
    seat INTEGER,                    -- takeover, resign
    made TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS expired ( -- codes purged from pending: why a late CONFIRM fails
    code TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    address TEXT NOT NULL,
    target TEXT NOT NULL,
    name TEXT,
    seat INTEGER,
    made TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS done (    -- what a command of a mail did: that mail read again
    mail TEXT PRIMARY KEY,           -- (a poll killed before its journal's commit) does it
    what TEXT NOT NULL,              -- once, and answers as before: JSON, the answers made
    at TEXT NOT NULL                 -- (its key and the command's line: maildir:...#3)
);
CREATE INDEX IF NOT EXISTS done_by_age ON done(at);
CREATE TABLE IF NOT EXISTS making (  -- a game reserved for a list's players, not yet made
    game TEXT PRIMARY KEY,           -- whole (its turn 0): what a crash may leave half made
    list TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS leaving ( -- a player being taken off a list a game cannot take
    list TEXT NOT NULL,              -- him on: written before his mail is queued, gone with
    person INTEGER NOT NULL,         -- his entry; one a kill left is finished by the next
    since TEXT NOT NULL,             -- start (wtg.lobby.start), with the reason he was told
    reason TEXT NOT NULL,
    PRIMARY KEY (list, person, since)
);
"""
ADDED_TABLES = ("leaving",)
"""The tables of ``SCHEMA`` added after books of ``BOOK_FORMAT`` were made: a book of this
format that lacks one is given it when opened (empty: nothing was under way in it)."""
ADDED_COLUMNS = (
    ("lists", "timezone", "TEXT NOT NULL DEFAULT 'UTC'"),
    ("lists", "closed", "TEXT"),
)
"""The columns added to a table of ``SCHEMA`` after books of ``BOOK_FORMAT`` were made,
with their kinds: each with a default that means what a book made before it meant."""


WRITERS = "a poll, a turn, a GM's lobby command, wtg upgrade, wtg serve"
"""Who writes the lobby's database beside the command that waits for it (``connect``)."""


def named(path: Path) -> str:
    """The lobby's database as a wait for it says it (``wtg.files.sqlitewait``)."""
    return f"the lobby's database {path}"


def schema_statements() -> list[str]:
    """``SCHEMA``, one statement each (its comments hold semicolons)."""
    statements: list[str] = []
    text = ""
    for line in SCHEMA.splitlines(keepends=True):
        text += line
        if sqlite3.complete_statement(text):
            statements.append(text.strip())
            text = ""
    return statements


def stored_format(db: sqlite3.Connection) -> int:
    """The format of the book ``db`` is open on (its ``user_version``; 0 is format 1)."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    return version or UNNUMBERED


def is_empty(db: sqlite3.Connection) -> bool:
    """Whether the database holds nothing yet: a book being made, not one of format 1."""
    return db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone() is None


class BookTorn(WtgError):
    """The lobby's book is no database (torn, or written over): ``line`` says which file,
    why, and what the GM does (a backup's book put back: ``BOOK_PUT_BACK``). Not an
    ``sqlite3.Error``: the poll stops for those (its journal), and goes on without the book,
    holding the mails that need it."""

    def __init__(self, line: str) -> None:
        super().__init__(line)
        self.line = line


def torn(games_dir: Path) -> str | None:
    """Why the lobby's book cannot be read (a file that is no database: torn, or written
    over; or one SQLite's ``quick_check`` finds damaged), read afresh and never written;
    None when it can be read, or is not there. A book busy (``sqlite3.OperationalError``)
    is no torn one."""
    path = games_dir / FOLDER / FILE
    if not path.exists():
        return None
    try:
        db = sqlite3.connect(
            f"{path.absolute().as_uri()}?mode=ro", uri=True
        )  # a relative games_dir
        try:
            found = db.execute("PRAGMA quick_check(1)").fetchone()
        finally:
            db.close()
    except sqlite3.OperationalError:
        return None
    except sqlite3.DatabaseError as exc:
        found = (str(exc),)
    said = str(found[0]) if found else "no answer to a check"
    if said == "ok":
        return None
    why = said[:200]
    return f"the lobby's book {path} cannot be read ({why}): {BOOK_PUT_BACK}"


BACKUP_MEMBER = f"wtg-backup/games/{FOLDER}/{FILE}"
"""Where a backup keeps the book (``wtg.upkeep.archive``, a room above: said here as text)."""


BOOK_PUT_BACK = (
    f"restore it from a backup: in its folder, move {FILE} aside with any {FILE}-wal and "
    f"{FILE}-shm, then `(umask 077; tar -xzOf BACKUP.tar.gz {BACKUP_MEMBER} > {FILE})` "
    "(`wtg restore` takes a whole host only)"
)
"""The steps that put the lobby's book back from a backup, said after its path: `wtg
restore` restores a whole host into an empty folder only, and a book alone is one file of
its archive. The torn file's ``-wal`` and ``-shm`` go aside with it: SQLite would replay an
old ``-wal`` into the copy put back. ``umask 077``: the copy is made 0600, as every file of
people's addresses. The path is not said again in the steps (they run in its folder): a
line cut at 500 characters, as `wtg upgrade`'s, keeps them whole."""


@contextmanager
def torn_said(games_dir: Path) -> Iterator[None]:
    """Inside: an error of the book's that is no busy book's, when the book is torn
    (``torn``), raised as ``BookTorn``; any other as it is (the journal's own)."""
    try:
        yield
    except sqlite3.OperationalError:
        raise
    except sqlite3.DatabaseError as exc:
        why = torn(games_dir)
        if why is None:
            raise
        raise BookTorn(why) from exc


def book_format(games_dir: Path) -> int | None:
    """The format of the lobby's book of ``games_dir``, None when it has none (nothing is
    made); a book not made yet (an empty file) is of this wtg's format."""
    path = games_dir / FOLDER / FILE
    if not path.is_file():
        return None
    db = connect(path, named(path), WRITERS)
    try:
        return BOOK_FORMAT if is_empty(db) else stored_format(db)
    finally:
        db.close()


class LobbyDatabase:
    """One connection to the lobby's database; ``write()`` is one transaction. A book of a
    newer format is refused (FormatRefused); one of an older format is read, and written
    only when opened ``upgrading`` (``wtg upgrade``)."""

    def __init__(self, games_dir: Path, upgrading: bool = False) -> None:
        folder = private.make_dirs(games_dir / FOLDER)
        path = private.create_file(folder / FILE)  # -wal and -shm take its mode: 0600
        self.path = path
        self.db = connect(path, named(path), WRITERS, own_transactions=True)
        self.db.row_factory = sqlite3.Row
        wal_mode(self.db)
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self._depth = 0
        """Transactions open (``write``): one inside another is part of the outer one."""
        self.upgrading = upgrading
        self.format = self._made() if is_empty(self.db) else stored_format(self.db)
        if self.format > BOOK_FORMAT:
            self.db.close()
            raise FormatRefused(newer_format(f"the lobby's book {path}", self.format, BOOK_FORMAT))
        if self.format == BOOK_FORMAT and (self._missing_columns() or self._missing_tables()):
            self._add_columns()

    def _missing_columns(self) -> list[tuple[str, str, str]]:
        """The ``ADDED_COLUMNS`` the book lacks (made by a wtg before them)."""
        have: dict[str, set[str]] = {}
        for table, _, _ in ADDED_COLUMNS:
            if table not in have:
                rows = self.db.execute(f"PRAGMA table_info({table})").fetchall()
                have[table] = {str(row[1]) for row in rows}
        return [added for added in ADDED_COLUMNS if added[1] not in have[added[0]]]

    def _missing_tables(self) -> list[str]:
        """The ``ADDED_TABLES`` the book lacks (made by a wtg before them)."""
        rows = self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        have = {str(row[0]) for row in rows}
        return [table for table in ADDED_TABLES if table not in have]

    def _add_columns(self) -> None:
        """The ``ADDED_COLUMNS`` and ``ADDED_TABLES`` a book lacks, added in one transaction
        (another process adding them at the same moment waits, then finds them there)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for table, name, kind in self._missing_columns():
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
            missing = self._missing_tables()
            for statement in schema_statements():
                if any(f"CREATE TABLE IF NOT EXISTS {table} " in statement for table in missing):
                    self.db.execute(statement)
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def _made(self) -> int:
        """A new book's tables and its number, in one transaction (another process making
        it at the same moment waits, then finds them there)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for statement in schema_statements():
                self.db.execute(statement)
            self.db.execute(f"PRAGMA user_version = {BOOK_FORMAT}")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")
        return BOOK_FORMAT

    def record_format(self, number: int) -> None:
        """Set the book's format, inside the transaction of the upgrade that makes it so."""
        if not self._depth:
            raise RuntimeError("a book's format is set inside a transaction (write)")
        self.db.execute(f"PRAGMA user_version = {int(number)}")
        self.format = number

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> LobbyDatabase:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One transaction, taken for writing at once (no two writers interleave); one
        begun inside another is part of it (what a command did is remembered with what it
        changed: ``remember``). Once it begins, a mail that asked for it has begun to
        change things: a JOIN recorded must not be stopped as one that changed nothing
        (``private.began_to_change``). A book of an older format is refused
        (FormatRefused: ``wtg upgrade`` first) unless opened ``upgrading``."""
        if self.format < BOOK_FORMAT and not self.upgrading:
            where = f"the lobby's book {self.path}"
            raise FormatRefused(older_format(where, self.format, BOOK_FORMAT))
        private.began_to_change()
        if self._depth:
            self._depth += 1
            try:
                yield self.db
            finally:
                self._depth -= 1
            return
        self.db.execute("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            yield self.db
        except BaseException:
            self._depth = 0
            self.db.execute("ROLLBACK")
            raise
        self._depth = 0
        self.db.execute("COMMIT")

    def rows(self, sql: str, *args: object) -> list[sqlite3.Row]:
        found: list[sqlite3.Row] = self.db.execute(sql, args).fetchall()
        return found

    def row(self, sql: str, *args: object) -> sqlite3.Row | None:
        found: sqlite3.Row | None = self.db.execute(sql, args).fetchone()
        return found


def column(row: sqlite3.Row, name: str, default: object) -> Any:
    """The value of ``row``'s column ``name``; ``default`` in a book of an older format,
    read as it is, made before the column (``ADDED_COLUMNS``)."""
    # a Row's `in` looks among its values, not its columns' names
    return row[name] if name in row.keys() else default  # noqa: SIM118


def done(book: LobbyDatabase, mail: str) -> dict[str, Any] | None:
    """What the command ``mail`` (a mail's key and the command's line) did, as
    ``remember`` kept it; None when it did nothing yet."""
    row = book.row("SELECT what FROM done WHERE mail = ?", mail)
    if row is None:
        return None
    found = json.loads(str(row["what"]))
    return found if isinstance(found, dict) else None


def remember(db: sqlite3.Connection, mail: str, what: Mapping[str, Any], moment: datetime) -> None:
    """Keep what the command ``mail`` did (the answers it made, as JSON), inside the
    transaction of what it changed; what is older than ``DONE_KEPT`` is forgotten."""
    db.execute("DELETE FROM done WHERE at < ?", (stamp(moment - DONE_KEPT),))
    db.execute(
        "INSERT OR REPLACE INTO done (mail, what, at) VALUES (?, ?, ?)",
        (mail, json.dumps(what, ensure_ascii=False), stamp(moment)),
    )


def forget_mails(db: sqlite3.Connection, mails: Sequence[str]) -> int:
    """Forget what the commands of the mails ``mails`` (their keys in the journal) did,
    inside the caller's transaction: mails of a flood beyond its day's bound, whose copies
    and records the poll let go once it had committed them (``wtg.mail.spool.floodcopies``),
    so that a flood grows the book no more than its bound keeps. A stranger's flood kept a
    row a command for ``DONE_KEPT``: thousands a day, each scanned by every CONFIRM's look
    for the mails of its code. Kept all the same: a command half done (a takeover's note,
    without its answers: ``wtg.lobby.seats``), and the request whose answer mailed a code
    that still waits (a copy of that mail pasted back is known by it:
    ``wtg.mail.incoming.commands``; the same request asked again, the HELPs that name it,
    are made again from the code's request). How many rows went."""
    waiting = {str(code) for (code,) in db.execute("SELECT code FROM pending")}
    gone = 0
    for mail in mails:
        rows = db.execute(
            "SELECT mail, what FROM done WHERE mail >= ? AND mail < ?", (f"{mail}#", f"{mail}$")
        ).fetchall()
        for key, what in rows:
            if not _forgettable(str(what), waiting):
                continue
            gone += db.execute("DELETE FROM done WHERE mail = ?", (key,)).rowcount
    return gone


def _forgettable(what: str, waiting: set[str]) -> bool:
    """Whether a command's kept ``what`` may be forgotten: it made its answers (none is
    half done), and none of them asked first for a code still ``waiting``."""
    try:
        kept = json.loads(what)
    except ValueError:
        return True  # nothing reads it
    replies = kept.get("replies") if isinstance(kept, dict) else None
    if not isinstance(replies, list):
        return not isinstance(kept, dict)  # a note of a command half done stays
    for reply in replies:
        if (
            isinstance(reply, dict)
            and reply.get("asks") in waiting
            and not reply.get("asked_before")
        ):
            return False
    return True


def stamp(moment: datetime) -> str:
    """A time as the book keeps it: ISO 8601 in UTC, to the second."""
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def same(text: str) -> str:
    """Names compare without case and extra spaces, and in Unicode's compatibility form:
    ``Ａｌｉｃｅ`` (in full-width letters) is Alice."""
    return " ".join(unicodedata.normalize("NFKC", text).split()).casefold()
