"""Cron's lines fired while `wtg restore` wrote the games folder the config names (a host
rolled back: the old folder moved aside, the backup restored in its place): `poll` made a
new mail spool beside the restore's `.restoring`, the restore then stopped on it
(`OSError: Directory not empty`), and a poll on a mail server filed the players' mail
into that spool, which the restore given again removed. Every command now refuses a games
folder under restore, saying so, and makes nothing in it; a restore that meets something
written into its folder meanwhile says what and what to do."""

from __future__ import annotations

import os
import pwd
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.upkeep.hosts import backed_up
from wtg.cli import main
from wtg.upkeep.archive import BackupRefused
from wtg.upkeep.restore import RestoreError, restore


@pytest.fixture(scope="module")
def backup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("under-way")
    return backed_up(root, tmp_path_factory.getbasetemp() / "upkeep-template")


def under_restore(tmp_path: Path) -> Path:
    """A config whose games folder holds a restore under way (or cut short)."""
    (tmp_path / "games" / ".restoring" / "g1").mkdir(parents=True)
    config = tmp_path / "wtg.yaml"
    config.write_text('games_dir: games\nfrom: "GM <gm@example.org>"\n', encoding="utf-8")
    return config


@pytest.mark.parametrize(
    "command", [["poll"], ["run-turn", "--due"], ["send"], ["remind"], ["status"]]
)
def test_no_command_runs_on_a_games_folder_under_restore(
    tmp_path: Path, command: list[str]
) -> None:
    config = under_restore(tmp_path)
    result = CliRunner().invoke(main, ["--config", str(config), *command])
    assert result.exit_code == 1, result.output
    assert result.output.splitlines() == [  # restore reads no config: none carried
        f"wtg: the games folder {tmp_path / 'games'} (games_dir of {config}) is being "
        "restored, or its restore was cut short (it holds .restoring): no command runs on "
        "it until wtg restore has finished; if none runs now, give the same `wtg "
        f"restore FILE --games-dir {tmp_path / 'games'}` again"
    ]
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == [".restoring"]


def test_check_config_fails_a_games_folder_under_restore(tmp_path: Path) -> None:
    config = under_restore(tmp_path)
    result = CliRunner().invoke(main, ["--config", str(config), "check-config"])
    assert result.exit_code == 1
    assert (
        f"FAIL  games_dir {tmp_path / 'games'}: is being restored, or its restore was cut "
        "short (it holds .restoring): no command runs on it until wtg restore has finished; "
        "if none runs now, give the same `wtg "
        f"restore FILE --games-dir {tmp_path / 'games'}` again"
    ) in result.output.splitlines()


def test_a_restore_that_meets_a_folder_written_meanwhile_says_so(
    tmp_path: Path, backup: Path
) -> None:
    games = tmp_path / "games"

    def meanwhile(what: str, _done: int, _total: int) -> None:
        if what == "restoring" and not (games / ".mail").exists():
            (games / ".mail" / "maildir-in").mkdir(parents=True)  # an older wtg's poll

    with pytest.raises(RestoreError) as refused:
        restore(backup, games, meanwhile)
    assert str(refused.value) == (
        f"{games} was written by another process while it was restored (.mail): stop what "
        "writes there (cron's wtg lines, wtg serve), then give the same `wtg restore` "
        "again, which restores anew"
    )
    assert restore(backup, games).again  # given again: done, what was there removed
    assert not (games / ".restoring").exists()


def test_root_is_refused_a_restore_into_a_folder_another_user_owns(
    tmp_path: Path, backup: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sudo wtg restore FILE --games-dir /srv/wtg/games` on a host the user wtg runs: every
    folder and file restored was root's alone (0700, 0600), and the host's own cron or
    service, run as wtg, could not even open its games folder. Root is refused there, as on
    every other command of a host another user owns, and nothing is written."""
    host = tmp_path / "host"
    host.mkdir()
    if os.geteuid() == 0:  # the host is another user's: nobody's here
        os.chown(host, 65534, 65534)
    owner = pwd.getpwuid(host.stat().st_uid).pw_name
    monkeypatch.setattr(os, "geteuid", lambda: 0)  # and this wtg runs as root
    games = host / "games"
    result = CliRunner().invoke(main, ["restore", str(backup), "--games-dir", str(games)])
    assert result.exit_code == 1
    assert result.output == (
        f"wtg: the folder {host} belongs to {owner}, and wtg runs as root here: run it as "
        f"{owner} (sudo -u {owner} wtg ...), or what root writes there would be root's "
        "alone, and the host's own runs would fail on it\n"
    )
    assert not games.exists()


def test_no_command_writes_in_an_empty_folder_while_its_restore_reads_the_archive(
    tmp_path: Path, backup: Path
) -> None:
    """The GM made the empty games folder first (`mkdir games`, then `wtg restore`): while
    the archive was read and checked, before the restore marked the folder, cron's poll
    found an empty games folder and made its spool there, and the restore then stopped on
    it. The folder is marked from the start now, and left empty if the archive is refused."""
    games = tmp_path / "games"
    games.mkdir()
    config = tmp_path / "wtg.yaml"
    config.write_text('games_dir: games\nfrom: "GM <gm@example.org>"\n', encoding="utf-8")
    polls: list[int] = []

    def cron(what: str, _done: int, _total: int) -> None:
        if what == "checking" and not polls:
            polled = CliRunner().invoke(main, ["--config", str(config), "poll"])
            polls.append(polled.exit_code)

    done = restore(backup, games, cron)
    assert polls == [1]  # refused: the folder was being restored
    assert not done.again
    assert not (games / ".restoring").exists()
    assert (games / ".mail" / "journal.sqlite").is_file()  # the backup's spool, in place

    empty = tmp_path / "empty"
    empty.mkdir()
    damaged = tmp_path / "damaged.tar.gz"
    damaged.write_bytes(backup.read_bytes()[:-100])
    with pytest.raises(BackupRefused):
        restore(damaged, empty)
    assert list(empty.iterdir()) == []  # refused: the folder as it was
