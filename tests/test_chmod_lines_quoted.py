"""The `chmod` a GM's line tells him to type names a path with a blank in it quoted, as a
shell reads it pasted whole (round 43 quoted check-config's): `chmod 600 /home/ann/my
wtg/wtg.yaml` changed the mode of `/home/ann/my` and of `wtg/wtg.yaml` under the folder
the GM stood in, and left the file named as it was. One helper writes each of them
(``wtg.text.shellcommand``)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from wtg.cli import main
from wtg.cli.status import warn_if_shared
from wtg.host.config import load_config, loose_password_files
from wtg.host.secretfile import missing_secret_hint
from wtg.mail.outgoing.dkimkeys import loose_mode
from wtg.mail.outgoing.idsecret import secret_trouble
from wtg.text.hanging import hanging
from wtg.text.shellcommand import shell_command


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


def test_the_secret_of_the_message_ids_open_to_others(tmp_path: Path) -> None:
    path = spaced(tmp_path) / "id-secret"
    path.write_text("a" * 64 + "\n", encoding="ascii")
    path.chmod(0o644)
    said = secret_trouble(path)
    assert said is not None and said.endswith(f"chmod 600 '{path}'")  # before: unquoted


def test_a_dkim_key_open_to_others(tmp_path: Path) -> None:
    path = spaced(tmp_path) / "dkim.key"
    said = loose_mode(path, 0o644)
    assert said is not None and said.endswith(f"make it the GM's alone: chmod 600 '{path}'")


def test_a_password_file_and_a_config_open_to_others(tmp_path: Path) -> None:
    folder = spaced(tmp_path)
    (folder / "pw").write_text("secret\n", encoding="utf-8")
    (folder / "pw").chmod(0o644)
    config = folder / "wtg.yaml"
    config.write_text(
        "games_dir: games\nfrom: gm@example.org\n"
        "smtp: {host: 127.0.0.1, port: 1, ssl: true, username: gm, password_file: pw}\n"
        "imap: {host: 127.0.0.1, port: 1, ssl: true, username: gm, password: inline}\n",
        encoding="utf-8",
    )
    config.chmod(0o644)
    (inline, loose) = loose_password_files(load_config(config))
    assert f"make it the GM's alone: chmod 600 '{config}' (or give" in inline
    assert loose.endswith(f"make it the GM's alone: chmod 600 '{folder / 'pw'}'")


def test_a_secret_file_not_there(tmp_path: Path) -> None:
    path = spaced(tmp_path) / "client-secret"
    said = missing_secret_hint(path, "the client secret")
    assert said.endswith(f"make it yours alone: chmod 600 '{path}'")


def test_a_game_open_to_others(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = spaced(tmp_path) / "g1"
    game.mkdir()
    (game / "game.yaml").write_text("game: g1\n", encoding="utf-8")
    (game / "game.yaml").chmod(0o644)
    warn_if_shared(game)
    said = capsys.readouterr().err
    assert said.endswith(f"make the game private: chmod -R go-rwx '{game.resolve()}'\n")


def test_init_over_a_games_folder_open_to_others(tmp_path: Path) -> None:
    folder = spaced(tmp_path)
    (folder / "games").mkdir(mode=0o755)
    (folder / "games").chmod(0o755)
    result = CliRunner().invoke(main, ["init", str(folder)])
    assert result.exit_code == 0, result.output
    games = folder.absolute() / "games"
    assert f"others on this machine may look into it; chmod 700 '{games}')" in result.output


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
