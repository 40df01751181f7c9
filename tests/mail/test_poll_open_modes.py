"""A host moved with a tar that kept no modes: its folders 0755, its files 0644. The poll
set the secret of the Message-IDs back to 0600 and said nothing of the lobby's book, the
mails archived or the games' folders, open to everyone on the machine. Now it says each,
once, with the chmod that mends it (``wtg.mail.poll.openmodes``), and mends none itself."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

import pytest

from tests import killpoints
from tests.gmtyped import ann_and_bob_host, wtg
from wtg.lobby.database import FILE, FOLDER
from wtg.mail.poll import openmodes


def opened(path: Path) -> None:
    """Every folder under ``path`` 0755 and every file 0644, as such a tar leaves them."""
    for folder, _dirs, files in os.walk(path):
        os.chmod(folder, 0o755)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o644)


def test_a_poll_says_the_data_a_tar_opened_once_and_mends_no_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pytest's own folder above tmp_path is 0700: the host is open to no one below it
    assert openmodes.shielded(tmp_path / "host" / "games")
    monkeypatch.setattr(openmodes, "shielded", lambda _games_dir: False)  # as in /srv
    config = ann_and_bob_host(tmp_path / "host")
    assert wtg("--config", config, "open-list", "wok4").exit_code == 0
    games = tmp_path / "host" / "games"
    assert wtg("--config", config, "poll", "-q").exit_code == 0
    opened(games)

    first = wtg("--config", config, "poll", "-q")
    second = wtg("--config", config, "poll", "-q")

    assert first.exit_code == 0, first.output
    said = first.stderr.splitlines()
    tail = " (said once; `wtg --config " + str(config) + " check-config` says it each time)"
    assert said == [
        f"wtg: warning: the games folder {games} is mode 0755: others on this machine can look "
        f"into it (the players' codes and addresses); make it the GM's alone: chmod 700 {games}"
        + tail,
        f"wtg: warning: the mail spool {games / '.mail'} is mode 0755: others on this machine "
        "can look into it (the players' codes and addresses); make it the GM's alone: chmod "
        f"700 {games / '.mail'}" + tail,
        f"wtg: warning: the lobby's book {games / FOLDER}: its folder is mode 0755 and {FILE} "
        "is mode 0644: others on this machine can read the players' addresses and codes; make "
        f"it the GM's alone: chmod -R go-rwx {games / FOLDER}" + tail,
        f"wtg: warning: game {games / 'g1'}: its folder is mode 0755 and game.yaml is mode "
        "0644: others on this machine can read the players' codes and addresses; make it the "
        f"GM's alone: chmod -R go-rwx {games / 'g1'}" + tail,
    ]
    assert second.stderr == ""  # said once
    assert stat.S_IMODE((games / FOLDER / FILE).stat().st_mode) == 0o644  # the GM's to mend

    for folder in (games, games / ".mail"):
        os.chmod(folder, 0o700)
    for folder in (games / FOLDER, games / "g1"):
        assert os.system(f"chmod -R go-rwx {folder}") == 0  # the lines' own chmod
    assert wtg("--config", config, "poll", "-q").stderr == ""
    assert not (games / ".mail" / "open-modes-told").exists()  # nothing open: forgotten
    os.chmod(games / "g1" / "game.yaml", 0o644)  # opened again: said again
    again = wtg("--config", config, "poll", "-q").stderr
    assert again.startswith(f"wtg: warning: game {games / 'g1'}: game.yaml is mode 0644")


def test_a_host_in_a_folder_no_one_else_may_pass_is_open_to_no_one() -> None:
    """Out of pytest's folders (0700 all): a folder of /tmp's own, opened to all, holds a
    home folder, 0700 as Debian makes it, and the host in it."""
    top = Path(tempfile.mkdtemp(prefix="wtg-open-modes-"))
    try:
        os.chmod(top, 0o755)
        home = top / "home"
        home.mkdir(mode=0o700)
        config = ann_and_bob_host(home / "host")
        opened(home / "host")
        os.chmod(home, 0o755)
        assert not openmodes.shielded(home / "host" / "games")
        assert "warning: the games folder" in wtg("--config", config, "poll", "-q").stderr
        os.chmod(home, 0o700)

        assert openmodes.shielded(home / "host" / "games")
        assert wtg("--config", config, "poll", "-q").stderr == ""
        assert not (home / "host" / "games" / ".mail" / openmodes.TOLD).exists()
    finally:
        shutil.rmtree(top)


def test_a_poll_with_nothing_open_and_nothing_told_removes_nothing(tmp_path: Path) -> None:
    """No mark of lines said, nothing open: the poll leaves the mark's name alone (its
    removal of a file not there was a write every poll, after the poll's work)."""
    config = ann_and_bob_host(tmp_path / "host")  # in pytest's 0700 folders: open to no one
    games = tmp_path / "host" / "games"
    assert wtg("--config", config, "poll", "-q").exit_code == 0
    assert not (games / ".mail" / openmodes.TOLD).exists()
    log = tmp_path / "writes.log"

    run = killpoints.count(["--config", str(config), "poll", "-q"], games, log=log)

    assert run.returncode == 0, run.stderr
    assert [w for w in killpoints.written(log) if openmodes.TOLD in w] == []
