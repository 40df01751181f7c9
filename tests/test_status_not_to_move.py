"""`wtg status` of a WISK or Tactics game, where one player moves a turn, said "active" of
the players not to move, where it says "NO ORDERS YET" of the one it waits for: a GM read
"active" as a player who had sent his orders. It says they owe none this turn, as the
STATUS mail does ("owes no orders")."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tests.lobby.hall import Hall, address
from wtg.cli import main
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry

NAMES = ("Ann", "Bob", "Cid")


def made(games_dir: Path) -> Path:
    players = [PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in enumerate(NAMES, 1)]
    create_game(games_dir / "w1", "wisk", "classic", players, seed=3)
    return games_dir / "w1"


def test_status_says_the_players_not_to_move_owe_no_orders(tmp_path: Path) -> None:
    shown = CliRunner().invoke(main, ["status", str(made(tmp_path))])
    assert shown.exit_code == 0, shown.output
    lines = [line for line in shown.stdout.splitlines() if line.startswith("  player ")]
    waited = [line for line in lines if line.endswith("NO ORDERS YET")]
    assert len(waited) == 1, lines
    others = [line for line in lines if line not in waited]
    assert len(others) == 2
    assert all(line.endswith("active, owes no orders this turn") for line in others), lines


def test_the_status_mail_says_so_too(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    made(hall.gm.games_dir)
    answer = hall.answer(address(2), "STATUS w1", hours=0)
    lines = [line for line in answer.body.splitlines() if line.startswith("  player ")]
    assert len(lines) == 3, answer.body
    assert sum(line.endswith(" owes no orders") for line in lines) == 2, lines


def test_a_robots_turn_is_listed_as_such_not_as_0_of_0_orders_in(tmp_path: Path) -> None:
    """The host's list said "turn 3: 0 of 0 orders in, 0 READY" of a WISK game whose robot
    was to move: a GM read it as a game whose players had all forgotten. It says only
    robots are to move (`--json`: ``only_robots_move``), and of a human's turn what it said."""
    players = [PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in enumerate(NAMES, 1)]
    game = create_game(
        tmp_path / "w1", "wisk", "classic", players[:2], seed=3, options={"robots": 1}
    )

    def listed() -> tuple[str, bool]:
        shown = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "status"])
        assert shown.exit_code == 0, shown.output
        given = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "status", "--json"])
        (entry,) = json.loads(given.stdout)["games"]
        return shown.stdout.splitlines()[0].split(None, 2)[2], entry["only_robots_move"]

    assert listed() == ("turn 1: 0 of 1 orders in, 0 READY", False)
    game.run_turn()
    game.run_turn()  # Ann's turn, then Bob's: the robot's is next
    assert listed() == ("turn 3: only robots to move", True)


def test_a_robots_turn_is_said_in_the_games_own_status(tmp_path: Path) -> None:
    """`wtg status w1` of a WISK game whose robot was to move listed every player as owing
    no orders and said nothing of whose turn it was, where the host's list said "only robots
    to move"; its `--json` did not say that the players move one at a time, which is why the
    turn runs at once (`run-turn --due`). A line says it, and ``one_at_a_time`` (a WoK
    game's is false)."""
    players = [PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in enumerate(NAMES, 1)]
    game = create_game(
        tmp_path / "w1", "wisk", "classic", players[:2], seed=3, options={"robots": 1}
    )
    create_game(tmp_path / "k1", "wok4", "small", players, seed=3)

    def status(name: str, *more: str) -> str:
        shown = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "status", name, *more])
        assert shown.exit_code == 0, shown.output
        return shown.stdout

    robots = [line for line in status("w1").splitlines() if line.startswith("ROBOTS")]
    assert robots == []  # Ann's turn
    assert json.loads(status("w1", "--json"))["one_at_a_time"] is True
    assert json.loads(status("k1", "--json"))["one_at_a_time"] is False
    game.run_turn()
    game.run_turn()  # Ann's turn, then Bob's: the robot's is next
    robots = [line for line in status("w1").splitlines() if line.startswith("ROBOTS")]
    assert robots == [
        "ROBOTS TO MOVE: turn 3 is a robot's (the players move one at a time): no player owes "
        "orders for it, and the next run-turn --due (cron's, or wtg serve) runs it, without "
        "waiting for the deadline"
    ]
    given = json.loads(status("w1", "--json"))
    assert (given["only_robots_move"], given["one_at_a_time"]) == (True, True)
