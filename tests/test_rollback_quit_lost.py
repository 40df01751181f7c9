"""A rollback takes back a player's QUIT: one that ran in a turn it takes back (the seat
QUIT in turn 3, the game rolled back to turn 1), or one filed for the coming turn (a
RESIGN confirmed: "you leave the game when turn 4 runs"), which goes into the archive with
the turns. The rollback's notice told such a player only which of his orders are on
file: he believed he had left, sent no orders, and his seat played on without him. It now
tells him his QUIT was taken back, that he plays again, and to RESIGN again; a QUIT that
stands (the one of turn 2, pending again for the turn after the rollback's) is not named."""

from __future__ import annotations

import email
import email.policy
from datetime import timedelta
from pathlib import Path

from tests.test_rollback import NOW, new_game, play, run_cli, send_orders
from wtg.game.engine import open_game
from wtg.lobby.seats import resign

TAKEN_BACK = (
    "Your QUIT was taken back with those turns (a RESIGN you confirmed, or QUIT in your "
    "form): you play again. Send RESIGN g1 again if you still wish to leave."
)


def _notices(queue: Path) -> dict[int, str]:
    found = {}
    for path in sorted(queue.glob("rollback-*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        part = msg.get_body(preferencelist=("plain",))
        assert part is not None
        found[int(path.stem[-2:])] = " ".join(str(part.get_content()).split())
    return found


def test_a_quit_the_rollback_takes_back_is_said_to_its_player(tmp_path: Path) -> None:
    game = new_game(tmp_path / "games" / "g1")
    play(game, 2)
    send_orders(game)
    assert (
        resign(open_game(game.store.root), 3, NOW + timedelta(hours=2, minutes=30), "quit-in-3")
        is None
    )
    game.run_turn(now=NOW + timedelta(hours=3))
    assert (
        resign(open_game(game.store.root), 2, NOW + timedelta(hours=3, minutes=30), "resign-for-4")
        is None
    )
    run_cli(tmp_path / "games", "rollback", "g1", "--to", "1")
    said = _notices(tmp_path / "games" / ".mail" / "outbox" / "queue")
    assert sorted(said) == [1, 2, 3, 4]
    assert [seat for seat, text in said.items() if TAKEN_BACK in text] == [2, 3]
    assert [seat for seat, text in said.items() if "RESIGN" in text] == [2, 3]


def test_a_quit_pending_again_after_the_rollback_is_not_named(tmp_path: Path) -> None:
    game = new_game(tmp_path / "games" / "g1")
    play(game, 1)
    send_orders(game)
    assert (
        resign(open_game(game.store.root), 4, NOW + timedelta(hours=1, minutes=30), "quit-in-2")
        is None
    )
    game.run_turn(now=NOW + timedelta(hours=2))
    play(game, 1)
    run_cli(tmp_path / "games", "rollback", "g1", "--to", "1")
    said = _notices(tmp_path / "games" / ".mail" / "outbox" / "queue")
    assert sorted(said) == [1, 2, 3, 4]
    assert "The orders you sent for turn 2 are on file again" in said[4]
    assert [seat for seat, text in said.items() if "RESIGN" in text] == []
