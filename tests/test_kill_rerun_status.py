"""`wtg run-turn g1 --rerun` killed (SIGKILL) just before one of its writes: the GM, whose
terminal never printed 'turn 1 of game g1 rerun', could not tell whether the rerun had
counted, and gave it again, running the turn a second time (its reruns 2). `wtg status g1`
says how many times the latest turn was run again, so the kill that came after the rerun
counted shows as 1, the kill before it as nothing."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from tests import killpoints
from tests.conftest import players
from wtg.game.engine import create_game

KILLS = 6


def test_a_rerun_killed_shows_in_status_whether_it_counted(tmp_path: Path) -> None:
    base = tmp_path / "base"
    killpoints.wtg(["init", str(base)], check=True)
    now = datetime.now(timezone.utc)
    create_game(base / "games" / "g1", "wok4", "small", players(3), 7, now=now)
    config = ["--config", str(base / "wtg.yaml")]
    ran = killpoints.wtg([*config, "run-turn", "g1", "--unmailed"])
    assert ran.returncode == 0, ran.stderr
    work = tmp_path / "host"
    restore = killpoints.restorer(base, work)
    restore()
    config = ["--config", str(work / "wtg.yaml")]
    command = [*config, "run-turn", "g1", "--rerun", "--unchanged"]
    whole = killpoints.whole(command, work / "games")
    seen = set()
    for write, cut in killpoints.cuts(
        command, work / "games", killpoints.points(whole.writes, KILLS), restore
    ):
        turns = work / "games" / "g1" / "turns"
        # killed between the renames, the run it replaces is the turn (`.old-0001`) still
        turn = turns / "0001" if (turns / "0001").is_dir() else turns / ".old-0001"
        meta = json.loads((turn / "turn.json").read_text())
        reruns = meta.get("reruns", 0)
        seen.add(reruns)
        status = killpoints.wtg([*config, "status", "g1"])
        assert status.returncode == 0, status.stderr
        shown = " ".join(status.stdout.split())
        if reruns:
            assert "RERUN: turn 1 was run again 1 time" in shown, (write, cut.before, shown)
        else:
            assert "RERUN" not in shown, (write, cut.before, shown)
        data = json.loads(killpoints.wtg([*config, "status", "g1", "--json"]).stdout)
        assert data["reruns"] == reruns
    assert seen == {0, 1}
