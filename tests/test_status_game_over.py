"""`wtg status GAME` of a game that is over said 'orders for turn 3, deadline
2026-12-14T17:00:00Z (the game is over)': a turn that never runs and a deadline that never
comes. It says the game is over and its last turn."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.mail.loop import World
from tests.mail.test_map_note_without_form import quit_seats
from wtg.cli import main


def test_the_status_of_a_game_over_says_its_last_turn_and_no_deadline(tmp_path: Path) -> None:
    world = World(tmp_path)
    quit_seats(world, 2, 3, 4)  # player 1 is the last standing: the game is over
    result = CliRunner(env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None}).invoke(
        main, ["--games-dir", str(world.gm.games_dir), "status", "g1"]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (
        "game g1, over after turn 1: no orders are taken, no deadline comes"
    )
