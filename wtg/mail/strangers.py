"""What the host mails to strangers: addresses that are no player's of a game here and never
confirmed a request (``CONFIRM``). Anyone may put any address in a From, so every answer to a
stranger may go to a third party who never wrote (backscatter: enough of it and the GM's
server is blacklisted). The host sends at most ``mail.unconfirmed_per_hour`` of them in an
hour, all strangers together, and of those at most half are answers without a code to
CONFIRM (a HELP, a LIST, a refusal): a flood of other mail never takes the room a JOIN's
code needs.

The count is host-wide, so it lives in a file of its own in the spool
(``strangers.sqlite``), written at once in one transaction a mail: the processes of one poll
(``wtg.mail.helpers``) share it, where the journal is written by the poller alone at the end
of a batch. A poll killed after a mail was counted and before its answer was on disk counts
that mail again when the next poll answers it: the budget errs on the side of mailing less.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from wtg.files import private

FILE = "strangers.sqlite"
WINDOW = 3600.0
CODE = "code"
"""An answer that carries a code to CONFIRM (JOIN, a takeover, WITHDRAW)."""
OTHER = "other"
"""Any other answer to a stranger."""
SCHEMA = "CREATE TABLE IF NOT EXISTS mailed (at REAL NOT NULL, kind TEXT NOT NULL)"


def share(cap: int, kind: str) -> int:
    """How many of an hour's ``cap`` mails to strangers answers of ``kind`` may take."""
    return cap if kind == CODE else cap // 2


class Strangers:
    """The spool's count of mail to strangers. A connection is opened for each question
    (a poll forks its helpers, and no SQLite connection may cross a fork)."""

    def __init__(self, spool: Path, cap: int) -> None:
        self.path = spool / FILE
        self.cap = cap

    def spend(self, kind: str, now: float) -> bool:
        """Count one mail of ``kind`` to a stranger, at ``now``; False (nothing counted)
        when the hour's budget for it is spent."""
        if share(self.cap, kind) <= 0:
            return False
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM mailed WHERE at <= ?", (now - WINDOW,))
            total, others = db.execute(
                "SELECT count(*), coalesce(sum(kind != ?), 0) FROM mailed", (CODE,)
            ).fetchone()
            allowed = int(total) < self.cap and (
                kind == CODE or int(others) < share(self.cap, kind)
            )
            if allowed:
                db.execute("INSERT INTO mailed (at, kind) VALUES (?, ?)", (now, kind))
            db.execute("COMMIT")
            return allowed
        finally:
            db.close()

    def _connect(self) -> sqlite3.Connection:
        path = private.create_file(private.make_dirs(self.path.parent) / FILE)
        db = sqlite3.connect(path, timeout=30, isolation_level=None)
        db.execute(SCHEMA)
        return db
