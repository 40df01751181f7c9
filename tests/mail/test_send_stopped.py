"""What `wtg status --host` says of the last send that met trouble (``sendstopped``): true of
the send it names, and gone once a send has news of the server that is not that trouble."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from tests.mail.loop import NOW, World
from wtg.mail.outgoing.failedmail import Retried, retry
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.sender import send
from wtg.mail.outgoing.sendstopped import send_stopped
from wtg.mail.servers.transport import (
    PermanentFailure,
    SenderRefused,
    TemporaryFailure,
    Unreachable,
)
from wtg.serve.health import host_health


class Server:
    """Takes the first ``takes`` mails, then fails each with what ``then`` makes."""

    def __init__(self, takes: int, then: type[Exception], words: str) -> None:
        self.takes, self.then, self.words = takes, then, words
        self.accepted: list[str] = []

    def send(self, ident: str, raw: bytes) -> None:
        if len(self.accepted) >= self.takes:
            raise self.then(self.words)
        self.accepted.append(ident)

    def close(self) -> None:
        pass


def outbox_line(world: World, now: datetime) -> str:
    return next(
        line for line in host_health(world.gm.games_dir, now).lines() if line.startswith("outbox:")
    )


def test_a_send_cut_off_after_some_mails_is_not_said_to_have_sent_none(tmp_path: Path) -> None:
    world = World(tmp_path)
    server = Server(2, Unreachable, "connection reset by peer")
    summary = send(world.gm, now=NOW, transport=server)
    assert (summary.sent, summary.waiting) == (2, 2)
    line = outbox_line(world, NOW + timedelta(minutes=5))
    assert "NOT SENT: the last send (" in line
    assert "sent 2 mails, then none: the mail server could not be reached: connection" in line
    assert "sent none" not in line


def test_a_send_that_sent_none_says_so(tmp_path: Path) -> None:
    world = World(tmp_path)
    send(world.gm, now=NOW, transport=Server(0, Unreachable, "no route to host"))
    line = outbox_line(world, NOW + timedelta(minutes=5))
    assert "sent none: the mail server could not be reached: no route to host" in line


def test_a_server_reached_again_that_puts_mail_off_ends_the_unreached_line(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    send(world.gm, now=NOW, transport=Server(0, Unreachable, "no route to host"))
    stopped = send_stopped(world.gm.spool)
    assert stopped is not None and "no route to host" in stopped.error
    later = NOW + timedelta(minutes=10)
    busy = send(world.gm, now=later, transport=Server(0, TemporaryFailure, "451 greylisted"))
    assert (busy.sent, busy.waiting, busy.deferred) == (0, 4, 4)
    assert send_stopped(world.gm.spool) is None  # the server was reached: it answered 451
    line = outbox_line(world, later + timedelta(minutes=1))
    assert "could not be reached" not in line
    assert "4 deferred by the server, the last: 451 greylisted" in line


def test_the_next_send_that_tries_the_mails_again_replaces_or_ends_the_line(
    tmp_path: Path,
) -> None:
    """The mails a stopped send left are tried again by the next `wtg send` (there is no
    other: `wtg outbox --retry` puts a mail set aside back in the queue, and sends none).
    One that meets another trouble says that one, where the old reason stayed; one that
    sends ends the NOT SENT line."""
    world = World(tmp_path)
    send(world.gm, now=NOW, transport=Server(0, Unreachable, "no route to host"))
    later = NOW + timedelta(hours=2)
    refused = send(world.gm, now=later, transport=Server(0, SenderRefused, "553 not yours"))
    assert (refused.sent, refused.waiting) == (0, 4)
    stopped = send_stopped(world.gm.spool)
    assert stopped is not None and stopped.at == later, stopped
    assert "no route to host" not in stopped.error and "553 not yours" in stopped.error
    latest = later + timedelta(hours=2)
    went = send(world.gm, now=latest, transport=Server(4, Unreachable, "unused"))
    assert (went.sent, went.waiting) == (4, 0)
    assert send_stopped(world.gm.spool) is None
    assert "NOT SENT" not in outbox_line(world, latest + timedelta(minutes=1))


class RefusesFirst(Server):
    """Refuses the first mail for good (550), then cannot be reached."""

    def send(self, ident: str, raw: bytes) -> None:
        if not self.accepted:
            self.accepted.append(ident)
            raise PermanentFailure("550 5.1.1 no such user")
        raise Unreachable("no route to host")


def test_mails_queued_again_after_the_outbox_emptied_are_not_said_held_by_the_old_send(
    tmp_path: Path,
) -> None:
    """A send that could not reach the server left three mails waiting (and set one aside
    for good); the GM took the three out without a send (a hold undone, a rollback), then
    put the one set aside back (`wtg outbox --retry`): `wtg status --host` said "NOT SENT:
    the last send ... sent none: the mail server could not be reached" of it, a mail that
    send never held back, until the next send. It says the mail waits, without the old
    reason; the reason stays while a mail that send left waits."""
    world = World(tmp_path)
    done = send(world.gm, now=NOW, transport=RefusesFirst(0, Unreachable, "unused"))
    assert (done.sent, done.waiting) == (0, 3)
    later = NOW + timedelta(minutes=5)
    assert "NOT SENT: the last send (" in outbox_line(world, later)
    outbox = Outbox(world.gm.spool)
    waiting = [name for name, _ in outbox.waiting()]
    assert len(waiting) == 3 and all(outbox.withdraw(name) for name in waiting[1:])
    assert "NOT SENT: the last send (" in outbox_line(world, later)  # one it held still waits
    assert outbox.withdraw(waiting[0])
    assert outbox_line(world, later).startswith("outbox: empty")
    (back,) = retry(world.gm.games_dir, world.gm.spool, None)
    assert isinstance(back, Retried), back
    line = outbox_line(world, later)
    assert line.startswith("outbox: 1 mail waiting"), line
    assert "NOT SENT" not in line and "no route to host" not in line
    stopped = send_stopped(world.gm.spool)  # the record stays until the next send
    assert stopped is not None and stopped.held == tuple(sorted(waiting))
