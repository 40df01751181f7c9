"""Killing `wtg rollback GAME --undo` (SIGKILL, no clean-up of any kind) before any one of
its writes, then giving it again as a GM would: the game is as a whole run leaves it, every
player has the undo's notice queued once and none the rollback's (taken back unmailed), and
while the undo counts and no player was told, or its moves are not all done, `wtg status`
names it under NOTICES OWED. tests/test_rollback_undo.py cuts it short in process."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.test_rollback import NOW, new_game, play
from tests.test_rollback_undo import wtg
from wtg.files.store import UNDO_RECORD
from wtg.host.config import config_from_data
from wtg.mail.outgoing.sender import send
from wtg.mail.spool.runlock import only_one

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
    whole = killpoints.whole(args, games)
    after, told = files(games), queued(games, "unrollback")
    assert len(told) == 4 and queued(games, "rollback") == []
    named = 0
    for _write, _cut in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        (kept,) = (games / "g1" / "archive").iterdir()
        status = killpoints.wtg(["--config", str(config), "status", "g1"]).stdout
        if (kept / UNDO_RECORD).exists() and not queued(games, "unrollback"):
            assert "NOTICES OWED" in status, status
            named += 1
        again = killpoints.wtg(args)
        assert again.returncode == 0, again.stderr
        assert files(games) == after
        assert queued(games, "unrollback") == told
        assert queued(games, "rollback") == []
    assert named >= 2


def test_the_undo_beside_a_running_send_killed_anywhere_lets_none_of_the_rollback_s_go(
    tmp_path: Path,
) -> None:
    """The same kills with a `wtg send` running all along (its lock held): the undo cannot
    take the rollback's notices out itself, and asks the send to (``outbox/withdrawing``).
    Killed anywhere and given again, still beside the send, then the send (or the next)
    done: none of the rollback's notices is mailed, each player gets the undo's once."""
    original = template(tmp_path / "template")
    games = tmp_path / "run" / "games"
    config = tmp_path / "run" / "wtg.yaml"
    args = ["--config", str(config), "rollback", "g1", "--undo"]
    fresh = killpoints.restorer(original, games)
    fresh()
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n", encoding="utf-8")
    spool = games / ".mail"
    with only_one(spool, "send"):
        whole = killpoints.count(args, games)
    assert whole.returncode == 0, whole.stderr
    assert "taken out of the queue by it" in whole.stdout, whole.stdout
    gm = config_from_data({"games_dir": str(games), "from": "gm@example.org"}, tmp_path / "run")
    for _write, cut in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        with only_one(spool, "send"):
            again = killpoints.wtg(args)
        assert again.returncode == 0, (cut.before, again.stderr)
        assert len(queued(games, "unrollback")) == 4, cut.before
        assert send(gm, now=NOW).sent == 4, cut.before
        sent = spool / "outbox" / "sent"
        assert len(list(sent.glob("unrollback-*.eml"))) == 4, cut.before
        assert list(sent.glob("rollback-*.eml")) == [], cut.before
        assert queued(games, "rollback") == [], cut.before
