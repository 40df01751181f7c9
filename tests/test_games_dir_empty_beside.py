"""games_dir edited at 2 a.m. to an empty folder that was there (`games2` for `games`, a
folder made for something else): every poll, turn and send ran on it without a word
(`status`: "no games in ..."), the players' mail waiting in the real host's inbox. A
config's games folder that holds no game and no mail spool (no host ever ran on it) beside
one that holds a host's games is refused, naming it; a new host's own (`wtg init`'s spool
in it) is not."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from wtg.cli import main


def test_an_empty_games_dir_beside_a_host_s_games_is_refused(tmp_path: Path) -> None:
    made = CliRunner().invoke(main, ["init", str(tmp_path / "host")])
    assert made.exit_code == 0, made.output
    (tmp_path / "host" / "games2").mkdir()
    config = tmp_path / "host" / "w2.yaml"
    config.write_text("games_dir: games2\nfrom: gm@example.org\n", encoding="utf-8")
    for command in (["status"], ["poll"], ["send"], ["run-turn", "--due"]):
        said = CliRunner().invoke(main, ["--config", str(config), *command])
        assert said.exit_code == 1, (command, said.output)
        assert said.stderr == (
            f"wtg: the games folder {tmp_path}/host/games2 (games_dir of {config}) holds no "
            "game and no mail spool (no host has run on it: `wtg init` makes the spool), and "
            f"{tmp_path}/host/games beside it holds a host's games (did you mean it?): correct "
            "it\n"
        )
    assert list((tmp_path / "host" / "games2").iterdir()) == []  # nothing made in it
    checked = CliRunner().invoke(main, ["--config", str(config), "check-config"])
    assert checked.exit_code == 1
    assert "FAIL  games_dir " in checked.stdout and "(did you mean it?)" in checked.stdout


def test_a_new_host_s_empty_games_folder_is_its_own(tmp_path: Path) -> None:
    """`wtg init` beside another host's games folder: its own has the spool, and stands."""
    assert CliRunner().invoke(main, ["init", str(tmp_path / "one")]).exit_code == 0
    assert CliRunner().invoke(main, ["init", str(tmp_path / "two")]).exit_code == 0
    config = tmp_path / "two" / "wtg.yaml"
    config.write_text("games_dir: ../one/games2\nfrom: gm@example.org\n", encoding="utf-8")
    (tmp_path / "one" / "games2").mkdir()
    (tmp_path / "one" / "games2" / ".mail").mkdir()  # a spool: a host ran on it
    said = CliRunner().invoke(main, ["--config", str(config), "status"])
    assert said.exit_code == 0, said.output
    assert said.stdout.startswith("no games in ")
