"""A host tried on the maildir transport, then moved to a mail server (`transport: imap`,
as docs/gm.md's first day leads to): a mail that still waited in the maildir transport's
inbox lay there unread, `check-config` passing and every poll saying "filed 0", a player's
orders lost without a word (newgm48). `check-config` and each poll (-q too) name it now, and
what to do; the poll of the server is as before."""

from __future__ import annotations

import mailbox
from email.message import EmailMessage
from pathlib import Path

from click.testing import CliRunner, Result

from tests.mail.servers import Dovecot, SmtpSink
from tests.mail.test_check_config import header, write_config
from wtg.cli import main
from wtg.mail.servers.unreadfiles import left_behind


def wtg(config: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), *args])


def note(maildir: Path, mail: Path) -> str:
    return (
        f"1 mail in {maildir}, the maildir transport's inbox, which no poll reads while the "
        f"host polls the IMAP server (transport: imap): {mail}; to have them filed, move them "
        f"into the server's inbox (a mail client's Move or Copy to it), then take them out of "
        f"{maildir}"
    )


def test_a_mail_left_in_the_maildir_inbox_is_named_once_the_host_polls_imap(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink
) -> None:
    imap.create_folder("gm@example.org", "wtg-processed")
    imap.create_folder("gm@example.org", "wtg-rejected")
    config = write_config(tmp_path, imap, smtp_auth)
    maildir = tmp_path / "games" / ".mail" / "maildir-in"
    maildir.parent.mkdir(mode=0o700)  # as the days on the maildir transport left it
    inbox = mailbox.Maildir(maildir, create=True)
    msg = EmailMessage()
    msg["From"] = "ann@example.org"
    msg["Subject"] = "my orders"
    msg.set_content("GAME: g1  TURN: 1  PLAYER: 1  CODE: ABCDEFGHJK")
    key = inbox.add(msg)
    mail = maildir / "new" / key
    assert mail.is_file()
    checked = wtg(config, "check-config")
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.splitlines()[:3] == [
        header(config, tmp_path)[0],
        f"note  {note(maildir, mail)}",
        header(config, tmp_path)[1],
    ]
    polled = wtg(config, "poll", "-q")
    assert (polled.exit_code, polled.stdout) == (0, "")
    assert polled.stderr == f"note: {note(maildir, mail)}\n"
    assert mail.is_file()  # nothing of it moved: the GM moves it
    mail.unlink()
    assert wtg(config, "poll", "-q").output == ""
    assert "maildir transport's inbox" not in wtg(config, "check-config").output


def test_the_maildir_transport_and_an_empty_inbox_say_nothing(tmp_path: Path) -> None:
    maildir = tmp_path / "in"
    (maildir / "new").mkdir(parents=True)
    (maildir / "new" / "1.mx").write_text("From: a@b.example\n\nhello\n", encoding="utf-8")
    (maildir / "cur").mkdir()
    (maildir / "cur" / ".hidden").write_text("x", encoding="utf-8")  # unread_notes' own
    assert left_behind("maildir", maildir) is None  # that poll reads it
    assert left_behind("imap", maildir) == f"note: {note(maildir, maildir / 'new' / '1.mx')}"
    (maildir / "new" / "1.mx").unlink()
    assert left_behind("imap", maildir) is None
    assert left_behind("imap", tmp_path / "none") is None  # never run on the maildir
