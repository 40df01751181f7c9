"""A poll over IMAP on TLS (port 993 at a GM's host), against the real Dovecot: the
bodies' FETCH reads through TLS as it does in the clear, and every order mail is filed
and moved."""

from __future__ import annotations

import mailbox
from pathlib import Path
from typing import Any

import pytest

from tests.mail.servers import (
    GM_ADDRESS,
    GM_PASSWORD,
    Dovecot,
)
from tests.mail.test_poll_work import NOW, made_games, order_mails
from wtg.host.config import ImapConfig, config_from_data
from wtg.mail.poll.poller import poll
from wtg.mail.servers import inbox as inbox_module


def test_the_bodies_come_through_tls_as_in_the_clear(imaps: Dovecot) -> None:
    mails = [b"Subject: %d\r\n\r\n" % i + b"A1: 1 2 3\r\n" * (i * 40) for i in range(1, 30)]
    with imaps.client(GM_ADDRESS) as plain:
        for raw in mails:
            plain.append("INBOX", raw)
    config = imaps.imap_config(GM_ADDRESS, tls=True)
    inbox = inbox_module.ImapInbox(config, imaps.tls_client(GM_ADDRESS))
    try:
        batches = list(inbox.waiting(max_bytes=1_000_000))
    finally:
        inbox.close()
    assert [m.raw for batch in batches for m in batch] == mails


def test_a_poll_over_tls_files_every_order_mail(
    imaps: Dovecot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = {"host": imaps.host, "port": imaps.tls_port, "username": GM_ADDRESS}
    data = {
        "games_dir": "games",
        "transport": "imap",
        "imap": {**server, "password": GM_PASSWORD, "ssl": True},
        "smtp": {"host": "smtp.invalid", "port": 25, "from": "gm@wtg.example"},
    }
    gm = config_from_data(data, tmp_path)
    assert gm.imap is not None and gm.imap.ssl
    mails = order_mails(made_games(gm, 2))
    with imaps.client(GM_ADDRESS) as plain:
        for raw in mails:
            plain.append("INBOX", raw)

    def trusting(config: ImapConfig, timeout: float = 60) -> Any:
        assert (config.host, config.port, config.ssl) == (imaps.host, imaps.tls_port, True)
        return imaps.tls_client(GM_ADDRESS)  # the poll's own, but trusting the test's CA

    monkeypatch.setattr(inbox_module, "connect_imap", trusting)
    summary = poll(gm, inbox_module.ImapInbox(gm.imap), now=NOW)
    assert (summary.seen, summary.filed) == (len(mails), len(mails))
    with imaps.client(GM_ADDRESS) as plain:
        assert plain.select_folder("INBOX")[b"EXISTS"] == 0
        assert plain.select_folder(gm.imap.processed_folder)[b"EXISTS"] == len(mails)
    assert not list(mailbox.Maildir(imaps.maildir(GM_ADDRESS), create=False).keys())
