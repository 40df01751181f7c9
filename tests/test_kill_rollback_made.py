"""Killing `wtg rollback GAME --to N` (SIGKILL) before any of its writes, on a game rolled
back once before, then giving it again and `wtg rollback GAME --undo`: each rollback keeps
its own place among the game's (rollback.json's ``made``: 1, then 2, never two of one
place, none skipped by the rollback killed), and the undo takes back the later one,
whatever was left of the killed run."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests import killpoints
from tests.test_kill_rollback import template
from wtg.game.engine import open_game

KILLS = 12


def made(root: Path) -> dict[int, int]:
    """Each rollback record of the archive: its ``made``, with the turn it went back to."""
    found = {}
    for record in sorted((root / "archive").glob("*/rollback.json")):
        if record.parent.name.startswith(".tmp"):
            continue
        data = json.loads(record.read_text(encoding="utf-8"))
        found[data["made"]] = data["to"]
    return found


def rolled_back(tmp_path: Path, *turns: str) -> tuple[Path, Callable[[], None]]:
    """A template game g1 (``test_kill_rollback``'s) at ``tmp_path/template/games``, rolled
    back to each of ``turns`` in turn, and the games folder a test kills in,
    ``tmp_path/games``, copied from it now: its config, and what copies it afresh."""
    original = template(tmp_path / "template" / "games" / "g1")
    made_config = tmp_path / "made.yaml"
    made_config.write_text(
        f"games_dir: {original.parent}\nfrom: gm@example.org\n", encoding="utf-8"
    )
    for to in turns:
        killpoints.wtg(["--config", str(made_config), "rollback", "g1", "--to", to], check=True)
    config = tmp_path / "wtg.yaml"
    games = tmp_path / "games"
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n", encoding="utf-8")
    fresh = killpoints.restorer(original.parent, games)
    fresh()
    return config, fresh


def test_a_rollback_killed_and_given_again_is_the_one_its_undo_takes_back(
    tmp_path: Path,
) -> None:
    config, fresh = rolled_back(tmp_path, "2")
    assert made(tmp_path / "template" / "games" / "g1") == {1: 2}
    games = tmp_path / "games"
    base = ["--config", str(config)]
    args = [*base, "rollback", "g1", "--to", "1"]
    whole = killpoints.whole(args, games)
    for at, _cut in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, again.stderr)
        root = games / "g1"
        assert made(root) == {1: 2, 2: 1}, at
        undo = killpoints.wtg([*base, "rollback", "g1", "--undo"])
        assert undo.returncode == 0, (at, undo.stderr)
        game = open_game(root)
        assert game.latest_turn() == 2, (at, undo.stdout)


def test_an_undo_killed_and_given_again_takes_back_the_later_rollback_alone(
    tmp_path: Path,
) -> None:
    """Killed before any of its writes and given again, `--undo` of a game rolled back twice
    (to 2, then to 1) undoes the later one, and stops there: the game at turn 2, the
    rollback to 2 standing (a second `--undo` undoes it only once the first has told every
    player: its last write)."""
    config, fresh = rolled_back(tmp_path, "2", "1")
    games = tmp_path / "games"
    args = ["--config", str(config), "rollback", "g1", "--undo"]
    whole = killpoints.whole(args, games)
    for at, _cut in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, again.stderr)
        root = games / "g1"
        assert open_game(root).latest_turn() == 2, (at, again.stdout)
        undone = sorted(p.parent.name for p in (root / "archive").glob("*/undo.json"))
        assert len(undone) == 1, (at, undone)
        record = json.loads((root / "archive" / undone[0] / "rollback.json").read_text())
        assert record["made"] == 2, at
