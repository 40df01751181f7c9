"""review39: a RESIGN's QUIT whose filing a kill cut short between its parsed copy and its
order file (the copy is written first) left the copy beside the player's older orders; the
turn ran with those, without QUIT. ``ran_with_quit`` read the copy alone: the RESIGN's
CONFIRM read again was answered as if the turn had run with the QUIT (the seat quit), while
the player still held it."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters
from wtg.lobby.seats import ran_with_quit


def test_a_quit_copy_left_beside_older_orders_is_not_run_with(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    pending = game.store.pending_dir(2)
    for seat in (1, 2, 3):
        code = game.config.player(seat).code
        game.submit_all(
            f"game: wok4-1\nplayer: {seat}\nturn: 2\ncode: {code}\n", order_key=f"m{seat}"
        )
    older = (pending / "p03.yaml").read_bytes()
    code = game.config.player(3).code
    game.submit_all(f"game: wok4-1\nplayer: 3\nturn: 2\ncode: {code}\nquit: true\n", order_key="q3")
    assert b"quit: true" in (pending / "p03.yaml").read_bytes()
    (pending / "p03.yaml").write_bytes(older)  # the kill: the QUIT's copy, the older file
    game.run_turn(now=hall.now)
    assert ran_with_quit(game, "q3") is None
    assert ran_with_quit(game, "m3") is None  # its copy is gone with the kill: not said
