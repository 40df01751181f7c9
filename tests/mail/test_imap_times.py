"""The time the IMAP server received a mail (INTERNALDATE) is read in UTC whatever the time
zone of the machine that polls: it stamps the orders on file and the confirmation."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.mail.servers import GM_ADDRESS, Dovecot
from wtg.mail.servers.inbox import ImapInbox

RECEIVED = datetime(2026, 11, 22, 9, 30, 5, tzinfo=timezone.utc)


@pytest.fixture
def new_york(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_server_s_receiving_time_is_read_in_utc_on_a_machine_in_new_york(
    imap: Dovecot, new_york: None, tmp_path: Path
) -> None:
    assert time.timezone == 5 * 3600  # the poller's machine is five hours behind UTC
    with imap.client(GM_ADDRESS) as client:
        client.append("INBOX", b"Subject: orders\r\n\r\nA1: 1 2 3\r\n", msg_time=RECEIVED)
    config = imap.imap_config(GM_ADDRESS)
    inbox = ImapInbox(config)
    try:
        ((message,),) = list(inbox.waiting(max_bytes=1_000_000))
    finally:
        inbox.close()
    assert message.received == RECEIVED
    assert message.received.tzinfo is not None
