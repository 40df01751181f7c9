"""Killing `wtg end GAME` of a Tactics battle (SIGKILL) just before each of its writes,
then giving it again: the battle ends once, at the turn after the last, as an
uninterrupted end leaves it (its armies STANDING, no winner, the orders pending for it
kept in it, never played), and a report that says it for each player. (It passes as it
is; tests/test_kill_end_game.py kills the end of a WoK game at every write.)"""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.conftest import players
from tests.test_kill_end_game import without_times
from tests.test_kill_run_turn import tree
from wtg.files.store import GameStore
from wtg.game.engine import create_game, open_game


def made(games: Path) -> None:
    """A two-army battle on the meadow, player 1's orders pending for turn 1."""
    game = create_game(games / "g1", "tactics", "meadow", players(2), 7)
    game.submit("player: 1\nturn: 1\n")


def test_a_battle_s_end_killed_and_given_again_ends_it_once_standing(tmp_path: Path) -> None:
    template, games = tmp_path / "template", tmp_path / "games"
    made(template)
    restore = killpoints.restorer(template, games)
    args = ["--games-dir", str(games), "end", "g1", "--reason", "abandoned", "--yes"]
    whole = killpoints.whole(args, games, restore)
    ended = without_times(tree(GameStore(games / "g1").turn_dir(1)))
    for seat in (1, 2):
        assert "STANDING, place 1" in ended[f"reports/p0{seat}.txt"].decode()
    assert "received/p01.yaml" in ended
    at = range(1, whole.writes + 1)
    for write, cut in killpoints.cuts(args, games, at, restore):
        again = killpoints.wtg(args)
        assert again.returncode == 0, (write, cut.before, again.stderr)
        game = open_game(games / "g1")
        assert (game.latest_turn(), game.ended_by_gm()) == (1, "abandoned"), write
        assert without_times(tree(game.store.turn_dir(1))) == ended, (write, cut.before)
        assert not game.store.pending_dir(1).exists(), write
        assert "WINNER" not in game.topten(), write
    print(f"\n{whole.writes} writes, killed before {len(at)} of them")
