"""`wtg hold` killed (SIGKILL) after the game was held and before each of its players' notices
was queued, then `wtg release` given instead of the hold again (the GM changed his mind, or
did not read `wtg status`'s NOTICES OWED): the release told every player the game goes on,
those who never heard of the hold too (a 'the game goes on' out of the blue, of a hold of a
reason they were never given). A player is told of the release when his notice of the hold
was queued; the GM is told how many were not, and that they are not told of the release.
"""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests import killpoints
from tests.conftest import players
from tests.test_kill_gm_commands import queued
from wtg.game.engine import create_game
from wtg.game.schedule import make_schedule

ANN, BOB, CID = (p.email for p in players(3))


def test_a_release_after_a_hold_cut_short_tells_those_told_of_the_hold(tmp_path: Path) -> None:
    template = tmp_path / "template"
    now = datetime.now(timezone.utc)
    due = (now + timedelta(hours=10)).replace(second=0, microsecond=0)
    schedule = make_schedule(2, f"{due:%H:%M}", "UTC", first=f"{due:%Y-%m-%d}")
    create_game(template / "g1", "wok4", "small", players(3), 7, schedule=schedule, now=now)
    games = tmp_path / "games"
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n", encoding="utf-8")
    restore = killpoints.restorer(template, games)
    hold = ["--config", str(config), "hold", "g1"]
    log = tmp_path / "writes.log"
    killpoints.whole(hold, games, restore, log=log)
    writes = killpoints.written(log)
    notice = [n for n, w in enumerate(writes, 1) if w.startswith("open") and "/queue/.hold-" in w]
    assert len(notice) == 3, writes  # one a player, in the order of their seats

    seen: dict[int, str] = {}
    for told, at in enumerate(notice):
        for _ in killpoints.cuts(hold, games, [at], restore):
            assert len(queued(games, "hold-")) == told
            released = killpoints.wtg(["--config", str(config), "release", "g1"])
            assert released.returncode == 0, released.stderr
            assert queued(games, "release-") == dict.fromkeys((ANN, BOB, CID)[:told], 1)
            seen[told] = released.stdout
    assert "3 of its 3 players were never told of the hold" in seen[0], seen[0]
    assert "0 notices queued" in seen[0]
    assert "2 of its 3 players were never told of the hold" in seen[1], seen[1]
    assert "1 notice queued" in seen[1]

    restore()  # a hold told whole: every player told of its release, as before
    assert killpoints.wtg(hold).returncode == 0
    released = killpoints.wtg(["--config", str(config), "release", "g1"])
    assert queued(games, "release-") == {ANN: 1, BOB: 1, CID: 1}
    assert "never told" not in released.stdout
    shutil.rmtree(games)
