"""The mail loop's journal (SQLite in the spool): which messages were handled, which
Message-IDs were seen, and the replies sent to each sender (to cap them), as the poll and
the send write them. The lists the GM reads from it (the mails quarantined, held, set
aside, not answered, ...) are read in ``wtg.mail.spool.journallists``."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Sequence
from logging import WARNING
from pathlib import Path
from typing import Any

from wtg.core.printable import printable
from wtg.files import private
from wtg.files.diskspace import cannot_write, writing
from wtg.files.sqlitewait import connect, wal_mode
from wtg.logs.events import log_event
from wtg.logs.waits import kept_waiting
from wtg.mail.spool.arrivalrows import by_arrival, taken_rank
from wtg.mail.spool.outcome import Kind

SCHEMA = """
CREATE TABLE IF NOT EXISTS messages (  -- its rowid: the order written (othersender), no VACUUM
    key TEXT PRIMARY KEY,        -- imap:<uidvalidity>:<uid> or maildir:<name>
    message_id TEXT,
    outcome TEXT NOT NULL,       -- what was done with it
    handled_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_by_id ON messages(message_id);
CREATE INDEX IF NOT EXISTS messages_by_time ON messages(handled_at);  -- the pruning
CREATE TABLE IF NOT EXISTS replies (sender TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS replies_by_sender ON replies(sender, at);
CREATE INDEX IF NOT EXISTS replies_by_time ON replies(at);  -- the hour's read, the pruning
CREATE TABLE IF NOT EXISTS mailed (game TEXT PRIMARY KEY, turn INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS reused (  -- names a new game took again (`new-game --reuse-name`)
    game TEXT PRIMARY KEY,
    times INTEGER NOT NULL       -- how often: the mark its mail's ids carry, -n<times>
);
CREATE TABLE IF NOT EXISTS mailed_prints (  -- what each turn mailed came out as (review40)
    game TEXT NOT NULL,
    turn INTEGER NOT NULL,
    print TEXT NOT NULL,         -- the sha256 of its events as mailed
    PRIMARY KEY (game, turn)
);
CREATE TABLE IF NOT EXISTS rollbacks_seen (  -- a game's rollbacks `wtg send` has reckoned with
    game TEXT NOT NULL,
    ident TEXT NOT NULL,         -- its archive folder
    PRIMARY KEY (game, ident)
);
CREATE TABLE IF NOT EXISTS seat_codes (  -- each seat's codes `wtg send` saw (attack41b)
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    code TEXT NOT NULL,          -- a digest of the code, never the code
    latest INTEGER NOT NULL,     -- 1: the code game.yaml gave the seat at the last send
    PRIMARY KEY (game, seat, code)
);
CREATE TABLE IF NOT EXISTS seat_addresses (  -- each seat's addresses `wtg send` saw (attack42)
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    address TEXT NOT NULL,       -- a digest of the address, never the address
    latest INTEGER NOT NULL,     -- 1: game.yaml's at the last send; 0: replaced; -1: put back, said
    PRIMARY KEY (game, seat, address)
);
CREATE TABLE IF NOT EXISTS unanswered (  -- mails whose answer a limit held back
    key TEXT PRIMARY KEY,        -- the message
    outcome TEXT NOT NULL,       -- not answered: reply limit: what was held, and by which limit
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS unanswered_by_time ON unanswered(at);  -- the readers, the pruning
CREATE TABLE IF NOT EXISTS unanswered_folds (  -- a flood's mails not answered, counted
    sender TEXT NOT NULL,        -- the From's address, lower-cased
    minute INTEGER NOT NULL,     -- the minute they were handled (seconds // 60)
    mails INTEGER NOT NULL,
    at REAL NOT NULL,            -- the newest of them
    PRIMARY KEY (sender, minute)
);
CREATE INDEX IF NOT EXISTS unanswered_folds_by_time ON unanswered_folds(at);
CREATE TABLE IF NOT EXISTS quarantine (
    key TEXT PRIMARY KEY,        -- the message
    game TEXT,                   -- the game it names, when a cheap look found one
    archive TEXT NOT NULL,       -- the raw message kept in the spool's archive
    reason TEXT NOT NULL,        -- what went wrong
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS held (  -- mail for a game this host does not know, kept for the GM
    key TEXT PRIMARY KEY,        -- the message
    game TEXT,                   -- the game it names
    archive TEXT NOT NULL,       -- the raw message kept in the spool's archive
    reason TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS held_over (  -- mails held whose record the list's bound let go
    sender TEXT PRIMARY KEY,     -- a player's address; '' for every address with no seat here
    mails INTEGER NOT NULL,      -- how many
    at REAL NOT NULL             -- when the latest was let go
);
CREATE TABLE IF NOT EXISTS held_let_go (  -- the keys of those mails, for `--release-held`
    key TEXT PRIMARY KEY,        -- the message
    sender TEXT NOT NULL,        -- the From's address, lower-cased ('': none)
    counted TEXT NOT NULL,       -- the held_over row that counts it (its sender)
    arrived TEXT NOT NULL,       -- its arrival key (wtg.game.arrivalkey)
    at REAL NOT NULL             -- when it was let go
);
CREATE TABLE IF NOT EXISTS set_aside (  -- a player's orders in a mail that looked automatic
    key TEXT NOT NULL,           -- the message
    game TEXT NOT NULL,          -- the game its form names
    seat TEXT NOT NULL,          -- whose orders: "2 Bob"
    why TEXT NOT NULL,           -- the header that made it look automatic
    archive TEXT NOT NULL,       -- the raw message kept in the spool's archive
    at REAL NOT NULL,
    PRIMARY KEY (key, game, seat)
);
CREATE TABLE IF NOT EXISTS aside_arrived (  -- when a mail set aside arrived, for `wtg orders`
    key TEXT PRIMARY KEY,        -- the message
    order_key TEXT NOT NULL,     -- its arrival key (wtg.game.arrivalkey), as the poll read it
    received REAL NOT NULL       -- when the server got it
);
CREATE TABLE IF NOT EXISTS aside_filed (  -- mails set aside the GM filed with `wtg orders`
    key TEXT NOT NULL,           -- the message
    game TEXT NOT NULL,          -- the game he filed it for
    at REAL NOT NULL,
    PRIMARY KEY (key, game)
);
CREATE TABLE IF NOT EXISTS flood_mails (  -- a stranger's mails a flood's bound may not keep
    key TEXT PRIMARY KEY,        -- the message
    sender TEXT NOT NULL,        -- the address it came from (no seat on this host)
    day TEXT NOT NULL,           -- the day it arrived (UTC): YYYY-MM-DD
    arrived TEXT NOT NULL,       -- its arrival key (wtg.game.arrivalkey), as the poll read it
    archive TEXT NOT NULL,       -- its copy in the spool's archive
    dropped INTEGER NOT NULL DEFAULT 0  -- 1: counted as not kept, 2: kept its time (a
                                        -- stranger's): its copies to be deleted
);
CREATE INDEX IF NOT EXISTS flood_mails_by_sender ON flood_mails(sender, day, arrived, key);
CREATE TABLE IF NOT EXISTS flood_counts (  -- a stranger's mails of a day whose copies went
    sender TEXT NOT NULL,
    day TEXT NOT NULL,           -- the day they arrived (UTC): YYYY-MM-DD
    dropped INTEGER NOT NULL,    -- how many were not kept
    at REAL NOT NULL,            -- when the latest was let go
    PRIMARY KEY (sender, day)
);
CREATE TABLE IF NOT EXISTS releases (  -- `wtg quarantine --release KEY` under way
    key TEXT PRIMARY KEY,
    at REAL NOT NULL,
    game TEXT                    -- the game its record of mail held or quarantined named
);
CREATE TABLE IF NOT EXISTS released (  -- releases done: what a release given again says
    key TEXT PRIMARY KEY,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS wrong_codes (  -- forms refused for a wrong code, for the digest
    key TEXT NOT NULL,           -- the message
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,       -- the seat whose code the form did not carry (0: a command's)
    sender TEXT NOT NULL,        -- the From's address, lower-cased ('': none)
    own INTEGER NOT NULL,        -- 1: from the seat's own address
    at REAL NOT NULL,
    PRIMARY KEY (key, game, seat)
);
CREATE INDEX IF NOT EXISTS wrong_codes_by_time ON wrong_codes(at);
CREATE INDEX IF NOT EXISTS wrong_codes_by_seat ON wrong_codes(game, seat, at);
CREATE TABLE IF NOT EXISTS wrong_code_folds (  -- a seat's older wrong codes, counted
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    minute INTEGER NOT NULL,     -- the minute of their time (seconds // 60)
    forms INTEGER NOT NULL,
    elsewhere INTEGER NOT NULL,  -- of them, from another address than the seat's
    at REAL NOT NULL,            -- the newest of them
    PRIMARY KEY (game, seat, minute)
);
CREATE INDEX IF NOT EXISTS wrong_code_folds_by_time ON wrong_code_folds(at);
CREATE TABLE IF NOT EXISTS codes_elsewhere (  -- a seat's right code from another mailbox
    key TEXT NOT NULL,           -- the message
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,       -- the seat whose code it carried
    sender TEXT NOT NULL,        -- the address it is answered at, lower-cased
    at REAL NOT NULL,
    PRIMARY KEY (key, game, seat)
);
CREATE INDEX IF NOT EXISTS codes_elsewhere_by_time ON codes_elsewhere(at);
CREATE TABLE IF NOT EXISTS read_late (  -- orders read after their turn ran, for the GM
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    at REAL NOT NULL,            -- the poll's moment: a row a player a game a poll
    mails INTEGER NOT NULL,      -- how many of his mails that poll read late
    line TEXT NOT NULL,          -- the GM's line of the last (wtg.mail.incoming.readlate)
    PRIMARY KEY (game, seat, at)
);
CREATE INDEX IF NOT EXISTS read_late_by_time ON read_late(at);
"""
_HELD_COLUMNS = (
    ("sender", "TEXT NOT NULL DEFAULT ''"),  # the From's address, lower-cased ('': none)
    ("player", "INTEGER NOT NULL DEFAULT 0"),  # 1: the address had a seat here when held
    ("arrived", "TEXT NOT NULL DEFAULT ''"),  # its arrival key (wtg.game.arrivalkey)
)
"""The columns ``held`` has beyond those of its first version, with their kinds."""
_UNANSWERED_COLUMNS = (
    ("sender", "TEXT NOT NULL DEFAULT ''"),  # the From's address, lower-cased ('': none)
    ("arrived", "TEXT NOT NULL DEFAULT ''"),  # its arrival key (wtg.game.arrivalkey)
)
"""The columns ``unanswered`` has beyond those of its first version: the address by which
its list is bounded (``UNANSWERED_AN_ADDRESS``), and when the mail arrived, which orders
the list (a poll handles its mails the newest first: the moment each was handled, ``at``,
runs the other way; a record older than the column, '', sorts as the oldest)."""
_QUARANTINE_COLUMNS = (
    ("sender", "TEXT NOT NULL DEFAULT ''"),  # the From's address, lower-cased ('': not read)
    ("arrived", "TEXT NOT NULL DEFAULT ''"),  # its arrival key (wtg.game.arrivalkey)
    ("player", "INTEGER NOT NULL DEFAULT 0"),  # 1: the address had a seat here (floods45)
)
"""The columns ``quarantine`` has beyond those of its first version: the address by which
its list is bounded (``QUARANTINE_AN_ADDRESS``), when the mail arrived, which orders
the mails of one poll (all quarantined at its moment, ``at``), and whether the address had
a seat here, whose mails the GM's lists show first."""
_FLOOD_COLUMNS = (
    ("player", "INTEGER NOT NULL DEFAULT 0"),  # 1: from an address with a seat here
    ("handled", "REAL NOT NULL DEFAULT 0"),  # the poll's moment (0: a wtg before floods45)
)
"""The columns ``flood_mails`` has beyond those of its first version: whether the mail came
from a seat's address, whose mails the bound of an address keeps, never the day's bound of
all addresses (a flood of strangers' never pushes a player's out); and when the poll
handled it, by which a stranger's copies are kept their days (``expire_flood``) however
late the poll read it."""
_RELEASES_COLUMNS = (
    ("game", "TEXT"),  # the game the mail's record named (NULL: none, or not kept)
)
"""The columns ``releases`` has beyond those of its first version: the game the mail
released named, kept from its record (which the release forgets), so that `wtg status
GAME` says a release of the game's mail cut short."""
_HELD_INDEXES = """
CREATE INDEX IF NOT EXISTS held_by_sender ON held(sender, arrived, key);
CREATE INDEX IF NOT EXISTS held_by_player ON held(player, arrived, key);
"""
_KEYS_A_QUERY = 500
"""Under SQLite's oldest limit of 999 values a statement."""

REPLIES_KEPT = 2 * 24 * 3600.0
"""Seconds a reply stays in the journal (``Journal.prune_replies``): twice the longest window
any limit reads them over (a day: the once-a-day notices, the same answer not mailed twice a
day; ``tests/mail/test_replies_pruned.py`` checks every window), so that a clock set back
a day still finds them."""

ASIDE_KEPT = 30 * 24 * 3600.0
"""Seconds the record of a mail set aside (``set_aside``, ``aside_arrived``, ``aside_filed``)
stays once nobody needs it (``Journal.prune_set_aside``): after the GM filed it, or, for one
he never filed, after it was set aside once its kept mail is gone from the archive or its
game from the host. One he has not filed whose mail is kept stays for as long as the mail
is: he may file it any day, as of its arrival (``wtg.mail.incoming.keptmail``)."""

UNANSWERED_KEPT = 2 * 24 * 3600.0
"""Seconds a mail not answered (``unanswered``) stays in the journal at least
(``Journal.prune_unanswered``): twice the day ``wtg status`` shows and the first digest
looks back, so that a clock set back a day still finds them. The poll keeps longer every one
since the last digest (``wtg.mail.outgoing.digestmark``), which the next digest counts
however late it comes."""

MANY_ADDRESSES = "(many addresses)"
"""The sender the mails of a flood let go by the day's bound of all addresses together are
counted under (``Journal.flood_beyond``: not kept, and not answered), one count for all of
them, as ``wtg status`` and the digest show it: no address is written so."""

_RECENT = "(day >= ? OR handled >= ?)"
"""A ``flood_mails`` row a bound still reads (``Journal.flood_beyond``)."""
EXPIRED = 2
"""A ``flood_mails`` row's ``dropped`` once its copies were kept their time (a stranger's:
``wtg.mail.spool.floodcopies.FLOOD_COPIES_DAYS``): deleted as a flood's, not counted."""
FLOOD_COUNTS_A_DAY = 100
"""Addresses a day whose count of mails not kept (``flood_counts``) is a row of its own: the
most mails first. A flood under ten thousand addresses, each past its own bound, wrote ten
thousand rows a day, kept for a month; the addresses past these are counted together under
``MANY_ADDRESSES`` (``Journal.drop_flood``), so that a day keeps at most this many rows and
one more, and no mail counted is lost from the sum."""

UNANSWERED_AN_ADDRESS = 20
"""Mails not answered (``unanswered``) listed for one sender's address, the newest: a
stranger who floods the host would fill the GM's list (``wtg status``, the digest) with
thousands; the rest are counted by address (``unanswered_not_listed``). Every record stays
in the journal; the bound is the readers'."""

QUARANTINE_AN_ADDRESS = 20
"""Mails quarantined listed for one sender's address, the newest (``quarantine_listed``): a
stranger who finds a way to have many mails quarantined would fill the GM's list (``wtg
status``, ``wtg quarantine``, the digest) and hide the others; the rest are counted by
address. The mails with no address read (one that killed the processes handling it is
never read again, a record older than the column) are bounded as one address, ''. Every
record and every mail stays; the bound is the readers'."""

HELD_AN_ADDRESS = 20
"""Mails held (a form of a game this host does not know, a mail of commands a torn lobby's
book could not take: ``Journal.held``) whose record the list keeps for one sender's
address: its first ``HELD_FIRST`` and its newest, by arrival. One between them has its
record let go, counted (``held_over``), its key kept apart (``held_let_go``); its mail
stays where every held mail is (the rejected folder, the archive) and ``wtg quarantine
--release KEY`` takes it, ``--release-held`` with every other held. A From is text: a
forger who writes another's address fills the newest at will, but the first are the mails
that came before his flood (the real one, held before he could know of the hold): kept
newest alone, 20 forged mails after it pushed the real one out of the list, and nothing
named its key but the poll's log (docs/gm.md, "A flood of forged mails held")."""

HELD_FIRST = HELD_AN_ADDRESS // 2
"""Of an address's mails held, the first (oldest) whose records the list keeps; the newest
fill the rest of ``HELD_AN_ADDRESS``."""

HELD_STRANGERS = 500
"""Of the mails held from addresses with no seat on this host, the records kept in all:
the first ``HELD_STRANGERS_FIRST`` and the newest. A flood from many addresses (anyone may
send forms naming unknown games) lets go of those between, counted, never of a player's,
whose address only the first bound holds (``HELD_AN_ADDRESS``)."""

HELD_STRANGERS_FIRST = HELD_STRANGERS // 2
"""Of the mails held from addresses with no seat here, the first whose records are kept."""

MESSAGES_KEPT = 14 * 24 * 3600.0
"""Seconds the record of a mail handled (``messages``: its outcome, and the mark by which a
copy of it is known, ``wtg.mail.message.mailcopy``) stays in the journal
(``Journal.prune_messages``). A copy comes from a server that delivers a mail again: the sender's,
retrying a delivery whose end it did not hear (it gives up after some days: four or five are the
defaults of Postfix, Exim and Sendmail, RFC 5321 asks for at least four), or the GM's own, a mail
met again under another key. Twice the longest retry, rounded up to two weeks, so that a clock
set back a few days still finds them. The records of mails held or quarantined stay as long
as those do (the GM lists and releases them); the keys of mails held whose record the list
let go (``held_let_go``: ``wtg quarantine --release-held`` takes them) as long as this."""

KEPT_FOR = 3600.0
"""Seconds of replies read at once and kept (``Journal.replies_since``): then read again,
so that a poll that runs for days (``--idle``) keeps no more than the last hour or two."""


JOURNAL_FILE = "journal.sqlite"
"""The journal's file in the mail spool."""


def mailed_turns(spool: Path) -> dict[str, int]:
    """The last turn mailed (queued) of every game the spool has mailed, by name; {} where
    there is no journal yet (nothing was ever sent from this host), made by nothing."""
    if not (spool / JOURNAL_FILE).is_file():
        return {}
    if cannot_write(spool):  # `wtg status` reads a read-only or full games folder too
        rows = read_rows(spool, "SELECT game, turn FROM mailed")
        if rows is not None:
            return {str(g): int(t) for g, t in rows}
    journal = Journal(spool)  # the schema makes the table of a journal older than it
    try:
        return journal.mailed_turns()
    finally:
        journal.close()


def mailed_before(spool: Path, game: str) -> bool:
    """Whether the spool has mailed (queued) the reports of a game of this name, or begun
    to (``Journal.begin_mailing``): a game whose folder the GM removed. A new game of the
    same name would find its turns counted as mailed already, or its mails' names taken by
    the old game's in the outbox, and its reports never sent. Nothing is made where there is
    no journal yet."""
    if not (spool / JOURNAL_FILE).is_file():
        return False
    journal = Journal(spool)
    try:
        return journal.mailing(game)
    finally:
        journal.close()


def forget_mailed(spool: Path, game: str) -> bool:
    """Drop what the spool remembers having mailed of a game of this name (its last turn
    mailed, the rollbacks ``wtg send`` reckoned with) and count the name taken again
    (``mail_mark``): a game the GM removed, whose name a new game takes (``wtg new-game
    --reuse-name``), has its own turns mailed from turn 0, under ids of its own (the
    outbox keeps the old game's, which would pass for them). Whether there was anything
    to drop; one transaction, made by nothing where there is no journal."""
    if not (spool / JOURNAL_FILE).is_file():
        return False
    journal = Journal(spool)
    try:
        dropped = journal.db.execute("DELETE FROM mailed WHERE game = ?", (game,)).rowcount
        journal.db.execute("DELETE FROM rollbacks_seen WHERE game = ?", (game,))
        journal.db.execute("DELETE FROM mailed_prints WHERE game = ?", (game,))
        journal.db.execute("DELETE FROM seat_codes WHERE game = ?", (game,))
        journal.db.execute("DELETE FROM seat_addresses WHERE game = ?", (game,))
        if dropped:
            journal.db.execute(
                "INSERT INTO reused (game, times) VALUES (?, 1) "
                "ON CONFLICT (game) DO UPDATE SET times = times + 1",
                (game,),
            )
        journal.commit()
        return dropped > 0
    finally:
        journal.close()


def first_noted(game: str, latest: int) -> str:
    """What is said (on stderr, and logged here) of a game the journal first noted at its
    turn ``latest``, past its turn 0 (``Journal.begin_mailing``): its folder was copied in
    from another host, and this host mails it from that turn on."""
    earlier = "turn 0" if latest == 1 else f"turns 0 to {latest - 1}"
    said = (
        f"game {game} is mailed from this host from its turn {latest} on: its {earlier} "
        f"{'was' if latest == 1 else 'were'} never mailed from here (a game copied in from "
        f"another host had them mailed there); a player gets an older report by mailing "
        f"REPORT {game} N"
    )
    log_event(said, game=game, level=WARNING)
    return said


def note_game(spool: Path, game: str, latest: int) -> str | None:
    """Note a game the journal does not know, at its turn ``latest`` (``begin_mailing``),
    committed: what is to be said of it (``first_noted``) when it is past its turn 0 then,
    else None. `wtg run-turn` notes a game at the turn before the one it ran, so that the
    players of a game run before its first send are mailed every turn of it."""
    journal = Journal(spool)
    try:
        noted = journal.begin_mailing(game, latest)
        journal.commit()
    finally:
        journal.close()
    return first_noted(game, latest) if noted and latest > 0 else None


def mailing_mark(spool: Path, game: str, latest: int = 0) -> str:
    """Note the game of this name, at its turn ``latest``, before a mail to its players is
    queued, as ``wtg send`` does before its first report (``Journal.begin_mailing``,
    committed; the journal made where there is none), and return the mark that mail's id
    ends with (``mail_mark``):
    `wtg remind` and the GM's notices queue mail of a game never sent yet, and a new game
    of its name, once its folder is removed, is then refused without ``--reuse-name``,
    which gives the new game's mail a mark of its own (the queue's, of the game before,
    is set aside by `wtg send`)."""
    journal = Journal(spool)
    try:
        if not journal.mailing(game):
            if journal.begin_mailing(game, latest) and latest > 0:
                first_noted(game, latest)  # logged
            journal.commit()
        return journal.mail_mark(game)
    finally:
        journal.close()


def mail_marks(spool: Path) -> dict[str, str]:
    """The mark of every game name taken again (``Journal.mail_mark``), by name; {} where
    there is no journal, made by nothing. Read only (`wtg remind`, and `wtg send` before
    it delivers, read them), but from a journal older than the table, which the schema
    gives it."""
    if not (spool / JOURNAL_FILE).is_file():
        return {}
    rows = read_rows(spool, "SELECT game, times FROM reused")
    if rows is None:
        journal = Journal(spool)
        try:
            rows = journal.db.execute("SELECT game, times FROM reused").fetchall()
        finally:
            journal.close()
    return {str(g): f"-n{int(t)}" for g, t in rows}


PUT_BACK = "put-back-"
"""How the record of a game folder put back by hand begins (``Journal.saw_put_back``)."""


class Journal:
    """One connection; changes become durable at ``commit()`` (the poller commits a batch
    only after the files it wrote are on disk, and before it moves the messages)."""

    def __init__(self, spool: Path) -> None:
        # SQLite makes its -wal and -shm files with the mode of the database file: 0600
        self.path = private.create_file(private.make_dirs(spool) / JOURNAL_FILE)
        try:
            self.db = self._connect()
            self.db.executescript(SCHEMA)
            self._held_columns()
            self.db.commit()
        except sqlite3.Error as exc:  # a full disk, most often: the file named
            writing(exc, f"the mail journal {self.path}")
            raise
        self._recent: dict[str, list[float]] | None = None
        """The replies since ``_recent_since``, by address: read with one query, not one
        a mail (only the poll, one at a time, writes them; ``replied`` adds its own)."""
        self.witness: Callable[[str, float], None] | None = None
        """Told each count ``replied`` makes (the poll's note of the mail in hand keeps
        them where a process's death cannot take them: ``wtg.mail.poll.inprogress``)."""
        self._recent_since = 0.0

    def _held_columns(self) -> None:
        """The columns by which the lists of mails held and not answered are bounded, added
        to a journal made before them (its records of mails held count as strangers',
        oldest: the first to go; those of mails not answered as of no address). Added by
        one process at a time, each looking again once it writes alone: two processes
        making a new journal at once (the workers of `run-turn --due`, each noting a game
        never mailed) each found a column missing and added it, and the second failed
        ("duplicate column name"). A journal that has them all is only read."""
        if self._missing_columns():
            self.db.execute("BEGIN IMMEDIATE")
            for table, name, kind in self._missing_columns():
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
            self.db.commit()
        self.db.executescript(_HELD_INDEXES)

    def _missing_columns(self) -> list[tuple[str, str, str]]:
        """The columns added since the first version that the journal lacks: (table,
        column, kind) each."""
        missing = []
        for table, columns in (
            ("held", _HELD_COLUMNS),
            ("unanswered", _UNANSWERED_COLUMNS),
            ("quarantine", _QUARANTINE_COLUMNS),
            ("flood_mails", _FLOOD_COLUMNS),
            ("releases", _RELEASES_COLUMNS),
        ):
            have = {str(row[1]) for row in self.db.execute(f"PRAGMA table_info({table})")}
            missing += [(table, name, kind) for name, kind in columns if name not in have]
        return missing

    def _connect(self) -> sqlite3.Connection:
        db = connect(self.path, f"the mail journal {self.path}")
        wal_mode(db)
        db.execute("PRAGMA synchronous=FULL")
        return db

    def close(self) -> None:
        self.db.close()

    def reopen(self) -> None:
        """Connect again after ``close``: a poll closes its journal while it forks its
        helpers, as no SQLite connection may cross a fork (SQLite keeps in the process's
        memory which of the file's locks the process holds: a forked process would believe
        it held locks it does not)."""
        self.db = self._connect()
        self._recent = None

    def commit(self, doing: str = "") -> None:
        """The changes made durable; ``doing``: what they note (a game's turn mailed), which
        a failure (a full disk) names with the journal's file."""
        try:
            self.db.commit()
        except sqlite3.Error as exc:
            writing(exc, f"the mail journal {self.path}" + (f" ({doing})" if doing else ""))
            raise

    # --- messages ---------------------------------------------------------------
    def outcome(self, key: str) -> str | None:
        row = self.db.execute("SELECT outcome FROM messages WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def outcomes(self, keys: Sequence[str]) -> dict[str, str]:
        """The outcomes kept for any of ``keys`` (a batch of messages: one query, not one
        a message), by key."""
        found: dict[str, str] = {}
        for start in range(0, len(keys), _KEYS_A_QUERY):
            chunk = keys[start : start + _KEYS_A_QUERY]
            marks = ",".join("?" * len(chunk))
            query = f"SELECT key, outcome FROM messages WHERE key IN ({marks})"
            found.update((str(key), str(text)) for key, text in self.db.execute(query, chunk))
        return found

    def marks(self, keys: Sequence[str]) -> dict[str, str]:
        """The mark kept for each of ``keys`` that has a row (its Message-ID and the digest
        of its sender, subject, date and text, or for a mail without a Message-ID a digest
        of these and its Received lines: ``wtg.mail.message.mailcopy.kept_mark``; "" where
        a wtg before it kept none, for a mail without a Message-ID or one quarantined), by
        key: what tells the mail a row was written for from another mail the server gave
        the same key (``wtg.mail.poll.samekey``)."""
        found: dict[str, str] = {}
        for start in range(0, len(keys), _KEYS_A_QUERY):
            chunk = keys[start : start + _KEYS_A_QUERY]
            marks = ",".join("?" * len(chunk))
            query = f"SELECT key, message_id FROM messages WHERE key IN ({marks})"
            found.update((str(key), str(mark or "")) for key, mark in self.db.execute(query, chunk))
        return found

    def key_of_message_id(self, message_id: str) -> str | None:
        if not message_id:
            return None
        row = self.db.execute(
            "SELECT key FROM messages WHERE message_id = ? LIMIT 1", (message_id,)
        ).fetchone()
        return None if row is None else str(row[0])

    def handled(
        self,
        key: str,
        message_id: str,
        outcome: str,
        sender: str = "",
        arrived: str = "",
        told: bool = False,
        at: float | None = None,
    ) -> None:
        """The mail ``key`` handled, with what was done (``outcome``); one not answered
        (its kind, the text's first word, or ``told``: its answer held back, or its From
        failed DMARC: ``Outcome.held_back``, ``unheard``, never read from the rest of the
        text, which quotes the sender's words) is kept apart, with its From's address
        (``sender``) and its arrival key (``arrived``), for the GM's list of them. ``at``:
        the moment it was handled, the poll's, which prunes by it too (None: the clock's
        now; a clock that stepped between the two kept a record or let it go wrongly)."""
        if at is None:
            at = time.time()
        outcome = printable(outcome)  # it may quote a mail: kept without control sequences
        self.db.execute(
            "INSERT OR REPLACE INTO messages (key, message_id, outcome, handled_at) "
            "VALUES (?, ?, ?, ?)",
            (key, message_id, outcome, at),
        )
        if told or outcome.startswith(f"{Kind.UNANSWERED.value}: "):  # the GM is told of them
            self.db.execute(
                "INSERT OR REPLACE INTO unanswered (key, outcome, at, sender, arrived) "
                "VALUES (?, ?, ?, ?, ?)",
                (key, outcome, at, sender.lower(), arrived),
            )

    def forget_quarantined(self, keys: Sequence[str] | None) -> int:
        """Drop quarantine and held records (``keys``, or every one when None) once the GM
        has dealt with them; the archived message stays. The count of the mails held whose
        record the list's bound let go (``held_over``) goes with the last record and the last
        key let go of its address (the strangers' with the last stranger's); the keys of
        those (``held_let_go``) stay for ``--release-held`` but with ``keys`` None (``wtg
        quarantine --forget-all``). Returns how many records went."""
        gone = 0
        for table in ("quarantine", "held"):
            if keys is None:
                gone += self.db.execute(f"DELETE FROM {table}").rowcount
            else:
                marks = ",".join("?" * len(keys))
                query = f"DELETE FROM {table} WHERE key IN ({marks})"
                gone += self.db.execute(query, keys).rowcount
        if keys is None:
            self.db.execute("DELETE FROM held_let_go")
        self._drop_empty_counts()
        self.db.commit()
        return int(gone)

    def _drop_empty_counts(self) -> None:
        """The counts of mails held not listed (``held_over``) that no record held and no
        key let go (``held_let_go``) of their address is left for (the strangers' with the
        last stranger's). Uncommitted."""
        self.db.execute(
            "DELETE FROM held_over WHERE mails <= 0 OR (NOT EXISTS (SELECT 1 FROM held AS h "
            "WHERE CASE WHEN held_over.sender = '' THEN h.player = 0 "
            "ELSE h.sender = held_over.sender END) AND NOT EXISTS (SELECT 1 FROM held_let_go "
            "AS g WHERE g.counted = held_over.sender))"
        )

    def held(
        self,
        key: str,
        game: str | None,
        archive: str,
        reason: str,
        at: float,
        sender: str = "",
        player: bool = False,
        arrived: str = "",
    ) -> None:
        """A message for a game this host does not know, kept for the GM (``wtg
        quarantine``; ``--release KEY`` puts it back for the next poll). ``sender``: its
        From's address; ``player``: whether that address has a seat on this host;
        ``arrived``: its arrival key. The list is bounded: of one address's mails the
        first ``HELD_FIRST`` and the newest are kept, ``HELD_AN_ADDRESS`` in all, of the
        addresses with no seat here the first ``HELD_STRANGERS_FIRST`` and the newest,
        ``HELD_STRANGERS`` in all; the record of one between goes, counted in
        ``held_over`` (under the player's address, or '' for a stranger's), its key kept
        in ``held_let_go`` (``--release-held`` takes it)."""
        sender = sender.lower()
        named = game and named_as_sent(game)
        self.db.execute(
            "INSERT OR REPLACE INTO held (key, game, archive, reason, at, sender, player, "
            "arrived) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (key, named, archive, printable(reason), at, sender, player, arrived),
        )
        counted = sender if player else ""
        over = self._let_go("sender = ?", (sender,), HELD_FIRST, HELD_AN_ADDRESS, counted, at)
        if not player:
            over += self._let_go(
                "player = 0", (), HELD_STRANGERS_FIRST, HELD_STRANGERS, counted, at
            )
        if over:
            self.db.execute(
                "INSERT INTO held_over (sender, mails, at) VALUES (?, ?, ?) ON CONFLICT (sender) "
                "DO UPDATE SET mails = mails + excluded.mails, at = MAX(at, excluded.at)",
                (counted, over, at),
            )

    def held_for(self, sender: str, words: str) -> bool:
        """Whether a mail of ``sender`` is held whose reason says ``words``."""
        row = self.db.execute(
            "SELECT 1 FROM held WHERE sender = ? AND instr(reason, ?) > 0 LIMIT 1",
            (sender.lower(), words),
        ).fetchone()
        return row is not None

    def _let_go(
        self,
        where: str,
        values: tuple[object, ...],
        first: int,
        kept: int,
        counted: str,
        at: float,
    ) -> int:
        """Drop the records of mails held that ``where`` picks beyond their ``first`` and
        the newest, ``kept`` in all (by arrival; a mail one poll handled newest first
        arrives older), each one's key kept in ``held_let_go``, counted under ``counted``
        (``held_over``'s sender): how many went. A list within its bound is only counted
        (the index walks it, and at most one row goes a mail held)."""
        (count,) = self.db.execute(f"SELECT count(*) FROM held WHERE {where}", values).fetchone()
        beyond = int(count) - int(kept)
        if beyond <= 0:
            return 0
        query = f"SELECT key, sender, arrived FROM held WHERE {where}"
        listed = by_arrival(self.db.execute(query, values).fetchall(), 2, 0)
        rows = [(str(k), str(s), str(a)) for k, s, a in listed[first : first + beyond]]
        for key, sender, arrived in rows:
            self.db.execute("DELETE FROM held WHERE key = ?", (key,))
            self.db.execute(
                "INSERT OR REPLACE INTO held_let_go (key, sender, counted, arrived, at) "
                "VALUES (?, ?, ?, ?, ?)",
                (key, sender, counted, arrived, at),
            )
        return len(rows)

    def set_aside(
        self,
        key: str,
        game: str,
        seat: str,
        why: str,
        archive: str,
        at: float,
        order_key: str = "",
        received: float | None = None,
    ) -> None:
        """A mail that looked automatic (``wtg.mail.incoming.noreply``) but held a player's orders
        with his right code: not filed, kept for the GM (``wtg status``, the digest), with when
        it arrived (``order_key``, ``received``): the GM's filing of it (``wtg orders``)
        never passes for orders newer than those the player sent after it."""
        self.db.execute(
            "INSERT OR REPLACE INTO set_aside (key, game, seat, why, archive, at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (key, printable(game), printable(seat), printable(why), archive, at),
        )
        if order_key and received is not None:
            self.db.execute(
                "INSERT OR REPLACE INTO aside_arrived (key, order_key, received) VALUES (?, ?, ?)",
                (key, order_key, received),
            )

    def aside_filed(self, key: str, game: str, at: float) -> None:
        """The GM filed the mail set aside (``wtg orders``) for ``game``: no longer listed
        as not filed."""
        self.db.execute(
            "INSERT OR REPLACE INTO aside_filed (key, game, at) VALUES (?, ?, ?)",
            (key, game, at),
        )

    def aside_unfiled(self, before: float) -> list[tuple[str, str, str]]:
        """The mails set aside before ``before`` that the GM has not filed for their game:
        each one's key, game and kept mail, the ones ``prune_set_aside`` may be given."""
        query = (
            "SELECT key, game, archive FROM set_aside AS s WHERE at < ? AND NOT EXISTS "
            "(SELECT 1 FROM aside_filed AS f WHERE f.key = s.key AND f.game = s.game) "
            "ORDER BY at, key, game"
        )
        return [(str(k), str(g), str(a)) for k, g, a in self.db.execute(query, (before,))]

    def prune_set_aside(self, before: float, unneeded: Sequence[tuple[str, str]]) -> int:
        """Drop the records of mails set aside that nobody needs (``ASIDE_KEPT``): each the
        GM filed before ``before``, with the record of his filing; each of ``unneeded``
        (its key and game: one of ``aside_unfiled``'s whose kept mail or game is gone); and
        when a mail arrived, once no record of it is left. How many records of mails set
        aside went. Uncommitted: the poll commits it with the replies' pruning, one
        transaction (a kill leaves all of it or none)."""
        gone = self.db.execute(
            "DELETE FROM set_aside WHERE EXISTS (SELECT 1 FROM aside_filed AS f "
            "WHERE f.key = set_aside.key AND f.game = set_aside.game AND f.at < ?)",
            (before,),
        ).rowcount
        self.db.execute("DELETE FROM aside_filed WHERE at < ?", (before,))
        for key, game in unneeded:
            gone += self.db.execute(
                "DELETE FROM set_aside WHERE key = ? AND game = ? AND at < ?", (key, game, before)
            ).rowcount
        self.db.execute(
            "DELETE FROM aside_arrived WHERE NOT EXISTS "
            "(SELECT 1 FROM set_aside AS s WHERE s.key = aside_arrived.key)"
        )
        return int(gone)

    def prune_messages(self, before: float) -> int:
        """Drop the records of mails handled before ``before`` (a poll gives its moment less
        ``MESSAGES_KEPT``), but those of mails held or quarantined, which the GM lists and
        releases; how many went; and the keys of mails held let go (``held_let_go``) before
        it. Uncommitted. Only once every mail the poll saw has left
        the inbox: a mail still there is known by its record (``outcomes``)."""
        self.db.execute("DELETE FROM held_let_go WHERE at < ?", (before,))
        return int(
            self.db.execute(
                "DELETE FROM messages WHERE handled_at < ? "
                "AND NOT EXISTS (SELECT 1 FROM held AS h WHERE h.key = messages.key) "
                "AND NOT EXISTS (SELECT 1 FROM quarantine AS q WHERE q.key = messages.key)",
                (before,),
            ).rowcount
        )

    # --- floods (``wtg.mail.spool.floodcopies``) ---------------------------------------
    def flooded(
        self,
        key: str,
        sender: str,
        day: str,
        arrived: str,
        archive: str,
        player: bool = False,
        handled: float = 0.0,
    ) -> None:
        """A mail whose kept copies a flood's bound may let go: nothing in it was a
        player's (``wtg.mail.spool.floodcopies.may_go``). ``player``: its From is a seat's
        address (which anyone may write), bounded as an address, never by the day's bound.
        ``handled``: the poll's moment."""
        self.db.execute(
            "INSERT OR REPLACE INTO flood_mails (key, sender, day, arrived, archive, dropped, "
            "player, handled) VALUES (?, ?, ?, ?, ?, 0, ?, ?)",
            (key, sender, day, arrived, archive, int(player), handled),
        )

    def flood_beyond(
        self,
        first: int,
        newest: int,
        day_first: int,
        day_newest: int,
        since: tuple[str, float] = ("", 0.0),
    ) -> list[tuple[str, str, str]]:
        """The key, sender and day of each mail of an address's day beyond its ``first``
        and its ``newest`` kept (by arrival), and of each mail of a day, all addresses
        together, beyond its ``day_first`` and ``day_newest``: the copies the bounds let
        go. A mail held whose record the list of mails held still keeps is not among them
        (the list names its copy): it goes once its record does. A mail from a seat's
        address counts in its address's bound alone. A mail the day's bound lets go is
        counted under ``MANY_ADDRESSES``, not its address: a flood under a new address each
        mail grew the counts (and those of its mails not answered) by a row a mail. Only
        the rows of a day from ``since``'s (``YYYY-MM-DD``) on, or handled from its moment
        on (a backlog read late): an older row is a copy its bounds kept, waiting for its
        time to go (``expire_flood``)."""
        beyond = self._beyond_of_addresses(first, newest, since)
        chosen = {key for key, _sender, _day in beyond}
        days = self.db.execute(
            f"SELECT day FROM flood_mails WHERE dropped = 0 AND player = 0 AND {_RECENT} "
            "GROUP BY day HAVING count(*) > ?",
            (*since, day_first + day_newest),
        ).fetchall()
        for (day,) in days:
            rows = self.db.execute(
                "SELECT key, arrived, EXISTS (SELECT 1 FROM held AS h WHERE h.key = f.key) "
                "FROM flood_mails AS f WHERE day = ? AND dropped = 0 AND player = 0 "
                f"AND {_RECENT}",
                (day, *since),
            ).fetchall()
            rows = by_arrival(rows, 1, 0)
            beyond += [
                (str(key), MANY_ADDRESSES, str(day))
                for key, _arrived, listed in rows[day_first : len(rows) - day_newest]
                if not listed and key not in chosen
            ]
        return beyond

    def _beyond_of_addresses(
        self, first: int, newest: int, since: tuple[str, float]
    ) -> list[tuple[str, str, str]]:
        """The mails of an address's day beyond its ``first`` and ``newest`` (``flood_beyond``)."""
        groups = self.db.execute(
            f"SELECT sender, day FROM flood_mails WHERE dropped = 0 AND {_RECENT} "
            "GROUP BY sender, day HAVING count(*) > ?",
            (*since, first + newest),
        ).fetchall()
        beyond: list[tuple[str, str, str]] = []
        for sender, day in groups:
            rows = self.db.execute(
                "SELECT key, arrived, EXISTS (SELECT 1 FROM held AS h WHERE h.key = f.key) "
                "FROM flood_mails AS f WHERE sender = ? AND day = ? AND dropped = 0",
                (sender, day),
            ).fetchall()
            rows = by_arrival(rows, 1, 0)
            beyond += [
                (str(key), str(sender), str(day))
                for key, _arrived, listed in rows[first : len(rows) - newest]
                if not listed
            ]
        return beyond

    def drop_flood(self, beyond: Sequence[tuple[str, str, str]], at: float) -> None:
        """Count the mails ``beyond`` as not kept and mark their copies to be deleted (the
        files go after the commit: ``flood_drops``); the record of each one not answered is
        made a count of its minute (``_fold_unanswered``). Uncommitted."""
        counts: dict[tuple[str, str], int] = {}
        for key, sender, day in beyond:
            self.db.execute("UPDATE flood_mails SET dropped = 1 WHERE key = ?", (key,))
            self._fold_unanswered(key, sender)
            counts[sender, day] = counts.get((sender, day), 0) + 1
        for (sender, day), count in counts.items():
            self._count_flood(sender, day, count, at)
        for day in sorted({day for _sender, day in counts}):
            self._fold_flood_counts(day, at)

    def _count_flood(self, sender: str, day: str, count: int, at: float) -> None:
        """``count`` more mails of ``sender``'s ``day`` not kept, let go at ``at``."""
        self.db.execute(
            "INSERT INTO flood_counts (sender, day, dropped, at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (sender, day) DO UPDATE SET dropped = dropped + ?, at = ?",
            (sender, day, count, at, count, at),
        )

    def _fold_flood_counts(self, day: str, at: float) -> None:
        """The counts of ``day``'s addresses past the ``FLOOD_COUNTS_A_DAY`` with the most
        mails not kept (ties: the latest let go, then by address) made one count under
        ``MANY_ADDRESSES``, their sum. Uncommitted: with the counts it bounds."""
        rows = self.db.execute(
            "SELECT sender, dropped FROM flood_counts WHERE day = ? AND sender != ? "
            "ORDER BY dropped DESC, at DESC, sender LIMIT -1 OFFSET ?",
            (day, MANY_ADDRESSES, FLOOD_COUNTS_A_DAY),
        ).fetchall()
        if not rows:
            return
        self.db.executemany(
            "DELETE FROM flood_counts WHERE sender = ? AND day = ?",
            [(str(sender), day) for sender, _dropped in rows],
        )
        self._count_flood(MANY_ADDRESSES, day, sum(int(row[1]) for row in rows), at)

    def _fold_unanswered(self, key: str, sender: str) -> None:
        """The record of the mail ``key`` not answered, if any, made a count of its address's
        minute (``unanswered_folds``): a flood held back by the limits of answers grew the
        journal by a row a mail for the days it is kept (``UNANSWERED_KEPT``); a mail of a
        flood beyond its bound (``wtg.mail.spool.floodcopies``) is counted, as those not
        listed are (``unanswered_not_listed``), under its address, or under ``sender`` when
        that is ``MANY_ADDRESSES`` (the day's bound of all addresses let it go). One with no
        address read is always listed: it stays."""
        row = self.db.execute(
            "SELECT sender, at FROM unanswered WHERE key = ? AND sender != ''", (key,)
        ).fetchone()
        if row is None:
            return
        at = float(row[1])
        sender = sender if sender == MANY_ADDRESSES else str(row[0])
        self.db.execute(
            "INSERT INTO unanswered_folds (sender, minute, mails, at) VALUES (?, ?, 1, ?) "
            "ON CONFLICT (sender, minute) DO UPDATE SET mails = mails + 1, "
            "at = MAX(at, excluded.at)",
            (sender, int(at // 60), at),
        )
        self.db.execute("DELETE FROM unanswered WHERE key = ?", (key,))

    def expire_flood(self, before: tuple[str, float]) -> int:
        """Mark the kept copies of strangers' mails (from an address with no seat here) of
        the days before ``before``'s and handled before its moment (a backlog read late
        keeps them their days too) to be deleted, as a flood's beyond its bound are
        (``flood_drops``), but not counted: they were kept their time. Never a copy a list
        of the GM's names (a mail held, quarantined, set aside, or whose key
        ``--release-held`` takes) nor one being released. How many. Uncommitted."""
        named = " ".join(
            f"AND NOT EXISTS (SELECT 1 FROM {table} AS n WHERE n.key = flood_mails.key)"
            for table in ("held", "held_let_go", "quarantine", "set_aside", "releases")
        )
        return int(
            self.db.execute(
                f"UPDATE flood_mails SET dropped = {EXPIRED} "
                f"WHERE dropped = 0 AND player = 0 AND day < ? AND handled < ? {named}",
                before,
            ).rowcount
        )

    def flood_drops(self) -> list[tuple[str, str]]:
        """The key and kept copy of each mail counted as not kept, or kept its time
        (``expire_flood``), whose copies are still to be deleted (a poll killed meanwhile
        leaves them to the next)."""
        rows = self.db.execute(
            "SELECT key, archive FROM flood_mails WHERE dropped != 0 ORDER BY key"
        )
        return [(str(k), str(a)) for k, a in rows]

    def forget_flood(self, keys: Sequence[str]) -> None:
        """Drop the records of mails whose copies were deleted: their row, and their record
        as handled (a copy of one met again is handled again, and counted again).
        Uncommitted."""
        for key in keys:
            self.db.execute("DELETE FROM flood_mails WHERE key = ? AND dropped != 0", (key,))
            self.db.execute("DELETE FROM messages WHERE key = ?", (key,))
            self.db.execute("DELETE FROM held_let_go WHERE key = ?", (key,))

    def prune_flood(self, day_before: str, counts_before: float) -> None:
        """Drop the rows of the kept copies of days before ``day_before`` (no later mail of
        theirs comes: nothing of theirs is let go any more) from a seat's address, whose
        copies stay, and the counts let go before ``counts_before``. A stranger's row
        stays until its copies go (``expire_flood``). Uncommitted."""
        self.db.execute(
            "DELETE FROM flood_mails WHERE day < ? AND dropped = 0 AND player = 1", (day_before,)
        )
        self.db.execute("DELETE FROM flood_counts WHERE at < ?", (counts_before,))

    # --- releases (``wtg.mail.poll.release``) ----------------------------------------
    def begin_release(self, key: str, at: float) -> None:
        """The journal forgets the message (the next poll handles it as new) and notes the
        release under way, in one commit: a release cut short after it is finished by the
        same command given again, one before it changed nothing. The records of its copies
        go with it (mails of its mark met after it: ``wtg.mail.message.mailcopy``), which
        would have the mail put back read as a copy of its own copy and never handled
        (attack41); the copies were moved out of the inbox, and are not read again. A mail
        held whose record the list let go is counted no longer (``held_over``), and the
        count of mails not listed goes with the last of its address."""
        named = (
            "coalesce((SELECT game FROM quarantine WHERE key = ?), "
            "(SELECT game FROM held WHERE key = ?))"
        )
        with self.db:
            self.db.execute(
                f"INSERT OR REPLACE INTO releases (key, at, game) VALUES (?, ?, {named})",
                (key, at, key, key),
            )
            self.db.execute(  # one mail held not listed the fewer
                "UPDATE held_over SET mails = mails - 1 WHERE sender = "
                "(SELECT counted FROM held_let_go WHERE key = ?)",
                (key,),
            )
            self.db.execute(  # its copies' records: the mail put back is none of theirs
                "DELETE FROM messages WHERE message_id != '' AND message_id = "
                "(SELECT message_id FROM messages WHERE key = ?)",
                (key,),
            )
            for table in ("messages", "quarantine", "held", "held_let_go", "flood_mails"):
                self.db.execute(f"DELETE FROM {table} WHERE key = ?", (key,))
            self._drop_empty_counts()

    def end_release(self, key: str) -> None:
        """The message is back in the inbox: the release is done (and kept as done, for a
        release of the same key given again)."""
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO released (key, at) SELECT key, at FROM releases "
                "WHERE key = ?",
                (key,),
            )
            self.db.execute("DELETE FROM releases WHERE key = ?", (key,))

    def released_at(self, key: str) -> float | None:
        """When the release of ``key`` began, if one was done (None: never released)."""
        row = self.db.execute("SELECT at FROM released WHERE key = ?", (key,)).fetchone()
        return None if row is None else float(row[0])

    def releasing(self) -> list[str]:
        """The keys of the releases cut short (to be given again)."""
        rows = self.db.execute("SELECT key, at FROM releases").fetchall()
        return [str(key) for key, _at in sorted(rows, key=lambda row: taken_rank(row[1], row[0]))]

    def quarantined(
        self,
        key: str,
        game: str | None,
        archive: str,
        reason: str,
        at: float,
        sender: str = "",
        arrived: str = "",
        player: bool = False,
    ) -> None:
        """A message whose handling failed, kept for the GM (``wtg status``), with its From's
        address (``sender``, '' when it was not read), by which the list is bounded
        (``QUARANTINE_AN_ADDRESS``), its arrival key (``arrived``), and whether that address
        has a seat here (``player``: listed before strangers')."""
        self.db.execute(
            "INSERT OR REPLACE INTO quarantine "
            "(key, game, archive, reason, at, sender, arrived, player) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                key,
                game and named_as_sent(game),
                archive,
                printable(reason),
                at,
                sender.lower(),
                arrived,
                int(player),
            ),
        )

    # --- replies ----------------------------------------------------------------
    def replies_since(self, sender: str, since: float) -> list[float]:
        recent = self._recent
        if recent is None or not self._recent_since <= since < self._recent_since + KEPT_FOR:
            # read again when asked further back, or a window on (an idle poll runs for days)
            recent = self._recent = {}
            self._recent_since = since
            rows = self.db.execute("SELECT sender, at FROM replies WHERE at >= ?", (since,))
            for address, at in rows:
                recent.setdefault(address, []).append(float(at))
        return [at for at in recent.get(sender, ()) if at >= since]

    def replied_since(self, sender: str, since: float) -> bool:
        """Whether ``sender`` (an address, or a key counted apart) was answered since
        ``since``: one look-up by the index, apart from the replies ``replies_since`` keeps
        for the hour's limits."""
        query = "SELECT 1 FROM replies WHERE sender = ? AND at >= ? LIMIT 1"
        return self.db.execute(query, (sender, since)).fetchone() is not None

    def replies_counted(self, sender: str, since: float) -> int:
        """How many times ``sender`` (an address, or a key counted apart) was answered since
        ``since``: one count by the index, apart from the replies ``replies_since`` keeps for
        the hour's limits (a day's window there would read a day of every address's)."""
        query = "SELECT COUNT(*) FROM replies WHERE sender = ? AND at >= ?"
        return int(self.db.execute(query, (sender, since)).fetchone()[0])

    def first_reply_since(self, sender: str, since: float) -> float | None:
        """When ``sender`` (an address, or a key counted apart) was first answered since
        ``since`` (the day's oldest answer, which leaves the day's window first), or None:
        one look-up by the index, as ``replies_counted``."""
        query = "SELECT MIN(at) FROM replies WHERE sender = ? AND at >= ?"
        first = self.db.execute(query, (sender, since)).fetchone()[0]
        return None if first is None else float(first)

    def prune_replies(self, before: float) -> int:
        """Drop the replies older than ``before`` (a poll gives its moment less
        ``REPLIES_KEPT``: no limit reads so far back), one statement by the index on the time;
        how many went. Uncommitted."""
        self._recent = None
        return int(self.db.execute("DELETE FROM replies WHERE at < ?", (before,)).rowcount)

    def prune_unanswered(self, before: float) -> int:
        """Drop the mails not answered handled before ``before`` (a poll gives the older of
        its moment less ``UNANSWERED_KEPT`` and the last digest: nothing reads further
        back); how many went. Uncommitted."""
        gone = self.db.execute("DELETE FROM unanswered WHERE at < ?", (before,)).rowcount
        folded = self.db.execute(
            "SELECT COALESCE(SUM(mails), 0) FROM unanswered_folds WHERE at < ?", (before,)
        ).fetchone()[0]
        self.db.execute("DELETE FROM unanswered_folds WHERE at < ?", (before,))
        return int(gone) + int(folded)

    def wrong_code(
        self,
        key: str,
        game: str,
        seat: int,
        sender: str,
        own: bool,
        at: float,
        rows: int | None = None,
    ) -> None:
        """A form of mail ``key`` refused for ``game``'s ``seat``: its code was not the
        seat's. Counted for the GM (``wrong_codes``): a code tried again and again, by
        someone guessing it, is his to know of (the player hears of it once a day).
        ``rows``: the seat's rows kept (``mail.wrong_code_rows``; None: ``WRONG_CODE_ROWS``)."""
        self.db.execute(
            "INSERT OR REPLACE INTO wrong_codes (key, game, seat, sender, own, at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (key, game, seat, sender.lower(), int(own), at),
        )
        self._fold_wrong_codes(game, seat, WRONG_CODE_ROWS if rows is None else rows)

    def _fold_wrong_codes(self, game: str, seat: int, rows: int) -> None:
        """A seat's rows of wrong codes beyond ``rows`` (the oldest) made counts
        of their minute (``wrong_code_folds``): a flood of forms grew the journal by a row
        a mail for the two days it is kept; a seat holds ``rows`` rows and a
        row a minute at most. The digest counts the folded ones with the rest; the
        addresses they came from are no longer told apart (``WrongCodes.more_addresses``)."""
        seat_rows = "FROM wrong_codes WHERE game = ? AND seat = ?"
        (kept,) = self.db.execute(f"SELECT COUNT(*) {seat_rows}", (game, seat)).fetchone()
        if kept <= rows:
            return
        every = self.db.execute(f"SELECT key, own, at {seat_rows}", (game, seat)).fetchall()
        oldest = sorted(every, key=lambda row: taken_rank(row[2], row[0]))[: kept - rows]
        for key, own, at in oldest:
            self.db.execute(
                "INSERT INTO wrong_code_folds (game, seat, minute, forms, elsewhere, at) "
                "VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (game, seat, minute) DO UPDATE SET "
                "forms = forms + 1, elsewhere = elsewhere + excluded.elsewhere, "
                "at = MAX(at, excluded.at)",
                (game, seat, int(at // 60), 1 - int(own), at),
            )
            self.db.execute(
                "DELETE FROM wrong_codes WHERE key = ? AND game = ? AND seat = ?", (key, game, seat)
            )

    def read_late(self, game: str, seat: int, line: str, at: float) -> None:
        """A player's orders read after their turn ran, though their mail came in time
        (``line``: the GM's, ``wtg.mail.incoming.readlate.gm_line``), by the poll at ``at``:
        `wtg status GAME` and the digest list them, one line a player a game, counting his
        mails. A poll's mails of one player make one row; its line is the last one's that
        a rerun can take (it ends ``again)``), else the last one's."""
        self.db.execute(
            "INSERT INTO read_late (game, seat, at, mails, line) VALUES (?, ?, ?, 1, ?) "
            "ON CONFLICT (game, seat, at) DO UPDATE SET mails = mails + 1, line = CASE WHEN "
            "excluded.line LIKE '%again)' OR line NOT LIKE '%again)' THEN excluded.line "
            "ELSE line END",
            (printable(game), seat, at, printable(line)),
        )

    def prune_read_late(self, before: float) -> None:
        """Drop the orders read late by polls before ``before``. Uncommitted."""
        self.db.execute("DELETE FROM read_late WHERE at < ?", (before,))

    def code_elsewhere(self, key: str, game: str, seat: int, sender: str, at: float) -> None:
        """Mail ``key`` carried the right code of ``game``'s ``seat`` from another mailbox
        than the seat's (``sender``'s): its orders or command were taken, and the seat's
        player was told that someone may know his code. Counted for the GM too
        (``codes_elsewhere``): the player is told to ask him for a new code, and one away
        reads nothing. A mail handled again (a poll killed before its commit) counts once;
        only a holder of the code makes a row."""
        self.db.execute(
            "INSERT OR REPLACE INTO codes_elsewhere (key, game, seat, sender, at) "
            "VALUES (?, ?, ?, ?, ?)",
            (key, game, seat, sender.lower(), at),
        )

    def prune_wrong_codes(self, before: float) -> int:
        """Drop the forms with a wrong code counted before ``before`` (their rows and their
        counts); how many went. Uncommitted."""
        dropped = self.db.execute("DELETE FROM wrong_codes WHERE at < ?", (before,)).rowcount
        folded = self.db.execute(
            "SELECT COALESCE(SUM(forms), 0) FROM wrong_code_folds WHERE at < ?", (before,)
        ).fetchone()[0]
        self.db.execute("DELETE FROM wrong_code_folds WHERE at < ?", (before,))
        self.db.execute("DELETE FROM codes_elsewhere WHERE at < ?", (before,))
        return int(dropped) + int(folded)

    def replied(self, sender: str, at: float) -> None:
        if self.witness is not None:
            self.witness(sender, at)
        self.db.execute("INSERT INTO replies (sender, at) VALUES (?, ?)", (sender, at))
        if self._recent is not None:
            self._recent.setdefault(sender, []).append(at)

    def read_again(self) -> None:
        """Read the replies from the journal at the next question (another process wrote
        some: a helper's, written by the poller)."""
        self._recent = None

    # --- reports mailed -----------------------------------------------------------
    def mailed_turn(self, game: str) -> int:
        row = self.db.execute("SELECT turn FROM mailed WHERE game = ?", (game,)).fetchone()
        return -1 if row is None else int(row[0])

    def mail_mark(self, game: str) -> str:
        """What ends the id of each mail to a seat of the game of this name (its reports,
        press and reminders): ``-nN`` when the name was taken again by a new game N times
        (``forget_mailed``), so that the ids the outbox keeps of the old game's mail never
        pass for the new game's; "" for a name never taken again."""
        row = self.db.execute("SELECT times FROM reused WHERE game = ?", (game,)).fetchone()
        return f"-n{int(row[0])}" if row else ""

    def mailing(self, game: str) -> bool:
        """Whether the journal knows the game of this name as one whose mail was queued
        (``begin_mailing``), whatever turn it counts mailed."""
        row = self.db.execute("SELECT 1 FROM mailed WHERE game = ?", (game,)).fetchone()
        return row is not None

    def begin_mailing(self, game: str, latest: int = 0) -> bool:
        """Note the game before the first of its mails is queued, its turn mailed -1 (no
        turn yet): a send cut short after it queued mail of the game and before it counted a
        turn mailed leaves the game known, so that a new game of its name is refused without
        ``--reuse-name`` (``mailed_before``), which gives the new game's mail names of its own
        (``forget_mailed``): the outbox holds the old game's under theirs. A game first
        noted past its turn 0 (``latest``, the turn it is at) came from another host, whose
        players had its turns before that one from there: they count as mailed
        (``first_noted``). Whether it was noted now. Uncommitted."""
        cursor = self.db.execute(
            "INSERT OR IGNORE INTO mailed (game, turn) VALUES (?, ?)", (game, max(latest, 0) - 1)
        )
        return cursor.rowcount == 1

    def mailed_turns(self) -> dict[str, int]:
        return {str(g): int(t) for g, t in self.db.execute("SELECT game, turn FROM mailed")}

    def set_mailed_turn(self, game: str, turn: int) -> None:
        self.db.execute("INSERT OR REPLACE INTO mailed (game, turn) VALUES (?, ?)", (game, turn))

    def note_print(self, game: str, turn: int, digest: str) -> None:
        """What the game's turn ``turn`` came out as when its reports were queued
        (``digest``: ``wtg.mail.outgoing.turnprint``; "" when unread, kept as none).
        Uncommitted: with the turn counted mailed."""
        if digest:
            self.db.execute(
                "INSERT OR REPLACE INTO mailed_prints (game, turn, print) VALUES (?, ?, ?)",
                (game, turn, digest),
            )
        else:
            self.db.execute("DELETE FROM mailed_prints WHERE game = ? AND turn = ?", (game, turn))

    def mailed_print(self, game: str, turn: int) -> str | None:
        """What the game's turn ``turn`` came out as when it was mailed (``note_print``);
        None when not known (mailed by an older wtg, or never)."""
        row = self.db.execute(
            "SELECT print FROM mailed_prints WHERE game = ? AND turn = ?", (game, turn)
        ).fetchone()
        return None if row is None else str(row[0])

    def rollback_seen(self, game: str, ident: str) -> bool:
        row = self.db.execute(
            "SELECT 1 FROM rollbacks_seen WHERE game = ? AND ident = ?", (game, ident)
        ).fetchone()
        return row is not None

    def saw_rollback(self, game: str, ident: str) -> None:
        """The turns after this rollback's are mailed again (``set_mailed_turn`` lowered)."""
        self.db.execute(
            "INSERT OR IGNORE INTO rollbacks_seen (game, ident) VALUES (?, ?)", (game, ident)
        )

    def saw_put_back(self, game: str, turn: int) -> None:
        """Note that the game's folder was found put back to its turn ``turn`` without a
        rollback (a backup's or an upgrade's copy untarred over it), its turns from ``turn``
        on mailed again: kept beside the rollbacks, as ``put-back-tNNNN-K``. Uncommitted."""
        times = self.db.execute(
            "SELECT COUNT(*) FROM rollbacks_seen WHERE game = ? AND ident LIKE ?",
            (game, f"{PUT_BACK}%"),
        ).fetchone()[0]
        self.saw_rollback(game, f"{PUT_BACK}t{turn:04d}-{int(times) + 1}")

    def put_back_turn(self, game: str) -> int | None:
        """The earliest turn the game's folder was found put back to (``saw_put_back``):
        a report of it or of a later turn that the outbox knows by its name was mailed
        before the folder went back, and is mailed again when it is not the same; None when
        no put-back was noted."""
        rows = self.db.execute(
            "SELECT ident FROM rollbacks_seen WHERE game = ? AND ident LIKE ?",
            (game, f"{PUT_BACK}%"),
        ).fetchall()
        turns = [int(str(row[0])[len(PUT_BACK) + 1 :].split("-")[0]) for row in rows]
        return min(turns) if turns else None


def named_as_sent(game: str) -> str:
    """A game's name as a mail gave it, as the journal keeps it: whole, its control
    characters too (``g1\x07``, ``g1\x9b31m``), so that the GM's lists show it escaped
    (``wtg.game.gameconfig.name_quoted``) as the reason beside it does; kept without them it
    read as ``g1``, a game of this host. Only a lone surrogate (a byte of no UTF-8), which
    no database text can hold, is written as its escape."""
    return game.encode("utf-8", "backslashreplace").decode("utf-8")


def read_rows(spool: Path, query: str, values: Sequence[object] = ()) -> list[Any] | None:
    """The rows of a query of the journal in ``spool``, for a reader that holds no
    ``Journal`` (`wtg status`, the digest): read only, none without a journal, None when it
    cannot be read (an older journal without the table: the caller asks an older query). A
    journal another wtg holds (a poll's long batch, `wtg serve`) is waited for as every
    command waits for it (``wtg.files.sqlitewait``: the wait said after a moment, naming the
    journal), and a wait that runs out is raised, naming it: it waited 5 s in silence and
    was read as a journal without the table, and `wtg status` and the digest left the
    list out (the mails quarantined or held, those not answered) without a word."""
    path = spool / JOURNAL_FILE
    if not path.is_file():
        return []
    try:
        db = connect(_reading(path), f"the mail journal {path}", uri=True)
        try:
            return db.execute(query, values).fetchall()
        finally:
            db.close()
    except sqlite3.Error as exc:
        if kept_waiting(exc):  # busy past the wait: no list is left out in silence
            raise
        return None


def _reading(path: Path) -> str:
    """The URI that opens the journal at ``path`` read only. On a read-only file system, or
    a full disk, SQLite cannot make the -shm file a reader of a WAL journal needs, and the
    open fails: there, with no -wal file beside it (nothing written since the last
    checkpoint), the database is all there is to read, and is opened as it lies
    (``immutable``)."""
    uri = f"file:{path}?mode=ro"
    if cannot_write(path.parent) and not path.with_name(f"{path.name}-wal").exists():
        uri += "&immutable=1"
    return uri


NO_SEAT = 0
"""The seat of a wrong code a command carried (``CODE <code>``: it is compared with every
seat's code of the game its command names, so it names none)."""


WRONG_CODE_ROWS = 100
"""The forms refused for a wrong code the journal keeps a row of, a seat: their senders
are told apart. Those before are counted a minute a row (``Journal._fold_wrong_codes``)."""
