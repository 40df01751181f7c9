"""A host upgraded to a new wtg, its cron running before the GM has run `wtg upgrade`: the
lobby's book of format 1 (an older wtg's, without the tables made since) was read by
`run-turn --due` as if it were this wtg's, and the line said "an error in wtg:
OperationalError: no such table: expired". Now it says the book's format and the command
that upgrades it, as the game folders' lines of the same run do; its lists wait."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.oldbook import old_book
from wtg.lobby.database import SCHEMA
from wtg.lobby.duetasks import run_due_tasks


def test_a_book_of_an_older_format_is_said_so_by_the_due_run(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    start = SCHEMA.index("CREATE TABLE IF NOT EXISTS expired")
    old = SCHEMA[:start] + SCHEMA[SCHEMA.index(");", start) + 2 :]
    path = old_book(hall.gm.games_dir, old, number=0)  # format 1: unnumbered
    moment = datetime(2026, 12, 7, 12, 0, tzinfo=timezone.utc)
    tasks = run_due_tasks(hall.gm.games_dir, moment, lambda *_: True)
    assert tasks.problems == (
        f"the lobby's book {path}: format 1, this wtg writes format 2: run `wtg upgrade`; "
        "the lobby skipped (its lists wait)",
    )
    assert tasks.started == ()
