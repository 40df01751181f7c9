"""A host moved to another mailbox (another provider, another account) whose folder numbers
its mail as the old one did: the same UIDVALIDITY (servers that number their folders from
1, or two folders made in the same second by servers that take the clock for it). Each
new mail came with the key of a mail the journal knew, `imap:<uidvalidity>:<uid>`, and the
poll moved it out of the inbox unread, as a mail it had handled and could not move: a
player's orders never filed, nobody told (gmtrial43). A key is the journal's mail only
when the Message-ID kept with it is the mail's, and each mailbox the host moves to has
its keys marked as its own (``wtg.mail.servers.mailboxkeys``)."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

from tests.mail.maps import text_of
from tests.mail.realworld import write_config, wtg
from tests.mail.servers import GM_ADDRESS, GM_PASSWORD, Dovecot, SmtpSink
from tests.mail.test_two_hosts_one_mailbox import form_mail, seats
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.game.engine import Game, create_game
from wtg.mail.servers.mailboxkeys import MAILBOXES
from wtg.mail.spool.journal import Journal
from wtg.rules.wok.state import WokState

NEW_ADDRESS = "gm@new.example"
NEW_PASSWORD = "new-secret"


def uidvalidity(imap: Dovecot, user: str) -> int:
    with imap.client(user) as client:
        return int(client.folder_status("INBOX", [b"UIDVALIDITY"])[b"UIDVALIDITY"])


def numbered_as(imap: Dovecot, user: str, validity: int) -> None:
    """Gives ``user``'s INBOX, which holds no mail yet, the UIDVALIDITY ``validity``: its
    Maildir's uid list says it, and the indexes that remember the old one are removed
    (Dovecot makes them again from the list)."""
    uidvalidity(imap, user)  # the first login makes the Maildir and its uid list
    folder = imap.maildir(user)
    uidlist = folder / "dovecot-uidlist"
    version, _, rest = uidlist.read_text(encoding="ascii").partition(" ")
    fields = [f"V{validity}" if f.startswith("V") else f for f in rest.split(" ")]
    uidlist.write_text(f"{version} {' '.join(fields)}", encoding="ascii")  # its owner kept
    for index in folder.glob("dovecot*.index*"):
        index.unlink()
    assert uidvalidity(imap, user) == validity


def host_filed_once(
    root: Path, imap: Dovecot, smtp: SmtpSink, message_id: str | None = "<orders1@players.example>"
) -> tuple[Path, Game[WokState]]:
    """A host at ``root`` with a game g1 of two players, whose poll filed player 1's form
    from the GM's mailbox (its Message-ID ``message_id``; None: it has none): its config
    and game."""
    root.mkdir()
    config = write_config(root, imap, smtp)
    game = create_game(root / "games" / "g1", "wok4", "small", seats("g1"), 5).typed(WOK4)
    imap.append(GM_ADDRESS, written(filled_aof(game, 1), "g1p1@players.example", message_id))
    assert wtg(config, "poll").stdout.startswith("filed 1,")
    return config, game


def written(text: str, sender: str, message_id: str | None, number: int = 1) -> bytes:
    """An order mail of ``text`` from ``sender`` with the Message-ID ``message_id`` (None:
    none, as some phones' apps and scripts send)."""
    msg = email.message_from_bytes(form_mail(text, sender, number), policy=email.policy.SMTP)
    del msg["Message-ID"]
    if message_id is not None:
        msg["Message-ID"] = message_id
    return msg.as_bytes()


def moved_to_a_mailbox_numbered_alike(config: Path, imap: Dovecot) -> None:
    """The host's config moved to another mailbox, whose INBOX numbers its mail as the GM's
    old one did."""
    imap.add_user(NEW_ADDRESS, NEW_PASSWORD)
    numbered_as(imap, NEW_ADDRESS, uidvalidity(imap, GM_ADDRESS))
    text = config.read_text(encoding="utf-8")
    text = text.replace(f"username: {GM_ADDRESS}", f"username: {NEW_ADDRESS}")
    config.write_text(text.replace(f"password: {GM_PASSWORD}", f"password: {NEW_PASSWORD}"))


def test_a_new_mailbox_numbering_its_mail_as_the_old_one_files_every_mail(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    config, game = host_filed_once(tmp_path / "host", imap, smtp)
    wtg(config, "send")  # cron's: the turn 0 reports, and player 1's confirmation
    smtp.clear()
    moved_to_a_mailbox_numbered_alike(config, imap)
    imap.append(NEW_ADDRESS, form_mail(filled_aof(game, 2), "g1p2@players.example", 2))
    polled = wtg(config, "poll")  # its key is the one player 1's mail had in the old mailbox
    assert polled.stdout.startswith("filed 1,"), polled.stdout
    assert "2 of 2 orders in, 2 READY" in wtg(config, "status").stdout
    with imap.client(NEW_ADDRESS) as client:
        assert client.folder_status("INBOX", [b"MESSAGES"])[b"MESSAGES"] == 0
    wtg(config, "send")  # her confirmation, to her address
    (confirmed,) = [m for m in smtp.messages if "g1p2@players.example" in m.rcpt_tos]
    assert "READY" in text_of(confirmed.data)


def test_a_key_of_another_mail_the_journal_knows_is_filed_all_the_same(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """A host that moved to the new mailbox under a wtg that kept no marks of the mailboxes
    polled (``MAILBOXES`` not there, as after an upgrade): the new mailbox keeps the keys
    as they were, and a key the journal holds for a mail of the old one is known as another
    mail's by its Message-ID: the mail is filed and confirmed under a key of its own."""
    config, game = host_filed_once(tmp_path / "host", imap, smtp)
    wtg(config, "send")  # player 1's confirmation, named after his mail's key
    smtp.clear()
    (config.parent / "games" / ".mail" / MAILBOXES).unlink()  # as a wtg before this one left it
    moved_to_a_mailbox_numbered_alike(config, imap)
    imap.append(NEW_ADDRESS, form_mail(filled_aof(game, 2), "g1p2@players.example", 2))
    polled = wtg(config, "poll", "-v")
    assert polled.stdout.startswith("filed 1,"), polled.stdout
    key = f"imap:{uidvalidity(imap, NEW_ADDRESS)}:1."  # and a digest of its Message-ID
    assert f"  {key}" in polled.stdout and ": stored: g1 turn 1 player 2" in polled.stdout
    assert "2 of 2 orders in, 2 READY" in wtg(config, "status").stdout
    wtg(config, "send")  # her confirmation: not taken for his, sent before
    (confirmed,) = [m for m in smtp.messages if "g1p2@players.example" in m.rcpt_tos]
    assert "READY" in text_of(confirmed.data)
    with imap.client(NEW_ADDRESS) as client:
        assert client.folder_status("INBOX", [b"MESSAGES"])[b"MESSAGES"] == 0  # moved out


def test_one_message_id_on_every_mail_is_no_mark_of_the_same_mail(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """A player whose phone writes one Message-ID on every mail: his next mail, under the
    key his last one had in the old mailbox, is another mail (its body is not the one kept
    with the key), read and filed; no mark of the mailboxes polled, as a wtg before them
    left the host."""
    config, game = host_filed_once(tmp_path / "host", imap, smtp, "<phone@players.example>")
    (config.parent / "games" / ".mail" / MAILBOXES).unlink()
    moved_to_a_mailbox_numbered_alike(config, imap)
    again = filled_aof(game, 1) + "\nPS: my orders again, sent from my phone\n"
    imap.append(NEW_ADDRESS, written(again, "g1p1@players.example", "<phone@players.example>"))
    polled = wtg(config, "poll", "-v")
    assert polled.stdout.startswith("filed 1,"), polled.stdout
    key = f"imap:{uidvalidity(imap, NEW_ADDRESS)}:1."  # and a digest of its mark
    assert f"  {key}" in polled.stdout and ": stored: g1 turn 1 player 1" in polled.stdout


def test_mails_without_a_message_id_under_one_key_are_each_read(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    config, game = host_filed_once(tmp_path / "host", imap, smtp, None)
    (config.parent / "games" / ".mail" / MAILBOXES).unlink()
    moved_to_a_mailbox_numbered_alike(config, imap)
    imap.append(NEW_ADDRESS, written(filled_aof(game, 2), "g1p2@players.example", None, 2))
    polled = wtg(config, "poll", "-v")
    assert polled.stdout.startswith("filed 1,"), polled.stdout
    assert ": stored: g1 turn 1 player 2" in polled.stdout
    assert "2 of 2 orders in, 2 READY" in wtg(config, "status").stdout


def test_a_copy_in_the_archive_is_never_written_over_by_another_mail(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """The record of player 1's mail let go (``MESSAGES_KEPT`` on, in the same month) before
    the host moved: the new mailbox's first mail has the key, and the archive's name, of
    his; both copies are kept."""
    config, game = host_filed_once(tmp_path / "host", imap, smtp)
    archive = config.parent / "games" / ".mail" / "archive"
    (old,) = archive.glob("*/*.eml")
    kept = old.read_bytes()
    journal = Journal(config.parent / "games" / ".mail")
    assert journal.prune_messages(float("inf")) == 1  # as two weeks on
    journal.commit()
    journal.close()
    (config.parent / "games" / ".mail" / MAILBOXES).unlink()
    moved_to_a_mailbox_numbered_alike(config, imap)
    imap.append(NEW_ADDRESS, form_mail(filled_aof(game, 2), "g1p2@players.example", 2))
    polled = wtg(config, "poll", "-v")
    assert polled.stdout.startswith("filed 1,"), polled.stdout
    assert old.read_bytes() == kept
    (new,) = [p for p in archive.glob("*/*.eml") if p != old]
    assert b"From: g1p2@players.example" in new.read_bytes()


def test_a_key_given_again_months_on_has_its_mail_confirmed(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """Player 1's mail filed and confirmed in January, its record let go two weeks on: the
    outbox keeps its confirmation under its key for ever, and the new mailbox's first mail,
    under that key, had its orders filed and its confirmation taken for his, never sent."""
    config, game = host_filed_once(tmp_path / "host", imap, smtp)
    wtg(config, "send")
    smtp.clear()
    spool = config.parent / "games" / ".mail"
    (month,) = (spool / "archive").iterdir()
    month.rename(month.parent / "2026-01")  # as if it came in January
    journal = Journal(spool)
    assert journal.prune_messages(float("inf")) == 1
    journal.commit()
    journal.close()
    (spool / MAILBOXES).unlink()
    moved_to_a_mailbox_numbered_alike(config, imap)
    imap.append(NEW_ADDRESS, form_mail(filled_aof(game, 2), "g1p2@players.example", 2))
    assert wtg(config, "poll").stdout.startswith("filed 1,")
    wtg(config, "send")
    (confirmed,) = [m for m in smtp.messages if "g1p2@players.example" in m.rcpt_tos]
    assert "READY" in text_of(confirmed.data)
