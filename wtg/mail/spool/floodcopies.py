"""The copies a flood leaves bounded: a stranger (or a looping auto-responder) who sends
thousands of mails a day would have the poll keep each twice, in the spool's archive and
in the maildir's rejected or processed folder, about 2.5 kB a mail each.

Of one address's mails of a day (UTC, by arrival) that ``may_go``, the poll keeps the
copies of the first ``FLOOD_FIRST`` and of the newest ``FLOOD_NEWEST``; those in between
are counted (``flood_counts``: ``wtg status``, the digest) and their copies deleted, with
their record as handled. A mail may go only when nothing in it was a player's: it filed
nothing, set nothing aside, quarantined nothing, and named no game of this host but with a
wrong code (a mail held, naming a game this host does not know, goes once the list of mails
held no longer names it). A player's mail with his right code is never let go. One from a
seat's address that held nothing of his is bounded as any address's: a From is text, and a
stranger who wrote a player's address in it kept every copy of his flood. Of all the mails
of a day that may go from addresses with no seat here, together, the first
``FLOOD_DAY_FIRST`` and the newest ``FLOOD_DAY_NEWEST`` keep theirs too, and the others go:
a flood written under a new address each mail kept every copy, up to ``mail.max_bytes``
each, until the disk was full. A mail that may go is let go only beyond one of the two
bounds (a seat's address: beyond its own). While a game folder cannot be read, nothing of
an address is let go: the folder may hold its seat. The copies the bounds keep of a
stranger's mail (from an address with no seat here) go ``FLOOD_COPIES_DAYS`` after its day
and its poll (a backlog read late keeps them their days too), uncounted, unless a list of
the GM's names it (held, quarantined, set aside, a key ``--release-held`` takes): a year
of floods kept 200 copies a day, up to ``mail.max_bytes`` each.

The steps, each safe against a kill before the next (``trim``): the mails let go are
counted and marked in one commit; their files are deleted; their rows dropped in another
commit. A poll killed between them leaves marked rows, whose files the next poll deletes
(a file already gone is no matter). Only the maildir's folders are this host's to trim:
on IMAP the rejected and processed folders are the GM's mail server's, and only the archive
copy goes."""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path

from wtg.core.record import Record
from wtg.files.store import FormatRefused
from wtg.lobby.database import (
    BOOK_PUT_BACK,
    FILE,
    FOLDER,
    LobbyDatabase,
    book_format,
    forget_mails,
    torn,
)
from wtg.logs.events import log_event
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.outcome import Kind, Outcome

FLOOD_FIRST = 20
"""Of an address's mails of a day that may go, the first ones whose copies are kept."""
FLOOD_NEWEST = 20
"""Of an address's mails of a day that may go, the newest ones whose copies are kept."""
FLOOD_DAY_FIRST = 100
"""Of all the mails of a day that may go, every address's together, the first ones whose
copies are kept: a stranger who writes each mail under another address (any local part
of his own domain, any domain: a From is text) escapes the bound of one address."""
FLOOD_DAY_NEWEST = 100
"""Of all the mails of a day that may go, the newest ones whose copies are kept."""
NO_SENDER = "(no usable From)"
"""The sender a flood's bound counts the mails under that have none the poll could answer
(a From of no address, of one no mail can be written to, or of two): one sender's."""
FLOOD_ROWS_DAYS = 2
"""Days after its own that a kept copy's row stays (a mail of that day polled late is
still placed among them): then nothing of that day is let go by a bound any more (a
stranger's row stays until its copies go, ``FLOOD_COPIES_DAYS``)."""
FLOOD_COPIES_DAYS = 30
"""Days after its own that the kept copies of a stranger's mail that may go (from an
address with no seat here) stay: then they go, archive and folder, uncounted (the
ruling: docs/gm.md, "Over the months"). A year of floods kept every day's 200 copies."""
FLOOD_COUNTS_KEPT = 30 * 24 * 3600.0
"""Seconds a count of mails not kept stays at least (the digest also reads every one since
the last digest, however old: the poll keeps those longer)."""

_MAY_GO = (Kind.REJECTED, Kind.ANSWERED, Kind.UNANSWERED, Kind.IGNORED, Kind.HELD)
WRONG_CODE = "wrong code or player"
"""The outcome's detail of a form whose code is no seat's (``Answers._reject``)."""


def may_go(outcome: Outcome) -> bool:
    """Whether a mail's copies may go in a flood, by what the poll did with it (the poll
    asks too whether its address has a seat here, bounded as an address alone, and whether
    a game folder could not be read, when nothing of an address goes). A mail about a
    game of this host goes only with a wrong code (a mail set aside, a player's orders
    with his right code, names its game: never); a mail
    held (a game this host does not know) only once the list of mails held let its
    record go (``Journal.flood_beyond``). Never judged by words of the detail but the
    host's own first ones: the detail quotes the sender's text (the header that made a
    mail look automatic: ``Auto-Submitted: auto-generated; SET ASIDE`` kept every copy of
    a robot's flood while ``SET ASIDE`` anywhere in it kept a mail)."""
    if outcome.kind not in _MAY_GO:
        return False
    if outcome.kind is Kind.HELD:
        return True
    return outcome.game is None or outcome.detail.startswith(WRONG_CODE)


