"""`wtg rollback` on a game whose game.yaml the GM is mending (a player's entry deleted):
refused, as every other command refuses such a game, and nothing changed. Before, it
moved the later turns into the archive and then stopped on game.yaml when it told the
players: the game was rolled back, no player was told, and `wtg status` owed the notices."""

from __future__ import annotations

from pathlib import Path

from tests.test_gm_controls import make, run


def test_a_rollback_of_a_game_yaml_to_mend_changes_nothing(tmp_path: Path) -> None:
    game = make(tmp_path / "games", count=3)
    game.run_turn()
    game.run_turn()
    path = game.store.root / "game.yaml"
    kept = path.read_text(encoding="utf-8")
    cid = next(line for line in kept.splitlines() if line.startswith("- {id: 3,"))
    path.write_text(kept.replace(cid + "\n", ""), encoding="utf-8")

    refused = run(tmp_path, "rollback", "g1", "--to", "1", code=1).stderr
    assert refused.startswith(f"wtg: {path}, line 8: players: player 3 (Cid) is missing: ")
    assert sorted(p.name for p in (game.store.root / "turns").iterdir()) == [
        "0000",
        "0001",
        "0002",
    ]
    assert not (game.store.root / "archive").exists()

    path.write_text(kept, encoding="utf-8")
    assert "NOTICES OWED" not in run(tmp_path, "status", "g1").stdout
    done = run(tmp_path, "rollback", "g1", "--to", "1").stdout
    assert done.startswith("game g1 rolled back to turn 1 (turn 2 kept in archive/")
    assert "3 notices queued" in done
