"""`run-turn --rerun` deleted the run of the turn it replaced: a GM who reran by mistake
(or with a wrong correction) lost what the players may have been mailed already. The
earlier run is kept whole in the game's archive, and the command's line says where."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from tests.mail.loop import World
from wtg.cli import main
from wtg.game.engine import open_game


def kept(game_dir: Path, turn: int = 1) -> str:
    """The clause of `run-turn --rerun`'s line that says where the run it replaced is kept
    (the last one kept: the folder's name has the moment of the rerun)."""
    folder = open_game(game_dir).store.kept_runs(turn)[-1]
    return f" (the run it replaced kept in archive/{folder.name}/turns/{turn:04d})"


def rerun(world: World) -> str:
    result = CliRunner().invoke(
        main, ["run-turn", str(world.game.store.root), "--rerun", "--unchanged"]
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_rerun_keeps_the_run_it_replaced_and_says_where(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.game.run_turn()
    turn = world.game.store.turn_dir(1)
    first = files_of(turn)
    line = rerun(world)
    (kept,) = world.game.store.kept_runs(1)
    where = f"archive/{kept.name}/turns/0001"
    assert line.startswith(f"turn 1 of game g1 rerun (the run it replaced kept in {where}); ")
    assert files_of(world.game.store.root / where) == first  # whole, as it ran
    line = rerun(world)  # a second rerun keeps the first rerun beside it
    runs = world.game.store.kept_runs(1)
    assert len(runs) == 2 and runs[0] == kept
    assert f"(the run it replaced kept in archive/{runs[1].name}/turns/0001)" in line
    assert '"reruns": 1' in (runs[1] / "turns" / "0001" / "turn.json").read_text()


def test_a_rerun_cut_short_keeps_the_run_it_replaced(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.game.run_turn()
    turns = world.game.store.turns_dir
    # killed after the new run counted, before the old one was put away: `.old-0001`
    shutil.copytree(turns / "0001", turns / ".old-0001")
    (turns / ".old-0001" / "marker").write_text("the earlier run\n")
    with open_game(world.game.store.root).store.lock():  # the next writer finishes it
        pass
    assert not (turns / ".old-0001").exists()
    (kept,) = world.game.store.kept_runs(1)
    assert (kept / "turns" / "0001" / "marker").read_text() == "the earlier run\n"


def test_the_run_replaced_comes_back_by_its_orders_and_a_rerun(tmp_path: Path) -> None:
    """docs/gm.md: to go back to the run replaced, its orders given back (`orders
    --correct`) and a rerun run the same turn again."""
    world = World(tmp_path)
    for seat in range(1, 5):
        world.game.submit(f"player: {seat}\nturn: 1\n")
    world.game.run_turn()
    game_dir = world.game.store.root
    first = files_of(game_dir / "turns" / "0001")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("player: 2\nturn: 1\nquit: true\n")  # a wrong correction
    runner = CliRunner()
    assert runner.invoke(main, ["orders", str(game_dir), str(wrong), "--correct"]).exit_code == 0
    rerun(world)
    assert files_of(game_dir / "turns" / "0001")["state.json"] != first["state.json"]
    (kept,) = world.game.store.kept_runs(1)
    back = kept / "turns" / "0001" / "orders" / "p02.yaml"
    given = runner.invoke(main, ["orders", str(game_dir), str(back), "--correct"])
    assert given.exit_code == 0, given.output
    rerun(world)
    again = files_of(game_dir / "turns" / "0001")
    for name in ("state.json", "events.json", "topten.txt", "reports/p02.txt"):
        assert again[name] == first[name]


def test_a_rerun_by_a_clock_set_back_names_the_folder_it_made(tmp_path: Path) -> None:
    """The archive's folders are named by the clock: one kept by a rerun the day before by a
    clock then right sorts after the one made now by a clock set back; the line names the
    one made now."""
    world = World(tmp_path)
    world.game.run_turn()
    archive = world.game.store.root / "archive"
    later = archive / "29991231T235959Z-rerun-0001" / "turns" / "0001"
    later.mkdir(parents=True)
    line = rerun(world)
    made = [p for p in world.game.store.kept_runs(1) if p.name != "29991231T235959Z-rerun-0001"]
    (folder,) = made
    assert f"(the run it replaced kept in archive/{folder.name}/turns/0001)" in line


def test_the_last_run_kept_is_the_one_kept_last_whatever_the_clock_said(tmp_path: Path) -> None:
    """A rerun's folder is named by the clock: the run kept by a rerun under a clock then
    ahead (here a year 2999) sorted after the one kept since, under the clock set right
    again. The last of `kept_runs` is the one kept last (``kept.json``'s count)."""
    world = World(tmp_path)
    world.game.run_turn()
    rerun(world)
    (first,) = world.game.store.kept_runs(1)
    ahead = first.with_name("29991231T235959Z-rerun-0001")
    first.rename(ahead)  # kept while the clock said 2999
    line = rerun(world)
    runs = world.game.store.kept_runs(1)
    assert runs[0].name == "29991231T235959Z-rerun-0001"
    assert f"(the run it replaced kept in archive/{runs[1].name}/turns/0001)" in line
    assert '"reruns": 1' in (runs[1] / "turns" / "0001" / "turn.json").read_text()
    assert [json.loads((p / "kept.json").read_text())["made"] for p in runs] == [1, 2]


def test_runs_an_older_wtg_kept_come_before_those_counted(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.game.run_turn()
    older = world.game.store.root / "archive" / "29991231T235959Z-rerun-0001" / "turns" / "0001"
    older.mkdir(parents=True)  # no kept.json: an older wtg's
    rerun(world)
    runs = world.game.store.kept_runs(1)
    assert runs[0].name == "29991231T235959Z-rerun-0001"
    assert json.loads((runs[1] / "kept.json").read_text()) == {"turn": 1, "made": 1}
