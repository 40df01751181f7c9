"""The mark of a poll under way (``wtg.mail.poll.underway``): written before a poll queues
its first answer, removed once its last batch is committed; a poll looks its mails'
earlier answers up (``Answers.answered_before``) only when it finds an earlier poll's mark.

A poll killed (SIGKILL) before any of its writes leaves the mark whenever it leaves an
answer queued of a mail its journal never recorded; the poll after it finds the mark,
looks, and removes it. A poll that finished leaves none, and the poll after it looks
nothing up. A mail found answered that is left in the inbox again keeps the mark. A
second poll of the spool, while one runs or while a killed poll's helper lives, stops at
the run lock and leaves the mark as it is.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.hall import Hall, address, ann_and_bob
from tests.lobby.killedpolls import KilledPolls
from wtg.files import private
from wtg.files.filelock import held_by_another
from wtg.mail.incoming.answers import Answers
from wtg.mail.incoming.earlieranswers import EarlierAnswers
from wtg.mail.outgoing.compose import safe
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.poll import underway
from wtg.mail.poll.inprogress import InHand, suspects
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.spool.runlock import AlreadyRunning, only_one

KILLS = 14


def looked_up(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The keys ``Answers.answered_before`` is asked about from now on, in order."""
    asked: list[str] = []
    before = Answers.answered_before

    def counted(self: Answers, key: str) -> bool:
        asked.append(key)
        return before(self, key)

    monkeypatch.setattr(Answers, "answered_before", counted)
    return asked


def test_a_finished_poll_leaves_no_mark_and_the_next_looks_nothing_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = Hall(tmp_path)
    spool = hall.gm.spool
    marked_then: list[bool] = []
    put = Outbox.put

    def watched(self: Outbox, *args: object, **kwargs: object) -> None:
        marked_then.append(underway.found(spool))
        put(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Outbox, "put", watched)
    asked = looked_up(monkeypatch)
    hall.mail(address(1), "LIST")
    assert hall.poll().seen == 1
    assert not underway.found(spool)
    hall.mail(address(2), "LIST")
    hall.mail(address(3), "HELP")
    assert hall.poll().seen == 2
    assert marked_then == [True, True, True]  # each answer queued under the mark
    assert asked == []
    assert not underway.found(spool)
    assert len(hall.new_mails()) == 3


def test_an_earlier_polls_mark_makes_the_poll_look_and_goes_when_it_finishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = Hall(tmp_path)
    spool = hall.gm.spool
    asked = looked_up(monkeypatch)
    hall.mail(address(1), "LIST")
    hall.mail(address(2), "HELP")
    keys = sorted(f"maildir:{key}" for key in hall.inbox.iterkeys())
    underway.mark(spool, hall.now)  # a poll killed before it queued anything
    assert hall.poll().seen == 2
    assert sorted(asked) == keys
    assert not underway.found(spool)
    hall.mail(address(3), "LIST")
    assert hall.poll().seen == 1
    assert len(asked) == 2  # the mark gone: nothing more looked up


