"""What a poll reads of a game and of a mail once for each mail it files (issue 26, the poll's
CPU): the game's state file, read whole at every use, and each text a mail's answer says."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.mail.loop import World
from wtg.files.store import GameStore


class Unscheduled(World):
    zone = None


def test_an_order_mail_reads_the_state_file_twice_to_file_and_confirm_its_orders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The state file was read whole five times for one order mail: to check the orders,
    then for the seat, the side's name, the answer's count and its subject. The orders are
    checked against it once, and the confirmation reads it once for all it says (a game
    with a schedule reads it once more, for whether its deadline comes: none here, as in
    ``bench/bench_poll.py``)."""
    world = Unscheduled(tmp_path)
    world.mail(world.aof(1, X1="100"))
    read: Counter[str] = Counter()
    original = GameStore.read_turn_bytes

    def counted(store: GameStore, turn: int, name: str) -> tuple[str, bytes]:
        read[name] += 1
        return original(store, turn, name)

    monkeypatch.setattr(GameStore, "read_turn_bytes", counted)
    summary = world.poll()
    assert summary.filed == 1
    assert read["state.json"] == 2
    (confirmation,) = world.outbox().values()
    assert b"orders for turn 1 received" in confirmation
