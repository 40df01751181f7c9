"""`wtg check-config` after a game.yaml edited by hand: a GM who mends one game's file and
checks the host is told which game would be skipped and why, as `wtg status` and every
cron line would say it. Before, every line said `ok` ("a folder wtg can write in, 3
game(s)") and the exit status was 0, while `run-turn --due` failed the game at each run."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner, Result

from tests.test_gm_controls import make
from wtg.cli import main


def check(root: Path) -> Result:
    config = root / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@example.org\ntransport: maildir\n")
    os.chmod(root / "games", 0o700)
    return CliRunner().invoke(main, ["--config", str(config), "check-config"])


def fails(result: Result) -> list[str]:
    return [line for line in result.stdout.splitlines() if line.startswith("FAIL")]


def test_a_game_whose_game_yaml_does_not_read_is_a_fail(tmp_path: Path) -> None:
    games = tmp_path / "games"
    for name in ("g1", "g2", "g3"):
        make(games, name, count=2)
    tabbed = games / "g1" / "game.yaml"
    tabbed.write_text(tabbed.read_text().replace("map: small", "\tmap: small"))
    lost = games / "g3" / "game.yaml"
    bob = "- {id: 2, name: Bob, email: bob@example.org, code: CODE0002}\n"
    lost.write_text(lost.read_text().replace(bob, ""))
    result = check(tmp_path)
    assert result.exit_code == 1, result.output
    one, three = fails(result)
    assert one.startswith(
        f"FAIL  game {games / 'g1'}: cannot be read, skipped (no turn of it runs, nothing "
        f"of it is mailed): {tabbed}, line 5: not valid YAML: "
    )
    assert "(a tab: YAML indents with spaces only: put spaces in its place)" in one
    assert three.startswith(
        f"FAIL  game {games / 'g3'}: cannot be read, skipped (no turn of it runs, nothing "
        f"of it is mailed): {lost}, line 8: players: player 2 (Bob) is missing: "
    )
    assert f"ok    games_dir {games}: a folder wtg can write in, 3 games" in result.stdout


def test_games_that_read_are_no_trouble(tmp_path: Path) -> None:
    games = tmp_path / "games"
    for name in ("g1", "g2"):
        make(games, name, count=2)
    result = check(tmp_path)
    assert fails(result) == []
    assert result.exit_code == 0, result.output
