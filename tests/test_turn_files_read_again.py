"""A game reads its turn files as they are, whoever wrote them since it last read them.

``Game`` keeps a turn's ``state.json``, ``events.json`` and ``turn.json`` parsed, and held
them as unchanged while the process held the game's lock. The GM's commands write them
beside the game under that lock (``wtg extend``, ``wtg release``: ``LatestTurnMeta.write``;
a takeover: ``wtg.game.takeoverfinish``), and the game read the files before those writes:
the reports written again after ``wtg extend`` said the deadline before it (round 45's CI).
The game now reads a file's bytes at every use and parses them again when they differ
from those it parsed (``Game._turn_json``): each writer below is one the game never hears
of, and the game reads after it what it wrote.
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.conftest import players
from tests.shipped import WOK4
from tests.test_deadline_again import at, daily, no_one
from wtg.cli.demo import filled_aof
from wtg.game.engine import create_game
from wtg.game.schedule import iso
from wtg.gm.control import hold, release
from wtg.gm.extension import extend
from wtg.gm.nextdeadline import latest_turn_meta
from wtg.gm.takeover import take_over

MOMENT = datetime(2026, 11, 23, 9, 0, tzinfo=timezone.utc)


def test_an_extension_under_the_lock_the_game_holds_is_the_deadline_it_reads(
    tmp_path: Path,
) -> None:
    """``wtg extend`` given while the game's lock is held (a poll's batch holds it): the game
    read the deadline before, and reads the moved one after, as do its reports."""
    game = daily(tmp_path)
    before = at(23, 18)
    with game.store.lock():
        assert game.deadline() == before
        extension, moved, _ = extend(game, 24, at(23, 9), lambda _e: 0)
        assert moved
        assert game.deadline() == before + timedelta(hours=24)
        assert game.meta().get("next_deadline") == iso(before + timedelta(hours=24))
        report = game.report(1)
    assert extension.new == iso(before + timedelta(hours=24))
    assert "DEADLINE FOR YOUR TURN 1 ORDERS: Tue 24 Nov 2026 18:00 UTC" in report, report


def test_a_release_under_the_lock_the_game_holds_is_the_deadline_it_reads(
    tmp_path: Path,
) -> None:
    """``wtg release`` moves the deadline the hold let pass; the game that read it under the
    same lock reads the new one."""
    game = daily(tmp_path)
    hold(game, at(23, 9), "a while")
    with game.store.lock():
        assert game.deadline() == at(23, 18)
        release(game, at(23, 20), no_one)  # a whole turn on: not a day ahead
        assert game.deadline() == at(25, 18)
        assert latest_turn_meta(game).deadline == iso(at(25, 18))


def test_a_takeover_under_the_lock_the_game_holds_is_the_state_it_reads(tmp_path: Path) -> None:
    """A seat taken over (``wtg.game.takeoverfinish`` writes the latest turn's state) while
    the game's lock is held: the state the game reads after names the newcomer."""
    game = create_game(tmp_path / "g1", "wok4", "small", players(4), 7).typed(WOK4)
    game.submit("player: 2\nturn: 1\nquit: true\n")
    for seat in (1, 3, 4):
        game.submit(filled_aof(game, seat))
    game.run_turn()
    with game.store.lock():
        assert game.state_view().player(2).name == "Bob"
        take_over(game, 2, "Newcomer", "newcomer@example.org", MOMENT)
        assert game.state_view().player(2).name == "Newcomer"
        assert game.state().player(2).name == "Newcomer"


def test_a_turn_file_written_again_with_its_size_time_and_inode_is_read_again(
    tmp_path: Path,
) -> None:
    """A ``turn.json`` written over in place, its size, its time and its inode as they were
    (a write within the file system's tick of time, a hand edit that kept them): the game,
    which keyed what it kept by them, reads the new deadline."""
    game = daily(tmp_path)
    path = game.store.turn_dir(0) / "turn.json"
    assert game.deadline() == at(23, 18)
    stat = path.stat()
    text = path.read_text(encoding="utf-8")
    assert text.count(iso(at(23, 18))) == 1
    with open(path, "r+", encoding="utf-8") as handle:
        handle.write(text.replace(iso(at(23, 18)), iso(at(25, 18))))
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns, after.st_size) == (
        stat.st_ino,
        stat.st_mtime_ns,
        stat.st_size,
    )
    assert game.deadline() == at(25, 18)
