"""`wtg extend g1 48` given twice (the shell's arrow key, at 2 a.m.) moved the deadline 96
hours and mailed the players two notices. The same move while the first one's notices
still wait in the queue is refused, saying what to give for a second move (`--again`) and
how to take the first back; once `wtg send` has mailed the first, a move is a move."""

from __future__ import annotations

from pathlib import Path

from tests.test_gm_controls import head, make_due_in, queued, run
from wtg.game.engine import open_game


def test_the_same_move_given_twice_is_refused_until_mailed(tmp_path: Path) -> None:
    game = make_due_in(tmp_path / "games", 50)
    first = run(tmp_path, "extend", "g1", "48")
    moved = open_game(game.store.root).deadline()
    assert first.stdout.startswith("game g1: turn 1 is due ")
    twice = run(tmp_path, "extend", "g1", "2d", code=1)  # 48 hours, as the first
    assert twice.stderr.startswith("wtg: the deadline of game g1's turn 1 was moved 48 hours at ")
    assert twice.stderr.rstrip().endswith(
        "and its notices still wait in the outbox's queue: not moved again (given twice, it "
        "would be 96 hours later). To move it 48 hours more, "
        f"`{head(tmp_path)} extend g1 48 --again`; `{head(tmp_path)} extend g1 --undo` takes "
        "the first move back"
    )
    assert open_game(game.store.root).deadline() == moved
    assert len(queued(tmp_path, "extend-")) == 4  # the first move's notices alone
    other = run(tmp_path, "extend", "g1", "24")  # another move: the GM means it
    assert other.stdout.startswith("game g1: turn 1 is due ")
    again = run(tmp_path, "extend", "g1", "24", "--again")
    assert again.stdout.startswith("game g1: turn 1 is due ")
    assert len(queued(tmp_path, "extend-")) == 12


def test_a_move_given_again_after_the_send_moves(tmp_path: Path) -> None:
    make_due_in(tmp_path / "games", 50)
    run(tmp_path, "extend", "g1", "48")
    run(tmp_path, "send")
    assert run(tmp_path, "extend", "g1", "48").stdout.startswith("game g1: turn 1 is due ")
