"""The mail loop's journal (SQLite in the spool): which messages were handled, which
Message-IDs were seen, and the replies sent to each sender (to cap them)."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from wtg import private

SCHEMA = """
CREATE TABLE IF NOT EXISTS messages (
    key TEXT PRIMARY KEY,        -- imap:<uidvalidity>:<uid> or maildir:<name>
    message_id TEXT,
    outcome TEXT NOT NULL,       -- what was done with it
    handled_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_by_id ON messages(message_id);
CREATE TABLE IF NOT EXISTS replies (sender TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS replies_by_sender ON replies(sender, at);
CREATE TABLE IF NOT EXISTS mailed (game TEXT PRIMARY KEY, turn INTEGER NOT NULL);
"""


class Journal:
    """One connection; changes become durable at ``commit()`` (the poller commits a batch
    only after the files it wrote are on disk, and before it moves the messages)."""

    def __init__(self, spool: Path) -> None:
        # SQLite makes its -wal and -shm files with the mode of the database file: 0600
        path = private.create_file(private.make_dirs(spool) / "journal.sqlite")
        self.db = sqlite3.connect(path, timeout=30)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def commit(self) -> None:
        self.db.commit()

    # --- messages ---------------------------------------------------------------
    def outcome(self, key: str) -> str | None:
        row = self.db.execute("SELECT outcome FROM messages WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def key_of_message_id(self, message_id: str) -> str | None:
        if not message_id:
            return None
        row = self.db.execute(
            "SELECT key FROM messages WHERE message_id = ? LIMIT 1", (message_id,)
        ).fetchone()
        return None if row is None else str(row[0])

    def handled(self, key: str, message_id: str, outcome: str) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO messages (key, message_id, outcome, handled_at) "
            "VALUES (?, ?, ?, ?)",
            (key, message_id, outcome, time.time()),
        )

    # --- replies ----------------------------------------------------------------
    def replies_since(self, sender: str, since: float) -> list[float]:
        rows = self.db.execute(
            "SELECT at FROM replies WHERE sender = ? AND at >= ?", (sender, since)
        ).fetchall()
        return [float(r[0]) for r in rows]

    def replied(self, sender: str, at: float) -> None:
        self.db.execute("INSERT INTO replies (sender, at) VALUES (?, ?)", (sender, at))

    # --- reports mailed -----------------------------------------------------------
    def mailed_turn(self, game: str) -> int:
        row = self.db.execute("SELECT turn FROM mailed WHERE game = ?", (game,)).fetchone()
        return -1 if row is None else int(row[0])

    def set_mailed_turn(self, game: str, turn: int) -> None:
        self.db.execute("INSERT OR REPLACE INTO mailed (game, turn) VALUES (?, ?)", (game, turn))
