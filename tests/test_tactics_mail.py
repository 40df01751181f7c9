"""WoS Tactics through the mail loop: the army turn's form and a battle turn's form, each
mailed, filed and confirmed with its forecast."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.mail.loop import World
from tests.mail.test_poll_maildir import body_of
from tests.shipped import TACTICS as TACTICS_RULES
from wtg.core.ruleset import OptionValue
from wtg.gm.gamestatus import game_status
from wtg.rules.tactics.strategy import plan_orders

TACTICS: tuple[str, str, dict[str, OptionValue]] = (
    "tactics",
    "meadow",
    {"bots": 0, "pieces_per_turn": "1"},
)


def confirmation(world: World) -> str:
    ((ident, raw),) = world.outbox().items()
    assert ident.startswith("conf-")
    return body_of(raw)


def test_the_army_turn_is_picked_by_mail(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, ruleset=TACTICS)
    blank = world.game.aof(1)
    assert "A1:" in blank and "M1:" not in blank  # the army turn's form has no moves
    world.mail("My army:\n" + world.aof(1, A1="WOLF", A2="archer", A3="NOSUCH", R1="1"))
    summary = world.poll()
    assert (summary.seen, summary.filed) == (1, 1)
    text = confirmation(world)
    assert "WHAT WAS UNDERSTOOD (2 accepted, 2 rejected)" in text  # READY not kept
    assert "REJECTED A3: NOSUCH" in text
    assert "REJECTED R1: 1: READY is not kept beside a rejected line" in text
    assert "FORECAST: your orders as they would run" in text
    assert "army: WOLF, ARCHER" in text
    assert "READY was not kept: 1 other line was rejected." in text  # NOSUCH
    status = game_status(world.game)
    assert [(p["id"], p["orders"], p["ready"]) for p in status["players"]] == [
        (1, True, False),
        (2, False, False),
    ]


def test_a_battle_turn_is_moved_by_mail(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, ruleset=TACTICS)
    world.game.run_turn()  # nobody picked: both keep the army shown
    state = world.game.typed(TACTICS_RULES).state()
    assert state.phase == "battle"
    active = state.active
    blank = world.game.aof(active)
    assert "M1:" in blank and "A1:" not in blank  # a battle turn's form has no army
    assert "MOVES (up to 1 piece, each once)" in blank
    planned: dict[str, Any] = plan_orders(state, active)
    move = planned["moves"][0]
    x, y = move["to"]
    sender = f"p{active}@players.example"
    form = world.aof(active, M1=f"{move['piece']} {x:02d}/{y:02d}")
    old_line = form.replace("=== END AOF ===", "A1: WOLF\n=== END AOF ===")  # from an old form
    world.mail(old_line, sender=sender)
    assert world.poll().filed == 1
    text = confirmation(world)
    piece = state.piece(move["piece"])
    assert piece is not None
    before = f"{piece.x:02d}/{piece.y:02d}"
    assert f"piece {piece.id} ({piece.kind}) {before} -> {x:02d}/{y:02d}" in text
    assert "armies are picked on turn 1 only" in text
