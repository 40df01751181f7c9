"""A poll stopped by the disk or the server partway through a batch keeps the records of
the mails it had answered by then (they are not answered twice). It committed them
without the flush of the file system its batches make first: a machine crash after that
could keep the journal's word that a mail was filed and answered while the order file and
the answer it wrote were lost, and the next poll moved the mail on without news."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail.loop import World
from wtg.files.diskflush import flush
from wtg.host.pollhealth import last_poll
from wtg.mail.poll import poller
from wtg.mail.poll.poller import Poller
from wtg.mail.servers.inbox import Incoming
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.outcome import Outcome


def test_a_poll_stopped_mid_batch_flushes_before_it_commits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = World(tmp_path)
    world.mail(world.aof(1, X1="100"), sender="p1@players.example")
    world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    steps: list[str] = []
    handle = Poller.handle
    commit = Journal.commit

    def handled_then_failing(self: Poller, message: Incoming) -> Outcome:
        if steps:  # the second mail: the disk fails
            raise OSError(5, "Input/output error")
        outcome = handle(self, message)
        steps.append(f"handled {outcome.kind.name}")
        return outcome

    def flushing(path: Path) -> None:
        if steps:
            steps.append("flush")
        flush(path)

    def committing(self: Journal, doing: str = "") -> None:
        if steps:
            steps.append("commit")
        commit(self, doing)

    monkeypatch.setattr(Poller, "handle", handled_then_failing)
    monkeypatch.setattr(poller, "flush", flushing)
    monkeypatch.setattr(Journal, "commit", committing)
    with pytest.raises(OSError, match="Input/output error"):
        world.poll()
    assert steps == ["handled STORED", "flush", "commit"]
    journal = Journal(world.gm.spool)
    try:
        kept = journal.db.execute("SELECT outcome FROM messages").fetchall()
    finally:
        journal.close()
    assert [row[0].split(":")[0] for row in kept] == ["stored"]


def test_a_flush_failing_after_the_stop_keeps_nothing_and_says_the_stop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The flush fails too (the same failing disk): the records are not committed (their
    files may not be on disk), and what the poll says and records is its own failure, not
    the flush's. The next poll, the disk mended, files the mails once."""
    world = World(tmp_path)
    world.mail(world.aof(1, X1="100"), sender="p1@players.example")
    world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    handled: list[str] = []
    handle = Poller.handle

    def handled_then_failing(self: Poller, message: Incoming) -> Outcome:
        if handled:
            raise OSError(5, "Input/output error")
        handled.append(message.key)
        return handle(self, message)

    def flush_failing(path: Path) -> None:
        raise OSError(5, "flush failed")

    with monkeypatch.context() as patched:
        patched.setattr(Poller, "handle", handled_then_failing)
        patched.setattr(poller, "flush", flush_failing)
        with pytest.raises(OSError, match="Input/output error"):
            world.poll()
    health = last_poll(world.gm.spool)
    assert health is not None and health.error == "OSError: [Errno 5] Input/output error"
    journal = Journal(world.gm.spool)
    try:
        assert journal.db.execute("SELECT COUNT(*) FROM messages").fetchone()[0] == 0
    finally:
        journal.close()
    again = world.poll()
    assert (again.seen, again.filed, again.moved) == (2, 2, 0)
    assert sorted(world.game.store.pending_orders(1)) == [1, 2]
