"""What the host mails to strangers: addresses that are no player's of a game here and never
confirmed a request (``CONFIRM``). Anyone may put any address in a From, so every answer to a
stranger may go to a third party who never wrote (backscatter: enough of it and the GM's
server is blacklisted). The host sends at most ``mail.unconfirmed_per_hour`` of them in an
hour, all strangers together, and of those at most half are answers without a code to
CONFIRM (a HELP, a LIST, a refusal): a flood of other mail never takes the room a JOIN's
code needs.

No one stranger takes the hour's room either: one address gets at most
``mail.unconfirmed_per_address`` answers with a code an hour, and the addresses of one
domain (the domain one party holds, ``wtg.lobby.domains.held_domain``, and the domains below
it: its owner answers for any name at ``7.evil.example`` as at ``evil.example``; a public
suffix such as ``co.uk`` or ``github.io`` is nobody's) at most
``mail.unconfirmed_domain_share`` of the hour's mail, together. A request asked again while
its code waits (``wtg.lobby.confirm`` keeps the code of a request asked again) is not mailed
again within the hour of its code's answer (``ASKED_AGAIN``): the code that went out stands,
and the mail spends nothing. So it is for an address that is no stranger's
(``asked_again``): a From is text, and a request forged in a player's name, asked again,
mailed him its code each time.

Nor does a flood of mail forged in the names of addresses at ever new domains (each a domain
of its own, so that no domain's share holds it) take a real newcomer's code: a mail whose From
the GM's own server found its domain's (``dmarc=pass`` in a header of ``mail.authserv_id``,
``wtg.mail.incoming.senderauth``) is counted in a room of its own (``VOUCHED``), the same
limits over again (``mail.unconfirmed_per_hour``, half of it for answers without a code, one
domain's share of it), which no mail forged in another's name can spend: a forger cannot
have a domain he does not hold pass DMARC. What the vouched room still lets a flood do is
said in docs/mail.md ("Strangers").

The count is host-wide, so it lives in a file of its own in the spool
(``strangers.sqlite``), written at once in one transaction a mail: the processes of one poll
(``wtg.mail.poll.workers``) share it, where the journal is written by the poller alone at the end
of a batch. Each answer is counted under its outbox id: a poll killed after a mail was
counted and before its answer was on disk answers that mail again at the next poll, under
the same id, counted once; and a request is asked again only when the answer that carried
its code is in the outbox. A count whose answer never went out (the mail, read again, was
held back by another limit) stands for its hour: the budget errs on the side of mailing less.
"""

from __future__ import annotations

import hashlib
import math
import sqlite3
from collections.abc import Callable, Collection
from pathlib import Path

from wtg.files import private
from wtg.files.sqlitewait import connect
from wtg.lobby.domains import held_domain
from wtg.text.addresses import mailbox_of

FILE = "strangers.sqlite"
WINDOW = 3600.0
CODE = "code"
"""An answer that carries a code to CONFIRM (JOIN, a takeover, WITHDRAW)."""
OTHER = "other"
"""Any other answer to a stranger."""
HOURLY = "unconfirmed_per_hour"
PER_ADDRESS = "unconfirmed_per_address"
DOMAIN_SHARE = "unconfirmed_domain_share"
NEW_DOMAINS = "unconfirmed_new_domain_share"
"""The limits that may hold an answer to a stranger back, by their keys in the config's
``mail``."""
HOUR_BOUNDS = (HOURLY, DOMAIN_SHARE, NEW_DOMAINS)
"""The limits the whole hour's mail to strangers sets (not one address's): what a flood of
strangers spends, held back from whoever comes next."""
COMMON = ""
"""The room of the answers to every stranger whose From no check vouched for."""
VOUCHED = "vouched"
"""The room of the answers to a stranger whose From the GM's server found its domain's: a
flood forged in others' names, at however many domains, never spends it."""
ASKED_AGAIN = "asked again"
"""Why an answer was not mailed that no limit held back: its code went to its address by
another answer within the hour, and still waits."""
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS mailed (at REAL NOT NULL, kind TEXT NOT NULL, "
    "address TEXT NOT NULL DEFAULT '', domain TEXT NOT NULL DEFAULT '', "
    "request TEXT NOT NULL DEFAULT '', answer TEXT NOT NULL DEFAULT '', "
    "room TEXT NOT NULL DEFAULT '')"
)
KEPT_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS kept (at REAL NOT NULL, mailbox TEXT NOT NULL, "
    "request TEXT NOT NULL DEFAULT '')"
)
"""The requests held back past a stranger's day of codes and kept waiting all the same
(``Strangers.keep``), within the hour: counted here, where every process of a poll counts
at once, not in the journal, which a helper process reads as the poller last committed it
(review40: a flood whose mails named games, handed to three processes, had each keep the
hour's bound)."""
ASKED_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS asked (at REAL NOT NULL, address TEXT NOT NULL, "
    "request TEXT NOT NULL, answer TEXT NOT NULL)"
)
"""The codes to CONFIRM mailed to the addresses that are no strangers (a player, one who
confirmed a request) within the hour, by their answers' outbox ids: counted against no
budget, only to know a request asked again (``Strangers.asked_again``)."""
ADDED = ("address", "domain", "request", "answer", "room")
"""The columns a file of an older wtg (``at`` and ``kind`` alone, or without ``room``) is
given, empty in its rows: those count against the hour's common room (``COMMON``), and
against no address or domain."""


