"""`wtg poll --idle` said every OSError as "the connection dropped": one of the send after
the poll (``--send``: the sending server out of reach) and one of the disk (full, a file
refused) sent the GM to look at the IMAP server. Each says what failed, on the terminal
and in the poll's health (`wtg status --host`), and is tried again after its pause as
before."""

from __future__ import annotations

import errno
import mailbox
import threading
from email.message import EmailMessage
from pathlib import Path

from tests.mail.unit.test_idle_drop_logged_once import DropsInPoll, host
from wtg.host.config import GmConfig
from wtg.host.pollhealth import last_poll
from wtg.mail.poll.idle import idle
from wtg.mail.servers.inbox import Inbox, MaildirInbox


def test_a_full_disk_in_a_poll_is_said_as_the_disk(tmp_path: Path) -> None:
    gm = host(tmp_path)
    stop = threading.Event()
    said: list[str] = []
    full = OSError(errno.ENOSPC, "No space left on device")

    def connect(config: GmConfig) -> Inbox:
        return DropsInPoll(MaildirInbox(config.maildir_in), stop, full)

    idle(gm, stop, said.append, wait=0.01, connect=connect)
    assert len(said) == 1
    what = "the poll could not use the disk: [Errno 28] No space left on device: "
    assert said[0].startswith(what), said
    assert "connection" not in said[0]
    health = last_poll(tmp_path / "games" / ".mail")
    assert health is not None and health.error is not None
    assert health.error.startswith(what)


def test_a_file_refused_in_a_poll_is_said_as_the_disk(tmp_path: Path) -> None:
    gm = host(tmp_path)
    stop = threading.Event()
    said: list[str] = []
    refused = PermissionError(errno.EACCES, "Permission denied", "/srv/games/g1/game.yaml")

    def connect(config: GmConfig) -> Inbox:
        return DropsInPoll(MaildirInbox(config.maildir_in), stop, refused)

    idle(gm, stop, said.append, wait=0.01, connect=connect)
    assert said == [
        "the poll could not use the disk: [Errno 13] Permission denied: "
        "'/srv/games/g1/game.yaml'; trying again in 1 s"
    ]


def test_the_send_after_the_poll_failing_is_said_as_the_send(tmp_path: Path) -> None:
    gm = host(tmp_path)
    msg = EmailMessage()
    msg["From"] = "ann@players.example"
    msg["To"] = "gm@wtg.example"
    msg["Subject"] = "hello"
    msg["Message-ID"] = "<idle-send-1@players.example>"
    msg.set_content("LIST\n")
    gm.maildir_in.parent.mkdir(parents=True, exist_ok=True)
    mailbox.Maildir(gm.maildir_in, create=True).add(msg)
    stop = threading.Event()
    said: list[str] = []

    def send() -> None:
        stop.set()
        raise ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")

    idle(gm, stop, said.append, send=send, wait=0.01)
    failed = [line for line in said if "failed" in line]
    assert failed == [
        "the send after the poll (--send) failed: [Errno 111] Connection refused; trying "
        "again in 1 s"
    ]
    health = last_poll(tmp_path / "games" / ".mail")
    assert health is not None
    assert health.error == "the send after the poll (--send) failed: [Errno 111] Connection refused"
