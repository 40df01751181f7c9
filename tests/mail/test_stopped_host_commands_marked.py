"""Which commands stop on a host a copy of it took the mailbox over from: each command of
the CLI is marked ``refusing`` (``wtg.cli.movedhost``) or named read-only here, so a new
command cannot forget; each marked is shown to stop (``COMMANDS``, or a test of its own
look at the claims). Before, twenty commands each called the refusal by its own name,
and `quarantine --release`, `outbox --retry` and `bounces --clear` had forgotten it:
run on the old host, they changed its out-of-date copy, and said they were done. `wtg
status` and `wtg lists` there say first that what they print is of that copy."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_host_moved import dropped, imap_host, maildir_host, wtg
from tests.mail.test_stopped_host_gm_commands import COMMANDS, moved
from tests.mail.test_stopped_host_mails_nothing import STOPPED
from tests.mail.test_two_hosts_one_mailbox import form_mail, seats
from tests.shipped import WOK4
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.cli.movedhost import refuses
from wtg.game.engine import create_game

READ_ONLY = {
    "aof": "prints a form of the copy",
    "backup": "copies the host as it is, to look at or keep",
    "check-config": "reads the config",
    "demo": "plays a game of its own in a folder of its own",
    "dkim-keygen": "makes a key in a file",
    "init": "makes a new host",
    "lists": "prints the copy's lists, said to be out of date",
    "map": "draws a map of the copy",
    "oauth2-login": "takes a token from the provider",
    "ratings": "prints the copy's ratings",
    "restore": "makes a host of a backup, in a new folder",
    "site": "writes the copy's pages where it is told",
    "state": "prints a turn of the copy",
    "status": "prints the copy's games, said to be out of date",
    "topten": "prints a turn's Top Ten of the copy",
    "upgrade": "brings the copy's files to this wtg's format",
}
"""The commands that change nothing a player hears of, nor mail: they run on the old host
as on any other."""

OWN_LOOK = {
    "poll": "tests/mail/test_host_moved.py",
    "serve": "tests/mail/test_host_moved.py (its poll)",
    "send": "tests/mail/test_stopped_host_mails_nothing.py",
    "remind": "tests/mail/test_host_moved_reminds.py",
    "run-turn": "tests/mail/test_stopped_host_mails_nothing.py",
}
"""The commands marked that stop by their own look at the claims, with their words."""


def test_every_command_is_marked_refusing_or_named_read_only() -> None:
    commands = main.commands
    marked = {name for name, command in commands.items() if refuses(command)}
    assert not marked & set(READ_ONLY)
    assert sorted(set(commands) - marked - set(READ_ONLY)) == []  # a new one: mark or name it
    assert sorted(set(READ_ONLY) - set(commands)) == []


def test_every_command_marked_is_shown_to_stop_on_the_old_host() -> None:
    commands = main.commands
    marked = {name for name, command in commands.items() if refuses(command)}
    shown = {args[0] for args in COMMANDS} | set(OWN_LOOK)
    assert marked == shown
    assert {"quarantine", "outbox", "bounces"} <= marked


def test_a_mail_held_on_the_old_host_is_not_released_there(tmp_path: Path) -> None:
    """A mail the old host held (a game it does not know), released there after the copy
    took the mailbox over: before, it went back into the Maildir's inbox and `quarantine`
    said so, exit 0, the old host's record of it dropped."""
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    old_config, _ = maildir_host(tmp_path / "old", maildir)
    other = create_game(tmp_path / "elsewhere" / "g9", "wok4", "small", seats("g9"), 5).typed(WOK4)
    dropped(maildir, form_mail(filled_aof(other, 1), "g9p1@players.example", 1), "1.a")
    assert wtg(old_config, "poll").exit_code == 0  # held: a game it does not know
    listed = wtg(old_config, "quarantine", "--json")
    held = [item["key"] for item in json.loads(listed.stdout)["held_mails"]]
    assert len(held) == 1
    shutil.copytree(tmp_path / "old", tmp_path / "new", symlinks=True)
    assert wtg(tmp_path / "new" / "wtg.yaml", "poll").exit_code == 0
    given = wtg(old_config, "quarantine", "--release", held[0])
    assert given.exit_code == 1, given.output
    assert given.stderr.startswith(f"wtg: quarantine: {STOPPED}{maildir}: the host at ")
    assert list((maildir / "new").iterdir()) == []
    again = wtg(old_config, "quarantine", "--json")
    assert [item["key"] for item in json.loads(again.stdout)["held_mails"]] == held


def test_status_and_lists_on_the_old_host_say_first_they_are_of_its_copy(
    tmp_path: Path,
) -> None:
    old_config, new_config, maildir = moved(tmp_path)
    for args, this in (
        (("status",), "this status is"),
        (("status", "g1"), "this status is"),
        (("status", "--json"), "this status is"),
        (("lists",), "these lists are"),
    ):
        given = wtg(old_config, *args)
        assert given.exit_code == 0, given.output
        assert given.stderr.startswith(
            f"wtg: note: {this} of this host's copy of the games, out of date: "
            f"{STOPPED}{maildir}: the host at "
        ), args
        assert given.stderr.count("out of date") == 1
    assert "g1" in wtg(old_config, "status").stdout  # printed all the same
    for args in (("status",), ("status", "g1"), ("lists",)):
        assert "out of date" not in wtg(new_config, *args).stderr


def test_on_imap_a_mail_held_on_the_old_host_is_not_released_and_status_says_so(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    old_config, _ = imap_host(tmp_path / "old", imap, smtp)
    other = create_game(tmp_path / "elsewhere" / "g9", "wok4", "small", seats("g9"), 5)
    imap.append(GM_ADDRESS, form_mail(filled_aof(other.typed(WOK4), 1), "g9p1@players.example", 1))
    assert wtg(old_config, "poll").exit_code == 0  # held: a game it does not know
    listed = json.loads(wtg(old_config, "quarantine", "--json").stdout)["held_mails"]
    assert len(listed) == 1
    shutil.copytree(tmp_path / "old", tmp_path / "new", symlinks=True)
    assert wtg(tmp_path / "new" / "wtg.yaml", "poll").exit_code == 0
    given = wtg(old_config, "quarantine", "--release", listed[0]["key"])
    assert given.exit_code == 1, given.output
    assert given.stderr.startswith(f"wtg: quarantine: {STOPPED}{GM_ADDRESS}@")
    assert imap.fetch_all(GM_ADDRESS) == []  # not put back in the inbox
    status = wtg(old_config, "status")
    assert status.exit_code == 0, status.output
    assert status.stderr.startswith("wtg: note: this status is of this host's copy of the games")
