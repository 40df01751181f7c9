"""A half-made game's undo killed inside its ``shutil.rmtree``: `wtg run-turn --due` killed
just before the game.yaml of ``wok4-1`` (its players reserved, its folder begun), then the
next run, which undoes that game (its folder removed, its players back on the list) before
it makes the game anew, killed before each removal of that folder (the kill points see the
stdlib's removals relative to a folder's descriptor). The run after finds a folder without
game.yaml and the game still being made, undoes it again and makes ``wok4-1`` whole: one
game, under the list's first number, both players bound to it."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests import killpoints
from tests.lobby.killedpolls import list_full, made_once_by_the_next_run

REMOVAL = ("os.remove", "os.rmdir")
KILLS = 6
"""Kill points, spread over the undo's removals."""


def _removals(lines: list[str], folder: str) -> list[int]:
    """The write numbers of the first stretch of removals under ``folder``: the undo's."""
    first = next(
        i for i, line in enumerate(lines, 1) if line.startswith(REMOVAL) and folder in line
    )
    stretch = [first]
    while stretch[-1] < len(lines) and lines[stretch[-1]].startswith(REMOVAL):
        stretch.append(stretch[-1] + 1)
    return stretch


def test_an_undo_killed_inside_its_removal_is_undone_again_and_the_game_made_once(
    tmp_path: Path,
) -> None:
    args, games, snapshot = list_full(tmp_path)
    log = tmp_path / "start.log"
    killpoints.count(args, games, log=log)
    lines = killpoints.written(log)
    written = next(i for i, line in enumerate(lines, 1) if line.endswith("wok4-1/game.yaml"))
    killpoints.restorer(snapshot, games)()
    first = killpoints.run(args, written, games)
    assert first.killed and not (games / "wok4-1" / "game.yaml").exists(), first
    half_made = tmp_path / "half-made"
    shutil.copytree(games, half_made)
    restore = killpoints.restorer(half_made, games)
    undo_log = tmp_path / "undo.log"
    killpoints.whole(args, games, restore, log=undo_log)
    removals = _removals(killpoints.written(undo_log), "/wok4-1/")
    assert len(removals) > 2, removals  # the files of the folder, one by one, and the folder
    at = killpoints.points_between(removals[0], removals[-1], KILLS)
    for write, cut in killpoints.cuts(args, games, at, restore):
        assert not (games / "wok4-1" / "game.yaml").exists(), (write, cut.before)
        made_once_by_the_next_run(args, games, write)
        assert (games / "wok4-1" / "turns" / "0000").is_dir(), write
