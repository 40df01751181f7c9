"""Two hosts configured on one IMAP mailbox (a second host made by copying the first's
wtg.yaml, or the old install's cron left running after the games folder moved): each poll
takes every mail of the inbox, a form of the other host's game is held as 'no game of this
host' and moved into the folders both hosts file into, and its player's orders wait in the
wrong host's quarantine. Nothing told either GM. A poll reads the UIDNEXT of its
processed and rejected folders before it moves anything and after: mail put there since
its last poll by anything else is said on stderr (cron mails it), with what to do."""

from __future__ import annotations

import email.policy
import json
import tarfile
from email.message import EmailMessage
from pathlib import Path

from tests.mail.realworld import write_config, wtg
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.mail.servers.inbox import FiledInFolders, ImapInbox, MaildirInbox
from wtg.mail.servers.otherhost import FOLDER_MARKS
from wtg.rules.wok.state import WokState
from wtg.serve.service import watched_inbox


def seats(game: str) -> list[PlayerEntry]:
    return [
        PlayerEntry(i, f"P{i}", f"{game}p{i}@players.example", f"{game.upper()}CODE{i}")
        for i in (1, 2)
    ]


def form_mail(text: str, sender: str, number: int) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = GM_ADDRESS
    msg["Subject"] = f"orders {number}"
    msg["Message-ID"] = f"<orders{number}@players.example>"
    msg.set_content(text)
    return msg.as_bytes(policy=email.policy.SMTP)


OTHER_FOLDERS = ", processed_folder: a-done, rejected_folder: a-held"
"""What host a's ``imap:`` section names to file into folders of other names."""

Host = tuple[Path, Game[WokState]]


def two_hosts(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink, a_folders: str = ""
) -> tuple[Host, Host]:
    """Hosts a and b at ``tmp_path``, each with a game of its own (a1, b1), polling the one
    mailbox (host a's ``imap:`` section with ``a_folders`` added): each host's config and
    game."""
    hosts = []
    for name in ("a", "b"):
        root = tmp_path / name
        root.mkdir()
        config = write_config(root, imap, smtp)
        if name == "a" and a_folders:
            text = config.read_text(encoding="utf-8")
            config.write_text(text.replace("}\nsmtp:", f"{a_folders}}}\nsmtp:"), encoding="utf-8")
        game = create_game(root / "games" / f"{name}1", "wok4", "small", seats(name), 5).typed(WOK4)
        hosts.append((config, game))
    return hosts[0], hosts[1]


