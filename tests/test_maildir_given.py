"""A maildir_in (or maildir_out) the GM names in the config with a typo, or pointing at a
folder that is no Maildir: the poll made the folder (or its cur, new and tmp) without a
word and read it, empty, at every cron run, while the players' mail lay in the folder
meant, never filed. A folder the config names is now never made: poll and send refuse it
in one line, and check-config says FAIL. The folders of the games folder's .mail, which
wtg keeps, are still made by the first poll or send."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.test_gm_controls import make
from wtg.cli import main


def host(root: Path, key: str, value: str) -> Path:
    (root / "games").mkdir()
    for sub in ("cur", "new", "tmp"):
        (root / "Maildir" / sub).mkdir(parents=True)
    config = root / "wtg.yaml"
    config.write_text(f"games_dir: games\n{key}: {value}\n", encoding="utf-8")
    return config


def wtg(config: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), *args])


@pytest.mark.parametrize(("key", "command"), [("maildir_in", "poll"), ("maildir_out", "send")])
def test_a_maildir_named_with_a_typo_is_refused_not_made(
    tmp_path: Path, key: str, command: str
) -> None:
    config = host(tmp_path, key, "Maildr")
    result = wtg(config, command)
    folder = tmp_path / "Maildr"
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: {key} {folder} ({config}) does not exist (did you mean {tmp_path / 'Maildir'}?): "
        f"correct {key}, or make it a Maildir (mkdir -p {folder}/cur {folder}/new "
        f"{folder}/tmp)\n"
    )
    assert not folder.exists()
    checked = wtg(config, "check-config")
    assert checked.exit_code == 1
    assert (
        f"FAIL  {key} {folder}: missing (did you mean {tmp_path / 'Maildir'}? Correct {key})"
        in checked.stdout.splitlines()
    )


def test_a_maildir_in_that_is_a_plain_folder_is_refused_not_made_one(tmp_path: Path) -> None:
    config = host(tmp_path, "maildir_in", "mail")
    (tmp_path / "mail").mkdir()
    (tmp_path / "mail" / "orders.txt").write_text("an AOF\n", encoding="utf-8")
    result = wtg(config, "poll")
    folder = tmp_path / "mail"
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: maildir_in {folder} ({config}) is not a Maildir (no cur, new, tmp): correct "
        f"maildir_in, or make it one (mkdir -p {folder}/cur {folder}/new {folder}/tmp)\n"
    )
    assert sorted(p.name for p in folder.iterdir()) == ["orders.txt"]


def test_a_maildir_named_that_is_there_is_polled(tmp_path: Path) -> None:
    config = host(tmp_path, "maildir_in", "Maildir")
    result = wtg(config, "poll")
    assert result.exit_code == 0, result.output
    assert result.stdout == "filed 0, rejected 0, quarantined 0, ignored 0\n"


def test_the_games_folders_own_maildirs_are_still_made_by_the_first_poll(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\n", encoding="utf-8")
    assert wtg(config, "poll").exit_code == 0
    assert wtg(config, "send").exit_code == 0
    for box in ("maildir-in", "maildir-out"):
        assert (tmp_path / "games" / ".mail" / box / "new").is_dir()


def polled_host(tmp_path: Path) -> Path:
    """A host of game g1 on the maildir default, polled once (which makes the spool's
    Maildirs): its config."""
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@example.org\n")
    make(tmp_path / "games")
    assert wtg(config, "poll").exit_code == 0
    return config


def form_mail(config: Path) -> EmailMessage:
    """Player 1's blank form of g1, mailed as a client makes it."""
    mail = EmailMessage()
    mail["From"] = "p1@example.org"
    mail["To"] = "gm@example.org"
    mail["Subject"] = "orders"
    mail.set_content(wtg(config, "aof", "g1", "--player", "1").stdout)
    return mail


def test_a_mail_saved_beside_new_is_named_by_the_poll_not_left_unread(tmp_path: Path) -> None:
    """A player's mail saved by hand into games/.mail/maildir-in/ itself, a folder too high
    (docs/gm.md: into maildir-in/new/): the poll said "filed 0" and `wtg status` nothing,
    and the orders lay there unread for good. The poll names the file and where it goes,
    with -q too (cron's), and files it once it is moved there."""
    config = polled_host(tmp_path)
    mail = form_mail(config)
    inbox = tmp_path / "games" / ".mail" / "maildir-in"
    stray = inbox / "orders.eml"
    stray.write_bytes(bytes(mail))
    result = wtg(config, "poll", "-q")
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == (
        f"note: 1 file in {inbox} itself, where the poll reads no mail (only its new/ and "
        f"cur/ folders): {stray}; move a mail there into {inbox / 'new'} and the next poll "
        "files it\n"
    )
    assert stray.read_bytes() == bytes(mail)  # left where it is
    stray.rename(inbox / "new" / "orders.eml")
    result = wtg(config, "poll", "-v")
    assert result.stdout.splitlines() == [
        "filed 1, rejected 0, quarantined 0, ignored 0",
        "  maildir:orders.eml: stored: g1 turn 1 player 1"
        ", with the seat's code from another address",
    ]
    assert result.stderr == ""


