"""A book of this format made before the ``leaving`` table (the players being taken off a
list, ``wtg.lobby.start``) is given it, empty, when opened, and its lists go on making
games."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.oldbook import old_book
from tests.lobby.test_lobby_cli import confirmed
from wtg.lobby.database import SCHEMA, LobbyDatabase


def _tables(path: Path) -> set[str]:
    db = sqlite3.connect(path)
    try:
        rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    finally:
        db.close()
    return {str(row[0]) for row in rows}


def test_a_book_without_the_leaving_table_is_given_it(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    start = SCHEMA.index("CREATE TABLE IF NOT EXISTS leaving")
    old = SCHEMA[:start] + SCHEMA[SCHEMA.index(");", start) + 2 :]
    path = old_book(hall.gm.games_dir, old)
    assert "leaving" not in _tables(path) and "making" in _tables(path)
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM leaving") == []
    assert "leaving" in _tables(path)
    confirmed(hall, 1, 2)
    assert sorted(p.name for p in hall.game("wok4-1").config.players) == ["Gamer1", "Gamer2"]
