"""The maildir transport's files no poll reads (a mail saved in maildir-in/ itself, one in
new/ named with a leading "."), said by `wtg serve` and `wtg poll --idle` as `wtg poll`
says them, once a file: they said nothing, and a GM's test mail lay there unread. A
service polls every few minutes: a file said at each poll would fill its log."""

from __future__ import annotations

import logging
import threading
from datetime import timedelta, timezone
from pathlib import Path

import pytest

from tests.service.week import START, SimClock, make_host
from wtg.host.config import GmConfig, load_config
from wtg.mail.poll.idle import idle
from wtg.mail.servers.inbox import Inbox, MaildirInbox
from wtg.serve.service import Service


def notes(maildir: Path, beside: Path, hidden: Path) -> list[str]:
    return [
        f"note: 1 file in {maildir} itself, where the poll reads no mail (only its new/ and "
        f"cur/ folders): {beside}; move a mail there into {maildir / 'new'} and the next poll "
        "files it",
        f'note: 1 file in {maildir / "new"} whose name begins with ".", which the poll skips '
        "(a Maildir's rule: a mail still being written is hidden so): "
        f'{hidden}; rename a mail there without the "." and the next poll files it',
    ]


def dropped(gm: GmConfig) -> tuple[Path, Path]:
    """A file saved beside new/ and one hidden in new/, as a GM's test mails."""
    inbox = MaildirInbox(gm.maildir_in)  # makes the Maildir
    beside = inbox.path / "test.eml"
    beside.write_bytes(b"From: gm@wtg.example\n\nHELP\n")
    hidden = inbox.path / "new" / ".orders.eml"
    hidden.write_bytes(b"From: gm@wtg.example\n\nHELP\n")
    return beside, hidden


def test_the_service_logs_each_unread_file_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="wtg")
    gm = load_config(make_host(tmp_path, site=False))
    beside, hidden = dropped(gm)
    clock = SimClock(START, START + timedelta(hours=1))
    service = Service(gm, clock, zone=timezone.utc, look=timedelta(minutes=5))
    clock.on_end = service.stop
    later = gm.maildir_in / "later.eml"

    def drop_later() -> None:
        later.write_bytes(b"\n")

    clock.at(START + timedelta(minutes=20), drop_later)
    service.run()
    assert service.rounds > 3  # polled again and again
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith("note: ")]
    assert said == [
        *notes(gm.maildir_in, beside, hidden),
        f"note: 1 file in {gm.maildir_in} itself, where the poll reads no mail (only its new/ "
        f"and cur/ folders): {later}; move a mail there into {gm.maildir_in / 'new'} and the "
        "next poll files it",
    ]
    assert beside.is_file() and hidden.is_file()  # left where they are


class Polls(MaildirInbox):
    """A maildir the idle poll waits on: ``rounds`` waits, then the loop is stopped."""

    def __init__(self, path: Path, stop: threading.Event, rounds: int) -> None:
        super().__init__(path)
        self.stop = stop
        self.rounds = rounds

    def wait(self, timeout: float, stop: threading.Event) -> bool:
        self.rounds -= 1
        if self.rounds <= 0:
            self.stop.set()
        return True


def test_the_idle_poll_says_each_unread_file_once(tmp_path: Path) -> None:
    gm = load_config(make_host(tmp_path, site=False))
    beside, hidden = dropped(gm)
    stop = threading.Event()
    lines: list[str] = []

    def connect(config: GmConfig) -> Inbox:
        return Polls(config.maildir_in, stop, 3)

    idle(gm, stop, lines.append, wait=0.01, connect=connect)
    said = [line.split(" UTC: ", 1)[1] for line in lines if " UTC: note: " in line]
    assert said == notes(gm.maildir_in, beside, hidden)
