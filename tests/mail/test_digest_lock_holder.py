"""Whether a poll is under way in another process was read from the poll lock's holder file:
a holder naming this process's pid was taken for its own lock. That file is left when its
lock is let go, and names a poll killed until the next holder writes its own, an instant
after it takes the lock; a process given that pid since (a container's `wtg serve`
started again, pids counted from 1 each time) took another's poll for its own, and its
digest ended its lists of the journal after that poll's rows (round 44's reports). The
process knows the locks it holds."""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.mail.heldelsewhere import TAKE_THE_LOCK, held_elsewhere
from tests.mail.loop import NOW, World
from wtg.mail.outgoing.digest import make_digest, mark_digest
from wtg.mail.poll import underway
from wtg.mail.spool.pollbegun import polling
from wtg.mail.spool.runlock import only_one


def stale_holder(spool: Path) -> None:
    """The holder file a poll killed left, naming the pid this process has now."""
    since = datetime(2026, 11, 21, tzinfo=timezone.utc).isoformat()
    text = json.dumps({"pid": os.getpid(), "since": since, "what": "wtg poll"})
    (spool / "poll.holder").write_text(text + "\n", encoding="utf-8")


def test_a_stale_holder_naming_this_pid_is_not_this_process_s_lock(tmp_path: Path) -> None:
    world = World(tmp_path)
    spool = world.gm.spool
    spool.mkdir(parents=True, exist_ok=True)
    mark_digest(spool, NOW - timedelta(days=1))
    stale_holder(spool)
    made = NOW + timedelta(seconds=0.7)
    with held_elsewhere(spool / "poll.lock", TAKE_THE_LOCK):
        another = polling(spool)
        first = make_digest(world.gm.games_dir, made)
    assert another  # before: False, the holder file naming this process
    assert (first.rows, first.rows_to()) == ("", None)  # before: 12:00:00.700000, its own
    assert not polling(spool)  # the lock let go


def test_the_lock_this_process_holds_is_its_own_whatever_the_holder_says(
    tmp_path: Path,
) -> None:
    spool = tmp_path / "spool"
    with only_one(spool, "poll", "wtg serve"):
        assert not polling(spool)
        (spool / "poll.holder").write_text('{"pid": 1}\n', encoding="utf-8")  # by hand
        assert not polling(spool)
    assert not polling(spool)


def test_the_digest_of_the_process_holding_the_lock_ends_at_its_own_moment(
    tmp_path: Path,
) -> None:
    """`wtg serve` holds the poll's lock for its whole life and makes its digest between
    two of its polls: no poll is under way then. The mark an unfinished poll left (a mail
    the game kept waiting, a poll killed before the service started) said when that poll
    began, and the service's digests ended their lists of the journal there, day after day,
    the rows of its later polls in none of them while it stayed."""
    world = World(tmp_path)
    spool = world.gm.spool
    spool.mkdir(parents=True, exist_ok=True)
    mark_digest(spool, NOW - timedelta(days=1))
    underway.mark(spool, NOW - timedelta(hours=6))
    made = NOW + timedelta(seconds=0.7)
    with only_one(spool, "poll", "wtg serve"):
        first = make_digest(world.gm.games_dir, made)
    assert first.rows == "2026-11-22T12:00:00.700000Z"  # its own moment (before: 06:00:00Z)
