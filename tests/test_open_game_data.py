"""A games folder or a game's folder made 0755 by hand (or the lobby's book, as a tar that
kept no modes leaves it), or a game.yaml copied in readable by others (it holds the
players' secret codes and addresses), got no word from `wtg check-config`, which names a
password file others may read. Now each is a FAIL line with the chmod that mends it; once
mended, check-config passes again."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from click.testing import CliRunner, Result

from tests.conftest import players
from wtg.cli import main
from wtg.game.engine import create_game

ENV: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}


def check(config: Path) -> Result:
    return CliRunner(env=ENV).invoke(main, ["--config", str(config), "check-config"])


def test_check_config_names_game_data_others_may_read_and_the_chmod(tmp_path: Path) -> None:
    host = tmp_path / "host"
    assert CliRunner(env=ENV).invoke(main, ["init", str(host)]).exit_code == 0
    games = host / "games"
    for name in ("g1", "g2", "g3", "g4"):
        create_game(games / name, "wok4", "small", players(2), 7)
    config = host / "wtg.yaml"
    assert check(config).exit_code == 0
    os.chmod(games, 0o755)  # made by hand
    os.chmod(games / ".mail", 0o750)
    os.chmod(games / "g1", 0o755)
    os.chmod(games / "g1" / "game.yaml", 0o644)
    os.chmod(games / "g2" / "game.yaml", 0o640)
    os.chmod(games / "g3", 0o711)
    book = games / ".people"
    book.mkdir(mode=0o755)  # a host moved with a tar that kept no modes
    (book / "people.sqlite").write_bytes(b"")
    os.chmod(book, 0o755)
    os.chmod(book / "people.sqlite", 0o644)
    result = check(config)
    assert result.exit_code == 1, result.output
    fails = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert fails == [
        f"FAIL  the games folder {games} is mode 0755: others on this machine can look into it "
        f"(the players' codes and addresses); make it the GM's alone: chmod 700 {games}",
        f"FAIL  the mail spool {games / '.mail'} is mode 0750: others on this machine can look "
        f"into it (the players' codes and addresses); make it the GM's alone: chmod 700 "
        f"{games / '.mail'}",
        f"FAIL  the lobby's book {book}: its folder is mode 0755 and people.sqlite is mode 0644: "
        "others on this machine can read the players' addresses and codes; make it the GM's "
        f"alone: chmod -R go-rwx {book}",
        f"FAIL  game {games / 'g1'}: its folder is mode 0755 and game.yaml is mode 0644: others "
        "on this machine can read the players' codes and addresses; make it the GM's alone: "
        f"chmod -R go-rwx {games / 'g1'}",
        f"FAIL  game {games / 'g2'}: game.yaml is mode 0640: others on this machine can read "
        "the players' codes and addresses; make it the GM's alone: chmod -R go-rwx "
        f"{games / 'g2'}",
        f"FAIL  game {games / 'g3'}: its folder is mode 0711: others on this machine can look "
        "into it (its reports, orders and mails); make it the GM's alone: chmod -R go-rwx "
        f"{games / 'g3'}",
    ]
    assert result.stdout.splitlines()[len(fails) + 1] == (
        f"note  the games folder {games}: the 6 lines above name what in it others on this "
        "machine may use (a copy that kept no modes?): one command makes all of it the GM's "
        f"alone: chmod -R go-rwx {games}"
    )
    subprocess.run(["chmod", "700", str(games), str(games / ".mail")], check=True)
    for name in ("g1", "g2", "g3", ".people"):
        subprocess.run(["chmod", "-R", "go-rwx", str(games / name)], check=True)
    mended = check(config)
    assert mended.exit_code == 0, mended.output
    assert "FAIL" not in mended.stdout


def test_a_host_copied_without_modes_is_mended_by_the_one_command_said(tmp_path: Path) -> None:
    """A host moved by a tarball that kept no modes (gmtrial43): a line and a chmod for the
    games folder, the spool and each game, and one command said for them all, which mends
    them as said."""
    host = tmp_path / "host"
    assert CliRunner(env=ENV).invoke(main, ["init", str(host)]).exit_code == 0
    games = host / "games"
    for name in ("g1", "g2"):
        create_game(games / name, "wok4", "small", players(2), 7)
    subprocess.run(["chmod", "-R", "go+rX", str(games)], check=True)  # as umask 022 unpacked it
    told = check(host / "wtg.yaml")
    assert told.exit_code == 1
    (line,) = [line for line in told.stdout.splitlines() if line.startswith("note  the games")]
    assert line.endswith(
        f"the 4 lines above name what in it others on this machine may use (a "
        f"copy that kept no modes?): one command makes all of it the GM's alone: chmod -R "
        f"go-rwx {games}"
    )
    subprocess.run(line.rpartition(": ")[2].split(), check=True)  # the command, as said
    mended = check(host / "wtg.yaml")
    assert mended.exit_code == 0, mended.output


def test_the_commands_said_work_pasted_for_a_folder_named_with_a_space(tmp_path: Path) -> None:
    """A host in a folder named with a space (``my host``): each chmod check-config says,
    pasted into a shell as it stands, named two paths that are not there (``.../my`` and
    ``host/games``) and mended nothing. The paths are quoted as a shell takes them."""
    host = tmp_path / "my host"
    assert CliRunner(env=ENV).invoke(main, ["init", str(host)]).exit_code == 0
    games = host / "games"
    create_game(games / "g1", "wok4", "small", players(2), 7)
    subprocess.run(["chmod", "-R", "go+rX", str(games)], check=True)  # as umask 022 unpacked it
    told = check(host / "wtg.yaml")
    assert told.exit_code == 1
    said = [line.rpartition(": ")[2] for line in told.stdout.splitlines() if "chmod" in line]
    assert said[-1] == f"chmod -R go-rwx '{games}'"
    assert f"chmod 700 '{games}'" in said
    for command in said:  # each as the GM pastes it
        subprocess.run(["sh", "-c", command], check=True)
    mended = check(host / "wtg.yaml")
    assert mended.exit_code == 0, mended.output
