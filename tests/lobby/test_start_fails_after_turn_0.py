"""A game made from a waiting list whose making failed after its turn 0 was on disk (the
turn's folder renamed into place, then its folder's flush refused: here by a prelude).
``start_game``'s undo put the players back on the list and gave its number back, but kept
the folder, turn 0 and all: `wtg send` mailed its reports (the players told the game had
begun, with their codes) while the GM was told no game was made, and the next start made
``wok4-2`` of the same players. A kill inside that undo had the next run count the game
made, as the players were told. The game whose turn 0 is on disk is made, however its
making ended: said made (with what failed, the run ending 1), its players bound to it,
once; killed anywhere after its turn 0, the next run says so and makes no second game."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.lobby.killedpolls import list_full, made_once_by_the_next_run

FAILED_AFTER = """
import errno
from wtg.files.store import GameStore

commit = GameStore.commit_turn

def failed_after(self, *args, **kwargs):
    commit(self, *args, **kwargs)
    raise OSError(errno.EIO, "Input/output error")

GameStore.commit_turn = failed_after
"""
"""The prelude: turn 0 committed, then an error (a flush of the folder refused)."""


def test_a_game_whose_turn_0_is_on_disk_is_made_however_its_start_ended(
    tmp_path: Path,
) -> None:
    args, games, snapshot = list_full(tmp_path)
    restore = killpoints.restorer(snapshot, games)
    log = tmp_path / "start.log"
    whole = killpoints.whole(args, games, restore, prelude=FAILED_AFTER, log=log, status=1)
    assert "game wok4-1 made from the waiting list wok4" in whole.stdout.splitlines(), whole
    assert "Input/output error" in whole.stderr, whole  # what failed is said all the same
    again = killpoints.count(args, games)
    assert again.returncode == 0 and "made" not in again.stdout, again
    assert sorted(p.name for p in games.iterdir() if not p.name.startswith(".")) == ["wok4-1"]
    lines = killpoints.written(log)
    turn = next(i for i, line in enumerate(lines, 1) if line.endswith("wok4-1/turns/0000"))
    for write in range(turn + 1, whole.writes + 1):  # after turn 0 is in place
        restore()
        cut = killpoints.run(args, write, games, prelude=FAILED_AFTER)
        assert cut.killed and cut.writes == write - 1, (write, cut)
        made_once_by_the_next_run(args, games, write)
