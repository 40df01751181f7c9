"""A mail the GM moves back into the inbox (docs/gm.md, "Moving a host": the whole processed
folder, in a mail client) that this host filed itself is the same mail again: noted as a
copy, not filed again, not answered again; its player had his confirmation. A mail without
a Message-ID was filed and confirmed a second time: it is known by its bytes, which the
server gives whole as it gave them before (mailkeys44; docs/mail.md, "moved back")."""

from __future__ import annotations

from pathlib import Path

from tests.mail.realworld import wtg
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_new_mailbox_same_numbers import host_filed_once, written
from wtg.cli.demo import filled_aof

RECEIVED = b"Subject: [g1] orders for turn 1 received"


def test_mails_this_host_filed_put_back_into_the_inbox_are_not_answered_again(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    config, game = host_filed_once(tmp_path / "host", imap, smtp, None)  # player 1: no ID
    mail = written(filled_aof(game, 2), "g1p2@players.example", "<orders2@players.example>", 2)
    imap.append(GM_ADDRESS, mail)
    assert wtg(config, "poll").stdout.startswith("filed 1,")
    wtg(config, "send")  # the turn 0 reports, and each player's confirmation
    confirmed = sorted(m.rcpt_tos[0] for m in smtp.messages if RECEIVED in m.data)
    assert confirmed == ["g1p1@players.example", "g1p2@players.example"]
    smtp.clear()
    with imap.client(GM_ADDRESS) as client:  # the GM's mail client: the whole folder back
        client.select_folder("wtg-processed")
        client.move(client.search("ALL"), "INBOX")
    again = wtg(config, "poll", "-v")
    assert again.stdout.startswith("filed 0, rejected 0, quarantined 0, ignored 2"), again.stdout
    assert again.stdout.count(": a copy of imap:") == 2
    assert "2 of 2 orders in, 2 READY" in wtg(config, "status").stdout
    wtg(config, "send")
    assert smtp.messages == []
    with imap.client(GM_ADDRESS) as client:
        assert client.folder_status("INBOX", [b"MESSAGES"])[b"MESSAGES"] == 0


def test_one_mail_without_a_message_id_copied_into_the_inbox_twice_is_answered_once(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """The GM's mail client copies a player's mail into the inbox twice (two UIDs, the
    same bytes): filed and confirmed once; the other was answered "unchanged"."""
    config, game = host_filed_once(tmp_path / "host", imap, smtp, None)
    mail = written(filled_aof(game, 2), "g1p2@players.example", None, 2)
    imap.append(GM_ADDRESS, mail)
    imap.append(GM_ADDRESS, mail)
    polled = wtg(config, "poll", "-v")
    assert polled.stdout.startswith("filed 1, rejected 0, quarantined 0, ignored 1")
    wtg(config, "send")
    answers = [m for m in smtp.messages if "g1p2@players.example" in m.rcpt_tos]
    assert sorted(RECEIVED in m.data for m in answers) == [False, True]  # and her turn 0 report