def share(cap: int, kind: str) -> int:
    """How many of an hour's ``cap`` mails to strangers answers of ``kind`` may take."""
    return cap if kind == CODE else cap // 2


def domain_room(cap: int, domain_share: float) -> int:
    """How many of an hour's ``cap`` mails to strangers the addresses of one domain may take
    (rounded up: a share of a small budget still leaves a domain one)."""
    return math.ceil(round(cap * domain_share, 6))


def seen_room(cap: int, new_domain_share: float) -> int:
    """How many of an hour's ``cap`` mails to strangers the domains answered already in the
    hour may take together: the rest (``new_domain_share`` of it, rounded up) is kept for a
    domain's first answer of the hour, so that a flood from a few domains leaves a newcomer
    at another his answer."""
    return cap - math.ceil(round(cap * new_domain_share, 6))


def domain_of(address: str) -> str:
    """The domain of a lower-cased address, as written (``mail.example.org``)."""
    return address.rpartition("@")[2]


class Strangers:
    """The spool's count of mail to strangers. A connection is opened for each question
    (a poll forks its helpers, and no SQLite connection may cross a fork).
    ``per_address``: answers with a code to one address an hour (None: no limit but the
    hour's); ``domain_share``: the share of ``cap`` one domain's addresses may take."""

    def __init__(
        self,
        spool: Path,
        cap: int,
        per_address: int | None = None,
        domain_share: float = 1.0,
        dashed: Collection[str] = (),
        new_domain_share: float = 0.0,
    ) -> None:
        self.path = spool / FILE
        self.dashed = dashed
        """The domains whose ``-tag`` is a sub-address (``mailbox_of``)."""
        self.cap = cap
        self.per_address = per_address
        self.domain_share = domain_share
        self.new_domain_share = new_domain_share
        """The share of ``cap`` kept for the domains not yet answered in the hour
        (``seen_room``)."""
        self.held_domain = ""
        """The domain whose share held back the last mail ``DOMAIN_SHARE`` held: the
        domain held that the address's domain is or is below (``held_domain``)."""
        self.full_until: float | None = None
        """After a mail ``charge`` counted: when the hour's limits (``HOURLY``,
        ``DOMAIN_SHARE``) have room again for another answer without a code to its address,
        when that one took their last; else None. That answer is the last such the address
        gets until then, and says so (``wtg.mail.incoming.lastanswer``)."""

    def charge(
        self,
        kind: str,
        now: float,
        address: str = "",
        code: str | None = None,
        answer: str = "",
        queued: Callable[[str], bool] = bool,
        vouched: bool = False,
    ) -> str | None:
        """Count one mail of ``kind`` to the stranger ``address`` (lower-cased), at ``now``:
        None when it is counted (or was, under the same outbox id ``answer``), else why it
        is not mailed: the limit whose room is spent (``HOURLY``, ``PER_ADDRESS``,
        ``DOMAIN_SHARE``), or ``ASKED_AGAIN`` when the ``code`` it carries went to
        ``address`` within the hour by another answer that is in the outbox (``queued``,
        asked of its id, by default true of every answer counted: one counted whose process
        died before it was queued mailed nothing). Nothing is counted then. ``vouched``: the
        GM's server found the From of the mail answered its domain's; the answer is counted
        in the room of such answers (``VOUCHED``), by the same limits, and no other mail
        spends that room."""
        room = VOUCHED if vouched else COMMON
        request = _digest(code) if code else ""
        address = mailbox_of(address, self.dashed)  # vic+1@, vic+2@: one mailbox, one count
        self.full_until = None
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            _upgrade(db)
            db.execute("DELETE FROM mailed WHERE at <= ?", (now - WINDOW,))
            if answer and db.execute("SELECT 1 FROM mailed WHERE answer = ?", (answer,)).fetchone():
                db.execute("COMMIT")
                return None
            why = self._why(db, kind, address, request, queued, room)
            if why is None:
                db.execute(
                    "INSERT INTO mailed (at, kind, address, domain, request, answer, room) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        now,
                        kind,
                        address,
                        domain_of(address) if address else "",
                        request,
                        answer,
                        room,
                    ),
                )
                self.full_until = self._room_again(db, address, room) if kind == OTHER else None
            db.execute("COMMIT")
            return why
        finally:
            db.close()

    def keep(
        self, now: float, address: str, code: str, per_mailbox: int, per_hour: int | None
    ) -> bool:
        """Whether a request held back past the day's codes to ``address`` (lower-cased)
        waits on (counted), or is forgotten: ``per_mailbox`` of them an hour are kept at one
        mailbox (``mailbox_of``), as many as its codes the hour's limit would mail, and
        ``per_hour`` at every mailbox together (None: no bound but the mailbox's), as many
        as the hour's mail to strangers: a forger's thousand JOINs an hour keep no thousand
        requests. A request counted already (its ``code``: a mail read again after a poll
        was killed) is kept, not counted again."""
        mailbox = mailbox_of(address, self.dashed)
        request = _digest(code)
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute(KEPT_SCHEMA)
            db.execute("DELETE FROM kept WHERE at <= ?", (now - WINDOW,))
            if db.execute("SELECT 1 FROM kept WHERE request = ?", (request,)).fetchone():
                db.execute("COMMIT")
                return True
            (mine,) = db.execute(
                "SELECT count(*) FROM kept WHERE mailbox = ?", (mailbox,)
            ).fetchone()
            (every,) = db.execute("SELECT count(*) FROM kept").fetchone()
            room = int(mine) < per_mailbox and (per_hour is None or int(every) < per_hour)
            if room:
                db.execute(
                    "INSERT INTO kept (at, mailbox, request) VALUES (?, ?, ?)",
                    (now, mailbox, request),
                )
            db.execute("COMMIT")
            return room
        finally:
            db.close()

    def asked_again(
        self, now: float, address: str, code: str, answer: str, queued: Callable[[str], bool]
    ) -> bool:
        """Whether the ``code`` to CONFIRM went to ``address`` (lower-cased), no stranger,
        within the hour by another answer that is in the outbox (``queued``, asked of its
        id): the answer ``answer`` is then not mailed again, as a stranger's is not
        (``ASKED_AGAIN``); else it is noted. A From is text: a mail forged in a player's
        name, asked twenty times, mailed him the same code twenty times an hour."""
        request = _digest(code)
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute(ASKED_SCHEMA)
            db.execute("DELETE FROM asked WHERE at <= ?", (now - WINDOW,))
            rows = db.execute(
                "SELECT answer FROM asked WHERE address = ? AND request = ? AND answer != ?",
                (address, request, answer),
            ).fetchall()
            again = any(queued(str(row[0])) for row in rows)
            if not again:
                db.execute(
                    "INSERT INTO asked (at, address, request, answer) VALUES (?, ?, ?, ?)",
                    (now, address, request, answer),
                )
            db.execute("COMMIT")
            return again
        finally:
            db.close()

    def _why(
        self,
        db: sqlite3.Connection,
        kind: str,
        address: str,
        request: str,
        queued: Callable[[str], bool],
        room: str = COMMON,
    ) -> str | None:
        """Why a mail of ``kind`` to ``address`` may not go out now (None: it may), counted
        in ``room`` (``COMMON``, ``VOUCHED``): an address's codes and a request asked again
        are counted in both, the hour's and a domain's room in its own."""
        if request and address:
            again = "SELECT answer FROM mailed WHERE address = ? AND request = ?"
            if any(queued(str(row[0])) for row in db.execute(again, (address, request))):
                return ASKED_AGAIN
        if share(self.cap, kind) <= 0:
            return HOURLY
        if kind == CODE and address and self.per_address is not None:
            (codes,) = db.execute(
                "SELECT count(*) FROM mailed WHERE address = ? AND kind = ?", (address, CODE)
            ).fetchone()
            if int(codes) >= self.per_address:
                return PER_ADDRESS
        seen = seen_room(self.cap, self.new_domain_share)
        if address and seen < self.cap and self._answered_domain(db, address, room) > 0:
            # the domains answered already this hour take no more than their part of it
            # together: a domain's first answer may come out of the part kept
            (mailed,) = db.execute("SELECT count(*) FROM mailed WHERE room = ?", (room,)).fetchone()
            if int(mailed) >= seen:
                self.held_domain = held_domain(domain_of(address))
                return NEW_DOMAINS
        domains = domain_room(self.cap, self.domain_share)
        if address and domains < self.cap:  # else no limit but the hour's
            # the domain held that its domain is or is below: a domain's owner answers for
            # any name below it (n7@7.evil.example), and each domain as written counted
            # apart was no bound
            domain = held_domain(domain_of(address))
            below = f".{domain}"
            (mailed,) = db.execute(
                "SELECT count(*) FROM mailed WHERE room = ? "
                "AND (domain = ? OR substr(domain, ?) = ?)",
                (room, domain, -len(below), below),
            ).fetchone()
            if int(mailed) >= domains:
                self.held_domain = domain
                return DOMAIN_SHARE
        total, others = db.execute(
            "SELECT count(*), coalesce(sum(kind != ?), 0) FROM mailed WHERE room = ?",
            (CODE, room),
        ).fetchone()
        if int(total) >= self.cap or (kind != CODE and int(others) >= share(self.cap, kind)):
            return HOURLY
        return None

    def _answered_domain(self, db: sqlite3.Connection, address: str, room: str) -> int:
        """How many answers in ``room`` went this hour to the domain held that the domain
        of ``address`` is or is below (``held_domain``)."""
        domain = held_domain(domain_of(address))
        below = f".{domain}"
        (mailed,) = db.execute(
            "SELECT count(*) FROM mailed WHERE room = ? AND (domain = ? OR substr(domain, ?) = ?)",
            (room, domain, -len(below), below),
        ).fetchone()
        return int(mailed)

    def _room_again(self, db: sqlite3.Connection, address: str, room: str = COMMON) -> float | None:
        """When an answer without a code (``OTHER``) to ``address`` may go again, if the
        hour's mail to strangers (all of it, its share of answers without a code, the share
        of the address's domain, in ``room``) has no room for one now; None when it has.
        Each bound has room again when its oldest mail past the bound leaves the hour, the
        answer when all have."""
        times: list[float] = []

        def bound(stamps: list[float], size: int) -> None:
            if size > 0 and len(stamps) >= size:
                times.append(sorted(stamps)[len(stamps) - size] + WINDOW)

        query = "SELECT at, kind FROM mailed WHERE room = ?"
        rows = [(float(at), str(kind)) for at, kind in db.execute(query, (room,))]
        if share(self.cap, OTHER) <= 0:
            return None  # none ever goes: no answer says it is the last
        bound([at for at, _kind in rows], self.cap)
        bound([at for at, kind in rows if kind != CODE], share(self.cap, OTHER))
        if address:  # its domain is answered this hour now: the part of the domains answered
            bound([at for at, _kind in rows], seen_room(self.cap, self.new_domain_share))
        domains = domain_room(self.cap, self.domain_share)
        if address and domains < self.cap:
            domain = held_domain(domain_of(address))
            below = f".{domain}"
            query = "SELECT at FROM mailed WHERE room = ? AND (domain = ? OR substr(domain, ?) = ?)"
            found = db.execute(query, (room, domain, -len(below), below))
            bound([float(r[0]) for r in found], domains)
        return max(times, default=None)

    def _connect(self) -> sqlite3.Connection:
        path = private.create_file(private.make_dirs(self.path.parent) / FILE)
        said = f"the count of mail to strangers {path}"
        return connect(path, said, "a poll, wtg serve", own_transactions=True)


def _upgrade(db: sqlite3.Connection) -> None:
    """The table made, or given the columns an older wtg's lacks (inside the caller's
    transaction: two processes never add one twice)."""
    db.execute(SCHEMA)
    have = {str(row[1]) for row in db.execute("PRAGMA table_info(mailed)")}
    for column in ADDED:
        if column not in have:
            db.execute(f"ALTER TABLE mailed ADD COLUMN {column} TEXT NOT NULL DEFAULT ''")


def _digest(code: str) -> str:
    """What the count keeps of a code to CONFIRM: enough to know it again, not the code."""
    return hashlib.sha256(code.strip().upper().encode()).hexdigest()[:32]
