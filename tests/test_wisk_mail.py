"""WISK through the mail loop: an AOF mailed, filed and confirmed with its forecast; the
deadline is the active player's; a robot's turn runs at once under `run-turn --due`."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.mail.loop import NOW, World
from tests.mail.test_poll_maildir import body_of
from tests.shipped import WISK as WISK_RULES
from wtg.core.ruleset import OptionValue
from wtg.gm.gamestatus import game_status
from wtg.host.due import run_due

WISK: tuple[str, str, dict[str, OptionValue]] = ("wisk", "classic", {"robots": 1})


def test_an_aof_by_mail_is_filed_and_confirmed_with_the_placements(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, ruleset=WISK)
    state = world.game.typed(WISK_RULES).state()
    mine = state.territories_of(1)
    world.mail("Here:\n" + world.aof(1, P1=f"{mine[0]} 4", A1="99 1 3 1 5", R1="1"))
    summary = world.poll()
    assert (summary.seen, summary.filed) == (1, 1)
    ((ident, raw),) = world.outbox().items()
    text = body_of(raw)
    assert ident.startswith("conf-")
    assert "REJECTED A1: 99 1 3 1 5: there is no territory 99" in text
    assert f"+4 on {state.board.site(mine[0]).name} ({mine[0]})" in text
    assert "FORECAST: your trades and placements as written" in text
    assert "READY was not kept: 1 other line was rejected." in text
    status = game_status(world.game)
    assert [(p["id"], p["owes_orders"], p["ready"]) for p in status["players"]] == [
        (1, True, False),
        (2, False, False),
    ]


def test_only_the_active_player_may_send_orders(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, ruleset=WISK)
    world.mail(world.game.aof(1).replace("PLAYER: 1", "PLAYER: 2").replace("CODE0001", "CODE0002"))
    world.mail("x", sender="p2@players.example")
    summary = world.poll()
    assert summary.filed == 0


def test_turns_run_when_the_active_player_is_ready_and_robots_at_once(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, ruleset=WISK)
    first = world.game.deadline()
    assert first is not None and list(run_due(world.gm, NOW)) == []
    world.game.submit(world.aof(1, R1="1"))
    # leftovers49: it said "all players are READY", where player 2 owed none
    assert list(run_due(world.gm, NOW)) == [
        ("g1: turn 1 resolved (the player whose turn it is is READY)", True)
    ]
    second = world.game.deadline()
    assert second == first + timedelta(days=2)  # player 2's deadline
    later = second + timedelta(minutes=1)
    assert list(run_due(world.gm, later)) == [
        ("g1: turn 2 resolved (the deadline has passed)", True)
    ]
    assert world.game.typed(WISK_RULES).state().active == 3  # the robot
    robot = list(run_due(world.gm, later + timedelta(minutes=1)))
    assert robot == [("g1: turn 3 resolved (a robot is to move, and no player owes orders)", True)]
    # the robot's turn used no deadline of its own: player 1 has the one after player 2's
    assert world.game.deadline() == second + timedelta(days=2)
    assert world.game.typed(WISK_RULES).state().active == 1


def test_a_player_whose_turn_it_is_not_is_told_whom_the_turn_waits_for(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, ruleset=WISK)
    world.mail("When is it my turn?", sender="p2@players.example")
    world.mail("Here is my mail without a form", sender="p1@players.example")
    summary = world.poll()
    assert (summary.seen, summary.filed, summary.answered) == (2, 0, 2)
    answers = {body_of(raw).split(",", 1)[0]: body_of(raw) for raw in world.outbox().values()}
    waiting = answers["Hello Player2"]
    assert "No orders of yours are due now:\n  game g1, turn 1: the turn waits for Player1\n" in (
        waiting
    )
    assert "=== BEGIN AOF ===" not in waiting
    due = answers["Hello Player1"]
    assert "=== BEGIN AOF ===" in due and "PLAYER: 1" in due
    assert "due now" not in due
