"""Killing `wtg orders GAME FILE --correct` (SIGKILL, no clean-up) before each of its
distinct writes (``DISTINCT``), then doing what a GM does: the same command again, then
`run-turn --rerun`. The correction is on file whole or not at all after the kill (never a
parsed copy without its order file counted as orders), once after the command given again,
and the rerun runs with it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests import killpoints
from tests.mail.loop import World
from wtg.cli import main
from wtg.game.engine import open_game

FIX = "player: 2\nturn: 1\nquit: true\n"
DISTINCT = (2, 3, 4, 7, 8)
"""The distinct writes: the pending folder made, the first file written aside, its rename,
the order file written aside, its rename (the files between are written as the first is)."""


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game of four whose turn 1 ran without player 2's orders."""
    base = tmp_path_factory.mktemp("correct")
    world = World(base)
    for seat in (1, 3, 4):
        world.game.submit(f"player: {seat}\nturn: 1\n")
    world.game.run_turn()
    return world.gm.games_dir


def test_a_correction_killed_at_each_write_is_filed_once_and_rerun(
    template: Path, tmp_path: Path
) -> None:
    games = tmp_path / "games"
    game_dir = games / "g1"
    fix = tmp_path / "fix.yaml"
    fix.write_text(FIX, encoding="utf-8")
    args = ["orders", str(game_dir), str(fix), "--correct"]
    restore = killpoints.restorer(template, games)
    log = tmp_path / "writes.log"
    killpoints.whole(args, games, restore, log=log)
    writes = killpoints.written(log)
    assert writes[0] == f"open {game_dir / '.lock'} flags"
    assert writes[-1].endswith(f"-> {game_dir / 'pending' / '0001' / 'p02.yaml'}")
    assert len(writes) == 8, writes  # the lock, a folder, three files written aside and renamed
    filed = (game_dir / "pending" / "0001" / "p02.yaml").read_bytes()
    runner = CliRunner()
    for write, cut in killpoints.cuts(args, games, DISTINCT, restore):
        assert open_game(game_dir).store.pending_orders(1) == {}, (write, cut.before)
        again = runner.invoke(main, args)
        assert again.exit_code == 0, (write, again.output)
        assert set(open_game(game_dir).store.pending_orders(1)) == {2}
        assert (game_dir / "pending" / "0001" / "p02.yaml").read_bytes() == filed
        rerun = runner.invoke(main, ["run-turn", str(game_dir), "--rerun"])
        assert rerun.exit_code == 0, (write, rerun.output)
        ran_with = (game_dir / "turns" / "0001" / "orders" / "p02.yaml").read_text("utf-8")
        assert "quit: true" in ran_with, write
        assert open_game(game_dir).store.pending_orders(1) == {}
        leftovers = [p.name for p in (game_dir / "pending").rglob("*") if p.is_file()]
        assert leftovers == [], (write, leftovers)


def test_a_correction_killed_then_not_given_again_reruns_without_it(
    template: Path, tmp_path: Path
) -> None:
    """Killed after its parsed copy and result were renamed into place, before its order
    file: a GM who reruns without giving the correction again reruns the turn as it ran
    (``--unchanged``), the half-filed correction not taken for orders."""
    games = tmp_path / "games"
    game_dir = games / "g1"
    fix = tmp_path / "fix.yaml"
    fix.write_text(FIX, encoding="utf-8")
    args = ["orders", str(game_dir), str(fix), "--correct"]
    restore = killpoints.restorer(template, games)
    (_, cut), *_ = killpoints.cuts(args, games, [8], restore)
    assert cut.before.endswith(f"-> {game_dir / 'pending' / '0001' / 'p02.yaml'}")
    rerun = CliRunner().invoke(main, ["run-turn", str(game_dir), "--rerun", "--unchanged"])
    assert rerun.exit_code == 0, rerun.output
    assert not (game_dir / "turns" / "0001" / "orders" / "p02.yaml").exists()
