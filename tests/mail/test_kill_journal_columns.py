"""A mail journal made before the columns ``arrived`` (and ``sender``, ``player``) of its
lists of mails held, not answered and quarantined (and ``player`` and ``handled`` of a
flood's mails), opened by a `wtg poll` that adds them, the poll killed (SIGKILL, no
clean-up of any kind) just before each of its writes from the first column added to the
journal's first commit, then a poll that finishes: the player's orders are filed once, the
journal has every column, and `wtg status` reads the host as killed and after.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import GM, World
from wtg.game.engine import open_game
from wtg.mail.spool.journal import JOURNAL_FILE, Journal

ADDED = {
    "held": ("sender", "player", "arrived"),
    "unanswered": ("sender", "arrived"),
    "quarantine": ("sender", "arrived", "player"),
    "flood_mails": ("player", "handled"),
}


class Unscheduled(World):
    zone = None
    """No deadline: the poll files the orders whatever the hour the test runs."""


@pytest.fixture(scope="module")
def world_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game g1 of four players, player 2's orders in the inbox, a journal of the format
    before the added columns, the host's config as a file."""
    root = tmp_path_factory.mktemp("world")
    world = Unscheduled(root)
    world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    (root / "wtg.yaml").write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    Journal(world.gm.spool).close()
    db = sqlite3.connect(world.gm.spool / JOURNAL_FILE)
    db.execute("DROP INDEX held_by_sender")
    db.execute("DROP INDEX held_by_player")
    for table, columns in ADDED.items():
        for column in columns:
            db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    db.commit()
    db.close()
    return root


def columns(spool: Path) -> dict[str, set[str]]:
    db = sqlite3.connect(spool / JOURNAL_FILE)
    try:
        return {
            table: {str(row[1]) for row in db.execute(f"PRAGMA table_info({table})")}
            for table in ADDED
        }
    finally:
        db.close()


def test_a_poll_killed_while_it_adds_the_journal_s_columns_finishes_next_time(
    world_root: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    config = root / "wtg.yaml"
    args = ["--config", str(config), "poll"]
    fresh = killpoints.restorer(world_root, root)
    fresh()
    spool = root / "games" / ".mail"
    assert "arrived" not in columns(spool)["held"]
    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, root / "games", log=log)
    writes = killpoints.written(log)
    first = next(n for n, what in enumerate(writes, 1) if "ALTER" in what)
    last = next(n for n, what in enumerate(writes, 1) if n > first and what == "sqlite COMMIT")
    chosen = sorted({*range(max(1, first - 1), last + 2), *killpoints.points(whole.writes, 4)})
    for at, cut in killpoints.cuts(args, root / "games", chosen, fresh):
        status = killpoints.wtg(["--config", str(config), "status"])
        assert status.returncode == 0, (at, cut.before, status.stderr)
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        assert all(set(ADDED[t]) <= have for t, have in columns(spool).items()), (at, cut)
        assert set(open_game(root / "games" / "g1").store.pending_orders(1)) == {2}, at
        status = killpoints.wtg(["--config", str(config), "status", "--host"])
        assert status.returncode == 0, (at, cut.before, status.stderr)
