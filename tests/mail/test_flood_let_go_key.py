"""A key whose mail a flood's trim let go (``wtg.mail.spool.floodcopies``: its copy in the
archive deleted, its record in the journal dropped) given again to another mail (a program
that files a maildir by names of its own, counting anew; a mailbox numbered as an old
one): the archive has nothing under the key to tell that it was another mail's, and the
outbox keeps the answers of the key for ever. The new mail's answer was taken for the one
sent to the stranger of the flood, and never went. A key the journal and the archive know
nothing of whose answers the outbox holds gets a key of its own (``wtg.mail.poll.samekey``)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.mail.loop import World
from tests.mail.realworld import wtg
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_held_floods import mail_at
from tests.mail.test_new_mailbox_same_numbers import (
    NEW_ADDRESS,
    host_filed_once,
    moved_to_a_mailbox_numbered_alike,
)
from tests.mail.test_two_hosts_one_mailbox import form_mail
from wtg.cli.demo import filled_aof
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.servers.mailboxkeys import MAILBOXES
from wtg.mail.spool import floodcopies


def answered_to(world: World, address: str) -> list[str]:
    """The ids of the outbox's answers queued to ``address``."""
    return [ident for ident, raw in world.outbox().items() if f"To: {address}".encode() in raw]


@pytest.fixture
def one_kept_each_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Of a day's mails from strangers that may go, the first and the newest kept: the
    second of three is let go."""
    monkeypatch.setattr(floodcopies, "FLOOD_DAY_FIRST", 1)
    monkeypatch.setattr(floodcopies, "FLOOD_DAY_NEWEST", 1)


def test_a_key_let_go_with_a_flood_given_to_another_mail_has_it_answered(
    tmp_path: Path, one_kept_each_end: None
) -> None:
    world = World(tmp_path)
    keys = [mail_at(world, n, "what is this?", f"x{n}@strangers.example") for n in range(3)]
    now = datetime.now(timezone.utc)
    assert poll(world.gm, MaildirInbox(world.gm.maildir_in), now).seen == 3
    let_go = keys[1].removeprefix("maildir:")
    assert not list(world.gm.spool.glob(f"archive/*/maildir-{let_go}.eml"))  # let go
    assert answered_to(world, "x1@strangers.example")  # its answer, kept by the outbox
    # a newcomer's question, filed into the inbox under the name the flood's mail had
    name = world.mail("what is this?", sender="newcomer@players.example")
    box = world.gm.maildir_in / "new"
    (box / name).rename(box / let_go)
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), now)
    assert summary.seen == 1
    assert answered_to(world, "newcomer@players.example")
    assert list(world.gm.spool.glob(f"archive/*/maildir-{let_go}.*.eml"))  # its own key


def test_on_a_real_server_a_uid_let_go_with_a_flood_given_again_has_its_mail_answered(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink, one_kept_each_end: None
) -> None:
    """A host that moved to a mailbox numbered as its old one, under a wtg that kept no mark
    of the mailboxes polled: the third mail of the new one has the UID of a stranger's
    question the old one answered and a flood's trim let go."""
    config, game = host_filed_once(tmp_path / "host", imap, smtp)  # UID 1
    for n in range(3):  # UIDs 2, 3 and 4: the second let go
        imap.append(GM_ADDRESS, question(f"x{n}@strangers.example", n))
    assert wtg(config, "poll").stdout.endswith(", answered 3\n")
    spool = config.parent / "games" / ".mail"
    assert len(list(spool.glob("archive/*/*.eml"))) == 3  # UID 3's copy let go
    wtg(config, "send")
    assert [m for m in smtp.messages if "x1@strangers.example" in m.rcpt_tos]
    (spool / MAILBOXES).unlink()
    moved_to_a_mailbox_numbered_alike(config, imap)
    orders = form_mail(filled_aof(game, 2), "g1p2@players.example", 2)
    for raw in (orders, orders, question("newcomer@players.example", 9)):
        imap.append(NEW_ADDRESS, raw)
    assert wtg(config, "poll").stdout.startswith("filed 1,")
    smtp.clear()
    wtg(config, "send")
    assert [m for m in smtp.messages if "newcomer@players.example" in m.rcpt_tos]


def question(sender: str, n: int) -> bytes:
    """A stranger's question to the host."""
    return (
        f"From: {sender}\r\nTo: {GM_ADDRESS}\r\nSubject: hello\r\n"
        f"Message-ID: <q{n}@strangers.example>\r\n\r\nwhat is this?\r\n"
    ).encode()
