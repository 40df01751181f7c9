"""Killing `wtg rollback GAME --undo` (SIGKILL, no clean-up of any kind) before any one of
its writes, then giving it again as a GM would: the game is as a whole run leaves it, every
player has the undo's notice queued once and none the rollback's (taken back unmailed), and
while the undo counts and no player was told, or its moves are not all done, `wtg status`
names it under NOTICES OWED. tests/test_rollback_undo.py cuts it short in process."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests import killpoints
from tests.test_kill_run_turn import WTG
from tests.test_rollback import NOW, new_game, play
from tests.test_rollback_undo import wtg
from wtg.files.store import UNDO_RECORD
from wtg.host.config import config_from_data
from wtg.mail.outgoing.sender import send

KILLS = 14
"""Kill points, spread over the writes of a whole run."""


def template(root: Path) -> Path:
    """A games folder whose g1 ran three turns, all mailed, then was rolled back to turn 1,
    the rollback's notices queued and not mailed."""
    gm = config_from_data({"games_dir": "games", "from": "gm@example.org"}, root)
    game = new_game(gm.games_dir / "g1")
    send(gm, now=NOW)
    play(game, 3)
    send(gm, now=NOW)
    assert wtg(gm.games_dir, "rollback", "g1", "--to", "1")[0] == 0
    return gm.games_dir


def files(games: Path) -> dict[str, bytes]:
    """The game's turns and pending orders, byte for byte (what the undo puts back)."""
    root = games / "g1"
    return {
        str(p.relative_to(root)): p.read_bytes()
        for part in ("turns", "pending")
        for p in sorted((root / part).rglob("*"))
        if p.is_file()
    }


def queued(games: Path, prefix: str) -> list[str]:
    queue = games / ".mail" / "outbox" / "queue"
    return sorted(p.name for p in queue.glob(f"{prefix}-*.eml"))


def test_killing_the_undo_then_giving_it_again_leaves_the_game_whole(tmp_path: Path) -> None:
    original = template(tmp_path / "template")
    games = tmp_path / "run" / "games"
    config = tmp_path / "run" / "wtg.yaml"
    args = ["--config", str(config), "rollback", "g1", "--undo"]
    fresh = killpoints.restorer(original, games)
    fresh()
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n", encoding="utf-8")
    whole = killpoints.count(args, games)
    assert whole.returncode == 0, whole.stderr
    after, told = files(games), queued(games, "unrollback")
    assert len(told) == 4 and queued(games, "rollback") == []
    named = 0
    for _write, _cut in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        (kept,) = (games / "g1" / "archive").iterdir()
        status = subprocess.run(
            [WTG, "--config", str(config), "status", "g1"], capture_output=True, text=True
        ).stdout
        if (kept / UNDO_RECORD).exists() and not queued(games, "unrollback"):
            assert "NOTICES OWED" in status, status
            named += 1
        again = subprocess.run([WTG, *args], capture_output=True, text=True)
        assert again.returncode == 0, again.stderr
        assert files(games) == after
        assert queued(games, "unrollback") == told
        assert queued(games, "rollback") == []
    assert named >= 2
