"""`wtg orders GAME FILE --correct` for a player who had sent no orders for the last turn
(his mail came late, or went to the wrong game): the next command that took the game's
lock took the correction for orders the turn had run with (left by a run killed before it
moved them), moved it into the turn's `received/` unread, and the rerun ran without it,
the same turn again. The correction stays pending until the rerun reads it."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.mail.loop import World
from wtg.cli import main
from wtg.game.engine import open_game


def test_a_correction_for_a_player_without_orders_is_read_by_the_rerun(tmp_path: Path) -> None:
    world = World(tmp_path)
    for seat in (1, 3, 4):  # player 2 sent none
        world.game.submit(f"player: {seat}\nturn: 1\n")
    world.game.run_turn()
    game_dir = world.game.store.root
    assert not (game_dir / "turns" / "0001" / "orders" / "p02.yaml").exists()
    fix = tmp_path / "fix.yaml"
    fix.write_text("player: 2\nturn: 1\nquit: true\n", encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(main, ["orders", str(game_dir), str(fix), "--correct"]).exit_code == 0
    game = open_game(game_dir)
    with game.store.lock():  # any command's lock (a poll, a status): it stays pending
        pass
    assert set(game.store.pending_orders(1)) == {2}
    rerun = runner.invoke(main, ["run-turn", str(game_dir), "--rerun"])
    assert rerun.exit_code == 0, rerun.stderr
    ran_with = (game_dir / "turns" / "0001" / "orders" / "p02.yaml").read_text(encoding="utf-8")
    assert "quit: true" in ran_with
    assert game.store.pending_orders(1) == {}  # taken by the rerun, kept in received/
    assert (game_dir / "turns" / "0001" / "received" / "p02.yaml").is_file()
