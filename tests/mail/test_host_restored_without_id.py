"""A host restored from a backup that a wtg before round 44 made (no host-id.json in its
spool) while the old host, upgraded, goes on claiming the mailbox: the restored host took
an id of its own, a host of no line, and never stopped the old one. `wtg restore` now keeps
the place the backup was made on (``COPIED_FROM``); the restored host's first poll finds
the old host's claim of that place, takes its id as the one it descends from, claims the
mailbox after it, and the old host stops at its next poll."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from tests.mail.realworld import write_config
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_host_moved import imap_host, maildir_host, wtg
from wtg.cli import main
from wtg.mail.servers.claims import CLAIMS_FOLDER
from wtg.mail.spool.hostid import COPIED_FROM, HOST_ID

STOPPED = "this host no longer serves the mailbox "


def restored(archive: Path, into: Path) -> Path:
    """``archive`` restored into ``into``, its config placed beside: the config's path."""
    done = CliRunner().invoke(main, ["restore", str(archive), "--games-dir", str(into)])
    assert done.exit_code == 0, done.output
    config = into.parent / "wtg.yaml"
    config.write_bytes((into / ".restored" / "wtg.yaml").read_bytes())
    os.chmod(config, 0o600)
    return config


def test_the_old_maildir_host_stops_once_the_host_restored_without_an_id_polls(
    tmp_path: Path,
) -> None:
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    old_config, _ = maildir_host(tmp_path / "old", maildir)
    archive = tmp_path / "host.tar.gz"
    assert wtg(old_config, "send").exit_code == 0  # the spool made, as an older host's is
    assert not (tmp_path / "old" / "games" / ".mail" / HOST_ID).exists()
    assert wtg(old_config, "backup", str(archive)).exit_code == 0  # no id in it
    assert wtg(old_config, "poll").exit_code == 0  # the old host, upgraded, claims the Maildir
    new_config = restored(archive, tmp_path / "new" / "games")
    spool = tmp_path / "new" / "games" / ".mail"
    assert (spool / COPIED_FROM).is_file()
    taken = wtg(new_config, "poll")
    assert taken.exit_code == 0, taken.output
    assert "this host now serves the mailbox" in taken.stderr
    assert not (spool / COPIED_FROM).exists()
    old = wtg(old_config, "poll")
    assert old.exit_code == 1
    assert old.stderr.startswith(f"wtg: poll: {STOPPED}{maildir}: the host at ")
    again = wtg(new_config, "poll")
    assert again.exit_code == 0 and again.stderr == "", again.output
    assert len(list((maildir / ".wtg-host" / "new").iterdir())) == 2


def test_the_old_imap_host_stops_once_the_host_restored_without_an_id_polls(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    old_config, _ = imap_host(tmp_path / "old", imap, smtp)
    archive = tmp_path / "host.tar.gz"
    assert wtg(old_config, "send").exit_code == 0
    assert not (tmp_path / "old" / "games" / ".mail" / HOST_ID).exists()
    assert wtg(old_config, "backup", str(archive)).exit_code == 0
    assert wtg(old_config, "poll").exit_code == 0
    restored(archive, tmp_path / "new" / "games")
    new_config = write_config(tmp_path / "new", imap, smtp)  # the password put back
    taken = wtg(new_config, "poll")
    assert taken.exit_code == 0, taken.output
    assert "this host now serves the mailbox" in taken.stderr
    old = wtg(old_config, "poll")
    assert old.exit_code == 1
    mailbox = f"{GM_ADDRESS}@{imap.host}:{imap.port}/INBOX"
    assert old.stderr.startswith(f"wtg: poll: {STOPPED}{mailbox}: the host at ")
    assert len(imap.fetch_all(GM_ADDRESS, CLAIMS_FOLDER)) == 2


def test_an_old_host_whose_games_path_goes_through_a_link_stops_all_the_same(
    tmp_path: Path,
) -> None:
    """The old host's games folder named through a link (`/srv` a link to `/data`): the
    backup gave its path as the config names it, the old host's claim names it resolved,
    and the restored host never found the claim of the place the backup names: both hosts
    served the Maildir. Both paths are compared resolved."""
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    (tmp_path / "data").mkdir()
    (tmp_path / "srv").symlink_to(tmp_path / "data")
    old_config, _ = maildir_host(tmp_path / "srv" / "old", maildir)
    archive = tmp_path / "host.tar.gz"
    assert wtg(old_config, "send").exit_code == 0
    assert wtg(old_config, "backup", str(archive)).exit_code == 0  # no id in it
    assert wtg(old_config, "poll").exit_code == 0  # its claim: the resolved path
    new_config = restored(archive, tmp_path / "new" / "games")
    assert (
        str(tmp_path / "srv" / "old")
        in (tmp_path / "new" / "games" / ".mail" / COPIED_FROM).read_text()
    )
    taken = wtg(new_config, "poll")
    assert taken.exit_code == 0, taken.output
    assert "this host now serves the mailbox" in taken.stderr
    old = wtg(old_config, "poll")
    assert old.exit_code == 1, old.output
    assert old.stderr.startswith(f"wtg: poll: {STOPPED}{maildir}: the host at ")


def test_an_old_imap_host_whose_games_path_goes_through_a_link_stops_all_the_same(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "srv").symlink_to(tmp_path / "data")
    old_config, _ = imap_host(tmp_path / "srv" / "old", imap, smtp)
    archive = tmp_path / "host.tar.gz"
    assert wtg(old_config, "send").exit_code == 0
    assert wtg(old_config, "backup", str(archive)).exit_code == 0
    assert wtg(old_config, "poll").exit_code == 0
    restored(archive, tmp_path / "new" / "games")
    new_config = write_config(tmp_path / "new", imap, smtp)
    taken = wtg(new_config, "poll")
    assert taken.exit_code == 0, taken.output
    assert "this host now serves the mailbox" in taken.stderr
    old = wtg(old_config, "poll")
    assert old.exit_code == 1, old.output
    assert len(imap.fetch_all(GM_ADDRESS, CLAIMS_FOLDER)) == 2
