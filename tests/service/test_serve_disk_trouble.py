"""`wtg serve` said an OSError of the disk in a poll (the disk full, a file refused) as "the
connection dropped", as `wtg poll --idle` did (tests/mail/unit/test_idle_what_failed.py):
the GM looked at the IMAP server. It says the disk, with the room left on a full one, and
tries again after its pause as before; a dropped connection is said as before."""

from __future__ import annotations

import errno
import logging
from collections.abc import Iterator
from datetime import timedelta, timezone
from pathlib import Path

import pytest

from tests.service.week import START, SimClock, make_host
from wtg.host.config import GmConfig, load_config
from wtg.mail.servers.inbox import Inbox, Incoming, MaildirInbox
from wtg.serve.service import Service


class FullOnce(MaildirInbox):
    """A maildir whose first reading of the waiting mails fails with ``error``."""

    def __init__(self, inner: MaildirInbox, error: OSError, failed: list[OSError]) -> None:
        self.__dict__.update(inner.__dict__)
        self.error = error
        self.failed = failed

    def waiting(self, max_bytes: int) -> Iterator[list[Incoming]]:
        if not self.failed:
            self.failed.append(self.error)
            raise self.error
        return super().waiting(max_bytes)


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (
            OSError(errno.ENOSPC, "No space left on device"),
            "the poll could not use the disk: OSError: [Errno 28] No space left on device: the "
            "disk that holds",
        ),
        (
            ConnectionResetError(errno.ECONNRESET, "Connection reset by peer"),
            "the connection dropped: ConnectionResetError: [Errno 104] Connection reset by peer",
        ),
    ],
)
def test_a_poll_failing_on_the_disk_is_said_as_the_disk(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, error: OSError, said: str
) -> None:
    caplog.set_level(logging.INFO, logger="wtg")
    gm = load_config(make_host(tmp_path, site=False))
    clock = SimClock(START, START + timedelta(minutes=10))
    failed: list[OSError] = []

    def connect(config: GmConfig) -> Inbox:
        return FullOnce(MaildirInbox(config.maildir_in), error, failed)

    service = Service(gm, clock, connect=connect, zone=timezone.utc)
    clock.on_end = service.stop
    service.run()
    assert failed == [error]
    (line,) = [r.getMessage() for r in caplog.records if "trying again in" in r.getMessage()]
    assert line.startswith(said), line