MAIL_SERVERS_OWN = {
    "dovecot-uidlist": b"3 V1764979200 N4 G0f3a1c2b\n1 :1764979201 W1234\n",
    "dovecot-uidvalidity": b"693a1c00\n",
    "dovecot-uidvalidity.693a1c00": b"",
    "dovecot.index.log": b"\x01\x03\x28\x00\x00\x00\x00\x00\x69\x3a\x1c\x00",
    "dovecot-keywords": b"0 $Forwarded\n",
    "subscriptions": b"INBOX\nprocessed\n",
    "maildirsize": b"104857600S,0C\n1234 1\n",
    "courierimapuiddb": b"1 1764979200 5\n",
}
"""What a mail server's delivery agent or IMAP server keeps in a Maildir's own folder
(Dovecot's uid list, index and subscriptions, Courier's uid list, the quota's size file)."""


def test_a_mail_servers_own_files_beside_new_are_no_mail_saved_there(tmp_path: Path) -> None:
    """review37: maildir_in delivered by Dovecot (its LDA) or Courier, or under a quota,
    holds their files in its own folder. The poll named each as a mail saved a folder too
    high, on stderr at every run, -q too: cron mailed the GM every five minutes. A file
    that reads as a mail (a header line first) is named; theirs are not."""
    config = polled_host(tmp_path)
    inbox = tmp_path / "games" / ".mail" / "maildir-in"
    for name, data in MAIL_SERVERS_OWN.items():
        (inbox / name).write_bytes(data)
    result = wtg(config, "poll", "-q")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    mail = EmailMessage()
    mail["From"] = "p1@example.org"
    mail["Subject"] = "orders"
    mail.set_content("READY")
    stray = inbox / "saved.eml"
    stray.write_bytes(b"From p1@example.org Sat Dec  5 10:00:00 2026\n" + bytes(mail))
    result = wtg(config, "poll", "-q")
    assert result.stderr.startswith(f"note: 1 file in {inbox} itself, "), result.stderr
    assert f": {stray}; move a mail there" in result.stderr
    stray.write_bytes(b"\n" + bytes(mail))  # a client's file of another shape: its name says
    assert f": {stray}; move a mail there" in wtg(config, "poll", "-q").stderr


def test_a_mail_named_with_a_dot_in_new_is_named_by_the_poll_not_skipped_unsaid(
    tmp_path: Path,
) -> None:
    """A GM's test mail saved into maildir-in/new/ as `.orders.eml` (a client's "Save as"
    that kept a hidden name): the poll skipped it, as a Maildir's rule has it (a writer
    hides a mail so until it is whole), and said nothing, not even "filed 0". It names
    the file and what to do, with -q too, and files it once it is renamed."""
    config = polled_host(tmp_path)
    mail = form_mail(config)
    new = tmp_path / "games" / ".mail" / "maildir-in" / "new"
    hidden = new / ".orders.eml"
    hidden.write_bytes(bytes(mail))
    result = wtg(config, "poll", "-q")
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == (
        f'note: 1 file in {new} whose name begins with ".", which the poll skips (a '
        f"Maildir's rule: a mail still being written is hidden so): {hidden}; rename a mail "
        'there without the "." and the next poll files it\n'
    )
    assert hidden.read_bytes() == bytes(mail)  # left where it is
    hidden.rename(new / "orders.eml")
    result = wtg(config, "poll", "-v")
    assert result.stdout.splitlines() == [
        "filed 1, rejected 0, quarantined 0, ignored 0",
        "  maildir:orders.eml: stored: g1 turn 1 player 1"
        ", with the seat's code from another address",
    ]
    assert result.stderr == ""


def test_a_hidden_file_named_with_a_line_break_is_named_on_the_notes_one_line(
    tmp_path: Path,
) -> None:
    """A file in new/ whose name holds a line break and an escape sequence (a client's
    "Save as" of a hostile Subject, a careless script): the note printed the name as it is,
    its line break starting a line of its own under the note (a forged `wtg:` line on the
    GM's terminal and in cron's mail). The name is shown with each such character as its
    escape, on the note's one line."""
    config = polled_host(tmp_path)
    new = tmp_path / "games" / ".mail" / "maildir-in" / "new"
    hidden = new / ".Re: orders\nwtg: all games ran\x1b]0;owned\x07.eml"
    hidden.write_bytes(b"From: p1@example.org\n\nHELP\n")
    result = wtg(config, "poll", "-q")
    assert (result.exit_code, result.stdout) == (0, "")
    shown = f"{new}/.Re: orders\\nwtg: all games ran\\x1b]0;owned\\x07.eml"
    assert result.stderr == (
        f'note: 1 file in {new} whose name begins with ".", which the poll skips (a '
        f"Maildir's rule: a mail still being written is hidden so): {shown}; rename a mail "
        'there without the "." and the next poll files it\n'
    )
