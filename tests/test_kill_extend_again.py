"""Killing `wtg extend GAME HOURS --again` (SIGKILL) between two of its writes, then giving
it again as a GM would: a deadline moved once already, its notices waiting in the queue,
is moved once more for the run that counted and not twice; each player is told of each
move once (tests/test_kill_extend.py does the first move)."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

from tests import killpoints
from tests.test_kill_extend import (
    EVERY_PLAYER,
    HOURS,
    meta,
    moves,
    notices,
    template,
    told_of,
)
from wtg.game.schedule import parse_iso

KILLS = 12


def test_killing_extend_again_then_giving_it_again_moves_the_deadline_once_more(
    tmp_path: Path,
) -> None:
    made, before = template(tmp_path / "made" / "games" / "g1")
    config = tmp_path / "wtg.yaml"
    games = tmp_path / "games"
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n")
    shutil.copytree(made, games / "g1")
    first = ["--config", str(config), "extend", "g1", str(HOURS)]
    killpoints.wtg(first, check=True)
    original = tmp_path / "template"
    shutil.copytree(games, original)  # the first move made and told, its notices queued
    (moved,) = moves(games)
    args = [*first, "--again"]
    fresh = killpoints.restorer(original, games)
    whole = killpoints.whole(args, games, fresh)
    outcomes: dict[str, int] = {}
    for at, _cut in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        history = moves(games)
        assert history[0] == moved, at
        if len(history) == 1:
            as_killed = "not moved again"
        elif history[-1]["told"]:
            as_killed = "moved again and told"
        else:
            as_killed = "moved again, not all told"
        outcomes[as_killed] = outcomes.get(as_killed, 0) + 1
        out = killpoints.wtg(args, check=True).stdout
        history = moves(games)
        # a run whose move was told whole had done all; the GM, its line lost, moved it again
        assert len(history) == (3 if as_killed == "moved again and told" else 2), (at, out)
        assert [m["told"] for m in history] == [True] * len(history), at
        assert [m["from"] for m in history] == [before, *(m["to"] for m in history[:-1])], at
        deadline = meta(games)["next_deadline"]
        assert parse_iso(deadline) - parse_iso(before) == timedelta(hours=HOURS * len(history))
        assert notices(games) == {address: told_of(history) for address in EVERY_PLAYER}, at
        assert (" was extended already to " in out) == (as_killed == "moved again, not all told")
    print(f"\n{whole.writes} writes, killed before {KILLS} of them: {outcomes}")
    assert outcomes.get("not moved again") and outcomes.get("moved again, not all told")
