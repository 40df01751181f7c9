"""Killing `wtg end GAME` (SIGKILL, no clean-up of any kind) just before each of its writes:
the game is left ended or not, never half (the end's turn whole or absent, the orders
pending for it still pending every byte or kept whole in it); given again, the command
ends it, or says it was ended, and the game is the one an uninterrupted run leaves."""

from __future__ import annotations

import json
from pathlib import Path

from tests import killpoints
from tests.conftest import players
from tests.test_kill_run_turn import tree
from wtg.files.store import GameStore
from wtg.game.engine import create_game, open_game


def made(games: Path) -> None:
    game = create_game(games / "g1", "wok4", "small", players(3), 7)
    for seat in (1, 2, 3):
        game.submit(f"player: {seat}\nturn: 1\n")
    game.run_turn()
    game.submit("player: 2\nturn: 2\n")  # pending for the turn the end takes


def without_times(files: dict[str, bytes]) -> dict[str, bytes]:
    return {k: v for k, v in files.items() if k != "turn.json"}


def test_a_kill_leaves_the_game_ended_or_not_and_the_command_given_again_ends_it(
    tmp_path: Path,
) -> None:
    template, games = tmp_path / "template", tmp_path / "games"
    made(template)
    restore = killpoints.restorer(template, games)
    args = ["--games-dir", str(games), "end", "g1", "--reason", "abandoned", "--yes"]
    pending = tree(GameStore(template / "g1").pending_dir(2))
    whole = killpoints.whole(args, games, restore)
    ended = tree(GameStore(games / "g1").turn_dir(2))
    assert ended["received/p02.yaml"] == pending["p02.yaml"]
    outcomes = {"not ended": 0, "ended": 0}
    for write, _cut in killpoints.cuts(args, games, range(1, whole.writes + 1), restore):
        store = GameStore(games / "g1")
        folders = sorted(p.name for p in store.turns_dir.iterdir())
        if "0002" not in folders:  # not ended: nothing of the end counts
            assert tree(store.pending_dir(2)) == pending, write
            outcomes["not ended"] += 1
        else:  # ended: the turn whole, the orders in it or still pending, whole
            outcomes["ended"] += 1
            written = tree(store.turn_dir(2))
            if "received/p02.yaml" not in written:
                assert tree(store.pending_dir(2)) == pending, write
                written.update({f"received/{k}": v for k, v in pending.items()})
            assert without_times(written) == without_times(ended), write
        again = killpoints.wtg(args)
        assert again.returncode == 0, (write, again.stderr)
        game = open_game(games / "g1")
        assert (game.latest_turn(), game.ended_by_gm()) == (2, "abandoned"), write
        assert without_times(tree(game.store.turn_dir(2))) == without_times(ended), write
        assert not game.store.pending_dir(2).exists(), write
        meta = json.loads(game.store.read_text(2, "turn.json"))
        assert meta["ended_by_gm"] is True
    assert outcomes["not ended"] and outcomes["ended"], outcomes
