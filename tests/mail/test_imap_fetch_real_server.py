"""Against the real Dovecot: the poll's FETCH of bodies (``ImapInbox``, through imapclient's
``fetch``) gives every waiting mail's bytes as the server holds them and its arrival time
with the server's offset, on a connection set up as the poll sets its own (QRESYNC on);
a mail another client flagged meanwhile is still read, and a UID the server does not
have is left out."""

from __future__ import annotations

from tests.mail.servers import GM_ADDRESS, Dovecot
from wtg.host.config import ImapConfig
from wtg.mail.servers.inbox import HEAD_MAX, ImapInbox

MAILS = [
    b"Subject: orders\r\n\r\nA1: 1 2 3\r\n",
    b"Subject: a bracket\r\n\r\n)\r\n{12}\r\n* 3 FETCH (UID 9)\r\n",
    "Subject: =?utf-8?q?K=C3=B6nig?=\r\nContent-Type: text/plain; charset=utf-8\r\n"
    "Content-Transfer-Encoding: 8bit\r\n\r\nK\u00f6nigsberg f\u00e4llt\r\n".encode(),
    b"Subject: empty\r\n\r\n",
    b"Subject: big\r\n\r\n" + b"x" * 76 + b"\r\n" * 4000,
]


def config_of(imap: Dovecot) -> ImapConfig:
    return imap.imap_config(GM_ADDRESS)


def test_the_bodies_and_times_are_the_server_s(imap: Dovecot) -> None:
    with imap.client(GM_ADDRESS) as client:
        for raw in MAILS:
            client.append("INBOX", raw)
        client.normalise_times = False  # with the server's offset
        client.select_folder("INBOX")
        theirs = client.fetch(client.search(["ALL"]), ["INTERNALDATE"])
    inbox = ImapInbox(config_of(imap))
    try:
        assert inbox.client.has_capability("QRESYNC")
        batches = list(inbox.waiting(max_bytes=1_000_000))
    finally:
        inbox.close()
    (batch,) = batches
    assert [m.raw for m in batch] == MAILS
    assert [m.key for m in batch] == [f"imap:{inbox.uidvalidity}:{uid}" for uid in sorted(theirs)]
    for message, uid in zip(batch, sorted(theirs), strict=True):
        assert message.received.tzinfo is not None
        assert message.received == theirs[uid][b"INTERNALDATE"]
        assert message.size == len(message.raw)


def test_mails_flagged_meanwhile_are_read_and_one_not_there_is_left_out(imap: Dovecot) -> None:
    with imap.client(GM_ADDRESS) as client:
        for raw in MAILS:
            client.append("INBOX", raw)
    inbox = ImapInbox(config_of(imap))
    try:
        uids = inbox.client.search(["ALL"])
        with imap.client(GM_ADDRESS) as other:  # another client, between survey and fetch
            other.select_folder("INBOX")
            other.add_flags(uids[0:1], [b"\\Flagged"])
            other.delete_messages(uids[1:2])
        asked = [*uids, max(uids) + 50]  # and one the server does not have
        batch = inbox._fetch(asked, dict.fromkeys(asked), 1_000_000)
    finally:
        inbox.close()
    assert [m.key for m in batch] == [f"imap:{inbox.uidvalidity}:{uid}" for uid in uids]
    assert [m.raw for m in batch] == MAILS


def test_a_mail_too_big_is_read_no_further_than_its_headers_first_bytes(imap: Dovecot) -> None:
    """A mail over ``max_bytes`` is fetched by its header alone, to answer a player: a
    stranger's mail that is all header (near two megabytes of it, under a limit of one)
    was fetched, parsed and archived whole, where the maildir's reads ``HEAD_MAX`` bytes
    of it. The IMAP fetch asks for its first ``HEAD_MAX`` bytes, as the maildir reads."""
    filler = b"".join(b"X-Filler-%06d: %s\r\n" % (n, b"y" * 60) for n in range(25_000))
    raw = b"From: big@else.example\r\nSubject: big\r\n" + filler + b"\r\nLIST\r\n"
    with imap.client(GM_ADDRESS) as client:
        client.append("INBOX", raw)
    inbox = ImapInbox(config_of(imap))
    try:
        ((message,),) = list(inbox.waiting(max_bytes=1_000_000))
    finally:
        inbox.close()
    assert message.raw == b""
    assert message.size == len(raw) > 1_900_000
    assert len(message.head) <= HEAD_MAX + 4
    assert message.head.startswith(b"From: big@else.example\r\nSubject: big\r\nX-Filler-000000")
