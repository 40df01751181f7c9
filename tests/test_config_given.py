"""How a GM gives the config at 2 a.m.: `WTG_CONFIG=~/wtg/wtg.yaml` in a crontab or a
systemd unit (neither expands the ~, as a shell does), a `--config` given in quotes, and
what `wtg --help` says of it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from wtg.cli import main


def home_host(home: Path) -> None:
    (home / "wtg" / "games").mkdir(parents=True)
    (home / "wtg" / "wtg.yaml").write_text("games_dir: games\n", encoding="utf-8")


@pytest.mark.parametrize("given", ["env", "option"])
def test_a_config_under_a_tilde_is_in_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    """`WTG_CONFIG=~/wtg/wtg.yaml` was read as the folder `~` of the current folder:
    `wtg: ~/wtg/wtg.yaml (/home/gm/~/wtg/wtg.yaml): cannot read the config file`."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    home_host(tmp_path / "home")
    monkeypatch.chdir(tmp_path)
    if given == "env":
        monkeypatch.setenv("WTG_CONFIG", "~/wtg/wtg.yaml")
        result = CliRunner().invoke(main, ["status"])
    else:
        result = CliRunner().invoke(main, ["--config", "~/wtg/wtg.yaml", "status"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


def test_a_games_dir_under_a_tilde_is_in_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    home_host(tmp_path / "home")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WTG_GAMES_DIR", "~/wtg/games")
    result = CliRunner().invoke(main, ["status"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


def test_the_help_says_where_the_config_and_the_games_come_from() -> None:
    """`wtg --help` said "--config TEXT  The GM's config file": not that WTG_CONFIG gives
    it, nor WTG_GAMES_DIR the games folder, nor where a new GM begins."""
    text = " ".join(CliRunner().invoke(main, ["--help"]).stdout.split())
    assert "A new host: `wtg init DIR`, then `export WTG_CONFIG=DIR/wtg.yaml`" in text
    assert "--config FILE The host's config file, made by `wtg init` (default: the " in text
    assert "environment variable WTG_CONFIG; a leading ~ is your home folder)" in text
    assert "(default: the environment variable WTG_GAMES_DIR, else the config's games_dir)" in text
    assert "its GAME_DIR is a game's name (looked up in the games folder) or the path" in text


NO_CONFIG = (
    "wtg: no config: neither --config FILE nor the environment variable WTG_CONFIG names one; "
    "give it (`wtg init DIR` makes one for a new host)"
)


@pytest.mark.parametrize("inside", [".", "games", "games/g1"])
def test_a_command_without_a_config_names_the_one_of_the_folder_it_ran_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inside: str
) -> None:
    """In the host's folder (or its games folder, or a game's), without WTG_CONFIG (a new
    shell): `wtg send` said there was no config, not that the one it stood beside was
    meant. It names it, and does not read it (a cron line must not run on a config of its
    own finding)."""
    (tmp_path / "games" / "g1").mkdir(parents=True)
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\n", encoding="utf-8")
    monkeypatch.delenv("WTG_CONFIG", raising=False)
    monkeypatch.delenv("WTG_GAMES_DIR", raising=False)
    monkeypatch.chdir(tmp_path / inside)
    result = CliRunner().invoke(main, ["send"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{NO_CONFIG}; there is one at {config}: `export WTG_CONFIG={config}` (or --config "
        f"{config})\n"
    )
    assert not (tmp_path / "games" / ".mail").exists()


@pytest.mark.parametrize("given", ["option", "env"])
def test_a_mail_command_given_the_games_folder_names_the_config_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    """A new GM's trial: `wtg --games-dir /srv/wtg/games send` (status takes a games folder,
    so why not send) said there was no config and nothing of the one `wtg init` had put
    beside that games folder. It names it, and does not read it."""
    home_host(tmp_path)
    config = tmp_path / "wtg" / "wtg.yaml"
    games = tmp_path / "wtg" / "games"
    monkeypatch.delenv("WTG_CONFIG", raising=False)
    monkeypatch.delenv("WTG_GAMES_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    if given == "env":
        monkeypatch.setenv("WTG_GAMES_DIR", str(games))
    for command in (["send"], ["poll"]):
        args = ["--games-dir", str(games), *command] if given == "option" else command
        result = CliRunner().invoke(main, args)
        assert (result.exit_code, result.stderr) == (
            1,
            f"{NO_CONFIG}; there is one at {config}: `export WTG_CONFIG={config}` (or --config "
            f"{config})\n",
        ), command
    assert not (games / ".mail").exists()


def test_a_command_without_a_config_anywhere_near_says_only_that(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("WTG_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["send"])
    assert (result.exit_code, result.stderr) == (1, f"{NO_CONFIG}\n")


def test_two_games_folders_given_are_refused_not_split_between_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """WTG_GAMES_DIR left exported (from the demo, another host) beside WTG_CONFIG: `wtg
    status` said `No games in /other`, the GM's games gone as it seemed, while `run-turn
    --due`, poll and send worked on the config's games_dir without a word of it."""
    home_host(tmp_path)
    config = tmp_path / "wtg" / "wtg.yaml"
    (tmp_path / "other").mkdir()
    monkeypatch.setenv("WTG_CONFIG", str(config))
    monkeypatch.setenv("WTG_GAMES_DIR", str(tmp_path / "other"))
    said = (
        f"wtg: two games folders: {tmp_path / 'other'} (WTG_GAMES_DIR) and "
        f"{tmp_path / 'wtg' / 'games'} (games_dir of {config}): give one of them (unset "
        "WTG_GAMES_DIR, or give no config)\n"
    )
    for command in (["status"], ["run-turn", "--due"], ["poll"], ["send"]):
        result = CliRunner().invoke(main, command)
        assert (result.exit_code, result.stderr) == (1, said), command
    monkeypatch.setenv("WTG_GAMES_DIR", str(tmp_path / "wtg" / "games"))  # the same: fine
    assert CliRunner().invoke(main, ["status"]).exit_code == 0


def test_config_given_after_the_command_says_where_it_goes(tmp_path: Path) -> None:
    """The docs give it first (`wtg --config /srv/wtg/wtg.yaml status`); typed after the
    command, as most tools take an option, it was `Error: No such option '--config'.`, as
    for an option that exists nowhere. It says where it goes, with the command to give:
    the line typed, the option put first (it said `wtg --config FILE status ...`, and a
    GM at 2 a.m. copied FILE)."""
    home_host(tmp_path)
    config = str(tmp_path / "wtg" / "wtg.yaml")
    result = CliRunner().invoke(main, ["status", "--config", config])
    assert result.exit_code == 2
    assert f"--config goes before the command: `wtg --config {config} status`" in result.stderr
    result = CliRunner().invoke(main, ["run-turn", "--due", f"--config={config}", "-q"])
    line = f"--config goes before the command: `wtg --config {config} run-turn --due -q`"
    assert line in result.stderr  # a cron line's whole command, to give as it is
    result = CliRunner().invoke(main, ["status", "--config"])  # no value: the option's form
    assert "--config goes before the command: wtg --config FILE status ..." in result.stderr
    result = CliRunner().invoke(main, ["status", "--cnofig", config])
    assert result.exit_code == 2 and "--config goes" not in result.stderr
