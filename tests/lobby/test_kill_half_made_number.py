"""A game made from a waiting list skipped a number: `wtg run-turn --due` (or a poll) killed
after the players were reserved for ``wok4-1`` and before its game.yaml was written left a
half-made game the next run undoes, and the list's count of games stayed at 1 (the undo put
the players back, not the number): the next run made ``wok4-2`` and there was never a
``wok4-1``. The undo gives the number back: the next run makes ``wok4-1``. The kills are
real SIGKILLs at every write between the reservation's commit and game.yaml's rename (found
in the log of a whole run)."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.lobby.killedpolls import list_full, made_once_by_the_next_run


def test_a_game_undone_after_a_kill_keeps_its_number(tmp_path: Path) -> None:
    args, games, snapshot = list_full(tmp_path)
    log = tmp_path / "writes.log"
    whole = killpoints.count(args, games, log=log)
    assert whole.returncode == 0 and "game wok4-1 made" in whole.stdout, whole
    lines = killpoints.written(log)
    reserved = next(i for i, line in enumerate(lines, 1) if "INTO making" in line)
    committed = next(i for i, line in enumerate(lines, 1) if i > reserved and "COMMIT" in line)
    written = next(i for i, line in enumerate(lines, 1) if line.endswith("wok4-1/game.yaml"))
    assert committed < written
    restore = killpoints.restorer(snapshot, games)
    at = range(committed + 1, written + 1)  # killed before the write: game.yaml never there
    for write, _cut in killpoints.cuts(args, games, at, restore):
        assert not (games / "wok4-1" / "game.yaml").exists(), write
        made_once_by_the_next_run(args, games, write)
