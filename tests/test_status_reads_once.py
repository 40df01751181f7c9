"""`wtg status GAME` reads each player's pending order file once, and the game's planned
absences once: it read them itself and again inside ``sides_owing`` (each ``pending_meta``
reads and hashes the order file), twice a player. What it says is the same: Ann away and
Bob leaving owe no orders, Cid does."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.lobby.hall import Hall
from tests.test_absent_resigned import _away_and_leaving, _game_with_deadlines
from wtg.files.store import GameStore
from wtg.game import absences
from wtg.gm.gamestatus import game_status


def test_status_reads_each_order_file_and_the_absences_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = Hall(tmp_path)
    game = _game_with_deadlines(hall)
    ann, bob, cid = _away_and_leaving(hall, game)
    game.submit(f"player: {cid.id}\nturn: 1\nready: false\n")
    metas: Counter[tuple[int, int]] = Counter()
    looked: list[int] = []
    pending_meta = GameStore.pending_meta
    absent = absences.absences

    def counted_meta(store: GameStore, turn: int, player: int) -> dict[str, Any]:
        metas[turn, player] += 1
        return pending_meta(store, turn, player)

    def counted_absences(*args: Any) -> Any:
        looked.append(1)
        return absent(*args)

    monkeypatch.setattr(GameStore, "pending_meta", counted_meta)
    monkeypatch.setattr(absences, "absences", counted_absences)
    players = {p["name"]: p for p in game_status(game)["players"]}
    assert metas == {(1, ann.id): 1, (1, bob.id): 1, (1, cid.id): 1}
    assert len(looked) == 1
    said = {n: (p["owes_orders"], p["absent"], p["resigned"]) for n, p in players.items()}
    assert said == {
        "Ann": (False, True, False),
        "Bob": (False, False, True),
        "Cid": (True, False, False),
    }
    assert (players["Cid"]["orders"], players["Cid"]["ready"]) == (True, False)
