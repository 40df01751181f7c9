"""An order file's parsed copy (``pNN.parsed.json``) is written before the order file
itself (``pNN.yaml``), so that a filing killed between the two leaves the new copy beside
the old orders. `wtg status` and `run-turn --due` read a player's READY from that copy:
before, they took it whole, and a poll killed there, then the hourly `run-turn --due`, ran
the turn "all players are READY" on orders that were never marked READY (the mail that
said READY was filed again only by the next poll, too late for its turn). The copy now
counts only while it is the copy of the order file's text; a GM's hand edit of the order
file is read the same way."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from wtg.cli.demo import filled_aof
from wtg.game.engine import Game
from wtg.gm.gamestatus import game_status
from wtg.host.due import why_due
from wtg.rules.wok.state import WokState

LATER = datetime(2030, 1, 1, tzinfo=timezone.utc)


def unready(aof: str) -> str:
    """The AOF with its READY box (``R1: 1``) left blank."""
    assert aof.count("\nR1: 1\n") == 1
    return aof.replace("\nR1: 1\n", "\nR1: _\n")


def ready_of(game: Game[WokState]) -> dict[int, bool]:
    return {p["id"]: p["ready"] for p in game_status(game)["players"]}


def test_a_copy_left_beside_older_orders_by_a_kill_is_not_their_ready(
    small_game: Game[Any],
) -> None:
    game = small_game
    pending = game.store.pending_dir(game.latest_turn() + 1)
    for seat in (1, 2, 3):
        game.submit(filled_aof(game, seat))
    game.submit(unready(filled_aof(game, 4)))
    old_yaml = (pending / "p04.yaml").read_bytes()
    assert ready_of(game) == {1: True, 2: True, 3: True, 4: False}
    game.submit(filled_aof(game, 4))
    assert ready_of(game)[4] is True
    assert why_due(game, LATER) == "all players are READY"
    # the kill: the new copy written, the order file still the old one
    (pending / "p04.yaml").write_bytes(old_yaml)
    status = game_status(game)
    assert [(p["id"], p["ready"], p["orders"]) for p in status["players"]][3] == (4, False, True)
    # before: "all players are READY", and the turn ran on player 4's unready orders
    assert why_due(game, LATER, status) != "all players are READY"


def test_an_order_file_edited_by_hand_is_read_for_its_ready(small_game: Game[WokState]) -> None:
    game = small_game
    pending = game.store.pending_dir(game.latest_turn() + 1)
    game.submit(filled_aof(game, 2))
    assert ready_of(game)[2] is True
    path = pending / "p02.yaml"
    text = path.read_text(encoding="utf-8")
    assert "ready: true" in text
    path.write_text(text.replace("ready: true", "ready: false"), encoding="utf-8")
    assert ready_of(game)[2] is False
