"""``start_game``'s own undo: a game made from a waiting list whose making failed (the
failure made here by a prelude of the run) is undone, its folder removed and its players
back on the list, unless its turn 0 is on disk. `wtg run-turn --due` killed before each
write of that undo, then run again as cron would (the failure gone): the game ``wok4-1``
is made once, both players bound to it.

- Turn 0's commit refused (the disk full). The undo's ``rmtree`` removed the folder's
  ``format`` before its ``game.yaml``: killed between the two, it left a game.yaml in a
  folder of no format, which the next run could neither finish (refused as an older
  format, taken for a game another process held) nor undo; every run after said the game
  failed, its players bound to a game that never began. Its players were told nothing of
  it either way (no turn 0, no mail): the next run finishes it when its game.yaml is
  whole, and undoes it (then makes it anew) once the undo has begun to take it apart.
- Turn 0 committed, then an error (the folder's flush refused). The undo put the players
  back on the list and gave the number back, but kept the folder, turn 0 and all: `wtg
  send` mailed its reports (the players told the game had begun, with their codes) while
  the GM was told no game was made, and the next start made ``wok4-2`` of the same
  players; a kill inside that undo had the next run count the game made, as the players
  were told. The game whose turn 0 is on disk is made, however its making ended: said
  made (with what failed, the run ending 1), its players bound to it, once.
- A host an older wtg left stuck so (no format, game.yaml there): the run names the
  upgrade that lets the next run finish it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests import killpoints
from tests.lobby.killedpolls import list_full, made_once_by_the_next_run


def commit_failing(error: str, words: str, after: bool) -> str:
    """The prelude of a run whose turn commits fail with the OSError ``error`` (an errno
    name) saying ``words``: before they write anything, or ``after`` the turn is in place."""
    committed = "commit(self, *args, **kwargs)" if after else "pass"
    return f"""
import errno
from wtg.files.store import GameStore

commit = GameStore.commit_turn

def failing(self, *args, **kwargs):
    {committed}
    raise OSError(errno.{error}, {words!r})

GameStore.commit_turn = failing
"""


def measured(
    tmp_path: Path, prelude: str
) -> tuple[list[str], Path, killpoints.Run, list[str], Callable[[], None]]:
    """A host whose list is full (``list_full``), the start of its game run whole with
    ``prelude``: its arguments, its games folder, the run, what each write was, and what
    puts the games folder back as it was before."""
    args, games, snapshot = list_full(tmp_path)
    restore = killpoints.restorer(snapshot, games)
    log = tmp_path / "start.log"
    whole = killpoints.whole(args, games, restore, prelude=prelude, log=log, status=1)
    return args, games, whole, killpoints.written(log), restore


def test_a_start_killed_while_it_undoes_its_game_leaves_one_the_next_run_makes(
    tmp_path: Path,
) -> None:
    full = commit_failing("ENOSPC", "No space left on device", after=False)
    args, games, whole, lines, restore = measured(tmp_path, full)
    assert "waiting list wok4: no game made: [Errno 28]" in whole.stderr, whole
    assert not (games / "wok4-1").exists()
    written = next(i for i, line in enumerate(lines, 1) if line.endswith("wok4-1/game.yaml"))
    at = range(written + 1, whole.writes + 1)  # the turn's try, then the undo
    for write, cut in killpoints.cuts(args, games, at, restore, prelude=full):
        made_once_by_the_next_run(args, games, write)
        assert (games / "wok4-1" / "turns" / "0000").is_dir(), (write, cut.before)
        assert (games / "wok4-1" / "format").is_file(), (write, cut.before)


def test_a_game_whose_turn_0_is_on_disk_is_made_however_its_start_ended(
    tmp_path: Path,
) -> None:
    failed_after = commit_failing("EIO", "Input/output error", after=True)
    args, games, whole, lines, restore = measured(tmp_path, failed_after)
    assert "game wok4-1 made from the waiting list wok4" in whole.stdout.splitlines(), whole
    assert "Input/output error" in whole.stderr, whole  # what failed is said all the same
    again = killpoints.count(args, games)
    assert again.returncode == 0 and "made" not in again.stdout, again
    assert sorted(p.name for p in games.iterdir() if not p.name.startswith(".")) == ["wok4-1"]
    turn = next(i for i, line in enumerate(lines, 1) if line.endswith("wok4-1/turns/0000"))
    at = range(turn + 1, whole.writes + 1)  # after turn 0 is in place
    for write, _cut in killpoints.cuts(args, games, at, restore, prelude=failed_after):
        made_once_by_the_next_run(args, games, write)


def test_a_half_made_game_an_older_undo_left_without_its_format_names_the_upgrade(
    tmp_path: Path,
) -> None:
    """A host where an older wtg's undo was killed between the format and game.yaml (the
    first test's kill, before the mend): every run said the game's making was cut short and
    that the next run would finish it, which none could. The run names what it refuses and
    the command that mends it (`wtg upgrade`), after which the next run makes the game."""
    args, games, snapshot = list_full(tmp_path)
    log = tmp_path / "start.log"
    killpoints.whole(args, games, killpoints.restorer(snapshot, games), log=log)
    lines = killpoints.written(log)
    written = next(i for i, line in enumerate(lines, 1) if line.endswith("wok4-1/game.yaml"))
    killpoints.restorer(snapshot, games)()
    cut = killpoints.run(args, written + 1, games)  # game.yaml there, turn 0 not
    assert cut.killed, cut
    (games / "wok4-1" / "format").unlink()  # as the older undo's rmtree left it
    stuck = killpoints.count(args, games)
    assert stuck.returncode == 1, stuck
    said = " ".join(stuck.stderr.split())
    assert "game wok4-1 (waiting list wok4) was left half made" in said, said
    assert f"run `wtg --config {args[1]} upgrade`" in said, said
    # every line of it says the upgrade first: none that a run or a new-game finishes it
    assert stuck.stdout.splitlines()[0].endswith("failed: wok4-1; lobby: 2 problems"), stuck
    lines = [" ".join(line.split()) for line in stuck.stderr.splitlines()]
    assert [line.partition(": ")[0] for line in lines] == ["lobby", "lobby", "wok4-1"], lines
    for line in lines:
        assert f"run `wtg --config {args[1]} upgrade`" in line, line
        assert "again to finish it" not in line and "--due` finishes it)" not in line, line
    upgraded = killpoints.wtg(["--config", args[1], "upgrade"])
    assert upgraded.returncode == 0, upgraded.stderr
    made_once_by_the_next_run(args, games, written + 1)
