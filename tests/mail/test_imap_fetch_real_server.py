"""Against the real Dovecot: the poll's FETCH of bodies (wtg/mail/imapfetch.py) gives what
imapclient's ``fetch`` gives for the same mails, on a connection set up as the poll sets
its own (QRESYNC on, times as the server wrote them)."""

from __future__ import annotations

from tests.mail.servers import GM_ADDRESS, Dovecot
from wtg.mail.imapfetch import ITEMS, fetch_bodies

MAILS = [
    b"Subject: orders\r\n\r\nA1: 1 2 3\r\n",
    b"Subject: a bracket\r\n\r\n)\r\n{12}\r\n* 3 FETCH (UID 9)\r\n",
    "Subject: =?utf-8?q?K=C3=B6nig?=\r\nContent-Type: text/plain; charset=utf-8\r\n"
    "Content-Transfer-Encoding: 8bit\r\n\r\nK\u00f6nigsberg f\u00e4llt\r\n".encode(),
    b"Subject: empty\r\n\r\n",
    b"Subject: big\r\n\r\n" + b"x" * 76 + b"\r\n" * 4000,
]


def test_the_bodies_and_times_are_those_imapclient_reads(imap: Dovecot) -> None:
    with imap.client(GM_ADDRESS) as client:
        for raw in MAILS:
            client.append("INBOX", raw)
        client.normalise_times = False
        assert client.has_capability("QRESYNC")
        client.enable("QRESYNC")
        client.select_folder("INBOX")
        uids = client.search(["UNDELETED"])
        client.delete_messages(uids[1:2])  # flagged meanwhile: an unsolicited FETCH may come
        asked = [*uids, max(uids) + 50]  # one that is not there
        ours = fetch_bodies(client, asked)
        theirs = client.fetch(asked, ITEMS)
    assert sorted(ours) == uids
    assert ours == {
        uid: {b"BODY[]": info[b"BODY[]"], b"INTERNALDATE": info[b"INTERNALDATE"]}
        for uid, info in theirs.items()
    }
    assert [ours[uid][b"BODY[]"] for uid in uids] == [raw for raw in MAILS]
    assert all(info[b"INTERNALDATE"].tzinfo is not None for info in ours.values())