def day_of(received: datetime) -> str:
    """The day a mail arrived, as the flood's bound counts it."""
    return received.astimezone(timezone.utc).strftime("%Y-%m-%d")


def trim(
    journal: Journal,
    maildir: Path | None,
    now: datetime,
    counts_before: float,
    games_dir: Path | None = None,
) -> Trimmed:
    """Let go of the copies of the mails beyond each address's day's bound and beyond the
    day's bound of all addresses together, and of the strangers' copies kept their
    ``FLOOD_COPIES_DAYS``, and drop the rows nobody needs (``counts_before``: the counts
    let go before it). ``maildir``: the inbox whose folders hold a copy (None on IMAP).
    ``games_dir``: the games whose lobby's book forgets what the commands of those mails
    did (``forget_done``): a book that cannot be read stops none of the rest. How many were
    let go and how many went in their time, and why the book did not forget."""
    rows_since = now - timedelta(days=FLOOD_ROWS_DAYS)
    day_before = day_of(rows_since)
    beyond = journal.flood_beyond(
        FLOOD_FIRST,
        FLOOD_NEWEST,
        FLOOD_DAY_FIRST,
        FLOOD_DAY_NEWEST,
        (day_before, rows_since.timestamp()),
    )
    if beyond:
        journal.drop_flood(beyond, now.timestamp())
    copies_since = now - timedelta(days=FLOOD_COPIES_DAYS)
    expired = journal.expire_flood((day_of(copies_since), copies_since.timestamp()))
    if beyond or expired:
        journal.commit()
    drops = journal.flood_drops()
    book = None
    if drops:
        folders = _folder_copies(maildir) if maildir is not None else {}
        for key, archive in drops:
            _delete(Path(archive))
            if key.startswith("maildir:"):
                for path in folders.get(key.split(":", 1)[1], ()):
                    _delete(path)
        if games_dir is not None:
            book = forget_done(games_dir, [key for key, _ in drops])
        journal.forget_flood([key for key, _ in drops])
    journal.prune_flood(day_before, counts_before)
    journal.commit()
    return Trimmed(let_go=len(beyond), book=book, expired=expired)


class Trimmed(Record):
    """What ``trim`` did."""

    let_go: int
    """The mails let go this time."""
    expired: int = 0
    """The strangers' mails whose copies went this time, kept their ``FLOOD_COPIES_DAYS``."""
    book: str | None = None
    """Why the lobby's book did not forget what their commands did: it cannot be read (a
    file torn, or written over). The mails go all the same, their rows in the book stay."""


NOT_FORGOTTEN = "a flood's commands not forgotten"
"""What ``forget_done`` adds to the line of a torn book (``wtg.lobby.database.torn``)."""


def forget_done(games_dir: Path, keys: Sequence[str]) -> str | None:
    """The lobby's book forgets what the commands of the mails ``keys`` did
    (``wtg.lobby.database.forget_mails``), in one transaction, before the journal drops their
    rows: a poll killed between the two finds them marked still, and forgets again (nothing).
    A host without a book has nothing to forget (none is made); a book of an older format
    is not written (``wtg upgrade`` first): its rows stay, said in the log. A book that
    is no database (torn, or written over) is not read: its rows stay, and why is
    returned, for the poll to say once (its summary: the log, `wtg status --host`); a
    book busy past the wait (``sqlite3.OperationalError``) leaves the drops to the next
    poll. None when the book forgot, or had nothing to."""
    if not keys:
        return None
    try:
        if book_format(games_dir) is None:
            return None
        with LobbyDatabase(games_dir) as book, book.write() as db:
            forget_mails(db, keys)
    except FormatRefused as exc:
        log_event(f"a flood's commands not forgotten: {exc}", level=logging.WARNING)
    except sqlite3.OperationalError:
        raise
    except sqlite3.DatabaseError as exc:
        path = games_dir / FOLDER / FILE
        said = torn(games_dir) or (
            f"the lobby's book {path} cannot be read ({exc}): {BOOK_PUT_BACK}"
        )  # torn's words, as a command mail that met it says it: the poll says it once
        return f"{said}; {NOT_FORGOTTEN}"
    return None


def _folder_copies(maildir: Path) -> dict[str, list[Path]]:
    """The mails of the processed and rejected folders, by their key's name (the file's
    name before its flags)."""
    found: dict[str, list[Path]] = {}
    for folder in (".processed", ".rejected"):
        for sub in ("cur", "new"):
            for path in _entries(maildir / folder / sub):
                found.setdefault(path.name.split(":")[0], []).append(path)
    return found


def _entries(folder: Path) -> Iterable[Path]:
    try:
        return [Path(entry.path) for entry in os.scandir(folder) if entry.is_file()]
    except OSError:  # not there, or not the poll's to read: its copies stay
        return []


def _delete(path: Path) -> None:
    """A copy deleted; one already gone is no matter, one the poll may not delete (another
    user's file) stays, said in the log: no poll stops for it."""
    try:
        os.remove(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        log_event(f"a flood's copy not deleted: {path}: {exc}", level=logging.WARNING)
