"""gmtrial39: the turn that ended a game was said by `run-turn` as any other (`g1: turn 1
resolved (the deadline has passed)`, cron's mail), and the GM learned that the game was
over, and who won it, from the next morning's digest. The line of the run says it, in the
digest's words (tests/mail/test_digest_game_over.py)."""

from __future__ import annotations

from pathlib import Path

from tests.test_gm_controls import make, run
from wtg.game.engine import Game


def quit_all_but_one(game: Game) -> str:
    """Players 2 to 4 QUIT on turn 1, player 1 sends empty orders: the name of player 1,
    the last standing once the turn runs."""
    for seat in range(1, 5):
        game.submit(f"player: {seat}\nturn: 1\n" + ("quit: true\n" if seat > 1 else ""))
    return game.config.players[0].name


def test_the_due_run_that_ends_a_game_says_so_and_who_won(tmp_path: Path) -> None:
    winner = quit_all_but_one(make(tmp_path / "games"))
    said = run(tmp_path, "run-turn", "--due").output
    assert (
        "g1: turn 1 resolved (the deadline has passed); the game is over (one player left "
        f"standing), won by {winner}\n"
    ) in said


def test_a_run_by_hand_that_ends_a_game_says_so(tmp_path: Path) -> None:
    winner = quit_all_but_one(make(tmp_path / "games"))
    said = " ".join(run(tmp_path, "run-turn", "g1").output.split())
    assert (
        f"turn 1 of game g1 resolved: the game is over (one player left standing), won by {winner}"
    ) in said


def test_a_turn_the_game_goes_on_after_is_said_as_before(tmp_path: Path) -> None:
    game = make(tmp_path / "games")
    for seat in range(1, 5):
        game.submit(f"player: {seat}\nturn: 1\n")
    said = run(tmp_path, "run-turn", "--due").output
    assert "g1: turn 1 resolved (the deadline has passed)\n" in said
    assert "over" not in said
