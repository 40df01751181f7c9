"""A host moved to another mailbox (another provider, another account) whose folder numbers
its mail as the old one did: the same UIDVALIDITY (servers that number their folders from
1, or two folders made in the same second by servers that take the clock for it). Each
new mail came with the key of a mail the journal knew, `imap:<uidvalidity>:<uid>`, and the
poll moved it out of the inbox unread, as a mail it had handled and could not move: a
player's orders never filed, nobody told (gmtrial43). A key is the journal's mail only
when the Message-ID kept with it is the mail's, and each mailbox the host moves to has
its keys marked as its own (``wtg.mail.servers.mailboxkeys``)."""

from __future__ import annotations

from pathlib import Path

from tests.mail.maps import text_of
from tests.mail.realworld import write_config, wtg
from tests.mail.servers import GM_ADDRESS, GM_PASSWORD, Dovecot, SmtpSink
from tests.mail.test_two_hosts_one_mailbox import form_mail, seats
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.game.engine import Game, create_game
from wtg.mail.servers.mailboxkeys import MAILBOXES
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


def host_filed_once(root: Path, imap: Dovecot, smtp: SmtpSink) -> tuple[Path, Game[WokState]]:
    """A host at ``root`` with a game g1 of two players, whose poll filed player 1's form
    from the GM's mailbox: its config and game."""
    root.mkdir()
    config = write_config(root, imap, smtp)
    game = create_game(root / "games" / "g1", "wok4", "small", seats("g1"), 5).typed(WOK4)
    imap.append(GM_ADDRESS, form_mail(filled_aof(game, 1), "g1p1@players.example", 1))
    assert wtg(config, "poll").stdout.startswith("filed 1,")
    return config, game


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
