"""A game that cannot be read is named with why, and the why can quote its game.yaml (a key
no game has, as the GM or anyone who could write the file wrote it). `wtg site`'s skipped
lines and `wtg status`'s unreadable lines printed it as it was: an escape sequence in a
key (YAML's "\\e" in quotes) set the GM's window title or wrote his clipboard, a bidi
override showed the rest of the line reversed. They go through ``printable`` now, as the
lines of `send` and `run-turn --due` that name such a game."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.test_due_many import due_games, write_config
from wtg.cli import main

KEY = '"\\e]0;you have been owned\\a\\e]52;c;cm0gLXJmIH4K\\aRED\\u202eevil": 1\n'
"""A top-level key of game.yaml: OSC 0 (the window's title), OSC 52 (the clipboard), a
right-to-left override, in YAML's double-quoted escapes."""
SHOWN = "line 13: REDevil: no such key"


def hostile_games(root: Path) -> Path:
    """g01, a good game, and g02, whose game.yaml holds ``KEY``; the config."""
    folders = due_games(root / "games", 2)
    with (folders[1] / "game.yaml").open("a", encoding="utf-8") as config:
        config.write(KEY)
    return write_config(root)


def clean(text: str) -> bool:
    return not any(c in text for c in "\x1b\x07\u202e")


def run(config: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["--config", str(config), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def test_status_names_the_game_without_the_escapes_of_its_game_yaml(tmp_path: Path) -> None:
    code, out, err = run(hostile_games(tmp_path), "status")
    assert code == 0
    (line,) = [line for line in out.splitlines() if "cannot be read" in line]
    assert line.startswith(f"{tmp_path / 'games' / 'g02'}: cannot be read, skipped: ")
    assert SHOWN in line
    assert clean(out + err), repr(out + err)


def test_site_names_the_game_without_the_escapes_of_its_game_yaml(tmp_path: Path) -> None:
    code, out, err = run(hostile_games(tmp_path), "site", str(tmp_path / "site"))
    assert code == 0
    (line,) = err.splitlines()
    assert line.startswith(f"{tmp_path / 'games' / 'g02'}: cannot be read, skipped: ")
    assert SHOWN in line
    assert "skipped 1" in out
    assert clean(out + err), repr(out + err)


def test_send_and_the_due_run_name_it_without_them_too(tmp_path: Path) -> None:
    config = hostile_games(tmp_path)
    for command in (("send",), ("run-turn", "--due", "--jobs", "1")):
        code, out, err = run(config, *command)
        assert code == 1, command
        assert SHOWN in err, command
        assert clean(out + err), (command, out + err)
