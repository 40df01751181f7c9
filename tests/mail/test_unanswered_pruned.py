"""The journal's mails not answered (``unanswered``: a limit held the answer back, or the From
failed DMARC) were never pruned: a row for every such mail, for as long as the host ran,
which a stranger's flood grows by a row a mail. They are read by `wtg status` (the last 24
hours) and by the digest (every one since the last digest, the first looking back a day),
so each poll now drops, with the old replies, those older than both: two days back, or the
last digest when it is older (a digest may not come for days)."""

from __future__ import annotations

import sqlite3
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.mail.loop import World
from wtg.cli import status
from wtg.mail.outgoing.digest import FIRST_LOOK, make_digest, mark_digest
from wtg.mail.outgoing.digestmark import DIGEST_FILE
from wtg.mail.poll.poller import unanswered_before
from wtg.mail.spool.journal import JOURNAL_FILE, UNANSWERED_KEPT
from wtg.mail.spool.journallists import unanswered

DAY = timedelta(days=1)


def rows(world: World) -> list[str]:
    db = sqlite3.connect(world.gm.spool / JOURNAL_FILE)
    try:
        return sorted(str(key) for (key,) in db.execute("SELECT key FROM unanswered"))
    finally:
        db.close()


def flood(world: World, now: datetime, count: int = 8) -> list[str]:
    """A stranger's questions, polled at ``now``: the answers beyond the hour's limit are
    held back. The keys of the mails not answered."""
    for number in range(count):
        world.mail(f"How do I play, question {number}?", sender="mallory@evil.example")
    summary = world.poll(now)
    held_back = [event.mail for event in summary.events if event.outcome.held_back]
    assert len(held_back) == summary.unanswered == count - 3  # replies_per_hour: 3
    return sorted(held_back)


def test_they_stay_while_status_or_the_next_digest_reads_them(tmp_path: Path) -> None:
    world = World(tmp_path)
    start = datetime.now(timezone.utc)
    mark_digest(world.gm.spool, start - timedelta(hours=1))  # the last digest: before the flood
    keys = flood(world, start)
    assert rows(world) == keys
    since = time.time() - status.HELD_SHOWN
    assert sorted(item.key for item in unanswered(world.gm.spool, since)) == keys

    world.poll(start + 5 * DAY)  # no digest for five days: the next one must count them
    assert rows(world) == keys
    late = make_digest(world.gm.games_dir, start + 5 * DAY)
    assert sorted(item.key for item in late.unanswered) == keys
    mark_digest(world.gm.spool, start + 5 * DAY)  # told: nobody reads them any more
    world.poll(start + 5 * DAY)
    assert rows(world) == []


def test_without_a_digest_they_stay_two_days(tmp_path: Path) -> None:
    """No digest yet (or its file unreadable): the first digest looks back a day, `wtg
    status` the last day; a clock set back a day still finds them."""
    world = World(tmp_path)
    start = datetime.now(timezone.utc)
    keys = flood(world, start)
    world.poll(start + 2 * DAY - timedelta(minutes=1))
    assert rows(world) == keys
    (world.gm.spool / DIGEST_FILE).write_text("{not json", encoding="utf-8")
    world.poll(start + 2 * DAY + timedelta(minutes=1))
    assert rows(world) == []


def test_the_window_is_twice_what_status_and_the_first_digest_read() -> None:
    assert UNANSWERED_KEPT == 2 * status.HELD_SHOWN == 2 * FIRST_LOOK.total_seconds()


def test_the_moment_is_the_older_of_two_days_and_the_last_digest(tmp_path: Path) -> None:
    now = datetime(2026, 12, 1, tzinfo=timezone.utc)
    assert unanswered_before(tmp_path, now.timestamp()) == (now - 2 * DAY).timestamp()
    mark_digest(tmp_path, now - 9 * DAY)
    assert unanswered_before(tmp_path, now.timestamp()) == (now - 9 * DAY).timestamp()
    mark_digest(tmp_path, now - timedelta(hours=2))
    assert unanswered_before(tmp_path, now.timestamp()) == (now - 2 * DAY).timestamp()
