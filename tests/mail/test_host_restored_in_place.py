"""A host put back in its own folder from last night's backup (newgm45): the GM moved
today's games folder aside and restored the backup where it was, his cron lines left as
they are. The restored host is a copy of the host it replaced, so its first poll claims the
mailbox from it; the host it names is at this very place, and the line used to tell the GM
to take that host's lines out of its crontab: his own, which run the restored host now."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.test_host_moved import dropped, maildir_host
from tests.mail.test_two_hosts_one_mailbox import form_mail
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.mail.spool import hostid


def wtg(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def restored_in_place(tmp_path: Path) -> tuple[Path, Path, Path, str]:
    """A host on a Maildir that claimed it, backed up, its games folder moved aside and
    the backup restored in its place, a form dropped in the Maildir: the config, the games
    folder, the Maildir, and the id file as the host kept it before the restore."""
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    config, game = maildir_host(tmp_path / "srv", maildir)
    games = tmp_path / "srv" / "games"
    assert wtg("--config", str(config), "poll").exit_code == 0  # it claims the Maildir
    kept = (games / ".mail" / "host-id.json").read_text(encoding="utf-8")
    archive = tmp_path / "last-night.tar.gz"
    made = wtg("--config", str(config), "backup", "-q", str(archive))
    assert made.exit_code == 0, made.output
    games.rename(tmp_path / "srv" / "games-today")  # today's, kept aside
    restored = wtg("restore", str(archive), "--games-dir", str(games))
    assert restored.exit_code == 0, restored.output
    dropped(maildir, form_mail(filled_aof(game, 1), "g1p1@players.example", 1), "1.a")
    return config, games, maildir, kept


def test_a_host_restored_in_its_own_folder_keeps_its_cron_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a machine with no id (hosts45: with one, the host restored at its own place is
    the same host, and takes no claim: the next test), the folder's inode tells the place,
    and the restored folder's is new."""
    monkeypatch.setattr(hostid, "MACHINE_ID", tmp_path / "no-machine-id")
    config, games, maildir, _ = restored_in_place(tmp_path)
    polled = wtg("--config", str(config), "poll")
    assert polled.exit_code == 0, polled.output
    assert polled.stdout.startswith("filed 1,")
    here = f"{socket.gethostname()}:{games.resolve()}"
    assert polled.stderr == (
        f"wtg: poll: this host now serves the mailbox {maildir}, which the host at {here} "
        "served: that is this host's own place, so it is most likely this host as it was "
        "before a `wtg restore` (or a copy) put this one in its folder: keep the cron lines "
        "(or the service) that run wtg here, which run this host now. Only if another "
        "machine of this name runs a host in that folder does that host stop at its next "
        "poll or turn (it says so to its cron): take wtg's lines out of that machine's "
        "crontab\n"
    )
    again = wtg("--config", str(config), "poll")  # said once: the mailbox is this host's
    assert again.exit_code == 0 and again.stderr == "", again.output


def test_a_host_restored_in_its_own_folder_on_a_machine_with_an_id_is_itself(
    tmp_path: Path,
) -> None:
    """The place is the machine's id and the folder's path (hosts45): the host put back at
    its own place keeps its id, claims nothing anew and says nothing of it."""
    config, games, maildir, kept = restored_in_place(tmp_path)
    polled = wtg("--config", str(config), "poll")
    assert polled.exit_code == 0 and polled.stdout.startswith("filed 1,"), polled.output
    assert polled.stderr == ""
    assert (games / ".mail" / "host-id.json").read_text(encoding="utf-8") == kept
    assert len(list((maildir / ".wtg-host" / "new").iterdir())) == 1
