"""A path with a ~ the shell did not expand (quoted, from a script or a systemd unit) is
the GM's home folder, as --config, --games-dir and the config's own paths take it. Taken
as it stood, `wtg status '~/wtg/games/test1'` said there was no game folder
./~/wtg/games/test1, `wtg orders test1 '~/aof-1.txt'` read the path from the current
folder, and `wtg run-turn test1 --preview '~/preview'` made a folder named `~` in the
current one (a later `rm -rf ~` to tidy it away is the home folder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.game.engine import open_game

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder holding a game of no host, the GM standing in another folder."""
    home = tmp_path / "home"
    (home / "games").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(elsewhere)
    made = wtg("new-game", home / "games" / "test1", "--ruleset", "wok4", *PLAYERS)
    assert made.exit_code == 0, made.output
    return home


def test_a_game_folder_given_with_a_tilde_is_in_the_home_folder(home: Path) -> None:
    looked = wtg("status", "~/games/test1")
    assert looked.exit_code == 0, looked.output
    assert looked.stdout.startswith("game test1, orders for turn 1")
    ran = wtg("run-turn", "~/games/test1")
    assert ran.exit_code == 0, ran.output
    assert open_game(home / "games" / "test1").latest_turn() == 1
    assert list(Path.cwd().iterdir()) == []


def test_an_order_file_given_with_a_tilde_is_read_from_the_home_folder(home: Path) -> None:
    form = wtg("aof", home / "games" / "test1", "--player", 1)
    (home / "aof-1.txt").write_text(form.stdout, encoding="utf-8")
    stored = wtg("orders", home / "games" / "test1", "~/aof-1.txt")
    assert (stored.exit_code, stored.stdout.splitlines()[0]) == (
        0,
        "Orders of player 1 for turn 1:",
    ), stored.output


def test_a_preview_given_with_a_tilde_is_written_in_the_home_folder(home: Path) -> None:
    shown = wtg("run-turn", home / "games" / "test1", "--preview", "~/preview")
    assert shown.exit_code == 0, shown.output
    assert (home / "preview" / "reports").is_dir()
    assert list(Path.cwd().iterdir()) == []  # no folder named ~ here
    assert str(home / "preview") in shown.stdout


def test_a_new_game_and_a_log_file_given_with_a_tilde_go_to_the_home_folder(home: Path) -> None:
    made = wtg("new-game", "~/games/test2", "--ruleset", "wok4", *PLAYERS)
    assert made.exit_code == 0, made.output
    assert open_game(home / "games" / "test2").latest_turn() == 0
    ran = wtg("run-turn", "~/games/test2", "--log-file", "~/wtg.log")
    assert ran.exit_code == 0, ran.output
    assert "turn 1 resolved (run-turn by hand)" in (home / "wtg.log").read_text(encoding="utf-8")
    assert list(Path.cwd().iterdir()) == []
