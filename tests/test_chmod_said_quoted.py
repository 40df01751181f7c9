"""Every command a line of wtg tells the GM to run on a path of the host's (a ``chmod`` that
makes a file his alone, the ``mv`` of a password file to where the config reads it) quotes
the path as a shell takes it. review43c quoted check-config's lines on the games folder;
the others, on a host in a folder named with a space (``my host``), named two paths that
are not there when pasted (``chmod 600 /srv/my host/wtg.yaml``) and mended nothing: the
warning of `wtg status` on a game others may read, check-config's on a password file or
a config holding a password, `wtg init`'s on a games folder there already (review44)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from click.testing import CliRunner, Result

from tests.test_password_files import host, inline_host
from wtg.cli import main
from wtg.host.secretfile import missing_secret_hint
from wtg.mail.outgoing.dkimkeys import loose_mode


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(arg) for arg in args])


def pasted(command: str) -> None:
    """``command`` run as the GM pastes it into a shell."""
    subprocess.run(["sh", "-c", command], check=True)


def mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def test_the_chmod_of_status_s_warning_mends_a_game_in_a_folder_named_with_a_space(
    tmp_path: Path,
) -> None:
    game = tmp_path / "my games" / "old"
    made = wtg(
        "new-game",
        game,
        "--ruleset",
        "wok4",
        "--map",
        "small",
        "--player",
        "A:a@x.org",
        "--player",
        "B:b@x.org",
    )
    assert made.exit_code == 0, made.output
    for path in [game, *game.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    warned = wtg("status", game)
    (line,) = [line for line in warned.stderr.splitlines() if "chmod" in line]
    command = line.rpartition(": ")[2]
    assert command == f"chmod -R go-rwx '{game}'"
    pasted(command)
    assert (mode(game), mode(game / "game.yaml")) == (0o700, 0o600)
    assert "chmod" not in wtg("status", game).stderr


def test_check_config_s_chmod_of_a_password_file_and_of_the_config_mend_them(
    tmp_path: Path,
) -> None:
    root = tmp_path / "my host"
    root.mkdir()
    config = host(root, 0o644, 0o600)
    told = wtg("--config", config, "check-config")
    (line,) = [line for line in told.stdout.splitlines() if "imap.password_file" in line]
    command = line.rpartition(": ")[2]
    assert command == f"chmod 600 '{root / 'imap-password'}'"
    pasted(command)
    assert mode(root / "imap-password") == 0o600

    inline = tmp_path / "inline host"
    inline.mkdir()
    config = inline_host(inline, 0o644)
    told = wtg("--config", config, "check-config")
    (line,) = [line for line in told.stdout.splitlines() if "holds imap.password" in line]
    command = line.rpartition("alone: ")[2].partition(" (or give")[0]
    assert command == f"chmod 600 '{config}'"
    pasted(command)
    assert mode(config) == 0o600


def test_init_s_chmod_of_a_games_folder_there_already_closes_it(tmp_path: Path) -> None:
    root = tmp_path / "my host"
    games = root / "games"
    games.mkdir(parents=True)
    os.chmod(games, 0o755)
    made = wtg("init", root)
    assert made.exit_code == 0, made.output
    line = made.stdout.splitlines()[1]
    command = line.rpartition("; ")[2].removesuffix("), its mail in .mail/")
    assert command == f"chmod 700 '{games}'"
    pasted(command)
    assert mode(games) == 0o700


def test_the_chmod_of_a_dkim_key_and_of_a_password_file_missing_is_quoted(tmp_path: Path) -> None:
    root = tmp_path / "my host"
    root.mkdir()
    key = root / "dkim.pem"
    assert (loose_mode(key, 0o644) or "").endswith(f"chmod 600 '{key}'")
    said = missing_secret_hint(root / "smtp-password", "the password")
    assert said.endswith(f"make it yours alone: chmod 600 '{root / 'smtp-password'}'")