def test_a_second_host_on_the_mailbox_is_told(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    (config_a, game_a), (config_b, game_b) = two_hosts(tmp_path, imap, smtp)
    first = wtg(config_b, "poll", "-q")
    assert (first.stdout, first.stderr) == ("", "")  # nothing yet: its folders noted
    imap.append(GM_ADDRESS, form_mail(filled_aof(game_b, 1), "b1p1@players.example", 1))
    taken = wtg(config_a, "poll")  # host a takes b's player's form: held, moved out
    assert "held for the GM 1" in taken.stdout
    told = wtg(config_b, "poll", "-q")
    assert told.stdout == ""
    assert told.stderr == (
        "wtg: poll: 1 mail came into wtg-rejected since this host's last poll, moved "
        "there by another program: another wtg host polls this mailbox (a copy of this "
        "config, an old install's cron), a mail client files into its folders, or the "
        "mail server delivers into them (some file a mail to an address user+folder@ in "
        "that folder); the mails it takes never reach this host's games, their players "
        "not told. Give each "
        "host a mailbox of its own, and stop the other program (its quarantine, "
        "`quarantine` given there, holds the forms of this host's games it took; an old "
        "install of this host, left running after the host moved, filed them into its own "
        "copy of the games: once it is stopped, move the newest 1 mail of wtg-rejected back "
        "into INBOX, and this host's next poll files each it has not filed itself)\n"
    )
    again = wtg(config_b, "poll", "-q")  # said once: nothing more came
    assert (again.stdout, again.stderr) == ("", "")
    # `wtg serve` logs it: `wtg status --host` says it too, for the day after
    host = wtg(config_b, "status", "--host").stdout.splitlines()
    (line,) = [line for line in host if line.startswith("ANOTHER PROGRAM ON THE MAILBOX")]
    assert line.endswith(told.stderr.removeprefix("wtg: poll: ").rstrip("\n"))
    data = json.loads(wtg(config_b, "status", "--host", "--json").stdout)
    assert data["other_program"]["line"].startswith("1 mail came into wtg-rejected")
    assert json.loads(wtg(config_a, "status", "--host", "--json").stdout)["other_program"] is None
    digest = wtg(config_b, "digest").stdout  # the daily mail of a host run by `wtg serve`
    part = digest.split("Another program on the mailbox:\n", 1)[1]
    assert part.startswith("  1 mail came into wtg-rejected since this host's last poll,")
    assert max(len(line) for line in digest.splitlines()) <= 78
    assert "Another program" not in wtg(config_a, "digest").stdout
    imap.append(GM_ADDRESS, form_mail(filled_aof(game_a, 1), "a1p1@players.example", 2))
    imap.append(GM_ADDRESS, form_mail(filled_aof(game_b, 2), "b1p2@players.example", 3))
    own = wtg(config_b, "poll", "-q")  # its own filing and holding: no word of it
    assert own.stdout.startswith("filed 1,") and "held for the GM 1" in own.stdout
    assert own.stderr == ""
    assert "wtg-processed" in wtg(config_a, "poll", "-q").stderr  # a learns of b's too
    # a backup leaves the marks out: restored later, the host would take its own polls
    # since the backup for another program's
    archive = tmp_path / "b.tar.gz"
    wtg(config_b, "backup", archive)
    with tarfile.open(archive) as tar:
        names = tar.getnames()
    assert any(name.endswith("journal.sqlite") for name in names), names
    assert not [name for name in names if name.endswith(FOLDER_MARKS)]


def test_the_service_s_poll_keeps_the_marks_too(tmp_path: Path, imap: Dovecot) -> None:
    """`wtg serve` wraps its inbox to stop a poll between batches: the wrapper of an IMAP
    inbox files into the server's folders as it does, a maildir's does not."""
    inbox = ImapInbox(imap.imap_config(GM_ADDRESS))
    try:
        wrapped = watched_inbox(inbox, lambda: False)
        assert isinstance(wrapped, FiledInFolders)
        assert wrapped.folder_marks() == inbox.folder_marks()
        assert set(wrapped.folder_marks()) == {"wtg-processed", "wtg-rejected"}
    finally:
        inbox.close()
    maildir = tmp_path / "maildir"
    for part in ("new", "cur", "tmp"):
        (maildir / part).mkdir(parents=True)
    assert not isinstance(watched_inbox(MaildirInbox(maildir), lambda: False), FiledInFolders)


def test_a_second_host_filing_into_folders_of_other_names_is_told(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """The second host was made with `wtg init` and its own `imap:` section, its folders
    named otherwise (a-done, a-held): no mail ever came into b's folders, and b was never
    told that a took its players' forms out of the inbox. A poll keeps the inbox's UIDNEXT
    too: mail that came after it and is gone before the next poll was taken by another."""
    (config_a, game_a), (config_b, game_b) = two_hosts(tmp_path, imap, smtp, OTHER_FOLDERS)
    first = wtg(config_b, "poll", "-q")
    assert (first.stdout, first.stderr) == ("", "")  # nothing yet: the inbox noted
    imap.append(GM_ADDRESS, form_mail(filled_aof(game_b, 1), "b1p1@players.example", 1))
    taken = wtg(config_a, "poll")  # a takes b's player's form into a-held
    assert "held for the GM 1" in taken.stdout
    assert len(imap.fetch_all(GM_ADDRESS, "a-held")) == 1
    told = wtg(config_b, "poll", "-q")
    assert told.stdout == ""
    assert told.stderr == (
        "wtg: poll: mail came into INBOX since this host's last poll and was taken out of "
        "it by another program before this poll: another wtg host polls this mailbox (a "
        "copy of this config, an old install's cron, a host filing into folders of other "
        "names), a mail client moves or deletes mail there, or a rule of the mail server "
        "moves it after delivery; the mails it takes never reach this host's games, their "
        "players not told. Give each host a mailbox of its own, and stop the other program "
        "(its quarantine, `quarantine` given there, holds the forms of this host's games it "
        "took)\n"
    )
    data = json.loads(wtg(config_b, "status", "--host", "--json").stdout)
    assert data["other_program"]["line"].startswith("mail came into INBOX since")
    again = wtg(config_b, "poll", "-q")  # said once: nothing more came
    assert (again.stdout, again.stderr) == ("", "")
    # b's own filing, of mail that came while nothing else polled: no word of it
    imap.append(GM_ADDRESS, form_mail(filled_aof(game_b, 2), "b1p2@players.example", 2))
    own = wtg(config_b, "poll")
    assert own.stdout.startswith("filed 1,") and own.stderr == ""
    quiet = wtg(config_b, "poll", "-q")  # what b moved out itself is not taken for another's
    assert (quiet.stdout, quiet.stderr) == ("", "")
    # a mail that waits in the inbox (came, and nobody polled): nothing was taken
    imap.append(GM_ADDRESS, form_mail(filled_aof(game_a, 1), "a1p1@players.example", 3))
    imap.append(GM_ADDRESS, form_mail(filled_aof(game_b, 1), "b1p1@players.example", 4))
    mixed = wtg(config_b, "poll", "-q")
    assert mixed.stderr == "" and "held for the GM 1" in mixed.stdout
    # a learns of b in its turn: b's moves came into a's inbox's mail as well
    imap.append(GM_ADDRESS, form_mail(filled_aof(game_a, 1), "a1p1@players.example", 5))
    wtg(config_b, "poll", "-q")
    assert "mail came into INBOX since this host's last poll" in wtg(config_a, "poll", "-q").stderr


def test_mail_taken_out_of_the_inbox_is_told_though_later_mail_waits_there(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """Host a (folders of other names) took b's player's form out of the inbox, and a
    stranger's mail came after a's poll and before b's: b found mail that came since its last
    poll still there and said nothing, so a mail a minute from anyone hid the second host for
    good. The oldest mail since b's last poll gone while later mail waits is taken too."""
    (config_a, _), (config_b, game_b) = two_hosts(tmp_path, imap, smtp, OTHER_FOLDERS)
    first = wtg(config_b, "poll", "-q")
    assert (first.stdout, first.stderr) == ("", "")  # nothing yet: the inbox noted
    imap.append(GM_ADDRESS, form_mail(filled_aof(game_b, 1), "b1p1@players.example", 1))
    taken = wtg(config_a, "poll")  # a takes b's player's form into a-held
    assert "held for the GM 1" in taken.stdout
    imap.append(GM_ADDRESS, form_mail("hello", "someone@stranger.example", 2))  # after a's poll
    told = wtg(config_b, "poll", "-q")
    assert told.stderr.startswith(
        "wtg: poll: mail came into INBOX since this host's last poll and was taken out of "
        "it by another program before this poll:"
    )
    quiet = wtg(config_b, "poll", "-q")  # what b moved out itself is not taken for another's
    assert quiet.stderr == ""
