"""The digest is the GM's daily look at his host: a game that ended showed there as one
more turn run ('g1 turn 1 at ...'), and nothing said it was over nor who won it. The turn
that ended a game says so, with how it ended and who won."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import NOW, World
from tests.mail.test_map_note_without_form import quit_seats
from tests.test_gm_controls import minutes
from wtg.mail.outgoing.digest import make_digest


def test_the_digest_says_the_turn_that_ended_a_game_and_who_won(tmp_path: Path) -> None:
    world = World(tmp_path)
    quit_seats(world, 2, 3, 4)  # player 1 is the last standing: the game is over
    assert world.game.ruleset.is_over(world.game.state())
    text = make_digest(world.gm.games_dir, NOW).text()
    (ran_at,) = {run.ran_at for run in make_digest(world.gm.games_dir, NOW).runs if run.turn}
    assert (
        f"\n  g1 turn 1 at {minutes(ran_at)}: the game is over (one player left\n"
        f"    standing), won by {world.game.config.players[0].name}\n"
    ) in text
    assert max(len(line) for line in text.splitlines()) <= 78


def test_a_turn_that_did_not_end_the_game_is_said_as_before(tmp_path: Path) -> None:
    world = World(tmp_path)
    quit_seats(world, 2)
    assert not world.game.ruleset.is_over(world.game.state())
    runs = make_digest(world.gm.games_dir, NOW).runs
    text = make_digest(world.gm.games_dir, NOW).text()
    for run in runs:
        assert f"\n  g1 turn {run.turn} at {minutes(run.ran_at)}\n" in text
