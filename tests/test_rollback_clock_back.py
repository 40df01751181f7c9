"""Rollbacks were ordered by their archive folders' names, which the clock makes: one made
after the clock was set back sorted before an earlier one, and `rollback --undo` took the
earlier for the game's last (refusing, as the game "went on from it", or undoing the wrong
one). Each rollback records its place among the game's rollbacks (`rollback.json`'s
`made`), and they are ordered by it, whatever the clock said."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from tests.mail.loop import World
from wtg.files.store import ARCHIVE, ROLLBACK_RECORD
from wtg.gm.control import rollback, undo_rollback
from wtg.gm.rollback import mark_undo_told, rollbacks

RIGHT = datetime(2026, 12, 5, 2, 0, tzinfo=timezone.utc)
SET_BACK = datetime(2026, 12, 4, 2, 0, tzinfo=timezone.utc)
"""The clock a day behind, after the first rollback was made by a clock that was right."""


def played(tmp_path: Path) -> World:
    world = World(tmp_path)
    for _ in range(3):
        world.game.run_turn()
    return world


def test_undo_takes_back_the_rollback_made_last_after_the_clock_was_set_back(
    tmp_path: Path,
) -> None:
    world = played(tmp_path)
    game = world.game
    first, _ = rollback(game, 2, RIGHT)
    second, _ = rollback(game, 1, SET_BACK)
    assert second.ident < first.ident  # the folders' names sort the wrong way round
    assert [r.ident for r in rollbacks(game.store)] == [first.ident, second.ident]
    assert (first.made, second.made) == (1, 2)
    undone, done = undo_rollback(game, SET_BACK)
    assert done and undone.ident == second.ident and undone.to == 1
    assert game.latest_turn() == 2  # the turn the second took back is back
    mark_undo_told(game.store, undone)  # its notices queued: --undo --again goes on
    again, done = undo_rollback(game, SET_BACK, again=True)  # to the first
    assert done and again.ident == first.ident
    assert game.latest_turn() == 3


def test_a_record_without_its_place_comes_before_those_with_one(tmp_path: Path) -> None:
    """A rollback an older wtg made (no `made`) was made before any this wtg makes."""
    world = played(tmp_path)
    game = world.game
    old, _ = rollback(game, 2, RIGHT)
    record = game.store.root / ARCHIVE / old.ident / ROLLBACK_RECORD
    data = json.loads(record.read_text(encoding="utf-8"))
    del data["made"]
    record.write_text(json.dumps(data), encoding="utf-8")
    new, _ = rollback(game, 1, SET_BACK)
    assert new.made == 1
    assert [r.ident for r in rollbacks(game.store)] == [old.ident, new.ident]
    undone, _ = undo_rollback(game, SET_BACK)
    assert undone.ident == new.ident
