"""Every shell command a line of wtg tells the GM to type on a path of the host's (a
``chmod`` that makes a file his alone, the ``mv`` of a password file to where the config
reads it) quotes the path as a shell reads it pasted whole, by one helper
(``wtg.text.shellcommand``). Unquoted, on a host in a folder named with a blank, ``chmod
600 /home/ann/my wtg/wtg.yaml`` changed the mode of ``/home/ann/my`` and of
``wtg/wtg.yaml`` under the folder the GM stood in, and mended nothing (round 43 quoted
check-config's lines on the games folder; review44 the others: the warning of `wtg status`
on a game others may read, check-config's on a password file or a config holding a
password, `wtg init`'s on a games folder there already, a DKIM key's, a secret's)."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

from click.testing import CliRunner, Result

from tests.test_password_files import host, inline_host
from wtg.cli import main
from wtg.host.secretfile import missing_secret_hint
from wtg.mail.outgoing.dkimkeys import loose_mode
from wtg.mail.outgoing.idsecret import secret_trouble
from wtg.text.hanging import hanging
from wtg.text.shellcommand import shell_command


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(arg) for arg in args])


def pasted(command: str) -> None:
    """``command`` run as the GM pastes it into a shell."""
    subprocess.run(["sh", "-c", command], check=True)


def mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def spaced(tmp_path: Path) -> Path:
    """A host's folder named with a blank, as a GM's home may hold one."""
    folder = tmp_path / "my wtg"
    folder.mkdir()
    return folder


def test_a_shell_command_quotes_the_words_that_need_it() -> None:
    said = shell_command("chmod", "600", "/home/ann/my wtg/it's.yaml")
    assert said == "chmod 600 '/home/ann/my wtg/it'\"'\"'s.yaml'"
    assert shlex.split(said) == ["chmod", "600", "/home/ann/my wtg/it's.yaml"]
    assert shell_command("chmod", "-R", "go-rwx", "/srv/wtg/games") == (
        "chmod -R go-rwx /srv/wtg/games"
    )


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


def test_a_dkim_key_a_secret_and_a_password_file_missing(tmp_path: Path) -> None:
    folder = spaced(tmp_path)
    key = folder / "dkim.key"
    said = loose_mode(key, 0o644)
    assert said is not None and said.endswith(f"make it the GM's alone: chmod 600 '{key}'")
    secret = folder / "id-secret"
    secret.write_text("a" * 64 + "\n", encoding="ascii")
    secret.chmod(0o644)
    said = secret_trouble(secret)
    assert said is not None and said.endswith(f"chmod 600 '{secret}'")
    said = missing_secret_hint(folder / "smtp-password", "the password")
    assert said.endswith(f"make it yours alone: chmod 600 '{folder / 'smtp-password'}'")


def test_a_line_broken_at_a_terminals_width_keeps_the_shell_command_whole() -> None:
    """On a terminal of 60 columns, check-config's line broke its `chmod` between the mode
    and the path, and `wtg init`'s `next:` between `wtg` and `check-config`."""
    line = (
        "FAIL  the games folder /home/ann/my wtg/games is mode 0755: others on this machine "
        "can look into it; make it the GM's alone: chmod 700 '/home/ann/my wtg/games'"
    )
    assert hanging(line, width=60).splitlines()[-1] == (
        "    GM's alone: chmod 700 '/home/ann/my wtg/games'"
    )
    assert hanging(line, width=44).splitlines()[-1] == "    chmod 700 '/home/ann/my wtg/games'"
    line = "next: export WTG_CONFIG='/home/ann/my wtg/wtg.yaml'; wtg check-config"
    assert hanging(line, width=60).splitlines() == [
        "next:",
        "    export WTG_CONFIG='/home/ann/my wtg/wtg.yaml'; wtg check-config",
    ]
    moved = "To keep it out of play: mv /srv/wtg/games/g1-league /srv/wtg/games/.g1-league"
    assert hanging(moved, width=60).splitlines()[-1] == (
        "    mv /srv/wtg/games/g1-league /srv/wtg/games/.g1-league"
    )


def test_a_game_named_by_a_path_with_a_blank_is_quoted_once(tmp_path: Path) -> None:
    """`wtg announce` given a game's folder alone, without its text: the command it says to
    give names that folder (its words were quoted twice, a path of quotes no shell finds)."""
    (tmp_path / "my games").mkdir()
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: my games\nfrom: Game Master <gm@example.org>\n")
    made = wtg("--config", config, "new-game", "g1", "--ruleset", "wok4", "--map", "small",
               "--player", "A:a@x.org", "--player", "B:b@x.org")  # fmt: skip
    assert made.exit_code == 0, made.output
    game = tmp_path / "my games" / "g1"
    told = wtg("--config", config, "announce", game)
    command = told.output.split("`")[1]
    assert shlex.split(command) == ["wtg", "--config", str(config), "announce", str(game), "TEXT"]
