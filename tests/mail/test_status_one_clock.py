"""`wtg status` chose "the last 24 hours" by ``time.time()``, read anew for each list (set
aside, wrong codes, not answered), and the overdue games by ``datetime.now()``, against
records the poll stamps with its moment, read from ``datetime.now()``. It reads one moment,
from the poll's clock, for all it says: here ``time.time()`` alone is moved two days on, and
the mail set aside a moment ago is listed still, in the overview and the game's status."""

from __future__ import annotations

import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.mail.loop import World
from tests.mail.test_set_aside_orders import bulk_orders, wtg


def test_status_reads_the_last_day_on_the_polls_clock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = World(tmp_path)
    bulk_orders(world)
    assert world.poll(datetime.now(timezone.utc)).rejected == 1
    later = time.time() + 2 * 24 * 3600.0
    monkeypatch.setattr(time, "time", lambda: later)
    overview = wtg(world, "status")
    one = wtg(world, "status", str(world.game.store.root))
    monkeypatch.undo()
    assert overview.exit_code == 0, overview.output
    assert "1 mail with a player's orders SET ASIDE in the last 24 hours" in overview.stdout
    assert "  g1 player 2 Player2: Precedence: bulk; kept in" in one.stdout
