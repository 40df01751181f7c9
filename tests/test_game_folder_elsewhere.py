"""A game given as a folder that is not there, as cron gives it: cron runs in the user's
home, not where the GM tried the line, and does not see the WTG_CONFIG his shell exports.
`wtg run-turn games/test1` said `games/test1 is not a game folder (no game.yaml)`: no
word of where it looked, nor that the folder is missing, nor of the game of that name the
config's games folder has. It says all three now, in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")


def wtg(*args: object, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], env=env)


@pytest.fixture
def host(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("WTG_CONFIG", raising=False)
    monkeypatch.delenv("WTG_GAMES_DIR", raising=False)
    root = tmp_path / "host"
    assert wtg("init", root, "--from", "gm@example.org").exit_code == 0
    config = root / "wtg.yaml"
    made = wtg(
        "--config", config, "new-game", "test1", "--ruleset", "wok4", "--map", "small", *PLAYERS
    )
    assert made.exit_code == 0, made.output
    return root


def test_a_relative_game_folder_from_another_folder_names_the_game_meant(
    host: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "home"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = wtg("--config", host / "wtg.yaml", "run-turn", "games/test1", "--now")
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: no game folder {elsewhere / 'games/test1'} (games/test1 from the current folder "
        f"{elsewhere}): did you mean the game test1 of the games folder? Give its name alone "
        "(test1)\n"
    )
    assert sorted(p.name for p in (host / "games" / "test1" / "turns").iterdir()) == ["0000"]


def test_a_bare_name_without_a_config_says_cron_lost_it(
    host: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = wtg("run-turn", "test1")
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: no game folder {tmp_path / 'test1'} (test1 from the current folder {tmp_path}), "
        "and no games folder to look 'test1' up in: give --config FILE (or --games-dir); cron "
        "and systemd do not see a WTG_CONFIG your shell exports\n"
    )


def test_a_game_folder_that_is_not_there_is_said_to_be_missing(host: Path, tmp_path: Path) -> None:
    gone = tmp_path / "nowhere" / "test1"
    result = wtg("--config", host / "wtg.yaml", "status", gone)
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: no game folder {gone}: did you mean the game test1 of the games folder? Give its "
        "name alone (test1)\n"
    )
    result = wtg("--config", host / "wtg.yaml", "status", tmp_path / "nowhere" / "test9")
    assert result.stderr == (
        f"wtg: no game folder {tmp_path / 'nowhere' / 'test9'}: give a game's name (with "
        "--config) or its folder\n"
    )


def test_a_folder_that_is_there_but_no_game_is_said_so(host: Path, tmp_path: Path) -> None:
    result = wtg("--config", host / "wtg.yaml", "status", tmp_path)
    assert result.stderr == f"wtg: {tmp_path} is not a game folder (no game.yaml)\n"


def test_a_mistyped_folder_of_the_games_folder_names_its_games(host: Path) -> None:
    """A new GM's trial: `wtg status /srv/wtg/games/tset1` said only `give a game's name
    (with --config) or its folder`, where `wtg status tset1` names the games there (and
    `Test1` the one meant)."""
    games = host / "games"
    result = wtg("--config", host / "wtg.yaml", "status", games / "tset1")
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: no game folder {games / 'tset1'}: no game 'tset1' in the games folder {games}: "
        f"did you mean test1? (its games: test1; `wtg --config {host / 'wtg.yaml'} status` "
        "gives a line for each)\n"
    )
    result = wtg("--config", host / "wtg.yaml", "run-turn", games / "Test1", "--now")
    assert result.stderr == (
        f"wtg: no game folder {games / 'Test1'}: no game 'Test1' in the games folder {games}: "
        "did you mean test1? (a game's name is lower case)\n"
    )
    assert sorted(p.name for p in (games / "test1" / "turns").iterdir()) == ["0000"]


def test_the_games_folder_given_as_a_game_names_its_games(host: Path) -> None:
    """`wtg run-turn /srv/wtg/games` (the games folder for a game) said only `is not a game
    folder (no game.yaml)`; it names the games there and how to give one."""
    games = host / "games"
    result = wtg("--config", host / "wtg.yaml", "run-turn", games, "--now")
    assert (result.exit_code, result.stderr) == (
        1,
        f"wtg: {games} is a games folder, not a game: give one of its games by its name "
        f"(test1), with --games-dir {games} or the config whose games_dir it is\n",
    )
    assert sorted(p.name for p in (games / "test1" / "turns").iterdir()) == ["0000"]


@pytest.mark.parametrize("inside", ["turns", "turns/0000", "turns/0000/reports"])
def test_a_folder_inside_a_game_names_the_game(host: Path, inside: str) -> None:
    """A folder of a game (a tab-completed `games/test1/turns/`) said `is not a game folder`
    without the game it is in."""
    game = host / "games" / "test1"
    result = wtg("--config", host / "wtg.yaml", "status", game / inside)
    assert (result.exit_code, result.stderr) == (
        1,
        f"wtg: {game / inside} is a folder inside the game test1 ({game}), not a game's "
        f"folder: give the game (test1, or its folder {game})\n",
    )


@pytest.mark.parametrize("where", [".", "games"])
def test_new_game_without_config_in_the_hosts_folder_is_refused(
    host: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """A new shell, WTG_CONFIG not exported: `wtg new-game test2 ...` in the host's folder
    made /srv/wtg/test2, beside the games folder, where no poll or send looks: its players
    were never mailed turn 0, and their mail for it was held as mail of no game. Now it is
    refused, naming the config there; `./test2` still makes a game of its own by hand."""
    monkeypatch.chdir(host / where)
    before = sorted(p.name for p in (host / where).iterdir())
    made = wtg("new-game", "test2", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    config = host / "wtg.yaml"
    assert (made.exit_code, made.stderr) == (
        1,
        f"wtg: no config: the game would be made in {host / where / 'test2'}, where no poll or "
        "send of the host looks, and its players never mailed; give --config FILE (or export "
        f"WTG_CONFIG), or ./test2 for a game of its own run by hand; there is one at {config}: "
        f"`export WTG_CONFIG={config}` (or --config {config})\n",
    )
    assert sorted(p.name for p in (host / where).iterdir()) == before
    by_hand = wtg("new-game", "./test2", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    assert by_hand.exit_code == 0, by_hand.output
    assert (host / where / "test2" / "game.yaml").is_file()
