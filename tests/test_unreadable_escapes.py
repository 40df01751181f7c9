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
from wtg.text.yamlio import dump_yaml, load_yaml

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
    assert code == 1
    (line,) = [line for line in out.splitlines() if "cannot be read" in line]
    assert line.startswith(f"{tmp_path / 'games' / 'g02'}: cannot be read, skipped: ")
    assert SHOWN in line
    assert clean(out + err), repr(out + err)


def test_site_names_the_game_without_the_escapes_of_its_game_yaml(tmp_path: Path) -> None:
    code, out, err = run(hostile_games(tmp_path), "site", str(tmp_path / "site"))
    assert code == 1  # the others written; a cron line's exit status says one was skipped
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


def test_the_summary_lines_name_a_hostile_folder_without_its_escapes(tmp_path: Path) -> None:
    """The folder's own name (a game copied from an archive, made by a script) can hold an
    escape sequence too: `wtg send`'s summary line names it among those skipped ('; skipped:
    NAME'), and `run-turn --due`'s among those failed; printed as they were, the folder's
    name set the window's title and showed the rest of the line reversed."""
    config = hostile_games(tmp_path)
    games = tmp_path / "games"
    (games / "g02").rename(games / "g\x1b]0;owned\x07\u202eX")
    code, out, err = run(config, "send")
    assert code == 1
    assert out.endswith("; skipped: gX\n"), repr(out)
    assert clean(out + err), repr(out + err)
    code, out, err = run(config, "run-turn", "--due", "--jobs", "1")
    assert code == 1
    assert clean(out + err), repr(out + err)


def test_a_games_name_with_escapes_is_shown_without_them(tmp_path: Path) -> None:
    """The game's name in its game.yaml (``game:``), edited by hand, may hold an escape
    sequence: the overview of `wtg status` printed it clean, but `wtg status GAME`'s head
    line and `wtg state`'s printed it as it was (its OSC set the GM's window title). (The
    folder renamed with it: a name edited in the game's own folder is refused, saying the
    name its turns have, ``wtg.game.madewith``.)"""
    config = write_config(tmp_path)
    (made,) = due_games(tmp_path / "games", 1)
    path = made / "game.yaml"
    data = load_yaml(path.read_text(encoding="utf-8"))
    data["game"] = "g\x1b]0;owned\x07\u202eX"
    path.write_text(dump_yaml(data), encoding="utf-8")
    folder = made.rename(made.with_name(data["game"]))
    for command in (("status", str(folder)), ("state", str(folder)), ("status",)):
        code, out, err = run(config, *command)
        assert code == 0, (command, out, err)
        assert "gX" in out, (command, out)
        assert clean(out + err), (command, out + err)
