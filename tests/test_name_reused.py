"""A game made, mailed, then removed (`rm -r games/g1`: a player's address mistyped, a test
game) and made again under the same name: the spool's journal still counted the old
game's turns as mailed, so `wtg send` queued none of the new game's reports (`0 report(s)
queued`, cron silent) and its players never heard of it. `new-game` now refuses the name
in one line while the spool remembers it; a name never mailed is made again freely."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main

PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")


def wtg(config: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), *args])


def host(root: Path) -> Path:
    (root / "games").mkdir()
    config = root / "wtg.yaml"
    config.write_text("games_dir: games\n", encoding="utf-8")
    return config


def new_game(config: Path, name: str) -> Result:
    return wtg(config, "new-game", name, "--ruleset", "wok4", "--map", "small", *PLAYERS)


def test_a_name_whose_game_was_mailed_and_removed_is_refused(tmp_path: Path) -> None:
    config = host(tmp_path)
    assert new_game(config, "g1").exit_code == 0
    assert wtg(config, "send").stdout.startswith("2 report(s) queued; 2 mail(s) sent")
    shutil.rmtree(tmp_path / "games" / "g1")
    again = new_game(config, "g1")
    assert again.exit_code == 1
    assert again.stderr == (
        f"wtg: a game g1 was made and mailed on this host before (its folder is gone or "
        f"renamed, its mail records in {tmp_path / 'games' / '.mail'} are not): a new game of "
        "that name would never have its reports mailed; give this game another name\n"
    )
    assert not (tmp_path / "games" / "g1").exists()
    assert new_game(config, "g2").exit_code == 0
    assert wtg(config, "send").stdout.startswith("2 report(s) queued; 2 mail(s) sent")


def test_a_name_whose_game_was_never_mailed_is_made_again(tmp_path: Path) -> None:
    config = host(tmp_path)
    assert new_game(config, "g1").exit_code == 0
    shutil.rmtree(tmp_path / "games" / "g1")  # removed before any send
    assert new_game(config, "g1").exit_code == 0
    assert wtg(config, "send").stdout.startswith("2 report(s) queued; 2 mail(s) sent")
