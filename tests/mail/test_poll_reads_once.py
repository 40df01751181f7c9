"""What a poll reads of a game for each order mail it files (issue 26, the poll's CPU): the
game's turn files, each read whole at every use (``Game._turn_json``), are read for what
the orders' check and the confirmation need, not again for each thing the answer says."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest

from tests.mail.loop import World
from wtg.files.store import GameStore
from wtg.game import engine
from wtg.game.schedule import parse_iso


class Unscheduled(World):
    zone = None


@pytest.mark.parametrize(
    ("world", "state", "meta"),
    [(Unscheduled, 2, 2), (World, 3, 3)],
    ids=["without a schedule", "with a schedule"],
)
def test_an_order_mail_reads_each_turn_file_once_for_each_thing_that_needs_it(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    world: type[World],
    state: int,
    meta: int,
) -> None:
    """The state file was read whole five times for one order mail: to check the orders,
    then for the seat, the side's name, the answer's count and its subject; the orders are
    checked against it once, and the confirmation reads it once for all it says (a game
    with a schedule once more, for whether its deadline comes). ``turn.json`` was read
    twice each time its times were asked (once for them, once for the GM's marks): once."""
    played = world(tmp_path)
    played.mail(played.aof(1, X1="100"))
    read: Counter[str] = Counter()
    original = GameStore.read_turn_bytes

    def counted(store: GameStore, turn: int, name: str) -> tuple[str, bytes]:
        read[name] += 1
        return original(store, turn, name)

    monkeypatch.setattr(GameStore, "read_turn_bytes", counted)
    summary = played.poll()
    assert summary.filed == 1
    assert read == {"state.json": state, "turn.json": meta}
    (confirmation,) = played.outbox().values()
    assert b"orders for turn 1 received" in confirmation


def test_an_order_mail_parses_each_time_of_turn_json_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Game.meta`` checks each time of ``turn.json`` (one as wtg writes it, of a day
    there is, in the years a game runs), and an order mail of a game with a schedule asks
    for it twice: before its orders are filed (a file edited by hand holds them), and for
    the deadline its confirmation tells. Each time was parsed with ``strptime`` twice a
    check, to see it was one and then for its year, and checked again for the deadline:
    four times a mail. Once now: parsed once a check, and the file, unchanged since,
    not checked again."""
    played = World(tmp_path)
    played.mail(played.aof(1, X1="100"))
    meta = played.game.meta()
    ran, coming = meta.get("ran_at"), meta.get("next_deadline")
    assert isinstance(ran, str) and isinstance(coming, str) and meta.get("deadline") is None
    parsed: Counter[str] = Counter()
    original = parse_iso

    def counted(text: str) -> datetime:
        parsed[text] += 1
        return original(text)

    monkeypatch.setattr(engine, "parse_iso", counted)
    assert played.poll().filed == 1
    assert parsed == {ran: 1, coming: 1}
