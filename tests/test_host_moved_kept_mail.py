"""A host moved to another folder (`mv /srv/wtg /data/wtg`, or restored by `wtg restore`
into another): the journal keeps the path of each mail the poll kept where it wrote it,
and `wtg status` and `wtg quarantine` named the old place (`kept in
/srv/wtg/games/.mail/archive/...`), where `wtg orders GAME FILE`, the command they give to
file a mail set aside, found no file. They name it where it lies now, in this host's
archive."""

from __future__ import annotations

import mailbox
from email.message import EmailMessage
from pathlib import Path

from tests.gmtyped import ann_and_bob_host, wtg


def test_a_mail_set_aside_is_named_where_it_lies_after_the_host_moved(tmp_path: Path) -> None:
    config = ann_and_bob_host(tmp_path / "old")
    message = EmailMessage()
    message["From"] = "ann@example.org"
    message["To"] = "gm@example.org"
    message["Subject"] = "orders"
    message["Auto-Submitted"] = "auto-replied"  # her mail program's: the poll sets it aside
    form = wtg("--config", config, "aof", "g1", "--player", "1").output
    message.set_content(form.replace("R1: _", "R1: 1"))  # READY: orders
    mailbox.Maildir(tmp_path / "old" / "games" / ".mail" / "maildir-in").add(message)
    assert wtg("--config", config, "poll").exit_code == 0

    (tmp_path / "old").rename(tmp_path / "new")
    config = tmp_path / "new" / "wtg.yaml"
    shown = wtg("--config", config, "status").output
    kept = shown.split("kept in")[1].split()[0]  # the path whole, on a line of its own
    assert kept.startswith(str(tmp_path / "new" / "games" / ".mail" / "archive")), shown
    filed = wtg("--config", config, "orders", "g1", kept)
    assert filed.exit_code == 0, filed.output
    assert "SET ASIDE" not in wtg("--config", config, "status").output  # known as filed
