"""A lobby's book that is no database (torn, or written over) made every poll that let a
flood's mails go fail: the book's ``sqlite3.DatabaseError`` from forgetting their commands
(``wtg.mail.spool.floodcopies.forget_done``) was not the busy book's ``OperationalError``
the poll leaves to the next one. Each poll was recorded as failed, and the journal's rows of
the flood's mails, and of the mails it handled long ago, were never pruned. Now the poll
goes on without the book and says so once: a warning in the log, and its summary line,
which `wtg status --host` shows."""

from __future__ import annotations

import logging
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.mail.loop import World
from tests.mail.test_flood_copies import archived, records
from wtg.host.pollhealth import last_poll
from wtg.lobby.database import FILE, FOLDER
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.spool.floodcopies import FLOOD_FIRST, FLOOD_NEWEST
from wtg.mail.spool.journal import JOURNAL_FILE
from wtg.serve.health import host_health

STRANGER = "away@responder.example"
SAID = "not read: the lobby's book"


def dropped(spool: Path) -> int:
    """The journal's rows of flood mails marked let go whose copies are still to delete."""
    db = sqlite3.connect(spool / JOURNAL_FILE)
    try:
        return int(db.execute("SELECT COUNT(*) FROM flood_mails WHERE dropped = 1").fetchone()[0])
    finally:
        db.close()


def test_a_torn_book_stops_no_poll_from_letting_a_flood_go(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    world = World(tmp_path)
    keys = [
        "maildir:" + world.mail("I am away.", sender=STRANGER, Auto_Submitted="auto-replied")
        for _ in range(FLOOD_FIRST + FLOOD_NEWEST + 30)
    ]
    book = world.gm.games_dir / FOLDER / FILE
    book.parent.mkdir(parents=True, exist_ok=True)
    book.write_bytes(b"written over " * 1000)
    now = datetime.now(timezone.utc)
    with caplog.at_level(logging.WARNING, logger="wtg"):
        summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), now)
    assert summary.seen == len(keys)
    kept = set(keys[:FLOOD_FIRST] + keys[-FLOOD_NEWEST:])
    assert records(world.gm.spool) == kept
    assert archived(world) == kept
    assert dropped(world.gm.spool) == 0
    assert summary.line().count(SAID) == 1
    assert str(book) in summary.line()
    assert summary.needs_gm()
    warned = [r.getMessage() for r in caplog.records if "lobby's book" in r.getMessage()]
    assert len(warned) == 1 and "flood's commands not forgotten" in warned[0], warned
    health = last_poll(world.gm.spool)
    assert health is not None and not health.failing
    assert SAID in health.result
    (line,) = [x for x in host_health(world.gm.games_dir, now).lines() if x.startswith("last poll")]
    assert ", ok: " in line and SAID in line, line
    assert book.read_bytes() == b"written over " * 1000  # the GM's to restore, untouched
