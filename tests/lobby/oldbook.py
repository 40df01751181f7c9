"""A lobby book as an older wtg left it: written from a schema with what came later taken
out, holding one list, for the tests of what a book made before a change reads as."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from wtg.lobby.database import BOOK_FORMAT, FILE, FOLDER


def old_book(
    games_dir: Path,
    schema: str,
    number: int = BOOK_FORMAT,
    every: int | None = None,
    at: str | None = None,
) -> Path:
    """The book of ``games_dir`` made from ``schema``, of format ``number`` (0: format 1,
    unnumbered), with one list: wok4 on the small map, 2 players (deadlines every ``every``
    days at ``at``, when given); its path."""
    path = games_dir / FOLDER / FILE
    path.parent.mkdir(parents=True)
    with closing(sqlite3.connect(path)) as db:
        db.executescript(schema)
        db.execute(f"PRAGMA user_version = {number}")
        db.execute(
            "INSERT INTO lists (name, ruleset, variant, map, players, grp, every_days, at, "
            "robots_after, opened, games) VALUES "
            "('wok4', 'wok4', NULL, 'small', 2, 'any', ?, ?, NULL, '2026-01-01T00:00:00Z', 0)",
            (every, at),
        )
        db.commit()
    return path
