"""`run-turn --due` coming to a game another process holds (a poll filing orders, a turn run
by hand, `wtg backup` copying it): the game is skipped, its line says by what kind of
process and that the next run takes it up, and the next run does; the run does not fail
(cron's next round is the retry)."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_lobby_halts import due_game, wtg


def test_a_game_another_process_holds_is_skipped_and_run_next_time(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = due_game(hall)
    assert wtg(hall, "send")[0] == 0
    with game.store.lock():
        code, out, err = wtg(hall, "run-turn", "--due", "--jobs", "1")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == (
        "keep: skipped, another process is writing it (a poll, a turn, a GM's command, "
        "wtg backup): the next run takes it up"
    )
    assert out.splitlines()[1].endswith("; busy: keep")
    assert game.latest_turn() == 0
    code, out, err = wtg(hall, "run-turn", "--due", "--jobs", "1")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "keep: turn 1 resolved (the deadline has passed)"
    assert game.latest_turn() == 1
