"""A host moved to another machine (its folder copied whole) while the old install's cron
still ran once more on the same mailbox: the old install filed a player's form into its own
copy of the game, and the new host's poll said another program had filed a mail, and that
its quarantine held the forms it took. It held none: the form was filed there, where no
turn would run again, and the GM had no way told to bring it over. The line says what to do
when the other program is the host's old install: stop it, move the newest mails of the
folder back into the inbox; the next poll files each it has not filed (gmtrial43)."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.mail.realworld import wtg
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_new_mailbox_same_numbers import host_filed_once
from tests.mail.test_two_hosts_one_mailbox import form_mail
from wtg.cli.demo import filled_aof


def test_the_old_install_s_mail_is_brought_back_as_the_line_says(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    old_config, game = host_filed_once(tmp_path / "old", imap, smtp)  # the folders' marks kept
    shutil.copytree(tmp_path / "old", tmp_path / "new", symlinks=True)  # the move: `cp -a`
    new_config = tmp_path / "new" / "wtg.yaml"
    imap.append(GM_ADDRESS, form_mail(filled_aof(game, 2), "g1p2@players.example", 2))
    assert wtg(old_config, "poll").stdout.startswith("filed 1,")  # the old cron, once more
    told = wtg(new_config, "poll", "-q")
    assert told.stdout == ""
    took, other = told.stderr.splitlines(keepends=True)  # the copy takes the old one's claim
    assert took.startswith("wtg: poll: this host now serves the mailbox "), took
    assert other.startswith("wtg: poll: 1 mail came into wtg-processed since this host's")
    assert other.endswith(
        "holds the forms of this host's games it took; an old install of this host, left "
        "running after the host moved, filed them into its own copy of the games: once it "
        "is stopped, move the newest 1 mail of wtg-processed back into INBOX, and this "
        "host's next poll files each it has not filed itself)\n"
    )
    assert "1 of 2 orders in" in wtg(new_config, "status").stdout  # player 2's is not here
    with imap.client(GM_ADDRESS) as client:  # as the line says, in a mail client
        client.select_folder("wtg-processed")
        client.move(sorted(client.search("ALL"))[-1:], "INBOX")
    brought = wtg(new_config, "poll", "-q")
    assert brought.stderr == ""  # its own mail put back: not another program's
    assert "2 of 2 orders in, 2 READY" in wtg(new_config, "status").stdout
    with imap.client(GM_ADDRESS) as client:  # the whole folder put back: copies, left alone
        client.select_folder("wtg-processed")
        client.move(client.search("ALL"), "INBOX")
    again = wtg(new_config, "poll")
    assert again.stdout.startswith("filed 0, rejected 0, quarantined 0, ignored 2"), again.stdout
    assert "2 of 2 orders in, 2 READY" in wtg(new_config, "status").stdout
