"""STATUS of a WISK game on a robot's turn listed every player as owing no orders, and
said nothing of whose turn it was nor that it would not wait for its deadline: the players
move one at a time, and the robot's turn runs at the host's next run. It says so."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry


def test_status_on_a_robot_s_turn_says_no_player_owes_orders_and_why(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    seats = [
        PlayerEntry(id=n, name=name, email=address(n), code=f"CODE{n:06d}")
        for n, name in ((1, "Ann"), (2, "Bob"))
    ]
    game = create_game(hall.gm.games_dir / "w1", "wisk", "classic", seats, 5, options={"robots": 2})
    said = hall.answer(address(1), "STATUS w1").body
    assert "No player owes orders" not in said  # turn 1 is Ann's: her row says so
    for _turn in (1, 2):  # Ann's, then Bob's
        game.run_turn(now=hall.now)
    said = hall.answer(address(1), "STATUS w1").body
    assert (
        "owes no orders\n\nNo player owes orders for turn 3: it is a robot's (the players move "
        "one\nat a time), and it runs without waiting for the deadline.\n"
    ) in said, said
