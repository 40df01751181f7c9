"""A game made from a waiting list whose turn 0 could not be written (the disk full: the
failure made here by a prelude) is undone by ``start_game`` itself: its folder removed,
its players back on the list. `wtg run-turn --due` killed before each write of that undo,
then run again as cron would (the disk room again): the game ``wok4-1`` is made once,
both players bound to it. Before, the undo's ``rmtree`` removed the folder's ``format``
before its ``game.yaml``: killed between the two, it left a game.yaml in a folder of no
format, which the next run could neither finish (refused as an older format, taken for a
game another process held) nor undo; every run after said the game failed, its players
bound to a game that never began. Its players were told nothing of it either way (no
turn 0, no mail): the next run finishes it when its game.yaml is whole, and undoes it
(then makes it anew) once the undo has begun to take it apart."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.lobby.killedpolls import list_full, made_once_by_the_next_run

FULL = """
import errno
from wtg.files.store import GameStore

def full(*_args, **_kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")

GameStore.commit_turn = full
"""
"""The prelude of the run killed: turn 0's commit fails as on a full disk."""


def test_a_start_killed_while_it_undoes_its_game_leaves_one_the_next_run_makes(
    tmp_path: Path,
) -> None:
    args, games, snapshot = list_full(tmp_path)
    restore = killpoints.restorer(snapshot, games)
    log = tmp_path / "undo.log"
    whole = killpoints.whole(args, games, restore, prelude=FULL, log=log, status=1)
    assert "waiting list wok4: no game made: [Errno 28]" in whole.stderr, whole
    assert not (games / "wok4-1").exists()
    lines = killpoints.written(log)
    written = next(i for i, line in enumerate(lines, 1) if line.endswith("wok4-1/game.yaml"))
    for write in range(written + 1, whole.writes + 1):  # the turn's try, then the undo
        restore()
        cut = killpoints.run(args, write, games, prelude=FULL)
        assert cut.killed and cut.writes == write - 1, (write, cut)
        made_once_by_the_next_run(args, games, write)
        assert (games / "wok4-1" / "turns" / "0000").is_dir(), (write, cut.before)
        assert (games / "wok4-1" / "format").is_file(), (write, cut.before)
