"""The lobby's book upgraded in place to this wtg's format (``BOOK_FORMAT``): a copy of it
first (``wtg.upkeep.copies``), then every step (``wtg.upkeep.steps``) and the new number in
one SQLite transaction, taken for writing at once (the book's other writers wait for it,
and it for them, as long as SQLite's wait): a kill leaves the book as it was or upgraded.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from wtg.core.record import Record
from wtg.lobby.database import BOOK_FORMAT, LobbyDatabase, book_format, stored_format, torn_said
from wtg.upkeep.copies import BOOK_COPY, clear_leftovers, copy_book
from wtg.upkeep.steps import BOOK_STEPS


class LobbyUpgrade(Record):
    """What the upgrade of the lobby's book did."""

    found: int
    copy: Path


def upgrade_book(games_dir: Path, copies: Path, now: datetime) -> LobbyUpgrade | None:
    """Upgrade the lobby's book of ``games_dir`` to ``BOOK_FORMAT``, a copy of it in
    ``copies`` first; None when there is no book or it is at ``BOOK_FORMAT`` already. A book
    of a newer format is refused (FormatRefused), one torn (no database) is BookTorn; one
    another process writes for longer than SQLite waits is sqlite3.OperationalError
    ("database is locked")."""
    with torn_said(games_dir):
        found = book_format(games_dir)
        if found is None or found >= BOOK_FORMAT:
            return None
        with LobbyDatabase(games_dir, upgrading=True) as book, book.write() as db:
            found = stored_format(db)  # in the transaction: another upgrade may have been first
            if found >= BOOK_FORMAT:
                return None
            clear_leftovers(copies, BOOK_COPY)
            copy = copy_book(book.path, copies, found, now)
            for number in range(found, BOOK_FORMAT):
                BOOK_STEPS[number](db)
                book.record_format(number + 1)
    return LobbyUpgrade(found=found, copy=copy)
