"""`wtg run-turn GAME --rerun --unchanged` (the last turn run again though nothing changed,
to mail every player the same report again) killed (SIGKILL) before any of its writes,
given again, then `wtg send`: each player is mailed the turn's report once more, once,
whether or not the killed run had counted; no report of the turn as it first ran goes
out again."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import GM, World
from tests.mail.test_kill_send_rerun import delivered
from tests.mail.test_outbox_retry import played

KILLS = 12
RERUN_REPORT = re.compile(r"report-g1-t0001-p0(\d)-r\d+")


@pytest.fixture(scope="module")
def world_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game g1's turns 0 and 1 were mailed."""
    root = tmp_path_factory.mktemp("world")
    world = World(root)
    config = root / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    for turn in (0, 1):
        if turn:
            played(world)
        sent = killpoints.wtg(["--config", str(config), "send", "-q"])
        assert sent.returncode == 0, sent.stderr
    assert "report-g1-t0001-p01" in delivered(root)
    return root


def test_a_rerun_unchanged_killed_and_given_again_mails_each_player_once(
    world_root: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    games = root / "games"
    config = ["--config", str(root / "wtg.yaml")]
    args = [*config, "run-turn", "g1", "--rerun", "--unchanged"]
    fresh = killpoints.restorer(world_root, root)
    whole = killpoints.whole(args, games, fresh)
    counted = set()
    for at, cut in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        turn = games / "g1" / "turns" / "0001" / "turn.json"
        # killed midway through the commit: the turn folder moved aside, the next lock's
        # recovery puts one of the two runs in place
        counted.add(json.loads(turn.read_text()).get("reruns", 0) if turn.exists() else None)
        before = delivered(root)
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, again.stderr)
        sent = killpoints.wtg([*config, "send", "-q"])
        assert sent.returncode == 0, (at, sent.stderr)
        went = [name for name in delivered(root) if name not in before]
        seats = Counter(int(m.group(1)) for n in went if (m := RERUN_REPORT.fullmatch(n)))
        assert seats == Counter({1: 1, 2: 1, 3: 1, 4: 1}), (at, cut.before, went)
        assert not [n for n in went if n.startswith("report-g1-t0001-p0") and "-r" not in n]
    assert {0, 1} <= counted, counted  # killed before the rerun counted, and after