def test_a_mail_found_answered_and_left_waiting_keeps_the_mark(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    spool = hall.gm.spool
    ann = game.config.player(1)
    hall.mail(ann.email, f"PRESS {game.config.game}\nCODE {ann.code}\n\nHear me.\n")
    (key,) = hall.inbox.keys()
    queue = Outbox(spool).queue_dir
    (queue / f"{safe(f'cmd-maildir:{key}-0')}.eml").write_bytes(b"Subject: queued before\n\n")
    # the mail's copy, which the poll killed wrote before its answer: its key is its own
    (mail,) = [m for batch in MaildirInbox(hall.gm.maildir_in).waiting(10**9) for m in batch]
    kept = private.make_dirs(mail.kept_in(spool / "archive").parent) / mail.kept_in(Path()).name
    kept.write_bytes(mail.kept_bytes())
    underway.mark(spool, hall.now)
    with game.store.lock():  # another process writes the game: the mail waits
        assert hall.poll().seen == 1
    assert list(hall.inbox.keys()) == [key]
    assert underway.found(spool)  # the next poll looks again
    assert hall.poll().seen == 1
    assert list(hall.inbox.keys()) == []
    assert not underway.found(spool)


def test_a_mail_the_last_poll_died_with_left_waiting_keeps_the_mark(tmp_path: Path) -> None:
    """The mail a killed poll had in hand is taken alone, not looked up; left in the inbox
    again (its game busy), it is no longer named as the one a poll died with (the poll's
    slots are made afresh): the mark stays, and the next poll looks it up."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    spool = hall.gm.spool
    ann = game.config.player(1)
    hall.mail(ann.email, f"PRESS {game.config.game}\nCODE {ann.code}\n\nHear me.\n")
    (key,) = hall.inbox.keys()
    hands = InHand(spool, 1)
    hands.slot(0).take(f"maildir:{key}")
    hands.close()  # the poll died with it in hand, its mark left
    underway.mark(spool, hall.now)
    with game.store.lock():
        assert hall.poll().seen == 1
    assert list(hall.inbox.keys()) == [key]
    assert suspects(spool) == {}
    assert underway.found(spool)
    assert hall.poll().seen == 1
    assert list(hall.inbox.keys()) == []
    assert not underway.found(spool)


def test_a_second_poll_leaves_the_mark_of_the_one_under_way(tmp_path: Path) -> None:
    """The run lock keeps a second poll out while one runs, and while a helper the running
    poll forked lives after the poller itself was killed (its own hold of the lock went
    with it), the helper holding the lock it inherited."""
    hall = Hall(tmp_path)
    spool = hall.gm.spool
    hall.mail(address(1), "LIST")
    with only_one(spool, "poll"):
        underway.mark(spool, hall.now)
        mark = (spool / underway.NAME).read_bytes()
        with pytest.raises(AlreadyRunning):
            hall.poll()
        assert (spool / underway.NAME).read_bytes() == mark
    helper = killed_poller_with_its_helper(spool)
    try:
        with pytest.raises(AlreadyRunning):  # the poller's hold gone, its helper's not
            hall.poll()
        assert (spool / underway.NAME).read_bytes() == mark
        assert len(hall.inbox.keys()) == 1
    finally:
        os.kill(helper, signal.SIGKILL)
    deadline = time.monotonic() + 60
    while held_by_another(spool / "poll.lock") and time.monotonic() < deadline:
        time.sleep(0.05)  # the helper, no child of this process, ends when the kernel says
    assert hall.poll().seen == 1  # the helper ended: the next poll runs, and looks


def killed_poller_with_its_helper(spool: Path) -> int:
    """A poller process that took the run lock and forked a helper (as ``workers.start``
    forks them, the lock inherited), then was killed (SIGKILL); the helper's pid. The
    helper sleeps until killed."""
    ready_r, ready_w = os.pipe()
    poller = os.fork()
    if poller == 0:  # the poller: never returns into the test's code
        try:
            os.close(ready_r)
            with only_one(spool, "poll"):
                helper = os.fork()
                if helper == 0:
                    os.close(ready_w)
                    time.sleep(600)
                    os._exit(0)
                os.write(ready_w, f"{helper}\n".encode())
                os.kill(os.getpid(), signal.SIGKILL)
        finally:
            os._exit(1)
    os.close(ready_w)
    with os.fdopen(ready_r) as ready:
        helper_pid = int(ready.readline())
    _pid, status = os.waitpid(poller, 0)
    assert os.waitstatus_to_exitcode(status) == -signal.SIGKILL
    return helper_pid


def test_earlier_answers_finds_every_answer_of_a_mail_by_its_key(tmp_path: Path) -> None:
    outbox = Outbox(tmp_path)
    long_key = "maildir:" + "7" * 200
    names = [
        ("queue", "cmd-maildir:1.a-5"),
        ("sent", "wrongcode-maildir:2.b-wok4-1-p3"),
        ("failed", "conf-.dotted-2"),
        ("queue", f"setaside-{long_key}-1"),
        ("sent", "report-wok4-1-t0001-p01"),
    ]
    folders = {"queue": outbox.queue_dir, "sent": outbox.sent_dir, "failed": outbox.failed_dir}
    for folder, ident in names:
        (folders[folder] / f"{safe(ident)}.eml").write_bytes(b"\n")
    (outbox.queue_dir / f"{safe('help-maildir:3.c')}__2.eml").write_bytes(b"\n")  # a spare
    (outbox.queue_dir / f"{safe('conf-maildir:4.d')}.json").write_bytes(b"{}")  # no mail
    earlier = EarlierAnswers(outbox)
    found = [
        key
        for key in ("maildir:1.a", "maildir:2.b", ".dotted", long_key, "maildir:3.c")
        if earlier.of(key)
    ]
    assert found == ["maildir:1.a", "maildir:2.b", ".dotted", long_key, "maildir:3.c"]
    for key in ("maildir:1", "maildir:1.a-", "maildir:4.d", "maildir:2", "dotted"):
        assert not earlier.of(key), key
    assert safe(f"setaside-{long_key}-1").count("__") == 1  # its name was shortened


def journalled(games: Path) -> list[str]:
    """The mails the committed journal recorded (none before it was made), read only."""
    path = games / ".mail" / "journal.sqlite"
    if not path.exists():
        return []
    db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return [key for (key,) in db.execute("SELECT key FROM messages")]
    except sqlite3.OperationalError:  # killed before its tables were made
        return []
    finally:
        db.close()


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("under-way")
    hall = Hall(root)
    for number in range(1, 4):
        hall.mail(address(number), "LIST" if number != 2 else "HELP")
    hall.config_file()
    return root


def test_a_poll_killed_at_any_write_leaves_the_mark_while_an_answer_is_unrecorded(
    host: Path, tmp_path: Path
) -> None:
    polls = KilledPolls(host, tmp_path)
    games = polls.games
    spool = games / ".mail"
    queue = spool / "outbox" / "queue"
    log = tmp_path / "writes.log"
    whole = polls.whole(log)
    assert not underway.found(spool)
    assert len(list(queue.glob("cmd-*.eml"))) == 3
    lines = killpoints.written(log)
    marked = [n for n, line in enumerate(lines, start=1) if underway.NAME in line]
    assert len(marked) == 2, lines  # written once, removed once
    first = next(n for n, line in enumerate(lines, start=1) if "/outbox/queue/" in line)
    commits = [n for n, line in enumerate(lines, start=1) if line == "sqlite COMMIT"]
    batch = next(n for n in commits if n > first)
    assert marked[0] < first and batch < marked[1], (marked, first, batch)
    wanted = set(killpoints.points(whole.writes, KILLS)) | {marked[0], marked[0] + 1}
    wanted |= {first, first + 1, batch, batch + 1, marked[1]}
    for at in sorted(wanted):
        cut = polls.killed(at)
        answered = {path.name.split("-0.eml")[0] for path in queue.glob("cmd-*.eml")}
        recorded = {safe(f"cmd-{key}") for key in journalled(games)}
        if answered - recorded:  # an answer whose mail the journal does not know
            assert underway.found(spool), (at, cut.before)
        if at <= marked[0]:
            assert not underway.found(spool) and not answered, (at, cut.before)
        polls.finish(cut)
        assert not underway.found(spool), (at, cut.before)
        assert len(list(queue.glob("cmd-*.eml"))) == 3, at
    print(f"\n{whole.writes} writes, killed before {len(wanted)} of them")
